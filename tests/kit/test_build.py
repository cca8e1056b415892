"""`build_kit` on the bundled demo kit, read back: files, page counts, previews, zip, fonts,
stamp, reproducibility; and a broken army leaves nothing behind."""

from __future__ import annotations

import hashlib
import re
import zipfile
from pathlib import Path

import pytest
import yaml
from pdf_fonts import pdf_fonts  # tests/support
from pdf_text import page_texts  # tests/support
from PIL import Image
from pypdf import PdfReader

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.kit.build import build_kit
from kolaps_print.labels import label
from kolaps_print.layout.card_data import card_layout
from kolaps_print.preflight import preflight
from kolaps_print.typography import french
from kolaps_print.write.folder import MANIFEST

DEMO = resources.kolaps_dir() / "kits" / "demo.yaml"
SPEC = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
ARMY_FILES = [(DEMO.parent / a).resolve() for a in SPEC["armies"]]
MONTHS = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
DAY = SPEC["date"]
WORDS = f"{'1ᵉʳ' if DAY.day == 1 else DAY.day} {MONTHS[DAY.month - 1]} {DAY.year}"  # the date in words
STAMP = re.compile(re.escape(f"{SPEC['name']} · {WORDS} · données ") + r"([0-9a-f]{8})")


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kit") / "demo"
    build_kit(DEMO, folder)
    return folder


def pdf_pages(path: Path) -> int:
    return len(PdfReader(path).pages)


texts = page_texts  # tests/support/pdf_text.py


def characters(army: Path) -> list[dict]:
    return yaml.safe_load(army.read_text(encoding="utf-8"))["characters"]


CARTON, PAPIER = "kit-carton.pdf", "kit-papier.pdf"  # one print run per paper


def documents(kit: Path, run: str | None = None) -> list[tuple[Path, int, bool]]:
    """(file, copies per table, one-sided?) in print order, from the kit file alone; with run,
    only those printed on its paper (card stock: the cards and tokens; paper: the rest)."""
    carton = [(kit / f"cards-{a.stem}.pdf", 1, False) for a in ARMY_FILES]
    papier = [(kit / "reference.pdf", SPEC["players"], False)]
    if SPEC["rulebook"] != "none":
        papier.append((kit / ("quickstart.pdf" if SPEC["rulebook"] == "quickstart" else "rulebook.pdf"), 1, False))
    if SPEC["tokens"]:
        carton.append((kit / "tokens.pdf", 1, True))
    return {CARTON: carton, PAPIER: papier}.get(run, carton + papier)


def test_every_file_is_there(kit):
    for path, _, _ in documents(kit):
        assert path.is_file(), path
    for name in (CARTON, PAPIER, "packing-list.md", "demo.zip"):
        assert (kit / name).is_file()
    assert not (kit / "kit.pdf").exists()  # no file mixing card stock and paper
    assert sorted(p.name for p in kit.parent.iterdir()) == ["demo"]  # no temporary folder left


def stamp_only(text: str) -> bool:
    return STAMP.sub("", text).strip() == ""


BLANK = "\0blank"  # a blank back that says so, after a document of odd length ("": the stamp only)


def run_expected(kit: Path, run: str, lead: list[str]) -> list[str]:
    """A run's pages: lead (and a blank to end it on a back), then each table's documents."""
    expected = lead + [BLANK] * (len(lead) % 2)
    for _ in range(SPEC["tables"]):
        for path, copies, simplex in documents(kit, run):
            own = texts(path.read_bytes())
            one = [p for page in own for p in ([page, ""] if simplex else [page])] + (
                [BLANK] if not simplex and len(own) % 2 else []
            )
            expected += one * copies
    return expected


@pytest.mark.parametrize("run", [CARTON, PAPIER])
def test_each_print_run_is_its_papers_documents_table_by_table_with_blanks(kit, run):
    """kit-carton.pdf: every table's cards and tokens; kit-papier.pdf: the packing list, then
    every table's reference sheets and rules. Nothing printed on one paper is in the other."""
    pages = texts((kit / run).read_bytes())
    packing = [t for t in pages if t.startswith("Liste de préparation")]
    assert bool(packing) == (run == PAPIER)
    expected = run_expected(kit, run, packing)
    assert len(pages) == len(expected)
    for got, want in zip(pages, expected, strict=True):
        # a page turned in a run (landscape, short-edge back) reads its text in another order,
        # and the reader may find a word gap less there: compare the printed characters
        if want == BLANK:
            assert " ".join(STAMP.sub("", got).split()) == french(label("kit.blank_page")), got
        else:
            assert stamp_only(got) if want == "" else sorted("".join(got.split())) == sorted("".join(want.split()))


