"""The tokens sheet: which kinds and how many (from the rules edition, armies and rules), geometry
read back from the rendered PDF (punch size, gaps, colour past the cut, no cut line), labels."""

import math
from io import BytesIO

import pypdfium2 as pdfium
import pytest
import yaml
from pdf_text import as_printed, page_texts, text_objects  # tests/support
from pypdf import PdfReader
from pypdf.generic import ContentStream

from kolaps_print import resources
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.tokens import TokenGroup, grid_for, layout_sheet, sheet_pages, token_sections, tokens_pdf
from kolaps_print.labels import label
from kolaps_print.units import to_mm

ARMIES = resources.kolaps_dir() / "armies"
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
    return yaml.safe_load((resources.kolaps_dir() / "rules" / "actions.yaml").read_text(encoding="utf-8"))["fatigue"][
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


def test_the_full_rules_print_one_offensive_haemorrhage_fatigue_activated_and_out_token_per_miniature(kit_file):
    sections = {s.kind: s for s in token_sections(load_kit(kit_file("rulebook: full\n")))}
    minis = miniatures("section-kappa", "les-damnes")
    for kind in ("offensive", "haemorrhage", "fatigue", "activated", "out"):
        assert len(sections[kind].values) == minis
    assert set(sections["fatigue"].values) == {fatigue_max()}
    assert len(sections["prone"].values) == math.ceil(minis / 2)  # going to ground is a choice


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
    return pdf, sheet_pages(kit, grid_for(210, 297))


def test_tokens_are_25_mm_punches_with_colour_past_an_unstroked_cut(full_sheet):
    """Rendered: along the cut circle and out to 0.3 mm short of the bleed (anti-aliasing) (1.5 mm, tokens.yaml) only
    the ring's colour (no cut line, no white); 3 mm outside (past the bleed, in no other token's
    reach), paper."""
    pdf, pages = full_sheet
    image = render(pdf)
    bleed = sheet_geometry()["bleed"]
    assert bleed >= 1.5  # a cut 1.5 mm off still shows colour (issue 12)
    for kind, _, x, y in pages[0].tokens[::5]:
        ring = pixel(image, x, y + 12.5 - 1.5)  # inside the 3 mm ring
        for angle in range(0, 360, 15):
            a = math.radians(angle)
            for r in (12.5, 12.5 + bleed - 0.3):
                assert pixel(image, x + r * math.cos(a), y + r * math.sin(a)) == ring, (kind, angle, r)
        # diagonally between four tokens, beyond every token's bleed: white paper
        assert pixel(image, x + 14, y + 14) == (255, 255, 255) or y + 14 > pages[0].tokens[0][3]


def test_neighbours_colours_meet_mid_gap_and_each_cut_keeps_1_5_mm_of_its_own_colour(full_sheet):
    """Issue 12: 25 mm punches 3 mm apart, colour 1.5 mm past the cut. Rendered at 600 dpi, along the
    line between two neighbours (side by side and one above the other), each token's own ring
    colour runs from its cut to 1.5 mm past it (a cut 1.5 mm off shows no white and no neighbour's
    colour), and the two colours meet in the middle of the gap with no white between them."""
    pdf, pages = full_sheet
    fine = 600  # dpi: a pixel is 0.04 mm
    document = pdfium.PdfDocument(BytesIO(pdf))
    image = document[0].render(scale=fine / 72).to_pil().convert("RGB")
    document.close()

    def colour(x_mm: float, y_mm: float):
        return image.getpixel((round(x_mm / 25.4 * fine), round((297 - y_mm) / 25.4 * fine)))

    g = sheet_geometry()
    assert g["diameter"] == 25 and g["gap"] == 3 and g["bleed"] == 1.5
    tokens = pages[0].tokens
    by_centre = {(round(x, 2), round(y, 2)): kind for kind, _, x, y in tokens}
    pitch = g["diameter"] + g["gap"]
    edge = 2 * 25.4 / fine  # anti-aliasing where the two colours meet: two pixels
    checked = 0
    for kind, _, x, y in tokens[::3]:
        for dx, dy in ((1, 0), (0, -1)):
            other = by_centre.get((round(x + dx * pitch, 2), round(y + dy * pitch, 2)))
            if other is None:
                continue
            mine = colour(x + dx * 11, y + dy * 11)  # inside this token's 3 mm ring
            theirs = colour(x + dx * (pitch - 11), y + dy * (pitch - 11))
            steps = [12.5 + k * 0.02 for k in range(0, int((pitch - 25) / 0.02) + 1)]
            for r in steps:
                seen = colour(x + dx * r, y + dy * r)
                assert seen != (255, 255, 255), (kind, x, y, dx, dy, r)  # no white anywhere in the gap
                if r <= 12.5 + 1.5 - edge:
                    assert seen == mine, (kind, x, y, dx, dy, r)
                elif r >= 12.5 + 1.5 + edge:
                    assert seen == theirs, (other, x, y, dx, dy, r)
            checked += 1
    assert checked >= 10


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


# ---- filling the sheet (issue 12: half the sheet was empty) ---------------------------------
def sheet_geometry():
    return yaml.safe_load((resources.data_dir() / "layouts" / "tokens.yaml").read_text(encoding="utf-8"))


def test_the_demo_sheet_is_full_with_one_token_per_miniature_and_au_sol_for_two(kit_file, pdf_tools):
    """Every figure may be activated, bleed or fall out of action at once; going to ground is a
    choice: the demo table's 16 figures fill one A4 sheet to its last row, with no spare needed."""
    kit = load_kit(kit_file("rulebook: quickstart\n"))
    pdf, sheets = tokens_pdf(kit)
    minis = miniatures("section-kappa", "les-damnes")
    words = pdf_tools.page_texts(pdf)[0]
    counts = {word: words.count(word) for word in ("ACTIVÉ", "HÉMORRAGIE", "AU SOL", "HORS")}
    assert counts == {"ACTIVÉ": minis, "HÉMORRAGIE": minis, "AU SOL": math.ceil(minis / 2), "HORS": minis}
    assert sheets == 1
    (page,) = sheet_pages(kit, grid_for(210, 297))
    assert_full(page)


def assert_full(page) -> None:
    """The last row is complete and there is no room for another row under it."""
    g = sheet_geometry()
    pitch, reach = g["diameter"] + g["gap"], g["diameter"] / 2 + g["bleed"]
    columns = len({round(x, 3) for _, _, x, _ in page.tokens})
    assert len(page.tokens) % columns == 0
    lowest = min(y for _, _, _, y in page.tokens) - reach
    assert g["bottom"] <= lowest < g["bottom"] + pitch


def kinds_count(pages) -> dict[str, int]:
    counts: dict[str, int] = {}
    for page in pages:
        for kind, _, _, _ in page.tokens:
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def test_a_smaller_table_fills_its_sheet_with_spares_in_proportion(kit_file, pdf_tools):
    """One army of 8: 28 tokens needed; the free places take spares, shared by each kind's need."""
    kit = load_kit(kit_file("rulebook: quickstart\n", armies=("section-kappa",)))
    minis = miniatures("section-kappa")
    need = {"activated": minis, "haemorrhage": minis, "prone": math.ceil(minis / 2), "out": minis}
    grid = grid_for(210, 297)
    (page,) = sheet_pages(kit, grid)
    got = kinds_count([page])
    assert_full(page)
    assert all(got[k] >= n for k, n in need.items())
    spares = {k: got[k] - n for k, n in need.items()}
    share = sum(spares.values()) / sum(need.values())
    assert all(abs(spares[k] - share * n) < 1 for k, n in need.items()), spares
    assert tokens_pdf(kit)[1] == 1


def test_aff_numbers_get_no_spares_and_spares_never_add_a_sheet(kit_file):
    kit = load_kit(kit_file("rulebook: full\n", armies=("section-kappa",)))
    grid = grid_for(210, 297)
    needed = token_sections(kit)
    pages = sheet_pages(kit, grid)
    assert len(pages) == len(layout_sheet(needed, grid))
    aff = [v for page in pages for kind, v, _, _ in page.tokens if kind == "aff"]
    assert sorted(aff) == sorted(next(s for s in needed if s.kind == "aff").values)
    assert sum(len(p.tokens) for p in pages) > sum(len(s.values) for s in needed)  # the last sheet was filled


# ---- colours: no token reads as one army's --------------------------------------------------
def lab(rgb) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour (0..255 each)."""

    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    x, y, z = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def army_colours() -> dict[str, tuple[int, int, int]]:
    data = yaml.safe_load((resources.kolaps_dir() / "affiliations.yaml").read_text(encoding="utf-8"))
    entries = data["affiliations"] if isinstance(data, dict) else data
    return {a["name"]: tuple(int(a["color"][i : i + 2], 16) for i in (1, 3, 5)) for a in entries}


def ring_colours(full_sheet) -> dict[str, tuple[int, int, int]]:
    """Each kind's ring as the page renders it, between two pointers of a fatigue dial."""
    pdf, pages = full_sheet
    seen = {}
    for number, page in enumerate(pages):
        image = render(pdf, number)
        for kind, _, x, y in page.tokens:
            if kind not in seen:
                a = math.radians(25)
                seen[kind] = pixel(image, x + 11 * math.sin(a), y + 11 * math.cos(a))
    return seen


def chroma(colour_lab) -> float:
    return math.hypot(colour_lab[1], colour_lab[2])


def test_no_token_colour_is_near_an_armys_colour(full_sheet):
    """Every token's ring, rendered, is either a neutral grey or black (no army is: each has a
    hue) or at least ΔE 30 from every army colour of the data (navy, maroon, purple): a blue or
    red token must not read as one side's."""
    rings = ring_colours(full_sheet)
    assert len(rings) == 7
    armies = {army: lab(rgb) for army, rgb in army_colours().items()}
    assert all(chroma(a) > 20 for a in armies.values())  # every army has a hue
    for kind, ring in rings.items():
        if chroma(lab(ring)) < 5:
            continue  # Au sol, Hors de combat: grey and black
        for army, army_lab in armies.items():
            assert math.dist(lab(ring), army_lab) >= 30, (kind, army, ring)


def test_the_coloured_kinds_differ_from_each_other_in_hue(full_sheet):
    rings = ring_colours(full_sheet)
    coloured = {k: lab(v) for k, v in rings.items() if max(v) - min(v) > 40}  # not a grey
    assert len(coloured) == 5
    names = sorted(coloured)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert math.dist(coloured[a], coloured[b]) >= 25, (a, b)


def test_the_demo_fits_one_letter_sheet_too(kit_file, pdf_tools):
    kit = load_kit(kit_file("paper: letter\nrulebook: quickstart\n"))
    pdf, sheets = tokens_pdf(kit)
    assert sheets == 1
    minis = miniatures("section-kappa", "les-damnes")
    assert pdf_tools.page_texts(pdf)[0].count("ACTIVÉ") == minis


def test_each_legend_line_starts_with_a_small_token_of_its_kinds_colour(full_sheet):
    """The legend links to the tokens by their look as well as by their name."""
    pdf, pages = full_sheet
    rings = ring_colours(full_sheet)
    swatch = sheet_geometry()["swatch"]
    for number, page in enumerate(pages):
        image = render(pdf, number)
        for kind, x, y in page.headings:
            centre = pixel(image, x + swatch / 2, y + 1.1)
            edge = pixel(image, x + swatch * 0.1, y + 1.1)  # inside the ring, off a white face
            assert edge == rings[kind], kind
            assert centre == (rings[kind] if kind in ("activated", "haemorrhage", "out") else (255, 255, 255)), kind


def test_the_intro_line_names_the_card_it_is_printed_on_within_the_margins(full_sheet):
    """Read back: every page's intro names the card the sheet is printed on (the packing list's,
    kit.packing.stock_weights: nothing left to glue, issue 29), and the line still ends 6 mm
    short of the sheet's right edge."""
    pdf, pages = full_sheet
    texts = page_texts(pdf)
    assert len(texts) == len(pages)
    for text in texts:
        printed = as_printed(text).replace("\r\n", " ")
        assert "papier cartonné 200 à 250 g/m²" in printed.replace("\u202f", " ") and "Collez" not in printed
    intro = [t for t in text_objects(pdf) if "cartonné" in t.text]
    assert len(intro) == len(pages)
    for t in intro:
        assert to_mm(t.bounds[2]) <= 210 - 6 and to_mm(t.bounds[0]) >= 6


def test_every_word_keeps_clear_of_its_face_s_edge(full_sheet):
    """Second designer review (13): « HÉMORRAGIE », low on its face, reached the white line of
    the face's edge (0.68 mm inside it, measured at the word's height rather than its baseline).
    Read back: every corner of every word's box stands 0.9 mm or more inside its face."""
    pdf, pages = full_sheet
    geometry = sheet_geometry()
    face = geometry["diameter"] / 2 - geometry["ring"]
    tokens = pages[0].tokens
    checked = 0
    for o in text_objects(pdf, page_space=True):
        if o.page != 0 or not o.text.strip().isalpha():
            continue
        left, bottom, right, top = (to_mm(v) for v in o.bounds)
        middle = ((left + right) / 2, (bottom + top) / 2)
        _, _, x, y = min(tokens, key=lambda t: math.dist((t[2], t[3]), middle))
        if math.dist((x, y), middle) > face:
            continue  # the legend's words, beside the tokens
        corners = [math.dist((x, y), (cx, cy)) for cx in (left, right) for cy in (bottom, top)]
        assert face - max(corners) >= 0.9, (o.text, round(face - max(corners), 2))
        checked += 1
    assert checked > 20
