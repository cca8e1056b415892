"""The quiet look of a mark in reportlab markup (sheet, reference cards, book)."""

from kolaps_print.layout.ruling_style import quiet_marks


def test_quiet_marks_wrap_each_mark_and_nothing_else():
    out = quiet_marks("Règle. †\u00a0E27 puis E28")
    assert out.count("<font") == 1 and ">†\u00a0E27</font>" in out and out.endswith(" puis E28")
    assert 'face="KSans-Italic"' in out
