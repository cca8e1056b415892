"""The tokens sheet: which kinds and how many (from the rules edition, armies and rules), geometry
read back from the rendered PDF (punch size, gaps, colour past the cut, no cut line), labels."""

import math
from io import BytesIO

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader
from pypdf.generic import ContentStream

from kolaps_print import resources
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.tokens import TokenGroup, grid_for, layout_sheet, token_sections, tokens_pdf
from kolaps_print.labels import label

ARMIES = resources.data_dir() / "armies"
DPI = 200
DEMO_KINDS = ("activated", "haemorrhage", "prone", "out")
FULL_ONLY = ("aff", "offensive", "fatigue")


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


def render(pdf: bytes, page: int = 0):
    document = pdfium.PdfDocument(BytesIO(pdf))
    image = document[page].render(scale=DPI / 72).to_pil().convert("RGB")
    document.close()
    return image


def px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def pixel(image, x_mm: float, y_mm: float, page_height: float = 297):
    return image.getpixel((px(x_mm), px(page_height - y_mm)))


def test_the_full_rules_print_one_offensive_haemorrhage_fatigue_and_activated_token_per_miniature(kit_file):
    sections = {s.kind: s for s in token_sections(load_kit(kit_file("rulebook: full\n")))}
    minis = miniatures("section-kappa", "les-damnes")
    for kind in ("offensive", "haemorrhage", "fatigue", "activated"):
        assert len(sections[kind].values) == minis
    assert set(sections["fatigue"].values) == {fatigue_max()}
    assert len(sections["prone"].values) == len(sections["out"].values) == math.ceil(minis / 2)


def test_aff_numbers_come_in_pairs_one_pair_per_possible_affrontement(kit_file):
    sections = {s.kind: s for s in token_sections(load_kit(kit_file("rulebook: none\n")))}
    numbers = miniatures("section-kappa", "les-damnes") // 2
    assert sorted(sections["aff"].values) == sorted(list(range(1, numbers + 1)) * 2)


def test_a_quickstart_kit_prints_only_the_states_the_demo_uses(kit_file, pdf_tools):
    """The quick-start has no affrontement, Offensive directive or fatigue: no tokens for them."""
    kit = load_kit(kit_file("rulebook: quickstart\n"))
    assert [s.kind for s in token_sections(kit)] == list(DEMO_KINDS)
    text = " ".join(pdf_tools.page_texts(tokens_pdf(kit)[0]))
    for kind in DEMO_KINDS:
        assert label(f"kit.tokens.{kind}.heading") in text
    for word in ("ACTIVÉ", "AU SOL", "HORS", "HÉMORRAGIE"):
        assert word in text
    for kind in FULL_ONLY:
        assert label(f"kit.tokens.{kind}.label") not in text
    assert tokens_pdf(kit)[1] == 1  # the demo table's tokens fit one sheet


def test_tokens_never_overlap_and_keep_their_colour_6_mm_from_the_edge():
    grid = grid_for(210, 297)
    s = grid.sheet
    pages = layout_sheet(
        [TokenGroup("aff", (1,) * 30), TokenGroup("offensive", (0,) * 30), TokenGroup("fatigue", (6,) * 30)], grid
    )
    assert len(pages) == 2  # 90 tokens do not fit one A4 page
    reach = s.radius + s.bleed
    for page in pages:
        centres = [(x, y) for _, _, x, y in page.tokens]
        for x, y in centres:
            assert 6 <= x - reach and x + reach <= 210 - 6 and 6 <= y - reach and y + reach <= 297 - 6
        for i, (x1, y1) in enumerate(centres):
            for x2, y2 in centres[i + 1 :]:
                assert math.hypot(x1 - x2, y1 - y2) >= 25 + 3 - 1e-9  # 3 mm between two cut circles
    assert sum(len(p.tokens) for p in pages) == 90


def test_a_page_names_in_its_legend_exactly_the_kinds_it_carries():
    grid = grid_for(215.9, 279.4)
    pages = layout_sheet([TokenGroup("aff", (1,) * 40), TokenGroup("fatigue", (6,) * 40)], grid)
    assert len(pages) > 1
    for page in pages:
        assert {kind for kind, _, _, _ in page.tokens} == {kind for kind, _, _ in page.headings}


