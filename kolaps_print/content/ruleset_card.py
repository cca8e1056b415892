"""What a ruleset character's card back holds, as numbers: each track's boxes, where its marks
fall for that character's own total, its negative zone, and the boxes to tick. The card layout
(issue 13's next step) draws these; tracks are computed once per distinct value and shared."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, TypeVar

from kolaps_print.content.ruleset_sheet import RulesetTable, catalogue_columns, entry_cells, table_contents
from kolaps_print.labels import label
from kolaps_print.model.ruleset_army import RulesetMember
from kolaps_print.model.ruleset_cards import (
    BandBlock,
    BoxTrackBlock,
    CheckboxesBlock,
    Condition,
    EntryValues,
    FeaturesBlock,
    HitTrackBlock,
    LevelRowsBlock,
    LocationTableBlock,
    MarkSpec,
    MiniTableBlock,
    NameBlock,
    RemindersBlock,
    Roll,
    SkillsBlock,
    StatTilesBlock,
    WeaponsBlock,
)
from kolaps_print.model.ruleset_check import characteristic_field
from kolaps_print.model.ruleset_fields import Operand, catalogue_of
from kolaps_print.model.ruleset_load import Ruleset
from kolaps_print.model.ruleset_values import mark_box, operand
from kolaps_print.numbers import number
from kolaps_print.provenance import marked
from kolaps_print.typography import run_on, separated

T = TypeVar("T")


@dataclass(frozen=True)
class TrackMark:
    """A line across a track after one of its boxes, with its label."""

    after_box: int  # the line is drawn after this box, counted from 1 (boxes are ticked from the left)
    label: str
    points: int = 0  # the fraction of the total: points left (or lost, see counts)
    counts: str = "left"
    short: str = ""  # the fraction as printed at the line and in the legend (½, 50 %)


@dataclass(frozen=True)
class Track:
    """A row of boxes to tick (wounds, fatigue), with its marks."""

    label: str
    boxes: int
    marks: tuple[TrackMark, ...] = ()
    negative: int = 0  # boxes below zero
    negative_label: str | None = None
    negative_short: str = ""  # printed after « 0 » at the line before the boxes below zero
    aside: str = ""  # beside the title: what the character's armour is worth (« KD 8 »)
    write_in: bool = False  # too long for boxes: a line to write the count on (« Restent : ____ / 30 »)
    legend: bool = True  # what each mark means, under the boxes (a mini card: by name, Elsewhere)
    how_to: bool = True  # « Une case par point perdu… » under the side's first track (KEEPS)


@dataclass(frozen=True)
class Checkboxes:
    """Labelled boxes to tick, set as a grid."""

    labels: tuple[str, ...]
    reserved: tuple[str, ...] = ()  # boxes other characters print here: the grid is measured with them


@dataclass(frozen=True)
class FootBand:
    """The band at a card's foot."""

    text: str  # the army's name


@dataclass(frozen=True)
class Title:
    """The character's name, and a subtitle under it."""

    name: str
    subtitle: str = ""
    stats: str = ""  # the in-play stats at the band's right: « DÉF 5 · VIT 4 »


@dataclass(frozen=True)
class Tiles:
    """The stat tiles, each a label over its value."""

    tiles: tuple[tuple[str, str], ...]  # (label, value)


@dataclass(frozen=True)
class Lines:
    """Short texts one after the other: skills, features, reminders."""

    lines: tuple[str, ...]
    bold_lead: bool = False  # each line's text before « : » in bold (a feature's name)
    heading: str = ""  # the section's head (the field's label), none when empty


@dataclass(frozen=True)
class Elsewhere:
    """What a small card leaves out, by name, and where its text is (the system's aide de jeu)."""

    names: tuple[str, ...]


Item = Track | Checkboxes | FootBand | Title | Tiles | Lines | RulesetTable | Elsewhere
BackItem = Item


