"""An army file read into an ArmyBook (load_army), validated against the catalogue: structure
first, then cross-references.

Every character and inline entry is validated on its own, so one run reports every problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from kolaps_print.diagnostics import Diagnostic, KolapsError, Report, did_you_mean
from kolaps_print.load import SourceDocument, load_yaml
from kolaps_print.model.army import Army, Character
from kolaps_print.model.catalogue import Affiliation, Specialisation, Weapon
from kolaps_print.model.common import ID_PATTERN, FilePath, Id, Model, Name, no_items, share_fields_sets
from kolaps_print.model.gamedata import Catalogue, GameData, Origin, builtin_game_data, validate_model
from kolaps_print.model.portraits import find_portrait
from kolaps_print.model.rules import Rules
from kolaps_print.model.ruleset_choice import not_kolaps

# A cards PDF is built in memory: 20,000 cards (about 2,200 sheets, a minute's work) is far past
# any army and still well within memory. The number of characters itself is not limited.
MAX_CARDS = 20_000
ID_RE = re.compile(ID_PATTERN)


class _ArmyShell(Model):
    """The army's top level, with its lists left for item-by-item validation."""

    ruleset: Literal["kolaps"] = "kolaps"  # ruleset_choice.not_kolaps has turned the others away
    name: Name
    affiliation: Id
    characters: list[Any] = Field(min_length=1)
    weapons: list[Any] = Field(default_factory=no_items)
    affiliations: list[Any] = Field(default_factory=no_items)


@dataclass(frozen=True)
class Member:
    """A character with its weapons and specialisations looked up."""

    index: int
    character: Character
    weapons: list[Weapon]
    specialisations: list[Specialisation]
    portrait: Path | None


@dataclass
class ArmyBook:
    """A validated army, ready to print."""

    file: str
    army: Army
    affiliation: Affiliation
    members: list[Member]
    rules: Rules
    catalogue: Catalogue
    warnings: list[Diagnostic] = field(default_factory=list)
    doc: SourceDocument | None = None  # the army file as read: locate later warnings with doc.diagnostic(path, ...)

    @property
    def card_count(self) -> int:
        return sum(m.character.copies for m in self.members)

    def weapons_used(self) -> list[Weapon]:
        seen: dict[str, Weapon] = {}
        for m in self.members:
            for w in m.weapons:
                seen.setdefault(w.id, w)
        return list(seen.values())


def _items(
    model, doc: SourceDocument, items: list, key: str, report: Report, broken: set | None = None
) -> list[tuple[int, Any]]:
    """Validate each item on its own; the raw ids of invalid ones go to broken."""
    out = []
    for i, item in enumerate(items):
        valid = validate_model(model, doc, item, (key, i), report)
        if valid is not None:
            out.append((i, valid))
        elif broken is not None and isinstance(item, dict):
            broken.add(str(item.get("id")))
    return out


def _extend_catalogue(
    doc, shell: _ArmyShell, base: Catalogue, report: Report, broken: set
) -> tuple[Catalogue, list[Weapon], list[Affiliation]]:
    """The catalogue with the file's own entries, and those entries (the valid ones)."""
    catalogue = base.copy()
    weapons = _items(Weapon, doc, shell.weapons, "weapons", report, broken)
    for i, weapon in weapons:
        catalogue.add_weapon(weapon, Origin(doc, ("weapons", i)), report)
    affiliations = _items(Affiliation, doc, shell.affiliations, "affiliations", report, broken)
    for i, affiliation in affiliations:
        catalogue.add_affiliation(affiliation, Origin(doc, ("affiliations", i)), report)
    return catalogue, [w for _, w in weapons], [a for _, a in affiliations]


def _resolve_weapons(doc, i: int, c: Character, catalogue: Catalogue, report: Report, broken: set) -> list[Weapon]:
    found = []
    for j, wid in enumerate(c.weapons):
        weapon = catalogue.weapons.get(wid)
        if weapon is not None:
            found.append(weapon)
        elif wid not in broken:  # an invalid inline weapon already has its message
            report.add(
                doc.diagnostic(
                    ("characters", i, "weapons", j), f"unknown weapon '{wid}'{did_you_mean(wid, catalogue.weapons)}"
                )
            )
    return found


