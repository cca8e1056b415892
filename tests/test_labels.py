"""Labels files are checked once, against the bundled copy: a broken one is a located error."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
import yaml

from kolaps_print import labels as labels_module
from kolaps_print import resources, typography
from kolaps_print.diagnostics import KolapsError
from kolaps_print.labels import check_labels, label, labels


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project folder with a copy of the bundled data/; returns a writer for one labels file."""
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    monkeypatch.chdir(tmp_path)

    def write(area: str, text: str) -> str:
        (tmp_path / "data" / "labels" / "fr" / f"{area}.yaml").write_text(text, encoding="utf-8")
        return f"data/labels/fr/{area}.yaml"

    return write


def _bundled_text(area: str) -> str:
    return (resources.bundled("data") / "labels" / "fr" / f"{area}.yaml").read_text(encoding="utf-8")


def _messages(exc: pytest.ExceptionInfo) -> list[str]:
    return [str(d) for d in exc.value.diagnostics]


def test_the_bundled_copy_reads_and_fills_in():
    assert label("tables.format.range", low=1, high=4) == "1\u00a0à\u00a04"
    assert labels("tables.seuils.columns") == ["Rang", "Seuil"]
    assert check_labels() == []


def test_a_missing_label_names_its_key_at_the_group_that_lost_it(project):
    text = _bundled_text("cards").replace('  threshold: "{threshold}+"', "  # threshold deleted")
    file = project("cards", text)
    with pytest.raises(KolapsError) as exc:
        label("cards.front.rng")  # any label of the file: the whole file is checked when first read
    line = text.splitlines().index("front:") + 2  # the group's first key
    assert _messages(exc) == [
        f"{file}:{line}:3: error: front.threshold: missing label 'cards.front.threshold': "
        "the bundled copy has '{threshold}+'"
    ]


def test_a_misspelt_key_suggests_the_one_missing(project):
    project("cards", _bundled_text("cards").replace("  threshold:", "  treshold:"))
    with pytest.raises(KolapsError, match=r"missing label 'cards.front.threshold' \(did you mean 'treshold'\?\)"):
        label("cards.front.rng")


@pytest.mark.parametrize(
    "start, new, message",
    [
        (
            "  percent:",
            "  percent: 12",
            "label 'tables.format.percent' must be text, got a number (12) (put it in quotes)",
        ),
        ("  percent:", "  percent: [a, b]", "label 'tables.format.percent' must be text, got a list"),
        (
            "  percent:",
            '  percent: "{valeur} %"',
            "label 'tables.format.percent': unknown placeholder {valeur} (this label can use: {value})",
        ),
        ("  percent:", '  percent: "{value:>5} %"', "unknown placeholder {value:>5}"),
        ("  percent:", '  percent: "{value %"', "label 'tables.format.percent': expected '}' before end of string"),
        (
            '  columns: ["Rang"',
            '  columns: ["Rang"]',
            "label 'tables.seuils.columns' must list 2 texts, as the bundled copy does, got 1",
        ),
        (
            '  columns: ["Rang"',
            '  columns: "Rang, Seuil"',
            "label 'tables.seuils.columns' must be a list of 2 texts, got text",
        ),
        ("sheet:", "sheet: Aide\nold_sheet:", "label 'tables.sheet' must be a group of labels (key: text), got text"),
    ],
)
def test_a_wrong_label_is_located_at_its_value(project, start, new, message):
    lines = _bundled_text("tables").splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith(start)) + 1
    lines[line - 1] = new
    file = project("tables", "\n".join(lines) + "\n")
    with pytest.raises(KolapsError) as exc:
        label("tables.seuils.title")
    (only,) = _messages(exc)
    assert only.startswith(f"{file}:{line}:") and message in only, only