@cache
def _marks(total: int, marks: tuple[MarkSpec, ...]) -> tuple[TrackMark, ...]:
    """Marks for one total: cached, so an army of equal totals computes them once."""
    return tuple(_mark(total, m) for m in marks)


def _mark(total: int, mark: MarkSpec) -> TrackMark:
    points = mark_box(total, mark.numerator, mark.denominator, mark.rounding)
    after = total - points if mark.counts == "left" else points
    return TrackMark(after, mark.label, points, mark.counts, mark.short or "")


def _value(term: Operand, member: RulesetMember) -> int:
    known = {k: v for k, v in member.values.items() if v is not None}
    return max(0, operand(term, known))


def _shown(value: Any) -> str:
    return label("rulesets.values.none") if value is None else number(value) if isinstance(value, int) else str(value)


def _subtitle(ruleset: Ruleset, block: NameBlock, member: RulesetMember) -> str:
    """The subtitle's texts, and the label of each flag that is true: « Pirate · Cyborg »."""
    parts = [getattr(member.character, f) for f in block.subtitle]
    texts = [_field_label(ruleset, f) if p is True else p for f, p in zip(block.subtitle, parts, strict=True)]
    return _label("rulesets.card.separator").join(str(t) for t in texts if t)


def _field_label(ruleset: Ruleset, field_id: str) -> str:
    return next(f.label for f in ruleset.spec.character.fields if f.id == field_id)


def _skills(ruleset: Ruleset, block: SkillsBlock, member: RulesetMember) -> Lines:
    decl = next(f for f in ruleset.spec.character.fields if f.id == block.field)
    catalogue = ruleset.catalogues[catalogue_of(decl)]
    written: dict[str, int] = getattr(member.character, block.field) or {}
    shown = []
    for id_, entry in catalogue.items():  # in the catalogue's order, so every card reads alike
        value = written.get(id_, getattr(entry, "base", None) if block.show_base else None)
        if value is not None:
            shown.append(_label("rulesets.card.skill", name=entry.name, value=_shown(value)))
    text = (run_on(shown, _label("rulesets.card.skill_separator")),) if shown else ()  # a skill never breaks
    return Lines(text, heading=decl.label)


def _referenced(ruleset: Ruleset, field_id: str, member: RulesetMember) -> tuple[str, list[Any]]:
    decl = next(f for f in ruleset.spec.character.fields if f.id == field_id)
    catalogue_id = catalogue_of(decl)
    value = getattr(member.character, field_id)
    ids = [value] if isinstance(value, str) else list(value or [])
    return catalogue_id, [ruleset.catalogues[catalogue_id][i] for i in ids]


def _weapons(ruleset: Ruleset, block: WeaponsBlock, member: RulesetMember) -> RulesetTable:
    catalogue, entries = _referenced(ruleset, block.field, member)
    header = [label("rulesets.card.weapon")] + catalogue_columns(ruleset, catalogue, block.columns)
    rows = [_entry_cells(ruleset, catalogue, entry, block.columns) for entry in entries]
    title = _field_label(ruleset, block.field)
    if block.roll is None:
        return RulesetTable(title, header, rows)
    roll = block.roll
    rolls = [_roll(ruleset, roll, entry, member) for entry in entries]
    return RulesetTable(
        title,
        [header[0], roll.label, *header[1:]],
        [[r[0], x, *r[1:]] for r, x in zip(rows, rolls, strict=True)],
        strong=1,
    )


def _entry_cells(ruleset: Ruleset, catalogue: str, entry: Any, columns: list[str]) -> list[str]:
    """entry_cells, worked out once an entry while a deck is laid out (made_once): every
    character carrying a weapon prints the same cells for it, only the roll is its own."""
    made = _made.get()
    return (
        entry_cells(ruleset, catalogue, entry, columns)
        if made is None
        else made.cells(ruleset, catalogue, entry, columns)
    )


