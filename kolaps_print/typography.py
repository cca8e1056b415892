"""French typography, applied in one place to every text the products print: labels (through
labels.label), data texts (the model's Name and Text fields, so army files too) and the
rulebook's rendered Markdown, table cells and page furniture. Numbers are numbers.py's.

Rules: curly apostrophe; a narrow no-break space (U+202F) before ; ! ? and inside « »; a fixed
no-break space (U+00A0) before :; straight double quotes become « »; three dots an ellipsis;
ordinals in superscript (1ᵉʳ, 1ʳᵉ, 6ᵉ); a number and its unit (25 cm, 50 %, 3 PV) held together
by a fixed no-break space, so a line never ends on the number, and so are a number and the
word it counts or that names it (their lists are labels: VOCABULARY). Dates in words are
numbers.date_words. No-break spaces are never broken nor stretched: reportlab keeps U+00A0
inside a word, and fonts.register_fonts makes its paragraphs do the same with U+202F (they
would take it for an ordinary space).
It is idempotent (french(french(t)) == french(t)): a label filled with data texts is set twice.

In a justified reportlab paragraph a U+00A0 would stretch: reportlab encodes it as the space
byte, which PDF word spacing (Tw) widens on every justified line, and a PDF reader extracts it
as an ordinary space. Such text goes through unstretchable(), which draws every no-break space
as U+202F: its own glyph code, so it keeps its width on every line (0.2 em in KSerif, against
0.25 em for a word space; the same as a word space in KSans) and reads back as no-break.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from kolaps_print import resources

NBSP = "\u00a0"  # before :
NNBSP = "\u202f"  # before ; ! ? and inside « »
_SPACES = "[ \t\u00a0\u202f]"
_AFTER_WORD = "(?<=[\\w\u00bb)\\]\u2019*_`%])"  # a word, or a closing sign or Markdown emphasis

# "texte" -> « texte »: only a pair on the same run of text. Applied until nothing changes:
# in '"":""' the first pass pairs the inner quotes only, which makes a new outer pair.
_QUOTES = re.compile(r'"([^"\n]+)"')
# The units a number is bound to: a closed list (a word such as « à » or « tours » may break away).
# Set in the rules like the ordinal suffixes: the typography's own vocabulary, not a label.
UNITS = ("cm", "mm", "km", "m", "%", "‰", "pt", "pts", "PV", "PA", "kg", "g", "min", "h", "€", "°", "ppp", "dpi")
_UNIT = "(?:" + "|".join(re.escape(u) for u in UNITS) + ")(?![\\w])"
# A plus or minus sign (U+2212, never the hyphen, which starts a Markdown list) between spaces, before a number.
# A roll and what is added to it or taken from it: « 1d12 + bonus », « 2d6 − 1 + FOR ».
_DICE_CHAIN = "(?<![\\w.])\\d*[dD]\\d+(?:[ \t\u00a0]*[+\u2212][ \t\u00a0]*[\\w.]*\\w)+"
# The operators a line never ends on, when spaced: + − × ÷ = (not the hyphen, nor < >: markup).
_OPERATORS = "+\u2212\u00d7\u00f7="
MARK = "\u2020"  # an erratum's mark (labels common.ruling: « † E27 »)
# The plain space before the word a text's closing mark follows, when that word is short (at most
# SHORT_MARKED_WORD letters or digits, its punctuation not counted): it goes down with the one
# before it, so no last line holds a short word and its mark (« pas. † E31 »). A longer word is
# enough company for its mark (« zone. † E32 »): holding two words there left ragged lines in
# justified text (review 22b, 7: « sauf / mention contraire. † E36 »). A word held to its neighbour
# already is a chain, left as it is. Not one of french's rules (book21 put it there and changed
# every text the content compares with the data's): closing_mark_held, where marks are drawn.
SHORT_MARKED_WORD = 3
_CLOSING_MARK = re.compile(
    f"[ \t]+(?=(?:[^\\w\\s<>]*\\w){{1,{SHORT_MARKED_WORD}}}[^\\w\\s<>]*{NBSP}{MARK}{NBSP}[A-Z0-9][\\w-]*\\s*$)"
)
# A short closing group in parentheses before the closing mark is one word for it (« efficace
# (à convenir) † E40 », never « (à / convenir) † E40 »: the one-word hold alone left « (à » at a
# line's end in the book's table): at most CLOSING_GROUP characters, its parentheses counted.
CLOSING_GROUP = 14


def _short_group(most: int, outside: str = "") -> str:
    """A pattern: a group in parentheses of at most `most` characters, its parentheses counted, none
    of `outside` in it, and its closing punctuation (CLOSING_GROUP, SHORT_TAIL)."""
    return f"\\([^(){outside}\n]{{1,{most - 2}}}\\)[.…,;]?"


def _held_whole(group: str) -> str:
    """group with its spaces no-break: one word for the line breaker."""
    return re.sub("[ \t]", NBSP, group)


_CLOSING_GROUP = re.compile(f"(?<![^ \t]){_short_group(CLOSING_GROUP, '<>')}(?={NBSP}{MARK}{NBSP}[A-Z0-9][\\w-]*\\s*$)")
_COMPARISONS = "\u2264\u2265"  # ≤ ≥ (not < >: reportlab's markup passes through here)
_SIGN_GAP = "[ \t\u00a0]*([+\u2212])[ \t]+(?=\\d)"
# A number and the word it counts (« 3 secondes », « 5 dés ») or the stat it scores (« −3 DV »),
# and the word naming a number after it (« étape 1 », « p. 11 », « REF 0 », a rate: « par 10 m »):
# never parted. Closed lists, as the units are (a die's face is not held to the verb after it:
# « un seul 1 suffit »), of words: labels (VOCABULARY.counted and .before_number), so a
# translation gives its own. Read when first needed: labels sets its own texts with french().
VOCABULARY_AREA = "common"
VOCABULARY = f"{VOCABULARY_AREA}.typography"


@dataclass(frozen=True)
class _Vocabulary:
    """The words of the typography's rules, as data/labels/fr/ lists them."""

    counted: tuple[str, ...]
    before_number: tuple[str, ...]
    between: tuple[str, ...]
    number_words: tuple[str, ...]

    def word_after_number(self) -> str:
        words = "|".join(re.escape(w) for w in self.counted)
        return f"(?:(?:{words})|[A-ZÀ-Ý]{{2,6}})(?![\\w\u2019'])"  # a stat in capitals: DV, DEX, COUPS

    def word_before_number(self) -> str:
        words = "|".join(re.escape(w) for w in self.before_number)
        return f"(?:(?<![\\w.])(?i:{words})|(?<![\\w.])[A-ZÀ-Ý]{{2,5}})"  # in capitals: « REF 0 », « KD 8 »

    def counted_word(self) -> str:
        """A word a number counts (« heure », « tour »), of its own: no stat in capitals."""
        words = "|".join(re.escape(w) for w in self.counted)
        return f"(?:{words})(?![\\w\u2019'])"

    def number_in_words(self) -> str:
        """A number written in words (« deux », « dix »), a word of its own."""
        words = "|".join(re.escape(w) for w in self.number_words)
        return f"(?<![\\w\u2019'-])((?i:{words}))"

    def between_numbers(self) -> str:
        """The words of a range of numbers (« 6 à 20 »)."""
        return "|".join(re.escape(w) for w in self.between)

    def naming(self) -> list[str]:
        """The words before a number one by one (a lookbehind has one width)."""
        return [f"(?i:{re.escape(w)})" for w in self.before_number] + [f"[A-ZÀ-Ý]{{{n}}}" for n in range(2, 6)]


