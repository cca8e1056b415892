import ctypes
import re
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pdf_text import page_texts  # tests/support

from kolaps_print import resources, typography
from kolaps_print.typography import NBSP, NNBSP, UNITS, french


def test_apostrophes_become_curly():
    assert french("l'arme d'Hélène") == "l\u2019arme d\u2019Hélène"


def test_narrow_no_break_space_before_semicolon_exclamation_question_a_fixed_one_before_colon():
    assert (
        french("Attention : deux ; trois ! quatre ?") == f"Attention{NBSP}: deux{NNBSP}; trois{NNBSP}! quatre{NNBSP}?"
    )
    assert french(f"deux{NBSP}; trois{NNBSP}:") == f"deux{NNBSP}; trois{NBSP}:"


def test_space_is_added_when_missing():
    assert french("Note: voir") == f"Note{NBSP}: voir"
    assert french("Vraiment?") == f"Vraiment{NNBSP}?"


def test_guillemets_get_inner_narrow_no_break_spaces():
    assert french('un "couvert" solide') == f"un \u00ab{NNBSP}couvert{NNBSP}\u00bb solide"
    assert french("« couvert »") == f"\u00ab{NNBSP}couvert{NNBSP}\u00bb"


def test_a_sign_is_held_to_its_number_and_an_operation_to_its_word():
    """Designer review (fifth session, 3): « gravité + 1 » broke before « + 1 »."""
    assert french("comme gravité + 1") == f"comme gravité{NBSP}+{NBSP}1"
    assert french("(+ 1) puis \u2212 2") == f"(+{NBSP}1) puis{NBSP}\u2212{NBSP}2"
    assert french("- 3 cases")[:3] == "- 3"  # a hyphen starts a Markdown list: never glued
    assert french("+1 et \u22122") == "+1 et \u22122"  # nothing to hold
    # after punctuation the sign keeps the space before it: « plus, + 2 », « difficulté : + 2 »
    assert french("plus, + 2 au dé") == f"plus, +{NBSP}2 au dé"
    assert french("difficulté : + 2") == f"difficulté{NBSP}: +{NBSP}2"


def test_markdown_emphasis_counts_as_the_end_of_a_word():
    assert french("**Marcher** : avancer") == f"**Marcher**{NBSP}: avancer"


def test_times_urls_and_anchors_are_left_alone():
    assert (
        french("à 10:30, http://exemple.fr et [voir](#embuscade)") == "à 10:30, http://exemple.fr et [voir](#embuscade)"
    )


def test_ordinals_are_superscript_but_hashes_and_dice_are_left_alone():
    assert french("le 1er tour, la 1re fois, la 6e case, le 2ème") == "le 1ᵉʳ tour, la 1ʳᵉ fois, la 6ᵉ case, le 2ᵉ"
    assert french("données 3d11e05, 1234567e, 2D6, 3C6, 1e5") == "données 3d11e05, 1234567e, 2D6, 3C6, 1e5"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="ab1e :;!?'\"«»\u202f\u00a0.", max_size=30))
def test_idempotent(text):
    once = french(text)
    assert french(once) == once


# The trigger main had until the eleventh session (907b784): broad, the reference the narrow one keeps to.
_UNIT = "(?:" + "|".join(re.escape(u) for u in UNITS) + ")(?![\\w])"
_BROAD_TRIGGER = re.compile(
    f"['\":;!?\u00ab\u00bb]|\\.\\.\\.|\\d(?:er|re|e|ème|eme)(?!\\w)|\\d[ \t]+(?:{_UNIT}|\\w)"
    f"|[+\u2212\u00d7][ \t]+\\d|[\\w.\u00b0§][ \t]+[+\u2212]?\\d"
    # rules added since: a spaced operator held to the word after it, an erratum mark to the word
    # before it (fifteenth session, tables15)
    f"|[+\u2212\u00d7\u00f7=][ \t]+\\S|[ \t]\u2020|\u2020[ \t]"
    # a number in words held to the word it counts (sixteenth session, xp16: « deux balles »)
    "|(?i:deux|trois|dix)[ \t]+\\w"
)
# French-ish text: a word a rule names or one it does not, a number, a sign, each then a space or
# not. Few of each, so that the pairs and runs the rules look for come up often.
_WORDS = "secondes étape p. n° DV REF mot suffit cm l er par http://x.fr deux Dix balles".split()
_PIECES = (_WORDS, "1 25 1234 2,5".split(), list("«»;!?:"), list("+\u2212\u00d7\u00f7=\u2020-'\"’.,()*"))
_SPACES = ("", " ", "  ", "\t", NBSP, NNBSP, NNBSP * 2, " " + NNBSP, NBSP * 2)
_FRENCHISH = st.lists(
    st.tuples(st.one_of(*(st.sampled_from(kind) for kind in _PIECES)), st.sampled_from(_SPACES)), max_size=8
).map(lambda pairs: "".join(piece + space for piece, space in pairs))