def _roll(ruleset: Ruleset, roll: Roll, weapon: Any, member: RulesetMember) -> str:
    """The character's roll with weapon: its score in the weapon's skill (the skill's base when it
    has none written), plus the characteristic the skill names."""
    skill_id = getattr(weapon, roll.skill)
    made = _made.get()
    base, field = _roll_skill(ruleset, roll, skill_id) if made is None else made.roll_skill(ruleset, roll, skill_id)
    written: dict[str, int] = getattr(member.character, roll.skills) or {}
    value = written.get(skill_id, base)
    if field:
        value += member.values.get(field) or 0
    plus = _plus(roll.text)
    if value < 0 and plus:  # « 1d12 − 2 », not « 1d12 + −2 »
        return roll.text.replace(plus.group(0), f"−{plus.group(1)}{number(-value)}")
    return roll.text.replace("{value}", number(value))


def _roll_skill(ruleset: Ruleset, roll: Roll, skill_id: str) -> tuple[int, str | None]:
    """A roll's skill's base (0 without one) and the character's field its characteristic names
    (None: none), the same for every character (made once a deck while it is laid out)."""
    decl = next(f for f in ruleset.spec.character.fields if f.id == roll.skills)
    skill = ruleset.catalogues[catalogue_of(decl)][skill_id]
    field = None
    if roll.characteristic is not None:
        field = characteristic_field(ruleset.spec, str(getattr(skill, roll.characteristic)))
    return getattr(skill, "base", None) or 0, field


@cache
def _plus(text: str) -> re.Match[str] | None:
    """The « + {value} » of a roll's text, found once a text (not once a weapon)."""
    return re.search(r"\+(\s)\{value\}", text)


def _features(ruleset: Ruleset, block: FeaturesBlock, member: RulesetMember) -> Lines:
    catalogue, entries = _referenced(ruleset, block.field, member)
    lines = []
    for entry in entries:
        name = _with_values(ruleset, catalogue, entry, block.columns)
        lines.append(label("rulesets.card.feature", name=name, text=entry.text) if entry.text else name)
    return Lines(tuple(lines), bold_lead=True, heading=_field_label(ruleset, block.field))


def _with_values(ruleset: Ruleset, catalogue: str, entry: Any, columns: list[str]) -> str:
    """An entry's name and what it is worth, the columns it sets: « Veste blindée — KD 8 »."""
    values = entry_values(ruleset, catalogue, entry, columns)
    if not values:
        return str(entry.name)
    return label(
        "rulesets.card.feature_values", name=entry.name, values=separated(values, label("rulesets.card.separator"))
    )


def entry_values(ruleset: Ruleset, catalogue: str, entry: Any, columns: list[str]) -> list[str]:
    """The columns an entry sets, each its label then its value: « KD 8 », « absorbe 6 » (a label
    that is a capitalised word is lowered, as it runs on after the name)."""
    decls = {f.id: f for c in ruleset.spec.catalogues if c.id == catalogue for f in c.fields}
    shown = []
    for column in columns:
        value = getattr(entry, column, None)
        if value is not None and value != 0:
            name = decls[column].label
            name = name[0].lower() + name[1:] if name[1:].islower() else name
            shown.append(label("rulesets.card.value", label=name, value=_shown(value)))
    return shown


def _stats(ruleset: Ruleset, ids: list[str], member: RulesetMember) -> tuple[tuple[str, str], ...]:
    """Each stat's label and the character's value (a field or a derived value)."""
    made = _made.get()
    decls = _stat_labels(ruleset) if made is None else made.stat_labels(ruleset)
    return tuple((decls[s], _shown(member.values.get(s))) for s in ids)


def _stat_labels(ruleset: Ruleset) -> dict[str, str]:
    """Each field's and derived value's label, by id."""
    return {f.id: f.label for f in ruleset.spec.character.fields} | {
        d.id: d.label for d in ruleset.spec.character.derived
    }