def test_a_table_note_may_go_and_the_extras_list_may_grow(project):
    tables = yaml.safe_load(_bundled_text("tables"))
    del tables["modificateurs"]["note"]
    project("tables", yaml.safe_dump(tables, allow_unicode=True))
    kit = yaml.safe_load(_bundled_text("kit"))
    kit["packing"]["extras"].append("Un thermos de café")
    project("kit", yaml.safe_dump(kit, allow_unicode=True))
    assert "note" not in labels("tables.modificateurs")
    assert labels("kit.packing.extras")[-1] == "Un thermos de café"
    assert check_labels() == []


def test_check_labels_reports_every_file(project):
    cards = project("cards", "front: {}\n")
    tables = project(
        "tables", _bundled_text("tables").replace("{low}\\u00a0à\\u00a0{high}", "{bas}\\u00a0à\\u00a0{haut}")
    )
    files = {d.file for d in check_labels()}
    assert files == {cards, tables}


def test_a_label_the_program_asks_for_but_no_file_has_is_located(project):
    common = yaml.safe_load(_bundled_text("common")) | {"extra": {"nested": "oui"}}
    file = project("common", yaml.safe_dump(common, allow_unicode=True))  # no comment: the first key is on line 1
    with pytest.raises(KolapsError) as exc:
        label("common.nowhere.at_all")
    assert _messages(exc) == [f"{file}:1:1: error: missing label 'common.nowhere.at_all' (the program needs it)"]
    with pytest.raises(KolapsError, match="label 'common.extra' must be text, got a group"):
        label("common.extra")


def test_filling_in_a_label_with_the_wrong_values_is_located_not_a_key_error(project):
    with pytest.raises(
        KolapsError,
        match=r"data/labels/fr/tables.yaml:\d+:\d+: error: format.range: label 'tables.format.range' "
        r"cannot be filled in \(KeyError: 'high'\)",
    ):
        label("tables.format.range", low=1)


def test_each_file_is_read_and_checked_once(project, monkeypatch):
    # french() keeps its results by text alone: an earlier test's « — » set in French would spare
    # this first call the vocabulary, and the loop would read it (the suite's order failed this)
    resources.clear_cached_reads()
    label("tables.format.none")
    monkeypatch.setattr(labels_module, "_compare", lambda *a: pytest.fail("checked twice"))
    monkeypatch.setattr(labels_module, "load_yaml", lambda *a: pytest.fail("read twice"))
    for _ in range(3):
        assert label("tables.format.range", low=1, high=2) == "1\u00a0à\u00a02"


# ---- French words live in the labels, not in the code --------------------------------------
_WORD = re.compile(r"[a-zà-ÿœæ’.°§]+")  # a lowercase word, an abbreviation (« p. », « n° ») or a sign


