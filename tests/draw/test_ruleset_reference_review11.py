"""The eleventh session's review of the other systems' reference cards (d100, 3d6, d12 on mini,
poker and tarot cards), read back from the printed faces (print-shop layout: one face a page,
each card's front then its back): the decks numbered by card as KOLAPS's, every section opening
on a front, no cell of a table over three lines, and the 3d6 Modif. column's « −1 par 10 m »
kept on one line on the cards and on the A4 and Letter sheets."""

from __future__ import annotations

import re

import pytest
from pdf_text import page_texts, text_objects  # tests/support
from ruleset_products import RULESETS, reference_deck  # tests/support

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.labels import label, overriding_labels
from kolaps_print.layout.ruleset.card import story_room
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.sheets import card_size
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.units import pt

CARDS = ("mini", "poker", "tarot")
LINES = 3  # issue 12: no cell over three lines


def flat(text: str) -> str:
    return re.sub(r"[\s\u202f\u00a0]+", " ", text).strip()


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> dict[tuple[str, str], bytes]:
    """(ruleset, card) -> the deck's PDF, one face a page, built through the CLI."""
    folder, out = tmp_path_factory.mktemp("ruleset-reference-review11"), {}
    for ruleset_id in RULESETS:
        for card in CARDS:
            out[ruleset_id, card] = reference_deck(cli, folder, ruleset_id, card)
    return out


def _titles(ruleset_id: str) -> list[str]:
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        return [flat(section.title) for section in sheet_content(ruleset)]


def _band_names(ruleset_id: str) -> dict[str, str]:
    """Each name a band may give a section (its title, its shorter band name: refband11) -> its title."""
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        sections = sheet_content(ruleset)
    return {flat(s.band): flat(s.title) for s in sections if s.band} | {flat(s.title): flat(s.title) for s in sections}


