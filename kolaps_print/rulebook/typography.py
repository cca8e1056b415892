"""French typography, applied in one place to every piece of text the rulebook prints.

It runs over the Markdown the templates render (so a word in **bold** followed by " :" is
handled: * and _ count as the end of a word), over table cells and page furniture.

Rules: curly apostrophe; no-break space before : ; ! ? » and after «; straight double
quotes become « »; three dots become an ellipsis. reportlab breaks lines at U+202F (it
counts it as ordinary white space), so every no-break space is U+00A0, which it never breaks.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
_SPACES = "[ \t\u00a0\u202f]"

# "texte" -> « texte »: only a pair on the same run of text. Applied until nothing changes:
# in '"":""' the first pass pairs the inner quotes only, which makes a new outer pair.
_QUOTES = re.compile(r'"([^"\n]+)"')

Rules = tuple[tuple[re.Pattern[str], str], ...]

_BEFORE_QUOTES: Rules = (
    (re.compile("\u202f"), NBSP),
    (re.compile(r"(?<=\w)'|'(?=\w)"), "\u2019"),
    (re.compile(r"\.\.\."), "\u2026"),
)
_AFTER_QUOTES: Rules = (
    # « and », with any spaces inside them made unbreakable.
    (re.compile(f"\u00ab{_SPACES}*"), "\u00ab" + NBSP),
    (re.compile(f"{_SPACES}*\u00bb"), NBSP + "\u00bb"),
    # ; ! ? after a word or a closing sign: one no-break space before (not inside "?!" runs).
    (re.compile(f"(?<=[\\w\u00bb)\\]\u2019*_`]){_SPACES}*([;!?]+)"), NBSP + "\\1"),
    # : is also used in 10:30 and in "http://": only when followed by a space or the end.
    (re.compile(f"(?<=[\\w\u00bb)\\]\u2019*_`]){_SPACES}*:(?=\\s|$)"), NBSP + ":"),
)


def french(text: str) -> str:
    """text with French typography; idempotent (french(french(t)) == french(t))."""
    text = _pair_quotes(_apply(_BEFORE_QUOTES, text))
    return _apply(_AFTER_QUOTES, text)


def _apply(rules: Rules, text: str) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def _pair_quotes(text: str) -> str:
    while True:
        paired = _QUOTES.sub("\u00ab\\1\u00bb", text)
        if paired == text:
            return text
        text = paired
