"""The provenance mark: one label makes it, find_marks reads it back."""

from kolaps_print.provenance import erratum_order, find_marks, mark, marked, place_marks


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


def test_a_ruleset_s_marks_are_found_and_placed_like_kolaps_s():
    text = f"Un 01 réussit {mark('D100-E2')}. AV ≥ DV {mark('3D6-E2')} ; égalité {mark('D12-E3')}: {mark('E27')}"
    assert find_marks(text) == ["D100-E2", "3D6-E2", "D12-E3", "E27"]
    assert place_marks(f"le score {mark('D100-E1')}.") == "le score.\u00a0†\u00a0D100-E1"
    assert marked("Dès 7 PV", "D12-E6") == "Dès 7 PV\u00a0†\u00a0D12-E6"
    assert find_marks("D100-E1 sans dague, ni † E ni † d12-E1") == []  # an id alone, or in lowercase, is no mark


def test_erratum_ids_sort_by_prefix_then_number():
    assert sorted(["E10", "D12-E10", "E2", "D12-E2", "3D6-E1"], key=erratum_order) == [
        "E2",
        "E10",
        "3D6-E1",
        "D12-E2",
        "D12-E10",
    ]
