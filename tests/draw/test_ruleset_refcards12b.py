"""The twelfth session's second print review of the other systems' reference cards (refcards12b),
read back from the printed decks (print-shop layout: one face a page): a text set under its row
says whose it is, a table of pairs that fits a face is not cut across cards, the tarot decks set
larger than poker's."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pdf_text import flat, page_texts, text_objects  # tests/support
from ruleset_products import RULESETS, ReferenceDecks  # tests/support

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.labels import label, overriding_labels
from kolaps_print.model.ruleset_load import find_ruleset

CARDS = ("mini", "poker", "tarot")
TAROT_BODY_PT = 8.5  # KOLAPS's tarot reference cards' body: the other systems' tarot decks no smaller


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    """(system, card) -> the print-shop deck, built through the CLI when first read."""
    return ReferenceDecks(cli, tmp_path_factory.mktemp("refcards12b"))


def _faces_with(pdf: bytes, title: str) -> list[int]:
    return [i for i, text in enumerate(page_texts(pdf)) if title in flat(text)]


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize(
    ("title", "heads"),
    [("Critiques en combat", ("Attaquant", "Défenseur")), ("Attaque ou défense totale", ("Ce tour", "Ensuite"))],
)
def test_a_text_under_its_row_says_whose_it_is(decks, card, title, heads):
    """Review 12, M1: on the d12 mini card, « Critiques en combat » read « Dé | Défenseur », the
    attacker's texts on lines under the rows, read as the defender's. Every face printing the
    table prints each of its columns' heads (in its head row, or in bold before its text under
    the row), in bold."""
    pdf = decks["d12", card]
    faces = _faces_with(pdf, title)
    assert faces, title
    bold = [o for o in text_objects(pdf) if o.page in faces and "Bold" in o.font]
    printed = " ".join(flat(o.text) for o in bold)
    for head in heads:
        assert head in printed, (card, title, head)


def _margins(pdf: bytes) -> dict[int, set[str]]:
    """Per face, the bold signed numbers of « Jet opposé »'s Écart cells it prints (−6 … +6)."""
    faces = _faces_with(pdf, "Jet opposé")
    found: dict[int, set[str]] = {}
    for o in text_objects(pdf):
        if o.page in faces and "Bold" in o.font and re.fullmatch(r"[+−-]?\d", flat(o.text)):
            found.setdefault(o.page, set()).add(flat(o.text).replace("-", "−"))
    return found


OPPOSED = [f"−{n}" for n in range(6, 0, -1)] + ["0"] + [f"+{n}" for n in range(1, 7)]


@pytest.mark.parametrize("card", ("poker", "tarot"))
def test_the_d12_opposed_roll_is_on_one_face(decks, card):
    """Review 12, S2: « Jet opposé » (13 values) was cut in two runs, −6…0 on the back of 2/5 and
    +1…+6 on the front of 3/5, though its rows fit one face. All 13 margins on one face."""
    margins = _margins(decks["d12", card])
    assert any(set(OPPOSED) <= values for values in margins.values()), margins


def test_the_d12_opposed_roll_on_a_mini_reads_over_one_flip_its_note_under_its_last_run(decks):
    """On a mini face « Jet opposé » with its heading and four-line note is taller than the face
    at any size (refbook13: 136 pt against 120 at 7.25 pt), and its heading and note never leave
    its rows (test_reference_review13). So its rows run in two unbroken runs on the two sides of
    one flip (a card's back, then the next card's front: consecutive print-shop faces), the note
    under the second."""
    pdf = decks["d12", "mini"]
    margins = _margins(pdf)
    faces = sorted(margins)
    assert len(faces) == 2 and faces[1] == faces[0] + 1 and faces[0] % 2 == 1, margins
    first, second = (sorted(margins[f], key=OPPOSED.index) for f in faces)
    assert first + second == OPPOSED, margins
    assert "évite tout" in flat(page_texts(pdf)[faces[1]]), faces


def _upright_body(pdf: bytes) -> float:
    """The deck's body: the size most of its upright, regular text is set at."""
    objects = [o for o in text_objects(pdf) if o.text.strip() and "Bold" not in o.font and "Italic" not in o.font]
    return Counter(round(o.size, 2) for o in objects).most_common(1)[0][0]


@pytest.mark.parametrize("system", RULESETS)
def test_a_tarot_deck_sets_its_body_larger(decks, system):
    """Review 12, N1: the other systems' tarot decks were set at poker's 8 pt, their faces 40–85 %
    empty. A tarot deck's body is at least KOLAPS's tarot reference cards' and never smaller than
    its poker deck's."""
    tarot, poker = _upright_body(decks[system, "tarot"]), _upright_body(decks[system, "poker"])
    assert tarot >= TAROT_BODY_PT, tarot
    assert tarot >= poker, (tarot, poker)


def _section_names(ruleset_id: str) -> dict[str, str]:
    """Each name a band may give a section (its title, its band name) -> its title."""
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        sections = sheet_content(ruleset)
    return {flat(s.band): flat(s.title) for s in sections if s.band} | {flat(s.title): flat(s.title) for s in sections}


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("system", RULESETS)
def test_a_section_keeps_one_name_over_its_faces(decks, system, card):
    """Review 12, N3: 3d6 poker's « Actions de combat » 5/7 went on as « Combat (suite) » 6/7 (its
    title too long with « (suite) »): a player leafing through reads two sections. Every face of a
    section names it alike in its band, « (suite) » aside."""
    names = _section_names(system)
    titles = "|".join(re.escape(t) for t in sorted(names, key=len, reverse=True))
    suite = re.escape(label("rulesets.sheet.continued"))
    pattern = re.compile(rf"^({titles})(?: {suite})?")
    printed: dict[str, set[str]] = {}
    for text in page_texts(decks[system, card]):
        found = pattern.search(flat(text))
        assert found, flat(text)[:80]
        printed.setdefault(names[found.group(1)], set()).add(found.group(1))
    assert all(len(used) == 1 for used in printed.values()), printed