def _resolve_specialisations(
    doc, i, c: Character, affiliation: Affiliation | None, catalogue, report
) -> list[Specialisation]:
    found = []
    for j, sid in enumerate(c.specialisations):
        path = ("characters", i, "specialisations", j)
        spec = affiliation.specialisation(sid) if affiliation else None
        if spec is not None:
            found.append(spec)
            continue
        owners = catalogue.specialisation_owners(sid)
        if owners and affiliation:
            offered = ", ".join(s.id for s in affiliation.specialisations) or "none"
            report.add(
                doc.diagnostic(
                    path,
                    f"specialisation '{sid}' belongs to {', '.join(owners)}, not to '{affiliation.id}' (it offers: {offered})",
                )
            )
        elif not owners:
            choices = [s.id for s in affiliation.specialisations] if affiliation else catalogue.all_specialisations()
            report.add(doc.diagnostic(path, f"unknown specialisation '{sid}'{did_you_mean(sid, choices)}"))
    return found


def _salvage(raw: Any) -> Character | None:
    """The cross-checkable lists of an invalid character, so their typos show in the same run."""
    if not isinstance(raw, dict):
        return None
    lists = {k: raw.get(k) for k in ("weapons", "specialisations")}
    ids = {
        k: v for k, v in lists.items() if isinstance(v, list) and all(isinstance(x, str) and ID_RE.match(x) for x in v)
    }
    # A partial character on purpose (no rank, mvt or cib): only its lists are cross-checked.
    return Character.model_construct(  # type: ignore[call-arg]
        name=str(raw.get("name", "")),
        weapons=ids.get("weapons", []),
        specialisations=ids.get("specialisations", []),
        portrait=_valid_or_none(FilePath, raw.get("portrait")),
    )


@cache
def _adapter(kind: Any) -> TypeAdapter:
    return TypeAdapter(kind)  # building one costs ~0.2 ms: once, not once per invalid character


def _valid_or_none(kind: Any, value: Any) -> Any:
    try:
        return _adapter(kind).validate_python(value)
    except ValidationError:  # already reported where the character was validated
        return None


def _portrait(doc, i: int, written: str | None, folder: Path, report: Report) -> Path | None:
    """The portrait's file once it is safe to open; its problem, located at the value, otherwise."""
    if written is None:
        return None
    path, problem = find_portrait(written, folder)
    if problem:
        report.add(doc.diagnostic(("characters", i, "portrait"), problem))
    return path


def _check_avatars(doc, characters: list[tuple[int, Character]], report: Report) -> None:
    avatars = [(i, c) for i, c in characters if c.avatar]
    if not avatars:
        report.add(
            doc.diagnostic(
                ("characters",),
                "no Avatar in this army: mark one character with 'avatar: true'",
                "warning",
                at_key=True,
            )
        )
    for i, c in avatars[1:]:
        first = avatars[0][1].name
        report.add(
            doc.diagnostic(
                ("characters", i, "avatar"),
                f"'{c.name}' cannot be a second Avatar: '{first}' already is (one per army)",
            )
        )


def _check_names(doc, characters: list[tuple[int, Character]], report: Report) -> None:
    seen: dict[str, int] = {}
    for i, c in characters:
        if c.name in seen:
            report.add(
                doc.diagnostic(
                    ("characters", i, "name"),
                    f"two characters are named '{c.name}' (also characters[{seen[c.name]}]): their cards will look alike",
                    "warning",
                )
            )
        seen.setdefault(c.name, i)


