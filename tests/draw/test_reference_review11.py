"""Designer review, eleventh session, of KOLAPS's reference cards, read back from the printed decks
(print-shop: one face a page, 3 mm of bleed round the trim): the mini deck prints, every table's
title on it, no text under the 6 pt floor, none outside the 3 mm safe area, no table cell over three
lines (item 1); on tarot a table's notes join it on the front where they fit, in a larger body than
poker's (item 2); « Bras gauche estropié » on one line as « Bras droit estropié » (item 3); a
section, and each topic, opens on a front (item 4)."""

from __future__ import annotations

import re
from collections import Counter
from io import BytesIO

import pytest
from card_pieces import plain  # tests/support
from pdf_text import page_texts, text_objects  # tests/support
from pypdf import PdfReader
from ruleset_products import ReferenceDecks  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.content.reference import reference_sections
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt

CARDS = ("mini", "poker", "tarot")
SAFE_MM = 3  # the house's safe area inside the trim (docs/print-shop.md)
FLOOR_PT = 6  # style.yaml type.floor: nothing printed smaller


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    """(system, card) -> the print-shop deck, built through the CLI when first read."""
    return ReferenceDecks(cli, tmp_path_factory.mktemp("reference-review11"))


def _tables():
    return [t for s in reference_sections(builtin_game_data()) for t in s.tables]


def _words(text: str | None, count: int = 6) -> str:
    return " ".join(plain(text or "").split()[:count])


def _short(title: str) -> str:
    """The title without its closing parenthesis: what a face prints where the whole would wrap
    (sixteenth session, fix16c: « Blessures critiques » over its rows 2 | 2 | 2)."""
    return re.sub(r"\s*\([^()]*\)\s*$", "", title)


def test_the_mini_deck_prints_every_table_title(decks):
    text = plain(" ".join(page_texts(decks["kolaps", "mini"])))
    missing = [t.title for t in _tables() if plain(t.title) not in text and plain(_short(t.title)) not in text]
    assert not missing, f"titles printed nowhere on the mini deck: {missing}"


def test_no_mini_text_is_set_under_the_floor(decks):
    small = {
        (t.page + 1, t.text, t.size)
        for t in text_objects(decks["kolaps", "mini"])
        if t.text.strip() and t.size < FLOOR_PT - 0.01
    }
    assert not small, f"text under {FLOOR_PT} pt: {sorted(small)[:5]}"


@pytest.mark.parametrize("card", CARDS)
def test_every_text_lies_inside_the_safe_area(decks, card):
    reader = PdfReader(BytesIO(decks["kolaps", card]))
    out = []
    texts = [t for t in text_objects(decks["kolaps", card], page_space=True) if t.text.strip()]
    for t in texts:
        left, bottom, right, top = (float(v) for v in reader.pages[t.page].trimbox)
        safe = pt(SAFE_MM)
        inside = left + safe - 0.01 <= t.bounds[0] and t.bounds[2] <= right - safe + 0.01
        inside = inside and bottom + safe - 0.01 <= t.bounds[1] and t.bounds[3] <= top - safe + 0.01
        if not inside:
            out.append((t.page + 1, t.text))
    assert not out, f"{card}: text outside the {SAFE_MM} mm safe area: {out[:5]}"


@pytest.mark.parametrize("card", CARDS)
def test_preflight_finds_no_text_near_the_trim(decks, cli, tmp_path, card):
    """As a print shop measures it (each text's advance box): a mini card's plain back once set its
    12 pt « KOLAPS : Ground Zero » 2.9 mm from the trim."""
    target = tmp_path / f"{card}.pdf"
    target.write_bytes(decks["kolaps", card])
    result = cli(["preflight", target])
    assert "of the trim" not in result.stdout + result.stderr, result.stdout + result.stderr


