"""`cards` of another ruleset's army does not import KOLAPS's game models (rules, catalogue,
scenario, army book): a ruleset deck's start-up paid for them through the layouts' files, the
rulesets' loader, the number formatter and the card protocol (speed14r, issue 13). KOLAPS's own
`cards` still imports them (the test would pass for nothing if no command did)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
KOLAPS_MODELS = ("kolaps_print.model.gamedata", "kolaps_print.model.rules", "kolaps_print.model.army_book")


def imported_models(army: str, tmp_path: Path) -> list[str]:
    """KOLAPS_MODELS that a fresh process imported while running `cards army`, which must succeed."""
    script = (
        "import sys\n"
        "from kolaps_print.cli import main\n"
        f"sys.argv = ['kolaps-print', 'cards', {army!r}, '-o', {str(tmp_path / 'out.pdf')!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        f"print(sorted(m for m in sys.modules if m in {KOLAPS_MODELS!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True)
    assert (tmp_path / "out.pdf").stat().st_size > 0
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def test_a_ruleset_deck_imports_none_of_kolaps_game_models(tmp_path):
    for army in ("data/rulesets/d12/armies/equipe-neon.yaml", "data/rulesets/3d6/armies/brigade-nocturne.yaml"):
        assert imported_models(army, tmp_path) == []


def test_kolaps_cards_still_import_them(tmp_path):
    assert imported_models("data/rulesets/kolaps/armies/section-kappa.yaml", tmp_path) == sorted(KOLAPS_MODELS)
