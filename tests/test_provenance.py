"""The provenance mark: one label makes it, find_marks reads it back."""

from kolaps_print.provenance import find_marks, mark, marked


def test_the_mark_is_a_dagger_and_the_erratum_on_one_line():
    assert mark("E27") == "†\u00a0E27"
    assert marked("Un texte.", "E27") == "Un texte. †\u00a0E27"
    assert marked("Un texte.", None) == "Un texte."


def test_marks_are_found_whatever_the_space_a_pdf_reader_returns():
    assert find_marks("a † E27 b †\u00a0E3 c †\u202fE41") == ["E27", "E3", "E41"]
    assert find_marks("E27 sans dague, † En, †E") == []
