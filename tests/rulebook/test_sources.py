import datetime as dt
import shutil

import pytest

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.numbers import date_words
from kolaps_print.rulebook.sources import load_sources, source_hash


def test_hash_changes_with_any_source_and_ignores_editor_files(tmp_path):
    folder = tmp_path / "t"
    shutil.copytree(resources.rulebook_dir(), folder)
    before = source_hash(folder)
    (folder / ".01-introduction.md.j2.swp").write_text("x")
    assert source_hash(folder) == before
    chapter = folder / "03-des.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + " ", encoding="utf-8")
    assert source_hash(folder) != before


def test_book_yaml_naming_a_missing_chapter_is_located(tmp_path):
    folder = tmp_path / "t"
    shutil.copytree(resources.rulebook_dir(), folder)
    (folder / "02-tour.md.j2").unlink()
    with pytest.raises(KolapsError) as err:
        load_sources(folder)
    (d,) = err.value.diagnostics
    assert d.file.endswith("book.yaml") and "02-tour.md.j2" in d.message
    lines = (folder / "book.yaml").read_text(encoding="utf-8").splitlines()
    assert "02-tour.md.j2" in lines[d.line - 1]


@pytest.mark.parametrize(
    "day, text",
    [
        (dt.date(2025, 6, 1), "1ᵉʳ\u00a0juin 2025"),
        (dt.date(2026, 8, 15), "15\u00a0août 2026"),
        (dt.date(2027, 3, 14), "14\u00a0mars 2027"),
    ],
)
def test_french_dates(day, text):
    assert date_words(day) == text