def _item(ruleset: Ruleset, block: Any, member: RulesetMember, army: str) -> Item | None:
    """One block as content; None for a block that draws nothing for this character."""
    if isinstance(block, BandBlock):
        return FootBand(army)
    if isinstance(block, NameBlock):
        stats = [_label("rulesets.card.value", label=n, value=v) for n, v in _stats(ruleset, block.stats, member)]
        return Title(member.name, _subtitle(ruleset, block, member), _label("rulesets.card.separator").join(stats))
    if isinstance(block, StatTilesBlock):
        return Tiles(_stats(ruleset, block.stats, member))
    if isinstance(block, SkillsBlock):
        return _skills(ruleset, block, member)
    if isinstance(block, WeaponsBlock):
        return _weapons(ruleset, block, member)
    if isinstance(block, FeaturesBlock):
        return _features(ruleset, block, member)
    if isinstance(block, RemindersBlock):
        erratum = ruleset.erratum(block.ruling) if block.ruling else None
        ruling = block.ruling if erratum is not None and erratum.mark else None
        return Lines(
            tuple(marked(line, ruling) if i == len(block.lines) - 1 else line for i, line in enumerate(block.lines)),
            heading=label("rulesets.card.reminders"),
        )
    if isinstance(block, (MiniTableBlock, LocationTableBlock)):
        return table_contents(ruleset, ruleset.tables[block.table])[0]
    if isinstance(block, LevelRowsBlock):
        return RulesetTable(
            "", ["", *([""] * max(len(r.levels) for r in block.rows))], [[r.label, *r.levels] for r in block.rows]
        )
    return _tracker(ruleset, block, member)


def _tracker(ruleset: Ruleset, block: Any, member: RulesetMember) -> Item | None:
    if isinstance(block, HitTrackBlock):
        total = _value(block.of, member)
        negative = _value(block.negative_to, member) if block.negative_to is not None else 0
        marks = _marks(total, tuple(block.marks))
        erratum = ruleset.erratum(block.ruling) if block.ruling else None
        if marks and erratum is not None and erratum.mark:  # « … −2 PV/heure † D12-E8 »
            marks = (*marks[:-1], replace(marks[-1], label=marked(marks[-1].label, block.ruling)))
        aside = _aside(ruleset, block.aside, member) if block.aside else ""
        return Track(block.label, total, marks, negative, block.negative_label, block.negative_short or "", aside)
    if isinstance(block, BoxTrackBlock) and block.per is None:
        return _box_track(block, block.label, _value(block.length, member))
    if isinstance(block, CheckboxesBlock) and block.value is not None:
        value = number(_value(block.value, member))  # that character's own: « Armure perdue (DÉF −1) »
        return Checkboxes(tuple(box.replace("{value}", value) for box in block.boxes))
    if isinstance(block, CheckboxesBlock):
        return Checkboxes(tuple(block.boxes))
    return None


def _aside(ruleset: Ruleset, aside: EntryValues, member: RulesetMember) -> str:
    """« KD 8 »: the values of the entries the character has, nothing without one."""
    catalogue, entries = _referenced(ruleset, aside.field, member)
    values = [v for entry in entries for v in entry_values(ruleset, catalogue, entry, aside.columns)]
    return separated(values, label("rulesets.card.separator"))


def _is_reference(ruleset: Ruleset, field_id: str) -> bool:
    return any(f.id == field_id and f.type in ("reference", "references") for f in ruleset.spec.character.fields)


def _entry_tracks(ruleset: Ruleset, block: BoxTrackBlock, member: RulesetMember) -> tuple[Track, ...]:
    """A box track per entry the character has (a magazine per weapon), as long as its length
    field; an entry without one (a knife) gets none."""
    _, entries = _referenced(ruleset, str(block.per), member)
    separator = label("rulesets.card.separator")
    lengths = [(entry, getattr(entry, str(block.length), None)) for entry in entries]
    return tuple(
        _box_track(block, f"{block.label}{separator}{e.name}", n) for e, n in lengths if isinstance(n, int) and n > 0
    )


