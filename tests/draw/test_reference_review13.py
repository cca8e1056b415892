"""Thirteenth session (issue 12), the reference cards read back from the printed PDFs: a table's
heading and note never on a face away from its rows (d12 mini: « Jet opposé »'s heading and note
alone on the front of 3/5, its rows on the back of 2/5); the 3d6 tarot deck at the size of the
other systems' tarot decks."""

from __future__ import annotations

import pytest
from card_pieces import Face, faces  # tests/support
from pdf_colours import seen  # tests/support
from pdf_text import text_objects  # tests/support
from ruleset_products import RULESETS, ReferenceDecks  # tests/support

from kolaps_print.layout.style import table_paint
from kolaps_print.provenance import find_marks

CARDS = ("mini", "poker", "tarot")
SYSTEMS = (*RULESETS, "kolaps")


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    """(system, card) -> the print-shop deck (one face a page), built through the CLI when first read."""
    return ReferenceDecks(cli, tmp_path_factory.mktemp("reference-review13"))


def _under_band(objects: list) -> list:
    """A face's texts under its band: below the bottom of its band's name (its first, top text)
    less 2 pt (the band's hint and number stand beside it, a little lower)."""
    band = max(objects, key=lambda o: o.bounds[3])
    return [o for o in objects if o.bounds[3] < band.bounds[1] - 2]


def _joined(lines: list) -> list[str]:
    """Heading lines top down, a heading set over two lines (« Blessures critiques (réussite » over
    « critique) ») joined into one: a line that starts less than its size under the one above."""
    out: list[list] = []
    for line in sorted(lines, key=lambda o: -o.bounds[3]):
        if out and out[-1][-1].bounds[1] - line.bounds[3] < line.size:
            out[-1].append(line)
        else:
            out.append([line])
    return [" ".join(o.text.strip() for o in run) for run in out]


def _mark_alone(text: str) -> bool:
    """Whether a text holds marks only (« † 3D6-E5 »): a cell's or caption's, no note."""
    ids = find_marks(text)
    return bool(ids) and text.replace("†", " ").split() == ids


def _notes_alone(pdf: bytes, deck: list[Face]) -> list[tuple[int, list[str], list[str]]]:
    """(face, its headings, its notes' first words) of each face that prints a note (italic text
    under its band, a mark alone aside) and no row of any table."""
    objects = [o for o in text_objects(pdf) if o.text.strip()]
    out = []
    for face in deck:
        if face.pieces:
            continue
        mine = _under_band([o for o in objects if o.page == face.index])
        # a mark set in a cell (« AV. † 3D6-E5 », grey italic as KOLAPS's since rsstyle21) is no note
        notes = [o for o in mine if "Italic" in o.font and not _mark_alone(o.text)]
        if notes:
            top = max(o.bounds[3] for o in notes)
            headings = _joined([o for o in mine if "Bold" in o.font and o.bounds[1] > top - 1])
            out.append((face.index, headings, [o.text.strip()[:20] for o in notes]))
    return out


@pytest.mark.parametrize(
    ("system", "card"),
    [(s, c) for s in SYSTEMS for c in CARDS],
)
def test_a_table_s_heading_and_note_never_leave_its_card(decks, system, card):
    """d12 mini set « Jet opposé »'s rows on the back of card 2/5 and its heading and note alone
    on the front of 3/5: a heading and its note never go to another card than the table's rows.
    A face of notes alone is a back (the card turned over), its front holds table rows and each
    of its headings names a table of that front (or, untitled there, the band's topic: KOLAPS's
    « Moral »), as KOLAPS's cards set their explanations behind their tables. One exception since
    the sixteenth session (refcards16a; review 15 S2, review 16 « fixed »): KOLAPS mini « Moral »,
    four long rows cut 2 + 2 on the two faces of 17/23, its note on 18/23's front."""
    pdf = decks[system, card]
    deck = faces(pdf, seen(table_paint().head_fill))
    for index, headings, notes in _notes_alone(pdf, deck):
        if (system, card, headings) == ("kolaps", "mini", ["Moral"]):
            continue
        assert index % 2 == 1, (system, card, index, headings, notes)  # a back
        front = deck[index - 1]
        assert front.pieces, (system, card, index, headings)
        named = [p.title for p in front.pieces] + [front.text]
        first_words = [" ".join(h.split()[:2]) for h in headings]
        assert all(any(w in n for n in named) for w in first_words), (system, card, index, headings)


def test_the_3d6_tarot_deck_is_set_as_large_as_the_other_systems_tarot_decks(decks):
    """The 3d6 tarot deck stayed at 8.5 pt (d100's and d12's at 9.75 pt) over faces mostly empty:
    its « Jet opposé » set three pairs a row, its « Écart de bonus » heads over three lines at any
    larger size. The deck's body (the commonest size of its texts under the bands, notes aside) is
    9.5 pt at least, and every face that prints text under its band sets some of it at that
    size (a table too wide for it, « Chance d’atteindre un nombre », may be set smaller beside)."""
    pdf = decks["3d6", "tarot"]
    objects = [o for o in text_objects(pdf) if o.text.strip()]
    deck = faces(pdf, seen(table_paint().head_fill))
    pages = [f.index for f in deck if f.pieces]  # a plain back prints the system's name, no table
    under = {p: [o for o in _under_band([o for o in objects if o.page == p]) if "Italic" not in o.font] for p in pages}
    sizes = [o.size for p in pages for o in under[p]]
    body = max(set(sizes), key=sizes.count)
    assert body >= 9.5, body
    assert all(any(abs(o.size - body) < 0.01 for o in mine) for mine in under.values())
