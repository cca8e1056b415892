"""The house style (data/layouts/style.yaml) read back from what is printed: every product's
vector colours are CMYK (no RGB operator), text is on the black plate (solid K, a K tint, or
no ink on a colour band) unless set at display size, and the chances matrix is one hue."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from pdf_colours import colour_operators, text_fills  # tests/support
from products import PRINTED  # tests/support

from kolaps_print.layout import style
from kolaps_print.layout.reference.look import chance_colour, reference_look

DISPLAY_PT = 10  # below this, a colour of several inks blurs when the plates slip: black only
SCREEN_PT = 7  # below this, a black tint's dots break the strokes up: solid black (or no ink) only


@pytest.mark.parametrize("product", PRINTED)
def test_no_product_paints_in_rgb(every_product, product):
    ops = colour_operators(every_product[product])
    assert ops, "no colour operator read: the reader is broken"
    rgb = [(page + 1, op, values) for page, op, values in ops if op in ("rg", "RG")]
    assert rgb == [], rgb[:5]


@pytest.mark.parametrize("product", PRINTED)
def test_text_is_solid_black_or_on_the_black_plate(every_product, product):
    fills = text_fills(every_product[product])
    assert fills
    assert all(f.operator == "k" for f in fills), {(f.operator, f.values) for f in fills if f.operator != "k"}
    several_inks = {(f.values, f.size) for f in fills if f.values[:3] != (0, 0, 0) and f.size < DISPLAY_PT}
    assert several_inks == set()
    screened = {(f.values, f.size) for f in fills if 0 < f.values[3] < 1 and f.size < SCREEN_PT}
    assert screened == set()
    shown: Counter = Counter()
    for f in fills:
        shown[f.values] += f.length
    assert shown.most_common(1)[0][0] == (0, 0, 0, 1)  # most of what is read: 100 % K


def test_the_chances_matrix_is_one_hue_from_light_to_dark_under_black_figures(every_product):
    ramp = reference_look().colours.chances
    hue = ramp.colour
    fills = {values for _, op, values in colour_operators(every_product["tables"]) if op == "k"}
    screens = {
        round(v[3] / hue[3], 3)
        for v in fills
        if v[3] and all(abs(v[i] - hue[i] * v[3] / hue[3]) < 1e-3 for i in range(4))
    }
    # The matrix's cells: many strengths of that one colour (its band and zebra rows are others).
    assert len({s for s in screens if ramp.lightest - 1e-3 <= s <= ramp.darkest + 1e-3}) >= 10, sorted(screens)
    darkness = [sum(chance_colour(p / 10).cmyk()) for p in range(11)]
    assert darkness == sorted(darkness) and darkness[0] < darkness[-1]
    assert ramp.darkest <= 0.6  # black figures keep their contrast on the darkest cell


def test_an_army_colour_becomes_inks_that_look_like_it_without_muddying():
    """#1f3a5f (APC blue): the naive formula puts 63 % of it in black, which prints flat."""
    inks = style.cmyk_of_hex("#1f3a5f")
    seen = style._seen(inks)
    assert all(abs(a * 255 - b) <= 3 for a, b in zip(seen, (0x1F, 0x3A, 0x5F), strict=True)), seen
    assert inks[3] <= 0.5 and inks[0] > 0.8
    assert all(v * 100 == round(v * 100) for v in inks)  # whole percents: no float noise in the PDF
    assert style.cmyk_of_hex("#ffffff") == (0, 0, 0, 0)


def _plain_miss(target, ink):
    """The fit's error as first written (every corner's four-ink product, summed in turn)."""
    weights = [
        1.0 * (1 - ink[0], ink[0])[lc] * (1 - ink[1], ink[1])[lm] * (1 - ink[2], ink[2])[ly] * (1 - ink[3], ink[3])[lk]
        for lc, lm, ly, lk in style._CORNERS
    ]
    seen = [sum((w * rgb[i] for w, rgb in zip(weights, style._CORNERS.values(), strict=True)), 0.0) for i in range(3)]
    over = max(0.0, sum(ink) - style.MAX_INK)
    return sum((a - b) ** 2 for a, b in zip(target, seen, strict=True)) + over * over


def test_the_unrolled_fit_error_is_the_plain_formula_to_the_last_bit():
    """Unrolling must not move a float: the fit compares errors, and one ulp could choose other inks."""
    rng = random.Random(15)
    steps = [i / 1024 for i in range(1025)]  # the fit's inks: halves of 25 % added to 50 %
    for _ in range(3000):
        target = tuple(rng.random() for _ in range(3))
        ink = tuple(rng.choice(steps) if rng.random() < 0.7 else rng.random() for _ in range(4))
        assert style._miss(target, ink) == _plain_miss(target, ink), (target, ink)


def test_greys_of_the_palette_are_black_tints():
    palette = style.house_style().palette
    for name in ("ink", "muted", "marks", "hint", "rule", "line", "head", "shade", "zebra", "slate"):
        assert palette[name][:3] == (0, 0, 0), name
    assert palette["ink"] == (0, 0, 0, 100)


def test_a_product_file_names_the_style_and_reads_its_values():
    look = reference_look()
    assert look.cards.body_pt == style.type_size("caption") and look.sheet.margin == style.space("xl")
    assert look.colours.ink == style.cmyk("ink")