def _box_track(block: BoxTrackBlock, name: str, boxes: int) -> Track:
    """A track of boxes, or a line to write on when it is longer than the block allows."""
    return Track(name, boxes, write_in=block.write_in_over is not None and boxes > block.write_in_over)


def concerns(ruleset: Ruleset, when: Condition | None, member: RulesetMember) -> bool:
    """Whether a block's condition holds for that character (a block without one prints for all)."""
    if when is None:
        return True
    return _holds(ruleset, when, member) == when.set


def _holds(ruleset: Ruleset, when: Condition, member: RulesetMember) -> bool:
    value = getattr(member.character, when.field)
    if when.has is None:
        return bool(value)  # a flag, a number other than 0, a filled text or list
    if isinstance(value, dict) or value is None and not _is_reference(ruleset, when.field):
        return when.has in (value or {})  # a skill_map: the character has a score in that entry
    _, entries = _referenced(ruleset, when.field, member)
    return any(getattr(entry, when.has, None) for entry in entries)


def _items(ruleset: Ruleset, block: Any, member: RulesetMember, army: str) -> tuple[Item, ...]:
    if not concerns(ruleset, getattr(block, "when", None), member):
        return ()
    made = _made.get()
    return _block_items(ruleset, block, member, army) if made is None else made.items(ruleset, block, member, army)


def _block_items(ruleset: Ruleset, block: Any, member: RulesetMember, army: str) -> tuple[Item, ...]:
    if isinstance(block, BoxTrackBlock) and block.per is not None:
        return _entry_tracks(ruleset, block, member)
    item = _item(ruleset, block, member, army)
    return () if item is None else (item,)


ALIKE = (MiniTableBlock, LocationTableBlock, LevelRowsBlock, RemindersBlock)  # the same for every character


class _Made:
    """Each block's items for each character, made once while a deck is laid out (made_once):
    its sides are made several times, the backs with kinds left out then shed, each from the same
    blocks (a 1000-character d12 deck made its backs' items three times); a block that reads no
    character's values (a table, reminders), once for all. Kept by the block and character
    themselves, which outlive the deck's layout (a block copied for one side is not kept). The
    items' reprs, their tracks replaced and a weapon's cells are kept alike (_once)."""

    def __init__(self) -> None:
        self._kept: dict[tuple, tuple[tuple, Any]] = {}

    def _once(self, key: tuple, anchors: tuple, make: Callable[..., T], *args: Any) -> T:
        """make(*args), made once for key while the objects it names by id (anchors, in key's
        order) are the same: an id freed and taken by another object is made anew."""
        kept = self._kept.get(key)
        if kept is None or not all(a is b for a, b in zip(kept[0], anchors, strict=True)):
            kept = self._kept[key] = (anchors, make(*args))
        return kept[1]

    def items(self, ruleset: Ruleset, block: Any, member: RulesetMember, army: str) -> tuple[Item, ...]:
        whose = None if isinstance(block, ALIKE) else member
        return self._once(
            ("items", id(block), id(whose), army), (block, whose), _block_items, ruleset, block, member, army
        )

    def cells(self, ruleset: Ruleset, catalogue: str, entry: Any, columns: list[str]) -> list[str]:
        """entry_cells(...), a new list each time (a table's rows are its own)."""
        key = ("cells", id(ruleset), catalogue, id(entry), tuple(columns))
        return list(self._once(key, (ruleset, entry), entry_cells, ruleset, catalogue, entry, columns))

    def stat_labels(self, ruleset: Ruleset) -> dict[str, str]:
        """_stat_labels(ruleset), once a deck (each character's name and tiles read them)."""
        return self._once(("labels", id(ruleset)), (ruleset,), _stat_labels, ruleset)

    def roll_skill(self, ruleset: Ruleset, roll: Roll, skill_id: str) -> tuple[int, str | None]:
        """_roll_skill(...), once a roll and skill (each weapon of each character reads it)."""
        return self._once(
            ("roll", id(ruleset), id(roll), skill_id), (ruleset, roll), _roll_skill, ruleset, roll, skill_id
        )

    def label(self, key: str, values: dict[str, str]) -> str:
        """label(key, **values), once a key and values: a deck's labels do not change while it is
        laid out (a skill's « Tir 7 », a stat's « DÉF 5 » on many cards)."""
        return self._once(("label", key, tuple(values.items())), (), _labelled, key, values)

    def repr(self, item: Any) -> str:
        """repr(item), worked out once an item: a deck's sides are keyed by their items' reprs, on
        each try of kinds left out (the same items: a rules table, a character's weapons)."""
        return self._once(("repr", id(item)), (item,), repr, item)

    def replaced(self, item: Any, changes: dict[str, Any]) -> Any:
        """replace(item, **changes), one object a item and changes: each try of kinds left out
        gives the same tracks (whose reprs are then kept)."""
        return self._once(("replaced", id(item), tuple(changes.items())), (item,), _replace, item, changes)


