"""The kit's documents kept between runs (issue 15, fourteenth session, kit/kept_documents.py):
the reference sheet, the quick-start and each army's cards. A warm kit makes none of them again
(their jobs are not even imported); a changed army file or template is made again, the bytes of
a kit built without the cache; a spoiled entry is made again."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from kit_folders import entries, same_folders  # tests/support

from kolaps_print.kit import documents, kept_pdfs
from kolaps_print.kit.build import build_kit

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "data" / "rulesets" / "kolaps" / "kits" / "demo.yaml"
JOBS = ("kolaps_print.jobs.rulebook", "kolaps_print.jobs.tables", "kolaps_print.jobs.cards")


def uncached(kit_file: Path, folder: Path, monkeypatch) -> Path:
    with monkeypatch.context() as m:
        m.setenv("KOLAPS_CACHE", "off")
        build_kit(kit_file, folder)
    return folder


def copied_kit(tmp_path: Path) -> Path:
    """The demo kit file and its armies, as the kit file names them (../armies/)."""
    (tmp_path / "kits").mkdir(parents=True)
    shutil.copy(DEMO, tmp_path / "kits" / DEMO.name)
    shutil.copytree(DEMO.parent.parent / "armies", tmp_path / "armies")
    return tmp_path / "kits" / DEMO.name


def test_a_warm_kit_imports_none_of_the_documents_jobs(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "KOLAPS_CACHE"} | {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    script = (
        "import sys\n"
        "from kolaps_print.kit.build import build_kit\n"
        f"build_kit({str(DEMO)!r}, {str(tmp_path / 'kit')!r})\n"
        f"print(sorted(m for m in sys.modules if m in {JOBS!r}))\n"
    )
    cold = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO, capture_output=True, text=True, check=True)
    assert "kolaps_print.jobs.rulebook" in cold.stdout  # the cold run makes the documents
    shutil.rmtree(tmp_path / "kit")
    warm = subprocess.run([sys.executable, "-c", script], env=env, cwd=REPO, capture_output=True, text=True, check=True)
    assert warm.stdout.strip() == "[]"


def test_a_warm_kit_makes_no_document_again(cache_home, tmp_path, monkeypatch):
    build_kit(DEMO, tmp_path / "cold")

    def never(*args, **kwargs):
        raise AssertionError("made again")

    for name in ("_reference", "_rulebook"):
        monkeypatch.setattr(documents, name, never)
    monkeypatch.setattr("kolaps_print.kit.cards._build", never)
    build_kit(DEMO, tmp_path / "warm")
    assert same_folders(tmp_path / "warm", tmp_path / "cold") == []


def test_spoiled_document_entries_are_made_again(cache_home, tmp_path, monkeypatch):
    """Every kept entry replaced by a PDF under its own header (a well-formed entry of the wrong
    shape for a cards step) or by garbage: each document is made again, the same bytes."""
    build_kit(DEMO, tmp_path / "cold")
    made = []
    for name in ("_reference", "_rulebook"):
        real = getattr(documents, name)
        monkeypatch.setattr(documents, name, lambda *a, real=real, name=name: made.append(name) or real(*a))
    for number, entry in enumerate(entries(cache_home, kept_pdfs.SUFFIX)):
        header = kept_pdfs.FORMAT + entry.stem.encode() + b"\n"
        entry.write_bytes(header + (b"\x00garbage" if number % 2 else __import__("marshal").dumps(("%PDF-", []))))
    build_kit(DEMO, tmp_path / "spoiled")
    assert sorted(made) == ["_reference", "_rulebook"]
    assert same_folders(tmp_path / "spoiled", tmp_path / "cold") == []


def test_a_changed_army_file_makes_its_cards_again(cache_home, tmp_path, monkeypatch):
    kit_file = copied_kit(tmp_path / "src")
    build_kit(kit_file, tmp_path / "before")
    army = tmp_path / "src" / "armies" / "les-damnes.yaml"
    army.write_text(army.read_text(encoding="utf-8").replace("Ézéchiel le Borgne", "Ézéchiel le Rouge"), "utf-8")
    build_kit(kit_file, tmp_path / "after")
    expected = uncached(kit_file, tmp_path / "expected", monkeypatch)
    assert same_folders(tmp_path / "after", expected) == []
    cards = "cards-les-damnes.pdf"
    assert (tmp_path / "after" / cards).read_bytes() != (tmp_path / "before" / cards).read_bytes()


def test_a_changed_template_makes_the_quickstart_again(cache_home, tmp_path, monkeypatch):
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    monkeypatch.setenv("KOLAPS_TEMPLATES", str(templates))
    build_kit(DEMO, tmp_path / "before")
    chapter = templates / "rulesets" / "kolaps" / "demarrage" / "01-premiers-pas.md.j2"
    text = chapter.read_text(encoding="utf-8")
    assert "pour deux joueurs" in text
    chapter.write_text(text.replace("pour deux joueurs", "pour deux joueuses"), encoding="utf-8")
    build_kit(DEMO, tmp_path / "after")
    expected = uncached(DEMO, tmp_path / "expected", monkeypatch)
    assert same_folders(tmp_path / "after", expected) == []
    assert "quickstart.pdf" in same_folders(tmp_path / "after", tmp_path / "before")


def test_a_kit_kept_under_source_date_epoch_is_not_served_without_it(cache_home, tmp_path, monkeypatch):
    # reportlab dates its PDFs by SOURCE_DATE_EPOCH: a kit built under one must not be served
    # to a run without it (book22 met it refreshing the frozen hashes).
    with monkeypatch.context() as m:
        m.setenv("SOURCE_DATE_EPOCH", "1700000000")
        build_kit(DEMO, tmp_path / "dated")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    build_kit(DEMO, tmp_path / "warm")
    cold = uncached(DEMO, tmp_path / "cold", monkeypatch)
    assert same_folders(tmp_path / "warm", cold) == []
    assert same_folders(tmp_path / "dated", cold)  # the dated build's PDFs differ
