"""Twenty-third session, refs23 (review 22b): the systems' reference decks and sheets read back
from their PDFs.

- S9: a face of a table's key or note alone names the table it goes on from. d12 poker 1/3's back
  was two italic lines (« Bonus = compétence… ») under the band « Actions (suite) », naming
  nothing since refcards22 dropped the repeated caption; it now carries the table's short title
  (« Chance de réussir une action »), without the aside and mark the front prints."""

from __future__ import annotations

import pytest
from card_pieces import faces, plain  # tests/support
from pdf_colours import seen  # tests/support
from pdf_text import text_objects  # tests/support
from ruleset_products import RULESETS, ReferenceDecks  # tests/support

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.labels import overriding_labels
from kolaps_print.layout.ruleset.reference_cards import short_caption
from kolaps_print.layout.ruleset.sheet import section_tables
from kolaps_print.layout.style import table_paint
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.provenance import marked

CARDS = ("mini", "poker", "tarot")


@pytest.fixture(scope="module")
def decks(cli, tmp_path_factory) -> ReferenceDecks:
    return ReferenceDecks(cli, tmp_path_factory.mktemp("refs23"))


def _tables(ruleset_id: str):
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        return [t for s in sheet_content(ruleset) for t in section_tables(s)]


def test_the_d12_ladder_s_note_overleaf_names_its_table(decks):
    """d12 poker 1/3's back: the band « Actions (suite) », then « Chance de réussir une action »
    over the note (main: the note alone), not the front's whole caption again (review 21)."""
    deck = faces(decks["d12", "poker"], seen(table_paint().head_fill))
    back = deck[1].text
    assert not deck[1].pieces and plain("Bonus = compétence") in back
    assert "Chance de réussir une action" in back, back
    assert back.index("Chance de réussir une action") < back.index(plain("Bonus = compétence"))
    assert "1d12 + bonus" not in back and "D12-E3" not in back
    label = [o for o in text_objects(decks["d12", "poker"]) if o.page == 1 and "Chance de réussir" in o.text]
    assert label and all("Bold" in o.font for o in label)  # set as a table's title, not as the note


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_face_of_notes_alone_names_its_table(decks, ruleset_id, card):
    """Every face that prints a table's key or note without any of its rows prints the table's
    short title too, whatever its band says."""
    deck = faces(decks[ruleset_id, card], seen(table_paint().head_fill))
    bare = []
    for table in _tables(ruleset_id):
        notes = [plain(t) for t in (table.key, table.note) if t]
        for face in deck:
            holds = [n for n in notes if n in face.text]
            if holds and not face.pieces and plain(short_caption(table.title)) not in face.text:
                bare.append((face.index, table.title))
    assert not bare, bare


def test_a_short_caption_drops_the_aside_and_the_mark():
    assert (
        short_caption(marked("Chance de réussir une action (1d12 + bonus)", "D12-E3")) == "Chance de réussir une action"
    )
    assert short_caption(marked("Armures", "3D6-E7")) == "Armures"
    assert short_caption("(à part)") == "(à part)"
