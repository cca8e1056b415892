"""The front's `band` block: the foot band of the affiliation's colour with the army and its
affiliation and the stamp (the rules' version and fingerprint, or a kit's date); on small cards
the stamp alone, and the marks' legend on a card that prints a mark."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.labels import label
from kolaps_print.layout.card_blocks.protocol import Card, FrontBlock
from kolaps_print.layout.card_face import Cut, FaceLayout, above_safe_bottom
from kolaps_print.layout.shapes import Box, Shape, Text
from kolaps_print.layout.text_fit import Fitted, fit_line, width_mm
from kolaps_print.model.army_book import Member

if TYPE_CHECKING:
    from kolaps_print.layout.card_front import FrontBuilder

BOLD, REGULAR, ITALIC = "KSans-Bold", "KSans", "KSans-Italic"
FOOTER_GAP = 2.0  # mm between two texts of the footer line


class FootBandFront(FrontBlock):
    def furniture(self, front: FrontBuilder) -> FaceLayout:
        f, w, h, paint = front.layout.front, front.size.width, front.size.height, front.layout.bleed_paint
        out = FaceLayout([Box(-paint, h - f.footer.height, w + 2 * paint, f.footer.height + paint, fill=front.colour)])
        out.extend(_footer_text(front))
        return out

    def build(self, front: FrontBuilder, card: Card) -> FaceLayout:
        if front.layout.front.footer.shows == "marks":
            return _footer_legend(front, card.member)
        return FaceLayout()


def _game(front: FrontBuilder) -> tuple[str, float]:
    """The game's name at the foot, or a kit's date and hash in its place (a loose card finds its book)."""
    foot = front.layout.front.footer
    return (front.identity.stamp, foot.stamp_size) if front.identity.stamp else (label("cards.front.game"), foot.size)


def _game_name(front: FrontBuilder, baseline: float, game: str, size: float, width: float) -> Text:
    return Text(front.left + front.width, baseline, game, REGULAR, size, front.white, align="right", width=width)


def prints_dated_stamp(front: FrontBuilder) -> bool:
    """Whether the front's footer prints its identity's stamp (a kit's card stamp, with the kit's
    date) rather than the stamp without the date (stamp_short, where the footer line cannot hold
    the army beside the dated one). No other part of a card reads the dated stamp: an army whose
    footer drops it prints the same cards whatever the kit's date (kit/documents.py keeps them so)."""
    if not front.identity.stamp:
        return False
    if front.layout.front.footer.shows == "marks":  # the stamp alone, and the marks' legend beside it
        return True
    return _footer_game(front, _footer_army(front))[0] == front.identity.stamp


def _footer_army(front: FrontBuilder) -> str:
    return label("cards.front.footer", army=front.identity.army, affiliation=front.identity.affiliation)


def _footer_game(front: FrontBuilder, text: str) -> tuple[str, float, float, Fitted]:
    """The stamp or game's name at the right of the footer line (its text, size and width) and
    the army's line fitted beside it."""
    foot = front.layout.front.footer
    game, size = _game(front)
    game_w = width_mm(game, REGULAR, size)
    fitted = fit_line(text, BOLD, foot.size, front.layout.min_font, front.width - game_w - FOOTER_GAP)
    if fitted.cut and front.identity.stamp_short:  # a kit's card: its date goes before its book's fingerprint
        game, size = front.identity.stamp_short, foot.stamp_size
        game_w = width_mm(game, REGULAR, size)
        fitted = fit_line(text, BOLD, foot.size, front.layout.min_font, front.width - game_w - FOOTER_GAP)
    return game, size, game_w, fitted


def _footer_text(front: FrontBuilder) -> FaceLayout:
    """The army and its affiliation, small at the foot: the band above is the character's."""
    foot, baseline = front.layout.front.footer, _footer_baseline(front)
    if foot.shows == "marks":  # the stamp alone; a card with a mark adds its legend (build())
        game, size = _game(front)
        return FaceLayout([_game_name(front, baseline, game, size, width_mm(game, REGULAR, size))])
    text = _footer_army(front)
    game, size, game_w, fitted = _footer_game(front, text)
    shapes: list[Shape] = [_game_name(front, baseline, game, size, game_w)]
    if fitted.cut:  # a narrow card: the army before the game's name
        fitted, shapes = fit_line(text, BOLD, foot.size, front.layout.min_font, front.width), []
    shapes.append(Text(front.left, baseline, fitted.text, BOLD, fitted.size, front.white))
    cuts = (
        [
            Cut(
                ("name",),
                f"army and affiliation names '{text}' are too long for the card; printed as '{fitted.text}'",
            )
        ]
        if fitted.cut
        else []
    )
    return FaceLayout(shapes, cuts)


def _footer_baseline(front: FrontBuilder) -> float:
    """card.yaml's footer baseline, raised if need be to keep the line inside the safe area."""
    foot, h = front.layout.front.footer, front.size.height
    return min(h - foot.height + foot.baseline, above_safe_bottom(h, front.layout.safe, foot.size))


def _footer_legend(front: FrontBuilder, member: Member) -> FaceLayout:
    """What « † E… » means, before the stamp at the foot, on a card that prints a mark (small cards:
    the body has no room). A legend the line cannot hold whole is set smaller, then cut with a
    warning: never dropped unsaid."""
    if front.layout.front.specialisation.legend or not front.marked(member):
        return FaceLayout()
    foot, baseline = front.layout.front.footer, _footer_baseline(front)
    game, size = _game(front)
    legend, before = label("common.ruling_legend_short"), width_mm(game, REGULAR, size) + FOOTER_GAP
    fitted = fit_line(legend, ITALIC, foot.size, front.layout.min_font, front.width - before)
    right, width = front.left + front.width - before, width_mm(fitted.text, ITALIC, fitted.size)
    shapes: list[Shape] = [
        Text(right, baseline, fitted.text, ITALIC, fitted.size, front.white, align="right", width=width)
    ]
    if not fitted.cut:
        return FaceLayout(shapes)
    message = f"'{member.character.name}': the marks' legend is too long for the footer; printed as '{fitted.text}'"
    return FaceLayout(shapes, [Cut(("characters", member.index), message)])
