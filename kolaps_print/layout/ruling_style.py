"""The quiet look of a provenance mark (« † E27 ») inside reportlab paragraph markup.

The reference sheet, the reference cards and the rulebook all set their text as reportlab
Paragraphs: each wraps its escaped markup with quiet_marks(), so a mark reads the same
everywhere: placed by provenance.place_marks (after the closing punctuation, bound to it),
same size as its text, condensed italic, muted grey. A text's closing mark holds its last two
words as it is drawn (held_marks: « remonte pas. † E31 », never « pas. † E31 » alone on a last
line), the texts themselves left as the data has them.
"""

from __future__ import annotations

from kolaps_print.fonts import SANS, SANS_ITALIC
from kolaps_print.layout.reference.look import mark_grey
from kolaps_print.layout.style import markup as colour_markup
from kolaps_print.layout.style import type_size
from kolaps_print.provenance import mark_pattern, place_marks
from kolaps_print.typography import closing_mark_held


def held_marks(markup: str) -> str:
    """Markup with every mark placed (provenance.place_marks) and the text's closing mark holding
    its last two words (typography.closing_mark_held; book21, review 20 N4: a card's last line
    « pas. † E31 »). For the drawing only: the texts the content builds stay as the data's."""
    return closing_mark_held(place_marks(markup))


def quiet_marks(markup: str, grey: str | None = None, size: float | None = None) -> str:
    """Escaped paragraph markup with every mark placed and set in the quiet style.

    grey: the marks' colour as markup (style.markup); the rulebook passes the grey of its own
    notes (rulebook.yaml); by default the reference material's (reference.yaml, colours.marks).
    size: the marks' size in pt where it is not the text's: a heading's marks are set at the size
    of the text under it (review 23, N11: a 12 pt « † E46 » in the kit's heading outshouted the
    9.5 pt marks of its lines).
    """
    grey = grey or colour_markup(mark_grey().cmyk())
    sized = f' size="{size:g}"' if size else ""
    return mark_pattern().sub(
        lambda m: f'<font face="{SANS_ITALIC}" color="{grey}"{sized}>{m.group(0)}</font>', held_marks(markup)
    )


def raised_size() -> float:
    """A book mark's size: the house style's floor (6 pt), smaller than any text it marks but
    never below what a reader can make out (it was 5.6 pt; the designer's review asks for 6)."""
    return type_size("floor")


def raised_marks(markup: str, ink: str) -> str:
    """Escaped markup with every mark placed and set as a small superscript in the text's own
    ink: the book's marks step out of the reading line by size and position, never by grey."""
    return mark_pattern().sub(
        lambda m: (
            f'<font face="{SANS}" color="{ink}"><super rise="3.2" size="{raised_size():g}">{m.group(0)}</super></font>'
        ),
        held_marks(markup),
    )
