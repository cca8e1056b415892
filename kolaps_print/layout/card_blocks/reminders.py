"""The front's `reminders` block: FACULTÉS, each trait of the character's weapons once with what
it does, a line each or run in one paragraph (small cards); only where their texts are when the
body prints the traits by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.protocol import FrontBlock, Mode
from kolaps_print.layout.card_body import Block, Style, paragraph
from kolaps_print.layout.text_fit import Run, width_mm
from kolaps_print.model.army_book import Member
from kolaps_print.typography import NBSP, bound, run_on

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"


class RemindersFront(FrontBlock):
    def body_key(self, front: FrontBuilder, member: Member) -> tuple[int, ...]:
        return tuple(map(id, member.weapons))  # their traits

    def __init__(self) -> None:
        self._lines: dict[tuple[card_text.TraitReminder, float], Block] = {}

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        """FACULTÉS: each weapon trait once with what it does, a line each or run in one paragraph;
        the army's paged traits (mode.paged) last, by name on one pointer « voir p. 11 : A, B »."""
        names_only = mode.traits
        reminders = card_text.trait_reminders(member.weapons, front.rules, front.paper)
        if not reminders:
            return []
        kept = [x for x in reminders if x.id not in mode.paged]
        paged = [x for x in reminders if x.id in mode.paged]
        r = front.layout.front.reminder
        heading = [front.section(style, "reminders", False, muted=True)] if r.heading else []
        path = ("characters", member.index, "weapons")
        what = "the reminder of traits " + ", ".join(f"'{x.name}'" for x in reminders)
        if names_only:  # the names are beside each weapon already: say where their texts are
            runs = [Run(label("cards.front.reminders_elsewhere"), ITALIC, front.muted)]
            block = paragraph(style, runs, r.size, r.gap, path, what, front.muted)
            return [Block(block.lines, front.layout.front.section.gap_before * style.scale, path, what)]
        if r.run_in:
            runs = [run for i, x in enumerate(kept) for run in _reminder_runs(x, i > 0)]
            if paged and runs and _fits(_pointer_runs(paged, False), style.size(r.size), style.width):
                # an entry of the paragraph like each trait, kept whole on one line; after « · », « voir »
                # in lowercase (cards12b: « gravité +1 · Voir p. 11 » read as a capital mid-sentence)
                runs += [Run(_separator(), REGULAR)] + _pointer_runs(paged, False, run_in=True)
                return heading + [_reminder_paragraph(front, style, runs, path, what)]
            pointer = [_pointer_line(front, style, paged, path)] if paged else []
            if not runs:  # every trait paged: the pointer opens FACULTÉS
                return heading + [_spaced(front, style, p) for p in pointer]
            return heading + [_reminder_paragraph(front, style, runs, path, what)] + pointer
        lines = [self._reminder_line(front, x, style, path) for x in kept]
        return heading + lines + ([_pointer_line(front, style, paged, path)] if paged else [])

    def _reminder_line(
        self, front: FrontBuilder, reminder: card_text.TraitReminder, style: Style, path: tuple
    ) -> Block:
        """'Name.' in bold, then what the trait does; a rule like any other: never left out."""
        key = (reminder, style.scale)
        if key not in self._lines:  # the same traits come back on most cards of an army
            r = front.layout.front.reminder
            runs = _reminder_runs(reminder, False)
            self._lines[key] = paragraph(style, runs, r.size, r.gap, (), "", front.muted, r.hang)
        block = self._lines[key]
        return Block(block.lines, block.gap_before, path, f"the reminder of trait '{reminder.name}'")


def _reminder_paragraph(front: FrontBuilder, style: Style, runs: list[Run], path: tuple, what: str) -> Block:
    """The traits in one paragraph; without a heading, a little space parts it from the weapons."""
    r = front.layout.front.reminder
    return _spaced(front, style, paragraph(style, runs, r.size, r.gap, path, what, front.muted))


