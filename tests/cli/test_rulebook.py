"""`kolaps-print rulebook` through the real CLI: exit codes, messages, files written or not."""

import os
import shutil

import pypdf
import pytest

from kolaps_print import resources


def test_writes_the_quickstart_where_asked(cli, tmp_path):
    output = tmp_path / "sub" / "demarrage.pdf"
    result = cli(["rulebook", "--edition", "quickstart", "-o", output])
    assert result.exit_code == 0, result.stderr
    assert f"rulebook written: {output}" in result.stdout
    assert "consistency report: nothing to report" in result.stderr
    assert len(pypdf.PdfReader(output).pages) >= 3


def test_proof_and_paper_options(cli, tmp_path):
    output = tmp_path / "proof.pdf"
    result = cli(
        ["rulebook", "--edition", "quickstart", "--proof", "--paper", "LETTER", "--date", "2025-07-14", "-o", output]
    )
    assert result.exit_code == 0, result.stderr
    page = pypdf.PdfReader(output).pages[0]
    assert round(float(page.mediabox.width)) == 612
    assert "14 juillet 2025" in page.extract_text()


def test_bad_reference_exits_1_with_location_and_writes_nothing(cli, tmp_path):
    templates = tmp_path / "rulebook"
    shutil.copytree(resources.rulebook_dir(), templates)
    chapter = templates / "demarrage" / "04-tables.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nVoir [ceci](#nulle-part).\n", encoding="utf-8")
    output = tmp_path / "out.pdf"
    result = cli(["rulebook", "--edition", "quickstart", "--templates", templates, "-o", output])
    assert result.exit_code == 1
    assert "04-tables.md.j2:" in result.stderr and "unknown anchor '#nulle-part'" in result.stderr
    assert "nothing was written" in result.stderr
    assert "Traceback" not in result.stderr
    assert not output.exists()


