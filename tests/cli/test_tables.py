"""`kolaps-print tables`: default path, options, exit codes, nothing written on failure."""

from io import BytesIO

import pypdf


def pages(path):
    return pypdf.PdfReader(BytesIO(path.read_bytes())).pages


def test_default_writes_output_reference_pdf(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["tables"])
    assert result.exit_code == 0, result.stderr
    target = tmp_path / "output" / "reference.pdf"
    assert len(pages(target)) == 2
    assert result.stdout.startswith("wrote output/reference.pdf (2 pages, body text ") and result.stderr == ""


def test_output_and_letter_paper(cli, tmp_path):
    target = tmp_path / "sheet.pdf"
    result = cli(["tables", "--paper", "letter", "-o", target])
    assert result.exit_code == 0, result.stderr
    first = pages(target)[0]
    assert round(float(first.mediabox.width)) == 792 and round(float(first.mediabox.height)) == 612


def test_cards_format_default_path(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["tables", "--format", "cards"])
    assert result.exit_code == 0, result.stderr
    target = tmp_path / "output" / "reference-cards.pdf"
    assert len(pages(target)) % 2 == 0  # duplex: a page of fronts, a page of backs
    assert result.stdout.startswith("wrote output/reference-cards.pdf (") and " cards)" in result.stdout
    assert result.stderr == ""


def test_unknown_paper_is_a_usage_error(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["tables", "--paper", "a5"])
    assert result.exit_code == 2
    assert not (tmp_path / "output").exists()


def test_unknown_card_size_is_a_usage_error(cli, tmp_path):
    target = tmp_path / "cards.pdf"
    result = cli(["tables", "--format", "cards", "--card", "huge", "-o", target])
    assert result.exit_code == 2
    assert "huge" in result.stderr
    assert not target.exists()


def test_cards_too_small_for_a_table_exit_1_and_write_nothing(cli, tmp_path):
    target = tmp_path / "cards.pdf"
    result = cli(["tables", "--format", "cards", "--card", "25x30", "-o", target])
    assert result.exit_code == 1
    assert "card of this size" in result.stderr and "nothing was written" in result.stderr
    assert not target.exists()


def test_cards_too_large_for_the_paper_exit_1_and_write_nothing(cli, tmp_path):
    target = tmp_path / "cards.pdf"
    result = cli(["tables", "--format", "cards", "--card", "300x400", "-o", target])
    assert result.exit_code == 1, result.stderr  # was an internal error (exit 70)
    assert "a 300 × 400 mm card does not fit on a 210 × 297 mm sheet" in result.stderr
    assert not target.exists()


def test_unwritable_target_exits_1_and_keeps_the_previous_file(cli, tmp_path):
    folder = tmp_path / "taken"
    folder.write_text("not a folder")
    result = cli(["tables", "-o", folder / "reference.pdf"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{folder / 'reference.pdf'}: error: cannot create its folder (a file is in the way)\n"
        "kolaps-print: nothing was written\n"
    )
    assert folder.read_text() == "not a folder"


def test_help_shows_an_example(cli):
    result = cli(["tables", "--help"])
    assert result.exit_code == 0
    assert "Example: kolaps-print tables" in result.stdout


def test_the_quickstart_edition_writes_the_demo_sheet(cli, tmp_path):
    target = tmp_path / "demo.pdf"
    result = cli(["tables", "--edition", "quickstart", "-o", target])
    assert result.exit_code == 0, result.stderr
    text = " ".join(p.extract_text() for p in pages(target))
    assert "démonstration" in text and len(pages(target)) == 2


def test_unknown_edition_is_a_usage_error_and_writes_nothing(cli, tmp_path):
    target = tmp_path / "demo.pdf"
    result = cli(["tables", "--edition", "demo", "-o", target])
    assert result.exit_code == 2 and not target.exists()
    assert "Invalid value for '--edition': 'demo' is not one of 'full', 'quickstart'." in result.stderr
