"""What a ruleset's chapter template sees (templates/rulesets/<id>/): the ruleset's own data.

The same sandbox and Markdown as KOLAPS's book (templating.py); only the names differ:
`ruleset` (ruleset.yaml), `mechanic`, `entries("armes")` (a catalogue's entries),
`table("chances")` (a table of tables.yaml, filled exactly by the mechanic's engine),
`ruling("D100-E1")` (the mark of one of its errata), `errata` (errata.yaml), `odds` (exact
chances for sentences), `example` (the mechanic's worked roll, ruleset.yaml) and `fmt`, `label`, `book`, `edition`.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

from kolaps_print.content.formats import percent
from kolaps_print.content.ruleset_sheet import book_table_names, worked_example
from kolaps_print.diagnostics import did_you_mean, display_path
from kolaps_print.engines import d12, percentile, three_d6
from kolaps_print.labels import label
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.model.ruleset_mechanics import D12Ladder, Percentile, ThreeD6
from kolaps_print.rulebook.sources import BookSources
from kolaps_print.rulebook.templating import TemplateUsageError, formatters, lcfirst, ruling_call, table_fence
from kolaps_print.rulebook.usage import Usage


def _table_call(ruleset: Ruleset, usage: Usage):
    file = display_path(ruleset.folder / "tables.yaml")

    def table(id_: str, note: bool = True) -> str:
        if id_ not in ruleset.tables:
            raise TemplateUsageError(f"unknown table '{id_}'{did_you_mean(str(id_), ruleset.tables)}: {file} has none")
        if id_ not in usage.tables:
            usage.tables.append(id_)
        return "".join(table_fence(name, note) for name in book_table_names(ruleset, id_))

    return table


def _entries_call(ruleset: Ruleset):
    def entries(catalogue: str) -> list:
        if catalogue not in ruleset.catalogues:
            known = ruleset.catalogues
            raise TemplateUsageError(f"unknown catalogue '{catalogue}'{did_you_mean(str(catalogue), known)}")
        return list(ruleset.catalogues[catalogue].values())

    return entries


def _odds(ruleset: Ruleset) -> SimpleNamespace:
    """Exact chances for the prose, formatted like the tables' (« 50 % »): the mechanic's own engine."""
    mechanic = ruleset.spec.mechanic
    out: dict[str, object] = {"percent": lambda n, d=1: percent(Fraction(n, d))}
    if isinstance(mechanic, Percentile):
        out["score"] = lambda skill, modifier=0, point_blank=False: percent(
            percentile.chance(
                percentile.effective_score(skill, modifier, point_blank, mechanic.point_blank_factor),
                mechanic.always_success,
                mechanic.always_failure,
            )
        )
        burst = mechanic.burst
        if burst is not None:
            out["burst_score"] = lambda skill, bullets: percentile.burst_score(
                skill, bullets, burst.per_bullet, burst.cap_factor
            )
    elif isinstance(mechanic, ThreeD6):
        out["at_least"] = lambda target: percent(three_d6.chance_at_least(target, mechanic.extra_dice))
        out["opposed"] = lambda margin: percent(three_d6.opposed_chance(margin, mechanic.extra_dice))
    elif isinstance(mechanic, D12Ladder):
        out["ladder"] = lambda bonus, threshold: percent(d12.ladder_chance(bonus, threshold))
        out["hit"] = lambda margin: percent(d12.hit_chance(margin))
    return SimpleNamespace(**out)


def ruleset_context(ruleset: Ruleset, usage: Usage, edition: str, sources: BookSources) -> dict:
    return {
        "ruleset": ruleset.spec,
        "mechanic": ruleset.spec.mechanic,
        "entries": _entries_call(ruleset),
        "table": _table_call(ruleset, usage),
        "ruling": ruling_call([e.id for e in ruleset.errata], display_path(ruleset.folder / "errata.yaml")),
        "errata": ruleset.errata,
        "odds": _odds(ruleset),
        "example": worked_example(ruleset),  # the mechanic's worked roll, as the sheet prints it
        "fmt": formatters(),
        "label": label,
        "lcfirst": lcfirst,
        "edition": edition,
        "book": sources.spec,
    }
