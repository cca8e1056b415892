"""`cards` of another ruleset's army does not import KOLAPS's game models (rules, catalogue,
scenario, army book): a ruleset deck's start-up paid for them through the layouts' files, the
rulesets' loader, the number formatter and the card protocol (speed14r, issue 13). KOLAPS's own
`cards` still imports them (the test would pass for nothing if no command did).

Nor does a deck import what only other commands use (imports24): Pillow (reportlab reads it for a
bitmap: lazy_patterns.pil_on_use), the chance tables' engines, difflib (a message's « did you
mean »); KOLAPS's cards and `check` do not import html either (typography.escape)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
KOLAPS_MODELS = ("kolaps_print.model.gamedata", "kolaps_print.model.rules", "kolaps_print.model.army_book")
DEFERRED = ("PIL", "PIL.Image", "kolaps_print.engines", "kolaps_print.engines.d12", "difflib", "html")


def imported_models(
    army: str, tmp_path: Path, modules: tuple[str, ...] = KOLAPS_MODELS, command: str = "cards"
) -> list[str]:
    """The modules that a fresh process imported while running `cards army` (or `check army`),
    which must succeed."""
    out = ["-o", str(tmp_path / "out.pdf")] if command == "cards" else []
    script = (
        "import sys\n"
        "from kolaps_print.cli import main\n"
        f"sys.argv = ['kolaps-print', {command!r}, {army!r}, *{out!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        f"print(sorted(m for m in sys.modules if m in {modules!r}))\n"
    )
    env = {**os.environ, "KOLAPS_CACHE": "off"}  # a check is not replayed; the data read and validated
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True, env=env)
    if command == "cards":
        assert (tmp_path / "out.pdf").stat().st_size > 0
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def test_a_ruleset_deck_imports_none_of_kolaps_game_models(tmp_path):
    for army in ("data/rulesets/d12/armies/equipe-neon.yaml", "data/rulesets/3d6/armies/brigade-nocturne.yaml"):
        assert imported_models(army, tmp_path) == []


def test_kolaps_cards_still_import_them(tmp_path):
    assert imported_models("data/rulesets/kolaps/armies/section-kappa.yaml", tmp_path) == sorted(KOLAPS_MODELS)


def test_a_ruleset_deck_imports_no_pillow_engine_or_difflib(tmp_path):
    for army in ("data/rulesets/d12/armies/equipe-neon.yaml", "data/rulesets/d100/armies/les-convoyeurs.yaml"):
        assert imported_models(army, tmp_path, DEFERRED) == ["html"]  # platypus's paragraphs parse markup


def test_kolaps_cards_and_check_import_no_html_engine_or_difflib(tmp_path):
    army = "data/rulesets/kolaps/armies/section-kappa.yaml"
    assert imported_models(army, tmp_path, DEFERRED) == ["PIL", "PIL.Image"]  # its portraits are bitmaps
    assert imported_models(army, tmp_path, DEFERRED, "check") == []
