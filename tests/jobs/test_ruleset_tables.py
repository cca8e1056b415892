"""`tables --ruleset ID`: each system's sheet read back from the PDF: its tables, the exact
chances its engine gives (formatted by the one formatter), marks of our rulings, fonts embedded,
the same bytes on every run."""

import re

import pytest
from pdf_fonts import pdf_fonts  # tests/support
from pdf_tables import head_rows  # tests/support
from pdf_text import page_texts  # tests/support

from kolaps_print.content.formats import percent
from kolaps_print.content.ruleset_sheet import RulesetTable, SectionContent
from kolaps_print.engines import d12, percentile, three_d6
from kolaps_print.jobs import ruleset_tables
from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
from kolaps_print.model.ruleset_load import find_ruleset


def plain(text: str) -> str:
    return re.sub(r"[\s\u202f\u00a0]+", " ", text)


def text_of(ruleset_id: str) -> str:
    """The sheet's text, on one line per page, spaces of every width made plain."""
    return "\n".join(re.sub(r"[\s\u202f\u00a0]+", " ", t) for t in page_texts(build_ruleset_sheet(ruleset_id).pdf))


def row(*cells: str) -> str:
    return " ".join(cells).replace("\u202f", " ")


@pytest.fixture(scope="module")
def sheets():
    return {r: text_of(r) for r in ("3d6", "d100", "d12")}


def test_every_section_and_table_title_is_printed(sheets):
    for ruleset_id, text in sheets.items():
        ruleset = find_ruleset(ruleset_id)
        for section in ruleset.spec.sheet.sections:
            assert plain(section.title) in text
            for id_ in section.tables:
                assert plain(ruleset.tables[id_].title) in text, (ruleset_id, id_)


def test_the_d12_ladder_row_by_row(sheets):
    ladder = find_ruleset("d12").spec.mechanic.ladder
    for bonus in (-2, 0, 4, 10):
        sign = "+" if bonus > 0 else "−" if bonus < 0 else ""
        # « % » said once, in the ladder's title (review 23, N8)
        chances = [percent(d12.ladder_chance(bonus, r.threshold)).removesuffix("\u202f%") for r in ladder]
        cells = [f"{sign}{abs(bonus)}", *chances]
        assert row(*cells) in sheets["d12"]


def test_the_d12_opposed_chances(sheets):
    for margin in range(-6, 7):
        sign = "+" if margin > 0 else "−" if margin < 0 else ""
        assert row(f"{sign}{abs(margin)}", percent(d12.hit_chance(margin))) in sheets["d12"]


def test_the_3d6_chances_of_reaching_a_number(sheets):
    assert row("11", percent(three_d6.chance_at_least(11))) in sheets["3d6"]
    assert percent(three_d6.chance_at_least(11)).replace("\u202f", " ") == "50 %"
    assert row("21", percent(three_d6.chance_at_least(21))) in sheets["3d6"]


def test_the_d100_grid_with_and_without_point_blank(sheets):
    ruleset = find_ruleset("d100")
    table = ruleset.tables["chances"]
    for point_blank in (False, True):
        cells = [
            percent(percentile.chance(percentile.effective_score(30, m, point_blank), [1], [100]))
            for m in table.modifiers
        ]
        assert row("30", *cells) in sheets["d100"]


def test_our_rulings_carry_their_mark(sheets):
    assert "Valeurs de difficulté sans opposition † 3D6-E1" in sheets["3d6"]
    assert "Chance de réussite (d100 ≤ score) † D100-E1" in sheets["d100"]
    assert "Critiques en combat †" not in sheets["d12"]  # the seed's own table: no mark


def test_the_catalogue_table_prints_the_seed_s_bases(sheets):
    assert row("Bagarre", "50", "1d3") in sheets["d100"]
    assert row("Mitraillettes", "10", "—") in sheets["d100"]


@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_fonts_embedded_and_bytes_stable(ruleset_id):
    first, second = build_ruleset_sheet(ruleset_id).pdf, build_ruleset_sheet(ruleset_id).pdf
    assert first == second
    fonts = pdf_fonts(first)
    assert fonts and all(fonts.values()), fonts


def test_the_command_writes_the_sheet_and_with_format_cards_the_cards(cli, tmp_path):
    out = tmp_path / "d12.pdf"
    result = cli(["tables", "--ruleset", "d12", "-o", out])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"wrote {out} (1 pages)\n"
    assert out.read_bytes() == build_ruleset_sheet("d12").pdf
    cards = cli(["tables", "--ruleset", "d12", "--format", "cards", "-o", tmp_path / "c.pdf"])
    assert cards.exit_code == 0, (
        cards.stderr
    )  # issue 13: the reference cards (tests/layout/ruleset/test_reference_cards.py)
    # Three cards since its ladder sets at 7 pt or more (issue 12): the table whole on a face, its key behind.
    assert cards.stdout == f"wrote {tmp_path / 'c.pdf'} (2 pages, 3 cards)\n"
    assert (tmp_path / "c.pdf").read_bytes() != out.read_bytes()


