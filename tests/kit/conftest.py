"""Fixtures for the kit tests: kit files over the bundled demo armies, PDF inspection."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from pdf_fonts import pdf_fonts  # tests/support
from pdf_text import page_texts  # tests/support

from kolaps_print import resources

ARMIES = resources.kolaps_dir() / "armies"


def fonts_not_embedded(pdf: bytes) -> list[str]:
    """Every font of every page (and of its forms) that has no embedded TrueType program."""
    return [name for name, embedded in pdf_fonts(pdf).items() if not embedded]


@pytest.fixture(scope="session")
def pdf_tools():
    return SimpleNamespace(fonts_not_embedded=fonts_not_embedded, page_texts=page_texts)


def write_kit(folder: Path, body: str, name: str = "kit.yaml") -> Path:
    path = folder / name
    path.write_text(body, encoding="utf-8")
    return path


@pytest.fixture
def kit_file(tmp_path):
    """kit_file(extra_yaml, armies=[...]) -> a kit file in tmp_path over the demo armies."""

    def make(extra: str = "", armies=("section-kappa", "les-damnes"), name: str = "kit.yaml") -> Path:
        lines = ["name: Démo Test", "date: 2027-03-14", "armies:"]
        lines += [f"  - {ARMIES / a}.yaml" for a in armies]
        return write_kit(tmp_path, "\n".join(lines) + "\n" + extra, name)

    return make


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    """A cache folder of the test's own (kit/kept_pdfs.py and the other kept steps)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    return tmp_path / "cache" / "kolaps-print"
