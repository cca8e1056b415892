"""The back's `band` block: a band of colour at the foot, as on the front: a back printed 1–2 mm
off meets colour with colour. No text: it is inside the safe area."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.layout.card_blocks.protocol import BackBlock
from kolaps_print.layout.shapes import Box, Shape

if TYPE_CHECKING:
    from kolaps_print.layout.card_back import BackBuilder


class FootBandBack(BackBlock):
    def fixed(self, back: BackBuilder, width: float, height: float) -> list[Shape]:
        foot, paint = back.back.footer, back.layout.bleed_paint
        return [Box(-paint, height - foot, width + 2 * paint, foot + paint, fill=back.colour)]
