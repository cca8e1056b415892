"""The packing list: what to print and bring, counted from the kit file, armies and rules."""

import yaml

from kolaps_print import resources
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.packing import packing_list, to_markdown
from kolaps_print.kit.packing_page import packing_pdf
from kolaps_print.kit.parts import KitPart
from kolaps_print.typography import french

ARMIES = resources.kolaps_dir() / "armies"


def hardest_roll_dice():
    dice = yaml.safe_load((resources.kolaps_dir() / "rules" / "dice.yaml").read_text(encoding="utf-8"))
    return max(d["dice"]["count"] for d in dice["difficulties"])


def copies(army):
    data = yaml.safe_load((ARMIES / f"{army}.yaml").read_text(encoding="utf-8"))
    return sum(c.get("copies", 1) for c in data["characters"])


PARTS = [
    KitPart("cards", "Cartes « Section Kappa »", "cards-section-kappa.pdf", b"", 2, 1, "long", "card_stock"),
    KitPart("reference", "Aide de jeu", "reference.pdf", b"", 2, 3, "short", "plain"),
    KitPart("tokens", "Jetons", "tokens.pdf", b"", 1, 1, "simplex", "card_stock"),
]
RUNS = {"kit-carton.pdf": 12, "kit-papier.pdf": 40}


def test_the_markdown_counts_dice_miniatures_and_copies(kit_file):
    kit = load_kit(kit_file("tables: 3\nplayers: 3\n"))
    md = to_markdown(packing_list(kit, PARTS, "STAMP", RUNS))
    dice = hardest_roll_dice()
    assert f"Dés à six faces\u00a0: {dice * 3 * 3} ({dice} par joueur" in md
    assert (
        "Figurines «\u202fSection Kappa\u202f»\u00a0: "
        f"{copies('section-kappa') * 3} ({copies('section-kappa')} par table)" in md
    )
    assert f"Figurines «\u202fLa Horde du Borgne\u202f»\u00a0: {copies('les-damnes') * 3}" in md
    assert (
        "| Aide de jeu | `reference.pdf` | 2 | 9 (3\u00a0×\u00a03 tables) | A4, papier 80\u00a0à\u00a0120\u00a0g/m² | Recto verso, bord court |"
        in md
    )
    assert "| Jetons | `tokens.pdf` | 1 | 3 (3 × 1 tables)" not in md and "Recto seul" in md
    assert "- [ ] 3 ×\u00a0Aide de jeu" in md  # the operator held to its word (review 14b, N7)
    assert "STAMP" in md


def test_one_table_gives_plain_copy_counts_and_no_tokens_says_so(kit_file):
    kit = load_kit(kit_file("tokens: false\n"))
    md = to_markdown(packing_list(kit, PARTS[:2], "S", RUNS))
    assert "| Aide de jeu | `reference.pdf` | 2 | 3 |" in md
    assert "Jetons\u00a0: aucun" in md


def test_a_pipe_in_a_name_does_not_break_the_table(kit_file):
    kit = load_kit(kit_file())
    odd = KitPart("cards", "Cartes « A|B »", "cards-a.pdf", b"", 2, 1, "long", "card_stock")
    md = to_markdown(packing_list(kit, [odd], "S", RUNS))
    row = next(line for line in md.splitlines() if "cards-a.pdf" in line)
    assert row.count(" | ") == 5 and "A\\|B" in row


def test_the_page_is_one_a4_or_letter_page_with_every_line(kit_file, pdf_tools):
    for paper, size in (("a4", (595, 842)), ("letter", (612, 792))):
        kit = load_kit(kit_file(f"paper: {paper}\n"))
        pl = packing_list(kit, PARTS, "STAMP", RUNS)
        pdf, pages = packing_pdf(pl, paper)
        assert pages == 1
        assert pdf_tools.fonts_not_embedded(pdf) == []
        from io import BytesIO

        from pypdf import PdfReader

        box = PdfReader(BytesIO(pdf)).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == size
        text = " ".join(pdf_tools.page_texts(pdf)[0].split())
        for line in pl.bring + pl.per_table + list(pl.on_table):
            assert " ".join(line.split()) in text


