"""The kit file: which armies, how many tables and players, which rulebook, tokens or not.

Validated like an army file (strict keys, located messages); every army it names is loaded
and checked, and all problems from the kit file and every army are reported in one run.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, field_validator

from kolaps_print.diagnostics import Diagnostic, KolapsError, Report, shown
from kolaps_print.fonts.printable import unprintable_message
from kolaps_print.jobs.card_options import CardOptions
from kolaps_print.layout.choices import FLIPS, LAYOUTS, Flip, Layout, one_of
from kolaps_print.layout.sheets import card_size, paper_name
from kolaps_print.load import SourceDocument, load_yaml
from kolaps_print.load.input_file import moved_hint
from kolaps_print.model.army_book import ArmyBook, load_army
from kolaps_print.model.choices import KOLAPS, Edition
from kolaps_print.model.common import FilePath, Id, Model, Name
from kolaps_print.model.gamedata import GameData, builtin_game_data, validate_model
from kolaps_print.model.ruleset_choice import read_army_ruleset
from kolaps_print.model.scenario import Scenario

if TYPE_CHECKING:  # the other rulesets' models are imported for their kits only (start-up time)
    from kolaps_print.model.ruleset_army import RulesetArmy
    from kolaps_print.model.ruleset_load import Ruleset

RulebookChoice = Literal["full", "quickstart", "none"]
MAX_TABLES = 50


class KitCards(Model):
    """How the character cards print: the `kolaps-print cards` options --card, --layout, --flip."""

    size: str = Field(default="poker", description="poker, tarot, mini or WxH in mm (as kolaps-print cards --card)")
    layout: Layout = Field(
        default="duplex", description="duplex (two-sided printer) or fold (front and back side by side)"
    )
    flip: Flip = Field(
        default="long", description="duplex only: the edge the printer turns the sheet on, long or short"
    )

    @field_validator("size")
    @classmethod
    def _card_size(cls, value: str) -> str:
        card_size(value)  # the cards command's own parser and message
        return value

    # The choices' own check and message, as on the command line (not pydantic's "Input should be").
    @field_validator("layout", mode="before")
    @classmethod
    def _layout(cls, value: Any) -> Any:
        return one_of(value, LAYOUTS) if isinstance(value, str) else value

    @field_validator("flip", mode="before")
    @classmethod
    def _flip(cls, value: Any) -> Any:
        return one_of(value, FLIPS) if isinstance(value, str) else value

    def options(self, paper: str, **extra: Any) -> CardOptions:
        return CardOptions(card=self.size, paper=paper, layout=self.layout, flip=self.flip, **extra)


class KitFile(Model):
    name: Name = Field(description="Printed in the stamp and on the packing list")
    armies: list[FilePath] = Field(min_length=1, max_length=8, description="Army files, relative to the kit file")
    tables: int = Field(default=1, ge=1, le=MAX_TABLES, description="Demo tables: everything once per table")
    players: int = Field(default=2, ge=1, le=8, description="Players per table: one reference sheet each")
    rulebook: RulebookChoice = Field(default="quickstart", description="full, quickstart or none")
    tokens: bool = Field(default=True, description="A tokens sheet per table")
    paper: str = Field(default="a4", description="A paper of data/layouts/sizes.yaml: a4 or letter")
    cards: KitCards = Field(default_factory=KitCards, description="Card size, duplex or fold, flip edge")
    date: dt.date | None = Field(default=None, description="Stamped on every page (default: today)")
    scenario: Id | None = Field(
        default=None,
        description="A scenario of data/rulesets/kolaps/scenarios (default: the first), "
        "printed in the quick-start and the packing list",
    )

    @field_validator("paper")
    @classmethod
    def _paper(cls, value: str) -> str:
        return paper_name(value)  # every command's --paper check and message

    @field_validator("date", mode="before")
    @classmethod
    def _iso_date(cls, value: Any) -> Any:
        # YAML reads 2027-03-14 as a date; anything else gets one clear message.
        if value is None or isinstance(value, dt.date) and not isinstance(value, dt.datetime):
            return value
        if isinstance(value, str):
            try:
                return dt.date.fromisoformat(value.strip())
            except ValueError:
                pass
        raise ValueError(f"expected a date written as 2027-03-14, got {value!r}")


@dataclass
class Kit:
    """A validated kit: the file's choices and every army, loaded."""

    file: Path
    spec: KitFile
    books: list[ArmyBook | RulesetArmy]  # KOLAPS's armies, or every one of one other ruleset
    army_paths: list[Path]
    scenario: Scenario | None = None  # the kit file's, or the default one; None when the data has none
    ruleset: Ruleset | None = None  # the other game system its armies are written for; None: KOLAPS
    file_warnings: list[Diagnostic] = field(default_factory=list)  # the kit file's own
    data: GameData | None = None  # KOLAPS's game data its armies were checked with, for its other documents

    @property
    def warnings(self) -> list[Diagnostic]:
        return [w for book in self.books for w in book.warnings] + self.file_warnings

    @property
    def stem(self) -> str:
        return self.file.stem

    @property
    def date(self) -> dt.date:
        return self.spec.date or dt.date.today()

    @property
    def edition(self) -> Edition:
        """The rules its sheet and cards print: a quick-start kit prints the demo's only."""
        return "quickstart" if self.spec.rulebook == "quickstart" else "full"


