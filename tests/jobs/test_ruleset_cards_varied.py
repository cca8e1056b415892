"""A deck of characters with values of their own (twenty-first session, vary21): what their faces
share is laid out once, not once a face. Counted in a real build of the d12 demo's characters,
each three times with other numbers (as benchmarks/ruleset_army.py --vary makes them), its PDF
read back."""

from __future__ import annotations

from collections import Counter
from io import BytesIO

import yaml
from pypdf import PdfReader
from reportlab.platypus.paragraph import Paragraph

from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.layout.ruleset import card as ruleset_card
from kolaps_print.model.ruleset_army import load_ruleset_army
from kolaps_print.model.ruleset_choice import read_army_ruleset
from kolaps_print.model.ruleset_load import find_ruleset

REMINDER = "12 en défense"  # the d12 front's last reminder: the same on every card


def _varied_army(tmp_path):
    """The d12 demo's five characters, then each again twice with its CHA and INT moved (tiles
    of their own), then with its PV moved (a back of its own): 20 characters, 20 distinct fronts."""
    (demo,) = sorted((find_ruleset("d12").folder / "armies").glob("*.yaml"))
    army = yaml.safe_load(demo.read_text(encoding="utf-8"))
    cast = army["characters"]
    varied = [
        {**c, "name": f"{c['name']} {n}", "cha": (c["cha"] + n) % 7, "int": (c["int"] + 2 * n) % 7}
        for n in (1, 2)
        for c in cast
    ]
    backs = [{**c, "name": f"{c['name']} PV", "pv": c["pv"] + 1, "cha": (c["cha"] + 3) % 7} for c in cast]
    army["characters"] = cast + varied + backs
    path = tmp_path / "varied.yaml"
    path.write_text(yaml.safe_dump(army, allow_unicode=True), encoding="utf-8")
    doc, _ = read_army_ruleset(path)
    return load_ruleset_army(doc, find_ruleset("d12"))


def _spaced(text: str) -> str:
    """A paragraph's text with its no-break spaces read as spaces (a closing mark holds its last words)."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def test_a_text_every_face_prints_is_broken_into_lines_once_per_style_and_width(tmp_path, monkeypatch):
    """The reminders, heads, weapons' cells and legends repeat on the faces of a deck: each text is
    broken into lines once for a style and width (on main, once on every face that prints it)."""
    army = _varied_army(tmp_path)
    ruleset_card._paragraph.cache_clear()  # kept for the process: an earlier test's deck broke them already
    broken: Counter[tuple] = Counter()
    real = Paragraph.breakLines

    def counted(self, width):
        broken[(self.text, id(self.style), tuple(width) if isinstance(width, list) else width)] += 1
        return real(self, width)

    monkeypatch.setattr(Paragraph, "breakLines", counted)
    result = build_ruleset_cards(army)
    fronts = [text for text in _pages_text(result.pdf) if REMINDER in text]
    assert fronts and sum(text.count(REMINDER) for text in fronts) == len(army.members)  # on every front
    reminders = {key: n for key, n in broken.items() if REMINDER in _spaced(key[0])}
    assert reminders, "the reminder was never set"
    assert set(reminders.values()) == {1}, reminders
    assert max(broken.values()) == 1, broken.most_common(3)


def test_a_rules_table_every_back_prints_is_made_once_a_deck(tmp_path, monkeypatch):
    """The d12 back's « critiques » table reads no character's values: made once while the deck is
    laid out, not once for each character and each set of kinds the backs tried (on main: 20 × 3;
    the poker backs give it by name, after trying it in full)."""
    import kolaps_print.content.ruleset_card as content

    army = _varied_army(tmp_path)
    made = Counter()
    real = content.table_contents

    def counted(ruleset, table):
        made[table.id if hasattr(table, "id") else id(table)] += 1
        return real(ruleset, table)

    monkeypatch.setattr(content, "table_contents", counted)
    result = build_ruleset_cards(army)
    named = sum(text.count("Critiques en combat") for text in _pages_text(result.pdf))
    assert named == len(army.members)  # on every back
    assert made and set(made.values()) == {1}, made


def test_a_weapons_table_of_the_same_rows_is_laid_out_once_a_size(tmp_path, monkeypatch):
    """Characters whose numbers differ but whose weapons roll the same share one weapons table per
    size tried (CHA and INT move no d12 roll): laid out once for each distinct table and look."""
    import kolaps_print.layout.ruleset.card as card

    army = _varied_army(tmp_path)
    laid: Counter[tuple] = Counter()
    real = card._table

    def counted(table, width, look, widths):
        laid[(repr(table), width, look.body_pt, repr(sorted(widths.items())))] += 1
        return real(table, width, look, widths)

    monkeypatch.setattr(card, "_table", counted)
    result = build_ruleset_cards(army)
    assert any("ARMES" in text for text in _pages_text(result.pdf))
    weapons = {key: n for key, n in laid.items() if "Jet" in key[0]}
    assert weapons and set(weapons.values()) == {1}, max(weapons.values())
