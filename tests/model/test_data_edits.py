"""The designer edits data/ by hand: whatever one edit breaks, every command answers cleanly.

Each case copies the bundled data/ into a project folder, applies one targeted edit to one file
(an entry deleted, a number out of range or inconsistent with another, a key removed, an id or
a roll listed twice, a value of the wrong type, a label broken), then runs `check`, `cards`,
`tables` and `rulebook` there. Every run must end with exit 0 or 1, never a traceback nor the
exit-70 internal error; a refusal must name the edited file and write nothing. Edits the
renderers would print as nonsense must be refused by `check` already; each case lists the
commands that must refuse it (those that read the edited file), the others must still print.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from kolaps_print import resources

COMMANDS = {
    "check": lambda out: ["check"],
    "cards": lambda out: ["cards", "bd/rulesets/kolaps/armies/section-kappa.yaml", "-o", out / "cards.pdf"],
    "tables": lambda out: ["tables", "-o", out / "reference.pdf"],
    "rulebook": lambda out: ["rulebook", "-o", out / "rulebook.pdf"],
}


ALL = tuple(COMMANDS)


@dataclass(frozen=True)
class Edit:
    id: str
    file: str  # relative to the data folder
    change: Callable[[Any], Any]  # changes the parsed YAML in place (what it returns is ignored)
    refused_by: tuple[str, ...] = ALL  # the commands that must refuse it (exit 1); the others print (exit 0)


def entry(key: str, field: str, value: Any) -> Callable[[Any], Any]:
    """Find the list entry of key whose field equals value (stable when the data grows)."""

    def find(data: Any) -> dict:
        return next(e for e in data[key] if e[field] == value)

    return find


def set_(path: tuple, value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value

    return change


def delete(path: tuple) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        node = data
        for part in path[:-1]:
            node = node[part]
        del node[path[-1]]

    return change


def apply(*changes: Callable[[Any], Any]) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for c in changes:
            c(data)

    return change


def on_entry(key: str, field: str, value: Any, change: Callable[[dict], None]) -> Callable[[Any], None]:
    return lambda data: change(entry(key, field, value)(data))


def drop_entry(key: str, field: str, value: Any) -> Callable[[Any], None]:
    return lambda data: data[key].remove(entry(key, field, value)(data))


def copy_field(key: str, field: str, source: Any, target: Any) -> Callable[[Any], None]:
    """Give the entry whose field is target the same field value as another entry's (a duplicate)."""

    def change(data: Any) -> None:
        entry(key, field, target)(data)[field] = entry(key, field, source)(data)[field]

    return change


def morale(change: Callable[[dict], None]) -> Callable[[Any], None]:
    return lambda data: change(data["morale"])


CARDS_LABELS = ("check", "cards")  # labels/fr/cards.yaml: only the cards read it
TABLES_LABELS = ("check", "tables", "rulebook")  # the rulebook prints the tables too
BOOK_LABELS = ("check", "rulebook")
CARD_LAYOUT = ("check", "cards")
SIZES = ALL  # the rulebook's pages are sizes.yaml's papers too
BOOK_LAYOUT = ("check", "rulebook")  # layouts/rulebook.yaml: only the rulebook reads it
REFERENCE_LAYOUT = (
    "check",
    "tables",
)  # layouts/reference.yaml: the sheet and reference cards (the book has its own greys)