@resources.cached_read
def _read_vocabulary(data_dir: Path) -> _Vocabulary:  # data_dir: the key (labels reads the folder in use)
    from kolaps_print.labels import words  # labels imports this module: its french() sets every label

    return _Vocabulary(
        words(f"{VOCABULARY}.counted"),
        words(f"{VOCABULARY}.before_number"),
        words(f"{VOCABULARY}.between_numbers"),
        words(f"{VOCABULARY}.number_words"),
    )


class _Worded:
    """A pattern naming the vocabulary's words, compiled for the data folder's on first use."""

    def __init__(self, build: Callable[[_Vocabulary], str]) -> None:
        self._compiled = cache(lambda vocabulary: re.compile(build(vocabulary)))

    def compiled(self) -> re.Pattern[str]:
        return self._compiled(_read_vocabulary(resources.data_dir()))

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled().search(text)

    def sub(self, replacement: str | Callable[[re.Match[str]], str], text: str) -> str:
        return self.compiled().sub(replacement, text)


_ORDINAL_SUFFIXES = {"er": "\u1d49\u02b3", "re": "\u02b3\u1d49", "e": "\u1d49", "ème": "\u1d49", "eme": "\u1d49"}

Rules = tuple[tuple[re.Pattern[str] | _Worded, str | Callable[[re.Match[str]], str]], ...]


