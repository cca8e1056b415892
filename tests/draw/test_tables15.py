"""Review 14b's table setting points (/work/wt/review14b.md: S1, S2, N3, N5, N7), read back from the
PDFs: a card table's heading stays whole while its gutters can fall to their floor (S1), the 3d6
« Coût de l'expérience » has no cell of three lines (S2), no line ends on an operator (N7) nor
begins with an erratum's mark (N3), the d100 mini « Protections » gives its names the width its
values do not use (N5)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from pdf_text import text_objects  # tests/support
from ruleset_products import demo_army  # tests/support
from table_cells import grid_cells  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
from kolaps_print.jobs.tables import TablesOptions


@cache
def _army(system: str, card: str) -> bytes:
    return build_ruleset_cards(demo_army(system), CardOptions(card=card)).pdf


def _lines(pdf: bytes) -> list[tuple[int, str]]:
    """Each printed line's text, with its page from 1: a text object, joined by a mark's run after it
    on its line (« † D100-E8 » is a run of its own in the marks' grey italic, rsstyle21)."""
    lines: list[tuple[int, str]] = []
    last = None
    for o in (o for o in text_objects(pdf) if o.text.strip()):
        middle = (o.bounds[1] + o.bounds[3]) / 2
        if last is not None and o.page == last.page and abs(middle - (last.bounds[1] + last.bounds[3]) / 2) < 3:
            if o.text.strip().startswith("\u2020") and o.bounds[0] >= last.bounds[2] - 1:
                lines[-1] = (lines[-1][0], f"{lines[-1][1]} {o.text.strip()}")
                last = o
                continue
        lines.append((o.page + 1, o.text.strip()))
        last = o
    return lines


@pytest.mark.parametrize("card", ["tarot", "poker"])
def test_a_weapons_heading_holds_one_line(card):
    """Main set d100 tarot's « Portée (m) » on two lines on every card, « (m) » alone under it, for
    want of under 2 pt: the four headings fit once the gutters fall to their 1.5 mm floor
    (rulesets.yaml cell_pad_pt) with only rounding's slack. The poker deck held it already."""
    lines = _lines(_army("d100", card))
    assert not [(p, t) for p, t in lines if t == "(m)"]
    assert sum(t == "Portée (m)" for _, t in lines) >= (5 if card == "tarot" else 1)


@cache
def _reference(system: str, kind: str) -> bytes:
    if kind == "sheet":
        return build_ruleset_sheet(system).pdf
    return build_ruleset_reference_cards(system, TablesOptions(format="cards", card=kind)).pdf


EXPERIENCE = (
    "5 XP × niveau visé",
    "1 XP × niveau visé",
    "Nouvelle compétence (enseignée par un tiers)",
)  # cells17: once « … un autre personnage »


@pytest.mark.parametrize(
    ("kind", "most"),
    [
        # cells18: the sheet sets « Exemple » under its rows (a line across the table, no cell)
        ("sheet", {t: 2 for t in (*EXPERIENCE[:2], "Caractéristique (primaire ou dérivée)")}),
        ("poker", {t: 2 for t in (*EXPERIENCE[:2], "Caractéristique (primaire ou dérivée)")}),
        ("tarot", {EXPERIENCE[0]: 2}),
    ],
)
def test_no_experience_cell_takes_three_lines_a_reshare_saves(kind, most):
    """Main set the 3d6 « Coût de l'expérience » with three-line cells on every product: « 5 XP × /
    niveau / visé » (tarot), « Enseignée par / un autre / personnage » (sheet, poker) beside a
    Hausse with 7.8 mm over its longest word. The columns now reshare for a cell's lines in its
    row (fewer_row_lines: fewer cells over two lines), trying each count of lines under a cell's
    own. (Tarot: « Enseignée… » keeps three, as « Caractéristique (primaire ou dérivée) » does: at
    9.75 pt the three columns at two lines need 186 pt of 179. Poker: at 8 pt the same holds, 172 pt
    of 159; since « niveau visé » is tied (xp16) the reshare gives Hausse its two lines and
    « Enseignée… » takes three, a line fewer in all; its text under its rows would be taller.)"""
    cells = {c.text.strip(): c.lines for c in grid_cells(_reference("3d6", kind)) if c.text.strip() in most}
    assert set(cells) == set(most), cells
    assert all(cells[t] <= n for t, n in most.items()), cells


ENDS_ON_OPERATOR = re.compile(r"\s[+\u2212\u00d7\u00f7=]$")  # a line ending on a spaced operator


@pytest.mark.parametrize(
    ("system", "kind"), [("3d6", "mini"), ("3d6", "tarot"), ("3d6", "sheet"), ("d100", "mini"), ("d12", "sheet")]
)
def test_no_line_ends_on_an_operator(system, kind):
    """Main broke « 5 XP × / niveau » (3d6 mini and tarot) and « Nombre à atteindre = DV − /
    (caractéristique … » (3d6 mini and tarot): french() ties a spaced + − × ÷ = to the word after
    it, so a line breaks before the operator if it must (review 14b, N7)."""
    ends = [(p, t) for p, t in _lines(_reference(system, kind)) if ENDS_ON_OPERATOR.search(t)]
    assert not ends, ends


def test_no_line_ends_on_an_operator_in_the_book():
    """Main's 3d6 rulebook (p. 4) broke « 5 XP × / niveau visé » in its experience table."""
    pdf = build_rulebook(RulebookOptions(ruleset="3d6")).pdf
    ends = [(p, t) for p, t in _lines(pdf) if ENDS_ON_OPERATOR.search(t)]
    assert not ends, ends
    assert any("XP × niveau" in t for _, t in _lines(pdf))


MARK_ALONE = re.compile("^\u2020[ \u00a0\u202f]*[A-Z0-9-]+$")  # « † D100-E8 », a line of its own


@pytest.mark.parametrize(("system", "kind"), [("d100", "sheet"), ("d100", "mini"), ("3d6", "mini")])
def test_no_erratum_mark_stands_alone_on_a_line(system, kind):
    """Main set « … au premier round, elle part en dernier. / † D100-E8 » (d100 sheet and mini 8/8,
    « Recharger ») and « … toutes les AV. / † 3D6-E5 » (3d6 mini): a mark typed in a table's data
    after a plain space. french() ties an erratum's mark to the word before it and its id to the
    dagger, wherever it is printed (review 14b, N3)."""
    alone = [(p, t) for p, t in _lines(_reference(system, kind)) if MARK_ALONE.match(t)]
    assert not alone, alone
    assert any("\u2020" in t for _, t in _lines(_reference(system, kind)))