def test_unknown_edition_and_bad_date_are_reported(cli, tmp_path):
    result = cli(["rulebook", "--edition", "deluxe", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2  # a usage error, like any bad choice
    assert result.stderr.endswith(
        "Error: Invalid value for '--edition': 'deluxe' is not one of 'full', 'quickstart'.\n"
    )
    result = cli(["rulebook", "--date", "14/07/2025", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_scenario_picks_what_the_quickstart_prints_and_an_unknown_one_is_a_usage_error(cli, tmp_path):
    output = tmp_path / "relais.pdf"
    result = cli(["rulebook", "--edition", "quickstart", "--scenario", "relais-radio", "-o", output])
    assert result.exit_code == 0, result.stderr
    first = pypdf.PdfReader(output).pages[0].extract_text()
    assert "Le relais radio" in first and "Premier contact" not in first
    assert "E120" in first and "E46" not in first  # its own erratum's mark, not the default's
    assert "6 tours" in first.replace("\u202f", " ").replace("\xa0", " ")
    result = cli(["rulebook", "--edition", "quickstart", "--scenario", "relais-radi", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "Error: Invalid value for '--scenario': unknown scenario 'relais-radi' (did you mean 'relais-radio'?); "
        "scenarios: premier-contact, relais-radio\n"
    )
    assert not (tmp_path / "x.pdf").exists()


def test_strict_turns_findings_into_errors(cli, tmp_path):
    templates = tmp_path / "rulebook"
    shutil.copytree(resources.rulebook_dir(), templates)
    weapons = templates / "07-armes.md.j2"  # the armoury's table is shown nowhere else
    weapons.write_text(weapons.read_text(encoding="utf-8").replace('{{ table("armes") }}', ""), encoding="utf-8")
    output = tmp_path / "book.pdf"
    relaxed = cli(["rulebook", "--templates", templates, "-o", output])
    assert relaxed.exit_code == 0 and "warning: data table 'armes' is never shown" in relaxed.stderr
    output.unlink()
    strict = cli(["rulebook", "--strict", "--templates", templates, "-o", output])
    assert strict.exit_code == 1 and "(--strict)" in strict.stderr
    assert not output.exists()


def test_the_quickstart_has_its_own_default_name(cli, tmp_path, monkeypatch):
    """Issue 9: `rulebook --edition quickstart` without -o overwrote output/rulebook.pdf."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "rulebook.pdf").write_bytes(b"%PDF-the full rules")
    result = cli(["rulebook", "--edition", "quickstart"])
    assert result.exit_code == 0, result.stderr
    assert "rulebook written: output/quickstart.pdf (" in result.stdout
    assert (tmp_path / "output" / "rulebook.pdf").read_bytes() == b"%PDF-the full rules"
    assert "RÈGLES DE DÉMARRAGE" in pypdf.PdfReader(tmp_path / "output" / "quickstart.pdf").pages[0].extract_text()
    assert sorted(os.listdir(tmp_path / "output")) == ["quickstart.pdf", "rulebook.pdf"]


@pytest.fixture
def project(tmp_path, monkeypatch):
    """The working folder: copies of the bundled data/ and templates/, read from there."""
    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    shutil.copytree(resources.bundled("templates"), tmp_path / "templates")
    monkeypatch.chdir(tmp_path)
    for name in ("KOLAPS_TEMPLATES", "KOLAPS_DATA"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def line_of(path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith(text))


def test_every_problem_is_reported_in_one_run(cli, project):
    book = project / "templates/rulesets/kolaps"
    (book / "02-tour.md.j2").unlink()
    (book / "04-actions.md.j2").write_text("# Les actions {#actions}\n\n{% if %}\n", encoding="utf-8")
    dice = project / "data/rulesets/kolaps/rules/dice.yaml"
    dice.write_text(dice.read_text(encoding="utf-8").replace("thresholds:", "treshold:", 1), encoding="utf-8")
    result = cli(["rulebook", "-o", "book.pdf"])
    assert result.exit_code == 1
    dice_line, chapter_line = line_of(dice, "treshold:"), line_of(book / "book.yaml", "      - 02-tour.md.j2")
    assert result.stderr.splitlines() == [
        f"data/rulesets/kolaps/rules/dice.yaml:{dice_line}:1: error: thresholds: missing required key 'thresholds'",
        f"data/rulesets/kolaps/rules/dice.yaml:{dice_line}:1: error: treshold: unknown key 'treshold' (did you mean 'thresholds'?)",
        "templates/rulesets/kolaps/04-actions.md.j2:3:1: error: template "
        "syntax: Expected an expression, got 'end of statement block'",
        f"templates/rulesets/kolaps/book.yaml:{chapter_line}:9: error: editions.full.chapters[1]: "
        "chapter file '02-tour.md.j2' not found in templates/rulesets/kolaps",
        "kolaps-print: 4 error(s); nothing was written",
    ]
    assert not (project / "book.pdf").exists()


def test_every_broken_chapter_is_reported_in_one_run(cli, project):
    book = project / "templates/rulesets/kolaps"
    (book / "03-des.md.j2").write_text("# Les dés {#des}\n\n{{ 1/0 }}\n", encoding="utf-8")
    (book / "demarrage/04-tables.md.j2").write_text("# Tables {#tables}\n\n\n{{ nope }}\n", encoding="utf-8")
    result = cli(["rulebook", "--edition", "quickstart", "-o", "book.pdf"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "templates/rulesets/kolaps/03-des.md.j2:3:1: error: template: ZeroDivisionError: division by zero",
        "templates/rulesets/kolaps/demarrage/04-tables.md.j2:4:1: error: template: 'nope' is undefined",
        "kolaps-print: 2 error(s); nothing was written",
    ]
    assert not (project / "book.pdf").exists()


def test_data_option_is_where_the_labels_come_from_too(cli, project, tmp_path_factory):
    """--data names the folder of the rules and of the labels printed around them."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    shutil.move(project / "data", elsewhere / "mine")
    labels = elsewhere / "mine/labels/fr/common.yaml"  # the one version line, for every rules product
    labels.write_text(
        labels.read_text(encoding="utf-8").replace(
            'version_date: "Version {version}', 'version_date: "Tirage {version}'
        ),
        encoding="utf-8",
    )
    result = cli(["rulebook", "--edition", "quickstart", "--data", elsewhere / "mine", "-o", "book.pdf"])
    assert result.exit_code == 0, result.stderr
    cover = pypdf.PdfReader(project / "book.pdf").pages[0].extract_text()  # the quick-start's band
    assert "Tirage 0.1" in cover and "Version 0.1" not in cover


def test_a_book_version_the_fonts_lack_is_refused_and_nothing_written(cli, tmp_path):
    output = tmp_path / "book.pdf"
    result = cli(["rulebook", "--book-version", "v2 ✈", "-o", output])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "<options>:1:1: error: --book-version: the fonts cannot print '✈' (U+2708): it would print as a blank box"
    )
    assert not output.exists()


def test_an_included_fifo_or_huge_template_is_refused_without_waiting(cli, project):
    """Templates are read as every input is: a FIFO is never opened for a blocking read."""
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    book = project / "templates/rulesets/kolaps"
    os.mkfifo(book / "tuyau.md")
    with open(book / "gros.md", "wb") as fh:
        fh.truncate(25 * 1024 * 1024)  # sparse: 25 MB by its size, nothing written
    (book / "03-des.md.j2").write_text("# Les dés {#des}\n\n{% include 'tuyau.md' %}\n", encoding="utf-8")
    (book / "demarrage/04-tables.md.j2").write_text("# Tables {#tables}\n\n{% include 'gros.md' %}\n", encoding="utf-8")
    result = cli(["rulebook", "--edition", "quickstart", "-o", "book.pdf"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "templates/rulesets/kolaps/gros.md:1:1: error: the file is 25.0 MB; input files are limited to 20.0 MB",
        "templates/rulesets/kolaps/tuyau.md:1:1: error: this is a FIFO (named pipe), not a regular file; refusing to read it",
        "kolaps-print: 2 error(s); nothing was written",
    ]
    assert not (project / "book.pdf").exists()


def test_a_trait_page_the_cards_print_wrongly_is_a_located_warning_and_strict_an_error(cli, project):
    """traits.yaml's book_pages are what the cards print after each FACULTÉ: the full book, once
    laid out, warns at the page that differs from where it explains the trait (the chapters or
    the data moved it), and --strict refuses to write the book."""
    traits = project / "data/rulesets/kolaps/rules/traits.yaml"
    text = traits.read_text(encoding="utf-8")
    traits.write_text(
        text.replace("  - id: tranchant\n    book_pages: {a4: 11,", "  - id: tranchant\n    book_pages: {a4: 9,")
    )
    line = line_of(traits, "    book_pages: {a4: 9,")
    column = traits.read_text(encoding="utf-8").splitlines()[line - 1].index("9") + 1
    relaxed = cli(["rulebook", "-o", "book.pdf"])
    assert relaxed.exit_code == 0, relaxed.stderr
    assert (
        f"data/rulesets/kolaps/rules/traits.yaml:{line}:{column}: warning: traits[8].book_pages.a4: trait 'tranchant': "
        "the cards print p. 9 on a4, the book explains it on p. 11"
    ) in relaxed.stderr
    assert "trait '" not in relaxed.stderr.replace("trait 'tranchant'", "")  # the other pages agree
    letter = cli(["rulebook", "--paper", "letter", "-o", "letter.pdf"])
    assert letter.exit_code == 0 and "warning" not in letter.stderr  # its Letter page is right
    (project / "book.pdf").unlink()
    strict = cli(["rulebook", "--strict", "-o", "book.pdf"])
    assert strict.exit_code == 1 and "(--strict)" in strict.stderr
    assert not (project / "book.pdf").exists()
