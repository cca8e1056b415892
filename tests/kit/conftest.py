"""Fixtures for the kit tests: kit files over the bundled demo armies, PDF inspection."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from types import SimpleNamespace

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from kolaps_print import resources

ARMIES = resources.data_dir() / "armies"


def fonts_not_embedded(pdf: bytes) -> list[str]:
    """Every font of every page (and of its forms) that has no embedded TrueType program."""
    bad = []
    for page in PdfReader(BytesIO(pdf)).pages:
        for font in _fonts(page.get("/Resources")):
            descriptor = font.get("/FontDescriptor")
            for descendant in font.get("/DescendantFonts") or []:
                descriptor = descendant.get_object().get("/FontDescriptor")
            if descriptor is None or "/FontFile2" not in descriptor.get_object():
                bad.append(str(font.get("/BaseFont")))
    return bad


def _fonts(resources, seen=None):
    seen = set() if seen is None else seen
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        if id(xobject.get_object()) not in seen:
            seen.add(id(xobject.get_object()))
            yield from _fonts(xobject.get_object().get("/Resources"), seen)


def page_texts(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


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
