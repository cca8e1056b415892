"""The tokens sheet: counts from the armies and rules, geometry, fonts, labels, rendering."""

import math
from io import BytesIO

import pypdfium2 as pdfium
import yaml
from pypdf import PdfReader

from kolaps_print import resources
from kolaps_print.draw import tokens as draw
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.tokens import BOTTOM_MM, TokenGroup, grid_for, layout_sheet, token_sections, tokens_pdf
from kolaps_print.labels import label

ARMIES = resources.data_dir() / "armies"


def miniatures(*names):
    """Counted from the army files themselves: a character's copies are its miniatures."""
    total = 0
    for name in names:
        army = yaml.safe_load((ARMIES / f"{name}.yaml").read_text(encoding="utf-8"))
        total += sum(c.get("copies", 1) for c in army["characters"])
    return total


def fatigue_max():
    return yaml.safe_load((resources.data_dir() / "rules" / "actions.yaml").read_text(encoding="utf-8"))["fatigue"][
        "max"
    ]


def test_one_offensive_haemorrhage_and_fatigue_token_per_miniature(kit_file):
    sections = {s.kind: s for s in token_sections(load_kit(kit_file()))}
    minis = miniatures("section-kappa", "les-damnes")
    for kind in ("offensive", "haemorrhage", "fatigue"):
        assert len(sections[kind].values) == minis
    assert set(sections["fatigue"].values) == {fatigue_max()}


def test_aff_numbers_come_in_pairs_one_pair_per_possible_affrontement(kit_file):
    values = token_sections(load_kit(kit_file()))[0].values
    numbers = miniatures("section-kappa", "les-damnes") // 2
    assert sorted(values) == sorted(list(range(1, numbers + 1)) * 2)


def test_tokens_never_overlap_and_stay_on_the_page():
    grid = grid_for(210, 297)
    pages = layout_sheet(
        [TokenGroup("aff", (1,) * 30), TokenGroup("offensive", (0,) * 30), TokenGroup("fatigue", (6,) * 30)], grid
    )
    assert len(pages) == 2  # 90 tokens do not fit one A4 page
    r = draw.DIAMETER_MM / 2
    for page in pages:
        centres = [(x, y) for _, _, x, y in page.tokens]
        for x, y in centres:
            assert r <= x <= 210 - r and BOTTOM_MM + r <= y + 1e-9 and y <= 297 - r
        for i, (x1, y1) in enumerate(centres):
            for x2, y2 in centres[i + 1 :]:
                assert math.hypot(x1 - x2, y1 - y2) >= draw.DIAMETER_MM + 1.9  # room for the scissors
    assert sum(len(p.tokens) for p in pages) == 90


def test_tokens_are_20_to_25_mm_round_for_25_mm_bases():
    assert 20 <= draw.DIAMETER_MM <= 25


def test_the_sheet_prints_every_label_and_number_with_embedded_fonts(kit_file, pdf_tools):
    kit = load_kit(kit_file())
    pdf, pages = tokens_pdf(kit)
    assert pages == len(PdfReader(BytesIO(pdf)).pages) == 1
    assert pdf_tools.fonts_not_embedded(pdf) == []
    text = pdf_tools.page_texts(pdf)[0]
    for kind in ("aff", "offensive", "haemorrhage", "fatigue"):
        assert label(f"kit.tokens.{kind}.heading") in text
        assert label(f"kit.tokens.{kind}.label") in text
    numbers = miniatures("section-kappa", "les-damnes") // 2
    assert text.count(label("kit.tokens.aff.label")) >= 2 * numbers  # one per AFF token (and the heading)
    words = text.split()
    for n in range(1, numbers + 1):
        assert words.count(str(n)) >= 2  # each AFF number twice (fatigue dials add more)


def test_the_cut_circles_are_22_mm_apart_on_the_rendered_page(kit_file):
    """Render at 100 dpi and measure the first row: the ring colour repeats every pitch."""
    pdf, _ = tokens_pdf(load_kit(kit_file()))
    document = pdfium.PdfDocument(BytesIO(pdf))
    image = document[0].render(scale=100 / 72).to_pil().convert("RGB")
    document.close()
    grid = grid_for(210, 297)
    first = [t for t in layout_sheet(token_sections(load_kit(kit_file())), grid)[0].tokens if t[0] == "aff"][:2]
    (_, _, x1, y), (_, _, x2, _) = first

    def px(mm: float) -> int:
        return round(mm / 25.4 * 100)

    row = px(297 - y)

    def ring(x: float):
        return image.getpixel((px(x - draw.radius() + draw.RING_MM / 2), row))

    assert ring(x1) == ring(x2) and ring(x1) != (255, 255, 255)
    assert image.getpixel((px(x1), row)) != ring(x1)  # the face is white-ish, not ring-coloured
    assert image.getpixel((px((x1 + x2) / 2), row)) == (255, 255, 255)  # the gap between two tokens is paper


def test_a_section_continued_on_the_next_page_repeats_its_heading():
    grid = grid_for(215.9, 279.4)
    pages = layout_sheet([TokenGroup("aff", (1,) * 40), TokenGroup("fatigue", (6,) * 40)], grid)
    for page in pages:
        kinds_on_page = {kind for kind, _, _, _ in page.tokens}
        assert kinds_on_page == {kind for kind, _, _ in page.headings}