def _replace(item: Any, changes: dict[str, Any]) -> Any:
    return replace(item, **changes)


def _labelled(key: str, values: dict[str, str]) -> str:
    return label(key, **values)


def _label(key: str, **values: str) -> str:
    """label(key, **values), kept while a deck is laid out (made_once); looked up each time outside."""
    made = _made.get()
    return label(key, **values) if made is None else made.label(key, values)


def kept_repr(item: Any) -> str:
    """repr(item), kept while a deck is laid out (made_once); worked out each time outside."""
    made = _made.get()
    return repr(item) if made is None else made.repr(item)


def _replaced(item: Any, **changes: Any) -> Any:
    made = _made.get()
    return replace(item, **changes) if made is None else made.replaced(item, changes)


_made: ContextVar[_Made | None] = ContextVar("ruleset_card_made", default=None)


@contextlib.contextmanager
def made_once() -> Iterator[None]:
    """Within the block, each block's items for each character are made once (_Made): for a
    deck's layout, whose characters and blocks do not change while it runs."""
    token = _made.set(_Made())
    try:
        yield
    finally:
        _made.reset(token)


SHEDS = ("tables", "reminders", "base_skills", "legends")
"""What a small card (mini) gives by name rather than in full, in this order, until every card of
the deck fits: the rules' tables, the reminders, the skills at their base, the tracks' legends.
Each is a text of the system's aide de jeu; the card names it (Elsewhere), never drops it silently."""

KEEPS = ("how_to", "tables", "legends")
"""What the tallest backs of a deck leave out, in this order, to keep the deck's size above the
floor (look's keep_small_pt: docs/style.md, twelfth session, backs12): the line saying how to tick
(« Une case par point perdu… », which no mini prints), then the back's tables (the same on every
card and in the aide: d12 « Critiques en combat », given by name on every mini), last the tracks'
legends, given by name (a character's own: Mila Sorel's cyborg thresholds)."""


