"""Data texts name the numbers they restate (model/numbered_text.py): edit the field in a copy of
data/, and the sheet and the card back print the new number, never the old; a bad placeholder is a
located error. (The book and the quick-start: tests/jobs/test_rulebook.py, changed_data.)"""

import re

import pytest
from pdf_text import page_texts  # tests/support

from kolaps_print import resources

ARMY = resources.kolaps_dir() / "armies" / "vampires.yaml"


def flat(text: str) -> str:
    """Every kind of space as one plain space, hyphens added at line ends dropped."""
    return re.sub(r"[\s\u00a0\u202f]+", " ", re.sub("\ufffe\n?", "", text))


def _edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def edited(data_copy):
    """The survival test at 3 (was 1), the secondary test at severity − 2 (was − 1), « Ébranlé » at 4 (was 1)."""
    _edit(
        resources.kolaps_folder(data_copy) / "rules" / "wounds.yaml",
        "full_location_test_difficulty: 1\n",
        "full_location_test_difficulty: 3\n",
    )
    _edit(
        resources.kolaps_folder(data_copy) / "rules" / "wounds.yaml",
        "secondary_test_offset: -1\n",
        "secondary_test_offset: -2\n",
    )
    _edit(
        resources.kolaps_folder(data_copy) / "rules" / "actions.yaml",
        'name: "Ébranlé"\n      test_difficulty: 1\n',
        'name: "Ébranlé"\n      test_difficulty: 4\n',
    )
    return data_copy


def _pdf_text(cli, args, path) -> str:
    result = cli([*args, "-o", path])
    assert result.exit_code == 0, result.stderr
    return flat(" ".join(page_texts(path.read_bytes())))


def test_the_sheet_prints_the_edited_survival_and_secondary_tests(cli, edited, tmp_path):
    sheet = _pdf_text(cli, ["tables"], tmp_path / "sheet.pdf")
    assert "Test de survie (difficulté 3)" in sheet
    assert "difficulté égale à la gravité − 2" in sheet
    assert "Test de survie (difficulté 1)" not in sheet
    assert "gravité − 1" not in sheet


def test_a_card_back_prints_the_edited_morale_test(cli, edited, tmp_path):
    cards = _pdf_text(cli, ["cards", ARMY], tmp_path / "cards.pdf")
    assert "Offensif : diff. 4 pour le rester" in cards
    assert "Offensif : diff. 1 pour le rester" not in cards


def test_the_bundled_texts_read_as_before(cli, data_copy, tmp_path):
    """The placeholders of the bundled data give back the numbers the sentences always had."""
    sheet = _pdf_text(cli, ["tables"], tmp_path / "sheet.pdf")
    assert "Test de survie (difficulté 1)" in sheet and "difficulté égale à la gravité − 1" in sheet


def test_every_reading_of_a_switchable_text_gets_its_number(cli, edited, tmp_path):
    _edit(
        resources.kolaps_folder(edited) / "readings.yaml",
        "full_location_test: on_fill",
        "full_location_test: on_overflow",
    )
    sheet = _pdf_text(cli, ["tables"], tmp_path / "sheet.pdf")
    assert "Test de survie (difficulté 3) pour chaque blessure sans case libre" in sheet


def _line_col(path, needle: str) -> tuple[int, int]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


def test_an_unknown_placeholder_is_a_located_error(cli, data_copy):
    wounds = resources.kolaps_folder(data_copy) / "rules" / "wounds.yaml"
    _edit(
        wounds,
        "Test de survie (difficulté {full_location_test_difficulty}) pour chaque",
        "Test de survie (difficulté {survival_difficulty}) pour chaque",
    )
    line, col = _line_col(wounds, "on_overflow: ")
    col += len("on_overflow: ")  # the text itself, a variant of a switchable reading
    result = cli(["check"])
    assert result.exit_code == 1
    assert (
        f"data/rulesets/kolaps/rules/wounds.yaml:{line}:{col}: error: full_location.text.on_overflow: unknown placeholder "
        "{survival_difficulty} (this text can use: "
    ) in result.stderr
    assert "{full_location_test_difficulty}" in result.stderr.split("unknown placeholder")[1]
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "text, problem",
    [
        ("difficulté {test_difficulty", "expected '}' before end of string: braces only go around a placeholder"),
        ("difficulté {test_difficulty.__class__}", "unknown placeholder {test_difficulty.__class__}"),
        ("difficulté {test_difficulty:>9}", "unknown placeholder {test_difficulty:>9}"),
        ("difficulté {}", "unknown placeholder {}"),
    ],
)
def test_a_malformed_placeholder_is_a_located_error(cli, data_copy, text, problem):
    combat = resources.kolaps_folder(data_copy) / "rules" / "combat.yaml"
    old = "réussir un test de difficulté {test_difficulty}"
    line, col = _line_col(combat, old)
    _edit(combat, old, text)
    result = cli(["check"])
    assert result.exit_code == 1
    start = combat.read_text(encoding="utf-8").splitlines()[line - 1].index('"') + 1
    assert (
        f"data/rulesets/kolaps/rules/combat.yaml:{line}:{start}: error: modifiers[7].text: {problem}" in result.stderr
    )
    assert "Traceback" not in result.stderr
