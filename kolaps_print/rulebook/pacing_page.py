"""The proof's pacing of the demo (issue 16): for the default scenario's two sides, each
character's chance to hit the other side's typical figure and the wounds one attack inflicts,
and the turns each side needs to put half the other out of action (content/pacing.py).

Proof only: the designer reads whether the demo scenario gives a decided game in its turns.
"""

from __future__ import annotations

from fractions import Fraction

from reportlab.platypus import Flowable, Paragraph, Spacer

from kolaps_print.content.formats import percent
from kolaps_print.content.pacing import SidePacing, side_pacing
from kolaps_print.labels import label, labels
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.model.gamedata import GameData
from kolaps_print.numbers import number
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.proof_pages import report_table
from kolaps_print.typography import escape, french

# A side with less than this chance to put half the other out by the last turn hardly ever wins
# the demo in time: the page says so in words, not only in figures.
WARN_BELOW = Fraction(1, 4)
# Wide enough for every head word and weapon name (« Touche » broke as « Touch/e » in 14 %).
COLUMN_WIDTHS = ["29%", "31%", "17%", "23%"]

DemoPacing = tuple[str, int, int, list[SidePacing]] | None  # scenario name, gap cm, turns, sides


def demo_pacing(data: GameData, armies: list[ArmyBook]) -> DemoPacing:
    """(scenario name, gap in cm, its turns, each side attacking the other), or None when the
    default scenario or one of its sides' armies is missing."""
    scenario = data.scenario()
    if scenario is None or len(scenario.sides) != 2:
        return None
    by_id = {_stem(book.file): book for book in armies}
    if any(side not in by_id for side in scenario.sides):
        return None
    first, second = (by_id[side] for side in scenario.sides)
    reading = data.readings["full_location_test"]
    gap = scenario.gap_cm
    sides = [side_pacing(data.rules, a, d, gap, reading) for a, d in ((first, second), (second, first))]
    return scenario.name, gap, scenario.turns, sides


def _stem(path: str) -> str:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name[: -len(".yaml")] if name.endswith(".yaml") else name


def pacing_flowables(pacing: DemoPacing) -> list[Flowable]:
    if pacing is None:
        return []
    name, gap, turns, sides = pacing
    s = st.styles()
    out: list[Flowable] = [
        Paragraph(escape(french(label("rulebook.report.pacing.title", scenario=name))), s["h3"]),
        Paragraph(escape(french(label("rulebook.report.pacing.intro", gap=gap))), s["body"]),
    ]
    for side in sides:
        rows = [
            [a.name, a.figures.use.weapon, percent(a.figures.hit), _decimal(a.wounds_per_attack, 2)]
            for a in side.attacks
        ]
        heading = label("rulebook.report.pacing.side", army=side.army, cib=side.target.cib, rank=side.target.rank)
        out += [
            Spacer(0, 4),
            Paragraph(escape(french(heading)), s["body"]),
            report_table(labels("rulebook.report.pacing.columns"), rows, COLUMN_WIDTHS),
            Spacer(0, 3),
            Paragraph(escape(french(_turns_line(side, turns))), s["body"]),
        ]
        if side.pacing.by(turns) < WARN_BELOW:
            out.append(_warning(side, turns))
    return out


def _warning(side: SidePacing, turns: int) -> Paragraph:
    """The designer's alarm: bold, in the accent colour, under the side's figures."""
    text = label(
        "rulebook.report.pacing.warning", army=side.army, turns=turns, chance=percent(Fraction(side.pacing.by(turns)))
    )
    return Paragraph(
        f'<b><font color="{st.palette().markup("accent")}">{escape(french(text))}</font></b>', st.styles()["body"]
    )


def _turns_line(side: SidePacing, turns: int) -> str:
    p = side.pacing
    return label(
        "rulebook.report.pacing.turns",
        army=side.army,
        half=p.half,
        expected=_decimal(Fraction(p.expected_turns), 1),
        turns=turns,
        chance=percent(Fraction(p.by(turns))),
    )


def _decimal(value: Fraction, places: int) -> str:
    """Rounded half up to this many decimals, in the one number format (« 0,23 »)."""
    scale = 10**places
    return number(int(value * scale + Fraction(1, 2)) / scale)