def _ordinal(match: re.Match[str]) -> str:
    return match.group(1) + _ORDINAL_SUFFIXES[match.group(2)]


_BEFORE_QUOTES: Rules = (
    (re.compile(r"(?<=\w)'|'(?=\w)"), "\u2019"),
    (re.compile(r"\.\.\."), "\u2026"),
    # 1er, 1re, 2e, 6ème: a number of at most 3 digits standing alone (not inside a hash)
    (re.compile(r"(?<![\w.,\u2212-])(\d{1,3})(er|re|ème|eme|e)(?![\w])"), _ordinal),
)
_AFTER_QUOTES: Rules = (
    # « and », with the spaces inside them made narrow and unbreakable.
    (re.compile(f"\u00ab{_SPACES}*"), "\u00ab" + NNBSP),
    (re.compile(f"{_SPACES}*\u00bb"), NNBSP + "\u00bb"),
    # ; ! ? after a word or a closing sign: one narrow no-break space before (not inside "?!" runs).
    (re.compile(f"{_AFTER_WORD}{_SPACES}*([;!?]+)"), NNBSP + "\\1"),
    # : is also used in 10:30 and in "http://": only when followed by a space or the end.
    (re.compile(f"{_AFTER_WORD}{_SPACES}*:(?=\\s|$)"), NBSP + ":"),
    # 25 cm, 7,5 mm, 50 %: the space between a number and its unit never breaks.
    (re.compile(f"(?<=\\d)[ \t]+(?={_UNIT})"), NBSP),
    # « 3 secondes », « −3 DV »: a number and the word it counts or scores...
    (_Worded(lambda v: f"(?<=\\d)[ \t]+(?={v.word_after_number()})"), NBSP),
    # « deux balles », « trois rounds »: a number in words and the word it counts, as in figures (review 15,
    # 14b N3: « Un round pour glisser deux / balles. » on a d100 mini card).
    (_Worded(lambda v: f"{v.number_in_words()}[ \t]+(?={v.word_after_number()})"), "\\1" + NBSP),
    # « −1 PV par heure »: a rate held whole, its unit (or counted word), « par » and what it is per
    # (words18, issue 12: « −1 PV / par heure » on the d12 book and reference cards).
    (
        _Worded(lambda v: f"(?<=\\d{NBSP})((?:{_UNIT})|{v.counted_word()})[ \t]+par[ \t]+(?={v.counted_word()})"),
        "\\1" + NBSP + "par" + NBSP,
    ),
    # ...and « étape 1 », « p. 11 », « REF 0 », « par 10 m »: the word that names a number.
    (_Worded(lambda v: f"{v.word_before_number()}[ \t]+(?=[+\u2212]?\\d)"), lambda m: m.group(0).rstrip(" \t") + NBSP),
    # « −1 par 10 m »: a signed number held to the « par » of its rate (« −1 / par 10 m » once).
    (re.compile("(?<![\\w.,])([+\u2212]\\d+(?:,\\d+)?)[ \t]+(?=par[ \t\u00a0])"), "\\1" + NBSP),
    # « gravité + 1 »: an operation held together, so that no line starts with « + 1 »...
    (re.compile(f"(?<=[\\w)]){_SIGN_GAP}"), NBSP + "\\1" + NBSP),
    # ...and « + 1 », « − 2 »: a sign held to its number.
    (re.compile("(?<![\\w)])([+\u2212])[ \t]+(?=\\d)"), "\\1" + NBSP),  # the space before the sign stays
    # « Compétence × 2 », « 5 × 5 cm »: a product held together, as an operation is.
    (re.compile("(?<=[\\w)])[ \t\u00a0]*\u00d7[ \t]+(?=\\d)"), NBSP + "\u00d7" + NBSP),
    # « 1d12 + bonus », « 3d6 + compétence + carac. »: a dice expression is never broken (review 13, N5).
    (re.compile(_DICE_CHAIN), lambda m: re.sub("[ \t\u00a0]+", NBSP, m.group(0))),
    # « d100 ≤ score »: a comparison held together, as an operation is (review 14, N1).
    (re.compile(f"(?<=[\\w)]){_SPACES}*([{_COMPARISONS}])[ \t]+(?=[\\w(])"), NBSP + "\\1" + NBSP),
    # « 6 à 20 balles »: a range of numbers held together (its unit or counted word by the rules above).
    (_Worded(lambda v: f"(?<=\\d)[ \t]+({v.between_numbers()})[ \t]+(?=[+\u2212]?\\d)"), NBSP + "\\1" + NBSP),
    # « 5 XP × niveau », « DV − (caractéristique »: a line never ends on an operator; it goes down with
    # the word after it (review 14b, N7). Held on both sides before a number, by the rules above.
    (re.compile(f"(?<=\\S)([ \t]+[{_OPERATORS}])[ \t]+(?=\\S)"), "\\1" + NBSP),
    # « 50 % ou moins », « 11 ou plus », « moins de 100 % », « quel que soit »: the words of a bound
    # held to its number, and a locution held whole (words19, issue 12: « 50 % ou / moins »,
    # « Moins de / 100 % » on the d12 cards, « quel / que soit son total » in the d12 book).
    (re.compile(f"(?<=[\\d%]){_SPACES}+ou[ \t]+(?=(?:moins|plus)(?!\\w))"), NBSP + "ou" + NBSP),
    (re.compile("(?<![\\w’'])((?i:moins|plus))[ \t]+de[ \t]+(?=[+−]?\\d)"), "\\1" + NBSP + "de" + NBSP),
    (re.compile("(?<![\\w’'])((?i:quel|quelle|quels|quelles))[ \t]+(?=que(?!\\w))"), "\\1" + NBSP),
    # « … en dernier. † D100-E8 »: an erratum's mark never stands alone at the start of a line (review 14b, N3).
    (re.compile(f"(?<=\\S)[ \t]+(?={MARK})|(?<={MARK})[ \t]+(?=[A-Z0-9])"), NBSP),
)