def by_length(reminders: list[card_text.TraitReminder]) -> list[card_text.TraitReminder]:
    """The reminders, the longest texts first: the order a full card gives them by page (so that
    it keeps every other text rather than falling back to names only)."""
    return sorted(reminders, key=lambda r: -len(r.short))


def _pointer_line(front: FrontBuilder, style: Style, paged: list[card_text.TraitReminder], path: tuple) -> Block:
    """The paged traits' pointer on a line of its own, and never two: « Voir p. 11 : A, B »; when
    that is wider than the card, « p. 11 : A, B », then in smaller type down to the floor; wider
    still (no card of the demo armies), wrapped after a comma rather than a name cut."""
    r = front.layout.front.reminder
    what = "the reminder of traits " + ", ".join(f"'{x.name}'" for x in paged)
    nominal = r.size
    while True:
        for short in (False, True):
            runs = _pointer_runs(paged, short)
            if _fits(runs, style.size(nominal), style.width):
                return paragraph(style, runs, nominal, r.gap, path, what, front.muted)
        if style.size(nominal) <= front.layout.min_font:
            return paragraph(style, _pointer_runs(paged, True, whole=False), nominal, r.gap, path, what, front.muted)
        nominal -= 0.25 / style.scale


def _fits(runs: list[Run], size: float, width: float) -> bool:
    return sum(width_mm(run.text, run.font, size) for run in runs) <= width


def _spaced(front: FrontBuilder, style: Style, block: Block) -> Block:
    """block opening FACULTÉS with no text before it: the space that parts it from the weapons."""
    gap = 0.0 if front.layout.front.reminder.heading else front.layout.front.section.gap_before * style.scale
    return Block(block.lines, gap, block.path, block.what)


def _pointer_runs(
    paged: list[card_text.TraitReminder], short: bool, whole: bool = True, run_in: bool = False
) -> list[Run]:
    """« Voir p. 11 : Deux mains, Fragmentation ; p. 12 : Couteau » (short: without « Voir »;
    whole: no space a line may break at, else only after a comma; run_in: after « · » in the
    traits' paragraph, « voir p. 11 : … »):
    where to read the paged traits (their names in the card's order, grouped by page, the pages
    in the book's order, the traits the book gives no page last)."""
    groups: dict[int | None, list[str]] = {}
    for reminder in paged:
        groups.setdefault(reminder.page, []).append(reminder.name)
    runs: list[Run] = []
    comma = label("cards.front.reminders_see_name_separator")
    for k, page in enumerate(sorted(groups, key=lambda p: (p is None, p or 0))):
        where = (
            label("cards.front.reminders_see_book")
            if page is None
            else label("cards.front.reminders_see_page", page=page)
        )
        key = "reminders_see_next" if k else "reminders_see_short" if short else "reminders_see"
        key = "reminders_see_run_in" if key == "reminders_see" and run_in else key
        # each name whole (whole: the pointer whole); the lead ends glued to the first name
        runs += [Run(label(f"cards.front.{key}", where=where), ITALIC), Run(run_on(groups[page], comma), BOLD)]
    if whole:  # a line may break before the pointer, never inside it
        return [Run(run.text.replace(" ", NBSP), run.font) for run in runs]
    return runs


def _reminder_runs(reminder: card_text.TraitReminder, separated: bool) -> list[Run]:
    """'Name.' in bold, or 'Name' and its page in the book ('p. 12.'), then what it does."""
    lead = [Run(_separator(), REGULAR)] if separated else []
    if reminder.page is None:
        return lead + [Run(label("cards.front.reminder_name", name=reminder.name), BOLD), Run(reminder.short, REGULAR)]
    page = label("cards.front.reminder_page", page=reminder.page)
    return lead + [Run(reminder.name, BOLD), Run(page, REGULAR), Run(reminder.short, REGULAR)]


def _separator() -> str:
    """« · » between two entries of the traits' paragraph, bound to the entry before it: a line
    may end with it, never start with it."""
    return bound(label("cards.front.reminder_separator"))
