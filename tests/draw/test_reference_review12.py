"""The twelfth session's print review of the reference cards (issue 12), read back from the
printed decks (print-shop layout: one face a page, each card's front then its back): the d12
ladder cut by its rows only on a mini card, one note size a deck, no row's first cell over an
empty line before its text, no face holding one line and nothing else."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pdf_text import flat, page_texts, text_objects  # tests/support
from ruleset_products import RULESETS, ReferenceDecks  # tests/support

from kolaps_print.labels import label

CARDS = ("mini", "poker", "tarot")
SYSTEMS = ("kolaps", *RULESETS)


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    """(system, card) -> the print-shop deck, built through the CLI when first read."""
    return ReferenceDecks(cli, tmp_path_factory.mktemp("reference-review12"))


def test_the_d12_ladder_on_a_mini_card_is_cut_by_its_rows_only(decks):
    """Item 1: « Chance de réussir une action » on a d12 mini card was cut by its columns (≥ 2–8,
    then ≥ 12–20) and by its rows: four pieces. Every face that prints its rows heads them with
    all seven columns (Bonus and the six thresholds), its 13 bonuses (−2 … +10) once each over
    two faces, a front and its back, at 6 pt or more."""
    pdf = decks["d12", "mini"]
    texts = [flat(t) for t in page_texts(pdf)]
    # its back carries its rows on under the band « Actions (suite) », untitled (refcards22)
    faces = [i for i, t in enumerate(texts) if "Chance de réussir une action" in t or "Actions (suite)" in t]
    assert len(faces) == 2 and faces[0] % 2 == 0 and faces[1] == faces[0] + 1, faces
    bonuses = []
    for i in faces:
        objects = [o for o in text_objects(pdf) if o.page == i]
        heads = [flat(o.text) for o in objects if flat(o.text).startswith("≥")]
        assert len(heads) == 6, heads
        bonuses += [flat(o.text) for o in objects if re.fullmatch(r"[+−]\d+|0", flat(o.text)) and "Bold" in o.font]
        assert min(o.size for o in objects if o.text.strip()) >= 6
    assert len(bonuses) == len(set(bonuses)) == 13, bonuses


def _note_sizes(pdf: bytes) -> Counter:
    """The sizes of the italic texts under the bands (the notes and keys), the hints aside, and the
    examples set under their rows (words19: « Ex. : … », in italics at their table's size)."""
    hints = {flat(label(f"tables.sheet.{k}")) for k in ("continues_overleaf", "continues")}
    example = flat(label("rulesets.columns.example_run_in") + " :")
    italic = [o for o in text_objects(pdf) if "Italic" in o.font and o.text.strip()]
    notes = [o for o in italic if not flat(o.text).startswith(example)]
    return Counter(o.size for o in notes if flat(o.text) not in hints and not flat(o.text).startswith("†"))


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", RULESETS)
def test_a_deck_sets_its_notes_at_one_size(decks, system, card):
    """Item 3: d100 mini's 5/8 back set its note smaller than 6/8's: a note took its table's size.
    Every note and key of a deck prints at one size."""
    sizes = _note_sizes(decks[system, card])
    assert len(sizes) == 1, sizes


def test_the_3d6_throw_s_modifier_leaves_no_blank_line_before_its_text(decks):
    """Item 4: « Lancer » over « −4 AV si / improvisé » left an empty line in the first column
    before « Jeter un objet. »: the modifier now takes one line, the row's text comes right under
    « Lancer », one line below it."""
    objects = [o for o in text_objects(decks["3d6", "mini"]) if o.text.strip()]
    (throw,) = [o for o in objects if flat(o.text) == "Lancer"]
    (text,) = [o for o in objects if flat(o.text).lower().startswith("jeter un objet")]  # after « Effet : »
    assert text.page == throw.page
    step = throw.bounds[1] - text.bounds[1]
    assert step <= 1.6 * throw.size, step


def _band_baselines(objects) -> set[float]:
    """The baselines every face of a deck shares: its bands' (name, number, foot)."""
    pages = {o.page for o in objects}
    by_page = {p: {round(o.bounds[1]) for o in objects if o.page == p} for p in pages}
    return set.intersection(*by_page.values())


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_no_face_holds_a_lone_line(decks, system, card):
    """Item 5: KOLAPS poker card 1's back held « † E… : règle provisoire… » and nothing else.
    No face prints a single line of text under its band (its heading aside): it goes on the
    front, or the back is plain (its « Aide de jeu » upright, never a note's italic)."""
    objects = [o for o in text_objects(decks[system, card]) if o.text.strip()]
    band = _band_baselines(objects)
    for page in sorted({o.page for o in objects}):
        texts = [o for o in objects if o.page == page and "Bold" not in o.font]
        lines = {round(o.bounds[1]) for o in texts} - band
        italic = {round(o.bounds[1]) for o in texts if "Italic" in o.font}
        assert not (len(lines) == 1 and lines <= italic), (page, [flat(o.text) for o in texts])
