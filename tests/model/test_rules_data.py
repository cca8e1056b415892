"""The canonical game data in data/ must hold the draft's numbers exactly.

Every expected value below is copied by hand from the draft rules (French forum posts,
"vers une v1.1"); where the draft is contradictory or silent the value follows
docs/errata.md, and the test names the erratum.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kolaps_print.model.army_book import load_army
from kolaps_print.model.gamedata import load_game_data

DATA = Path(__file__).resolve().parents[2] / "data" / "rulesets" / "kolaps"  # KOLAPS's own files
DEMO_ARMIES = ["section-kappa.yaml", "les-damnes.yaml"]


@pytest.fixture(scope="module")
def data():
    return load_game_data()


@pytest.fixture(scope="module")
def rules(data):
    return data.rules


# ---- dice ------------------------------------------------------------------
def test_thresholds_by_rank(rules):
    # "Rang 0 : Seuil 5+ ... Rang 3 : Seuil 3+, Rang 2 [sic, rank 4 per E1] : Seuil 2+"
    assert {r: rules.dice.threshold(r) for r in range(5)} == {0: 5, 1: 4, 2: 4, 3: 3, 4: 2}
    assert [t.rank for t in rules.dice.thresholds] == [0, 1, 2, 3, 4]


def test_difficulty_dice(rules):
    expected = {
        0: ("Très facile", "2C6"),
        1: ("Facile", "1D6"),
        2: ("Normale", "2D6"),
        3: ("Difficile", "3D6"),
        4: ("Très difficile", "4D6"),
        5: ("Extrême", "5D6"),
    }
    got = {d.level: (d.name, d.dice.label) for d in rules.dice.difficulties}
    assert got == expected
    assert rules.dice.difficulty(4).dice.label == "4D6"


def test_automatic_impossible_and_natural_rolls(rules):
    assert rules.dice.automatic_at_or_below == -3
    assert rules.dice.impossible_at_or_above == 11
    assert rules.dice.always_success == 6
    assert rules.dice.always_failure == 1


def test_roll_types(rules):
    assert [r.code for r in rules.dice.roll_types] == ["D", "C", "M"]


# ---- wounds ----------------------------------------------------------------
def test_severities_wounds_and_haemorrhage(rules):
    got = {s.roll: (s.name, s.wounds, s.haemorrhage_on) for s in rules.wounds.severities}
    assert got == {
        1: ("Éraflure", 0, []),
        2: ("Mauvais coup", 0, []),
        3: ("Blessure", 1, [1, 2]),
        4: ("Blessure", 1, [1, 2]),
        5: ("Blessure grave", 2, [1, 2, 3, 4]),
        6: ("Blessure très grave", 3, [1, 2, 3, 4, 5, 6]),
    }


@pytest.mark.parametrize(
    "severity, losses_by_rank",
    [
        # rank:          0  1  2  3  4   (rank 0 as rank 1: erratum E7)
        (1, [1, 1, 0, 0, 0]),  # "rang initial 1 il perd 1 point de moral"
        (2, [1, 1, 1, 0, 0]),  # "rangs initiaux 1 et 2 perdent 1 point"
        (3, [2, 2, 1, 1, 0]),  # "rang initial 1 il perd 2 ... 2 ou 3 il perd 1"
        (4, [2, 2, 1, 1, 0]),
        (5, [3, 3, 2, 2, 1]),  # "1 perdent 3, 2 et 3 perdent 2 et 4 perdent 1"
        (6, [3, 3, 3, 2, 2]),  # "1 et 2 perdent 3 ... 3 et 4 en perdent 2"
    ],
)
def test_severity_morale_loss(rules, severity, losses_by_rank):
    sev = next(s for s in rules.wounds.severities if s.roll == severity)
    assert [sev.loss_for(rank) for rank in range(5)] == losses_by_rank


def test_locations(rules):
    got = {loc.roll: (loc.id, loc.capacity, loc.box_modifiers) for loc in rules.wounds.locations}
    assert got == {
        1: ("bras-gauche", 3, [1, 1, 2]),
        2: ("bras-droit", 3, [1, 1, 2]),
        3: ("jambes", 3, [1, 2, 2]),
        4: ("ventre", 2, [1, 2]),
        5: ("poitrine", 1, [2]),
        6: ("tete", 1, [3]),
    }
    for loc in rules.wounds.locations:
        assert len(loc.box_modifiers) == loc.capacity


def test_critical_injuries_follow_the_location_table(rules):
    # E5, E6: the draft numbers the criticals 4 "En plein coeur", 5 "tripes à l'air";
    # the data keys them by body part, as the location table does.
    got = {c.roll: (c.location, c.test_difficulty) for c in rules.wounds.critical_injuries}
    assert got == {
        1: ("bras-gauche", 3),
        2: ("bras-droit", 3),
        3: ("jambes", 3),
        4: ("ventre", 4),
        5: ("poitrine", 4),
        6: ("tete", None),
    }
    locations = {loc.roll: loc.id for loc in rules.wounds.locations}
    for c in rules.wounds.critical_injuries:
        assert locations[c.roll] == c.location
    names = {c.location: c.name for c in rules.wounds.critical_injuries}
    assert names["ventre"] == "Tripes à l’air"
    assert names["poitrine"] == "En plein cœur"


def test_critical_morale_loss(rules):
    # "3 moral pour un personnage de rang 1, 2 moral pour les rangs 2 et 3 et 1 moral ... rang 4"
    got = {m.rank: m.loss for m in rules.wounds.critical_morale_loss}
    assert got == {0: 3, 1: 3, 2: 2, 3: 2, 4: 1}


def test_secondary_effect_and_full_location_tests(rules):
    wounds = rules.wounds
    # "un jet de dé de difficulté égal a la gravité de la blessure moins 1"
    assert wounds.secondary_test_offset == -1
    # severity 1 calls for a difficulty 0 test, severity 6 for difficulty 5 (E11)
    assert [s + wounds.secondary_test_offset for s in range(1, 7)] == [0, 1, 2, 3, 4, 5]
    # "lorsqu'une partie du corps a encaisser son maximum de blessure ... un jet de difficulté 1" (E9)
    assert wounds.full_location_test_difficulty == 1


def test_top_severity_and_box_modifier_rule(rules):
    # "-6 Blessure très grave": the table stops at 6; a higher total counts as 6 (E10)
    assert rules.wounds.max_severity == 6
    # E10: the last ticked box's modifier, never the sum of the boxes
    assert "dernière case cochée" in rules.wounds.text


def test_critical_extra_difficulty_unless_ambidextrous(rules, data):
    # "Un malus de difficulté additionnel de +2 sera appliqué si le personnage n'est pas ambidextre."
    extra = {c.location: c.extra_difficulty for c in rules.wounds.critical_injuries if c.extra_difficulty}
    assert {loc: (e.value, e.unless) for loc, e in extra.items()} == {"bras-droit": (2, "ambidextre")}
    assert "ambidextre" in data.catalogue.all_specialisations()


def test_cumulative_wounds(rules):
    got = {c.wounds: (c.mvt, c.cib, c.rng, c.all_zero) for c in rules.wounds.cumulative}
    assert got == {
        1: (-1, 0, 0, False),
        2: (-1, -1, 0, False),
        3: (-2, -1, -1, False),
        4: (-2, -2, -2, False),
        5: (-3, -3, -3, False),
        6: (0, 0, 0, True),  # "MVT=0, CIB=0, RNG=0"
    }
    # "Toutes blessures jusqu'à un maximum de 6 seront a prendre en compte"
    assert rules.wounds.max_counted_wounds == 6
    assert rules.wounds.cumulative_floor == 0  # E12


def test_critical_failure_bands(rules):
    got = [(f.min, f.max, f.name) for f in rules.wounds.critical_failures]
    assert got == [
        (1, 5, "Plus de peur que de mal"),
        (0, 0, "Incident mineur"),
        (None, -1, "Incident majeur"),
    ]


# ---- combat ----------------------------------------------------------------
def test_range_bands(rules):
    got = {b.id: (b.modifier, b.max_factor, b.below_cm, b.severity_dice) for b in rules.combat.range_bands}
    assert got == {
        "efficace": (0, 1, None, None),
        "longue": (1, 2, None, None),
        "extreme": (2, None, None, None),
        "bout-portant": (-2, None, 5, "2C6"),
    }


def test_fragmentation_replaces_the_range_bands(rules):
    # "La longue portée devient la portée extrême limitée a deux fois la portée efficace avec un
    # ajustement de difficulté de +1" (E20): no long range, up to twice the range at +1, no shot beyond.
    got = [(b.id, b.modifier, b.max_factor) for b in rules.trait("fragmentation").range_bands]
    assert got == [("efficace", 0, 1), ("extreme", 1, 2)]
    others = [t.id for t in rules.traits.traits if t.range_bands is not None]
    assert others == ["fragmentation"]


def test_difficulty_modifiers(rules):
    got = {m.id: m.modifier for m in rules.combat.modifiers}
    assert got == {
        "cible-au-sol-tir": 1,
        "tireur-au-sol": -1,
        "frappe-au-sol": 2,
        "cible-au-sol-contact": None,
        "bouger-en-tirant": 2,
        "bouger-pour-frapper": 2,
        "pistolet-contact": 2,
        "riposte-autre-cible": None,
        "embuscade": None,
    }


def test_modifiers_that_are_not_a_plus_or_minus(rules):
    got = {
        m.id: (m.base_difficulty, m.test_difficulty, m.extra_fatigue)
        for m in rules.combat.modifiers
        if (m.base_difficulty, m.test_difficulty, m.extra_fatigue) != (None, None, 0)
    }
    assert got == {
        "cible-au-sol-contact": (0, None, 0),  # "une cible très facile au corps à corps" (E18)
        "riposte-autre-cible": (None, 3, 0),  # "un jet de difficulté 3 si ... une autre cible" (E17)
        "embuscade": (None, None, 1),  # "Cette action comptera une fatigue de plus" (E19)
    }


def test_aff_radius(rules):
    assert rules.combat.aff_radius_cm == 25
    # "s'il est déjà lié à un AFF il devra choisir ... perdant 1 point de moral"
    assert rules.combat.crossfire_morale_loss == 1


# ---- traits ----------------------------------------------------------------
def test_trait_ids(rules):
    assert {t.id for t in rules.traits.traits} == {
        "deux-mains",
        "automatique",
        "contondant",
        "couteau",
        "explosion",
        "fragmentation",
        "lourde",
        "pistolet",
        "tranchant",
    }


def test_trait_parameters(rules):
    with_param = {t.id: (t.param, t.unit) for t in rules.traits.traits if t.param}
    assert with_param == {"explosion": ("rayon", "cm")}


@pytest.mark.parametrize(
    "trait_id, numbers",
    [
        ("fragmentation", ["3C6", "2C6", "2M6", "+1"]),
        ("lourde", ["2C6"]),
        ("pistolet", ["+2", "2C6"]),
        ("contondant", ["− 1"]),
        ("explosion", ["2+"]),
    ],
)
def test_trait_texts_carry_the_draft_numbers(rules, trait_id, numbers):
    text = rules.trait(trait_id).text.replace("\u00a0", " ")  # signs are glued to their numbers
    for n in numbers:
        assert n in text


# ---- actions, fatigue, morale ----------------------------------------------
def test_walk_and_run(rules):
    assert rules.actions.walk_cm_per_mvt == 2.5
    assert rules.actions.run_cm_per_mvt == 5
    # "Stefan Solmeyer à un mouvement de 4 il peut marcher jusqu'à 10 cm ... courir 4x5= 20cm"
    assert 4 * rules.actions.walk_cm_per_mvt == 10
    assert 4 * rules.actions.run_cm_per_mvt == 20
    # "Une figurine au sol se déplace comme si elle avait un mouvement de 1"
    assert rules.actions.ground_mvt == 1


def test_phases(rules):
    assert [(p.number, p.name) for p in rules.actions.phases] == [(1, "Initiative"), (2, "Action"), (3, "Bilan")]


def test_base_actions(rules):
    got = {a.id: (a.offensive, a.fatigue, a.modifier) for a in rules.actions.actions}
    assert got == {
        "marcher": (False, 0, 0),
        "courir": (False, 1, 0),
        "se-mettre-a-couvert": (False, 0, 0),
        "se-jeter-au-sol": (False, 0, 0),
        "se-relever": (False, 0, 0),
        "recharger": (False, 0, 0),
        "reprendre-son-souffle": (False, 0, 0),
        "se-rallier": (False, 0, 0),
        "tirer": (True, 0, 0),
        "frapper": (True, 0, 0),
        "bouger-en-tirant": (True, 1, 2),
        "bouger-pour-frapper": (True, 1, 2),
        "embuscade": (True, 0, 0),
    }
    # "Se rallier : ... Un jet à difficulté 2 est effectué."
    assert {a.id: a.difficulty for a in rules.actions.actions if a.difficulty is not None} == {"se-rallier": 2}


def test_fatigue(rules):
    assert rules.actions.fatigue.max == 6
    assert rules.actions.fatigue.test_difficulty == 1
    # "il sera considéré comme un personnage de rang 0 au tour suivant"
    assert rules.actions.fatigue.exhausted_rank == 0


def test_morale(rules):
    morale = rules.actions.morale
    assert morale.avatar_start == 6
    assert morale.offensive_minimum == 3
    assert [lv.level for lv in morale.levels] == [6, 5, 4, 3, 2, 1]
    assert (morale.highest, morale.lowest) == (6, 1)  # "Il fluctue de 6 à 1"
    assert morale.good_minimum == 4  # "Un moral de 6,5 ou 4 est un bon moral"
    # "moral de 3 ... jet de difficulté 1", "moral de 2 ... difficulté 2", "moral de 1 ... difficulté facile"
    assert {lv.level: lv.test_difficulty for lv in morale.levels} == {6: None, 5: None, 4: None, 3: 1, 2: 2, 1: 1}
    # "si un personnage offensif n'a pas fait d'action offensive, celui-ci perdra 1 moral"
    assert morale.unmet_engagement_loss == 1
    # "fera chuter le moral d'un rang 1 de 2 points, d'un rang 2 et 3 de 1 point" (E7); rank 4
    # is listed with 0, not left out (E8)
    assert {m.rank: m.loss for m in morale.ally_down_loss} == {0: 2, 1: 2, 2: 1, 3: 1, 4: 0}


# ---- catalogue and demo armies ---------------------------------------------
def test_catalogue_has_the_readme_weapons(data):
    for wid in ("fusil-assaut", "couteau-combat", "hache-deux-mains"):
        assert wid in data.catalogue.weapons
    assert data.catalogue.weapons["couteau-combat"].is_contact
    assert {"apc", "damnes", "vampires"} <= set(data.catalogue.affiliations)
    colours = [a.color.lower() for a in data.catalogue.affiliations.values()]
    assert len(colours) == len(set(colours))


@pytest.mark.parametrize("name", DEMO_ARMIES + ["vampires.yaml"])
def test_demo_army_loads_cleanly(name):
    book = load_army(DATA / "armies" / name)
    assert book.warnings == []
    assert sum(1 for m in book.members if m.character.avatar) == 1


def test_demo_armies_cover_every_rank():
    for name in DEMO_ARMIES:
        ranks = {m.character.rank for m in load_army(DATA / "armies" / name).members}
        assert ranks == {0, 1, 2, 3, 4}, name


def test_draft_characters():
    kappa = {m.character.name: m.character for m in load_army(DATA / "armies" / "section-kappa.yaml").members}
    assert kappa["Stefan Solmeyer"].mvt == 4
    assert kappa["Stefan Solmeyer"].avatar
    damnes = {m.character.name: m for m in load_army(DATA / "armies" / "les-damnes.yaml").members}
    piotr = damnes["Piotr Nicolescu"]
    assert piotr.character.rank == 3
    assert "hache-deux-mains" in [w.id for w in piotr.weapons]


def test_army_files_start_with_the_schema_line():
    """Each demo army's first line points the editor at the schema `kolaps-print schema` writes
    (output/army.schema.json of the checkout), relative to the army's own folder."""
    for path in sorted((DATA / "armies").glob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        prefix, _, target = first.partition("$schema=")
        assert prefix == "# yaml-language-server: ", path.name
        assert (path.parent / target).resolve() == DATA.parents[2] / "output" / "army.schema.json", path.name


# ---- French typography of the data -----------------------------------------
def _strings(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)
    elif isinstance(node, str):
        yield node


def _data_files():
    folders = (DATA / "rules", DATA / "armies", DATA / "scenarios")
    return sorted(DATA.glob("*.yaml")) + [path for folder in folders for path in sorted(folder.glob("*.yaml"))]


@pytest.mark.parametrize("path", _data_files(), ids=lambda p: p.name)
def test_french_typography(path):
    import yaml

    for s in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
        assert "'" not in s, f"straight apostrophe in {s!r}"
        for mark in ":;!?»":
            assert f" {mark}" not in s, f"plain space before {mark!r} in {s!r}"
        assert "« " not in s, f"plain space after « in {s!r}"


def test_card_shorts_stay_short(rules):
    shorts = [t.short for t in rules.traits.traits if not t.range_bands] + [a.short for a in rules.actions.actions]
    shorts += [lv.short for lv in rules.actions.morale.levels]
    for s in shorts:
        assert len(s) <= 40, s
    for trait in (t for t in rules.traits.traits if t.range_bands):  # it names its ranges (review 20)
        assert len(trait.short) <= 55, trait.short