EDITS = [
    # ---- dice.yaml: thresholds by rank, difficulties by level -------------------------------
    Edit("threshold-rank-missing", "rulesets/kolaps/rules/dice.yaml", drop_entry("thresholds", "rank", 4)),
    Edit("threshold-rank-twice", "rulesets/kolaps/rules/dice.yaml", set_(("thresholds", 1, "rank"), 0)),
    Edit("threshold-not-a-number", "rulesets/kolaps/rules/dice.yaml", set_(("thresholds", 0, "threshold"), "cinq")),
    Edit("difficulty-level-missing", "rulesets/kolaps/rules/dice.yaml", drop_entry("difficulties", "level", 3)),
    Edit("difficulties-reversed", "rulesets/kolaps/rules/dice.yaml", lambda d: d["difficulties"].reverse()),
    Edit(
        "natural-six-fails", "rulesets/kolaps/rules/dice.yaml", lambda d: d.update(always_failure=d["always_success"])
    ),
    Edit("automatic-overlaps-levels", "rulesets/kolaps/rules/dice.yaml", set_(("automatic_at_or_below",), 0)),
    Edit("impossible-below-top-level", "rulesets/kolaps/rules/dice.yaml", set_(("impossible_at_or_above",), 4)),
    Edit("roll-type-used-but-missing", "rulesets/kolaps/rules/dice.yaml", drop_entry("roll_types", "code", "C")),
    # ---- wounds.yaml -------------------------------------------------------------------------
    Edit(
        "capacity-not-boxes",
        "rulesets/kolaps/rules/wounds.yaml",
        on_entry("locations", "roll", 1, lambda e: e.update(capacity=4)),
    ),
    Edit("location-roll-twice", "rulesets/kolaps/rules/wounds.yaml", copy_field("locations", "roll", 1, 2)),
    Edit(
        "location-id-twice",
        "rulesets/kolaps/rules/wounds.yaml",
        lambda d: d["locations"][3].update(id=d["locations"][2]["id"]),
    ),
    Edit("locations-missing", "rulesets/kolaps/rules/wounds.yaml", delete(("locations",))),
    Edit("severity-missing", "rulesets/kolaps/rules/wounds.yaml", drop_entry("severities", "roll", 3)),
    Edit(
        "severity-loss-rank-twice",
        "rulesets/kolaps/rules/wounds.yaml",
        on_entry("severities", "roll", 5, lambda e: e["morale_loss"].append(dict(e["morale_loss"][0]))),
    ),
    Edit(
        "critical-unknown-location",
        "rulesets/kolaps/rules/wounds.yaml",
        on_entry("critical_injuries", "roll", 1, lambda e: e.update(location="bras-gauch")),
    ),
    Edit(
        "critical-unknown-specialisation",
        "rulesets/kolaps/rules/wounds.yaml",
        on_entry(
            "critical_injuries", "roll", 2, lambda e: e.update(extra_difficulty={"value": 2, "unless": "ambidextr"})
        ),
    ),
    Edit("critical-roll-missing", "rulesets/kolaps/rules/wounds.yaml", drop_entry("critical_injuries", "roll", 3)),
    Edit("cumulative-row-missing", "rulesets/kolaps/rules/wounds.yaml", drop_entry("cumulative", "wounds", 3)),
    Edit(
        "critical-failures-overlap",
        "rulesets/kolaps/rules/wounds.yaml",
        lambda d: d["critical_failures"][1].update(max=3),
    ),
    Edit("critical-failures-empty", "rulesets/kolaps/rules/wounds.yaml", set_(("critical_failures",), [])),
    Edit("cumulative-empty", "rulesets/kolaps/rules/wounds.yaml", set_(("cumulative",), [])),
    Edit(
        "extra-difficulty-without-test",
        "rulesets/kolaps/rules/wounds.yaml",
        on_entry("critical_injuries", "roll", 2, lambda e: e.update(test_difficulty=None)),
    ),
    # ---- combat.yaml -------------------------------------------------------------------------
    Edit(
        "no-band-beyond",
        "rulesets/kolaps/rules/combat.yaml",
        lambda d: d["range_bands"].remove(
            next(b for b in d["range_bands"] if b.get("max_factor") is None and b.get("below_cm") is None)
        ),
    ),
    Edit(
        "band-id-twice",
        "rulesets/kolaps/rules/combat.yaml",
        lambda d: d["range_bands"][1].update(id=d["range_bands"][0]["id"]),
    ),
    Edit(
        "severity-dice-unreadable",
        "rulesets/kolaps/rules/combat.yaml",
        lambda d: next(b for b in d["range_bands"] if b.get("severity_dice")).update(severity_dice="deux C6"),
    ),
    # ---- traits.yaml, actions.yaml -----------------------------------------------------------
    Edit(
        "trait-id-twice", "rulesets/kolaps/rules/traits.yaml", lambda d: d["traits"][1].update(id=d["traits"][0]["id"])
    ),
    Edit(
        "trait-name-unprintable",
        "rulesets/kolaps/rules/traits.yaml",
        lambda d: d["traits"][0].update(name=d["traits"][0]["name"] + " 🔥"),
    ),
    Edit(
        "trait-unit-without-value",
        "rulesets/kolaps/rules/traits.yaml",
        lambda d: next(t for t in d["traits"] if "param" not in t).update(unit="cm"),
    ),
    Edit(
        "trait-bands-empty",
        "rulesets/kolaps/rules/traits.yaml",
        on_entry("traits", "id", "fragmentation", lambda t: t.update(range_bands=[])),
    ),
    Edit(
        "trait-bands-all-beyond",
        "rulesets/kolaps/rules/traits.yaml",
        on_entry("traits", "id", "fragmentation", lambda t: [b.pop("max_factor", None) for b in t["range_bands"]]),
    ),
    Edit(
        "trait-bands-factor-text",
        "rulesets/kolaps/rules/traits.yaml",
        on_entry("traits", "id", "fragmentation", lambda t: t["range_bands"][1].update(max_factor="double")),
    ),
    Edit(
        "morale-test-missing",
        "rulesets/kolaps/rules/actions.yaml",
        morale(
            lambda m: next(lv for lv in m["levels"] if lv["level"] == m["offensive_minimum"]).pop("test_difficulty")
        ),
    ),
    Edit(
        "morale-level-missing",
        "rulesets/kolaps/rules/actions.yaml",
        morale(lambda m: m["levels"].remove(next(lv for lv in m["levels"] if lv["level"] == 2))),
    ),
    Edit("phase-missing", "rulesets/kolaps/rules/actions.yaml", drop_entry("phases", "number", 3)),
    Edit("walking-backwards", "rulesets/kolaps/rules/actions.yaml", set_(("walk_cm_per_mvt",), -2.5)),
    Edit(
        "action-id-twice",
        "rulesets/kolaps/rules/actions.yaml",
        lambda d: d["actions"][1].update(id=d["actions"][0]["id"]),
    ),
    Edit(
        "morale-levels-shuffled",
        "rulesets/kolaps/rules/actions.yaml",
        morale(lambda m: m["levels"].reverse()),
        refused_by=(),
    ),
    Edit("fatigue-track-longest", "rulesets/kolaps/rules/actions.yaml", set_(("fatigue", "max"), 12), refused_by=()),
    # A chapter quotes this action: the rulebook names the file that lost it, the rest print.
    Edit(
        "action-quoted-by-rulebook",
        "rulesets/kolaps/rules/actions.yaml",
        drop_entry("actions", "id", "courir"),
        refused_by=("rulebook",),
    ),
    # ---- catalogue -----------------------------------------------------------------------------
    Edit(
        "specialisation-twice",
        "rulesets/kolaps/affiliations.yaml",
        lambda d: d["affiliations"][0]["specialisations"].append(dict(d["affiliations"][0]["specialisations"][0])),
    ),
    Edit("weapon-range-negative", "rulesets/kolaps/weapons.yaml", lambda d: d["weapons"][0].update(range=-5)),
    # ---- labels --------------------------------------------------------------------------------
    Edit("label-missing", "labels/fr/cards.yaml", delete(("front", "threshold")), CARDS_LABELS),
    Edit("label-a-number", "labels/fr/common.yaml", set_(("number", "decimal"), 5)),  # every product prints numbers
    Edit("label-not-text", "labels/fr/tables.yaml", set_(("format", "percent"), ["{value} %"]), TABLES_LABELS),
    Edit(
        "label-unknown-placeholder",
        "labels/fr/cards.yaml",
        set_(("front", "moves"), "{marche} cm / {run} cm"),
        CARDS_LABELS,
    ),
    Edit("label-bad-braces", "labels/fr/tables.yaml", set_(("format", "range"), "{low–{high}"), TABLES_LABELS),
    Edit("label-columns-short", "labels/fr/tables.yaml", lambda d: d["seuils"]["columns"].pop(), TABLES_LABELS),
    Edit("label-month-missing", "labels/fr/common.yaml", lambda d: d["months"].pop()),  # every command reads common
    Edit("label-unprintable", "labels/fr/cards.yaml", set_(("front", "band_beyond"), "→"), CARDS_LABELS),
    Edit("labels-all-gone", "labels/fr/common.yaml", lambda d: d.clear() or d.update(x="y")),
    Edit("label-reworded", "labels/fr/tables.yaml", set_(("seuils", "title"), "Seuils"), refused_by=()),
    # ---- layouts -------------------------------------------------------------------------------
    Edit("card-row-negative", "layouts/card.yaml", set_(("back", "locations", "row"), -4), CARD_LAYOUT),
    Edit("card-size-zero", "layouts/card.yaml", set_(("front", "section", "size"), 0), CARD_LAYOUT),
    Edit("card-colour-unreadable", "layouts/card.yaml", set_(("colours", "ink"), "black"), CARD_LAYOUT),
    Edit("paper-missing", "layouts/sizes.yaml", delete(("papers", "a4")), SIZES),
    Edit("card-size-missing", "layouts/sizes.yaml", delete(("cards", "poker")), SIZES),
    Edit("card-size-beyond-paper", "layouts/sizes.yaml", set_(("cards", "mini"), {"width": 300, "height": 400}), SIZES),
    Edit("crop-marks-missing", "layouts/sheets.yaml", delete(("crop_marks",)), ("check", "cards")),
    Edit("fold-dash-negative", "layouts/sheets.yaml", set_(("fold_line", "dash"), [-1, 0]), ("check", "cards")),
    Edit("reference-no-columns", "layouts/reference.yaml", set_(("sheet", "columns"), 0), REFERENCE_LAYOUT),
    Edit("reference-floor-above-top", "layouts/reference.yaml", set_(("type", "min_pt"), 12), REFERENCE_LAYOUT),
    Edit(
        "reference-colour-unreadable",
        "layouts/reference.yaml",
        set_(("colours", "sections", "test"), "bleu"),
        REFERENCE_LAYOUT,
    ),
    Edit(
        "reference-marks-darker-than-notes",
        "layouts/reference.yaml",
        set_(("colours", "marks"), "#000000"),
        REFERENCE_LAYOUT,
    ),
    Edit(
        "reference-section-colour-not-in-the-house-palette",
        "layouts/reference.yaml",
        set_(("colours", "sections", "test"), "#123456"),
        REFERENCE_LAYOUT,
    ),
    Edit(
        "reference-size-not-in-the-type-scale",
        "layouts/reference.yaml",
        set_(("cards", "body_pt"), "huge"),
        REFERENCE_LAYOUT,
    ),
    Edit("card-colour-not-in-the-house-palette", "layouts/card.yaml", set_(("colours", "ink"), "#1c1c1a"), CARD_LAYOUT),
    Edit("house-ink-over-100-percent", "layouts/style.yaml", set_(("palette", "ink"), [0, 0, 0, 140])),
    Edit("house-palette-missing", "layouts/style.yaml", lambda doc: doc.pop("palette")),
    Edit(
        "reference-section-colour-changed",
        "layouts/reference.yaml",
        set_(("colours", "sections", "test"), "rust"),
        refused_by=(),
    ),
    Edit("calibration-ticks-too-fine", "layouts/calibrate.yaml", set_(("tick_step",), 0.0001), ("check",)),
    Edit("calibration-target-off-sheet", "layouts/calibrate.yaml", set_(("targets", 0), [1.5, 0.5]), ("check",)),
    Edit("book-colour-unreadable", "layouts/rulebook.yaml", set_(("colours", "accent"), "red"), BOOK_LAYOUT),
    Edit("book-text-wider-than-paper", "layouts/rulebook.yaml", set_(("text_width",), 212), BOOK_LAYOUT),
    Edit(
        "book-margins-fill-the-page",
        "layouts/rulebook.yaml",
        apply(set_(("top",), 150), set_(("bottom",), 150)),
        BOOK_LAYOUT,
    ),
    # Fits the default A4, not letter: `check` tries every paper, the A4 book still prints.
    Edit(
        "book-frame-taller-than-letter",
        "layouts/rulebook.yaml",
        apply(set_(("top",), 70), set_(("bottom",), 70)),
        ("check",),
    ),
]


