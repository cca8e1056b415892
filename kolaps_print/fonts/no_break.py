"""The one patch to reportlab's paragraphs: a narrow no-break space (U+202F) never breaks a line.

French puts U+202F before ; ! ? and inside « », so the sign must stay on the word's line and the
gap must not stretch in justified text. reportlab's paragraphs split words with str.split and with
their own white-space set (module-level `_wsc`), and both count U+202F as a break; reportlab offers
no style or argument to change that (it special-cases only U+00A0). So this takes U+202F out of that
set and routes text holding it through the splitter reportlab already uses for U+00A0.

It reaches three module-level names of reportlab.platypus.paragraph; `patch()` checks they are still
what it expects and fails loudly (RuntimeError, exit 70) if a reportlab release changes them, and
tests/fonts/test_no_break.py checks the behaviour on every version CI runs (docs/libraries.md).
"""

from __future__ import annotations

import re
from functools import cache

NARROW_NBSP = "\u202f"


@cache
def patch() -> None:
    """Apply once per process (fonts.register_fonts does, before any paragraph is laid out)."""
    from reportlab.platypus import paragraph

    names = ("_wsc", "_wsc_re_split", "_wsc_end_search", "split")
    if not all(hasattr(paragraph, n) for n in names) or NARROW_NBSP not in getattr(paragraph, "_wsc", ""):
        raise RuntimeError(
            "reportlab.platypus.paragraph no longer has the white-space set kolaps_print/fonts/no_break.py "
            "patches: check how this reportlab breaks lines at U+202F, then update or drop the patch"
        )
    paragraph._wsc = paragraph._wsc.replace(NARROW_NBSP, "")
    paragraph._wsc_re_split = re.compile(f"[{re.escape(paragraph._wsc)}]+").split
    paragraph._wsc_end_search = re.compile(f"[{re.escape(paragraph._wsc)}]+$").search
    original = paragraph.split

    def split(text, delim=None):
        if delim is None and isinstance(text, str) and NARROW_NBSP in text:
            return paragraph._wsc_re_split(text)  # the path reportlab takes for U+00A0
        return original(text, delim)

    paragraph.split = split
