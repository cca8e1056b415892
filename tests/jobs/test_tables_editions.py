"""The sheet's header, its attack walk-through and its demo edition, read back from the PDFs.

Expected words come from the data and the labels, never from the PDF.
"""

from __future__ import annotations

import datetime as dt

import pytest
from pdf_text import page_texts  # tests/support

from kolaps_print import __version__, resources
from kolaps_print.content.attack import attack_steps
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label, labels
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.numbers import date_words
from kolaps_print.rulebook.sources import load_sources

RULES = load_sources(resources.rulebook_dir()).spec  # the rules' version and date (book.yaml)


def flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheets(request):
    """(full, demo) sheets on one paper, dated."""
    day = dt.date(2026, 11, 30)
    full = build_reference(TablesOptions(paper=request.param, date=day))
    demo = build_reference(TablesOptions(paper=request.param, edition="quickstart", date=day))
    return full, demo


def test_one_title_and_the_version_and_date_in_words_on_each_side(sheets):
    for sheet, key in zip(sheets, ("tables.sheet.title", "tables.sheet.title_demo"), strict=True):
        for page in page_texts(sheet.pdf):
            text = flat(page)
            assert text.count(label(key)) == 1  # the header's, and no other title (no side name)
            assert f"Version {RULES.version} · 30 {labels('common.months')[10]} 2026" in text


def test_reruns_are_byte_identical():
    for edition in ("full", "quickstart"):
        options = TablesOptions(edition=edition)  # the default date: no clock in the PDF
        assert build_reference(options).pdf == build_reference(options).pdf


def test_the_date_defaults_to_the_rules_date_in_book_yaml():
    day = RULES.date
    text = flat(page_texts(build_reference(TablesOptions()).pdf)[0])
    assert flat(f"Version {RULES.version} · {date_words(day)}") in text
    assert f"Version {__version__} " not in text or __version__ == RULES.version  # the rules', not the tool's


def test_the_reference_cards_carry_the_rules_version_and_date_on_their_plain_backs():
    cards = build_reference(TablesOptions(format="cards"))
    faces = [flat(t) for t in page_texts(cards.pdf)]
    line = flat(f"Version {RULES.version} · {date_words(RULES.date)}")
    assert any(line in face for face in faces)


def _steps_in_order(text: str, steps) -> None:
    at = 0
    for s in steps:
        found = text.find(flat(f"{s.number} {s.name} {s.who}"), at)
        assert found >= 0, s.name
        assert flat(s.text)[:30] in text
        at = found


def test_the_attack_walk_through_is_numbered_from_the_data(data, sheets):
    full, demo = sheets
    _steps_in_order(flat(" ".join(page_texts(full.pdf))), attack_steps(data, "full"))
    _steps_in_order(flat(" ".join(page_texts(demo.pdf))), attack_steps(data, "quickstart"))


def test_the_demo_sheet_shows_only_the_demo_rules(data, sheets):
    full, demo = sheets
    text = flat(" ".join(page_texts(demo.pdf)))
    for title in ("moral", "traits", "blessures-critiques", "echecs-critiques"):
        assert label(f"tables.{title}.title") not in text, title
    assert "Fatigue" not in text and "fatigue" not in text  # no fatigue charged, no fatigue column
    assert "enchérissent" not in text  # no bidding: the demo's own turn
    for phase in labels("tables.phases.demo"):
        assert flat(phase) in text
    for action_id in ("reprendre-son-souffle", "se-rallier"):
        name = next(a.name for a in data.rules.actions.actions if a.id == action_id)
        assert name not in text
    full_text = flat(" ".join(page_texts(full.pdf)))
    assert label("tables.moral.title") in full_text and "Fatigue" in full_text  # the full sheet keeps them


def test_the_demo_sheet_keeps_what_the_quick_start_plays(data, sheets):
    """The quick-start keeps the riposte (E33) and the secondary effect with the demo's own effects (E80, E85)."""
    text = flat(" ".join(page_texts(sheets[1].pdf)))
    riposte = next(m for m in data.rules.combat.modifiers if m.id == "riposte-autre-cible")
    assert flat(riposte.name) in text
    assert label("tables.effets-secondaires.title") in text
    for loc in data.rules.wounds.locations:
        if loc.demo_effect:
            assert flat(loc.demo_effect.text)[:40] in text, loc.id