def _side(
    ruleset: Ruleset, blocks: list[Any], member: RulesetMember, army: str, shed: tuple[str, ...] = ()
) -> list[Item]:
    """The blocks that concern that character, in the order listed; checkboxes blocks that end up
    next to each other print as one, under one head (so a box may have a condition of its own).
    shed: the kinds of SHEDS given by name, under the last block."""
    items: list[Item] = []
    names: list[str] = []
    tracks: list[str] = []
    for block in blocks:  # each block's items taken before the next block is asked (names' order)
        kept = (
            _shed(ruleset, block, member, army, shed, (names, tracks)) if shed else _items(ruleset, block, member, army)
        )
        for item in kept or _reserved(ruleset, block, member):
            if isinstance(item, Checkboxes) and items and isinstance(items[-1], Checkboxes):
                items[-1] = Checkboxes(items[-1].labels + item.labels, items[-1].reserved + item.reserved)
            else:
                items.append(item)
    items = [item for item in items if not isinstance(item, Checkboxes) or item.labels]
    if tracks and not names:  # « Seuils ASSOMMANT et COUPS : voir l’aide. » as the last such track's legend
        last = max(i for i, item in enumerate(items) if isinstance(item, Track) and not item.legend)
        return [*items[: last + 1], Elsewhere((_by_name_tracks(tracks),)), *items[last + 1 :]]
    if tracks:
        names.append(_by_name_tracks(tracks))
    return [*items, Elsewhere(tuple(names))] if names else items


def _by_name_tracks(tracks: list[str]) -> str:
    """« seuils ASSOMMANT et COUPS »: the tracks whose legends a card gives by name."""
    return label("rulesets.card.by_name_tracks", labels=_listed(tracks))


def _listed(words: list[str]) -> str:
    """« A, B et C »: words as a French list."""
    return label("rulesets.card.by_name_and").join(filter(None, [", ".join(words[:-1]), words[-1]]))


def _shed(
    ruleset: Ruleset,
    block: Any,
    member: RulesetMember,
    army: str,
    shed: tuple[str, ...],
    named: tuple[list[str], list[str]],
) -> tuple[Item, ...]:
    """block's items, less what shed gives by name: its names appended to named's first list, the
    labels of the tracks whose legends it leaves out to the second (one name for them all)."""
    names, tracks_named = named
    if isinstance(block, SkillsBlock) and block.show_base and "base_skills" in shed:
        block = block.model_copy(update={"show_base": False})
        if concerns(ruleset, block.when, member):
            names.append(label("rulesets.card.by_name_base_skills"))
    items = _items(ruleset, block, member, army)
    if isinstance(block, (MiniTableBlock, LocationTableBlock)) and "tables" in shed:
        names += [item.title for item in items if isinstance(item, RulesetTable)]
        return ()
    if isinstance(block, RemindersBlock) and "reminders" in shed and items:
        leads = [re.split(r"\s:\s", line, maxsplit=1)[0] for line in block.lines]  # « Attaque »
        names.append(label("rulesets.card.by_name_reminders", leads=", ".join(leads)))
        return ()
    if "how_to" in shed or "legends" in shed:  # a back without its legends says not how to tick either
        items = tuple(_replaced(i, how_to=False) if isinstance(i, Track) else i for i in items)
    if "legends" in shed:
        tracks = [i for i in items if isinstance(i, Track) and i.legend and (i.marks or i.negative)]
        tracks_named += [t.label for t in tracks]
        return tuple(_replaced(i, legend=False) if i in tracks else i for i in items)
    return items


def _reserved(ruleset: Ruleset, block: Any, member: RulesetMember) -> tuple[Item, ...]:
    """A checkboxes block that does not concern the character still holds its place in the grid
    (review, minor 22): the boxes the others print beside it keep their rows and columns."""
    if isinstance(block, CheckboxesBlock) and not concerns(ruleset, block.when, member):
        return (Checkboxes((), tuple(box.replace("{value}", "0") for box in block.boxes)),)
    return ()


def front_items(ruleset: Ruleset, member: RulesetMember, army: str, shed: tuple[str, ...] = ()) -> list[Item]:
    """The card front's content, block by block, in the order ruleset.yaml lists them."""
    return _side(ruleset, ruleset.spec.card.front, member, army, shed)


def back_items(ruleset: Ruleset, member: RulesetMember, army: str = "", shed: tuple[str, ...] = ()) -> list[Item]:
    """The card back's content: its trackers and boxes where that character's values put them."""
    return _side(ruleset, ruleset.spec.card.back, member, army, shed)