@settings(max_examples=1000, deadline=None)
@given(_FRENCHISH)
def test_the_narrow_trigger_sets_text_as_the_broad_one_did(text):
    broad = typography._typeset(text) if _BROAD_TRIGGER.search(text) else text
    assert french.__wrapped__(text) == broad == typography._typeset(text)


@pytest.mark.parametrize(
    "text",
    [
        "Réussite\u00a0: il quitte la table.",  # set already: a label filled with set data texts
        "Tombe au sol\u202f; à sa prochaine activation\u202f!",
        "Le mot «\u202fsuite\u202f».",
        "Exactement un 1, et un seul 1 suffit.",  # a die's face, then a verb
        "Un test facile (3) à réussir.",
        "Fatigue au-delà du 6ᵉ point",
    ],
)
def test_the_formatter_does_no_work_on_a_text_no_rule_changes(text):
    assert typography._TRIGGER.search(text) is None
    assert french(text) == text


def test_a_number_is_bound_to_its_unit_but_not_to_an_ordinary_word():
    assert (
        french("à peine 25 cm, 7,5 mm ou 50 % ; 3 PV")
        == f"à peine 25{NBSP}cm, 7,5{NBSP}mm ou 50{NBSP}%{NNBSP}; 3{NBSP}PV"
    )
    assert french(f"(10{NBSP}cm)") == f"(10{NBSP}cm)"


def test_a_number_is_held_to_the_word_it_counts_or_the_stat_it_scores_but_not_to_a_verb():
    """Designer review (tenth session, 11): « Phase (3 / secondes) », « −2 AV, −3 / DV »."""
    assert french("2 à 3 tours, 10 minutes, 4 ml") == f"2{NBSP}à{NBSP}3{NBSP}tours, 10{NBSP}minutes, 4 ml"
    assert french("Phase (3 secondes)") == f"Phase (3{NBSP}secondes)"
    assert french("−2 AV, −3 DV, 5 dés") == f"−2{NBSP}AV, −3{NBSP}DV, 5{NBSP}dés"
    assert french("un seul 1 suffit, de 1 à 6, 2d6 mortels") == f"un seul 1 suffit, de 1{NBSP}à{NBSP}6, 2d6 mortels"


def test_a_comparison_and_a_range_of_numbers_are_held_together():
    """Review 14, N1: « (d100 ≤ / score) », « (6 à / 20 balles) »."""
    assert french("(d100 ≤ score)") == f"(d100{NBSP}≤{NBSP}score)"
    assert french("Tir en rafale (6 à 20 balles)") == f"Tir en rafale (6{NBSP}à{NBSP}20{NBSP}balles)"
    assert french("à la fin, à toi") == "à la fin, à toi"
    assert french(french("de 6 à 20 ≥ 3")) == french("de 6 à 20 ≥ 3")


def test_a_number_is_held_to_the_step_page_stat_or_rate_that_names_it():
    """Designer review (tenth session, 11): « DEX/2, REF / 0 », « −1 par / 10 m », « l’étape / 1. »."""
    assert french("DEX/2, REF 0") == f"DEX/2, REF{NBSP}0"
    assert french("retour à l’étape 1.") == f"retour à l’étape{NBSP}1."
    assert french("voir p. 11, Étape 2, KD 8") == f"voir p.{NBSP}11, Étape{NBSP}2, KD{NBSP}8"
    assert french("un tour de jeu, Nadia 3, cap. 4, en 2027") == "un tour de jeu, Nadia 3, cap. 4, en 2027"


