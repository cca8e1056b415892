"""The back's `name` block: the band of the affiliation's colour, as tall as the front's (both
faces share a frame); its texts (the name, so a shuffled pile pairs up, the copy number and the
stat line) are each character's own (BackBuilder.name)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.layout.card_blocks.protocol import BackBlock, Part
from kolaps_print.layout.card_face import Cut
from kolaps_print.layout.shapes import Box, Shape

if TYPE_CHECKING:
    from kolaps_print.layout.card_back import BackBuilder


class NameBack(BackBlock):
    def parts(self, back: BackBuilder, cuts: list[Cut]) -> list[Part]:
        """The band behind the name and stat line (both per character: see BackBuilder.name())."""
        height, paint, width = back.band_height, back.layout.bleed_paint, back.right + back.layout.margin

        def emit(y: float) -> list[Shape]:
            return [Box(-paint, -paint, width + 2 * paint, height + paint, fill=back.colour)]

        return [Part(height + back.below_depth, emit)]  # and the stat line under it, when it goes there