def _bands(ruleset_id: str, pdf: bytes) -> list[tuple[str, bool, str, int, int]]:
    """Each face's band, in print order: (section, « (suite) », hint, n, N) of « n/N »."""
    names = _band_names(ruleset_id)
    titles = "|".join(re.escape(t) for t in sorted(names, key=len, reverse=True))
    hints = "|".join(re.escape(label(f"tables.sheet.{k}")) for k in ("continues_overleaf", "continues"))
    pattern = re.compile(rf"^({titles})( \(suite\))?(?: ({hints}))? (\d+)/(\d+)")
    bands = []
    for text in page_texts(pdf):
        found = pattern.search(flat(text))
        assert found, flat(text)[:80]
        topic, suite, hint, n, of = found.groups()
        bands.append((names[topic], bool(suite), hint or "", int(n), int(of)))
    return bands


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_deck_numbers_its_cards_not_its_faces(decks, ruleset_id, card):
    """Review 11, item 1: the fronts read 1/5, 3/5, 5/5 (faces numbered) where KOLAPS's read 1/14
    front and back. Both faces of card n of N read « n/N », N the deck's card count; a face whose
    section goes on says « verso › » (a front) or « suite › » (a back) before it, as KOLAPS's."""
    pdf = decks[ruleset_id, card]
    bands, texts = _bands(ruleset_id, pdf), [flat(t) for t in page_texts(pdf)]
    name = flat(find_ruleset(ruleset_id).spec.name)
    foot = flat(label("rulesets.sheet.cards_foot"))
    plain = {i for i, text in enumerate(texts) if i % 2 and text.count(name) == text.count(foot) == 2}
    cards = len(bands) // 2
    assert len(bands) % 2 == 0 and cards > 1
    assert [(n, of) for *_, n, of in bands] == [(i // 2 + 1, cards) for i in range(len(bands))]
    for i, (topic, _, hint, *_) in enumerate(bands):
        goes_on = i + 1 < len(bands) and bands[i + 1][0] == topic and i + 1 not in plain
        wanted = label("tables.sheet.continues_overleaf" if i % 2 == 0 else "tables.sheet.continues")
        assert hint == (wanted if goes_on else ""), (i, bands[i])


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_section_opens_on_a_card_s_front(decks, ruleset_id, card):
    """Review 11, item 2: « Combat » opened on a back (d12 mini), « Actions de combat » too (3d6
    poker). Each section's first face is a front (an even page of the print-shop file); a section
    that ends on a front leaves its back plain: the system's name over « Aide de jeu »."""
    pdf = decks[ruleset_id, card]
    bands, texts = _bands(ruleset_id, pdf), [flat(t) for t in page_texts(pdf)]
    plain = [i for i in range(1, len(bands), 2) if bands[i][0] == bands[i - 1][0] and not bands[i - 1][2]]
    opening = [i for i, band in enumerate(bands) if i == 0 or band[0] != bands[i - 1][0]]
    assert [bands[i][0] for i in opening] == _titles(ruleset_id)
    assert all(i % 2 == 0 for i in opening), [(i, bands[i][0]) for i in opening]
    name = flat(find_ruleset(ruleset_id).spec.name)
    for i in plain:  # the foot's name and the middle's, and nothing else under the band
        assert texts[i].count(name) == 2 and "%" not in texts[i], texts[i][:80]


def _content_width(card: str) -> float:
    size = card_size(card)
    return story_room(sheet_look().card, pt(size.width), pt(size.height))[2]


def _tall_cells(pdf: bytes, width: float) -> list[tuple[int, str, int]]:
    """Each cell read over more than LINES lines: consecutive lines of one size at one left edge,
    one leading apart (1 to 1.4 times their size), each narrower than 60 % of the face's content
    (a text set under its row runs across the table: a paragraph, not a cell), notes (italic) aside."""
    out = []
    objects = [o for o in text_objects(pdf, page_space=True) if o.text.strip()]
    run = 1
    for a, b in zip(objects, objects[1:], strict=False):
        step = a.bounds[1] - b.bounds[1]
        same_cell = (
            a.page == b.page
            and abs(a.bounds[0] - b.bounds[0]) < 0.5
            and abs(a.size - b.size) < 0.01
            and a.size <= step <= 1.4 * a.size
            and max(a.bounds[2] - a.bounds[0], b.bounds[2] - b.bounds[0]) < 0.6 * width
            and "Italic" not in a.font + b.font
        )
        run = run + 1 if same_cell else 1
        if run > LINES:
            out.append((b.page, flat(b.text), run))
    return out


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_cell_wraps_beyond_three_lines(decks, ruleset_id, card):
    """Review 11, item 3: d100's « Bout portant » on a mini card set its cells in three and four
    lines, 3d6's « Charger par » took five on poker cards. No cell of any deck goes over three
    lines: d12 mini's « Points de vie » too, once left out of this test by name (review 12, item 2:
    « Inconscient, hémorragie : −2 PV par heure »). KOLAPS's decks: test_reference_review11.py."""
    assert _tall_cells(decks[ruleset_id, card], _content_width(card)) == []


@pytest.fixture(scope="module")
def sheets_3d6(cli, tmp_path_factory) -> dict[str, bytes]:
    folder, out = tmp_path_factory.mktemp("ruleset-3d6-sheets"), {}
    for paper in ("a4", "letter"):
        target = folder / f"{paper}.pdf"
        result = cli(["tables", "--ruleset", "3d6", "--paper", paper, "-o", target])
        assert result.exit_code == 0, result.stderr
        out[paper] = target.read_bytes()
    return out


def test_the_3d6_rates_keep_their_parts_on_one_line(decks, sheets_3d6):
    """Review 11, item 4: the Modif. column broke « −1 / par 10 m, » (poker and tarot cards); a
    rate's signed number, « par » and its measure print on one line, on every deck and on the A4
    and Letter sheets (« 10 m » was already whole, it stays so)."""
    pdfs = [decks["3d6", card] for card in CARDS] + list(sheets_3d6.values())
    for pdf in pdfs:
        lines = [flat(line) + " " for text in page_texts(pdf) for line in text.splitlines()]
        assert any("−1 par 10 m" in line for line in lines)
        rate = r"[+−]\d+ par"  # « −1 par 10 m », « +1 par mètre »: the signed number with its « par »
        in_lines = [found for line in lines for found in re.findall(rate, line)]
        assert len(in_lines) == len(re.findall(rate, " ".join(lines))) >= 2, in_lines
        pairs = zip(lines, lines[1:], strict=False)
        assert not any(re.search(r"\d $", a) and re.match(r"m\b", b) for a, b in pairs)  # « 10 / m »
