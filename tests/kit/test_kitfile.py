"""The kit file: strict keys, located messages, every army checked in the same run."""

import datetime as dt

import pytest

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.kit.kitfile import load_kit


def errors(path):
    with pytest.raises(KolapsError) as info:
        load_kit(path)
    return [str(d) for d in info.value.diagnostics]


def test_a_minimal_kit_takes_the_documented_defaults(kit_file):
    kit = load_kit(kit_file())
    assert (kit.spec.tables, kit.spec.players, kit.spec.rulebook, kit.spec.tokens, kit.spec.paper) == (
        1,
        2,
        "quickstart",
        True,
        "a4",
    )
    assert [b.army.name for b in kit.books] == ["Section Kappa", "La Horde du Borgne"]
    assert kit.date == dt.date(2027, 3, 14)


def test_an_unknown_key_is_located_with_a_suggestion(kit_file):
    path = kit_file("tabels: 2\n")
    assert errors(path) == [f"{path}:6:1: error: tabels: unknown key 'tabels' (did you mean 'tables'?)"]


def test_bad_values_are_each_located(kit_file):
    path = kit_file("tables: 0\nrulebook: quick\ntokens: maybe\n")
    found = errors(path)
    assert f"{path}:6:9: error: tables: must be at least 1 (got 0)" in found
    assert any(
        e.startswith(f"{path}:7:11: error: rulebook: expected one of 'full', 'quickstart' or 'none'") for e in found
    )
    assert any(e.startswith(f"{path}:8:9: error: tokens: expected true or false") for e in found)


def test_a_date_must_be_iso(tmp_path):
    path = tmp_path / "k.yaml"
    path.write_text("name: X\ndate: 14/03/2027\narmies: [a.yaml]\n", encoding="utf-8")
    assert f"{path}:2:7: error: date: expected a date written as 2027-03-14, got '14/03/2027'" in errors(path)


def test_a_missing_army_is_located_at_its_entry(tmp_path):
    path = tmp_path / "k.yaml"
    path.write_text("name: X\narmies:\n  - nowhere/none.yaml\n", encoding="utf-8")
    (message,) = errors(path)
    assert message.startswith(f"{path}:3:5: error: armies[0]: army file 'nowhere/none.yaml' not found")


def test_army_paths_are_relative_to_the_kit_file(tmp_path):
    (tmp_path / "kits").mkdir()
    (tmp_path / "armies").mkdir()
    (tmp_path / "armies" / "a.yaml").write_bytes((resources.kolaps_dir() / "armies" / "vampires.yaml").read_bytes())
    path = tmp_path / "kits" / "k.yaml"
    path.write_text("name: X\narmies: [../armies/a.yaml]\n", encoding="utf-8")
    kit = load_kit(path)
    assert kit.army_paths == [tmp_path / "armies" / "a.yaml"]


def test_a_bad_army_and_a_bad_kit_key_are_reported_together(tmp_path, kit_file):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: X\naffiliation: nope\ncharacters:\n  - {name: A, rank: 9, mvt: 4, cib: 2, avatar: true}\n",
        encoding="utf-8",
    )
    path = tmp_path / "k.yaml"
    path.write_text(f"name: X\narmies: [{bad}]\ncolour: red\n", encoding="utf-8")
    found = errors(path)
    assert f"{path}:3:1: error: colour: unknown key 'colour'" in found
    assert f"{bad}:2:14: error: affiliation: unknown affiliation 'nope'" in [e.split(" (did")[0] for e in found]
    assert f"{bad}:4:21: error: characters[0].rank: must be at most 4 (got 9)" in found


def test_a_long_army_path_is_accepted(tmp_path):
    """Paths are not names: a deep folder (like site-packages) must not hit the 80-character limit."""
    from kolaps_print import resources
    from kolaps_print.kit.kitfile import load_kit

    deep = tmp_path / ("dossier-aux-armees-de-demonstration-" * 4) / "armies"
    deep.mkdir(parents=True)
    army = deep / "section-kappa.yaml"
    army.write_bytes(
        (resources.kolaps_folder(resources.bundled("data")) / "armies" / "section-kappa.yaml").read_bytes()
    )
    kit = tmp_path / "kit.yaml"
    kit.write_text(f"name: Démo\narmies:\n  - {army}\n", encoding="utf-8")
    assert len(str(army)) > 80
    assert load_kit(kit).army_paths == [army]


def test_cards_default_to_poker_duplex_long_edge(kit_file):
    cards = load_kit(kit_file()).spec.cards
    assert (cards.size, cards.layout, cards.flip) == ("poker", "duplex", "long")


def test_cards_take_the_values_of_the_cards_command(kit_file):
    cards = load_kit(kit_file("cards:\n  size: 63.5x89\n  layout: fold\n  flip: short\n")).spec.cards
    assert (cards.size, cards.layout, cards.flip) == ("63.5x89", "fold", "short")
    assert load_kit(kit_file("cards: {size: Tarot}\n")).spec.cards.size == "Tarot"  # as --card Tarot


def test_bad_cards_values_are_located_with_the_cards_command_messages(kit_file):
    from kolaps_print.layout.sheets import card_size

    path = kit_file("cards:\n  size: pokr\n  layot: fold\n  flip: side\n")
    with pytest.raises(ValueError) as bad_size:
        card_size("pokr")  # what `kolaps-print cards --card pokr` says
    found = errors(path)
    assert f"{path}:7:9: error: cards.size: {bad_size.value}" in found
    assert f"{path}:8:3: error: cards.layot: unknown key 'layot' (did you mean 'layout'?)" in found
    assert f"{path}:9:9: error: cards.flip: 'side' is not one of 'long', 'short'." in found
    assert len(found) == 3


def test_a_card_too_big_to_fold_on_the_paper_is_located_at_cards(kit_file):
    path = kit_file("paper: letter\ncards: {size: 150x100, layout: fold}\n")
    (message,) = errors(path)
    assert message.startswith(f"{path}:7:8: error: cards: a 150 × 100 mm card folded open (300 mm wide) does not fit")
