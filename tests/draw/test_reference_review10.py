"""Designer review, tenth session (round 10), on the reference cards and the KOLAPS sheet, read
back from the printed PDFs: a table of pairs side by side cut in reading order (item 2), a
table's key and note never parted (item 3), the attack's long step texts regular (item 4),
« (suite) » never over a face of notes alone (item 5), « Le tour de jeu »'s names bold on the
cards as on the sheet (item 7)."""

from __future__ import annotations

import re

import pytest
from card_pieces import Face, faces, plain  # tests/support
from pdf_colours import seen  # tests/support
from pdf_text import text_objects  # tests/support
from ruleset_products import RULESETS  # tests/support

from kolaps_print.content.attack import attack_steps
from kolaps_print.content.ruleset_sheet import RulesetTable, sheet_content
from kolaps_print.labels import overriding_labels
from kolaps_print.layout.style import NAME_WORDS, table_paint
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.model.ruleset_load import find_ruleset

CARDS = ("mini", "poker", "tarot")
PAIR = re.compile(r"(?<![\d,])([+−-]?\d+) (\d+(?:,\d+)?) %")  # « 13 26 % »: a value, its chance


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> dict[tuple[str, str], list[Face]]:
    """(ruleset, card) -> the deck's faces (one a page), each built through the CLI; KOLAPS's own
    cards under ("kolaps", card)."""
    folder, out = tmp_path_factory.mktemp("reference-review10"), {}
    head = seen(table_paint().head_fill)
    runs = [(r, c, ["--ruleset", r]) for r in RULESETS for c in CARDS]
    runs += [("kolaps", c, []) for c in ("poker", "tarot")]
    for ruleset_id, card, which in runs:
        target = folder / f"{ruleset_id}-{card}.pdf"
        args = ["tables", *which, "--format", "cards", "--card", card, "--layout", "print-shop", "-o", target]
        result = cli(args)
        assert result.exit_code == 0, result.stderr
        out[ruleset_id, card] = faces(target.read_bytes(), head)
    return out


def _tables(ruleset_id: str) -> list[RulesetTable]:
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        return [t for s in sheet_content(ruleset) for t in s.tables]


def _reading_order(table: RulesetTable) -> list[str]:
    """The values of a table of pairs as it is read: down each pair of columns, left to right."""
    return [plain(row[c]) for c in range(0, len(table.header), 2) for row in table.rows if row[c]]


def _stem(title: str) -> str:
    return re.split(r" :| †| \(", plain(title))[0]


def _after_band(face: Face) -> str:
    """A face's text under its band (the band's topic, its number « 3/10 », « verso › » aside)."""
    return re.sub(r"^.*? \d+/\d+", "", face.text, count=1)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_table_of_pairs_reads_in_order_across_faces(decks, ruleset_id, card):
    """3d6 on mini cards cut « Chance d’atteindre un nombre » between its folded rows: 0–7 beside
    13–20 on a front, 8–12 beside 21–24 on its back. Each face prints one unbroken run of the
    values, and the runs follow one another face after face."""
    folded = [t for t in _tables(ruleset_id) if t.folded]
    assert folded or ruleset_id != "3d6"
    for table in folded:
        order = _reading_order(table)
        runs, last = [], None
        for face in decks[ruleset_id, card]:
            text = _after_band(face)
            # a run carried on to its card's back under the band « (suite) » goes untitled (refcards22)
            # (only while the table has values left: a back may hold the next table, « Jet opposé »)
            unfinished = sum(map(len, runs)) < len(order)
            carried = (
                unfinished and face.index % 2 == 1 and last == face.index - 1 and "(suite)" in face.text.split("/")[0]
            )
            if _stem(table.title) not in text and not carried:
                continue
            start = text.index(_stem(table.title)) if _stem(table.title) in text else 0
            values = [v for v, _ in PAIR.findall(text[start:]) if v in order]
            if values:
                runs.append(sorted(order.index(v) for v in values))
                last = face.index
        assert [i for run in runs for i in run] == list(range(len(order))), (table.title, runs)


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_table_s_key_and_note_are_printed_on_one_face(decks, ruleset_id, card):
    """d12 on mini cards printed the ladder's key « Barreaux de l’échelle… » under its last rows
    (on a back) and its note « Bonus = compétence… » alone on the next card's front: a table's
    notes stay together; only a note may go to the back of its card, its key under the table
    (the d12 ladder whole on a poker card's front, at 7 pt, its note overleaf)."""
    deck = decks[ruleset_id, card]
    both = [(plain(t.key), plain(t.note)) for t in _tables(ruleset_id) if t.key and t.note]
    assert both or ruleset_id != "d12"
    for key, note in both:
        (keyed,) = [face.index for face in deck if key in face.text]
        (noted,) = [face.index for face in deck if note in face.text]
        assert noted == keyed or (noted == keyed + 1 and noted % 2 == 1), (key[:30], keyed, noted)


@pytest.mark.parametrize(
    ("ruleset_id", "card"), [*((r, c) for r in RULESETS for c in CARDS), ("kolaps", "poker"), ("kolaps", "tarot")]
)
def test_a_face_of_notes_alone_is_never_titled_suite(decks, ruleset_id, card):
    """« Jet opposé (suite) », « Moral (suite) » headed faces that print no row of the table, only
    its note: « (suite) » promises rows. A face with no table under its band has no « (suite) »
    there (its band may still say its section goes on). A table with no head row (heads19: 3d6's
    « États » as terms on a mini) shows its rows by their shade."""
    deck = decks[ruleset_id, card]
    shades = {seen(fill) for fill in table_paint().rows if any(fill)}  # a tint: paper may be painted anywhere
    bare = [face for face in deck if not face.pieces and not face.fills & shades and _after_band(face).strip()]
    assert bare or ruleset_id != "kolaps"
    assert not [face.index for face in bare if "(suite)" in _after_band(face)]


def _objects_in(pdf: bytes, texts: list[str]):
    """The printed lines that hold four words in a row of one of texts."""
    wanted = [plain(t) for t in texts]

    def holds(line: str) -> bool:
        words = plain(line).split()
        return any(" ".join(words[i : i + 4]) in w for i in range(len(words) - 3) for w in wanted)

    return [o for o in text_objects(pdf) if holds(o.text)]


@pytest.mark.parametrize("product", ["tables", "tables-cards", "quickstart"])
def test_an_attack_step_s_long_text_is_regular(every_product, product):
    """Round 10, item 4: on the sheet, steps 9 « Zone pleine » and 10 « Effet secondaire »
    printed their whole text bold under the bold step names. Only a step's name (a few words) is
    bold; what the step does is regular: on the sheet, the cards and in the quick-start's steps
    (the full book states those rules in its prose, in bold there as a rule to remember, and
    prints no table of the steps)."""
    data = builtin_game_data()
    steps = [*attack_steps(data), *attack_steps(data, "quickstart")]
    long = [s.text for s in steps if len(s.text.split()) > NAME_WORDS]
    printed = _objects_in(every_product[product], long)
    full_location = _objects_in(every_product[product], [s.text for s in steps if s.id == "zone-pleine"])
    assert printed and full_location
    assert not [o.text for o in printed if "Bold" in o.font]