def test_token_sheets_count_every_page_of_the_tokens_pdf(kit_file):
    kit = load_kit(kit_file("tables: 3\n"))
    two_pages = KitPart("tokens", "Jetons", "tokens.pdf", b"", 2, 1, "simplex", "card_stock")
    md = to_markdown(packing_list(kit, [two_pages], "S", RUNS))
    assert "Planches de jetons\u00a0: 6 (2 par table)" in md


# ---- issue 16: what to put on the table, from the kit's scenario (data/rulesets/kolaps/scenarios) ----------
def scenario_yaml(name="premier-contact"):
    return yaml.safe_load((resources.kolaps_dir() / "scenarios" / f"{name}.yaml").read_text(encoding="utf-8"))


def test_the_markdown_lists_the_table_and_every_terrain_piece_under_the_marked_scenario(kit_file):
    md = to_markdown(packing_list(load_kit(kit_file()), PARTS, "STAMP", RUNS))
    scenario = scenario_yaml()
    heading = f"Sur chaque table\u00a0: scénario «\u202f{scenario['name']}\u202f»"
    assert f"## {heading}\u00a0†\u00a0{scenario['ruling']}" in md
    table = scenario["table"]
    assert f"- [ ] Une surface de jeu de {table['width_cm']}\u00a0×\u00a0{table['depth_cm']}\u00a0cm" in md
    for piece in scenario["terrain"]:
        line = f"{piece['count']} × {piece['name']} ({french(piece['size'])})"
        assert f"- [ ] {french(line)}" in md  # the file keeps the no-break space before « cm »


# ---- issue 12 (review #15, #17-19): printing at full size, the dice, one quick-start counted ----
QUICKSTART = [
    KitPart("quickstart", "Règles de démarrage", "quickstart.pdf", b"", 4, 1, "long", "plain"),
    KitPart("quickstart-sheet", "Règles à plier", "quickstart-a3.pdf", b"", 2, 1, "short", "plain", paper="A3"),
]


def test_the_dice_line_asks_for_two_colours_with_its_ruling_mark_in_markdown_and_pdf(kit_file, pdf_tools):
    from kolaps_print.provenance import mark

    kit = load_kit(kit_file("tables: 2\n"))
    pl = packing_list(kit, PARTS, "S", RUNS)
    dice = pl.bring[0]
    assert dice.startswith("Dés à six faces") and "dont deux de couleurs différentes" in dice
    assert dice.endswith(mark("E60")) and mark("E60") in to_markdown(pl)
    text = " ".join(pdf_tools.page_texts(packing_pdf(pl, "a4")[0])[0].split())
    assert "deux de couleurs différentes" in text and " ".join(mark("E60").split()) in text


def test_print_at_full_size_comes_first_and_the_calibration_sheet_only_when_the_kit_has_one(kit_file, pdf_tools):
    kit = load_kit(kit_file())
    md = to_markdown(packing_list(kit, PARTS, "S", RUNS))
    after_heading = md.split("## À imprimer")[1].strip().splitlines()
    assert after_heading[0].startswith("- [ ] Imprimez à 100") and "Taille réelle" in after_heading[0]
    assert "calibrage" not in md
    calibration = KitPart("calibration", "Calibrage", "calibrate.pdf", b"", 2, 1, "long", "card_stock")
    pl = packing_list(kit, [calibration, *PARTS], "S", RUNS)
    assert (
        pl.print_checks[1]
        == "Imprimez d’abord la feuille de calibrage (calibrate.pdf) et réglez le recto verso avant les cartes."
    )
    text = " ".join(pdf_tools.page_texts(packing_pdf(pl, "a4")[0])[0].split())
    assert "Imprimez à 100" in text and "feuille de calibrage (calibrate.pdf)" in text


