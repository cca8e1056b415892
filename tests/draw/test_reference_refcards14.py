"""Fourteenth session (issue 12, review 13 S1, N3, N7), KOLAPS's reference decks read back from
their print-shop PDFs: no card of notes alone, a mini note under its rows where its front has the
room, one body size a band, a card's two faces under one band name."""

from __future__ import annotations

import io
from collections import defaultdict

import pypdf
import pytest
from card_pieces import Face, faces  # tests/support
from pdf_colours import seen  # tests/support
from pdf_text import text_objects  # tests/support
from ruleset_products import RULESETS, ReferenceDecks  # tests/support

from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.style import table_paint
from kolaps_print.units import pt

CARDS = ("mini", "poker", "tarot")
PADDING_MM = 3.5  # data/layouts/reference.yaml cards.padding: the content's foot over the trim
GAP = 0.8  # the gap between a face's blocks, in the deck's body sizes (layout/reference/cards.face_gap)


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    """(system, card) -> the print-shop reference deck (one face a page), built through the CLI when first read."""
    return ReferenceDecks(cli, tmp_path_factory.mktemp("refcards14"))


def _band(objects: list) -> object:
    """A face's band name: its top text."""
    return max(objects, key=lambda o: o.bounds[3])


def _under_band(objects: list) -> list:
    """A face's texts under its band (the band's hint and number stand beside its name, lower)."""
    band = _band(objects)
    return [o for o in objects if o.bounds[3] < band.bounds[1] - 2]


def _by_face(pdf: bytes) -> dict[int, list]:
    out: dict[int, list] = defaultdict(list)
    for o in text_objects(pdf, page_space=True):
        if o.text.strip():
            out[o.page].append(o)
    return out


def _notes(objects: list) -> list:
    return [o for o in _under_band(objects) if "Italic" in o.font]


def _deck(pdf: bytes) -> list[Face]:
    return faces(pdf, seen(table_paint().head_fill))


@pytest.mark.parametrize("card", CARDS)
def test_no_card_holds_only_notes(decks, card):
    """KOLAPS mini: card 13/23 printed the heading « Gravité des blessures (1D6) » and its note alone
    (its rows on 12/23), card 18/23 « Moral »'s note alone: a card that prints a note prints table
    rows on one of its faces at least. Since the sixteenth session (refcards16a) one piece of a
    single row ranks worse than a card of notes: « Moral » (four long rows) is cut 2 + 2 on 17/23
    and its note has 18/23 to itself, the one card of notes the mini deck keeps."""
    pdf = decks["kolaps", card]
    deck, texts = _deck(pdf), _by_face(pdf)
    notes_alone = []
    for front in range(0, len(deck), 2):
        pair = deck[front : front + 2]
        if any(_notes(texts[f.index]) for f in pair) and not any(f.pieces for f in pair):
            notes_alone.append(_band(texts[pair[0].index]).text.strip())
    assert notes_alone == (["Moral"] if card == "mini" else []), (card, notes_alone)


def test_a_mini_note_stands_alone_on_a_back_only_where_its_front_has_no_room_for_it(decks):
    """KOLAPS mini 4/23, 14/23, 15/23 printed their heading and note alone on the back while the
    front had 15–26 mm free under its table: a back of notes alone (no table rows) faces a front
    whose room under its last line is less than the note would take there."""
    pdf = decks["kolaps", "mini"]
    deck, texts = _deck(pdf), _by_face(pdf)
    trim = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].trimbox
    foot = float(trim.bottom) + pt(PADDING_MM)
    for face in deck[1::2]:
        notes = _notes(texts[face.index])
        if face.pieces or not notes:
            continue
        # the note's lines as printed, a line's leading over them (ascent over the first, descent
        # under the last, the last row's padding and rule over the front's last text) and the gap
        # between blocks: what setting it under the front's last line takes
        lines = max(o.bounds[3] for o in notes) - min(o.bounds[1] for o in notes)
        needs = lines + max(o.size for o in notes) * 1.18 + GAP * reference_look().cards.body_pt
        front = _under_band(texts[face.index - 1])
        room = min(o.bounds[1] for o in front) - foot
        assert room < needs, (face.index // 2 + 1, round(room / pt(1), 1), round(needs / pt(1), 1), face.text[:60])


def _body_sizes(objects: list) -> set[float]:
    """The sizes of a face's body (its cells and notes: not bold, which the titles are)."""
    return {round(o.size, 2) for o in _under_band(objects) if "Bold" not in o.font}


def test_a_mini_band_sets_its_body_at_one_size(decks):
    """KOLAPS mini: « Critiques » set 19/23–20/23 at 6 pt and 21/23 at 7 pt, and the tables of a
    card at 6–6.75 pt under notes at 7 pt: every face under one band name (a section) sets its
    cells and notes at one size."""
    pdf = decks["kolaps", "mini"]
    deck, texts = _deck(pdf), _by_face(pdf)
    sizes: dict[str, set[float]] = defaultdict(set)
    for face in deck:
        objects = texts[face.index]
        if face.pieces or _notes(objects):  # a plain back prints the game's name, no body
            sizes[_band(objects).text.strip()] |= _body_sizes(objects)
    assert all(len(s) == 1 for s in sizes.values()), dict(sizes)


def _covers(pdf: bytes) -> list[tuple[int, str, str]]:
    """(card, its front's band name, its back's) of each card whose back is a plain cover (no
    table, no note: the system's name)."""
    texts, deck = _by_face(pdf), _deck(pdf)
    names = {i: " ".join(_band(texts[i]).text.split()) for i in texts}
    return [
        (f.index // 2 + 1, names[f.index - 1], names[f.index])
        for f in deck[1::2]
        if not f.pieces and not _notes(texts[f.index])
    ]


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", [*RULESETS, "kolaps"])
def test_a_cover_carries_its_front_s_band_name(decks, system, card):
    """d12 mini 4/5: « Combat (suite) » on the front, « Combat » on its cover: a plain back names
    its card in its band as its front does, « (suite) » with it or without (KOLAPS's strips
    already did: guards). A back of rows or notes keeps its own (« (suite) » promises rows:
    refband11, review 10)."""
    covers = _covers(decks[system, card])
    assert covers
    assert [c for c in covers if c[1] != c[2]] == []