def test_a_signed_number_is_held_to_the_par_of_its_rate():
    """Designer review (eleventh session, 4): the 3d6 Modif. column broke « −1 / par 10 m, »: a
    signed number keeps its rate's « par » (« −1 par 10 m », « +1 par mètre »); an unsigned one
    does not (« portée à 6 par ce critique »), nor a number inside an operation (« FOR + 1 par »)."""
    assert french("−1 par 10 m") == f"−1{NBSP}par{NBSP}10{NBSP}m"
    assert french("+1 par mètre plongé") == f"+1{NBSP}par mètre plongé"
    assert french("soigné, −1,5 par minute") == f"soigné, −1,5{NBSP}par minute"
    assert french("la fatigue portée à 6 par ce critique") == "la fatigue portée à 6 par ce critique"
    assert french("dégâts FOR + 1 par 5 m") == f"dégâts FOR{NBSP}+{NBSP}1 par{NBSP}5{NBSP}m"


def test_a_rate_after_a_number_and_its_unit_is_held_whole():
    """Issue 12 (words18): « −1 PV / par heure » broke on the d12 sheet and reference cards. A
    number's unit or counted word, « par » and the word it is per go together (« 1 dé par tour »);
    « par » before anything else is left as it was (« 3 PV par 10 m »: its own rule)."""
    assert french("hémorragie : −1 PV par heure") == f"hémorragie{NBSP}: −1{NBSP}PV{NBSP}par{NBSP}heure"
    assert french("il coûte 2 PV par heure.") == f"il coûte 2{NBSP}PV{NBSP}par{NBSP}heure."
    assert french("1 dé par tour") == f"1{NBSP}dé{NBSP}par{NBSP}tour"
    assert french(f"−1{NBSP}PV par heure") == f"−1{NBSP}PV{NBSP}par{NBSP}heure"  # already half set
    assert french("3 PV par 10 m") == f"3{NBSP}PV par{NBSP}10{NBSP}m"
    assert french("des PV par heure") == "des PV par heure"  # no number: no rate to hold


def test_nested_straight_quotes_are_paired_in_one_pass():
    # found by test_idempotent: the inner pair hid the outer one until a second run
    once = french('"":""')
    assert '"' not in once
    assert french(once) == once


# ---- every product, read back from its PDF -------------------------------------------------
PRODUCTS = (
    "cards",
    "calibration",
    "reference",
    "reference-cards",
    "rulebook",
    "quickstart",
    "kit-carton",
    "kit-papier",
    "tokens",
)


@pytest.fixture(scope="module")
def product_pdfs(tmp_path_factory, demo_armies):
    """One PDF of each product, built through the library as the commands build them."""
    from kolaps_print.jobs.calibrate import build_calibration
    from kolaps_print.jobs.cards import build_cards
    from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
    from kolaps_print.jobs.tables import TablesOptions, build_reference
    from kolaps_print.kit.build import build_kit
    from kolaps_print.model.army_book import load_army

    out = tmp_path_factory.mktemp("products")
    kit_file = out / "kit.yaml"
    armies = "\n".join(f"  - {a}" for a in demo_armies[:2])
    kit_file.write_text(f"name: Démo\ndate: 2027-03-01\nplayers: 1\narmies:\n{armies}\n", encoding="utf-8")
    build_kit(kit_file, out / "kit")
    damnes = next(a for a in demo_armies if a.stem == "les-damnes")
    return {
        "cards": build_cards(load_army(damnes)).pdf,
        "calibration": build_calibration(),
        "reference": build_reference(TablesOptions()).pdf,
        "reference-cards": build_reference(TablesOptions(format="cards")).pdf,
        "rulebook": build_rulebook(RulebookOptions()).pdf,
        "quickstart": build_rulebook(RulebookOptions(edition="quickstart")).pdf,
        "kit-carton": (out / "kit" / "kit-carton.pdf").read_bytes(),
        "kit-papier": (out / "kit" / "kit-papier.pdf").read_bytes(),
        "tokens": (out / "kit" / "tokens.pdf").read_bytes(),
    }


def product_text(pdfs, product: str) -> str:
    return "\n".join(page_texts(pdfs[product]))


@pytest.mark.parametrize("product", PRODUCTS)
def test_no_straight_quote_nor_bullet_and_double_signs_never_glued_or_broken_before(product_pdfs, product):
    text = product_text(product_pdfs, product)
    assert "'" not in text and '"' not in text and "\u2022" not in text
    # ; ! ? after a word: always with the narrow no-break space (its own glyph, read back as U+202F)
    glued = re.findall(r".{0,12}(?:\w|[ \u00a0\u00bb)])[;!?](?!\w).{0,4}", text)
    assert glued == [], glued[:5]
    # : after a word always has a space before it (a no-break one, which reportlab draws as a space)
    assert re.findall(r".{0,12}[^\W\d]:(?=\s).{0,4}", text) == []
    # no line of text starts with the sign: a line never breaks before it
    lines = [line.strip() for page in page_texts(product_pdfs[product]) for line in page.splitlines()]
    assert [line for line in lines if line[:1] in ";:!?\u00bb"] == []
    assert re.findall("\u00ab[ \u00a0]|[ \u00a0]\u00bb", text) == []  # « » hold narrow no-break spaces