def _check_card_count(doc, characters: list[tuple[int, Character]], report: Report) -> None:
    cards = sum(c.copies for _, c in characters)
    if cards > MAX_CARDS:
        report.add(
            doc.diagnostic(
                ("characters",),
                f"this army prints {cards:,} cards (copies included); the limit is "
                f"{MAX_CARDS:,}, which keeps one PDF, built in memory, within bounds: "
                "split the army into several files",
                at_key=True,
            )
        )


def check_army_document(doc: SourceDocument, data: GameData, base_dir: Path) -> tuple[ArmyBook | None, Report]:
    report = Report()
    if "armies" in doc.data and "characters" not in doc.data:
        report.add(doc.diagnostic((), f"this is a kit file, not an army file: run kolaps-print kit {doc.file}"))
        return None, report
    if not_kolaps(doc, report):
        return None, report
    shell = validate_model(_ArmyShell, doc, doc.data, (), report)
    shell_ok = shell is not None
    if shell is None:  # keep checking the lists that are lists, so every problem shows in one run
        raw = doc.data
        lists = {k: raw[k] if isinstance(raw.get(k), list) else [] for k in ("characters", "weapons", "affiliations")}
        shell = _ArmyShell.model_construct(name="", affiliation="", **lists)
    broken: set[str] = set()  # ids of inline entries that failed: no second message for them
    catalogue, own_weapons, own_affiliations = _extend_catalogue(doc, shell, data.catalogue, report, broken)
    affiliation = None
    if shell_ok:
        affiliation = catalogue.affiliations.get(shell.affiliation)
        if affiliation is None and shell.affiliation not in broken:
            report.add(
                doc.diagnostic(
                    ("affiliation",),
                    f"unknown affiliation '{shell.affiliation}'{did_you_mean(shell.affiliation, catalogue.affiliations)}",
                )
            )
    characters = _items(Character, doc, shell.characters, "characters", report)
    share_fields_sets([c for _, c in characters])
    members = []
    for i, c in characters:
        weapons = _resolve_weapons(doc, i, c, catalogue, report, broken)
        specs = _resolve_specialisations(doc, i, c, affiliation, catalogue, report)
        members.append(Member(i, c, weapons, specs, _portrait(doc, i, c.portrait, base_dir, report)))
    valid = {i for i, _ in characters}
    for i, raw in enumerate(shell.characters):
        partial = None if i in valid else _salvage(raw)
        if partial is not None:
            _resolve_weapons(doc, i, partial, catalogue, report, broken)
            _resolve_specialisations(doc, i, partial, affiliation, catalogue, report)
            _portrait(doc, i, partial.portrait, base_dir, report)
    if shell_ok and len(characters) == len(shell.characters):  # an invalid character may be the Avatar
        _check_avatars(doc, characters, report)
    _check_names(doc, characters, report)
    _check_card_count(doc, characters, report)
    if report.errors or not shell_ok or affiliation is None:
        return None, report
    # Every part was validated above, one item at a time: validating the whole file again would
    # go over every character a second time (a tenth of a 1000-card run).
    army = Army.model_construct(
        name=shell.name,
        affiliation=shell.affiliation,
        characters=[c for _, c in characters],
        weapons=own_weapons,
        affiliations=own_affiliations,
    )
    return ArmyBook(doc.file, army, affiliation, members, data.rules, catalogue, report.warnings, doc), report


def load_army(
    path: Path | str, data: GameData | None = None, strict: bool = False, doc: SourceDocument | None = None
) -> ArmyBook:
    """Load and validate an army file; raises KolapsError with every problem found. doc: the
    file as already read (finding its ruleset reads it first: a 1000-character file once, not twice).
    Once the army is valid, the document keeps only its marks (book.doc locates later messages):
    its data is let go, 5 MiB at 10,000 characters that the cards never read again."""
    path = Path(path)
    doc = doc or load_yaml(path, str(path))
    book, report = check_army_document(doc, data or builtin_game_data(), path.resolve().parent)
    if strict and report.warnings:
        raise KolapsError(report.errors + [w.as_error() for w in report.warnings])
    report.raise_if_errors()
    assert book is not None
    doc.data = None
    return book