def word_lists(source: str) -> list[str]:
    """Every string of the code (docstrings aside) that is a run of three or more lowercase words,
    one of them French by its accent or apostrophe: a list to split, or a pattern's alternatives."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node) is not None
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words = [w for w in re.split(r"[\s|()?:^]+", node.value) if w]
            if len(words) >= 3 and all(_WORD.fullmatch(w) for w in words) and re.search("[à-ÿœæ’]", node.value):
                found.append(node.value)
    return found


def test_the_word_list_check_finds_a_split_list_and_a_pattern_of_articles():
    assert word_lists('COUNTED = ("seconde secondes dé dés " "tour tours").split()\n') == [
        "seconde secondes dé dés tour tours"
    ]
    assert word_lists('ARTICLE = re.compile(r"^(?:l’|le |la |les )")\n') == ["^(?:l’|le |la |les )"]
    assert word_lists('"""Un docstring à trois mots."""\nraise KolapsError(f"expected é, got {x}")\n') == []


def test_the_code_holds_no_french_word_list():
    package = Path(typography.__file__).parent
    found = {
        str(path.relative_to(package)): lists
        for path in sorted(package.rglob("*.py"))
        if (lists := word_lists(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_words_typography_holds_to_a_number_are_labels(project):
    assert typography.french("3 dragons, étape 2") == "3 dragons, étape\u00a02"
    common = yaml.safe_load(_bundled_text("common"))
    common["typography"]["counted"].append("dragons")
    common["typography"]["before_number"].remove("étape")
    project("common", yaml.safe_dump(common, allow_unicode=True))
    resources.clear_cached_reads()  # typography.french's cache too: it keeps the vocabulary's work
    try:
        assert typography.french("3 dragons, étape 2") == "3\u00a0dragons, étape 2"
        assert check_labels() == []  # a translation's lists are as long as it needs
    finally:
        resources.clear_cached_reads()  # the next tests' data folder: the bundled words


# ---- a ruleset's own labels (data/rulesets/ID/labels.yaml, issue 13) ------------------------
def test_a_ruleset_prints_its_own_labels_and_only_within_its_products(cli, tmp_path):
    from pdf_text import page_texts  # tests/support

    d100 = resources.data_dir() / "rulesets" / "d100" / "armies" / "les-convoyeurs.yaml"
    assert cli(["cards", d100, "-o", tmp_path / "d100.pdf"]).exit_code == 0
    text = " ".join(page_texts((tmp_path / "d100.pdf").read_bytes())).replace("\u202f", " ")
    assert "Bagarre 60 %" in text  # d100's card.skill: « {name} {value} % »
    d12 = resources.data_dir() / "rulesets" / "d12" / "armies" / "equipe-neon.yaml"
    assert cli(["cards", d12, "-o", tmp_path / "d12.pdf"]).exit_code == 0
    d12_text = " ".join(page_texts((tmp_path / "d12.pdf").read_bytes()))
    assert "Armes de tir 2 · Pilotage auto 4" in d12_text  # the common card.skill: « {name} {value} »
    assert label("rulesets.card.skill", name="Bagarre", value="60") == "Bagarre\u00a060"  # no leak once built
    assert cli(["tables", "--ruleset", "d12", "-o", tmp_path / "sheet.pdf"]).exit_code == 0
    assert "Barreaux de l’échelle : jeu d’enfant" in " ".join(
        " ".join(page_texts((tmp_path / "sheet.pdf").read_bytes())).split()
    )


def test_a_ruleset_without_labels_file_prints_the_common_ones(cli, data_copy):
    from pdf_text import page_texts  # tests/support

    (data_copy / "rulesets" / "d12" / "labels.yaml").unlink()
    result = cli(["tables", "--ruleset", "d12", "-o", "sheet.pdf"])
    assert result.exit_code == 0, result.stderr
    text = " ".join(page_texts((data_copy.parent / "sheet.pdf").read_bytes()))
    assert "Seuils : jeu d’enfant" in " ".join(text.split()) and "Barreaux" not in text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            '  margn: "Écart"',
            "3:3: error: columns.margn: unknown label 'rulesets.columns.margn' (did you mean 'margin'?)",
        ),
        (
            '  margin: "{ecart}"',
            "3:11: error: columns.margin: label 'rulesets.columns.margin': unknown placeholder {ecart} "
            "(this label can use: none)",
        ),
        ("  margin: [a, b]", "3:11: error: columns.margin: label 'rulesets.columns.margin' must be text, got a list"),
    ],
)
def test_a_broken_ruleset_labels_file_is_located(cli, data_copy, line, message):
    labels_file = data_copy / "rulesets" / "d12" / "labels.yaml"
    labels_file.write_text(f"# libellés\ncolumns:\n{line}\n", encoding="utf-8")
    result = cli(["check", "--ruleset", "d12"])
    assert result.exit_code == 1
    assert f"data/rulesets/d12/labels.yaml:{message}" in result.stderr
    assert "Traceback" not in result.stderr
    assert cli(["tables", "--ruleset", "d12", "-o", "x.pdf"]).exit_code == 1
    assert not (data_copy.parent / "x.pdf").exists()
