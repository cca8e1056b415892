"""A ruleset folder read and checked: the bundled three load; a broken copy gets every problem
located, at the value, with a did-you-mean (issue 13: « a broken ruleset.yaml gets located
errors like any data file »)."""

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.model.ruleset_choice import ruleset_ids
from kolaps_print.model.ruleset_load import load_ruleset

BUNDLED = ("3d6", "d100", "d12")


def test_the_bundled_rulesets_are_found_after_kolaps():
    assert ruleset_ids() == ["kolaps", *BUNDLED]


def test_an_old_data_folder_knows_kolaps_only(tmp_path):
    assert ruleset_ids(tmp_path) == ["kolaps"]


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_each_bundled_ruleset_loads(ruleset_id):
    ruleset = load_ruleset(resources.data_dir() / "rulesets" / ruleset_id)
    assert ruleset.id == ruleset_id
    assert all(e.id.startswith(ruleset.spec.errata_prefix + "-E") for e in ruleset.errata)


def test_the_seed_s_base_percentages_are_in_the_d100_catalogue():
    skills = load_ruleset(resources.data_dir() / "rulesets" / "d100").catalogues["competences"]
    bases = {id_: (s.base, s.degats) for id_, s in skills.items()}
    assert bases == {
        "bagarre": (50, "1d3"),
        "lutte": (20, "2d3"),
        "melee": (25, None),
        "hast": (20, None),
        "tir": (25, None),
        "lancer": (20, None),
        "poing": (20, None),
        "fusils": (15, None),
        "chasse": (20, None),
        "mitraillettes": (10, None),
        "esquive": (None, None),  # D100-E5: the seed gives none
    }


def test_the_d12_ladder_is_the_seed_s():
    spec = load_ruleset(resources.data_dir() / "rulesets" / "d12").spec
    assert [(r.name, r.threshold) for r in spec.mechanic.ladder] == [
        ("Jeu d’enfant", 2),
        ("Facile", 6),
        ("Normal", 8),
        ("Difficile", 12),
        ("Très difficile", 16),
        ("Suicidaire", 20),
    ]


