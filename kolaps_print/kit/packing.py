"""The packing list: what to print (how many, on what paper, duplex or not) and what to bring.

One content model, two renderings: Markdown (packing-list.md) and a PDF page (the first
page of kit-papier.pdf). Every count comes from the kit file, the armies and the rules data.
"""

from __future__ import annotations

from dataclasses import dataclass

from kolaps_print.kit.cards import army_name
from kolaps_print.kit.kitfile import Kit
from kolaps_print.kit.parts import KitPart, Stock
from kolaps_print.labels import label, labels, overriding_labels
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.model.scenario import Scenario
from kolaps_print.provenance import marked


@dataclass(frozen=True)
class PrintRow:
    document: str
    file: str
    pages: int
    copies: str
    paper: str
    sides: str


@dataclass(frozen=True)
class PackingList:
    title: str
    summary: str
    print_checks: list[str]  # before the table: print at full size, the calibration sheet first
    print_intro: str
    runs: list[str]  # one line per print run: its file, sheets, stock and documents
    rows: list[PrintRow]
    bring: list[str]
    per_table: list[str]
    on_table_heading: str = ""  # the scenario's heading, with its mark; "" when the data has no scenario
    on_table: tuple[str, ...] = ()  # the table's size and its terrain pieces


DICE_RULING = "E60"  # data/rulesets/kolaps/errata.yaml: the two wound dice, of different colours


def _print_checks(parts: list[KitPart]) -> list[str]:
    """Before printing anything: full size; and the calibration sheet first, if the kit has one."""
    checks = [label("kit.packing.full_size")]
    calibration = next((p for p in parts if p.kind == "calibration"), None)
    if calibration is not None:
        checks.append(label("kit.packing.calibrate_first", file=calibration.filename))
    return checks


def dice_per_player(kit: Kit) -> int:
    """Enough d6 for the hardest roll the rules allow (KOLAPS)."""
    book = kit.books[0]
    assert isinstance(book, ArmyBook)  # a ruleset's kit says its dice in its labels (_dice)
    return max(d.dice.count for d in book.rules.dice.difficulties)


def _copies_text(part: KitPart, tables: int) -> str:
    total = part.copies(tables)
    if part.alternative:
        return label("kit.packing.copies_instead", total=total)
    if tables == 1:
        return str(total)
    return label("kit.packing.copies_per", total=total, each=part.per_table, tables=tables)


def _paper_text(part: KitPart, paper: str) -> str:
    name = part.paper or label(f"kit.packing.papers.paper_names.{paper}")
    return paper_label(part.stock, name)


def paper_label(stock: Stock, paper: str) -> str:
    """« A4, papier cartonné 200 à 250 g/m² »: the paper and its weight (kit.packing.stock_weights)."""
    return label("kit.packing.papers.stock", paper=paper, stock=label(f"kit.packing.stock_weights.{stock}"))


def _sheets(count: int) -> str:
    return label("kit.packing.sheets.one") if count == 1 else label("kit.packing.sheets.many", count=count)