@pytest.mark.parametrize("card", CARDS)
def test_no_table_cell_takes_more_than_three_lines(decks, card):
    """Each row of a table is one fill (paper or the zebra's tint; the head row its own): the texts on
    it, cell by cell. A row of one text across the table is running text, not a cell: a long last
    column set on a line of its own under its row (issue 12: « the text under the rows »)."""
    faults = [(c.page, c.text, c.lines) for c in grid_cells(decks["kolaps", card]) if c.lines > 3]
    assert not faults, f"{card}: cells over three lines: {faults[:5]}"


def _face_of(pages: list[str], text: str) -> int:
    return next(i for i, page in enumerate(pages) if text in plain(page))


# « gravite » left the list in tarot19: on the tarot it is two tables (every effect on one line) and
# its note, 5 pt taller than what they leave, is on the card's back (docs/style.md, tarot19).
@pytest.mark.parametrize("table_id", ["chances", "echecs-critiques"])
def test_on_tarot_a_table_s_notes_that_fit_are_printed_on_its_face(decks, table_id):
    table = next(t for t in _tables() if t.id == table_id)
    # its head row's first two heads; « 0 · 2C6 » may print « 0 » over « 2C6 », its dot dropped (kit20)
    head = plain(" ".join(table.columns[:2]).replace(" · ", " "))
    for card, together in (("tarot", True), ("poker", False)):
        pages = page_texts(decks["kolaps", card])
        assert (_face_of(pages, head) == _face_of(pages, _words(table.note))) is together, card


def _body_pt(pdf: bytes) -> float:
    """The size most of the deck's regular text is set in: its body."""
    sizes = Counter(t.size for t in text_objects(pdf) if t.text.strip() and "Regular" in t.font)
    return sizes.most_common(1)[0][0]


def test_the_tarot_body_is_larger_than_the_poker_body(decks):
    assert _body_pt(decks["kolaps", "tarot"]) > _body_pt(decks["kolaps", "poker"]) + 1


@pytest.mark.parametrize("card", ["poker", "tarot"])
def test_each_crippled_arm_s_wound_name_takes_one_line(decks, card):
    lines = {plain(t.text) for t in text_objects(decks["kolaps", card]) if t.text.strip()}
    critical = next(t for t in _tables() if t.id == "blessures-critiques")
    names = [row[2] for row in critical.rows[:2]]  # « Bras gauche estropié », « Bras droit estropié »
    assert all(plain(name) in lines for name in names), f"{card}: {names} not each on one line"


@pytest.mark.parametrize("card", CARDS)
def test_each_card_s_back_goes_on_with_its_front_s_topic(decks, card):
    """A topic, and so a section, opens on a front: a back's strip names its front's topic and card."""
    pages = page_texts(decks["kolaps", card])
    heads = [page.splitlines()[0].replace("verso ›", "").replace("suite ›", "").split() for page in pages]
    assert len(pages) % 2 == 0
    for front, back in zip(heads[::2], heads[1::2], strict=True):
        assert front == back, f"{card}: a back goes on with another topic: {front} / {back}"


@pytest.mark.parametrize("card", CARDS)
def test_a_strip_s_topic_hint_and_number_never_run_into_each_other(decks, card):
    """The mini strips once set « Modificateurs de difficulté », « verso › » and « 7/27 » over each other."""
    reader = PdfReader(BytesIO(decks["kolaps", card]))
    texts = [t for t in text_objects(decks["kolaps", card], page_space=True) if t.text.strip()]
    faults = []
    for page in range(len(reader.pages)):
        top = float(reader.pages[page].trimbox[3])
        strip = sorted((t for t in texts if t.page == page and t.bounds[1] > top - pt(7)), key=lambda t: t.bounds[0])
        faults += [
            (page + 1, a.text, b.text) for a, b in zip(strip, strip[1:], strict=False) if a.bounds[2] > b.bounds[0]
        ]
    assert not faults, f"{card}: strip texts overlapping: {faults[:5]}"