def test_the_packing_lists_blank_back_says_it_is_blank_on_purpose_centred_in_italic(kit):
    """Designer review (tenth session, 19): kit-papier.pdf page 2 held only the stamp."""
    from pdf_text import text_objects  # tests/support

    caption = label("kit.blank_page")
    page = [o for o in text_objects((kit / PAPIER).read_bytes()) if o.page == 1 and o.text.strip() == caption]
    assert len(page) == 1
    left, bottom, right, top = page[0].bounds
    width, height = (float(v) for v in PdfReader(kit / PAPIER).pages[1].mediabox.upper_right)
    assert abs((left + right) / 2 - width / 2) < 1 and abs((bottom + top) / 2 - height / 2) < 6
    assert "Italic" in page[0].font and 6 <= page[0].size <= 9


@pytest.mark.parametrize("run", [CARTON, PAPIER])
def test_page_counts_add_up(kit, run):
    packing = sum(t.startswith("Liste de préparation") for t in texts((kit / run).read_bytes()))
    total = packing + packing % 2
    for path, copies, simplex in documents(kit, run):
        n = pdf_pages(path)
        total += SPEC["tables"] * copies * (2 * n if simplex else n + n % 2)
    assert pdf_pages(kit / run) == total
    md = (kit / "packing-list.md").read_text(encoding="utf-8").replace("\u00a0", " ")
    assert f"- [ ] {run} sur A4, " in md and f": {(total + 1) // 2} feuilles ({total} pages)" in md


def test_every_page_of_a_run_is_on_one_paper(kit):
    """No page of the card-stock run belongs to a paper document, and no page of the paper run
    to a card-stock one: read back, by the words each document alone prints."""
    carton = " ".join(texts((kit / CARTON).read_bytes()))
    papier = " ".join(texts((kit / PAPIER).read_bytes()))
    assert "HÉMORRAGIE" in carton and "HÉMORRAGIE" not in papier  # the tokens' word
    assert "Liste de préparation" in papier and "Liste de préparation" not in carton
    first_rule_page = texts((kit / documents(kit, PAPIER)[-1][0]).read_bytes())[0].split()[0]
    assert first_rule_page in papier


def test_every_page_of_every_pdf_carries_the_same_stamp(kit):
    hashes = set()
    for path in sorted(kit.glob("*.pdf")):
        for text in texts(path.read_bytes()):
            match = STAMP.search(text)
            assert match, f"no stamp on a page of {path.name}"
            hashes.add(match.group(1))
    assert len(hashes) == 1


def test_every_font_is_embedded(kit):
    for path in sorted(kit.glob("*.pdf")):
        fonts = pdf_fonts(path.read_bytes())
        assert all(fonts.values()), (path.name, fonts)


@pytest.mark.parametrize("run", [CARTON, PAPIER])
def test_each_run_gives_each_font_subset_its_own_name(kit, run):
    """A run joins documents: subsets of one font (13 of RobotoCondensed-Bold) must not
    share a name, or a RIP caching fonts by name prints wrong glyphs."""
    pdf = (kit / run).read_bytes()
    assert [f.message for f in preflight(pdf) if "font" in f.message] == []
    bold = [name for name in pdf_fonts(pdf) if name.endswith("+RobotoCondensed-Bold")]
    assert len(bold) > 1 and all(re.fullmatch(r"/[A-Z]{6}\+RobotoCondensed-Bold", n) for n in bold)