def split_units(pages: list[str]) -> list[str]:
    """Each line of running text ending on a number whose unit starts the next line: « 25 / cm ».
    A line that is only a value (a card's « 10/20 » over its caption « cm, marche/course ») is a
    stat box, not a broken line; « (10 » is running text."""
    lines = [line.strip() for page in pages for line in page.replace("\r", "").splitlines()]
    unit = re.compile("(?:" + "|".join(re.escape(u) for u in UNITS) + r")(?!\w)")
    return [
        f"{a} / {b}"
        for a, b in zip(lines, lines[1:], strict=False)
        if re.search(r"(?:[^\W\d]|\().*\d$", a) and unit.match(b)
    ]


def test_the_split_unit_check_finds_a_number_left_at_a_line_end():
    assert split_units(["plus de 25\ncm vers", "(10\ncm)"]) == ["plus de 25 / cm vers", "(10 / cm)"]
    assert split_units(["Rang 0\n(5+)", "25 cm\nmoral", "10/20\ncm, marche/course"]) == []


@pytest.mark.parametrize("product", PRODUCTS)
def test_no_line_ends_on_a_number_whose_unit_starts_the_next(product_pdfs, product):
    assert split_units(page_texts(product_pdfs[product])) == []


@pytest.mark.parametrize("product", PRODUCTS)
def test_ordinals_are_superscript(product_pdfs, product):
    text = product_text(product_pdfs, product)
    assert re.findall(r"(?<![\w.,])\d{1,3}(?:er|re|e|ème)(?!\w)", text) == []


def test_the_kit_stamps_and_lists_its_date_in_words(product_pdfs):
    text = product_text(product_pdfs, "kit-papier")  # the packing list
    assert "2027-03-01" not in text
    assert "1ᵉʳ mars 2027" in text.replace("\u00a0", " ")


def _font(textpage, index: int) -> str:
    name = ctypes.create_string_buffer(200)
    pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, name, 200, ctypes.byref(ctypes.c_int()))
    return name.value.decode()


def _origin_x(textpage, index: int) -> float:
    x, y = ctypes.c_double(), ctypes.c_double()
    pdfium_c.FPDFText_GetCharOrigin(textpage.raw, index, ctypes.byref(x), ctypes.byref(y))
    return x.value


def test_a_no_break_space_before_a_colon_keeps_one_width_on_every_justified_line(product_pdfs):
    """The rulebook's body is justified: word spaces widen from line to line, the no-break space
    before « : » does not. Measured on the pages as drawn: from the pen position of the space
    to that of the next character (its advance, plus any stretch), per face and size."""
    document = pdfium.PdfDocument(BytesIO(product_pdfs["rulebook"]))
    colon, word = {}, {}
    try:
        for index in range(len(document)):
            textpage = document[index].get_textpage()
            count = textpage.count_chars()
            chars = [textpage.get_text_range(i, 1) for i in range(count)]
            for i in range(1, count - 1):
                if (
                    chars[i] not in "\u202f "
                    or not chars[i - 1].isalpha()
                    or not (chars[i + 1] == ":" or chars[i + 1].isalpha())
                ):
                    continue
                size = round(pdfium_c.FPDFText_GetFontSize(textpage.raw, i), 1)
                if size < 8:
                    continue
                key = (size, _font(textpage, i))  # each face has its own space widths
                width = round(_origin_x(textpage, i + 1) - _origin_x(textpage, i), 2)
                if chars[i] == "\u202f" and chars[i + 1] == ":":
                    colon.setdefault(key, set()).add(width)
                elif chars[i] == " ":
                    word.setdefault(key, set()).add(width)
    finally:
        document.close()
    assert colon
    assert any(len(widths) > 3 for widths in word.values())  # justification does stretch word spaces
    for size, widths in colon.items():
        assert max(widths) - min(widths) <= 0.05, (size, sorted(widths))


