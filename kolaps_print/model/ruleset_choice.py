"""Which ruleset an army file is written for: its `ruleset:` key, KOLAPS when there is none.

The bundled rulesets are the folders of data/rulesets/ holding a ruleset.yaml; a data folder
in the old layout (no rulesets/) knows KOLAPS only, and reads as before.
"""

from __future__ import annotations

from pathlib import Path

from kolaps_print import resources
from kolaps_print.diagnostics import Report, did_you_mean, shown
from kolaps_print.load import SourceDocument, load_yaml
from kolaps_print.model.choices import KOLAPS

RULESET_KEY = "ruleset"


def rulesets_dir(base: Path | None = None) -> Path:
    return (base or resources.data_dir()) / "rulesets"


def ruleset_ids(base: Path | None = None) -> list[str]:
    """kolaps, then the bundled rulesets by folder name."""
    folder = rulesets_dir(base)
    found = sorted(p.parent.name for p in folder.glob("*/ruleset.yaml")) if folder.is_dir() else []
    return [KOLAPS] + [f for f in found if f != KOLAPS]


def unknown_ruleset(value: str, known: list[str]) -> str:
    return f"unknown ruleset '{shown(value)}'{did_you_mean(value, known)}; rulesets: {', '.join(known)}"


def ruleset_of(doc: SourceDocument, report: Report) -> str | None:
    """The army file's ruleset id; None (and a located error) when it names none we have."""
    data = doc.data if isinstance(doc.data, dict) else {}
    value = data.get(RULESET_KEY, KOLAPS)
    known = ruleset_ids()
    if not isinstance(value, str):
        report.add(doc.diagnostic((RULESET_KEY,), f"expected a ruleset id such as d100, got {shown(value)}"))
        return None
    if value not in known:
        report.add(doc.diagnostic((RULESET_KEY,), unknown_ruleset(value, known)))
        return None
    return value


def not_kolaps(doc: SourceDocument, report: Report) -> bool:
    """True (with a located error) when KOLAPS's army loader (model.army_book.load_army, the KOLAPS
    card job) is given another ruleset's army: the commands pick the ruleset's loader first."""
    ruleset = ruleset_of(doc, report)
    if ruleset is None:
        return True
    if ruleset != KOLAPS:
        report.add(
            doc.diagnostic(
                (RULESET_KEY,),
                f"this army is for the '{ruleset}' ruleset: KOLAPS's army loader takes KOLAPS armies only "
                "(load it with model.ruleset_army.load_ruleset_army; every command takes every ruleset)",
            )
        )
        return True
    return False


def read_army_ruleset(path: Path) -> tuple[SourceDocument, str]:
    """The army file as read, and the ruleset it names (KolapsError, located, if it names none we have)."""
    doc = load_yaml(path, str(path))
    report = Report()
    ruleset = ruleset_of(doc, report)
    report.raise_if_errors()
    assert ruleset is not None
    return doc, ruleset