def test_one_300_dpi_preview_per_card_face(kit):
    previews = sorted((kit / "previews").iterdir())
    expected = []
    for army in ARMY_FILES:
        for i, _ in enumerate(characters(army), 1):
            expected += [f"{army.stem}-{i:02d}-", f"{army.stem}-{i:02d}-"]
    assert len(previews) == 2 * sum(len(characters(a)) for a in ARMY_FILES)
    names = [p.name for p in previews]
    assert sorted(n[: len(e)] for n, e in zip(names, sorted(expected), strict=True)) == sorted(expected)
    assert sum(n.endswith("-recto.png") for n in names) == sum(n.endswith("-verso.png") for n in names)
    assert "section-kappa-02-helene-marchal-recto.png" in names
    card = yaml.safe_load((resources.data_dir() / "layouts" / "sizes.yaml").read_text(encoding="utf-8"))["cards"][
        "poker"
    ]
    for preview in previews:
        with Image.open(preview) as image:
            width, height = image.size
            assert round(image.info["dpi"][0]) == 300
        # the trimmed card (no bleed) at 300 dpi
        assert abs(width - card["width"] / 25.4 * 300) <= 2 and abs(height - card["height"] / 25.4 * 300) <= 2


def test_the_zip_holds_everything(kit):
    # but itself and the manifest, which lists the zip
    files = sorted(
        p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file() and p.name not in ("demo.zip", MANIFEST)
    )
    with zipfile.ZipFile(kit / "demo.zip") as archive:
        assert archive.namelist() == [f"demo/{f}" for f in files]
        for f in files:
            assert archive.read(f"demo/{f}") == (kit / f).read_bytes()


def test_the_manifest_lists_every_file_with_its_hash(kit):
    files = sorted(p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file() and p.name != MANIFEST)
    lines = (kit / MANIFEST).read_text(encoding="utf-8").splitlines()
    assert [line.split("  ", 1)[1] for line in lines] == files
    for line in lines:
        digest, name = line.split("  ", 1)
        assert hashlib.sha256((kit / name).read_bytes()).hexdigest() == digest, name


def test_the_packing_list_counts_from_the_kit_file(kit):
    md = (kit / "packing-list.md").read_text(encoding="utf-8")
    tables = SPEC["tables"]
    for army in ARMY_FILES:
        minis = sum(c.get("copies", 1) for c in characters(army))
        name = yaml.safe_load(army.read_text(encoding="utf-8"))["name"]
        assert f"Figurines «\u202f{name}\u202f»\u00a0: {minis * tables} ({minis} par table)" in md
    assert f"| `reference.pdf` | {pdf_pages(kit / 'reference.pdf')} | {SPEC['players'] * tables} (" in md
    for run in (CARTON, PAPIER):
        assert f"({pdf_pages(kit / run)}\u00a0pages)" in md


def test_a_rebuild_gives_the_same_bytes(kit, tmp_path):
    again = tmp_path / "demo"
    build_kit(DEMO, again)
    for path in sorted(p for p in kit.rglob("*") if p.is_file()):
        assert (again / path.relative_to(kit)).read_bytes() == path.read_bytes(), path.name


def test_a_quickstart_kit_prints_the_demo_sheet_with_the_rules_date_and_the_kit_date_in_its_stamp(kit):
    from kolaps_print import resources
    from kolaps_print.labels import label
    from kolaps_print.rulebook.sources import load_sources

    assert SPEC["rulebook"] == "quickstart"
    sides = [" ".join(t.replace("\u00a0", " ").split()) for t in texts((kit / "reference.pdf").read_bytes())]
    rules = load_sources(resources.rulebook_dir()).spec
    rules_day = f"{'1ᵉʳ' if rules.date.day == 1 else rules.date.day} {MONTHS[rules.date.month - 1]} {rules.date.year}"
    assert rules.date != DAY
    assert all(label("tables.sheet.title_demo") in side for side in sides)
    assert all(f"Version {rules.version} · {rules_day}" in side for side in sides)  # the header: the rules'
    assert all(side.count(WORDS) == 1 and STAMP.search(side) for side in sides)  # the kit's date: its stamp only
    assert not any(label("tables.moral.title") in side for side in sides)  # the demo plays no morale


def test_a_bad_army_stops_the_kit_with_located_errors_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: X\naffiliation: apc\ncharacters:\n  - "
        "{name: A, rank: 2, mvt: 4, cib: 9, avatar: true, weapons: [fusil]}\n",
        encoding="utf-8",
    )
    kit_file = tmp_path / "k.yaml"
    kit_file.write_text(f"name: X\narmies: [{ARMY_FILES[0]}, bad.yaml]\n", encoding="utf-8")
    out = tmp_path / "out" / "k"
    with pytest.raises(KolapsError) as info:
        build_kit(kit_file, out)
    messages = [str(d) for d in info.value.diagnostics]
    assert f"{bad}:4:37: error: characters[0].cib: must be at most 5 (got 9)" in messages
    assert not (tmp_path / "out").exists()