# Where a rule would change the text. Spacing already set (a label filled with set data texts is
# set again) and a number beside a word no rule binds it to (« un seul 1 suffit ») do not fire.
# Each branch starts on one character (a sign, a digit, a space): one quick scan passes most
# texts untouched (the word-before-number rule as it stands, starting anywhere, tripled the scan).
_SIGNS = (  # a sign, and what around it a rule changes (each lookbehind ends on the sign)
    ("'", "(?<=\\w.)|(?=\\w)"),  # an apostrophe in a word
    ('"', '[^"\\n]+"'),  # a pair of straight quotes
    (".", "\\.\\."),  # three dots
    ("\u00ab", f"(?!{NNBSP}(?!{_SPACES}))"),  # any other space than one narrow one after «
    ("\u00bb", f"(?<!(?<!{_SPACES}){NNBSP}.)"),  # ... and before »
    (";!?", f"(?<![{NNBSP};!?].)|(?<={_SPACES}{NNBSP}.)"),  # ... and before ; ! ?
    (":", f"(?=\\s|$)(?:(?<!{NBSP}.)|(?<={_SPACES}{NBSP}.))"),  # any other than one fixed one before :
)
_AT_SIGN = "[{}](?:{})".format(
    re.escape("".join(sign for sign, _ in _SIGNS)),
    "|".join(f"(?<=[{re.escape(sign)}])(?:{around})" for sign, around in _SIGNS),
)


# An ordinal, or a number before its unit or the word it counts; a sign or × before a number.
def _at_digit(vocabulary: _Vocabulary) -> str:
    return (
        f"\\d(?:(?:{'|'.join(_ORDINAL_SUFFIXES)})(?!\\w)|[ \t]+(?:{_UNIT}|{vocabulary.word_after_number()}"
        f"|(?:{vocabulary.between_numbers()})[ \t]+[+\u2212]?\\d))"
    )


_AT_OPERATOR = "[+\u2212\u00d7](?:[ \t]+\\d|\\d+(?:,\\d+)?[ \t]+par[ \t\u00a0])"  # « + 1 »; « −1 par 10 m »
# A roll with a breakable space in its expression (« 1d12 + bonus »).
_AT_DICE = "[dD]\\d+(?:\u00a0*[+\u2212]\u00a0*[\\w.]*\\w)*?(?:[ \t]+[+\u2212]|[+\u2212][ \t]+\\w)"


def _at_space(vocabulary: _Vocabulary) -> str:
    """The word naming a number, seen from the space before the number."""
    naming = "|".join(f"(?<=(?<![\\w.]){word}[ \t])" for word in vocabulary.naming())
    return f"[ \t](?:[ \t]+[+\u2212]?\\d|(?=[+\u2212]?\\d)(?:{naming}))"