@pytest.fixture(scope="module")
def full_sheet(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tokens")
    lines = ["name: Démo Test", "date: 2027-03-14", "rulebook: full", "armies:"]
    lines += [f"  - {ARMIES / a}.yaml" for a in ("section-kappa", "les-damnes")]
    path = folder / "kit.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    kit = load_kit(path)
    pdf, _ = tokens_pdf(kit)
    return pdf, layout_sheet(token_sections(kit), grid_for(210, 297))


def test_tokens_are_25_mm_punches_with_colour_1_5_mm_past_an_unstroked_cut(full_sheet):
    """Rendered: along the cut circle and 1.2 mm outside it, only the ring's colour (no cut line,
    no white); 3 mm outside (past the bleed, in no other token's reach), paper."""
    pdf, pages = full_sheet
    image = render(pdf)
    for kind, _, x, y in pages[0].tokens[::5]:
        ring = pixel(image, x, y + 12.5 - 1.5)  # inside the 3 mm ring
        for angle in range(0, 360, 15):
            a = math.radians(angle)
            for r in (12.5, 12.5 + 1.2):
                assert pixel(image, x + r * math.cos(a), y + r * math.sin(a)) == ring, (kind, angle, r)
        # diagonally between four tokens, beyond every token's bleed: white paper
        assert pixel(image, x + 14, y + 14) == (255, 255, 255) or y + 14 > pages[0].tokens[0][3]


def stroked_path_widths(pdf: bytes, page: int = 0) -> list[float]:
    """The width (pt) of every stroked path on a page, read from its content stream."""
    reader = PdfReader(BytesIO(pdf))
    ops = ContentStream(reader.pages[page].get_contents(), reader).operations
    widths, xs = [], []
    for operands, op in ops:
        if op in (b"m", b"l"):
            xs.append(float(operands[0]))
        elif op == b"c":
            xs += [float(operands[i]) for i in (0, 2, 4)]
        elif op == b"re":
            xs += [float(operands[0]), float(operands[0]) + float(operands[2])]
        elif op in (b"S", b"s", b"B", b"b", b"B*", b"b*"):
            widths.append(max(xs) - min(xs))
            xs = []
        elif op in (b"f", b"f*", b"n", b"F"):
            xs = []
    return widths


def test_nothing_is_stroked_on_the_cut_circle(full_sheet):
    """Read the content stream: strokes exist (ticks, crosses, the face line) but none is 25 mm wide."""
    pdf, _ = full_sheet
    widths = stroked_path_widths(pdf)
    assert widths  # the check can fail
    cut = 25 * 72 / 25.4
    assert all(abs(w - cut) > 2 for w in widths), sorted(widths)[-3:]


def test_offensive_and_haemorrhage_differ_in_their_face_not_only_in_their_hue(full_sheet):
    """In grey, an Offensive token's face is paper-white and a haemorrhage token's face is dark."""
    pdf, pages = full_sheet
    image = render(pdf).convert("L")
    by_kind = {}
    for kind, _, x, y in pages[0].tokens:
        by_kind.setdefault(kind, (x, y))
    faces = {}
    for kind in ("offensive", "haemorrhage"):
        x, y = by_kind.get(kind) or next((x, y) for k, _, x, y in pages[1].tokens if k == kind)
        img = image if kind in by_kind else render(pdf, 1).convert("L")
        faces[kind] = img.getpixel((px(x - 6.5), px(297 - y)))  # the face's left side, off the symbol
    assert faces["offensive"] > 230 and faces["haemorrhage"] < 90


def test_the_fatigue_dial_starts_at_0_with_a_pointer_per_value(full_sheet, pdf_tools):
    pdf, pages = full_sheet
    page = next(i for i, p in enumerate(pages) if any(k == "fatigue" for k, _, _, _ in p.tokens))
    words = pdf_tools.page_texts(pdf)[page].split()
    dials = sum(1 for k, _, _, _ in pages[page].tokens if k == "fatigue")
    for value in range(fatigue_max() + 1):
        assert words.count(str(value)) >= dials
    x, y = next((x, y) for k, _, x, y in pages[page].tokens if k == "fatigue")
    image = render(pdf, page)
    assert pixel(image, x, y + 11.0) == (255, 255, 255)  # the 0's pointer: white across the ring
    assert pixel(image, x + 2.5, y + 11.0) != (255, 255, 255)  # beside it, the ring


def test_the_sheet_embeds_its_fonts(full_sheet, pdf_tools):
    pdf, _ = full_sheet
    assert pdf_tools.fonts_not_embedded(pdf) == []
    assert len(PdfReader(BytesIO(pdf)).pages) == 2
