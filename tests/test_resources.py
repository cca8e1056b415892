"""Which game data and templates are read: options, environment, project folder, bundled copy."""

import shutil
import subprocess
import sys

import pytest
from data_layouts import old_layout_copy, old_templates_copy  # tests/support
from pdf_text import page_texts  # tests/support

from kolaps_print import resources


@pytest.fixture
def project(tmp_path):
    """A project folder: a copy of the bundled data/ and templates/, with one weapon renamed."""
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    shutil.copytree(resources.bundled("templates"), tmp_path / "templates")
    weapons = tmp_path / "data" / "rulesets" / "kolaps" / "weapons.yaml"
    weapons.write_text(
        weapons.read_text(encoding="utf-8").replace('"Fusil d’assaut"', '"Fusil modifié"'), encoding="utf-8"
    )
    return tmp_path


def run_check(cwd, env=None):
    import os

    environment = {k: v for k, v in os.environ.items() if not k.startswith("KOLAPS_")} | (env or {})
    return subprocess.run(
        [sys.executable, "-m", "kolaps_print", "check"], cwd=cwd, env=environment, capture_output=True, text=True
    )


def test_a_project_folder_s_data_is_what_gets_printed(project):
    out = run_check(project)
    assert out.returncode == 0, out.stderr
    assert "Fusil modifié" in out.stdout
    assert out.stdout.startswith("data/: ok")  # a summary: a result, on stdout


