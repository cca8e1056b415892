"""The table content: shape, and every number traced back to the data model."""

import re
from pathlib import Path

import pytest

from kolaps_print.content.tables import TABLE_NAMES, TableContent, build_table
from kolaps_print.labels import label
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.provenance import mark, marked
from kolaps_print.typography import held

RANGE = label("tables.format.range", low="", high="")  # what stands between a range's ends

MINUS = "\u2212"


@pytest.fixture(scope="module")
def data():
    return builtin_game_data()


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def specialisation_name(data, id_: str) -> str:
    return next(s.name for a in data.catalogue.affiliations.values() for s in a.specialisations if s.id == id_)


def column(table: TableContent, header: str) -> list[str]:
    i = table.columns.index(header)
    return [row[i] for row in table.rows]


def test_names_are_the_documented_french_ids_in_order():
    assert TABLE_NAMES == (
        "seuils",
        "difficultes",
        "jets",
        "modificateurs",
        "chances",
        "gravite",
        "localisations",
        "effets-secondaires",
        "effets-secondaires-demo",
        "blessures-critiques",
        "cumul",
        "echecs-critiques",
        "phases",
        "actions",
        "moral",
        "traits",
        "armes",
        "affiliations",
    )


def test_unknown_name_lists_the_valid_ones(data):
    with pytest.raises(KeyError) as exc:
        build_table("seuil", data)
    assert "seuils" in str(exc.value) and "affiliations" in str(exc.value)


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_every_table_is_well_formed(data, name):
    table = build_table(name, data)
    assert table.id == name and table.title
    assert table.rows, "a table without rows"
    assert all(len(row) == len(table.columns) for row in table.rows)
    assert all(isinstance(cell, str) for row in table.rows for cell in row)
    assert len(table.align) == len(table.columns) and len(table.widths) == len(table.columns)


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_tables_are_built_the_same_every_time(data, name):
    assert build_table(name, data) == build_table(name, data)


def test_thresholds(data):
    table = build_table("seuils", data)
    assert table.rows == [[str(t.rank), f"{t.threshold}+"] for t in data.rules.dice.thresholds]


def test_difficulties_cover_automatic_to_impossible(data):
    dice = data.rules.dice
    table = build_table("difficultes", data)
    names = column(table, "Nom")
    for d in dice.difficulties:
        assert [str(d.level), d.name, d.dice.label] in table.rows
    assert table.rows[0][0] == f"≤ {MINUS}{-dice.automatic_at_or_below}"
    assert table.rows[-1][0] == f"≥ {dice.impossible_at_or_above}"
    assert names[0] == "Automatique" and names[-1] == "Impossible"


def test_roll_types(data):
    table = build_table("jets", data)
    for r in data.rules.dice.roll_types:
        assert [r.name, r.text, r.critical_success, r.critical_failure] in table.rows


def test_modifiers_list_range_bands_then_common_modifiers(data):
    combat = data.rules.combat
    table = build_table("modificateurs", data)
    expected = [(b.name, "—" if b.modifier is None else signed(b.modifier)) for b in combat.range_bands]
    for m in combat.modifiers:
        if m.base_difficulty is not None:
            expected.append((m.name, f"= {m.base_difficulty}"))
        elif m.test_difficulty is not None:
            expected.append((m.name, f"Diff. {m.test_difficulty}"))
        else:
            expected.append((m.name, "—" if m.modifier is None else signed(m.modifier)))
    assert [(r[0], r[1]) for r in table.rows] == expected
    # the draft's two situations that are not a +/-n are shown as such (E17, E18)
    cells = {r[0]: r[1] for r in table.rows}
    assert {cells[m.name] for m in combat.modifiers if m.base_difficulty is not None} == {"= 0"}
    assert {cells[m.name] for m in combat.modifiers if m.test_difficulty is not None} == {"Diff. 3"}


def test_chances_has_a_row_per_rank_and_a_column_per_difficulty(data):
    dice = data.rules.dice
    table = build_table("chances", data)
    assert len(table.rows) == len(dice.thresholds)
    assert len(table.columns) == 1 + len(dice.difficulties)
    for row in table.rows:
        assert all(re.fullmatch(r"\d+(,\d)?\u202f%", cell) for cell in row[1:]), row


