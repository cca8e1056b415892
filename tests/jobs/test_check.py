"""`check` of another ruleset's army neither imports nor reads KOLAPS's game data, as its `cards`
does not (rscards18: about half of a cold `check` of such an army); a KOLAPS army still does."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kolaps_print.jobs import check as job
from kolaps_print.model import gamedata

REPO = Path(__file__).resolve().parents[2]
OTHERS = [REPO / "data/rulesets/d12/armies/equipe-neon.yaml", REPO / "data/rulesets/3d6/armies/brigade-nocturne.yaml"]
KOLAPS_MODELS = ("kolaps_print.model.gamedata", "kolaps_print.model.rules", "kolaps_print.model.army_book")


def _unread() -> None:
    raise AssertionError("KOLAPS's game data read")


@pytest.fixture
def no_game_data(monkeypatch):
    """KOLAPS's game data made unreadable, wherever check_files may find its reader."""
    monkeypatch.setattr(gamedata, "builtin_game_data", _unread)
    monkeypatch.setattr(job, "builtin_game_data", _unread, raising=False)  # main bound it at import


def test_another_rulesets_armies_are_checked_without_kolaps_game_data(no_game_data):
    results = job.check_files(OTHERS)
    assert [r.ok for r in results] == [True, True], [r.diagnostics for r in results]
    assert "Équipe Néon (ruleset d12), 5 character(s)" in results[0].summary()


def test_a_kolaps_army_among_them_still_reads_it(no_game_data):
    with pytest.raises(AssertionError, match="game data read"):
        job.check_files([*OTHERS, REPO / "data/rulesets/kolaps/armies/section-kappa.yaml"])


def test_an_unreadable_file_still_reads_it_as_before(no_game_data, tmp_path):
    """Its ruleset is unknown: KOLAPS's data is read first, as before, so a broken data folder is
    still the command's error."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="game data read"):
        job.check_files([OTHERS[0], broken])


def test_checking_another_rulesets_army_imports_no_kolaps_model():
    script = (
        "import sys\n"
        "from kolaps_print.cli import main\n"
        f"sys.argv = ['kolaps-print', 'check', {str(OTHERS[0])!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        f"print(sorted(m for m in sys.modules if m in {KOLAPS_MODELS!r}))\n"
    )
    env = {**os.environ, "KOLAPS_CACHE": "off"}  # no replay of an earlier run: the check runs
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True, env=env)
    assert "ok: Équipe Néon" in done.stdout
    assert ast.literal_eval(done.stdout.strip().splitlines()[-1]) == []
