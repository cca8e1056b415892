"""The kit reads KOLAPS's game data once per build: its rulebook's check is handed the data its
armies were checked with (kit/documents.py), and makes the same book as when it reads it itself."""

from __future__ import annotations

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.kit import documents
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.stamp import Stamper
from kolaps_print.rulebook import check


def test_the_kits_rulebook_reads_no_game_data_again(kit_file, monkeypatch):
    kit = load_kit(kit_file("rulebook: quickstart\n"))
    assert kit.data is not None

    def read_again(*args, **kwargs):
        raise AssertionError("the kit's rulebook read the game data again")

    with monkeypatch.context() as patched:
        patched.setattr(check, "load_game_data", read_again)
        parts = documents.rulebook_parts(kit, Stamper("", ""))
    assert parts and parts[0].kind == "quickstart"


def test_a_book_made_with_the_data_handed_is_the_book_made_without(kit_file):
    kit = load_kit(kit_file("rulebook: quickstart\n"))
    options = RulebookOptions(edition="quickstart", paper=kit.spec.paper, scenario=kit.spec.scenario)
    assert build_rulebook(options, kit.data).pdf == build_rulebook(options).pdf