def test_a_table_taller_than_a_page_is_a_located_error_and_nothing_is_written(cli, tmp_path, monkeypatch):
    """One row no column can hold (the sheet splits tables between rows only): the command names
    the system's tables file, exits 1 and writes nothing."""
    endless = " ".join(["interminable"] * 4000)
    monster = [SectionContent("Combat", [RulesetTable("Règle", ["Cas", "Effet"], [["1", endless]])])]
    monkeypatch.setattr(ruleset_tables, "sheet_content", lambda ruleset: monster)
    out = tmp_path / "d12.pdf"
    result = cli(["tables", "--ruleset", "d12", "-o", out])
    assert result.exit_code == 1
    where = find_ruleset("d12").folder / "tables.yaml"
    assert f"{where}:1:1: error: a table does not fit on a page: split it" in result.stderr
    assert "Traceback" not in result.stderr and not out.exists()


def test_a_product_is_never_broken_between_its_sign_and_its_number():
    """Designer review (eighth session, 26): « Compétence × / 2 » broke on the d100 reference
    card's point-blank row; a product is held together as « gravité + 1 » is (typography.py),
    and a written cell gets the typography of any data text."""
    lines = [
        re.sub(r"[\u202f\u00a0]", " ", line)
        for page in page_texts(build_ruleset_reference_cards("d100").pdf)
        for line in page.splitlines()
    ]
    assert any("Compétence × 2" in line for line in lines)
    assert not [line for line in lines if line.rstrip().endswith("×")]


@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_a_short_table_is_never_split_on_the_sheet(ruleset_id):
    """A table of whole_rows body rows or fewer (style.yaml `table`) prints its head row once: it
    is never cut between columns (the d12 sheet cut its five-row opposed roll, second review)."""
    from kolaps_print.content.ruleset_sheet import sheet_content
    from kolaps_print.layout.style import table_breaks

    pdf = build_ruleset_sheet(ruleset_id).pdf
    tables = [t for section in sheet_content(find_ruleset(ruleset_id)) for t in section.tables]
    heads = [tuple(t.header[:2]) for t in tables]
    checked = 0
    for table in tables:
        printed = head_rows(pdf, *table.header[:2])
        if len(table.rows) <= table_breaks().whole_rows and printed:  # a head broken at a syllable reads otherwise
            assert printed == heads.count(tuple(table.header[:2])), (table.title, printed)
            checked += 1
    assert checked >= 2


def _book_version_line(ruleset_id: str) -> str:
    """« Version 0.1 · 30 novembre 2026 » from the ruleset's book.yaml, the source its book prints."""
    import yaml

    from kolaps_print import resources
    from kolaps_print.numbers import date_words

    book = yaml.safe_load((resources.ruleset_templates(ruleset_id) / "book.yaml").read_text(encoding="utf-8"))
    return plain(f"Version {book['version']} · {date_words(book['date'])}")


@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_every_page_of_a_systems_sheet_states_its_books_version_and_date_in_its_head(ruleset_id):
    """Audit 17: KOLAPS's sheet printed « Version 0.1 · 1ᵉʳ juin 2025 » in its head, the other
    systems' sheets nothing, though their books do. Read back: once a page, in the head, right."""
    import pypdfium2 as pdfium

    wanted = re.compile(r"[\s\u202f\u00a0]+".join(map(re.escape, _book_version_line(ruleset_id).split())))
    document = pdfium.PdfDocument(build_ruleset_sheet(ruleset_id).pdf)
    for page in document:
        width, height = page.get_size()
        textpage = page.get_textpage()
        found = list(wanted.finditer(textpage.get_text_range()))
        assert len(found) == 1, (ruleset_id, wanted.pattern)
        left, bottom, _, _ = textpage.get_charbox(found[0].start())
        assert bottom > height - 72 and left > width / 2, (left, bottom)  # the head's right half
    document.close()


@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_a_systems_reference_cards_state_the_version_and_date_on_their_plain_backs(ruleset_id, card):
    """As KOLAPS's reference cards: the plain back names the system, « Aide de jeu », and the rules'
    version and date, as the book prints them."""
    options = ruleset_tables.TablesOptions(format="cards", card=card)
    texts = [plain(t) for t in page_texts(build_ruleset_reference_cards(ruleset_id, options).pdf)]
    assert any(_book_version_line(ruleset_id) in t for t in texts)
