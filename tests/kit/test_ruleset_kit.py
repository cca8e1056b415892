"""`kolaps-print kit` with another ruleset's armies (issue 13), through the CLI and read back:
its cards, its own sheet and short book, its dice in the packing list; a kit mixing rulesets,
a scenario or tokens asked of a ruleset's kit, each located."""

from __future__ import annotations

import re

import pypdf
import pytest
from pdf_text import page_texts  # tests/support

from kolaps_print import resources

RULESETS = resources.data_dir() / "rulesets"
SHEET_HEAD = re.compile(r"L’échelle du d12\s+Aide de jeu")  # the sheet's title line, KOLAPS's (rsstyle21)


def army(ruleset_id: str) -> str:
    (path,) = (RULESETS / ruleset_id / "armies").glob("*.yaml")
    return str(path)


def write_kit(tmp_path, *armies: str, extra: str = ""):
    kit = tmp_path / "demo-d12.yaml"
    listed = "".join(f"\n  - {a}" for a in armies)
    kit.write_text(f"name: Démo d12\ndate: 2027-03-14\narmies:{listed}\n{extra}", encoding="utf-8")
    return kit


def plain(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


@pytest.fixture(scope="module")
def d12_kit(cli, tmp_path_factory):
    folder = tmp_path_factory.mktemp("d12-kit")
    kit = write_kit(folder, army("d12"), army("d12"), extra="tables: 2\nrulebook: full\n")
    result = cli(["kit", kit, "-o", folder / "out"])
    assert result.exit_code == 0, result.stderr
    return folder / "out", result


def test_a_ruleset_kit_prints_its_cards_its_sheet_and_its_book(d12_kit):
    out, result = d12_kit
    assert sorted(p.name for p in out.iterdir()) == [
        "cards-equipe-neon-2.pdf",
        "cards-equipe-neon.pdf",
        "demo-d12.zip",
        "kit-carton.pdf",
        "kit-papier.pdf",
        "kolaps-manifest.sha256",
        "packing-list.md",
        "previews",
        "reference.pdf",
        "rulebook-d12.pdf",
    ]
    sheet = plain(" ".join(page_texts((out / "reference.pdf").read_bytes())))
    assert SHEET_HEAD.search(sheet) and "Barreaux de l’échelle" in sheet  # its own labels
    book = plain(" ".join(page_texts((out / "rulebook-d12.pdf").read_bytes())))
    assert "Nos décisions" in book and "D12-E1" in book
    cards = plain(" ".join(page_texts((out / "cards-equipe-neon.pdf").read_bytes())))
    assert "Yuna Kade" in cards and "Équipe Néon" in cards
    stamp = "Démo d12 · 14 mars 2027 · données "
    for kit_pdf in ("kit-carton.pdf", "kit-papier.pdf"):
        assert all(stamp in plain(text) for text in page_texts((out / kit_pdf).read_bytes()))
    assert "tokens.pdf" not in result.stdout and "quickstart" not in result.stdout


def test_the_kit_pdfs_hold_every_document_once_per_table(d12_kit):
    """kit-carton.pdf: the cards, table after table; kit-papier.pdf: the packing list, then each
    table's sheets and book."""
    out, _ = d12_kit
    pages = {
        name: len(pypdf.PdfReader(out / name).pages)
        for name in ("cards-equipe-neon.pdf", "reference.pdf", "rulebook-d12.pdf")
    }
    paper = [plain(t) for t in page_texts((out / "kit-papier.pdf").read_bytes())]
    # the book, once per table: its contents page (it shares its page with the first chapter)
    assert sum(t.startswith("Sommaire") or " Sommaire " in t[:40] for t in paper) == 2
    assert sum(bool(SHEET_HEAD.search(t)) for t in paper) == 2 * 2  # two players, two tables
    assert len(paper) >= 2 * (2 * pages["reference.pdf"] + pages["rulebook-d12.pdf"])
    carton = [plain(t) for t in page_texts((out / "kit-carton.pdf").read_bytes())]
    assert sum("Yuna Kade" in t for t in carton) >= 2 * 2  # both armies' cards (a mirror match), both tables
    assert len(carton) >= 2 * 2 * pages["cards-equipe-neon.pdf"]


def test_the_packing_list_says_the_system_s_dice_and_miniatures(d12_kit):
    out, _ = d12_kit
    packing = plain((out / "packing-list.md").read_text(encoding="utf-8"))
    assert "Dés : un d12 et un d6 pour chacun des 4 joueurs" in packing
    assert "Figurines « Équipe Néon » : 10 (5 par table)" in packing
    assert "Règles courtes : L’échelle du d12" in packing
    assert "E60" not in packing  # KOLAPS's two-coloured wound dice are not this system's


def test_previews_are_the_ruleset_cards_faces(d12_kit):
    out, _ = d12_kit
    names = sorted(p.name for p in (out / "previews").iterdir())
    assert names[:2] == ["equipe-neon-01-yuna-kade-recto.png", "equipe-neon-01-yuna-kade-verso.png"]
    assert len(names) == 10


def test_a_kit_mixing_rulesets_is_located_at_the_army_and_writes_nothing(cli, tmp_path):
    kappa = resources.kolaps_dir() / "armies" / "section-kappa.yaml"
    kit = write_kit(tmp_path, str(kappa), army("d12"))
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert (
        f"{kit}:5:5: error: armies[1]: army file '{army('d12')}' is for the 'd12' ruleset, the kit's first army "
        "for 'kolaps': a kit prints one game system (make one kit per ruleset)"
    ) in result.stderr
    assert not (tmp_path / "out").exists()
    kit = write_kit(tmp_path, army("d100"), army("3d6"))
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1 and "is for the '3d6' ruleset, the kit's first army for 'd100'" in result.stderr


def test_a_scenario_is_an_error_and_tokens_a_warning_in_a_ruleset_kit(cli, tmp_path):
    kit = write_kit(tmp_path, army("d100"), extra="scenario: premier-contact\n")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert f"{kit}:5:11: error: scenario: scenarios are KOLAPS's demo tables: a 'd100' kit has none" in result.stderr
    kit = write_kit(tmp_path, army("d100"), extra="tokens: true\nrulebook: none\n")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    assert (
        f"{kit}:5:9: warning: tokens: the tokens sheet is KOLAPS's: the 'd100' kit is made without it" in result.stderr
    )
    assert not (tmp_path / "out" / "tokens.pdf").exists() and not (tmp_path / "out" / "rulebook-d100.pdf").exists()
    strict = cli(["kit", kit, "--strict", "-o", tmp_path / "strict"])
    assert strict.exit_code == 1 and not (tmp_path / "strict").exists()
