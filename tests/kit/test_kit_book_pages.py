"""The cards of a kit send a reader to pages of the book in the box (issue 16, designer's check):
a kit has one paper, its cards and its rulebook are both set on it, so a Letter kit's cards cite
the Letter book's pages (« Automatique p. 12 »), which is the book it ships. Read back from the
kit's own PDFs; the expected pages are found in the shipped book, never copied from the cards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pdf_text import page_texts  # tests/support

from kolaps_print import resources
from kolaps_print.kit.build import build_kit

KITS = resources.kolaps_dir() / "kits"
TRAITS = resources.kolaps_dir() / "rules" / "traits.yaml"


def flat(text: str) -> str:
    text = re.sub("\ufffe\r?\n?|\u00ad", "", text)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory) -> Path:
    """The demo kit on Letter with the full rulebook: one table, no tokens (quicker)."""
    spec = yaml.safe_load((KITS / "demo.yaml").read_text(encoding="utf-8"))
    spec |= {"paper": "letter", "rulebook": "full", "tables": 1, "tokens": False}
    spec["armies"] = [str((KITS / army).resolve()) for army in spec["armies"]]
    folder = tmp_path_factory.mktemp("kit")
    kit_file = folder / "kit.yaml"
    kit_file.write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    build_kit(kit_file, folder / "out")
    return folder / "out"


def test_a_letter_kit_s_cards_cite_the_pages_of_the_letter_book_it_ships(letter_kit):
    books = [p for p in letter_kit.glob("*.pdf") if "rulebook" in p.stem or "livre" in p.stem]
    assert len(books) == 1, sorted(p.name for p in letter_kit.iterdir())
    book = [flat(t) for t in page_texts(books[0].read_bytes())]
    cards = " ".join(flat(" ".join(page_texts(p.read_bytes()))) for p in letter_kit.glob("cards-*.pdf"))
    cited = 0
    for trait in yaml.safe_load(TRAITS.read_text(encoding="utf-8"))["traits"]:
        pages = {int(n) for n in re.findall(re.escape(trait["name"]) + r"(?: \([^)]*\))? p\. (\d+)", cards)}
        if not pages:
            continue  # no weapon of these armies has it
        explained = [i + 1 for i, text in enumerate(book) if flat(trait["text"])[:40] in text]
        assert pages == set(explained[:1]), (trait["id"], pages, explained)
        cited += 1
    assert cited >= 3  # the armies' weapons do carry traits, with their pages