def _runs(kit: Kit, parts: list[KitPart], run_pages: dict[str, int]) -> list[str]:
    """Which file goes on which stock: its sheets (two pages each, duplex) and its documents."""
    lines = []
    for run, pages in run_pages.items():
        inside = [p for p in parts if p.run_file == run]
        stock = inside[0].stock if inside else "plain"
        documents = [label("kit.packing.documents.packing")] if stock == "plain" else []
        documents += [p.title for p in inside]
        lines.append(
            label(
                "kit.packing.run",
                file=run,
                sheets=_sheets((pages + 1) // 2),
                paper=paper_label(stock, label(f"kit.packing.papers.paper_names.{kit.spec.paper}")),
                pages=pages,
                documents=", ".join(documents),
            )
        )
    return lines


def _row(part: KitPart, kit: Kit) -> PrintRow:
    return PrintRow(
        part.title,
        part.filename,
        part.pages,
        _copies_text(part, kit.spec.tables),
        _paper_text(part, kit.spec.paper),
        label(f"kit.packing.sides.{part.print_setting}"),
    )


def _dice(kit: Kit) -> str:
    tables, players = kit.spec.tables, kit.spec.players
    if kit.ruleset is not None:  # its own dice, said in its own labels (data/rulesets/ID/labels.yaml)
        with overriding_labels(kit.ruleset.labels_file):
            return label("rulesets.kit.dice", players=players * tables)
    each = dice_per_player(kit)
    # two dice of different colours: gravity and location are rolled together (ruling E60)
    return marked(label("kit.packing.dice", total=each * players * tables, each=each), DICE_RULING)


def _bring(kit: Kit, parts: list[KitPart]) -> list[str]:
    tables = kit.spec.tables
    lines = [_dice(kit)]
    for book in kit.books:
        lines.append(
            label("kit.packing.miniatures", army=army_name(book), total=book.card_count * tables, each=book.card_count)
        )
    token_parts = [p for p in parts if p.kind == "tokens"]
    if token_parts:
        sheets = token_parts[0].pages  # a one-sided sheet per page
        lines.append(label("kit.packing.tokens", total=sheets * tables, each=sheets))
    else:
        lines.append(label("kit.packing.tokens_none"))
    return lines + list(labels("kit.packing.extras"))


def _on_table(scenario: Scenario | None) -> tuple[str, tuple[str, ...]]:
    """What to put on each table: the scenario's play area and terrain (our scenario: marked)."""
    if scenario is None:
        return "", ()
    heading = marked(label("kit.packing.scenario_heading", scenario=scenario.name), scenario.ruling)
    size = label("kit.packing.table_size", width=scenario.table.width_cm, depth=scenario.table.depth_cm)
    pieces = [label("kit.packing.terrain", count=t.count, name=t.name, size=t.size) for t in scenario.terrain]
    return heading, (size, *pieces)


def packing_list(kit: Kit, parts: list[KitPart], stamp: str, run_pages: dict[str, int]) -> PackingList:
    """run_pages: each print run's file and page count (kit-carton.pdf, kit-papier.pdf), stated
    in the instructions."""
    on_table_heading, on_table = _on_table(kit.scenario)
    return PackingList(
        title=f"{label('kit.packing.title')} — {kit.spec.name}",
        summary=label("kit.packing.summary", tables=kit.spec.tables, players=kit.spec.players, stamp=stamp),
        print_checks=_print_checks(parts),
        print_intro=label("kit.packing.print_intro"),
        runs=_runs(kit, parts, run_pages),
        rows=[_row(p, kit) for p in parts],
        bring=_bring(kit, parts),
        # a part on another paper is another form of a document above (the folded quick-start): not twice on the table
        per_table=[label("kit.packing.table_line", copies=p.per_table, document=p.title) for p in parts if p.in_run],
        on_table_heading=on_table_heading,
        on_table=on_table,
    )


def _cell(text: str | int) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|")


def to_markdown(pl: PackingList) -> str:
    cols = labels("kit.packing.columns")
    header = [cols[k] for k in ("document", "file", "pages", "copies", "paper", "sides")]
    lines = [
        f"# {pl.title}",
        "",
        pl.summary,
        "",
        f"## {label('kit.packing.print_heading')}",
        "",
        *[f"- [ ] {c}" for c in pl.print_checks],
        "",
        pl.print_intro,
        "",
        *[f"- [ ] {r}" for r in pl.runs],
        "",
        "| " + " | ".join(header) + " |",
        "| --- | --- | ---: | --- | --- | --- |",
    ]
    for r in pl.rows:
        lines.append(
            "| " + " | ".join(_cell(v) for v in (r.document, f"`{r.file}`", r.pages, r.copies, r.paper, r.sides)) + " |"
        )
    lines += ["", f"## {label('kit.packing.bring_heading')}", ""] + [f"- [ ] {b}" for b in pl.bring]
    lines += ["", f"## {label('kit.packing.table_heading')}", ""] + [f"- [ ] {t}" for t in pl.per_table]
    if pl.on_table:
        lines += ["", f"## {pl.on_table_heading}", ""] + [f"- [ ] {t}" for t in pl.on_table]
    return "\n".join(lines) + "\n"
