"""The provenance mark: one label makes it, find_marks reads it back."""

from kolaps_print.provenance import find_marks, mark, marked, place_marks


def test_the_mark_is_a_dagger_and_the_erratum_on_one_line():
    assert mark("E27") == "†\u00a0E27"
    assert marked("Un texte.", "E27") == "Un texte.\u00a0†\u00a0E27"  # bound to its sentence: never alone on a line
    assert marked("Un texte.", None) == "Un texte."


def test_a_mark_follows_the_closing_punctuation_of_its_sentence():
    m = mark("E37")
    assert place_marks(f"dans cet ordre {m} :") == f"dans cet ordre :\u00a0{m}"
    assert place_marks(f"difficulté 2 {m}. Suite.") == f"difficulté 2.\u00a0{m} Suite."
    assert place_marks(f"encore {m})") == f"encore)\u00a0{m}"
    assert place_marks(f"la phrase.\u00a0{m}") == f"la phrase.\u00a0{m}"  # already in place: unchanged
    assert place_marks(f"un, {m} deux") == f"un,\u00a0{m} deux"  # a comma ends nothing: the mark stays, bound


def test_marks_are_found_whatever_the_space_a_pdf_reader_returns():
    assert find_marks("a † E27 b †\u00a0E3 c †\u202fE41") == ["E27", "E3", "E41"]
    assert find_marks("E27 sans dague, † En, †E") == []
