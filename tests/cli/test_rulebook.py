"""`kolaps-print rulebook` through the real CLI: exit codes, messages, files written or not."""

import os
import shutil

import pypdf

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
    result = cli(["rulebook", "--edition", "quickstart", "--proof", "--paper", "LETTER", "--date", "2025-07-14", "-o", output])
    assert result.exit_code == 0, result.stderr
    page = pypdf.PdfReader(output).pages[0]
    assert round(float(page.mediabox.width)) == 612
    assert "14 juillet 2025" in page.extract_text()


def test_bad_reference_exits_1_with_location_and_writes_nothing(cli, tmp_path):
    templates = tmp_path / "rulebook"
    shutil.copytree(resources.templates_dir() / "rulebook", templates)
    chapter = templates / "demarrage" / "02-tables.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nVoir [ceci](#nulle-part).\n", encoding="utf-8")
    output = tmp_path / "out.pdf"
    result = cli(["rulebook", "--edition", "quickstart", "--templates", templates, "-o", output])
    assert result.exit_code == 1
    assert "02-tables.md.j2:" in result.stderr and "unknown anchor '#nulle-part'" in result.stderr
    assert "nothing was written" in result.stderr
    assert "Traceback" not in result.stderr
    assert not output.exists()


def test_unknown_edition_and_bad_date_are_reported(cli, tmp_path):
    result = cli(["rulebook", "--edition", "deluxe", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 1 and "no edition 'deluxe'" in result.stderr
    result = cli(["rulebook", "--date", "14/07/2025", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_strict_turns_findings_into_errors(cli, tmp_path):
    templates = tmp_path / "rulebook"
    shutil.copytree(resources.templates_dir() / "rulebook", templates)
    (templates / "09-aide-memoire.md.j2").write_text("# Aide-mémoire {#aide-memoire}\n\nRien.\n", encoding="utf-8")
    output = tmp_path / "book.pdf"
    relaxed = cli(["rulebook", "--templates", templates, "-o", output])
    assert relaxed.exit_code == 0 and "warning: data table 'affiliations' is never shown" in relaxed.stderr
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
    assert "Règles de démarrage" in pypdf.PdfReader(tmp_path / "output" / "quickstart.pdf").pages[0].extract_text()
    assert sorted(os.listdir(tmp_path / "output")) == ["quickstart.pdf", "rulebook.pdf"]
