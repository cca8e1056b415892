"""One house look for a worked example in the book, the quick-start and the d12 sheet, an
editorial note told apart from it, the hung « Effets secondaires » saying what its columns are,
and the quick-start back's captions level (review 22b, findings 8, 6 and 12). Read back from the
PDFs: the quick-start's example had a red sans head line, the book's a black run-in « Exemple. »
in the same box as its notes, the d12 sheet's a section band over a roman paragraph."""

from __future__ import annotations

import re

import pytest
from handout_pages import close, example_boxes, inside_box  # tests/support
from pdf_colours import seen  # tests/support
from pdf_text import flat, set_texts, text_objects  # tests/support
from review_books import book_pdf  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet
from kolaps_print.labels import label
from kolaps_print.layout.style import colour


def _font(name: str) -> str:
    return name.split("+")[-1]  # without a subset's prefix


def _example_heads(pdf: bytes) -> list:
    """The first text of every example box of every page: its head line."""
    pages = 1 + max(o.page for o in text_objects(pdf))
    return [box.texts[0] for page in range(pages) for box in example_boxes(pdf, page) if box.texts]


@pytest.fixture(scope="module")
def products() -> dict[str, bytes]:
    return {
        "rulebook": book_pdf("kolaps-a4"),
        "d12-rulebook": book_pdf("d12"),
        "quickstart": book_pdf("quickstart"),
        "d12-reference": build_ruleset_sheet("d12", "a4").pdf,
    }


@pytest.mark.parametrize(
    "product, head, text",
    [
        ("rulebook", "Exemple", "Hélène Marchal"),  # the book's « > **Exemple.** » lifted to a head line
        ("d12-rulebook", "Exemple", "Une pilote"),  # a quote with no head of its own
        ("quickstart", "Exemple", "Un personnage de rang"),
        ("quickstart", "Exemple : un tir de", "Stefan Solmeyer"),
        ("d12-reference", "Exemple de jet", "Une pilote"),  # was a section band
    ],
)
def test_an_example_is_the_house_box_in_every_product(products, product, head, text):
    """The same box (tint, the accent's rule down its whole left edge), its head line in the
    accent's bold sans, then its text in the regular sans, in ink."""
    pdf = products[product]
    pages = 1 + max(o.page for o in text_objects(pdf))
    boxes = [b for page in range(pages) for b in example_boxes(pdf, page) if b.texts]
    found = [
        b for b in boxes if flat(b.texts[0].text).startswith(head) and text in flat(" ".join(t.text for t in b.texts))
    ]
    assert len(found) >= 1, [[t.text for t in b.texts[:2]] for b in boxes]
    box = found[0]
    first, body = box.texts[0], [t for t in box.texts[1:] if text in t.text]
    assert close(first.fill, seen(colour("blood"))) and _font(first.font).endswith("-Bold"), first
    assert body and all(close(t.fill, seen(colour("ink"))) for t in body), body
    assert all("Bold" not in t.font and "Gentium" not in t.font for t in body), body
    assert box.box[3] - first.bounds[3] <= 14  # the head is the box's first line
    assert box.rule[3] - box.rule[1] >= (box.box[3] - box.box[1]) - 2  # the rule runs its whole height
    assert not re.match(r"Exemple\s*\.", flat(body[0].text)), body[0].text  # no run-in « Exemple. » left


def test_every_product_sets_the_example_head_alike(products):
    """One font and one colour for an example's head in the book, the quick-start and the sheet."""
    heads = {name: _example_heads(pdf) for name, pdf in products.items()}
    assert all(heads.values()), {k: len(v) for k, v in heads.items()}
    looks = {(_font(h.font), h.fill) for found in heads.values() for h in found}
    assert len(looks) == 1, looks


def test_an_editorial_note_is_not_an_example(products):
    """« En attendant les annexes » and the « Provisoire » notes were set in the examples' box: a
    note is now outside every example box, its run-in head black, no accent anywhere on it."""
    pdf = products["rulebook"]
    pages = 1 + max(o.page for o in text_objects(pdf))
    boxes = [(page, b.box) for page in range(pages) for b in example_boxes(pdf, page)]
    notes = [o for o in text_objects(pdf) if flat(o.text).startswith(("En attendant les annexes", "Provisoire"))]
    assert len(notes) >= 2, notes
    for note in notes:
        assert not any(page == note.page and inside_box(note.bounds, box) for page, box in boxes), note
        assert close(note.fill, seen(colour("ink"))) and "Bold" in note.font, note
    heads = {flat(h.text) for h in _example_heads(pdf)}
    assert not any(h.startswith(("En attendant", "Provisoire", "Pourquoi", "Convention")) for h in heads), heads


@pytest.mark.parametrize(
    "product, title", [("rulebook", "Effets secondaires"), ("quickstart", "Effets secondaires (démo)")]
)
def test_the_hung_side_effects_say_what_their_columns_are(products, product, title):
    """The hung list's head band read « Zone » alone: it now says the die, the names and the texts
    (as the sheet's three heads do), and its faces are bold as every die column."""
    pdf = products[product]
    objects = text_objects(pdf)
    head = label("tables.format.die_list_head", die="1D6", name="zone", text="effet en cas d’échec")
    heads = [o for o in objects if flat(o.text) == flat(head)]
    assert heads, [o.text for o in objects if "zone" in o.text.casefold()][:10]
    assert "Bold" in heads[0].font
    page = heads[0].page
    on_page = [o for o in objects if o.page == page]
    names = [o for o in on_page if flat(o.text) == "Bras gauche" and o.bounds[3] < heads[0].bounds[1]]
    assert names, "no « Bras gauche » under the head"
    name = max(names, key=lambda o: o.bounds[3])  # the first under the head
    faces = [
        o
        for o in on_page
        if o.text.strip() == "1" and abs(o.bounds[3] - name.bounds[3]) < 1.5 and o.bounds[2] <= name.bounds[0]
    ]
    assert faces and "Bold" in faces[0].font, faces


def test_the_quick_start_back_s_first_captions_are_level(products):
    """The right column's first caption stood level with the page's title « Tables », 32 pt over
    the left's first caption « Difficultés »: both columns' first captions now share a line."""
    pdf = products["quickstart"]
    objects = set_texts(pdf)
    page = next(o.page for o in objects if flat(o.text) == "Effets secondaires (démo)")
    left = next(o for o in objects if o.page == page and flat(o.text) == "Difficultés")
    right = next(o for o in objects if o.page == page and flat(o.text) == "Effets secondaires (démo)")
    assert abs(left.baseline - right.baseline) <= 0.5, (left.baseline, right.baseline)