def test_elsewhere_the_bundled_data_is_used(tmp_path):
    out = run_check(tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Fusil d’assaut" in out.stdout


def test_the_environment_variable_wins_over_the_folder(project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    out = run_check(elsewhere, {"KOLAPS_DATA": str(project / "data")})
    assert out.returncode == 0, out.stderr
    assert "Fusil modifié" in out.stdout


def test_a_broken_project_data_file_is_a_located_error(project):
    dice = project / "data" / "rulesets" / "kolaps" / "rules" / "dice.yaml"
    dice.write_text(dice.read_text(encoding="utf-8").replace("thresholds:", "treshold:", 1), encoding="utf-8")
    out = run_check(project)
    assert out.returncode == 1
    assert "data/rulesets/kolaps/rules/dice.yaml:" in out.stderr and "unknown key 'treshold'" in out.stderr
    assert "Traceback" not in out.stderr


# --data (rulebook) and KOLAPS_DATA read every kind of data file from the folder given, and
# messages name that folder's files: here one named bd/, so "data/..." would be a wrong name.
BROKEN = {
    "rulesets/kolaps/rules/dice.yaml": ("thresholds:", "treshold:"),
    "labels/fr/rulebook.yaml": ('  elsewhere: "(voir', '  elsewhere: "{pages} (voir'),
    "rulesets/kolaps/weapons.yaml": ("    range: contact\n", "    range: -5\n"),
    "rulesets/kolaps/affiliations.yaml": ("affiliations:\n", "affiliations:\n  - {id: apc}\n"),
}


@pytest.mark.parametrize("file", BROKEN)
def test_rulebook_data_option_names_the_broken_file_of_that_folder(cli, tmp_path, monkeypatch, file):
    shutil.copytree(resources.bundled("data"), tmp_path / "bd")
    target = tmp_path / "bd" / file
    old, new = BROKEN[file]
    assert old in target.read_text(encoding="utf-8")
    target.write_text(target.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KOLAPS_DATA", raising=False)
    result = cli(["rulebook", "--data", "bd", "-o", tmp_path / "out" / "rulebook.pdf"])
    assert result.exit_code == 1, result.stdout + result.stderr
    assert result.stderr.startswith(f"bd/{file}:"), result.stderr
    assert not (tmp_path / "out").exists()


def test_folders_apply_within_the_block_only(project, tmp_path_factory):
    book = tmp_path_factory.mktemp("book")
    before = resources.data_dir(), resources.rulebook_dir()
    with resources.folders(data=project / "data"):
        assert resources.data_dir() == (project / "data").resolve()
        with resources.folders(rulebook=book):  # None keeps the data folder chosen outside
            assert resources.data_dir() == (project / "data").resolve()
            assert resources.rulebook_dir() == book.resolve()
        assert resources.rulebook_dir() == before[1]
    assert (resources.data_dir(), resources.rulebook_dir()) == before


def test_clear_cached_reads_makes_the_next_read_see_the_file(project):
    from kolaps_print.labels import label

    labels = project / "data/labels/fr/rulebook.yaml"
    with resources.folders(data=project / "data"):
        assert label("rulebook.book.kicker") == "Livre de règles"
        labels.write_text(labels.read_text(encoding="utf-8").replace("Livre de règles", "Recueil"), encoding="utf-8")
        assert label("rulebook.book.kicker") == "Livre de règles"  # read once per process...
        resources.clear_cached_reads()
        assert label("rulebook.book.kicker") == "Recueil"  # ...until the caches are emptied


def test_the_data_folder_found_once_stays_for_the_block_and_an_option_still_wins(project, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    bundled = resources.data_dir()
    with resources.data_folder_found_once():
        monkeypatch.chdir(project)  # a command line run never does this: the lookup is not made again
        assert resources.data_dir() == bundled
        with resources.folders(data=project / "data"):  # --data, as the rulebook's option sets it
            assert resources.data_dir() == (project / "data").resolve()
    assert resources.data_dir() == (project / "data").resolve()  # outside: looked up again


# ---- the old layout: KOLAPS's files in data/ itself, no data/rulesets/kolaps/ (issue 13) -------
def _cards(cli, army, out):
    result = cli(["cards", army, "-o", out])
    assert result.exit_code == 0, result.stderr
    return out.read_bytes()


def test_a_project_folder_of_the_old_layout_reads_as_kolaps(cli, tmp_path, monkeypatch):
    new = _cards(cli, resources.kolaps_dir() / "armies" / "vampires.yaml", tmp_path / "new.pdf")
    project = tmp_path / "project"
    old_layout_copy(resources.bundled("data"), project / "data")
    assert not (project / "data" / "rulesets" / "kolaps").exists() and (project / "data" / "weapons.yaml").is_file()
    out = run_check(project)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("data/: ok")
    assert "data/armies/vampires.yaml: ok" in out.stdout  # its demo armies are checked where they are
    monkeypatch.chdir(project)
    monkeypatch.delenv("KOLAPS_DATA", raising=False)
    # The same files in the other layout: the same cards, fingerprint included.
    assert _cards(cli, "data/armies/vampires.yaml", tmp_path / "old.pdf") == new


def test_kolaps_data_may_name_a_folder_of_the_old_layout(cli, tmp_path, monkeypatch):
    old = old_layout_copy(resources.bundled("data"), tmp_path / "ancien")
    weapons = old / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8").replace('"Fusil d’assaut"', '"Fusil ancien"'), "utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = run_check(elsewhere, {"KOLAPS_DATA": str(old)})
    assert out.returncode == 0, out.stderr
    assert "Fusil ancien" in out.stdout
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("KOLAPS_DATA", str(old))
    result = cli(["rulebook", "--edition", "quickstart", "-o", "qs.pdf"])
    assert result.exit_code == 0, result.stderr
    broken = old / "rules" / "dice.yaml"
    broken.write_text(broken.read_text(encoding="utf-8").replace("thresholds:", "treshold:", 1), encoding="utf-8")
    result = cli(["tables", "-o", "ref.pdf"])
    assert result.exit_code == 1
    assert f"{old}/rules/dice.yaml:" in result.stderr and "unknown key 'treshold'" in result.stderr
    assert not (elsewhere / "ref.pdf").exists()


def test_an_army_named_at_its_old_place_is_an_error_naming_the_new_one(cli, tmp_path, monkeypatch):
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KOLAPS_DATA", raising=False)
    result = cli(["cards", "data/armies/section-kappa.yaml", "-o", "cards.pdf"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "data/armies/section-kappa.yaml:1:1: error: no such file; KOLAPS's files moved into the data folder's "
        "rulesets/kolaps/ (did you mean data/rulesets/kolaps/armies/section-kappa.yaml?)"
    )
    assert not (tmp_path / "cards.pdf").exists()
    result = cli(["cards", "data/armies/nobody.yaml", "-o", "cards.pdf"])  # nothing there either: no hint
    assert result.stderr.splitlines()[0] == "data/armies/nobody.yaml:1:1: error: no such file"


# ---- the old templates layout: KOLAPS's book in templates/rulebook/ (issue 13) -------------------
def _quickstart(cli, out, *options):
    result = cli(["rulebook", "--edition", "quickstart", *options, "-o", out])
    assert result.exit_code == 0, result.stderr
    return out.read_bytes()


def test_a_project_templates_folder_of_the_old_layout_prints_the_same_book_and_cards(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("KOLAPS_TEMPLATES", raising=False)
    army = resources.kolaps_dir() / "armies" / "vampires.yaml"
    new_book, new_cards = _quickstart(cli, tmp_path / "new.pdf"), _cards(cli, army, tmp_path / "new-cards.pdf")
    project = tmp_path / "project"
    old_templates_copy(resources.bundled("templates"), project / "templates")
    assert (project / "templates" / "rulebook" / "book.yaml").is_file()
    assert not (project / "templates" / resources.KOLAPS_FOLDER).exists()
    monkeypatch.chdir(project)
    # The cards' footer prints the book's version and fingerprint: read from templates/rulebook/.
    assert _quickstart(cli, tmp_path / "old.pdf") == new_book
    assert _cards(cli, army, tmp_path / "old-cards.pdf") == new_cards
    chapter = project / "templates" / "rulebook" / "demarrage" / "01-premiers-pas.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nZorglub arrive.\n", encoding="utf-8")
    assert _quickstart(cli, tmp_path / "edited.pdf") != new_book  # that folder is the one read


def test_kolaps_templates_and_the_templates_option_may_name_the_old_layout(cli, tmp_path, monkeypatch):
    old = old_templates_copy(resources.bundled("templates"), tmp_path / "ancien")
    chapter = old / "rulebook" / "demarrage" / "01-premiers-pas.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nZorglub arrive.\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("KOLAPS_TEMPLATES", str(old))
    by_variable = _quickstart(cli, elsewhere / "a.pdf")
    assert "Zorglub arrive." in " ".join(page_texts(by_variable))
    monkeypatch.delenv("KOLAPS_TEMPLATES")
    assert _quickstart(cli, elsewhere / "b.pdf", "--templates", old / "rulebook") == by_variable
    result = cli(["rulebook", "--ruleset", "d12", "-o", "d12.pdf"], env={"KOLAPS_TEMPLATES": str(old)})
    assert result.exit_code == 0, result.stderr  # the other systems' books sit in rulesets/ in both layouts


def test_a_book_folder_named_at_its_old_place_is_an_error_naming_the_new_one(cli, tmp_path, monkeypatch):
    shutil.copytree(resources.bundled("templates"), tmp_path / "templates")
    monkeypatch.chdir(tmp_path)
    result = cli(["rulebook", "--templates", "templates/rulebook", "-o", "book.pdf"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "templates/rulebook/book.yaml:1:1: error: no such file; KOLAPS's files moved into the templates folder's "
        "rulesets/kolaps/ (did you mean templates/rulesets/kolaps/book.yaml?)"
    )
    assert not (tmp_path / "book.pdf").exists()
    result = cli(["rulebook", "--templates", "templates/ailleurs", "-o", "book.pdf"])  # nothing there: no hint
    assert result.stderr.splitlines()[0] == "templates/ailleurs/book.yaml:1:1: error: no such file"
