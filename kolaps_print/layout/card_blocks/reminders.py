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

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"


class RemindersFront(FrontBlock):
    def __init__(self) -> None:
        self._lines: dict[tuple[card_text.TraitReminder, float, bool], Block] = {}

    def body(self, front: FrontBuilder, member: Member, style: Style, mode: Mode, first: bool) -> list[Block]:
        """FACULTÉS: each weapon trait once with what it does, a line each or run in one paragraph."""
        names_only = mode.traits
        reminders = card_text.trait_reminders(member.weapons, front.rules, front.paper)
        if not reminders:
            return []
        paged = _paged(reminders, mode.paged)
        r = front.layout.front.reminder
        heading = [front.section(style, "reminders", False, muted=True)] if r.heading else []
        path = ("characters", member.index, "weapons")
        what = "the reminder of traits " + ", ".join(f"'{x.name}'" for x in reminders)
        if names_only:  # the names are beside each weapon already: say where their texts are
            runs = [Run(label("cards.front.reminders_elsewhere"), ITALIC, front.muted)]
            block = paragraph(style, runs, r.size, r.gap, path, what, front.muted)
            return [Block(block.lines, front.layout.front.section.gap_before * style.scale, path, what)]
        if r.run_in:
            runs = [run for i, x in enumerate(reminders) for run in _reminder_runs(x, i > 0, x in paged)]
            return heading + [_reminder_paragraph(front, style, runs, path, what)]
        return heading + [self._reminder_line(front, x, style, path, x in paged) for x in reminders]

    def _reminder_line(
        self, front: FrontBuilder, reminder: card_text.TraitReminder, style: Style, path: tuple, paged: bool
    ) -> Block:
        """'Name.' in bold, then what the trait does (or its page); a rule like any other: never left out."""
        key = (reminder, style.scale, paged)
        if key not in self._lines:  # the same traits come back on most cards of an army
            r = front.layout.front.reminder
            runs = _reminder_runs(reminder, False, paged)
            self._lines[key] = paragraph(style, runs, r.size, r.gap, (), "", front.muted, r.hang)
        block = self._lines[key]
        return Block(block.lines, block.gap_before, path, f"the reminder of trait '{reminder.name}'")


def _reminder_paragraph(front: FrontBuilder, style: Style, runs: list[Run], path: tuple, what: str) -> Block:
    """The traits in one paragraph; without a heading, a little space parts it from the weapons."""
    r = front.layout.front.reminder
    block = paragraph(style, runs, r.size, r.gap, path, what, front.muted)
    gap = 0.0 if r.heading else front.layout.front.section.gap_before * style.scale
    return Block(block.lines, gap, block.path, block.what)


def _paged(reminders: list[card_text.TraitReminder], count: int) -> list[card_text.TraitReminder]:
    """The count reminders with the longest texts: printed by name and page (or chapter), so that a
    full card keeps every other text rather than falling back to names only."""
    return sorted(reminders, key=lambda r: -len(r.short))[:count]


def _reminder_runs(reminder: card_text.TraitReminder, separated: bool, paged: bool = False) -> list[Run]:
    """'Name.' in bold, or 'Name' and its page in the book ('p. 12.'), then what it does; paged:
    'Name' and where to read it (« Fragmentation : voir p. 12 »), its text left to the book."""
    lead = [Run(label("cards.front.reminder_separator"), REGULAR)] if separated else []
    if paged:
        see = (
            label("cards.front.reminder_see", page=reminder.page)
            if reminder.page
            else label("cards.front.reminder_see_book")
        )
        return lead + [Run(reminder.name, BOLD), Run(see, ITALIC)]
    if reminder.page is None:
        return lead + [Run(label("cards.front.reminder_name", name=reminder.name), BOLD), Run(reminder.short, REGULAR)]
    page = label("cards.front.reminder_page", page=reminder.page)
    return lead + [Run(reminder.name, BOLD), Run(page, REGULAR), Run(reminder.short, REGULAR)]
