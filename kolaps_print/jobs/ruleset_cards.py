"""`kolaps-print cards` for an army of another ruleset (`ruleset: d12`): its characters' cards,
front and back built from the ruleset's card blocks, imposed like KOLAPS's (duplex, fold,
print shop). Library API: build_ruleset_cards(army, options); write_ruleset_cards(...)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.lib.colors import Color

from kolaps_print import resources
from kolaps_print.content.ruleset_card import KEEPS, SHEDS, Item, Title, back_items, front_items, made_once
from kolaps_print.diagnostics import KolapsError, fail_on_warnings
from kolaps_print.draw.card_face import Forms, form_prefix
from kolaps_print.draw.ruleset_card import RulesetCard, Shared
from kolaps_print.impose import impose
from kolaps_print.jobs.card_options import CardOptions, CardsResult, CardsWritten, default_output, for_print_shop
from kolaps_print.jobs.ruleset_fits import NO_FITS, DeckFits, Fit, deck_fits
from kolaps_print.jobs.stamp import ruleset_cards_stamp
from kolaps_print.labels import label, overriding_labels
from kolaps_print.layout.card_face import FaceLayout
from kolaps_print.layout.ruleset.card import (
    Bands,
    FaceSetting,
    RulesetCardFace,
    Widths,
    content_key,
    deck_widths,
    face_layout,
    items_repr,
    room_shapes,
    story_room,
    table_pt,
    unbroken,
)
from kolaps_print.layout.ruleset.look import CardLook, sheet_look
from kolaps_print.layout.shapes import Shape
from kolaps_print.load.yaml_source import SourceDocument
from kolaps_print.model.ruleset_army import RulesetArmy, RulesetMember, load_ruleset_army
from kolaps_print.model.ruleset_choice import read_army_ruleset
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.units import pt, to_mm
from kolaps_print.write import PDF, PdfMeta, planned_output, source_inputs

DEFAULTS = CardOptions()
Foot = tuple[str, str]  # the foot band's texts, left and right


def build_ruleset_cards(army: RulesetArmy, options: CardOptions = DEFAULTS, keep_fits: bool = False) -> CardsResult:
    """The cards PDF in memory; KolapsError (located at the character) for a face that does not fit.
    keep_fits: each side's type size kept in the user's cache folder, and read from it on the next
    run (jobs/ruleset_fits.py; the command line's, not the library's default)."""
    with overriding_labels(army.ruleset.labels_file):  # the ruleset's own labels first
        fits = deck_fits(resources.data_dir(), army.ruleset.folder) if keep_fits else NO_FITS
        return _cards(army, options, fits)


def _cards(army: RulesetArmy, options: CardOptions, fits: DeckFits = NO_FITS) -> CardsResult:
    sheet = options.impose_options()
    size = (pt(sheet.card.width), pt(sheet.card.height))
    style = sheet_look()
    look, colour = (
        style.card.compacted(sheet.card.width).zoned_for(sheet.card.height),
        style.colour(army.ruleset.spec.id),
    )
    small = sheet.card.width < style.card.reference_width_mm
    values = _values(army)
    with made_once():  # the backs' kinds kept and shed: each block's items for each character made once
        sides = {
            side: _deck_side(army, values, look, colour, size, sheet.card.height, side, small, fits) for side in SIDES
        }
        for tighter in look.fallbacks():  # a back too tall at the look's boxes: smaller ones (tracks21)
            if not sides["back"][1]:
                break
            sides["back"] = _deck_side(army, values, tighter, colour, size, sheet.card.height, "back", small, fits)
    tall = {side: members for side, (_, members) in sides.items() if members}
    if tall:
        mm = f"{sheet.card.width:g} × {sheet.card.height:g} mm"
        assert army.doc is not None
        raise KolapsError(
            [
                army.doc.diagnostic(
                    ("characters", m.index),
                    f"the {side} of '{m.name}' does not fit a {mm} card: choose a larger --card (tarot)",
                )
                for m in army.members
                for side, members in tall.items()
                if m in members
            ]
        )
    foot = (army.name, label("rulesets.card.footer_system", name=army.ruleset.spec.name, id=army.ruleset.spec.id))
    back_foot = (
        army.name,
        ruleset_cards_stamp(army.ruleset.spec.id, army.ruleset.folder),
    )  # a loose card finds its book
    setting = FaceSetting(look.named_for(sheet.card.height), colour, size)
    faces = _cards_of(army, [sides["front"][0], sides["back"][0]], setting, (foot, back_foot))
    meta = PdfMeta(
        title=label("rulesets.card.pdf_title", army=army.name),
        subject=label("rulesets.card.subject"),
        author=label("common.author"),
    )
    count = army.card_count
    imposed = impose(faces, sheet, meta, count=count, side=options.side)
    pdf = for_print_shop(imposed.pdf) if options.print_shop and options.press else imposed.pdf  # PDF/X-4, as KOLAPS's
    return CardsResult(pdf, count, imposed.sheets, imposed.pages, list(army.warnings))


SIDES: dict[str, Callable[..., list[Item]]] = {"front": front_items, "back": back_items}


def _deck_side(
    army: RulesetArmy,
    values: list[str],
    base: CardLook,
    colour: Color,
    size: tuple[float, float],
    height_mm: float,
    side: str,
    small: bool = False,
    fits: DeckFits = NO_FITS,
) -> tuple[list[RulesetCardFace], list[RulesetMember]]:
    """One side of every card at one size, the size its fullest card needs (docs/style.md, « One
    type size per deck »): a deck keeps one type size, as a publisher's does, so a back with the
    burst table or a cyborg's is not set smaller than its neighbours, and the backs without it
    keep the room it leaves rather than grow. On a small card (mini, one size: the floor), a
    card that does not fit (on any card since tracks11) gives by name what it has no room for, kind after kind (SHEDS), the
    fewest kinds it needs, as KOLAPS's mini fronts page their longest traits; the characters
    still too tall with every kind given by name are the error."""
    keep = base.kept_scale(height_mm) if side == "back" else None
    if keep is not None:
        kept = _kept(army, values, base, colour, size, height_mm, keep, fits)
        if kept is not None:
            return kept, []
    back = side == "back"
    faces, tall = _side(army, values, base, colour, size, height_mm, SIDES[side], back=back, fits=fits)
    for n in range(1, len(SHEDS) + 1):
        if not tall:
            break
        shedding = _shedding(SIDES[side], SHEDS[:n], None if back else set(map(id, tall)))
        if back and SHEDS[n - 1] == "legends":  # only the backs still too tall give their tracks' legends by name
            shedding = _shedding_last(SIDES[side], SHEDS[: n - 1], SHEDS[n - 1], set(map(id, tall)))
        faces, tall = _side(army, values, base, colour, size, height_mm, shedding, back=back, fits=fits)
    return faces, tall


def _kept(
    army: RulesetArmy,
    values: list[str],
    base: CardLook,
    colour: Color,
    size: tuple[float, float],
    height_mm: float,
    keep: float,
    fits: DeckFits = NO_FITS,
) -> list[RulesetCardFace] | None:
    """Every back at the largest size down to keep (the look's keep_small_pt), every back leaving
    out the same kinds of KEEPS, the fewest that let the tallest fit; None when even so one is too
    tall (the deck then goes down to the floor). Twelfth session (backs12): the d12 and 3d6 poker
    decks had gone to the 6 pt floor for the one back of each that fitted nowhere larger in full;
    backs12b: one deck, the same blocks on every back (a table given by name on one back only read
    as missing from it, Mila Sorel's with 20 mm free). The first try that fitted is kept
    (fits.kept_try): a later run starts there, each try before it too tall as its own kept size
    said (speed24: their contents, keys and tall faces are not made again)."""
    deck = fits.side_key(_Tried(army, values), size, base, colour, height_mm, keep)
    first = fits.kept_try(deck, len(KEEPS) + 1) or 0  # the tries before it were each too tall: not made again
    for n in range(first, len(KEEPS) + 1):
        shed = _leaving_out(back_items, KEEPS[:n])
        faces, tall = _side(army, values, base, colour, size, height_mm, shed, keep, back=True, fits=fits)
        if not tall:
            if n != first:
                fits.keep_try(deck, n)
            return faces
    if first <= len(KEEPS):
        fits.keep_try(deck, len(KEEPS) + 1)
    return None


class _Tried:
    """What every try of kinds of a deck's backs is made from (_kept's kept try's key): each
    character's values and name, and the army's name (its band)."""

    def __init__(self, army: RulesetArmy, values: list[str]):
        self.army, self.values = army, values

    def __repr__(self) -> str:
        return repr(("backs tried", self.army.name, [m.name for m in self.army.members], self.values))


def _leaving_out(items: Callable[..., list[Item]], shed: tuple[str, ...]) -> Callable[..., list[Item]]:
    """items, every member leaving out shed (kinds of KEEPS)."""

    def side(ruleset: object, member: RulesetMember, army: str) -> list[Item]:
        return items(ruleset, member, army, shed=shed)

    return side


def _shedding(
    items: Callable[..., list[Item]], shed: tuple[str, ...], tall: set[int] | None
) -> Callable[..., list[Item]]:
    """items, with shed given by name on the tall characters' sides only (tall None: on every
    side, a deck of backs: backs12b, the same blocks on every back of a deck): the deck's one size is
    then chosen with those sides shed (tracks11: Lou Ferrand's poker back, too tall at 6 pt in
    full, no longer pulls the whole 3d6 deck down to the floor)."""

    def side(ruleset: object, member: RulesetMember, army: str) -> list[Item]:
        return items(ruleset, member, army, shed=shed if tall is None or id(member) in tall else ())

    return side


def _shedding_last(
    items: Callable[..., list[Item]], shed: tuple[str, ...], last: str, tall: set[int]
) -> Callable[..., list[Item]]:
    """items, with shed given by name on every side and last on the tall characters' sides only
    (review 22a, 7: the 3d6 mini backs gave the thresholds by name on all five cards when one,
    Lou Ferrand's, had no room for them; a back prints the effects where they fit)."""

    def side(ruleset: object, member: RulesetMember, army: str) -> list[Item]:
        return items(ruleset, member, army, shed=(*shed, last) if id(member) in tall else shed)

    return side


def _side(
    army: RulesetArmy,
    values: list[str],
    base: CardLook,
    colour: Color,
    size: tuple[float, float],
    height_mm: float,
    items: Callable[..., list[Item]],
    least: float = 0.0,
    back: bool = False,
    fits: DeckFits = NO_FITS,
) -> tuple[list[RulesetCardFace], list[RulesetMember]]:
    """One side of every card, at the largest size (one for the whole army, least or larger) where
    all of them fit between the bands, its tables alike on every card; the tables first (tarot12:
    what is used at the table is primary): a smaller size whose tables are set larger is taken over
    a larger one whose tables had to shrink by more than the body gives up (_score); at the smallest
    size, the characters whose side is still too tall. Each distinct content is laid out once: every character of that
    content is given the same face, named after the first (_named gives each its own name when
    its card is drawn). The size is searched once per distinct contents and setting: a later run
    lays the faces out at the size kept in fits (jobs/ruleset_fits.py)."""
    _, _, room_width, room = story_room(base, *size, back=back)
    firsts, keys = _contents(army, values, items)
    distinct = list(firsts.values())
    scales = [f for f in base.scales(height_mm) if f >= least - 1e-9]
    key = fits.side_key(_Written(distinct), size, base, colour, height_mm, least, back)
    kept = fits.kept(key)
    setting = _SideSetting((room_width, room), base, colour, height_mm, back)
    faces = _laid_at(kept, distinct, scales, setting) if kept else None
    if kept is None or faces is None:
        kept, faces = _searched(distinct, scales, setting)
        fits.keep(key, kept)
    if not kept.tall:
        return _shared(faces, keys, firsts), []
    tall = {key for i, key in enumerate(firsts) if i in kept.tall}
    return [], [m for m, key in zip(army.members, keys, strict=True) if key in tall]


class _Written:
    """A side's distinct contents, whose repr is theirs (the kept sizes' key: ruleset_fits), made
    from their items' kept reprs (items_repr): the same items are keyed on each try of kinds."""

    def __init__(self, contents: list[list[Item]]):
        self.contents = contents

    def __repr__(self) -> str:
        return "[" + ", ".join(items_repr(items) for items in self.contents) + "]"


@dataclass(frozen=True)
class _SideSetting:
    """What a side's faces are laid out in: the story's room (points), the deck's look before it is
    scaled, its colour, the card's height and which side."""

    room: tuple[float, float]
    base: CardLook
    colour: Color
    height_mm: float
    back: bool


def _too_tall(face: RulesetCardFace, room: tuple[float, float]) -> bool:
    return face.height(to_mm(room[0])) > to_mm(room[1])


def _searched(
    distinct: list[list[Item]], scales: list[float], setting: _SideSetting
) -> tuple[Fit, list[RulesetCardFace]]:
    """_side's size searched: the answer and the faces laid out at it (none when some are too tall:
    nothing of such a side is drawn, the deck is refused or other kinds are tried)."""
    room, base, colour = setting.room, setting.base, setting.colour
    room_width = room[0]
    order = list(range(len(distinct)))  # the content that last failed is tried first
    *larger, smallest = scales
    best: tuple[float, list[RulesetCardFace], CardLook, float] | None = None  # its score (_score), faces, look, scale
    for factor in larger:
        look = base.scaled(factor)
        if best is not None and 2 * look.body_pt <= best[0] + 1e-9:
            break  # no smaller scale scores more: its tables are at most its body
        widths = deck_widths(distinct, room_width, look)
        if not unbroken(widths) or (best is not None and _score(look, widths) <= best[0] + 1e-9):
            continue  # a word squeezed apart, or no better than a larger scale: try smaller type
        faces, failed = _all_fit(distinct, order, room, look, colour, widths)
        if faces is not None:
            best = (_score(look, widths), faces, look, factor)
            continue
        order.insert(0, order.pop(order.index(failed)))
    if best is None:
        look = base.scaled(smallest)
        widths = deck_widths(distinct, room_width, look)
        laid = [face_layout(c, room_width, look, colour, widths) for c in distinct]
        tall = tuple(i for i, face in enumerate(laid) if _too_tall(face, room))
        if tall:
            return Fit(smallest, None, tall), []
        best = (_score(look, widths), laid, look, smallest)
    if setting.back:
        boxed = _boxed(distinct, order, room, best[2], colour, setting.height_mm)
        return (Fit(best[3], None), best[1]) if boxed is None else (Fit(best[3], None, boxes=boxed[1]), boxed[0])
    grown = _grown(distinct, order, room, best[2], colour, setting.height_mm)
    if grown is None:
        return Fit(best[3], None), best[1]
    return Fit(best[3], grown[1]), grown[0]


def _boxed(
    contents: list[list[Item]],
    order: list[int],
    room: tuple[float, float],
    look: CardLook,
    colour: Color,
    height_mm: float,
) -> tuple[list[RulesetCardFace], float] | None:
    """A taller card's backs with their boxes grown past the scale's (large_boxes, largest first),
    at the deck's type: the first pitch every back holds, with its box (mm); None when none does or
    the card has none (tarot24, review 23, 7: the d100 and d12 tarot backs left 35 to 45 % of the
    card white under 4.9 mm boxes)."""
    for pitch in look.large_pitches(height_mm):
        if pitch[0] <= look.box_mm:
            break  # no larger than the scale's: the rest neither
        bigger = look.boxed(pitch)
        widths = deck_widths(contents, room[0], bigger)
        faces, _ = _all_fit(contents, order, room, bigger, colour, widths)
        if faces is not None:
            return faces, pitch[0]
    return None


def _laid_at(
    fit: Fit, distinct: list[list[Item]], scales: list[float], setting: _SideSetting
) -> list[RulesetCardFace] | None:
    """The faces at a kept size, laid out as _searched lays them out at that size (none for a side
    with tall faces: only those are laid out, to check them); None when the answer is not one the
    search could give (another scale, a body not on the grid, a content that is not there) or the
    faces contradict it (one too tall where it said all fit, one it said too tall that fits)."""
    tall = fit.tall
    if fit.factor not in scales or (tall and (fit.factor != scales[-1] or fit.body is not None)):
        return None
    if tall and tall[-1] >= len(distinct):
        return None
    look = setting.base.scaled(fit.factor)
    if fit.boxes is not None:
        pitches = {p[0]: p for p in look.large_pitches(setting.height_mm)}
        if not setting.back or tall or fit.boxes not in pitches:
            return None
        look = look.boxed(pitches[fit.boxes])
    if fit.body is not None:
        if setting.back or fit.body not in look.grown_bodies(setting.height_mm):
            return None
        look = look.model_copy(update={"body_pt": fit.body})
    width = setting.room[0]
    widths = deck_widths(distinct, width, look)
    if tall:
        fitting = [face_layout(distinct[i], width, look, setting.colour, widths) for i in tall]
        return [] if all(_too_tall(face, setting.room) for face in fitting) else None
    faces = [face_layout(c, width, look, setting.colour, widths) for c in distinct]
    return None if any(_too_tall(face, setting.room) for face in faces) else faces


def _grown(
    contents: list[list[Item]],
    order: list[int],
    room: tuple[float, float],
    look: CardLook,
    colour: Color,
    height_mm: float,
) -> tuple[list[RulesetCardFace], float] | None:
    """The faces with their body grown alone past the deck's look (its tiles, heads, gaps and
    small type kept), step by step while every face holds and its tables stay at the body's size;
    None when not one step holds; with the body they were laid out at. fronts13 (review 12b S2): the poker fronts stopped at 6.5 and
    6.83 pt over a tenth to a quarter of empty card, for the type and gaps that a whole scale
    step grows with the body (3d6: 9.3 mm more at 7.47 pt; the body alone at 7.5: 3.9)."""
    grown = None
    for body in look.grown_bodies(height_mm):
        bigger = look.model_copy(update={"body_pt": body})
        widths = deck_widths(contents, room[0], bigger)
        if not unbroken(widths) or table_pt(widths) < body - 1e-9:
            break  # a table set under the body: the body stops where the weapons still read at its size
        faces, _ = _all_fit(contents, order, room, bigger, colour, widths)
        if faces is None:
            break
        grown = (faces, body)
    return grown


def _score(look: CardLook, widths: Widths) -> float:
    """A size's worth: its body plus its smallest table (the body again without one), so a step of
    body is given up for a table that grows by more (d100 tarot: 9.1 pt and weapons at 9.1 over
    10.08 and weapons at 8), never for less (3d6 tarot: its weapons at 8.12 would take the body
    from 10.08 to 8.12)."""
    return look.body_pt + min(table_pt(widths), look.body_pt)


def _values(army: RulesetArmy) -> list[str]:
    """Each character's values as one key (the name, which only its band prints, and the copies
    apart), made once a deck: every side and every set of kinds tried reads them (speed14r: five
    dumps of each of 1000 characters became one)."""
    return [repr((m.character.model_dump(exclude={"name", "copies"}), m.values)) for m in army.members]


def _contents(
    army: RulesetArmy, values: list[str], items: Callable[..., list[Item]]
) -> tuple[dict[str, list[Item]], list[str]]:
    """Each distinct content (by its key, in the order they first appear: the first character's
    side, with that character's name) and each character's content key. A side is made once per
    distinct values (_values)."""
    made: dict[str, tuple[list[Item], str]] = {}
    firsts: dict[str, list[Item]] = {}
    keys = []
    for member, value in zip(army.members, values, strict=True):
        if value not in made:
            side = items(army.ruleset, member, army.name)
            made[value] = (side, content_key(side))
        side, key = made[value]
        if key not in firsts:
            firsts[key] = [_titled(i, member.name) for i in side]
        keys.append(key)
    return firsts, keys


def _titled(item: Item, name: str) -> Item:
    """item, a title carrying name (the side was made for another character of the same content)."""
    return replace(item, name=name) if isinstance(item, Title) and item.name != name else item


def _shared(faces: list[RulesetCardFace], keys: list[str], firsts: dict[str, list[Item]]) -> list[RulesetCardFace]:
    """Every character's face: the one face laid out for its content (faces: in firsts' order),
    shared, not copied: a 10,000-character army holds a face per distinct content."""
    by_key = dict(zip(firsts, faces, strict=True))
    return [by_key[key] for key in keys]


def _named(face: RulesetCardFace, member: RulesetMember) -> RulesetCardFace:
    """member's own face: its content's, with its name in the band (a face whose content has a
    title carries the name of the character it was laid out for: each of them the same title)."""
    return replace(face, name=member.name) if face.name and face.name != member.name else face


def _all_fit(
    contents: list[list[Item]], order: list[int], room: tuple[float, float], look: CardLook, colour: Color, widths
) -> tuple[list[RulesetCardFace] | None, int]:
    """Every face laid out in order's order (None and the first too tall as soon as one is), so
    the faces that fit are laid out once, not again to be kept."""
    faces: dict[int, RulesetCardFace] = {}
    for i in order:
        face = face_layout(contents[i], room[0], look, colour, widths)
        if _too_tall(face, room):
            return None, i
        faces[i] = face
    return [faces[i] for i in range(len(contents))], -1


def _stats_sizes(top: float, least: float) -> list[float]:
    """The backs' stats' sizes to try: top, then down by 0.5 pt to least."""
    sizes = [top]
    while sizes[-1] - 0.5 >= least - 1e-9:
        sizes.append(round(sizes[-1] - 0.5, 2))
    return sizes


def _cards_of(
    army: RulesetArmy, sides: list[list[RulesetCardFace]], setting: FaceSetting, feet: tuple[Foot, Foot]
) -> Iterator[RulesetCard]:
    """Each copy's card, front and back, made as the imposer draws it (a 10,000-card army is
    never all in memory, as KOLAPS's); a story printed on several faces (characters of the same
    values) is laid out as shapes once and drawn as one form, a story printed once inline."""
    uses: Counter[int] = Counter()
    for member, *faces in zip(army.members, *sides, strict=True):
        for face in faces:
            uses[id(face.story)] += member.character.copies
    forms = Forms(_form_prefix(army, setting.size), 0)
    names: dict[int, str] = {}  # every story's form name, in the order first drawn
    rooms: dict[int, FaceLayout] = {}  # the shared stories' shapes (a story printed once: not kept)
    named: dict[tuple, Shape] = {}  # a card's name: one Text on its front and its back
    bands_of = {foot: Bands(setting, foot, named) for foot in feet}  # laid out once a side, not once a card
    backs = bands_of[feet[1]]
    look = setting.look
    copied = any(member.character.copies > 1 for member in army.members)
    # the largest size every back holds (review 22a, 5), a copy's « 1/2 » in the name band; else in
    # the foot band (review 23, 5: the d100 mini's stats at 6 pt, « DEX 14 · PV 12 · 2/2 » cramped)
    for in_foot in (False, True) if copied else (False,):
        backs.copy_in_foot = in_foot
        for size in _stats_sizes(look.stats_pt, look.least_stats_pt):
            backs.stats_pt = size
            backs.with_stats = all(
                backs.stats_fit(_copy(_named(back, member), n, member))
                for member, back in zip(army.members, sides[1], strict=True)
                for n in range(1, member.character.copies + 1)
            )
            if backs.with_stats:
                break
        if backs.with_stats:
            break

    def side(face: RulesetCardFace, foot: Foot) -> tuple[list[Shape], Shared | None]:
        bands, key = bands_of[foot].shapes(face), id(face.story)
        name = names.get(key)
        if name is None:
            name = names[key] = f"S{len(names)}"
        if uses[key] == 1:
            return bands + room_shapes(face, setting), None
        room = rooms.get(key)
        if room is None:
            room = rooms[key] = FaceLayout(room_shapes(face, setting))
        return bands, (name, room)

    for member, front, back in zip(army.members, *sides, strict=True):
        front, back = _named(front, member), _named(back, member)
        for n in range(1, member.character.copies + 1):
            (front_own, front_shared) = side(_copy(front, n, member), feet[0])
            (back_own, back_shared) = side(_copy(back, n, member), feet[1])
            yield RulesetCard(front_own, back_own, setting.look.body_pt, (front_shared, back_shared), forms)


def _form_prefix(army: RulesetArmy, size: tuple[float, float]) -> str:
    """Stable and distinct per army and card size, so several decks could share one PDF."""
    return form_prefix("Rs", f"{army.ruleset.spec.id}|{army.name}|{size[0]:.3f}x{size[1]:.3f}")


def _copy(face: RulesetCardFace, n: int, member: RulesetMember) -> RulesetCardFace:
    """The face of copy n of member's card: « 1/2 » in its band when there are several."""
    copies = member.character.copies
    return replace(face, copy=label("rulesets.card.copy", n=n, of=copies)) if copies > 1 else face


def write_ruleset_cards(
    army_path: Path | str,
    output: Path | str | None = None,
    options: CardOptions = DEFAULTS,
    strict: bool = False,
    read: tuple[SourceDocument, str] | None = None,
) -> CardsWritten:
    """Load, build and write atomically. With strict, any warning is an error and nothing is written.
    read: the army file as read_army_ruleset read it already (the CLI reads it to choose the
    ruleset), so that a large army is parsed once."""
    doc, ruleset_id = read or read_army_ruleset(Path(army_path))
    army = load_ruleset_army(doc, find_ruleset(ruleset_id), strict)
    out = planned_output(output or default_output(army_path), PDF, source_inputs().plus([army_path], "the army file"))
    result = build_ruleset_cards(army, options, keep_fits=True)
    fail_on_warnings(result.warnings, strict)
    return CardsWritten(out.write(result.pdf), result)