# ---- no capital after a colon mid-sentence (the book, the quick-start, the proof) ----------
# A colon does not end a sentence: what follows starts in lower case (« Déploiement : chaque
# joueur… »), unless it is a name: the game's, a glossary term, a character, an army, an
# affiliation, a weapon or a specialisation. Quotations (« … ») keep their own capitals. Only a
# colon and a word on one line are read: a line ending on a colon introduces a list, a table or a
# form's next field.
CAPITALISED = re.compile(r"[A-ZÀ-ÖØ-Þ](?:[a-zß-öø-ÿ’-]|$)")  # « Chaque », « À »; not « CIB », « R0 »


def printed_names() -> set[str]:
    """Every name the products may print with its capital after a colon."""
    import yaml

    from kolaps_print.labels import label, labels

    found = {label("common.game")} | {term["name"] for term in labels("glossary.terms").values()}

    def walk(node) -> None:
        if isinstance(node, dict):
            found.update(v for k, v in node.items() if k == "name" and isinstance(v, str))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    data = resources.kolaps_dir()
    for file in [data / "affiliations.yaml", data / "weapons.yaml", *sorted((data / "armies").glob("*.yaml"))]:
        walk(yaml.safe_load(file.read_text(encoding="utf-8")))
    return {french(name) for name in found}


def capitals_after_colons(pages: list[str], names: set[str]) -> list[str]:
    """Each « : Majuscule » on a line of these pages that does not start a name: its line up to the word."""
    text = "\n".join(pages).replace("\r", "").replace("\u00a0", " ").replace("\u202f", " ")
    text = re.sub("\ufffe\n?|\u00ad|\u2010\n", "", text)  # words hyphenated at a line's end
    text = re.sub(r"«[^»]*»", "« »", text)
    names = names | {name.rsplit(":", 1)[-1].strip() for name in names}  # « KOLAPS : Ground Zero »: its own colon
    found = []
    for match in re.finditer(r":[ ]+(\S+)", text):
        following = " ".join(text[match.start(1) : match.start(1) + 80].split())  # a name may wrap
        if CAPITALISED.match(match.group(1)) and not any(following.startswith(name) for name in names):
            found.append(text[text.rfind("\n", 0, match.start()) + 1 : match.end()])  # its line, up to the word
    return found


def test_the_colon_check_finds_a_capital_and_lets_names_acronyms_and_quotations_be():
    names = {"KOLAPS : Ground Zero", "La Horde du Borgne"}
    assert capitals_after_colons(["– Déploiement : Chaque joueur\nVictoire : À la fin"], names) == [
        "– Déploiement : Chaque",
        "Victoire : À",
    ]
    fine = "KOLAPS : Ground Zero\nSecond camp : La Horde du\nBorgne.\nPortée : CIB 4, R0 2\n« Rang 2 : Seuil 2+ »\nDate :\nSignature"
    assert capitals_after_colons([fine], names) == []


@pytest.fixture(scope="module")
def book_products(product_pdfs):
    """The book, its proof and the quick-start with each bundled scenario."""
    from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook

    pdfs = {"rulebook": product_pdfs["rulebook"], "proof": build_rulebook(RulebookOptions(proof=True)).pdf}
    for scenario in sorted((resources.kolaps_dir() / "scenarios").glob("*.yaml")):
        pdfs[f"quickstart-{scenario.stem}"] = build_rulebook(
            RulebookOptions(edition="quickstart", scenario=scenario.stem)
        ).pdf
    return pdfs


def test_no_capital_after_a_colon_in_the_book_the_proof_and_the_quick_starts(book_products):
    names = printed_names()
    found = {name: capitals_after_colons(page_texts(pdf), names) for name, pdf in book_products.items()}
    assert {name: hits for name, hits in found.items() if hits} == {}
    assert len(book_products) >= 4  # both scenarios were read


def test_run_on_keeps_each_item_whole_and_its_separator_with_the_item_before():
    from kolaps_print.typography import run_on

    text = run_on(["Armes de lancer 25 %", "Esquive 40 %"], " · ")
    assert text == "Armes\u00a0de\u00a0lancer\u00a025\u00a0%\u00a0· Esquive\u00a040\u00a0%"
    assert text.split(" ") == ["Armes\u00a0de\u00a0lancer\u00a025\u00a0%\u00a0·", "Esquive\u00a040\u00a0%"]  # one break