def broken(tmp_path: Path, *edits: tuple[str, str, str], ruleset_id: str = "d100") -> tuple[list[str], Callable]:
    """The messages of a copy of a bundled ruleset with edits (file, old, new: old must be in the
    file), and where(file, text) -> 'd100/FILE:LINE:COL' of text in the edited file."""
    folder = tmp_path / ruleset_id
    shutil.copytree(resources.data_dir() / "rulesets" / ruleset_id, folder)
    for file, old, new in edits:
        text = (folder / file).read_text(encoding="utf-8")
        assert old in text
        (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(KolapsError) as caught:
        load_ruleset(folder)

    def where(file: str, needle: str) -> str:
        text = (folder / file).read_text(encoding="utf-8")
        at = text.index(needle)
        line = text.count("\n", 0, at) + 1
        return f"{ruleset_id}/{file}:{line}:{at - text.rfind(chr(10), 0, at)}"

    return [str(d).replace(str(tmp_path) + "/", "") for d in caught.value.diagnostics], where


# (file, text, its replacement, where the message points in the edited file, the message)
ONE_EDIT = {
    "unknown field type, at its tag": (
        "ruleset.yaml",
        'label: "FOR", type: integer',
        'label: "FOR", type: integr',
        "integr,",
        "character.fields[1].type: unknown type 'integr' (did you mean 'integer'?); expected one of: integer, "
        "percentage, text, flag, dice, reference, references, skill_map",
    ),
    "unknown key in a tagged field: no tag in the path": (
        "ruleset.yaml",
        "{id: for, label",
        "{id: for, maxi: 25, label",
        "maxi",
        "character.fields[1].maxi: unknown key 'maxi' (did you mean 'max'?)",
    ),
    "unknown block": (
        "ruleset.yaml",
        "- {block: band}",
        "- {block: bande}",
        "bande}",  # not the comment's « bandeau » (a section's band: name)
        "card.front[0].block: unknown block 'bande' (did you mean 'band'?); expected one of: band, name, stat_tiles, "
        "skills, weapons, features, reminders, box_track, hit_track, checkboxes, level_rows, location_table, mini_table",
    ),
    "missing tag": (
        "ruleset.yaml",
        "- {block: band}",
        "- {bloc: band}",
        "{bloc: band}",
        "card.front[0]: missing required key 'block'",
    ),
    "unknown value on a card": (
        "ruleset.yaml",
        "dex, pv]}",
        "dex, pv, bout-portan]}",
        "bout-portan]",
        "card.front[2].stats[5]: unknown value 'bout-portan' (did you mean 'bout-portant'?) (a number field, "
        "or a derived value declared above)",
    ),
    "unknown table in the sheet": (
        "ruleset.yaml",
        "tables: [chances]",
        "tables: [chance]",
        "chance]",
        "sheet.sections[1].tables[0]: unknown table 'chance' (did you mean 'chances'?)",
    ),
    "unknown catalogue": (
        "ruleset.yaml",
        "skill_map, catalogue: competences",
        "skill_map, catalogue: competence",
        "competence, max",
        "character.fields[6].catalogue: unknown catalogue 'competence' (did you mean 'competences'?)",
    ),
    "a field of the wrong type for its block": (
        "ruleset.yaml",
        "{block: skills, field: competences",
        "{block: skills, field: armes",
        "armes, show_base",
        "card.front[3].field: field 'armes' is a references field; this block needs one of: skill_map",
    ),
    "a catalogue file outside the folder": (
        "ruleset.yaml",
        "file: weapons.yaml",
        "file: ../../weapons.yaml",
        "../../weapons.yaml",
        "catalogues[1].file: '../../weapons.yaml' is outside the ruleset's folder: name a file inside it",
    ),
    "an erratum without the ruleset's prefix": (
        "errata.yaml",
        "id: D100-E2",
        "id: D12-E2",
        "D12-E2",
        "errata[1].id: erratum D12-E2 of this ruleset is numbered D100-E1, D100-E2...",
    ),
    "a ruling naming no erratum": (
        "tables.yaml",
        "ruling: D100-E1",
        "ruling: D100-E9",
        "D100-E9",
        "tables[2].ruling: unknown erratum 'D100-E9' (did you mean 'D100-E8'?) (d100/errata.yaml has no such id)",
    ),
    "a catalogue entry's reference": (
        "weapons.yaml",
        "competence: melee, degats: 1d4",
        "competence: mele, degats: 1d4",
        "mele,",
        "entries[0].competence: unknown competences entry 'mele' (did you mean 'melee'?)",
    ),
    "dice that are not dice": (
        "weapons.yaml",
        "degats: 1d4}",
        "degats: 1d5}",
        "1d5",
        "entries[0].degats: '1d5' is not a dice expression: write it as 1d6, 2d10 or 1d6+2",
    ),
    "a roll whose text has no place for the number": (
        "ruleset.yaml",
        'text: "{value}\\u00a0%"',
        'text: "score %"',
        '"score %"',
        "card.front[4].roll.text: the text must hold {value}, where the number goes",
    ),
    "a roll reading a weapon field that names no skill": (
        "ruleset.yaml",
        'roll: {label: "Jet", skill: competence,',
        'roll: {label: "Jet", skill: degats,',
        "degats, skills",
        "card.front[4].roll.skill: 'degats' is not a reference field of the weapons' catalogue",
    ),
    "a condition naming an unknown field": (
        "ruleset.yaml",
        "when: {field: armes, has: rafale}",
        "when: {field: arme, has: rafale}",
        "arme, has",
        "card.back[5].when.field: unknown field 'arme' (did you mean 'armes'?)",
    ),
    "a condition naming an unknown feature of the entries": (
        "ruleset.yaml",
        "when: {field: armes, has: rafale}",
        "when: {field: armes, has: rafales}",
        "rafales}",
        "card.back[5].when.has: unknown field of catalogue 'armes' 'rafales' (did you mean 'rafale'?)",
    ),
    "a condition asking a number field for its entries": (
        "ruleset.yaml",
        "when: {field: armes, has: rafale}",
        "when: {field: dex, has: rafale}",
        "rafale}",
        "card.back[5].when.has: field 'dex' is of type integer; has needs a reference, references or skill_map field",
    ),
    "a condition written as an expression": (
        "ruleset.yaml",
        "when: {field: armes, has: rafale}",
        'when: "armes.rafale == true"',
        '"armes.rafale',
        "card.back[5].when: expected a mapping of keys (key: value), got 'armes.rafale == true'",
    ),
    "a condition with a key of no closed set": (
        "ruleset.yaml",
        "when: {field: armes, has: rafale}",
        "when: {field: armes, hass: rafale}",
        "hass",
        "card.back[5].when.hass: unknown key 'hass' (did you mean 'has'?)",
    ),
    "a condition naming an unknown entry of a skill map": (
        "ruleset.yaml",
        "has: esquive}",
        "has: esquve}",
        "esquve}",
        "card.back[4].when.has: unknown entry of catalogue 'competences' 'esquve' (did you mean 'esquive'?)",
    ),
    "a switchable reading, which no ruleset follows": (
        "errata.yaml",
        '    decision: "Les modificateurs s’appliquent d’abord (bouclier, couvert), puis le score est doublé."',
        "    reading: {id: bout_portant, options: [{id: avant, text: Avant.}, {id: apres, text: Après.}]}",
        "id: D100-E1",
        "errata[0]: a ruleset's erratum gives its decision: switchable readings are KOLAPS's only",
    ),
    "a track per entry of a field that references nothing": (
        "ruleset.yaml",
        "per: armes,",
        "per: pv,",
        "pv, length",
        "card.back[2].per: field 'pv' is a integer field; this block needs one of: reference, references",
    ),
    "a track per weapon as long as a field that is no number": (
        "ruleset.yaml",
        "length: chargeur,",
        "length: chargeurs,",
        "chargeurs,",
        "card.back[2].length: 'chargeurs' is no integer field of catalogue 'armes' (did you mean 'chargeur'?): "
        "with per, length is each entry's own number",
    ),
    "an id that is not the folder's name": (
        "ruleset.yaml",
        "id: d100",
        "id: d1000",
        "d1000",
        "id: ruleset id 'd1000' differs from its folder's name 'd100'",
    ),
}


def test_a_skill_naming_a_characteristic_the_character_lacks(tmp_path):
    messages, where = broken(
        tmp_path,
        ("skills.yaml", 'name: "Armes blanches", carac: DEX', 'name: "Armes blanches", carac: DEXT'),
        ruleset_id="d12",
    )
    assert messages == [
        f"{where('skills.yaml', 'DEXT')}: error: entries[0].carac: unknown characteristic 'DEXT' (did you mean "
        "'DEX'?): the character has no such number field"
    ]


@pytest.mark.parametrize("case", ONE_EDIT, ids=list(ONE_EDIT))
def test_one_broken_value_gets_one_located_message(tmp_path, case):
    file, old, new, needle, message = ONE_EDIT[case]
    messages, where = broken(tmp_path, (file, old, new))
    assert messages == [f"{where(file, needle)}: error: {message}"]


def test_a_chance_table_the_mechanic_cannot_fill(tmp_path):
    ladder = '  - {id: echelle, kind: ladder_chances, title: "X", bonuses: {low: 0, high: 2}}\n'
    messages, where = broken(
        tmp_path,
        ("tables.yaml", "tables:\n", "tables:\n" + ladder),
        ("ruleset.yaml", "tables: [chances]", "tables: [chances, echelle]"),
    )
    assert messages == [
        f"{where('ruleset.yaml', 'echelle]')}: error: sheet.sections[1].tables[1]: table 'echelle' is a "
        "ladder_chances table, which the percentile mechanic cannot fill"
    ]


def test_every_problem_of_every_file_in_one_run(tmp_path):
    messages, _ = broken(
        tmp_path,
        ("ruleset.yaml", "tables: [chances]", "tables: [chance]"),
        ("weapons.yaml", "degats: 1d4}", "degats: 1d5}"),
        ("errata.yaml", "id: D100-E2", "id: D12-E2"),
    )
    assert [m.split(":")[0] for m in messages] == ["d100/errata.yaml", "d100/ruleset.yaml", "d100/weapons.yaml"]


def test_a_catalogue_linked_from_outside_the_folder_is_refused(tmp_path):
    outside = tmp_path / "private.yaml"
    outside.write_text("entries: [{id: secret, name: Secret}]\n", encoding="utf-8")
    folder = tmp_path / "d100"
    shutil.copytree(resources.data_dir() / "rulesets" / "d100", folder)
    (folder / "armours.yaml").unlink()
    (folder / "armours.yaml").symlink_to(outside)
    with pytest.raises(KolapsError) as caught:
        load_ruleset(folder)
    (message,) = [d.message for d in caught.value.diagnostics]
    assert message == "'armours.yaml' is outside the ruleset's folder: name a file inside it"


# The d12's worked example (sixteenth session, sheets16): its numbers are data (mechanic.example),
# printed by the book and the sheet alike; what contradicts them is a located error.
EXAMPLE = "    roll: 5\n    succeeds: false"


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        (EXAMPLE, "    roll: 8\n    succeeds: false", "succeeds is false, but the numbers say otherwise"),
        (EXAMPLE, "    roll: 5\n    succeeds: true", "succeeds is true, but the numbers say otherwise"),
        ('rung: "Difficile"', 'rung: "Dificile"', "rung 'Dificile' is not on the ladder"),
        ("elle totalise {total}", "elle totalise {somme}", "unknown placeholder {somme}"),
        ("elle totalise {total}", "elle totalise {total:>999999999}", "unknown placeholder {total:>999999999}"),
        ("elle totalise {total}", "elle totalise {total.real}", "unknown placeholder {total.real}"),
    ],
)
def test_a_worked_example_the_numbers_contradict_is_refused(tmp_path, old, new, says):
    """A roll of 8 with 4 points of bonus reaches 12: the text's « sa voiture finit dans le fleuve »
    would lie; a rung off the ladder or a name the text cannot fill is a typo."""
    messages, where = broken(tmp_path, ("ruleset.yaml", old, new), ruleset_id="d12")
    assert len(messages) == 1 and says in messages[0], messages
    assert messages[0].startswith("d12/ruleset.yaml:"), messages


def test_a_sheet_asking_for_an_example_the_mechanic_lacks(tmp_path):
    messages, where = broken(
        tmp_path, ("ruleset.yaml", "sheet:\n  title:", 'sheet:\n  example: "Exemple"\n  title:'), ruleset_id="d100"
    )
    at = where("ruleset.yaml", '"Exemple')
    assert messages == [f"{at}: error: sheet.example: the sheet prints the worked example, but mechanic has no example"]
