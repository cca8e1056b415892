"""A ruleset's quick-reference sheet as content: its sections of tables, each table's header and
rows as printed text, the chance tables filled exactly by the mechanic's engine. Shared by the
sheet's layout and, later, the rulebook (issue 13)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kolaps_print.content.formats import percent, span
from kolaps_print.content.ruleset_table import RulesetTable
from kolaps_print.labels import label
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.model.ruleset_mechanics import D12Ladder, Percentile, ThreeD6
from kolaps_print.model.ruleset_tables import (
    BandsTable,
    CatalogueTable,
    DvChances,
    LadderChances,
    OpposedChances,
    PercentileChances,
    RowsTable,
    Table,
)
from kolaps_print.numbers import number, signed
from kolaps_print.provenance import marked

if TYPE_CHECKING:  # imported by book_tables: KOLAPS's tables bring its game data's models, which cards need not
    from kolaps_print.content import tables

FOLD = 3  # a two-column chance list (value, chance) is printed as this many pairs side by side


@dataclass(frozen=True)
class SectionContent:
    """A section of the reference sheet: its title, tables and text."""

    title: str
    tables: list[RulesetTable]
    band: str = ""  # a shorter name for a reference card's band, where the title does not fit
    text: str | None = None  # a paragraph under the tables (the sheet's worked example; no card prints it)


def _c(key: str, **values: object) -> str:
    return label(f"rulesets.columns.{key}", **values)


def _cell(value: Any) -> str:
    if value is None or value is False:
        return label("rulesets.values.none")
    if value is True:
        return label("rulesets.values.yes")
    return number(value) if isinstance(value, int) else str(value)


def _title(ruleset: Ruleset, table: Table) -> str:
    erratum = ruleset.erratum(table.ruling) if table.ruling else None
    return marked(table.title, table.ruling if erratum is not None and erratum.mark else None)


def _folded(first: str, pairs: list[tuple[str, str]], fold: int = FOLD) -> tuple[list[str], list[list[str]]]:
    """(value, chance) pairs laid fold pairs to a row, down the columns, so a long list stays short."""
    height = -(-len(pairs) // fold)
    columns = [pairs[i : i + height] for i in range(0, len(pairs), height)]
    rows = [[cell for column in columns if r < len(column) for cell in column[r]] for r in range(height)]
    width = 2 * len(columns)
    return [first, _c("chance")] * len(columns), [row + [""] * (width - len(row)) for row in rows]


def _percentile_tables(ruleset: Ruleset, table: PercentileChances) -> list[RulesetTable]:
    from kolaps_print.engines import percentile  # the chance tables' engines: not for a deck's cards

    mechanic = ruleset.spec.mechanic
    assert isinstance(mechanic, Percentile)  # ruleset_check: the mechanic fills its tables

    def grid(point_blank: bool) -> list[list[str]]:
        return [
            [number(skill)]
            + [
                percent(
                    percentile.chance(
                        percentile.effective_score(skill, m, point_blank, mechanic.point_blank_factor),
                        mechanic.always_success,
                        mechanic.always_failure,
                    )
                )
                for m in table.modifiers
            ]
            for skill in table.skills
        ]

    header = [_c("score")] + [signed(m) for m in table.modifiers]
    title = _title(ruleset, table)
    out = [RulesetTable(title, header, grid(False), None if table.point_blank else table.note)]
    if table.point_blank:
        out.append(RulesetTable(_c("point_blank", title=table.title), header, grid(True), table.note))
    return out


def refolded(table: RulesetTable, fold: int) -> RulesetTable:
    """A folded table laid again fold pairs to a row (a mini card holds two pairs of « Écart »
    and « Chance » whole, not three), its pairs read down the columns as they were laid."""
    header, rows = _folded(table.header[0], folded_pairs(table), fold)
    return replace(table, header=header, rows=rows)


def folded_pairs(table: RulesetTable) -> list[tuple[str, str]]:
    """A folded table's (value, chance) pairs in reading order."""
    return [(row[c], row[c + 1]) for c in range(0, len(table.header), 2) for row in table.rows if row[c]]