def test_the_folded_quickstart_is_an_alternative_not_more_copies(kit_file):
    kit = load_kit(kit_file("tables: 3\n"))
    md = to_markdown(packing_list(kit, PARTS + QUICKSTART, "S", RUNS))
    rows = {r.split("|")[2].strip(): [c.strip() for c in r.split("|")[1:-1]] for r in md.splitlines() if ".pdf`" in r}
    assert rows["`quickstart.pdf`"][3] == "3 (1\u00a0×\u00a03 tables)"
    folded = rows["`quickstart-a3.pdf`"][3]
    assert folded.startswith("—") and "à la place de la ligne précédente" in folded and "×" not in folded


def test_each_print_run_says_its_paper_its_sheets_and_the_documents_it_holds(kit_file):
    """One file per paper: card stock for the cards and tokens, paper for the rest (and the list)."""
    kit = load_kit(kit_file())
    md = to_markdown(packing_list(kit, PARTS, "S", RUNS)).replace("\u00a0", " ").replace("\u202f", " ")
    carton = next(line for line in md.splitlines() if line.startswith("- [ ] kit-carton.pdf"))
    papier = next(line for line in md.splitlines() if line.startswith("- [ ] kit-papier.pdf"))
    assert "papier cartonné 200 à 250 g/m²" in carton and ": 6 feuilles (12 pages)" in carton
    assert "Cartes « Section Kappa »" in carton and "Jetons" in carton and "Aide de jeu" not in carton
    assert "papier 80 à 120 g/m²" in papier and ": 20 feuilles (40 pages)" in papier
    assert "Aide de jeu" in papier and "Liste de préparation" in papier and "Jetons" not in papier


def test_the_printed_list_sets_its_erratum_marks_in_the_quiet_style(kit_file):
    """Review 22b, 15: « † E60 » (a line) and « † E46 » (the scenario's bold heading) were set upright
    in the body's and the heading's weights. Every mark of the page now as on the sheets and cards
    (ruling_style.quiet_marks): condensed italic, in the marks' grey, the words around it in ink."""
    from collections import Counter

    from pdf_text import text_objects  # tests/support

    pl = packing_list(load_kit(kit_file()), PARTS, "S", RUNS)
    assert pl.on_table_heading and pl.bring[0].endswith("E60")
    objects = text_objects(packing_pdf(pl, "a4")[0])
    marks = [o for o in objects if "†" in o.text]
    assert len(marks) >= 2, [o.text for o in objects]
    ((ink, _),) = Counter(o.fill for o in objects if "†" not in o.text).most_common(1)
    for mark in marks:
        assert "Italic" in mark.font, (mark.text, mark.font)
        assert mark.fill != ink and min(mark.fill) > 60, (mark.text, mark.fill)  # a grey, lighter than the ink


def test_a_headings_erratum_mark_is_set_at_the_size_of_the_lines_under_it(kit_file):
    """Review 23, N11: the scenario heading's « † E46 » was grey italic at the heading's 12 pt, the
    loudest mark of the page, while the lines' marks are 9.5 pt. A mark in a title or heading is set
    at the checklist lines' size; no mark on the page is larger than the lines' text."""
    from pdf_text import text_objects  # tests/support

    pl = packing_list(load_kit(kit_file()), PARTS, "S", RUNS)
    assert "E46" in pl.on_table_heading
    objects = text_objects(packing_pdf(pl, "a4")[0])
    line_pt = max(o.size for o in objects if "†" not in o.text and "Italic" not in o.font and o.size < 11)
    marks = [o for o in objects if "†" in o.text or ("Italic" in o.font and o.text.strip().startswith("E"))]
    heading = [o for o in objects if "E46" in o.text]
    assert heading, [o.text for o in objects]
    for mark in marks:
        assert mark.size <= line_pt + 0.01, (mark.text, mark.size, line_pt)
