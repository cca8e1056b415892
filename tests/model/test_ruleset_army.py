"""An army file's ruleset: key, and a ruleset's army validated by the models built from its
fields: located messages, did-you-mean, references into its catalogues, derived values."""

import pytest

from kolaps_print.diagnostics import KolapsError
from kolaps_print.model.army_book import load_army
from kolaps_print.model.ruleset_army import load_ruleset_army
from kolaps_print.model.ruleset_choice import read_army_ruleset
from kolaps_print.model.ruleset_load import find_ruleset

D100_CHARACTER = """\
  - name: Ada
    for: 11
    con: 13
    tai: 12
    dex: 15
    pv: 13
    competences: {poing: 55}
    armes: [revolver]
"""


def army(tmp_path, text: str, name: str = "army.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    doc, ruleset = read_army_ruleset(path)
    return load_ruleset_army(doc, find_ruleset(ruleset)), str(path)


def messages(tmp_path, text: str) -> list[str]:
    with pytest.raises(KolapsError) as caught:
        army(tmp_path, text)
    return [str(d).replace(str(tmp_path) + "/", "") for d in caught.value.diagnostics]


def test_a_d100_army_is_read_with_its_derived_values(tmp_path):
    book, _ = army(tmp_path, f"ruleset: d100\nname: Test\ncharacters:\n{D100_CHARACTER}")
    (member,) = book.members
    assert member.values["bout-portant"] == 15  # DEX in metres, as the seed says
    assert member.character.competences == {"poing": 55}


def test_an_unknown_ruleset_is_located_with_a_did_you_mean(tmp_path):
    assert messages(tmp_path, "ruleset: d10\nname: Test\ncharacters: []\n") == [
        "army.yaml:1:10: error: ruleset: unknown ruleset 'd10' (did you mean 'd100'?); rulesets: kolaps, 3d6, d100, d12"
    ]


@pytest.mark.parametrize("written, meant", [("D12", "d12"), ("3D6", "3d6"), ("KOLAPS", "kolaps")])
def test_an_id_in_capitals_gets_the_did_you_mean_of_its_lower_case(tmp_path, written, meant):
    # Ids are short: one letter's case weighed as a typo left 'D12' without a hint.
    assert messages(tmp_path, f"ruleset: {written}\nname: Test\ncharacters: []\n") == [
        f"army.yaml:1:10: error: ruleset: unknown ruleset '{written}' (did you mean '{meant}'?); "
        "rulesets: kolaps, 3d6, d100, d12"
    ]


def test_a_ruleset_that_is_not_text(tmp_path):
    assert messages(tmp_path, "ruleset: [d100]\nname: Test\ncharacters: []\n") == [
        "army.yaml:1:10: error: ruleset: expected a ruleset id such as d100, got ['d100']"
    ]


def test_every_problem_of_the_characters_in_one_run(tmp_path):
    text = (
        "ruleset: d100\nname: Test\ncharacters:\n"
        + D100_CHARACTER.replace("dex: 15", "dex: 30")
        .replace("poing: 55", "poin: 55")
        .replace("[revolver]", "[revolvr]")
        + "  - {name: Bo, for: 1, con: 1, tai: 1, dex: 1, pv: 1, agilite: 3}\n"
    )
    # an invalid character's references are checked as written, in the same run
    assert messages(tmp_path, text) == [
        "army.yaml:8:10: error: characters[0].dex: must be at most 25 (got 30)",
        "army.yaml:10:19: error: characters[0].competences.poin: unknown competences entry 'poin' (did you mean 'poing'?)",
        "army.yaml:11:13: error: characters[0].armes[0]: unknown armes entry 'revolvr' (did you mean 'revolver'?)",
        "army.yaml:12:55: error: characters[1].agilite: unknown key 'agilite'",
    ]


def test_a_malformed_reference_has_one_message(tmp_path):
    text = "ruleset: d100\nname: Test\ncharacters:\n" + D100_CHARACTER.replace("[revolver]", "[Revolver, 3, couto]")
    assert messages(tmp_path, text) == [
        "army.yaml:11:13: error: characters[0].armes[0]: 'Revolver' is not a valid id: use lowercase letters, digits "
        "and hyphens (e.g. fusil-assaut)",
        "army.yaml:11:23: error: characters[0].armes[1]: expected text, got a number (3)",
        "army.yaml:11:26: error: characters[0].armes[2]: unknown armes entry 'couto'",
    ]


def test_references_are_checked_once_the_character_is_valid(tmp_path):
    text = "ruleset: d100\nname: Test\ncharacters:\n" + D100_CHARACTER.replace("poing: 55", "poin: 55").replace(
        "[revolver]", "[revolvr]"
    )
    assert messages(tmp_path, text) == [
        "army.yaml:10:19: error: characters[0].competences.poin: unknown competences entry 'poin' (did you mean 'poing'?)",
        "army.yaml:11:13: error: characters[0].armes[0]: unknown armes entry 'revolvr' (did you mean 'revolver'?)",
    ]


def test_a_3d6_army_computes_its_death_threshold(tmp_path):
    text = (
        "ruleset: 3d6\nname: T\ncharacters:\n  - {name: A, vitesse: 4, dex: 6, ref: 6, for: 5, corps: 6, "
        "recuperation: 9, sd: 10, assommant: 25, coups: 30}\n"
    )
    book, _ = army(tmp_path, text)
    assert book.members[0].values["mort"] == 12  # dead at -2 x Corps
    assert book.members[0].values["bonus-charge"] == 2  # FOR 5 / 2, rounded down


def test_a_d12_armour_left_out_counts_zero_in_the_defence(tmp_path):
    text = "ruleset: d12\nname: T\ncharacters:\n  - {name: A, for: 1, dex: 4, int: 1, cha: 1, pv: 10}\n"
    book, _ = army(tmp_path, text)
    assert book.members[0].values["defense"] == 4


def test_the_kolaps_loader_refuses_another_ruleset_s_army_located(tmp_path):
    path = tmp_path / "army.yaml"
    path.write_text(f"ruleset: d100\nname: Test\ncharacters:\n{D100_CHARACTER}", encoding="utf-8")
    with pytest.raises(KolapsError) as caught:
        load_army(path)
    assert [str(d) for d in caught.value.diagnostics] == [
        f"{path}:1:10: error: ruleset: this army is for the 'd100' ruleset: KOLAPS's army loader takes KOLAPS "
        "armies only (load it with model.ruleset_army.load_ruleset_army; every command takes every ruleset)"
    ]


def test_a_kolaps_army_may_name_its_ruleset(tmp_path):
    from kolaps_print import resources

    text = (resources.kolaps_dir() / "armies" / "section-kappa.yaml").read_text(encoding="utf-8")
    path = tmp_path / "kappa.yaml"
    path.write_text("ruleset: kolaps\n" + text, encoding="utf-8")
    assert load_army(path).army.ruleset == "kolaps"


def test_a_valid_army_keeps_its_marks_and_shares_what_its_characters_share(tmp_path):
    """Memory at 10,000 characters: the file's data is let go once the army is valid (its marks
    still locate a message); characters of the same values share one values dict, those written
    with the same keys one fields set, and a copy that changes a field changes its own set only."""
    twin = D100_CHARACTER.replace("name: Ada", "name: Bea")
    other = D100_CHARACTER.replace("name: Ada", "name: Cyd").replace("dex: 15", "dex: 16\n    profil: Guetteuse")
    text = f"ruleset: d100\nname: Test\ncharacters:\n{D100_CHARACTER}{twin}{other}"
    book, _ = army(tmp_path, text)
    assert book.doc is not None and book.doc.data is None
    assert book.doc.diagnostic(("characters", 2, "dex"), "x").line == text.splitlines().index("    dex: 16") + 1
    ada, bea, cyd = book.members
    assert ada.values is bea.values and ada.values == bea.values and cyd.values != ada.values
    assert cyd.values["bout-portant"] == 16
    written = {"name", "for", "con", "tai", "dex", "pv", "competences", "armes"}
    assert ada.character.model_fields_set == bea.character.model_fields_set == written
    assert cyd.character.model_fields_set == written | {"profil"}
    copied = ada.character.model_copy(update={"copies": 2})
    assert "copies" in copied.model_fields_set and "copies" not in bea.character.model_fields_set


def test_each_character_has_its_own_derived_values_computed_once_per_numbers(tmp_path):
    """rscards17: the values are computed once per distinct number fields and shared by the
    characters that have them; a character of other numbers has its own (fails on a reader that
    keys them by anything less than every number field)."""
    other = D100_CHARACTER.replace("Ada", "Bea").replace("dex: 15", "dex: 9")
    again = D100_CHARACTER.replace("Ada", "Cy").replace("competences: {poing: 55}", "competences: {poing: 30}")
    book, _ = army(tmp_path, f"ruleset: d100\nname: Test\ncharacters:\n{D100_CHARACTER}{other}{again}")
    ada, bea, cy = book.members
    assert (ada.values["bout-portant"], bea.values["bout-portant"], cy.values["bout-portant"]) == (15, 9, 15)
    assert ada.values is cy.values and bea.values is not ada.values
    assert cy.values == ada.values and bea.values["dex"] == 9


def test_a_text_the_fonts_cannot_print_is_located_in_a_ruleset_army(tmp_path):
    """The glyph check tells a file of common characters from its characters alone (rscards17):
    a rare one anywhere in a character, a name or a list, is still located where it is written."""
    odd = D100_CHARACTER.replace("name: Ada", "name: Ada ☃").replace("armes: [revolver]", "armes: [revolver, '→']")
    assert messages(tmp_path, f"ruleset: d100\nname: Test\ncharacters:\n{odd}") == [
        "army.yaml:4:11: error: characters[0].name: the fonts cannot print '☃' (U+2603): it would print as a blank box",
        "army.yaml:11:23: error: characters[0].armes[1]: '→' is not a valid id: use lowercase letters, digits and "
        "hyphens (e.g. fusil-assaut)",
        "army.yaml:11:23: error: characters[0].armes[1]: the fonts cannot print '→' (U+2192): it would print as a "
        "blank box",
    ]