def run_parts(table: RulesetTable, count: int, continued: str, sizes: list[int] | None = None) -> list[RulesetTable]:
    """A folded table cut into count runs of its pairs in reading order (0–12, then 13–24: never
    a row of 0–7 beside 13–20), each folded again as the table was, as evenly as they go, the
    first the longest (or of these sizes, in pairs: the cards fill a face before the next); the
    title on the first run, continued on the others, the key and the note under the last."""
    fold = len(table.header) // 2
    pairs = folded_pairs(table)
    if sizes is None:
        sizes = [len(pairs) // count + (i < len(pairs) % count) for i in range(count)]
    runs = [pairs[sum(sizes[:i]) : sum(sizes[: i + 1])] for i in range(count) if sizes[i]]

    def part(i: int, run: list[tuple[str, str]]) -> RulesetTable:
        last = i == len(runs) - 1
        header, rows = _folded(table.header[0], run, min(fold, len(run)))
        return replace(
            table,
            title=table.title if i == 0 else continued,
            header=header,
            rows=rows,
            note=table.note if last else None,
            key=table.key if last else None,
        )

    return [part(i, run) for i, run in enumerate(runs)]


def column_parts(table: RulesetTable, count: int, continued: str) -> list[RulesetTable]:
    """A table cut between its columns into count parts (a mini card holds four of the d12
    ladder's seven columns whole, not seven), each with the first column again (what names a
    row: the bonus), the other columns shared out in order, as evenly as they go; the title on
    the first part, continued on the others, the key and the note under the last."""
    values = list(range(1, len(table.header)))
    sizes = [len(values) // count + (i < len(values) % count) for i in range(count)]
    starts = [sum(sizes[:i]) for i in range(count)]
    groups = [[0, *values[start : start + size]] for start, size in zip(starts, sizes, strict=True) if size]

    def part(i: int, columns: list[int]) -> RulesetTable:
        last = i == len(groups) - 1
        return RulesetTable(
            table.title if i == 0 else continued,
            [table.header[c] for c in columns],
            [[row[c] for c in columns] for row in table.rows],
            table.note if last else None,
            columns.index(table.strong) if table.strong in columns else None,
            table.key if last else None,
        )

    return [part(i, columns) for i, columns in enumerate(groups)]


def _opposed(ruleset: Ruleset) -> Callable[[int], Fraction]:
    from kolaps_print.engines import d12, three_d6

    mechanic = ruleset.spec.mechanic
    if isinstance(mechanic, ThreeD6):
        return lambda margin: three_d6.opposed_chance(margin, mechanic.extra_dice)
    return d12.hit_chance


def _chance_table(ruleset: Ruleset, table: DvChances | OpposedChances) -> RulesetTable:
    if isinstance(table, DvChances):
        from kolaps_print.engines import three_d6

        mechanic = ruleset.spec.mechanic
        assert isinstance(mechanic, ThreeD6)
        pairs = [(number(n), percent(three_d6.chance_at_least(n, mechanic.extra_dice))) for n in table.targets.values()]
        header, rows = _folded(_c("target"), pairs)
    else:
        chance = _opposed(ruleset)
        header, rows = _folded(_c("margin"), [(signed(m), percent(chance(m))) for m in table.margins.values()])
    return RulesetTable(_title(ruleset, table), header, rows, table.note, folded=True)


def _ladder(ruleset: Ruleset, table: LadderChances) -> RulesetTable:
    from kolaps_print.engines import d12

    mechanic = ruleset.spec.mechanic
    assert isinstance(mechanic, D12Ladder)
    # Each column headed by its rung's threshold, « ≥ 8 » (a bare 8 did not say it is the total to reach),
    # the rungs' names in a key under it: seven columns of names (« Suicidaire », « Jeu d’enfant ») would
    # set the table at 6 pt on a poker card.
    header = [_c("bonus")] + [_c("threshold", threshold=number(r.threshold)) for r in mechanic.ladder]
    rows = [
        [signed(b)] + [percent(d12.ladder_chance(b, r.threshold)) for r in mechanic.ladder]
        for b in table.bonuses.values()
    ]
    rungs = _c("rung_separator").join(
        _c("rung", name=_lower_first(r.name), threshold=r.threshold) for r in mechanic.ladder
    )
    return RulesetTable(_title(ruleset, table), header, rows, table.note, key=_c("rungs", rungs=rungs))


def _lower_first(name: str) -> str:
    """« Très difficile » as it reads after a colon mid-sentence: « très difficile »."""
    return name[:1].lower() + name[1:]


def catalogue_columns(ruleset: Ruleset, catalogue: str, columns: list[str]) -> list[str]:
    """The printed heading of each column: its field's label."""
    decls = {f.id: f for c in ruleset.spec.catalogues if c.id == catalogue for f in c.fields}
    return [decls[column].label for column in columns]


def entry_cells(ruleset: Ruleset, catalogue: str, entry: Any, columns: list[str]) -> list[str]:
    """An entry's name, then its values as printed (a reference: the entry it names)."""
    decls = {f.id: f for c in ruleset.spec.catalogues if c.id == catalogue for f in c.fields}
    cells = [entry.name]
    for column in columns:
        value = getattr(entry, column)
        target = getattr(decls[column], "catalogue", None)
        cells.append(_cell(ruleset.catalogues[target][value].name if target and value else value))
    return cells


def _catalogue(ruleset: Ruleset, table: CatalogueTable) -> RulesetTable:
    header = [_c("name")] + catalogue_columns(ruleset, table.catalogue, table.columns)
    entries = ruleset.catalogues[table.catalogue].values()
    rows = [entry_cells(ruleset, table.catalogue, entry, table.columns) for entry in entries]
    return RulesetTable(_title(ruleset, table), header, rows, table.note)


def table_contents(ruleset: Ruleset, table: Table) -> list[RulesetTable]:
    """A table as printed (a percentile table with point blank prints as two)."""
    if isinstance(table, PercentileChances):
        return _percentile_tables(ruleset, table)
    if isinstance(table, (DvChances, OpposedChances)):
        return [_chance_table(ruleset, table)]
    if isinstance(table, LadderChances):
        return [_ladder(ruleset, table)]
    if isinstance(table, CatalogueTable):
        return [_catalogue(ruleset, table)]
    if isinstance(table, BandsTable):
        rows = [[span(b.low, b.high), number(b.value)] for b in table.bands]
        return [RulesetTable(_title(ruleset, table), [_c("range"), table.value_label], rows, table.note)]
    assert isinstance(table, RowsTable)  # the closed set ends here
    rows = [[_cell(c) for c in row] for row in table.rows]
    return [RulesetTable(_title(ruleset, table), list(table.columns), rows, table.note)]


def sheet_content(ruleset: Ruleset) -> list[SectionContent]:
    return [
        SectionContent(
            section.title,
            [t for id_ in section.tables for t in table_contents(ruleset, ruleset.tables[id_])],
            section.band or "",
        )
        for section in ruleset.spec.sheet.sections
    ]


def worked_example(ruleset: Ruleset) -> str | None:
    """The mechanic's worked roll as printed, in the book and on the sheet alike: its numbers from
    ruleset.yaml once, its sums and its rung's threshold worked out here."""
    mechanic = ruleset.spec.mechanic
    if not isinstance(mechanic, D12Ladder) or mechanic.example is None:
        return None
    example = mechanic.example
    threshold = next(r.threshold for r in mechanic.ladder if r.name == example.rung)
    bonus = example.skill + example.characteristic
    return example.text.format(
        skill=number(example.skill),
        characteristic=number(example.characteristic),
        rung=_lower_first(example.rung),
        threshold=number(threshold),
        roll=number(example.roll),
        bonus=number(bonus),
        total=number(example.roll + bonus),
    )


def example_sections(ruleset: Ruleset) -> list[SectionContent]:
    """What the sheet prints after its tables' sections (sheet_content; the cards print those
    only): the worked example under its own bar when the sheet asks for it (a player's first
    roll, at the table), or nothing."""
    title, text = ruleset.spec.sheet.example, worked_example(ruleset)
    return [SectionContent(title, [], text=text)] if title and text else []


def book_table_names(ruleset: Ruleset, table_id: str) -> list[str]:
    """The names a ruleset's table goes by in the book: its id, then id-2... when it prints as
    several (a percentile table and its point-blank twin)."""
    count = len(table_contents(ruleset, ruleset.tables[table_id]))
    return [table_id] + [f"{table_id}-{n}" for n in range(2, count + 1)]


def book_tables(ruleset: Ruleset, table_ids: list[str]) -> dict[str, tables.TableContent]:
    """The ruleset's tables as the rulebook sets them (content.tables.TableContent), by book name:
    the first column left, the others centred (numbers and chances read down a column)."""
    from kolaps_print.content import tables

    out: dict[str, tables.TableContent] = {}
    for table_id in table_ids:
        contents = table_contents(ruleset, ruleset.tables[table_id])
        for name, content in zip(book_table_names(ruleset, table_id), contents, strict=True):
            align = "l" + ("c" if _numeric(content) else "l") * (len(content.header) - 1)
            out[name] = tables.TableContent(
                name,
                content.title,
                content.header,
                content.rows,
                " ".join(t for t in (content.key, content.note) if t) or None,
                tuple(align),  # type: ignore[arg-type]
            )
    return out


NUMBER = re.compile(r"[−+-]?\d+(?:[,.]\d+)?(?:\s?%)?|[—–-]")  # 12, −2, +1, 8,3 %, 100 % or a dash


def value_columns(content: RulesetTable) -> list[bool]:
    """Which columns past the first hold only numbers and chances, or nothing (centred, as on the KOLAPS
    sheet: they read down the column)."""
    return [
        i > 0 and all(NUMBER.fullmatch(row[i].strip()) is not None or not row[i].strip() for row in content.rows)
        for i in range(len(content.header))
    ]


def _numeric(content: RulesetTable) -> bool:
    """A table of numbers and chances (every cell past the first short): centred columns."""
    return all(len(cell) <= 8 for row in content.rows for cell in row[1:])
