"""The quiet look of a provenance mark (« † E27 ») inside reportlab paragraph markup.

The reference sheet, the reference cards and the rulebook all set their text as reportlab
Paragraphs: each wraps its escaped markup with quiet_marks(), so a mark reads the same
everywhere: same size as its text (never under 6 pt), condensed italic, muted grey.
"""

from __future__ import annotations

from kolaps_print.provenance import mark_pattern
from kolaps_print.fonts import SANS_ITALIC
from kolaps_print.draw.reference_style import MUTED

_MUTED_HEX = "#" + MUTED.hexval()[2:]  # the reference material's muted grey, legible in print


def quiet_marks(markup: str) -> str:
    """Escaped paragraph markup with every mark set in the quiet style."""
    return mark_pattern().sub(lambda m: f'<font face="{SANS_ITALIC}" color="{_MUTED_HEX}">{m.group(0)}</font>', markup)