def _army_path(kit_file: Path, entry: str) -> Path:
    # Relative to the kit file; normalised so messages read armies/x.yaml, not kits/../armies/x.yaml.
    return Path(os.path.normpath(kit_file.parent / entry))


def _army_entries(doc: SourceDocument, spec: KitFile | None) -> list[tuple[int, str]]:
    """The army entries to load; from the raw data when the kit file itself is invalid,
    so one run shows the kit file's problems and the armies' problems together."""
    if spec is not None:
        return list(enumerate(spec.armies))
    raw = doc.data.get("armies") if isinstance(doc.data, dict) else None
    if not isinstance(raw, list):
        return []
    return [(i, e) for i, e in enumerate(raw) if isinstance(e, str) and e.strip()]


def _load_armies(
    doc: SourceDocument, kit_file: Path, entries: list[tuple[int, str]], data: GameData, report: Report
) -> tuple[list[ArmyBook | RulesetArmy], list[Path], str]:
    """The armies, and the ruleset they share (the first one's); an army of another ruleset is
    an error at its entry: a kit prints one game system's sheet and rules."""
    books: list[ArmyBook | RulesetArmy] = []
    paths: list[Path] = []
    first: str | None = None
    for i, entry in entries:
        path = _army_path(kit_file, entry)
        if not path.exists():  # a FIFO or device exists: load_army refuses it with its own message
            report.add(
                doc.diagnostic(
                    ("armies", i),
                    f"army file '{shown(entry)}' not found (looked for {shown(str(path), 4096)}){moved_hint(path)}",
                )
            )
            continue
        try:
            army_doc, ruleset_id = read_army_ruleset(path)
            if first is not None and ruleset_id != first:
                report.add(
                    doc.diagnostic(
                        ("armies", i),
                        f"army file '{shown(entry)}' is for the '{ruleset_id}' ruleset, the kit's first army for "
                        f"'{first}': a kit prints one game system (make one kit per ruleset)",
                    )
                )
                continue
            first = first or ruleset_id
            book = load_army(path, data) if ruleset_id == KOLAPS else _ruleset_army(army_doc, ruleset_id)
            books.append(book)
            paths.append(path)
        except KolapsError as exc:
            report.extend(exc.diagnostics)
    return books, paths, first or KOLAPS


def _ruleset_army(army_doc: SourceDocument, ruleset_id: str) -> RulesetArmy:
    from kolaps_print.model.ruleset_army import load_ruleset_army
    from kolaps_print.model.ruleset_load import find_ruleset

    return load_ruleset_army(army_doc, find_ruleset(ruleset_id))


def _check_for_ruleset(doc: SourceDocument, spec: KitFile, ruleset_id: str, report: Report) -> list[Diagnostic]:
    """What a kit of another ruleset cannot print: a scenario (an error: KOLAPS's demo tables),
    tokens asked for in so many words (a warning: the kit is made without them)."""
    given = doc.data if isinstance(doc.data, dict) else {}
    if spec.scenario is not None:
        report.add(
            doc.diagnostic(
                ("scenario",), f"scenarios are KOLAPS's demo tables: a '{ruleset_id}' kit has none (remove scenario:)"
            )
        )
    if given.get("tokens") is True:
        return [
            doc.diagnostic(
                ("tokens",),
                f"the tokens sheet is KOLAPS's: the '{ruleset_id}' kit is made without it (write tokens: false)",
                "warning",
            )
        ]
    return []


def _check_cards(doc: SourceDocument, spec: KitFile, report: Report) -> None:
    """Each value may be fine and the whole not print (a tarot card folded open on A4):
    the cards job's own check, located at the cards mapping."""
    try:
        spec.cards.options(spec.paper).check()
    except ValueError as exc:
        where = ("cards",) if isinstance(doc.data, dict) and "cards" in doc.data else ()
        report.add(doc.diagnostic(where, str(exc)))


def load_kit(path: Path | str, data: GameData | None = None) -> Kit:
    """Load the kit file and every army it names; KolapsError lists every problem found."""
    path = Path(path)
    doc = load_yaml(path, str(path))
    report = Report()
    spec = validate_model(KitFile, doc, doc.data, (), report)
    if spec is not None:
        _check_cards(doc, spec, report)
        unprintable = unprintable_message(spec.name)  # stamped on every page: a missing glyph would vanish
        if unprintable:
            report.add(doc.diagnostic(("name",), unprintable))
    data = data or builtin_game_data()
    books, paths, ruleset_id = _load_armies(doc, path, _army_entries(doc, spec), data, report)
    if ruleset_id != KOLAPS:
        warnings = _check_for_ruleset(doc, spec, ruleset_id, report) if spec is not None else []
        report.raise_if_errors()
        assert spec is not None
        from kolaps_print.model.ruleset_load import find_ruleset

        ruleset = find_ruleset(ruleset_id)
        return Kit(path, spec.model_copy(update={"tokens": False}), books, paths, None, ruleset, warnings)
    scenario = data.scenario(spec.scenario) if spec is not None else None
    if spec is not None and spec.scenario is not None and scenario is None:
        report.add(doc.diagnostic(("scenario",), data.unknown_scenario(spec.scenario)))
    report.raise_if_errors()
    assert spec is not None
    return Kit(path, spec, books, paths, scenario, data=data)
