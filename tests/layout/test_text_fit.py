"""Text shrinks to the minimum size, then is cut with an ellipsis; wrapped lines fit."""

from hypothesis import given, settings
from hypothesis import strategies as st
from text_metrics import line_width  # tests/support

from kolaps_print.layout.text_fit import ELLIPSIS, Run, fit_line, width_mm, wrap

FONT, BOLD = "KSans", "KSans-Bold"


def test_text_that_fits_keeps_its_size():
    fitted = fit_line("Pistolet", BOLD, 8, 6, 40)
    assert (fitted.text, fitted.size, fitted.cut) == ("Pistolet", 8, False)


def test_long_text_shrinks_before_it_is_cut():
    text = "Comtesse Ilona Varga"
    at_12 = width_mm(text, BOLD, 12)
    fitted = fit_line(text, BOLD, 12, 6, at_12 * 0.8)
    assert 6 <= fitted.size < 12 and not fitted.cut
    assert width_mm(fitted.text, BOLD, fitted.size) <= at_12 * 0.8


def test_text_too_long_at_the_minimum_is_cut_with_an_ellipsis():
    fitted = fit_line("Un nom de personnage beaucoup trop long pour tenir", BOLD, 12, 6, 20)
    assert fitted.cut and fitted.size == 6 and fitted.text.endswith(ELLIPSIS)
    assert width_mm(fitted.text, BOLD, 6) <= 20


words = st.text(alphabet="abcdéèêàçôEZ ’:-", min_size=0, max_size=120)


@settings(max_examples=60, deadline=None)
@given(text=words, width=st.floats(min_value=5, max_value=60))
def test_fit_line_never_exceeds_the_width(text, width):
    fitted = fit_line(text, BOLD, 10, 6, width)
    assert fitted.size >= 6
    assert width_mm(fitted.text, BOLD, fitted.size) <= width + 1e-6


@settings(max_examples=60, deadline=None)
@given(name=words, text=words, width=st.floats(min_value=8, max_value=60))
def test_wrapped_lines_fit_and_keep_every_word(name, text, width):
    runs = [Run(name, BOLD), Run(text, FONT)]
    lines = wrap(runs, 6.5, width)
    for line in lines:
        assert line_width(line, 6.5) <= width + 1e-6
    kept = " ".join(seg.text for line in lines for seg in line).split()
    original = (name + " " + text).split()
    assert len(kept) == len(original)  # over-long single words are cut, never dropped


def test_line_breaks_in_a_one_line_field_become_spaces():
    assert fit_line("Jean\n  Dupont\t", BOLD, 10, 6, 100).text == "Jean Dupont"


def test_no_break_spaces_are_kept_and_never_broken():
    text = "Offensif\u00a0: test de difficulté 1"
    assert fit_line(text, FONT, 7, 6, 100).text == text
    lines = wrap([Run("Offensif\u00a0: test", FONT)], 7, width_mm("Offensif\u00a0:", FONT, 7) + 0.5)
    assert any("Offensif\u00a0:" in seg.text for line in lines for seg in line)
