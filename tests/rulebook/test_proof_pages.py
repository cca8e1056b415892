"""The proof's appendix read back: every erratum with its boxes to tick, and the marked places."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pdf_text import page_texts  # tests/support

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.jobs import rulebook as rulebook_job
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook, marks_elsewhere
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.model.army_book import load_army
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.provenance import find_marks, marked_pages
from kolaps_print.rulebook import styles as st
from kolaps_print.typography import french


def numeric(ids) -> list[str]:
    return sorted(dict.fromkeys(ids), key=lambda i: int(i[1:]))


def rectangles(pdf: bytes, page_numbers, bounds: bool = False) -> list[tuple[float, ...]]:
    """The (width, height) in points, or the bounds, of each path drawn on those pages (from 0)."""
    document = pdfium.PdfDocument(pdf)
    out = []
    try:
        for i in page_numbers:
            for obj in document[i].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH]):
                left, bottom, right, top = obj.get_bounds()
                out.append((left, bottom, right, top) if bounds else (right - left, top - bottom))
    finally:
        document.close()
    return out


def flat(text: str) -> str:
    return " ".join(re.sub("\ufffe\n?", "", text).replace("\u00a0", " ").split())


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


@pytest.fixture(scope="module")
def proof():
    return build_rulebook(RulebookOptions(proof=True))


@pytest.fixture(scope="module")
def pages(proof):
    return page_texts(proof.pdf)


def _from(pages: list[str], title: str) -> int:
    return next(i for i, t in enumerate(pages) if title in t)


def test_every_erratum_has_its_heading_decision_and_two_boxes(pages, data):
    errata = flat(" ".join(pages[_from(pages, "Errata à confirmer") : _from(pages, "Marques de provenance")]))
    for e in data.errata:
        assert flat(f"{e.id} · {e.title}") in errata, e.id
        if e.decision:
            assert flat(f"Décision. {e.decision}") in errata, e.id
    plain = [e for e in data.errata if not e.reading]
    assert errata.count("confirmé à revoir") == len(plain)
    assert errata.count("lecture retenue autre lecture à revoir") == len(data.errata) - len(plain) == 2
    assert errata.count("Remarque ou autre décision :") == len(data.errata)
    assert "Relecture Initiales : Date : Signature :" in errata  # the sign-off, once, at the end


def test_numbers_written_as_prose_print_as_one_text_not_a_table(proof, pages, data):
    """E46's « Chiffres » are two sentences with a « ; » and a « : » inside parentheses: set as
    text, they read back whole; cut into a two-column table they lose their separators."""
    errata = flat(" ".join(pages[_from(pages, "Errata à confirmer") : _from(pages, "Marques de provenance")]))
    e46 = data.erratum("E46")
    assert e46.numbers and ". " in e46.numbers and ";" in e46.numbers
    assert flat(f"Chiffres. {french(e46.numbers)}") in errata
    # the « situation : chiffre » lists (E-wounds' survival rates) are still a table: no « ; » left
    listed = next(e for e in data.errata if e.numbers and e.numbers.count(";") >= 3 and ". " not in e.numbers)
    assert flat(french(listed.numbers)) not in errata


def test_a_switchable_erratum_shows_the_chosen_reading_and_the_other(pages, data):
    errata = flat(" ".join(pages[_from(pages, "Errata à confirmer") :]))
    for e in (x for x in data.errata if x.reading):
        chosen = data.readings[e.reading.id]
        name = label(f"rulebook.errata.options.{chosen}")
        assert flat(f"Lecture retenue : {name}. {e.reading.option(chosen).text}") in errata
        for other in (o for o in e.reading.options if o.id != chosen):
            assert flat(f"Autre lecture : {label(f'rulebook.errata.options.{other.id}')}. {other.text}") in errata


def test_the_proof_speaks_french_not_data_ids(pages, data):
    """Finding 17: no option id nor file path in print; the French names stand for them."""
    errata = flat(" ".join(pages[_from(pages, "Errata à confirmer") :]))
    for e in (x for x in data.errata if x.reading):
        assert e.reading.id not in errata
        for option in e.reading.option_ids:
            assert f"({option}" not in errata and f"lecture {option}" not in errata and f"= {option}" not in errata
    assert "readings.yaml" not in errata


def test_several_other_readings_are_listed_a_and_b(pages, data):
    errata = flat(" ".join(pages[_from(pages, "Errata à confirmer") :]))
    e29 = data.erratum("E29")
    assert len(e29.readings) == 2
    assert flat(f"Autres lectures. (a) {e29.readings[0]} (b) {e29.readings[1]}") in errata


def test_tick_boxes_are_pencil_sized(proof, pages):
    """Finding 15: each box at least 4.5 mm square, read from the rectangles drawn on the errata pages."""
    first, last = _from(pages, "Errata à confirmer"), _from(pages, "Marques de provenance")
    squares = [r for r in rectangles(proof.pdf, range(first, last)) if abs(r[0] - r[1]) < 0.5 and r[0] > 5]
    assert squares, "no tick box drawn"
    assert min(side for side, _ in squares) >= 4.5 * 72 / 25.4 - 0.8  # its stroke may shave a little off the box


def test_the_marks_page_lists_this_books_marked_pages(proof, pages):
    last = flat(pages[-1])
    assert last.startswith("Marques de provenance")
    end = _from(pages, "Errata à confirmer")
    own = [(i + 1, numeric(find_marks(t))) for i, t in enumerate(pages[:end])]
    own = [(p, ids) for p, ids in own if ids]
    assert own, "the book prints no mark"
    for page, ids in own:
        assert f"Ce livre (Règles complètes) {page} {', '.join(ids)}" in last


def test_the_marks_page_lists_the_other_products(pages, data):
    last = flat(pages[-1])
    sheet = marked_pages(build_reference(TablesOptions(), data).pdf)
    assert sheet
    for page, ids in sheet:
        assert f"Aide de jeu {page} {', '.join(numeric(ids))}" in last
    assert re.search(r"Règles de démarrage \d+ E\d+", last), "the quick-start is missing"
    faces = re.findall(r"Cartes d’aide de jeu carte (\d+)", last)
    assert faces and len(faces) > len(page_texts(build_reference(TablesOptions(format="cards"), data).pdf))
    assert faces == sorted(faces, key=int)
    kappa = load_army(resources.kolaps_dir() / "armies" / "section-kappa.yaml", data)
    assert any(
        p.product == f"Cartes\u00a0: {kappa.army.name}" and "E26" in p.errata for p in marks_elsewhere(data, [kappa])
    )
    assert f"Cartes : {kappa.army.name} 1" in last


def test_a_product_that_fails_to_build_is_listed_as_such(monkeypatch, data):
    def overflow(*args, **kwargs):
        raise KolapsError([])

    monkeypatch.setattr(rulebook_job, "build_reference", overflow)
    found = marks_elsewhere(data, [])
    assert [(p.product, p.errata) for p in found] == [("Aide de jeu", ()), ("Cartes d’aide de jeu", ())]
    assert all("impossible à imprimer" in p.where for p in found)


def test_the_marks_table_fits_the_text_block(proof, pages):
    """Finding 19: the table was 10 mm wider than the text; its header band now ends inside the frame."""
    x, _, width, _ = st.page_geometry("a4").frame
    last = len(pages) - 1
    bands = [r for r in rectangles(proof.pdf, [last], bounds=True) if r[3] - r[1] > 5]
    assert bands and all(x - 0.5 <= left and right <= x + width + 0.5 for left, _, right, _ in bands)


def test_the_plain_book_has_no_appendix():
    texts = " ".join(page_texts(build_rulebook(RulebookOptions(edition="quickstart")).pdf))
    assert "Errata à confirmer" not in texts and "Marques de provenance" not in texts