def test_a_product_is_held_to_its_number_and_to_its_word():
    """Designer review (eighth session, 26): « Compétence × / 2 » broke on a d100 reference card."""
    assert french("Compétence × 2") == f"Compétence{NBSP}×{NBSP}2"
    assert french("5 × 5 cm environ") == f"5{NBSP}×{NBSP}5{NBSP}cm environ"
    # a product of words: the operator goes down with the word after it (review 14b, N7)
    assert french("×2 et x × y") == f"×2 et x ×{NBSP}y"


def test_a_line_never_ends_on_an_operator():
    """Review 14b, N7: « 5 XP × / niveau », « DV − / (caractéristique … »: a spaced operator is tied
    to the word after it; the space before it may still break."""
    assert french("5 XP × niveau visé") == f"5{NBSP}XP ×{NBSP}niveau visé"
    assert french("DV − (caractéristique + compétence)") == f"DV −{NBSP}(caractéristique +{NBSP}compétence)"
    assert french("a = b ÷ c") == f"a ={NBSP}b ÷{NBSP}c"
    assert french("+ une liste") == "+ une liste"  # a Markdown list's sign, at the start of its line
    assert french(french("5 XP × niveau")) == french("5 XP × niveau")


def test_an_erratum_mark_is_tied_to_the_word_before():
    """Review 14b, N3: « … en dernier. / † D100-E8 »."""
    assert french("en dernier. † D100-E8") == f"en dernier.{NBSP}†{NBSP}D100-E8"


@pytest.mark.parametrize("text", ["a & b < c > d", 'a "quoted" l’apostrophe \'s', "&amp; déjà", ""])
def test_escape_is_what_saxutils_escape_does(text):
    from xml.sax.saxutils import escape as sax_escape

    from kolaps_print.typography import escape

    assert escape(text) == sax_escape(text)
    assert escape(text, {'"': "&quot;"}) == sax_escape(text, {'"': "&quot;"})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tous les dés", "tous les dés"),
        ("À la fin", "à la fin"),
        ("CIB 4", "CIB 4"),
        ("+1d6", "+1d6"),
        ("3 cases", "3 cases"),
    ],
)
def test_a_text_after_a_run_in_head_and_its_colon_starts_lower_case(text, expected):
    """Round-12 merge: the book's stacked rows printed « Réussite critique : Tous » (a capital after
    a colon); an acronym, a number or a sign stays as it is."""
    from kolaps_print.typography import after_colon

    assert after_colon(text) == expected


def test_a_run_in_head_is_bold_with_its_french_colon_and_the_text_after_it_lower_case():
    """One builder for the run-in heads of the book, the reference cards and the systems' sheets
    (session 13): the head and its colon in bold, a no-break space before the colon (never a line
    starting « : »), the text after it escaped and lowered as after_colon does; mark applies to both."""
    from kolaps_print.typography import run_in

    assert run_in("Dé & bonus", "Tous <les> dés") == "<b>Dé &amp; bonus\u00a0:</b> tous &lt;les&gt; dés"
    assert run_in("Effet", "CIB 4", str.upper) == "<b>EFFET\u00a0:</b> CIB 4"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tous les dés donnent 6.", "Tous les dés donnent\u00a06."),
        ("au-dessus de la DV", "au-dessus de la\u00a0DV"),
        ("fatigue, min. 1", "fatigue, min.\u00a01"),
        ("Un joueur et un PNJ", "Un joueur et un\u00a0PNJ"),
        ("Le dé gardé donne 6, donc tous les dés donnent", "Le dé gardé donne 6, donc tous les dés donnent"),
        ("0 · 2C6", "0 · 2C6"),  # a rank stacked over its dice on purpose: after a separator
        ("(+2 si 6) † E43", "(+2 si 6) † E43"),  # a mark is the marks' business
        ("Seul", "Seul"),
    ],
)
def test_a_cells_short_last_word_is_held_to_the_word_before(text, expected):
    """Review 13, N6: « Tous les dés donnent / 6. » left « 6. » alone on a cell's last line."""
    from kolaps_print.typography import tied_end

    assert tied_end(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Gagne gravité ÷ 2, arrondi à l’inférieur (1 à 3).",
            "Gagne gravité ÷ 2, arrondi à l’inférieur\u00a0(1\u00a0à\u00a03).",
        ),
        ("Cible au sol (tir)", "Cible au sol (tir)"),
        ("Sans AFF, bilan : diff. 2, +1 (+2 si 6)", "Sans AFF, bilan : diff. 2, +1\u00a0(+2\u00a0si\u00a06)"),
        ("Couvert plus efficace (à convenir)", "Couvert plus efficace (à convenir)"),  # 12 characters: free
        ("(1 à 3)", "(1 à\u00a03)"),  # nothing before it to hold to (its last word held as ever)
        ("Explosion (rayon)", "Explosion (rayon)"),  # a name's gloss, not running text: a column may need the break
        ("Rang 0 (5+)", "Rang 0 (5+)"),
        ("(+2 si 6) † E43", "(+2 si 6) † E43"),  # a mark is the marks' business
    ],
)
def test_a_cells_short_closing_group_is_held_to_the_word_before(text, expected):
    """Review 22b, 4: the KOLAPS sheet's « Tête » cell left « (1 à 3). » alone on its second line. A
    closing group in parentheses of at most typography.SHORT_TAIL characters goes down with the word
    before it, after running text (SHORT_TAIL_AFTER words): tied_end, every table cell and head of
    the sheets and their cards."""
    from kolaps_print.typography import tied_end

    assert tied_end(text) == expected
    assert tied_end(expected) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("action (1d12 + bonus)", "action (1d12\u00a0+\u00a0bonus)"),
        ("3d6 + DEX + compétence de l'arme", "3d6\u00a0+\u00a0DEX\u00a0+\u00a0compétence de l\u2019arme"),
        ("2d6 \u2212 1", "2d6\u00a0\u2212\u00a01"),
        ("Lancez 1D6 + rang : à 6", "Lancez 1D6\u00a0+\u00a0rang\u00a0: à 6"),
        ("Andd6 + x", "Andd6 +\u00a0x"),  # not a roll, a word: only its sign held to what follows (review 14b, N7)
    ],
)
def test_a_dice_expression_is_never_broken(text, expected):
    """Review 13, N5: d12's heading broke « (1d12 + / bonus) »; french() holds a roll and what is
    added to it or taken from it together, as it holds « gravité + 1 »."""
    assert french(text) == expected
    assert french(expected) == expected


