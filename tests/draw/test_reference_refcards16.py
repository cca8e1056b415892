"""Sixteenth session (issue 12; print review 15, S2, S3, N6): the KOLAPS reference decks read back
from their print-shop PDFs (one face a page): how their tables are cut and at what size their
faces are set."""

from __future__ import annotations

import pytest
from card_pieces import faces, tables  # tests/support
from pdf_colours import seen  # tests/support
from pdf_text import text_objects  # tests/support
from ruleset_products import ReferenceDecks  # tests/support

from kolaps_print.layout.style import table_paint


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    return ReferenceDecks(cli, tmp_path_factory.mktemp("refcards16"))


def _sizes(pdf: bytes, face: int, font: str = "") -> set[float]:
    """The sizes of the type set on a face (from 0) below its strip, of fonts named with font."""
    objects = [t for t in text_objects(pdf) if t.page == face and t.text.strip() and font in t.font]
    top = max(t.bounds[3] for t in objects)
    return {t.size for t in objects if t.bounds[3] < top - 15}


def _face_of(deck, text: str) -> int:
    (found,) = [f.index for f in deck if text in f.text]
    return found


def test_moral_is_cut_two_rows_a_face(decks):
    """Mini « Moral » (4 rows) read 2 + 1 + 1 over 17–18/23: a piece of one row outranks an
    explanation on a card of its own (review 15, S2)."""
    deck = faces(decks["kolaps", "mini"], seen(table_paint().head_fill))
    (moral,) = [pieces for pieces in tables(deck) if pieces[0].head == "État"]  # hung, its numbers unheaded (fix20)
    assert [p.rows for p in moral] == [2, 2]


def test_resolving_a_test_s_cards_keep_six_and_a_quarter_points(decks):
    """Mini 4/23–8/23 (« Seuils de réussite » … « Modificateurs de difficulté ») fell to 6 pt so
    that « Modificateurs » read 4 + 4 + 3, its two-line note alone on 8/23's back (review 15, S3):
    even pieces no longer outrank a larger size below the section's floor."""
    pdf = decks["kolaps", "mini"]
    deck = faces(pdf, seen(table_paint().head_fill))
    first = _face_of(deck, "Seuils de réussite Rang Seuil")
    last = max(f.index for f in deck if "Modificateurs de difficulté" in f.text) | 1  # its card's back
    body = {s for face in range(first, last + 1) for s in _sizes(pdf, face, "Regular")}
    assert min(body, default=0) >= 6.25, sorted(body)
