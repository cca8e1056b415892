"""The front's `reminders` block: FACULTÉS, each trait of the character's weapons once with what
it does, a line each or run in one paragraph (small cards); only where their texts are when the
body prints the traits by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.layout import card_text
from kolaps_print.layout.card_blocks.protocol import FrontBlock, Mode
from kolaps_print.layout.card_body import Block, Style, paragraph
from kolaps_print.layout.text_fit import Run
from kolaps_print.model.army_book import Member
from kolaps_print.typography import run_on

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"


class RemindersFront(FrontBlock):
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
        pointer = _pointer_runs(paged, bool(kept) and r.run_in)
        if r.run_in:
            runs = [run for i, x in enumerate(kept) for run in _reminder_runs(x, i > 0)] + pointer
            return heading + [_reminder_paragraph(front, style, runs, path, what)]
        lines = [self._reminder_line(front, x, style, path) for x in kept]
        if pointer:
            pointed = "the reminder of traits " + ", ".join(f"'{x.name}'" for x in paged)
            lines.append(paragraph(style, pointer, r.size, r.gap, path, pointed, front.muted, r.hang))
        return heading + lines

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
    block = paragraph(style, runs, r.size, r.gap, path, what, front.muted)
    gap = 0.0 if r.heading else front.layout.front.section.gap_before * style.scale
    return Block(block.lines, gap, block.path, block.what)


def by_length(reminders: list[card_text.TraitReminder]) -> list[card_text.TraitReminder]:
    """The reminders, the longest texts first: the order a full card gives them by page (so that
    it keeps every other text rather than falling back to names only)."""
    return sorted(reminders, key=lambda r: -len(r.short))


def _pointer_runs(paged: list[card_text.TraitReminder], separated: bool) -> list[Run]:
    """« voir p. 11 : Deux mains, Fragmentation ; p. 12 : Couteau »: where to read the paged
    traits, one line for all of them (their names in the card's order, grouped by page, the pages
    in the book's order, the traits the book gives no page last)."""
    groups: dict[int | None, list[str]] = {}
    for reminder in paged:
        groups.setdefault(reminder.page, []).append(reminder.name)
    runs = [Run(label("cards.front.reminder_separator"), REGULAR)] if separated and paged else []
    comma = label("cards.front.reminders_see_name_separator")
    for k, page in enumerate(sorted(groups, key=lambda p: (p is None, p or 0))):
        where = (
            label("cards.front.reminders_see_book")
            if page is None
            else label("cards.front.reminders_see_page", page=page)
        )
        key = "reminders_see_next" if k else "reminders_see" if separated else "reminders_see_alone"
        # each name whole, a line breaking only after a comma; the lead ends glued to the first name
        runs += [Run(label(f"cards.front.{key}", where=where), ITALIC), Run(run_on(groups[page], comma), BOLD)]
    return runs


def _reminder_runs(reminder: card_text.TraitReminder, separated: bool) -> list[Run]:
    """'Name.' in bold, or 'Name' and its page in the book ('p. 12.'), then what it does."""
    lead = [Run(label("cards.front.reminder_separator"), REGULAR)] if separated else []
    if reminder.page is None:
        return lead + [Run(label("cards.front.reminder_name", name=reminder.name), BOLD), Run(reminder.short, REGULAR)]
    page = label("cards.front.reminder_page", page=reminder.page)
    return lead + [Run(reminder.name, BOLD), Run(page, REGULAR), Run(reminder.short, REGULAR)]