def test_a_number_in_words_is_bound_to_the_word_it_counts():
    """Review 15 (14b N3): d100 mini 8/8 read « Un round pour glisser deux / balles. »: a number
    in words stays with the word it counts as one in figures does, an article and a word it does
    not count break as before."""
    assert french("glisser deux balles.") == f"glisser deux{NBSP}balles."
    assert french("Trois rounds plus tard") == f"Trois{NBSP}rounds plus tard"
    assert french("les deux camps, un round") == "les deux camps, un round"
    assert french("Adieux balles") == "Adieux balles"


def test_two_hands_and_a_number_against_are_held_together():
    """sys17: the d100 book read « armes longues à deux / mains » (« mains » is now a counted word,
    common.typography.counted) and d12's cards « carac. contre / 1d12 + DÉF » (« contre » names the
    number after it, as « par » does: 3d6's « contre 8 »)."""
    assert french("armes à deux mains") == f"armes à deux{NBSP}mains"
    assert french("Combat) contre 8, +1") == f"Combat) contre{NBSP}8, +1"
    assert french("contre 1d12 + DÉF") == f"contre{NBSP}1d12{NBSP}+{NBSP}DÉF"
    assert french("l’une contre l’autre") == "l’une contre l’autre"


def test_a_bound_and_a_locution_hold_together():
    """words19 (issue 12): « 50 % ou / moins », « Moins de / 100 % » on the d12 cards and « quel /
    que soit son total » in the d12 book. A bound's words stay with their number, « quel que » with
    itself; the same words without a number break as any others."""
    assert french("50 % ou moins") == f"50{NBSP}%{NBSP}ou{NBSP}moins"
    assert french("11 ou plus : impossible") == f"11{NBSP}ou{NBSP}plus{NBSP}: impossible"
    assert french("Moins de 100 %") == f"Moins{NBSP}de{NBSP}100{NBSP}%"
    assert french("à plus de 25 cm") == f"à plus{NBSP}de{NBSP}25{NBSP}cm"
    assert (
        french("quel que soit son total, quelles que soient")
        == f"quel{NBSP}que soit son total, quelles{NBSP}que soient"
    )
    assert french("un tour ou plus tard") == "un tour ou plus tard"
    assert french("moins de dés") == "moins de dés"
    assert french("quelque chose") == "quelque chose"
    for text in ("50 % ou moins", "Moins de 100 %", "quel que soit"):
        assert french(french(text)) == french(text)