def test_a_failed_kit_leaves_the_previous_one_untouched(tmp_path):
    out = tmp_path / "k"
    out.mkdir()
    (out / "kit.pdf").write_bytes(b"previous")
    kit_file = tmp_path / "k.yaml"
    kit_file.write_text("name: X\narmies: [missing.yaml]\n", encoding="utf-8")
    with pytest.raises(KolapsError):
        build_kit(kit_file, out)
    assert (out / "kit.pdf").read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k", "k.yaml"]


# ---- cards: {layout: fold} -----------------------------------------------------------------
A4_LANDSCAPE_PT = (297 / 25.4 * 72, 210 / 25.4 * 72)  # 4 poker cards folded open fit landscape


@pytest.fixture(scope="module")
def fold_kit(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fold")
    kit_file = folder / "pli.yaml"
    kit_file.write_text(
        f"name: Pli\ndate: 2027-03-14\narmies: [{ARMY_FILES[0]}]\nrulebook: none\ncards:\n  layout: fold\n",
        encoding="utf-8",
    )
    build_kit(kit_file, folder / "out")
    return folder / "out"


def test_fold_cards_put_each_front_beside_its_back_on_landscape_pages(fold_kit):
    cards = fold_kit / f"cards-{ARMY_FILES[0].stem}.pdf"
    reader = PdfReader(cards)
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4_LANDSCAPE_PT, abs=0.5)
    pages = texts(cards.read_bytes())
    for character in characters(ARMY_FILES[0]):
        # front and back of one card on the same page: the name twice (more with copies)
        assert max(t.count(character["name"]) for t in pages) >= 2, character["name"]
    copies = sum(c.get("copies", 1) for c in characters(ARMY_FILES[0]))
    assert len(pages) == -(-copies // 4)  # no back pages: only fold sheets


def test_the_packing_list_says_to_print_fold_cards_one_sided_and_fold(fold_kit):
    from kolaps_print.labels import label

    md = (fold_kit / "packing-list.md").read_text(encoding="utf-8")
    row = next(line for line in md.splitlines() if f"`cards-{ARMY_FILES[0].stem}.pdf`" in line)
    assert row.endswith(f"| {label('kit.packing.sides.fold')} |")
    assert "pliez" in row and "Recto seul" in row


def test_fold_pages_get_a_blank_back_in_the_card_run_and_pages_add_up(fold_kit):
    carton = texts((fold_kit / CARTON).read_bytes())
    cards = fold_kit / f"cards-{ARMY_FILES[0].stem}.pdf"
    card_pages = pdf_pages(cards)
    tokens = pdf_pages(fold_kit / "tokens.pdf")
    reference = pdf_pages(fold_kit / "reference.pdf")
    packing = 2  # one packing page and its blank back
    players = 2  # the default
    assert len(carton) == 2 * card_pages + 2 * tokens
    assert pdf_pages(fold_kit / PAPIER) == packing + players * (reference + reference % 2)
    name = characters(ARMY_FILES[0])[0]["name"]
    assert name in carton[0]  # the cards come first
    for i in range(card_pages):  # each fold page, then a blank holding only the stamp
        front, back = carton[2 * i], carton[2 * i + 1]
        assert "Pli · 14 mars 2027" in front and len(front) > 200  # the date in words
        assert back.strip().startswith("Pli · 14 mars 2027") and len(back.strip()) < 40, back
    md = (fold_kit / "packing-list.md").read_text(encoding="utf-8")
    assert f"({len(carton)}\u00a0pages)" in md


def test_previews_are_still_one_per_card_face(fold_kit):
    pngs = sorted((fold_kit / "previews").glob("*.png"))
    assert len(pngs) == 2 * len(characters(ARMY_FILES[0]))
    with Image.open(pngs[0]) as image:
        assert image.size == pytest.approx((63 / 25.4 * 300, 88 / 25.4 * 300), abs=2)  # poker, the default


def test_a_bad_card_size_stops_the_kit_located_and_writes_nothing(tmp_path):
    kit_file = tmp_path / "k.yaml"
    kit_file.write_text(f"name: X\narmies: [{ARMY_FILES[0]}]\ncards:\n  size: 63x\n", encoding="utf-8")
    with pytest.raises(KolapsError) as info:
        build_kit(kit_file, tmp_path / "out")
    (message,) = [str(d) for d in info.value.diagnostics]
    assert message.startswith(f"{kit_file}:4:9: error: cards.size: unknown card size '63x'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.yaml"]


def test_the_packing_list_and_the_paper_runs_page_1_list_the_scenarios_terrain(kit):
    scenario = yaml.safe_load(
        (resources.kolaps_dir() / "scenarios" / "premier-contact.yaml").read_text(encoding="utf-8")
    )
    page_1 = " ".join(page_texts((kit / PAPIER).read_bytes())[0].replace("\u00a0", " ").split())
    md = (kit / "packing-list.md").read_text(encoding="utf-8")
    size = f"{scenario['table']['width_cm']} × {scenario['table']['depth_cm']} cm"
    assert size in page_1 and french(size) in md  # the file keeps the no-break space before « cm »
    assert f"† {scenario['ruling']}" in page_1
    for piece in scenario["terrain"]:
        line = f"{piece['count']} × {piece['name']} ({piece['size']})"
        assert line in page_1 and f"- [ ] {french(line)}" in md


# ---- the quick-start as one folded sheet (issue 12) ---------------------------------------
A4_MM, A3_LANDSCAPE_PT = (210, 297), (1190.55, 841.89)


def _halves(pdf: bytes, page: int) -> tuple[str, str]:
    """The text of the left and right half of a sheet's side, by where each text object sits."""
    from pdf_text import text_objects  # tests/support

    objects = [o for o in text_objects(pdf) if o.page == page]
    middle = A3_LANDSCAPE_PT[0] / 2
    left = " ".join(o.text for o in objects if o.bounds[2] <= middle)
    right = " ".join(o.text for o in objects if o.bounds[0] >= middle)
    return left, right


def test_the_quickstart_also_comes_as_one_a3_sheet_to_fold(kit):
    sheet = kit / "quickstart-a3.pdf"
    reader = PdfReader(sheet)
    assert [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in reader.pages] == [
        A3_LANDSCAPE_PT
    ] * 2
    pdf, pages = sheet.read_bytes(), PdfReader(kit / "quickstart.pdf").pages
    first_words = [page.extract_text().split()[0] for page in pages]  # each A4 page's first word
    outside, inside = _halves(pdf, 0), _halves(pdf, 1)
    # outside: page 4 | page 1; inside: page 2 | page 3 (flipped on the short edge)
    for (left, right), (p_left, p_right) in ((outside, (3, 0)), (inside, (1, 2))):
        assert left.split()[0] == first_words[p_left] and right.split()[0] == first_words[p_right]
    assert pdf_fonts(pdf) and all(pdf_fonts(pdf).values())


def test_the_folded_sheet_s_columns_reach_their_foot_and_its_inside_keeps_the_example_box(kit):
    """Session 22's review: the sheet's inside (pages 2 | 3) ended its columns 16-21 mm above the
    foot and set the worked example as rules text; the back's left column stood a sixth empty.
    Read back on the A3 sheet, each half one page: every column reaches past 88 % of its height,
    and page 3's half carries the example's tinted box with the accent's rule."""
    from handout_pages import column_fills, example_boxes  # tests/support

    pdf = (kit / "quickstart-a3.pdf").read_bytes()
    half = A3_LANDSCAPE_PT[0] / 2
    fills = {
        (side, page): column_fills(pdf, "a4", side, page == 1, shift=0.0 if i == 0 else half)
        for side, pages in ((0, (4, 1)), (1, (2, 3)))
        for i, page in enumerate(pages)
    }
    assert min(min(f) for f in fills.values()) >= 0.88, fills
    boxes = sorted(example_boxes(pdf, 1), key=lambda b: b.box[0])
    assert [b.box[0] >= half for b in boxes] == [False, True], boxes  # page 2's example, page 3's
    assert boxes[1].texts[0].text.startswith("Exemple : ")


def test_the_folded_sheet_is_listed_on_its_paper_but_stays_out_of_the_runs(kit):
    packing = (kit / "packing-list.md").read_text(encoding="utf-8")
    row = next(line for line in packing.splitlines() if "`quickstart-a3.pdf`" in line)
    assert "| A3, " in row and "Recto verso, bord court" in row
    assert row.split(" | ")[3].startswith("— (ou ")  # printed instead of the A4 pages, not as well
    per_table = packing.split("## Pour chaque table")[1].split("##")[0]
    assert "feuille à plier" not in per_table and "Règles de démarrage" in per_table
    for run in (CARTON, PAPIER):
        widths = {round(float(p.mediabox.width)) for p in PdfReader(kit / run).pages}
        assert max(widths) < A3_LANDSCAPE_PT[0] - 100  # no A3 sheet among the kit's A4 pages


def test_every_card_carries_the_kit_date_and_the_books_version_and_fingerprint_in_its_own_footer(kit):
    """The page stamp sits in the margin, which is cut away: each card's footer band holds the
    rules' version and fingerprint that the rulebook's credits print (as a standalone deck's
    « v0.1 · bf10d9d7fd »), after the kit's date where the line holds it (a long army name keeps
    the book's part), inside the card's trim (read back: where the text sits on the sheet).
    Audit 17: a kit card printed the kit's own hash, which no book shows."""
    import pypdfium2 as pdfium

    from kolaps_print.impose import plan_pages
    from kolaps_print.jobs.cards import CardOptions
    from kolaps_print.jobs.stamp import rules_hash, rules_version
    from kolaps_print.units import to_mm

    page_stamp = STAMP.search(texts((kit / PAPIER).read_bytes())[1])
    assert page_stamp and page_stamp.group(1) not in rules_hash()  # two digests, two purposes
    card_stamp = f"v{rules_version()} · {rules_hash()}"
    dated = 0
    for army in ARMY_FILES:
        document = pdfium.PdfDocument((kit / f"cards-{army.stem}.pdf").read_bytes())
        cards = sum(c.get("copies", 1) for c in characters(army))
        for index, page in enumerate(plan_pages(cards, CardOptions().impose_options())):
            if page.side != "front":
                continue
            textpage = document[index].get_textpage()
            text = textpage.get_text_range()
            starts = [m.start() for m in re.finditer(re.escape(card_stamp), text.replace("\u00a0", " "))]
            assert len(starts) == len(page.placements), army.stem
            dated += text.replace("\u00a0", " ").count(f"{WORDS} · {card_stamp}")
            for start in starts:
                left, bottom, _, _ = (to_mm(v) for v in textpage.get_charbox(start))
                _, _, right, top = (to_mm(v) for v in textpage.get_charbox(start + len(card_stamp) - 1))
                assert any(
                    p.trim.x <= left and right <= p.trim.right and p.trim.y <= bottom and top <= p.trim.y + 5.5
                    for p in page.placements
                ), (left, bottom)  # in a card's footer band, not in the margin
        document.close()
    assert dated  # the kit's date too, where the footer holds it


def test_a_quick_start_kit_prints_the_demo_edition_of_the_cards(kit):
    """E86: the kit's rules are the quick-start's, so its cards drop what it does not play."""
    assert SPEC["rulebook"] == "quickstart"
    note = label(f"cards.front.{card_layout().editions['quickstart'].note}").replace("\u00a0", " ")
    for army in ARMY_FILES:
        text = " ".join(texts((kit / f"cards-{army.stem}.pdf").read_bytes())).replace("\u00a0", " ")
        assert label("cards.back.fatigue") not in text and label("cards.back.morale") not in text
        assert label("cards.back.locations") in text
        assert " ".join(text.split()).count(" ".join(note.split())) == sum(c.get("copies", 1) for c in characters(army))


def test_a_demo_backs_copy_number_is_set_apart_from_its_stat_line(kit):
    """Designer review (tenth session, 16): « 3/3  5+ · 10/20 cm · 3D6 » ran the copy number
    into the stats; the stat line's own « · » now stands between them."""
    separator = label("cards.back.copy_separator")
    found = 0
    for army in ARMY_FILES:
        backs = texts((kit / f"cards-{army.stem}.pdf").read_bytes())[1::2]
        for line in (line for page in backs for line in page.splitlines()):
            for count in re.finditer(r"\b(\d)/(\d)\b(.{0,3})", line):
                found += 1
                assert count.group(3) == f" {separator} ", line
    assert found >= 3  # the Damné errant's three cards at least
