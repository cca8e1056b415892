"""The books' points of the print review 14b (N1, N6, N8), read back from the PDFs: the index's key
says what its plain pages are and a table's entry prints its page as a section's does; every table
of a book takes its column's full measure; a characteristic is spelled in a ruleset's book as on
its cards."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from index_pages import HEADING_SIZE, entry_key, index_page, read_captions, read_entries  # tests/support
from pdf_colours import seen  # tests/support
from pdf_lines import body_lines  # tests/support
from pdf_tables import path_paints  # tests/support
from pdf_text import text_objects  # tests/support
from review_books import BOOKS  # tests/support
from review_books import book_pdf as _pdf  # tests/support

from kolaps_print import resources
from kolaps_print.labels import label
from kolaps_print.layout.style import table_paint
from kolaps_print.model.ruleset_load import load_ruleset

PROSE_FACE = "GentiumBookPlus"  # the running text: a justified line runs from its column's left edge to its right
EDGE = 1.5  # pt: a table's head fill and its column's text edges (a line's last glyph's side bearing)


@pytest.fixture(scope="module", params=["kolaps-a4", "kolaps-letter"])
def book(request) -> list:
    return text_objects(_pdf(request.param))


def _key(objs: list) -> str:
    start = index_page(objs)
    words = " ".join(o.text for o in objs if o.page == start and o.size < HEADING_SIZE)
    return " ".join(words.replace("\u202f", " ").replace("\u00a0", " ").split())


def test_the_index_key_says_what_its_plain_pages_are(book):
    """Review 14b, N1: « les autres pages sont celles où une règle l'introduit » did not say what
    the pages in roman are. The key now has a second clause for them, after « ; », which names
    the roman weight and says those pages define the word in passing (what the index lists: the
    page where the text sets it in bold), not that they merely use it."""
    key = _key(book)
    bold = label("rulebook.book.index_key_bold")
    assert key.startswith(bold) or bold in key
    after = key.split(bold, 1)[1].split(";", 1)
    assert len(after) == 2
    assert "maigre" in after[1] and "défini" in after[1], after[1][:120]


def test_a_table_s_entry_prints_its_page_in_bold_as_a_section_s(book):
    """Review 14b, N1: « Blessures critiques (réussite critique) 10 » was roman while « Réussite
    critique 10 » was bold, the same page: a table gives the whole of its subject, as a section
    does. Every entry named by a table's caption prints the caption's first page in bold (old code:
    « Actions de base », « Blessures critiques (réussite critique) », « Gravité des blessures
    (1D6) » roman)."""
    entries = read_entries(book)
    captions: dict[str, int] = {}
    for page, titles in sorted(read_captions(book).items(), reverse=True):  # the first page a caption is on
        captions.update({entry_key(title): page + 1 for title in titles})
    named = [(e, captions[entry_key(e.name)]) for e in entries.values() if entry_key(e.name) in captions]
    assert len(named) >= 8  # the index's tables
    roman = [(e.name, page) for e, page in named if not any(s and f <= page <= last for f, last, s in e.spans)]
    assert not roman


@pytest.mark.parametrize("name", BOOKS)
def test_every_table_takes_its_column_s_full_measure(name):
    """Review 14b, N6: d100 p. 4 set « Tir en rafale » 15 mm and « Pourcentages de base » 11 mm
    short of the column's edge beside full-measure tables; « Seuils de réussite », « Cumul des
    blessures » and 3d6's « Armures » were short too. Each table's head row (its fill) runs from
    its column's left edge to its right, the edges read from the justified running text."""
    pdf = _pdf(name)
    objs = text_objects(pdf, page_space=True)
    prose = [o for o in objs if o.page > 0 and PROSE_FACE in o.font and o.text.strip()]
    middle = (min(o.bounds[0] for o in prose) + max(o.bounds[2] for o in prose)) / 2
    sides = [[o for o in prose if o.bounds[2] < middle], [o for o in prose if o.bounds[0] > middle]]
    # both columns are as wide: the wider extent read (a column may have no line set to its edge)
    width = max(max(o.bounds[2] for o in side) - min(o.bounds[0] for o in side) for side in sides)
    columns = [(min(o.bounds[0] for o in side), min(o.bounds[0] for o in side) + width) for side in sides]
    head = seen(table_paint().head_fill)
    heads = [
        (page, p.box)
        for page in sorted({o.page for o in objs})
        for p in path_paints(pdf, page)
        if p.fill == head and p.box[3] - p.box[1] > 5
    ]
    assert len(heads) >= 5
    short = [
        (page + 1, round(left), round(right))
        for page, (left, _, right, _) in heads
        if not any(abs(left - a) <= EDGE and abs(right - b) <= EDGE for a, b in columns)
    ]
    assert not short, (columns, short)


@pytest.mark.parametrize("ruleset", ["d100", "3d6", "d12"])
def test_a_characteristic_is_spelled_in_the_book_as_on_the_cards(ruleset):
    """Review 14b, N8: 3d6's book wrote « monter le Corps de 4 à 5 » where its table and the cards
    print « CORPS ». A characteristic the cards show (ruleset.yaml `card` stat tiles, printed in
    capitals) is never written in the book with a capital first and other letters (« Corps »); the
    common noun in lower case (« le corps coupe la douleur ») is another word."""
    loaded = load_ruleset(resources.data_dir() / "rulesets" / ruleset)
    fields = {f.id: f.label for f in loaded.spec.character.fields}
    tiles = [b for b in loaded.spec.card.front if getattr(b, "block", "") == "stat_tiles"]
    shown = {fields[s].upper() for b in tiles for s in b.stats if s in fields}
    assert len(shown) >= 4
    text = " ".join(o.text for o in text_objects(_pdf(ruleset)))
    words = re.findall(r"\w+", text)
    wrong = sorted({w for w in words if w.upper() in shown and w != w.upper() and w[:1].isupper()})
    assert not wrong, wrong


@pytest.mark.parametrize("name", BOOKS)
def test_a_sentence_announcing_what_follows_never_ends_a_column(name):
    """Proofreading after review 14b: 3d6's « Les armures des personnages et leur KD : » ended
    p. 3's left column, the « Dommages » table (floated) then heading the right column over the
    « Armures » table it announced. A line of the prose ending on « : » (a list or a table
    follows) is never the last line of its column, so what it announces is under it."""
    pdf = _pdf(name)
    split = float(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width) / 2
    columns: dict[tuple[int, bool], list] = {}
    for line in body_lines(pdf, PROSE_FACE, split):
        if line.page >= 1:
            columns.setdefault((line.page, line.left > split), []).append(line)
    assert len(columns) >= 4
    hanging = [
        (page + 1, lines[-1].text) for (page, _), lines in columns.items() if lines[-1].text.rstrip().endswith(":")
    ]
    assert not hanging