def _at_rate(vocabulary: _Vocabulary) -> str:
    """A rate after a number held to its unit (« 1\u00a0PV par heure »), seen from that no-break space."""
    return f"{NBSP}(?:{_UNIT}|{vocabulary.counted_word()})[ \t]+par[ \t]+{vocabulary.counted_word()}"


_AT_COMPARISON = f"[{_COMPARISONS}][ \t]"  # « d100 ≤ score »
# « 50 % ou moins », « moins de 100 % », « quel que »: a bound's words or a locution, still breakable.
_AT_BOUND = "[\\d%][ \t\u00a0]+ou[ \t]+(?:moins|plus)(?!\\w)|(?i:moins|plus)[ \t]+de[ \t]+[+\u2212]?\\d|(?i:quel)(?:le)?s?[ \t]+que(?!\\w)"
_AT_SPACED = f"[{_OPERATORS}][ \t]+\\S|[ \t]{MARK}|{MARK}[ \t]"  # « × niveau »; « dernier. † D100-E8 »


def _at_number_word(vocabulary: _Vocabulary) -> str:
    """A number in words before the word it counts (« deux balles »)."""
    return f"{vocabulary.number_in_words()}[ \t]+{vocabulary.word_after_number()}"


_TRIGGER = _Worded(
    lambda v: "|".join(
        (
            _AT_SIGN,
            _at_digit(v),
            _AT_OPERATOR,
            _AT_DICE,
            _AT_COMPARISON,
            _AT_BOUND,
            _AT_SPACED,
            _at_space(v),
            _at_number_word(v),
            _at_rate(v),
        )
    )
)


@resources.cleared_with_reads
@lru_cache(maxsize=8192)
def french(text: str) -> str:
    """text with French typography; idempotent (french(french(t)) == french(t))."""
    return _typeset(text) if _TRIGGER.search(text) else text


def _typeset(text: str) -> str:
    """Every rule applied to text (french() first asks _TRIGGER whether one would change it)."""
    text = _apply(_BEFORE_QUOTES, text)
    text = _pair_quotes(text)
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


def escape(text: str, entities: dict[str, str] | None = None) -> str:
    """&, < and > as entities for reportlab's paragraph markup (and XML), then entities' own
    replacements: what xml.sax.saxutils.escape does, without its import of urllib, http and ssl
    (some 45 M instructions of every run that made a paragraph). The first three are
    html.escape(text, quote=False)'s own, without importing html (its entities' table: a `check`
    makes no paragraph, so nothing else imports it)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for char, entity in (entities or {}).items():
        text = text.replace(char, entity)
    return text


# A table cell's last line never holds one short word alone (« Tous les dés donnent / 6. », « … de
# la / DV »): a last word this short is held to the word before it, which goes down with it. Not
# after a separator or a mark (« 0 · 2C6 », a rank over its dice, is stacked on purpose).
SHORT_LAST_WORD = 3
# A final stop does not count (review 14, N2: « … du plus haut au plus / bas. »).
_SHORT_END = re.compile(f"(?<=[\\w.,)\u00bb\u2019%])[ \t]+(?=\\S{{1,{SHORT_LAST_WORD}}}[.…]?\\s*$)")


# Nor does a sentence hold a short closing group in parentheses alone (review 22b, 4: the KOLAPS
# sheet's « Tête » cell, « … arrondi à l’inférieur / (1 à 3). »): a group of at most SHORT_TAIL
# characters, its parentheses counted, is held whole to the word before it, after running text of
# SHORT_TAIL_AFTER words or more. A name's gloss still breaks where a narrow column needs it
# (« Explosion / (rayon) », « Rang 0 / (5+) »: held, they cost the Letter sheet its fit).
SHORT_TAIL = 10
SHORT_TAIL_AFTER = 4
_SHORT_TAIL = re.compile(f"(?<=\\S)[ \t]+({_short_group(SHORT_TAIL)}\\s*)$")


def _held_tail(text: str) -> str:
    """text with its short closing group held to the word before, after running text."""
    tail = _SHORT_TAIL.search(text)
    if tail is None or len(text[: tail.start()].split()) < SHORT_TAIL_AFTER:
        return text
    return text[: tail.start()] + NBSP + _held_whole(tail.group(1))


def tied_end(text: str) -> str:
    """text with its last word held to the one before when it is short (SHORT_LAST_WORD), or, in
    running text, its closing group in parentheses when that is short (SHORT_TAIL): the one tie of
    a table's cells and heads, on the sheets and their cards."""
    return _SHORT_END.sub(NBSP, _held_tail(text))


