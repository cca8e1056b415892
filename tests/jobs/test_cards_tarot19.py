"""Tarot character fronts (tarot19), read back from the print-shop PDF: the marks' legend on one
baseline over the foot band on every card, and the NOTES lines one pitch apart from the heading's
rule down. Both fail on main (bb0ac27): the legend stood 115, 122 and 131 pt over the page's foot,
and the first line sat 8.6 mm under the heading's rule at a 7.1 mm pitch."""

import pytest

from kolaps_print.labels import label
from kolaps_print.layout.card_data import card_layout
from kolaps_print.units import to_mm
from tests.jobs.test_cards_tarot18 import DPI, INK, tarot_fronts

ARMIES = ("les-damnes", "section-kappa", "vampires")


def legend_baseline(page) -> float | None:
    """mm from the trim's foot up to the legend's baseline (its first character's box bottom), None if no legend."""
    text = page.get_textpage()
    at = text.get_text_range().find("† E…")
    if at < 0:
        return None
    bottom = page.get_trimbox()[1]
    return to_mm(text.get_charbox(at + 2)[1] - bottom)  # the « E »: no descender


def notes_rules(page) -> list[float]:
    """mm from the trim's top down to each rule at the NOTES heading's height and under it, at the
    right end of the lines (clear of the heading's word)."""
    text = page.get_textpage()
    at = text.get_text_range().find(label("cards.front.notes"))
    if at < 0:
        return []
    left, bottom, right, top = page.get_trimbox()
    heading_top = to_mm(top - text.get_charbox(at)[3])
    width, height = to_mm(right - left), to_mm(top - bottom)
    layout = card_layout().for_card(width, height)
    crop = (left, bottom, page.get_width() - right, page.get_height() - top)
    image = page.render(scale=DPI / 72, crop=crop).to_pil().convert("L")
    px = DPI / 25.4
    x0, x1 = int((width - layout.margin - 8) * px), int((width - layout.margin - 1) * px)
    band = int((height - layout.front.footer.height) * px) - 2
    legend = text.get_text_range().find("† E…")
    if legend >= 0:  # the lines end over the legend
        band = int(to_mm(top - max(text.get_charbox(i)[3] for i in range(legend, legend + 4))) * px) - 1
    dark = [y for y in range(int(heading_top * px), band) if image.crop((x0, y, x1, y + 1)).getextrema()[0] < INK]
    runs: list[list[int]] = []
    for y in dark:  # a hairline's antialiased rows, one rule
        if runs and y - runs[-1][-1] <= 1:
            runs[-1].append(y)
        else:
            runs.append([y])
    return [sum(r) / len(r) / px for r in runs]


@pytest.mark.parametrize("army", ARMIES)
def test_the_marks_legend_stands_on_one_baseline_over_the_foot_band(army):
    baselines = {name: round(b, 1) for name, page in tarot_fronts(army) if (b := legend_baseline(page)) is not None}
    assert baselines, "no card prints the legend"
    footer = card_layout().for_card(70, 120).front.footer.height
    assert max(baselines.values()) - min(baselines.values()) <= 0.2, baselines
    assert all(footer < b <= footer + 3.5 for b in baselines.values()), (footer, baselines)


@pytest.mark.parametrize("army", ARMIES)
def test_the_notes_lines_start_one_pitch_under_the_heading_and_keep_it(army):
    pitch = card_layout().for_card(70, 120).front.notes.pitch
    ruled = {name: rules for name, page in tarot_fronts(army) if len(rules := notes_rules(page)) >= 2}
    assert ruled, "no card prints NOTES"
    for name, rules in ruled.items():
        steps = [b - a for a, b in zip(rules, rules[1:], strict=False)]
        assert max(steps) - min(steps) <= 0.3, (name, steps)  # the first from the heading's rule too
        assert pitch - 0.2 <= min(steps) and max(steps) < 2 * pitch, (name, steps)