def test_severities(data):
    table = build_table("gravite", data)
    ranks = [t.rank for t in data.rules.dice.thresholds]
    for s, row in zip(data.rules.wounds.severities, table.rows, strict=True):
        assert row[0] == str(s.roll) and row[1] == s.name
        assert row[2] == (str(s.wounds) if s.wounds else "—")
        assert row[4:] == [str(s.loss_for(r)) if s.loss_for(r) else "—" for r in ranks]
        for face in s.haemorrhage_on:  # every triggering face is readable in the cell
            assert (
                row[3] == "toujours"
                or str(face) in row[3]
                or (RANGE in row[3] and int(row[3].split(RANGE)[0]) <= face <= int(row[3].split(RANGE)[1]))
            )


def test_locations(data):
    table = build_table("localisations", data)
    for loc, row in zip(data.rules.wounds.locations, table.rows, strict=True):
        assert row == [str(loc.roll), loc.name, str(loc.capacity), " ".join(signed(m) for m in loc.box_modifiers)]


def test_secondary_effects_and_critical_injuries(data):
    wounds = data.rules.wounds
    effects = build_table("effets-secondaires", data)
    assert [r[2] for r in effects.rows] == [loc.secondary_effect for loc in wounds.locations]
    crits = build_table("blessures-critiques", data)
    for c, row in zip(wounds.critical_injuries, crits.rows, strict=True):
        assert row[1] == wounds.location(c.location).name and row[2] == c.name and row[4].startswith(c.text)
        assert row[4].endswith(mark(c.ruling)) if c.ruling else row[4] == c.text
        test = "Aucun" if c.test_difficulty is None else f"Diff. {c.test_difficulty}"
        extra = c.extra_difficulty
        on_test = extra is not None and extra.applies_to == "survival"
        assert row[3] == (
            f"{test}, {signed(extra.value)} sans {specialisation_name(data, extra.unless)}" if on_test else test
        )
    # the right arm as data/rulesets/kolaps/readings.yaml reads it (E27, right_arm_malus: actions): the test stays at 3,
    # the +2 weighs on his actions afterwards
    right_arm = next(r for r in crits.rows if r[2] == "Bras droit estropié")
    # finding 1: Ambidextre is no longer banned and waiving at once; it waives the +2, and says which
    flat_arm = " ".join(right_arm[4].split())
    assert (
        right_arm[3] == "Diff. 3"
        and "Ensuite, +2 à ses actions ; Ambidextre ne sert plus à manier deux armes, mais dispense du +2." in flat_arm
    )
    assert "Interdits pour la partie : Ambidextre" not in flat_arm
    for m in wounds.critical_morale_loss:
        assert f"R{m.rank} {m.loss}" in " ".join(crits.note.split())


def test_cumulative_wounds(data):
    table = build_table("cumul", data)
    for c, row in zip(data.rules.wounds.cumulative, table.rows, strict=True):
        values = ["= 0"] * 3 if c.all_zero else [signed(v) if v else "—" for v in (c.mvt, c.cib, c.rng)]
        assert row == [str(c.wounds)] + values


def test_critical_failures(data):
    table = build_table("echecs-critiques", data)
    assert [r[1] for r in table.rows] == [f.name for f in data.rules.wounds.critical_failures]
    assert table.note == data.rules.wounds.friendly_fire


def test_phases_actions_morale(data):
    acts = data.rules.actions
    assert [r[1] for r in build_table("phases", data).rows] == [
        p.name for p in sorted(acts.phases, key=lambda p: p.number)
    ]
    for a, row in zip(acts.actions, build_table("actions", data).rows, strict=True):
        assert row[0] == a.name and row[1] == ("OFF" if a.offensive else "—")
        assert row[2] == (str(a.fatigue) if a.fatigue else "—")
        if a.difficulty is not None:
            assert row[3] == f"= {a.difficulty}"
        else:
            assert row[3] == (signed(a.modifier) if a.modifier else "—")
    morale = build_table("moral", data)
    shown = [int(x) for r in morale.rows for x in r[0].split(RANGE)]
    levels = sorted((m.level for m in acts.morale.levels), reverse=True)
    assert shown[0] == levels[0] and shown[-1] == levels[-1]
    for m in acts.morale.levels:  # each level's rule is on the row whose span holds it
        row = next(
            r for r in morale.rows if min(map(int, r[0].split(RANGE))) <= m.level <= max(map(int, r[0].split(RANGE)))
        )
        assert row[1:] == [m.name, marked(m.text, m.ruling)]


