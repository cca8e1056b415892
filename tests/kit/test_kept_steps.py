"""The kit's deterministic steps kept between runs (issue 15, thirteenth session): the previews'
pictures (write/png_cache.py), the quick-start's balanced pages (rulebook/balance_cache.py), the
stamped documents, the folded sheet and the print runs (kit/kept_pdfs.py). The kit folder is the
same bytes without the cache, cold, warm, and with corrupt, cut, foreign or unusable entries; a
warm kit reads no PDF (pypdf, pdfium and the other rulesets' models are never imported)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from kit_folders import entries, same_folders  # tests/support

from kolaps_print import disk_cache
from kolaps_print.kit.build import build_kit
from kolaps_print.rulebook import balance_cache
from kolaps_print.write import png_cache

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "data" / "rulesets" / "kolaps" / "kits" / "demo.yaml"
SUFFIXES = (png_cache.SUFFIX, balance_cache.SUFFIX, "kitpdf")


@pytest.fixture(scope="module")
def uncached(tmp_path_factory):
    """The demo kit built with the cache off: what every other build must equal."""
    folder = tmp_path_factory.mktemp("uncached") / "kit"
    previous = os.environ.get("KOLAPS_CACHE")
    os.environ["KOLAPS_CACHE"] = "off"
    try:
        build_kit(DEMO, folder)
    finally:
        if previous is None:
            del os.environ["KOLAPS_CACHE"]
        else:
            os.environ["KOLAPS_CACHE"] = previous
    return folder


def test_a_warm_kit_is_the_same_bytes_as_one_without_the_cache(cache_home, tmp_path, uncached):
    build_kit(DEMO, tmp_path / "cold")
    for suffix in SUFFIXES:
        assert entries(cache_home, suffix), suffix  # each step kept something
    build_kit(DEMO, tmp_path / "warm")
    assert same_folders(tmp_path / "cold", uncached) == []
    assert same_folders(tmp_path / "warm", uncached) == []


def test_a_warm_kit_uses_what_it_kept(cache_home, tmp_path, monkeypatch):
    build_kit(DEMO, tmp_path / "cold")

    def never(*args, **kwargs):
        raise AssertionError("computed again")

    monkeypatch.setattr(png_cache, "rendered_scanlines", never)
    monkeypatch.setattr("kolaps_print.rulebook.build.page_fits", never)
    monkeypatch.setattr("kolaps_print.kit.stamp.Stamper.stamp_pages", never)
    monkeypatch.setattr("kolaps_print.kit.assemble.assemble", never)
    monkeypatch.setattr("kolaps_print.kit.documents._folded", never)
    build_kit(DEMO, tmp_path / "warm")


@pytest.mark.parametrize(
    "spoil",
    [
        lambda content, header: b"",
        lambda content, header: content[: len(content) // 2],  # cut short
        lambda content, header: header,  # the header alone
        lambda content, header: header + b"\x00garbage",
        lambda content, header: header + __import__("marshal").dumps([1, 2, 3]),  # another shape
        lambda content, header: header + __import__("marshal").dumps(("%PDF-", "x")),
    ],
)
def test_spoiled_entries_are_computed_again(cache_home, tmp_path, uncached, spoil):
    build_kit(DEMO, tmp_path / "cold")
    formats = {png_cache.SUFFIX: png_cache.FORMAT, balance_cache.SUFFIX: balance_cache.FORMAT}
    formats["kitpdf"] = __import__("kolaps_print.kit.kept_pdfs", fromlist=["FORMAT"]).FORMAT
    for suffix in SUFFIXES:
        for entry in entries(cache_home, suffix):
            content = entry.read_bytes()
            entry.write_bytes(spoil(content, formats[suffix] + entry.stem.encode() + b"\n"))
    build_kit(DEMO, tmp_path / "spoiled")
    assert same_folders(tmp_path / "spoiled", uncached) == []
    build_kit(DEMO, tmp_path / "again")  # written again by the spoiled run: read back
    assert same_folders(tmp_path / "again", uncached) == []


def test_an_entry_under_another_key_is_not_believed(cache_home, tmp_path, uncached):
    """Each entry starts with its own key: one copied under another name is refused."""
    build_kit(DEMO, tmp_path / "cold")
    kept = entries(cache_home, "kitpdf")
    assert len(kept) >= 2
    for target, source in zip(kept, kept[1:] + kept[:1], strict=True):
        target.write_bytes(source.read_bytes())  # every entry now holds another's
    pngs = entries(cache_home, png_cache.SUFFIX)
    if len(pngs) == 2:
        first = pngs[0].read_bytes()
        pngs[0].write_bytes(pngs[1].read_bytes())
        pngs[1].write_bytes(first)
    build_kit(DEMO, tmp_path / "swapped")
    assert same_folders(tmp_path / "swapped", uncached) == []


def test_an_unusable_cache_folder_changes_nothing(tmp_path, monkeypatch, uncached):
    home = tmp_path / "cache"
    home.mkdir()
    (home / "kolaps-print").write_text("a file, not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    build_kit(DEMO, tmp_path / "kit")
    assert same_folders(tmp_path / "kit", uncached) == []


def test_the_balance_key_covers_every_file_of_the_folders_and_the_options(tmp_path, monkeypatch):
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    folder = tmp_path / "templates"
    (folder / "chapters").mkdir(parents=True)
    chapter = folder / "chapters" / "a.md.j2"
    chapter.write_text("Un texte.", encoding="utf-8")
    key = balance_cache.sources_key([folder], "a4")
    assert balance_cache.sources_key([folder], "a4") == key
    assert balance_cache.sources_key([folder], "letter") != key
    chapter.write_text("Un texte !", encoding="utf-8")
    assert balance_cache.sources_key([folder], "a4") != key
    chapter.write_text("Un texte.", encoding="utf-8")
    (folder / "chapters" / "b.md.j2").write_text("", encoding="utf-8")
    assert balance_cache.sources_key([folder], "a4") != key
    monkeypatch.setenv("KOLAPS_CACHE", "off")
    assert balance_cache.sources_key([folder], "a4") is None


def test_a_page_png_is_keyed_by_the_pdfs_bytes_and_resolution(cache_home):
    pdf = (REPO / "data" / "rulesets" / "kolaps" / "kits" / "demo.yaml").read_bytes()  # any bytes
    key = png_cache._key(pdf, 300)
    assert key == png_cache._key(bytes(pdf), 300)
    assert key != png_cache._key(pdf, 150)
    assert key != png_cache._key(pdf + b" ", 300)
    assert disk_cache.installed_state(*png_cache.RENDERER) is not None


def test_a_warm_kit_reads_no_pdf(tmp_path):
    """A second run of an unchanged kit imports neither pypdf nor pdfium, nor the other rulesets'
    models (their imports were a fifth of a warm kit's CPU)."""
    env = {k: v for k, v in os.environ.items() if k != "KOLAPS_CACHE"} | {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    script = (
        "import sys\n"
        "from kolaps_print.kit.build import build_kit\n"
        f"build_kit({str(DEMO)!r}, {str(tmp_path / 'kit')!r})\n"
        "print(sorted({m.split('.')[0] for m in sys.modules if m.startswith(('pypdf', 'pypdfium2'))}"
        " | {m for m in sys.modules if m in ('kolaps_print.model.ruleset_load', 'kolaps_print.model.ruleset_tables')}))\n"
    )
    cold = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO, capture_output=True, text=True, check=True)
    assert "pypdf" in cold.stdout  # the cold run reads and writes PDFs
    shutil.rmtree(tmp_path / "kit")
    warm = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO, capture_output=True, text=True, check=True)
    assert warm.stdout.strip() == "[]"
