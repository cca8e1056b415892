"""Card strings come from the rules data: change the data, the card changes. A number and its
unit are bound by a no-break space (typography.french), written \u00a0 here."""

import pytest

from kolaps_print.content.formats import number
from kolaps_print.layout import card_text
from kolaps_print.model.army_book import load_army
from kolaps_print.model.catalogue import Weapon
from kolaps_print.model.gamedata import builtin_game_data


@pytest.fixture(scope="module")
def rules():
    return builtin_game_data().rules


def _weapon(range_, traits=()):
    return Weapon.model_validate({"id": "w", "name": "Arme", "range": range_, "traits": list(traits)})


def test_range_bands_are_worked_out_from_the_weapon_range(rules):
    assert card_text.weapon_range(_weapon(30), rules) == "≤ 30\u00a0cm · ≤ 60\u00a0cm +1 · au-delà +2"
    assert card_text.weapon_range(_weapon("contact"), rules) == "Contact"


def test_range_bands_follow_the_rules_data(rules):
    bands = [b.model_copy(update={"max_factor": 3}) if b.id == "longue" else b for b in rules.combat.range_bands]
    changed = rules.model_copy(update={"combat": rules.combat.model_copy(update={"range_bands": bands})})
    assert "≤ 90\u00a0cm +1" in card_text.weapon_range(_weapon(30), changed)


def test_a_trait_may_replace_the_range_bands(rules):
    # fragmentation (E20): no long range; up to twice the range at +1, named extreme; nothing beyond
    assert (
        card_text.weapon_range(_weapon(15, ["deux-mains", "fragmentation"]), rules)
        == "≤ 15\u00a0cm · ≤ 30\u00a0cm +1 (extrême)"
    )
    assert card_text.weapon_range(_weapon(15, ["deux-mains"]), rules) == "≤ 15\u00a0cm · ≤ 30\u00a0cm +1 · au-delà +2"


def test_the_trait_s_bands_follow_the_data(rules):
    frag = rules.trait("fragmentation")
    bands = [
        b.model_copy(update={"max_factor": 3, "modifier": 2}) if b.max_factor == 2 else b for b in frag.range_bands
    ]
    bands.append(
        frag.range_bands[0].model_copy(update={"id": "hors", "max_factor": None, "modifier": 4, "short": None})
    )
    traits = [
        t.model_copy(update={"range_bands": bands}) if t.id == "fragmentation" else t for t in rules.traits.traits
    ]
    changed = rules.model_copy(update={"traits": rules.traits.model_copy(update={"traits": traits})})
    assert (
        card_text.weapon_range(_weapon(10, ["fragmentation"]), changed)
        == "≤ 10\u00a0cm · ≤ 30\u00a0cm +2 (extrême) · au-delà +4"
    )


def test_traits_with_a_parameter(rules):
    text = card_text.weapon_traits(_weapon(30, ["deux-mains", {"explosion": 5}]), rules)
    assert text == f"{rules.trait('deux-mains').name} · {rules.trait('explosion').name} (5\u00a0cm)"


def test_stats_follow_the_rules_data(rules, demo_armies):
    book = load_army(demo_armies[0])
    member = book.members[0]
    c = member.character
    rng, mvt, cib = card_text.stats(member, rules)
    assert rng.value == f"{rules.dice.threshold(c.rank)}+"  # what the table uses, large
    assert rng.label == f"RNG\u00a0{c.rank}"  # the raw stat, small
    walk = c.mvt * rules.actions.walk_cm_per_mvt
    assert mvt.value.startswith(number(walk) + "/") and "cm" in mvt.detail
    faster = rules.model_copy(update={"actions": rules.actions.model_copy(update={"walk_cm_per_mvt": 3})})
    assert card_text.stats(member, faster)[1].value.startswith(number(c.mvt * 3) + "/")
    assert cib.value == rules.dice.difficulty(c.cib).dice.label and cib.detail == "pour le toucher"


def test_morale_rows_group_levels_that_allow_the_same(rules):
    rows = card_text.morale_rows(rules)
    levels = [lv for row in rows for lv in row.levels]
    assert levels == sorted((lv.level for lv in rules.actions.morale.levels), reverse=True)
    shorts = {lv.level: lv.short for lv in rules.actions.morale.levels}
    for row in rows:
        assert {shorts[lv] for lv in row.levels} == {row.text}


def test_the_wound_table_is_this_characters_own_values_after_each_wound(rules, demo_armies):
    """Ézéchiel (RNG 4, MVT 4, CIB 4): 1 wound costs 1 MVT, 3 cost RNG too, 6 put all at the floor."""
    member = load_army(demo_armies[0]).members[0]
    c = member.character
    rows = card_text.wounded_values(member, rules)
    table = sorted(rules.wounds.cumulative, key=lambda r: r.wounds)
    assert [r[0] for r in rows] == [str(r.wounds) for r in table]
    for (_, rng, mvt, cib), row in zip(rows, table, strict=True):
        floor = rules.wounds.cumulative_floor
        rank = floor if row.all_zero else max(floor, c.rank + row.rng)
        move = floor if row.all_zero else max(floor, c.mvt + row.mvt)
        target = floor if row.all_zero else max(floor, c.cib + row.cib)
        assert rng == f"{rules.dice.threshold(rank)}+"
        assert mvt == f"{number(move * rules.actions.walk_cm_per_mvt)}/{number(move * rules.actions.run_cm_per_mvt)}"
        assert cib == rules.dice.difficulty(target).dice.label
    assert rows[0][1:] == ("2+", "7,5/15", "4D6") and rows[-1][1:] == ("5+", "0/0", "2C6")  # read off the draft by hand


def test_trait_reminders_list_each_trait_once_in_the_order_met(rules):
    weapons = [_weapon(30, ["deux-mains", "automatique"]), _weapon("contact", ["couteau", "deux-mains", "tranchant"])]
    reminders = card_text.trait_reminders(weapons, rules)
    ids = ["deux-mains", "automatique", "couteau", "tranchant"]
    assert [r.name for r in reminders] == [rules.trait(i).name for i in ids]
    assert [r.short for r in reminders] == [rules.trait(i).short for i in ids]
    assert card_text.trait_reminders([_weapon(30), _weapon("contact")], rules) == []


def test_a_trait_reminder_shows_its_parameters(rules):
    weapons = [
        _weapon(30, [{"explosion": 5}]),
        _weapon(60, ["lourde", {"explosion": 10}]),
        _weapon(30, [{"explosion": 5}]),
    ]
    first, second = card_text.trait_reminders(weapons, rules)
    explosion = rules.trait("explosion")
    assert (first.name, first.short) == (
        f"{explosion.name} (5 / 10\u00a0cm)",
        explosion.short,
    )  # both radii, once each, one unit
    assert second.name == rules.trait("lourde").name
    only = card_text.trait_reminders([_weapon(30, [{"explosion": 7.5}])], rules)
    assert only[0].name == f"{explosion.name} (7,5\u00a0cm)"