def test_traits_weapons_affiliations(data):
    cat = data.catalogue
    traits = build_table("traits", data)
    assert [r[1] for r in traits.rows] == [t.text for t in data.rules.traits.traits]
    weapons = build_table("armes", data)
    for w, row in zip(cat.weapons.values(), weapons.rows, strict=True):
        assert row[0] == held(w.name)  # a name never split across lines (words18)
        assert row[1] == ("Contact" if w.range is None else f"{w.range:g}\u00a0cm".replace(".", ","))
        assert all(cat.traits[ref.id].name in row[2] for ref in w.traits)
    affs = build_table("affiliations", data)
    assert [r[1] for r in affs.rows] == [s.name for a in cat.affiliations.values() for s in a.specialisations]
    assert [r[0] for r in affs.rows if r[0]] == [a.name for a in cat.affiliations.values() if a.specialisations]


def test_no_french_text_is_typed_into_the_builders():
    # Every printed word comes from data/labels/fr/tables.yaml; only ids and keys in the code.
    source = (Path(__file__).parents[2] / "kolaps_print/content/tables.py").read_text(encoding="utf-8")
    literals = re.findall(r'"([^"\n]*)"', source)
    accented = [s for s in literals if re.search(r"[À-ÿ]", s)]
    assert accented == []


def test_notes_carry_the_rules_and_numbers_of_the_data(data):
    dice, wounds, acts = data.rules.dice, data.rules.wounds, data.rules.actions
    seuils = build_table("seuils", data).note
    assert f"Un {dice.always_success} réussit" in seuils and f"un {dice.always_failure} échoue" in seuils
    assert wounds.haemorrhage in build_table("gravite", data).note
    assert wounds.critical_box in build_table("blessures-critiques", data).note
    actions = build_table("actions", data).note
    assert f"moral {acts.morale.offensive_minimum} au moins" in actions
    assert (
        f"{acts.fatigue.max}\u00a0points" in actions
        and acts.fatigue.text in actions
        and acts.fatigue.recovery in actions
    )
    morale = build_table("moral", data).note
    assert acts.morale.start in morale and acts.morale.failure in morale
    wounds = data.rules.wounds
    table = build_table("localisations", data)
    locations = table.full_note
    assert wounds.text in table.note
    assert f"au-delà de {wounds.max_severity} : comme {wounds.max_severity}" in " ".join(locations.split())
    # the lethal rule is the table's rule (bold on the reference), and first in the rulebook's note
    assert table.rule.startswith(wounds.full_location.text) and wounds.full_location.text not in table.note
    assert locations.startswith(wounds.full_location.text)  # the lethal rule first, never the note's last line
    assert f"difficulté\u00a0{wounds.full_location_test_difficulty}" in locations  # « difficulté N » tied (walk17)
    cumul = " ".join(build_table("cumul", data).note.split())  # « sous 0 » is bound by a no-break space
    assert f"jusqu’à {wounds.max_counted_wounds}" in cumul and f"sous {wounds.cumulative_floor}" in cumul
    offset = wounds.secondary_test_offset
    assert f"gravité {MINUS if offset < 0 else '+'} {abs(offset)}" in " ".join(
        build_table("effets-secondaires", data).rule.split()
    )
    assert marked(wounds.secondary.text, wounds.secondary.ruling) == build_table("effets-secondaires", data).rule  # E32
    assert marked(wounds.full_location.text, wounds.full_location.ruling) in locations  # E28
    assert " ".join(marked(wounds.cumulative_rule.text, wounds.cumulative_rule.ruling).split()) in cumul  # E41
    assert marked(acts.morale.bounds.text, acts.morale.bounds.ruling) in morale  # E38
    assert f"commence à {acts.morale.avatar_start}" in morale
    for m in acts.morale.ally_down_loss:
        assert f"R{m.rank} {m.loss}" in " ".join(morale.split())


def test_labels_type_no_rule_number_into_notes():
    # Digits in a note label would be rule numbers typed outside the data (die notation aside).
    from kolaps_print.labels import labels

    for name in TABLE_NAMES:
        note = labels(f"tables.{name}").get("note", "")
        assert not re.search(r"\d", re.sub(r"\d+D6", "", note)), name


def test_labels_type_no_rule_number_into_titles_and_headers():
    from kolaps_print.labels import labels

    for name in TABLE_NAMES:
        entry = labels(f"tables.{name}")
        head = entry.get("columns_head", [])
        heads = [entry["title"], *entry.get("columns", []), *([head] if isinstance(head, str) else head)]
        for text in heads:  # dice notation (1D6, D6) aside
            assert not re.search(r"\d", re.sub(r"\d*[DCM]6", "", text)), (name, text)


def test_critical_failure_header_counts_the_failure_face(data):
    header = build_table("echecs-critiques", data).columns[0]
    assert header.endswith(f"nb de {data.rules.dice.always_failure}")