def _rewrite(path: Path, change: Callable[[Any], Any]) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


DATA = "bd"  # not "data": messages must name the folder in use, not the usual one


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project folder holding a copy of the bundled data/ named bd/, as the working folder."""
    shutil.copytree(resources.bundled("data"), tmp_path / DATA)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KOLAPS_DATA", str(tmp_path / DATA))
    return tmp_path


@pytest.mark.parametrize("edit", EDITS, ids=[e.id for e in EDITS])
def test_an_edit_to_the_data_never_crashes_a_command(cli, project, edit):
    _rewrite(project / DATA / edit.file, edit.change)
    shown = f"{DATA}/{edit.file}"
    for name, args in COMMANDS.items():
        out = project / "out" / name
        out.mkdir(parents=True)
        result = cli(args(out))
        text = result.stdout + result.stderr
        assert result.exit_code in (0, 1), f"{name}: exit {result.exit_code}\n{text}"
        assert "Traceback" not in text and "internal error" not in text, f"{name}:\n{text}"
        if result.exit_code == 1:
            assert shown in result.stderr, f"{name}: the message does not name {shown}:\n{text}"
            assert not any(out.iterdir()), f"{name}: refused, yet wrote {sorted(out.iterdir())}"
        assert result.exit_code == (1 if name in edit.refused_by else 0), f"{name}:\n{text}"
