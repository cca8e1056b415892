"""Every reference sheet read back from its PDF (the twelfth issue's review, item 1): no text
within 6 mm of a sheet's edge, where home printers lose 4–5 mm. The KOLAPS sheet's footer line
(« † E… : règle provisoire… ») sat 4.2 mm from the bottom edge (Letter 4.3, the kit's copy 4.1)."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_text import text_objects  # tests/support

from kolaps_print import resources
from kolaps_print.units import pt

EDGE_MM = 6  # the house rule (tokens.yaml safe_margin, sheets.yaml margin): nothing that matters nearer


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        return [document[i].get_size() for i in range(len(document))]
    finally:
        document.close()


def too_near_the_edge(pdf: bytes, skip: str | None = None) -> list[tuple[int, str, float]]:
    """(page, text, mm from its nearest edge) for every text object nearer an edge than EDGE_MM."""
    sizes = page_sizes(pdf)
    near = []
    for o in text_objects(pdf):
        if skip and skip in o.text:
            continue
        w, h = sizes[o.page]
        left, bottom, right, top = o.bounds
        gap = min(left, bottom, w - right, h - top)
        if gap < pt(EDGE_MM):
            near.append((o.page, o.text[:40], round(gap / pt(1), 2)))
    return near


@pytest.mark.parametrize("ruleset", ["kolaps", "d12", "3d6", "d100"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_text_within_six_mm_of_the_sheet_edge(cli, tmp_path, ruleset, paper):
    target = tmp_path / "sheet.pdf"
    result = cli(["tables", "--ruleset", ruleset, "--paper", paper, "-o", target])
    assert result.exit_code == 0, result.stderr
    pdf = target.read_bytes()
    assert page_sizes(pdf)  # one side (the other systems) or two (KOLAPS)
    assert too_near_the_edge(pdf) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kits_sheet_keeps_its_text_off_the_edge(cli, tmp_path, paper):
    """The kit's copy of the sheet, its own text: the kit's stamp (« Démo … · données … ») is the
    kit's machinery, set on its own baseline on every page of the kit (data/layouts/kit.yaml)."""
    kit = tmp_path / "kit.yaml"
    kits = resources.kolaps_dir() / "kits"
    demo = (kits / "demo.yaml").read_text(encoding="utf-8").replace("../armies/", f"{kits.parent / 'armies'}/")
    kit.write_text(demo.replace("paper: a4", f"paper: {paper}"), encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    pdf = (tmp_path / "out" / "reference.pdf").read_bytes()
    assert any("provisoire" in o.text for o in text_objects(pdf))  # the footer line is there
    assert too_near_the_edge(pdf) == []


def test_the_kits_stamp_keeps_off_the_edge_on_every_page(cli, tmp_path):
    """The kit's stamp (« Démo … · données … ») is on every page of every PDF of the kit: its
    descenders too keep 6 mm from the edge (review 11: the « y » of « Lyon » at 5.75 mm)."""
    kit = resources.kolaps_dir() / "kits" / "demo.yaml"
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    pdfs = sorted((tmp_path / "out").glob("*.pdf"))
    assert len(pdfs) >= 5
    for path in pdfs:
        pdf = path.read_bytes()
        sizes = page_sizes(pdf)
        stamps = [o for o in text_objects(pdf) if " · données " in o.text]  # the page's, not the cards' forms
        assert {o.page for o in stamps} == set(range(len(sizes))), path.name
        for o in stamps:
            w, h = sizes[o.page]
            left, bottom, right, top = o.bounds
            assert min(left, bottom, w - right, h - top) >= pt(EDGE_MM), (path.name, o.page, bottom / pt(1))