# The weakest of the ties above: a bound's « plus » or « moins » held to the « de » before its number
# (« à plus de 25 cm »). Where holding it leaves a line short, a text may break there, « de » staying
# with its number (« alors à plus / de 25 cm »; book21, review 20 S1).
_LOOSE_TIE = re.compile(f"(?<![\\w’'])(?i:moins|plus)({NBSP})(?=de{NBSP}[+−]?\\d)")


def loose_ties(text: str) -> list[int]:
    """Where in text a tie may give way to a line break (the weakest ties), in order."""
    return [m.start(1) for m in _LOOSE_TIE.finditer(text)]


def loosened(text: str, at: int) -> str:
    """text with its tie at `at` (one of loose_ties) an ordinary space."""
    return text[:at] + " " + text[at + 1 :]


def closing_mark_held(text: str) -> str:
    """text with its closing mark holding its last two words when the last is short (« remonte
    pas. † E31 », SHORT_MARKED_WORD), its last word only otherwise (« de la zone. † E32 », the mark
    bound to it by place_marks), a short group in parentheses held whole as one word (CLOSING_GROUP):
    the drawing of a marked text's markup
    (layout.ruling_style.held_marks, after provenance.place_marks)."""
    text = _CLOSING_GROUP.sub(lambda m: _held_whole(m.group(0)), text)
    return _CLOSING_MARK.sub(NBSP, text)


def marks_apart(text: str) -> str:
    """text with each erratum's mark parted from the word before it by a plain space: measured as
    a word of its own where it prints smaller (the book raises it: « l’arme. † 3D6-E4 » as one
    full-size word narrowed the 3d6 book's « Dommages » first column by a line)."""
    return re.sub(f"{_SPACES}+(?={MARK})", " ", text)


def unstretchable(markup: str) -> str:
    """Text for a justified reportlab paragraph: every no-break space as U+202F (see above)."""
    return markup.replace(NBSP, NNBSP)


def held(text: str) -> str:
    """text as one word: its spaces no-break (a name that must not split: « Bras gauche »)."""
    return text.replace(" ", NBSP)


def run_on(items: list[str], separator: str) -> str:
    """Items one after the other on shared lines: each item whole (its spaces no-break), a line
    breaking only after a separator, which stays with the item before it (« A · » | « B »)."""
    return separated([held(item) for item in items], separator)


def separated(items: Iterable[str], separator: str) -> str:
    """Items joined by separator, which stays with the item before it: its leading spaces
    no-break, so a line may end with « · » but never starts with it (cards12b: « Fusils de
    chasse / · Dégâts 4d6 » on a mini); the items themselves break at their spaces."""
    return bound(separator).join(items)


_SENTENCE_START = re.compile(r"[A-ZÀÂÇÉÈÊËÎÏÔÛÙÜ](?=[a-zà-ÿœæ’'-]|\s|$)")


def after_colon(text: str) -> str:
    """text set after a run-in head and its colon (« Réussite critique : tous les dés… »): its
    sentence-starting capital lowered, as French wants after a colon; an acronym (« CIB »), a
    number or a sign (« +1d6 ») stays as it is."""
    first = _SENTENCE_START.match(text)
    return text[0].lower() + text[1:] if first else text


def run_in(head: str, text: str, mark: Callable[[str], str] = escape) -> str:
    """« <b>Réussite critique :</b> tous les dés… » as paragraph markup: a run-in head in bold with
    its French colon (a no-break space before it), then text with its first capital lowered
    (after_colon). mark makes markup of each (escape; a product's marks too: quiet, raised)."""
    return f"<b>{mark(head + NBSP + ':')}</b> {mark(after_colon(text))}"


def bound(separator: str) -> str:
    """separator with its leading spaces no-break: it stays with what comes before it."""
    glued = separator.lstrip(" ")
    return NBSP * (len(separator) - len(glued)) + glued


@lru_cache(maxsize=4)
def french_patterns(least: int = 2) -> Any:
    """pyphen's French hyphenation patterns (those reportlab's hyphenationLang="fr_FR" loads):
    where the book and a card's too-wide heading may break a word, leaving at least `least`
    letters on each side of the hyphen."""
    import pyphen

    return pyphen.Pyphen(lang="fr_FR", left=least, right=least)
