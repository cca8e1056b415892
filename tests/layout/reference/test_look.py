"""data/layouts/reference.yaml: the sheet's geometry and the palette are read from the data folder
in use, and a broken value is a located error (exit 1, nothing written)."""

import re
import shutil

import pypdfium2 as pdfium
import pytest
import yaml
from pdf_colours import seen  # tests/support

from kolaps_print import resources


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A copy of the bundled data/ named bd/, in use through KOLAPS_DATA; returns its reference.yaml."""
    shutil.copytree(resources.bundled("data"), tmp_path / "bd")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KOLAPS_DATA", str(tmp_path / "bd"))
    return tmp_path / "bd" / "layouts" / "reference.yaml"


def edit(path, section, key, value):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc[section][key] = value
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_a_broken_value_is_a_located_error_and_nothing_is_written(cli, data_copy, tmp_path):
    edit(data_copy, "sheet", "columns", 0)
    line = next(
        i
        for i, text in enumerate(data_copy.read_text(encoding="utf-8").splitlines(), 1)
        if text.strip().startswith("columns:")
    )
    result = cli(["tables", "-o", tmp_path / "reference.pdf"])
    assert result.exit_code == 1
    assert f"bd/layouts/reference.yaml:{line}:12: error: sheet.columns: must be at least 1 (got 0)" in result.stderr
    assert not (tmp_path / "reference.pdf").exists()


def test_a_type_floor_above_the_top_size_is_refused(cli, data_copy):
    edit(data_copy, "type", "min_pt", 10)
    result = cli(["check"])
    assert result.exit_code == 1
    assert "bd/layouts/reference.yaml:" in result.stderr and re.search(
        r"type: min_pt \(10\) is above max_pt \(\d+(\.\d+)?\)", result.stderr
    )


def test_the_sheet_takes_its_section_colours_from_the_house_palette_of_the_data_copy(cli, data_copy, tmp_path):
    """The first section's band names a palette colour: made unusual in style.yaml, the first side
    shows it, the default sheet does not."""

    def colours(pdf_path):
        image = pdfium.PdfDocument(pdf_path.read_bytes())[0].render(scale=30 / 72).to_pil().convert("RGB")
        return {rgb for _, rgb in image.getcolors(maxcolors=1 << 20)}

    before = tmp_path / "before.pdf"
    assert cli(["tables", "-o", before]).exit_code == 0
    section = yaml.safe_load(data_copy.read_text(encoding="utf-8"))["colours"]["sections"]["test"]
    style = data_copy.parent / "style.yaml"
    doc = yaml.safe_load(style.read_text(encoding="utf-8"))
    doc["palette"][section] = [100, 0, 0, 0]  # pure cyan: no other colour of the sheet
    style.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    resources.clear_cached_reads()
    after = tmp_path / "after.pdf"
    result = cli(["tables", "-o", after])
    assert result.exit_code == 0, result.stderr

    def shows_it(found) -> bool:
        return any(all(abs(a - b) <= 2 for a, b in zip(rgb, seen((1, 0, 0, 0)), strict=False)) for rgb in found)

    assert shows_it(colours(after)) and not shows_it(colours(before))
