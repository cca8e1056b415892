import shutil
from fractions import Fraction

from kolaps_print import resources
from kolaps_print.content import formats as fmt
from kolaps_print.layout import card_text
from kolaps_print.model.army_book import load_army


def test_numbers_use_a_true_minus_and_a_decimal_comma():
    assert fmt.number(-3) == "\u22123"
    assert fmt.number(2.5) == "2,5"
    assert fmt.number(10.0) == "10"
    assert fmt.number(7.5) == "7,5"


def test_signed_numbers():
    assert fmt.signed(1) == "+1"
    assert fmt.signed(-2) == "\u22122"
    assert fmt.signed(0) == "0"
    assert fmt.signed(2.5) == "+2,5"


def test_the_decimal_sign_and_minus_come_from_the_labels(tmp_path, monkeypatch):
    """Another decimal sign in the labels changes every product's numbers, cards included."""
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    common_labels = tmp_path / "data" / "labels" / "fr" / "common.yaml"
    text = common_labels.read_text(encoding="utf-8")
    common_labels.write_text(
        text.replace('decimal: ","', 'decimal: "."').replace('minus: "\u2212{value}"', 'minus: "-{value}"'),
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert fmt.number(2.5) == "2.5"
    assert fmt.modifier(-1) == "-1"
    assert fmt.percent(Fraction(1, 243)) == "0.4\u202f%"
    book = load_army(tmp_path / "data" / "rulesets" / "kolaps" / "armies" / "section-kappa.yaml")
    rules = book.rules.model_copy(update={"actions": book.rules.actions.model_copy(update={"walk_cm_per_mvt": 2.1})})
    member = book.members[0]
    walk = card_text.stats(member, rules)[1].value.split("/")[0]  # « 8.4/20 »: walk/run, large on the tile
    assert walk == f"{member.character.mvt * 2.1:g}" and "." in walk


def test_modifiers():
    assert fmt.modifier(2) == "+2"
    assert fmt.modifier(-2) == "\u22122"
    assert fmt.modifier(0) == "0"
    assert fmt.modifier(None) == "—"


def test_percent_rounds_half_up_and_keeps_a_decimal_below_ten():
    assert fmt.percent(Fraction(1, 8)) == "13\u202f%"  # 12.5 -> 13, not banker's 12
    assert fmt.percent(Fraction(1, 243)) == "0,4\u202f%"
    assert fmt.percent(Fraction(1, 16)) == "6,3\u202f%"  # 6.25 -> 6.3
    assert fmt.percent(Fraction(1)) == "100\u202f%"


def test_haemorrhage_faces():
    assert fmt.faces([]) == "—"
    assert fmt.faces([1, 2]) == "1\u00a0à\u00a02"  # every range one way (designer review, sixth session)
    assert fmt.faces([3]) == "3"
    assert fmt.faces([1, 3]) == "1, 3"
    assert fmt.faces(range(1, 7)) == "toujours"


def test_result_bands():
    assert fmt.bounds(1, 5) == "1\u00a0à\u00a05"  # never broken in a cell
    assert fmt.bounds(0, 0) == "0"
    assert fmt.bounds(None, -1) == "\u22121\u00a0ou\u00a0moins"  # words19: « −1 ou / moins » nor « −1 / ou moins »
    assert fmt.bounds(7, None) == "7\u00a0ou\u00a0plus"


def test_what_a_situation_does_to_the_difficulty():
    assert fmt.difficulty_effect(2, None, None) == "+2"
    assert fmt.difficulty_effect(None, 0, None) == "= 0"  # a new base difficulty
    assert fmt.difficulty_effect(None, None, 3) == "Diff. 3"  # a separate test first
    assert fmt.difficulty_effect(None, None, None) == "—"


def test_tests_with_a_conditional_extra_and_offsets():
    assert fmt.extra_test(3, 2, "Ambidextre") == "Diff. 3, +2 sans Ambidextre"
    assert fmt.offset(-1) == " \u2212\u00a01"  # never « − » at a line end, away from its number
    assert fmt.offset(2) == " +\u00a02"
    assert fmt.offset(0) == ""


def test_numbers_listed_in_a_sentence():
    assert fmt.and_list([6, 5, 4, 1]) == "6, 5, 4 et 1"
    assert fmt.and_list([5, 2]) == "5 et 2"
    assert fmt.and_list([3]) == "3"
    assert fmt.and_list([-1, 0]) == "\u22121 et 0"