def test_a_closing_mark_holds_the_last_two_words_where_it_is_drawn():
    """book21 (review 20 N4: « pas. † E31 » alone on a card's last line): a short word before a text's
    closing mark goes down with the one before it, where the text is drawn (closing_mark_held, from
    ruling_style.held_marks and the rulesets' layouts); french leaves the text as the data's (book22:
    holding it there changed the texts the content compares with the data's). A mark inside a text,
    or after a chain, is as it was."""
    from kolaps_print.typography import closing_mark_held

    text = french("tant que son moral ne remonte pas. † E31")
    assert text == f"tant que son moral ne remonte pas.{NBSP}†{NBSP}E31"
    assert closing_mark_held(text) == f"tant que son moral ne remonte{NBSP}pas.{NBSP}†{NBSP}E31"
    inside = french("dans cet ordre † E37 : la suite")
    assert closing_mark_held(inside) == inside == f"dans cet ordre{NBSP}†{NBSP}E37{NBSP}: la suite"
    assert closing_mark_held(french("Armures † 3D6-E7")) == f"Armures{NBSP}†{NBSP}3D6-E7"
    for raw in ("ne remonte pas. † E31", "de l’arme. † 3D6-E4", "sauf mention contraire. † E36"):
        held = closing_mark_held(french(raw))
        assert closing_mark_held(held) == held and french(held) == held


def test_a_closing_mark_holds_one_word_when_that_word_is_long_enough():
    """Review 22b, 7: holding two words before every closing mark left ragged lines in justified text
    (« sauf / mention contraire. † E36 », « départ / du tireur. † E84 »). A word of four letters or
    more keeps its mark company alone (its punctuation and apostrophe not counted); a shorter one
    (« pas. », « 3). ») still takes the word before it down with it. The mark never stands alone."""
    from kolaps_print.typography import closing_mark_held

    assert closing_mark_held(french("sauf mention contraire. † E36")) == f"sauf mention contraire.{NBSP}†{NBSP}E36"
    assert closing_mark_held(french("depuis la position de départ du tireur. † E84")) == (
        f"depuis la position de départ du tireur.{NBSP}†{NBSP}E84"
    )
    assert closing_mark_held(french("de l’arme. † 3D6-E4")) == f"de l’arme.{NBSP}†{NBSP}3D6-E4"
    assert closing_mark_held(french("la zone. † E32")) == f"la zone.{NBSP}†{NBSP}E32"
    assert closing_mark_held(french("au plus 3). † E5")) == f"au plus{NBSP}3).{NBSP}†{NBSP}E5"
    assert closing_mark_held(french("le dé. † E5")) == f"le{NBSP}dé.{NBSP}†{NBSP}E5"
    # a short group in parentheses is one word for its mark: never « (à / convenir) † E40 »
    assert closing_mark_held(french("plus efficace (à convenir) † E40")) == (
        f"plus efficace (à{NBSP}convenir){NBSP}†{NBSP}E40"
    )


def test_a_closing_mark_is_held_in_the_drawn_markup():
    """The reference material's and the book's marks: placed, then the closing one holding its last
    two words, in the markup only (provenance.place_marks itself unchanged: tests/test_provenance)."""
    from kolaps_print.layout.ruling_style import held_marks, quiet_marks, raised_marks
    from kolaps_print.provenance import mark, place_marks

    text = f"ne remonte pas {mark('E31')}."
    assert place_marks(text) == f"ne remonte pas.{NBSP}{mark('E31')}"
    assert held_marks(text) == f"ne remonte{NBSP}pas.{NBSP}{mark('E31')}"
    assert f"remonte{NBSP}pas." in quiet_marks(text) and f"remonte{NBSP}pas." in raised_marks(text, "#000000")
    longer = f"sauf mention contraire {mark('E36')}."
    assert held_marks(longer) == f"sauf mention contraire.{NBSP}{mark('E36')}"


def test_a_bound_is_the_tie_that_may_give_way():
    """book21 (review 20 S1): « plus » of « plus de 25 cm » is the one tie a book's text under a row may
    break (« alors à plus / de 25 cm »); « de » stays with its number, the number with its unit."""
    from kolaps_print.typography import loose_ties, loosened

    text = french("il s’éloigne alors à plus de 25 cm, moins de dés")
    (at,) = loose_ties(text)
    assert loosened(text, at) == f"il s’éloigne alors à plus de{NBSP}25{NBSP}cm, moins de dés"
