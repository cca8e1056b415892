"""cli/quick.py: a plain `cards` or `check` of files runs without typer, and says, writes and
exits exactly as typer's run of the same command line (which takes anything not plain)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
D12 = "data/rulesets/d12/armies/equipe-neon.yaml"
D3 = "data/rulesets/3d6/armies/brigade-nocturne.yaml"
KAPPA = "data/rulesets/kolaps/armies/section-kappa.yaml"
QUICK = "import sys; from kolaps_print.cli import main; main(); print(sorted(m for m in sys.modules if m == 'typer'))"
TYPER = (
    "import kolaps_print.cli.quick as quick; quick.run = lambda argv: False; from kolaps_print.cli import main; main()"
)
ENV = {**os.environ, "KOLAPS_CACHE": "off", "COLUMNS": "100"}  # no replayed check: each run runs


def run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True, text=True, env=ENV)


@pytest.mark.parametrize("args", [["cards", D12, "-o", "{out}"], ["check", D12, D3]], ids=" ".join)
def test_a_plain_run_imports_no_typer(args, tmp_path):
    done = run(QUICK, *(a.format(out=tmp_path / "out.pdf") for a in args))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    "args",
    [
        ["cards", D12, "-o", "{out}"],
        ["cards", D3, "--output", "{out}", "--paper", "letter", "--layout", "fold", "--flip", "short", "--strict"],
        ["cards", KAPPA, "--card", "mini", "--edition", "quickstart", "-o", "{out}"],
        ["cards", "{tmp}/missing.yaml", "-o", "{out}"],  # exit 1, located
        ["cards", "{tmp}/broken.yaml", "-o", "{out}"],
        ["cards", D12, "--paper", "a3x", "-o", "{out}"],  # a usage error: typer's
        ["cards", D12, "--card", "tarot", "--paper", "a6", "-o", "{out}"],  # a card larger than the paper
        ["cards", D12, "-o", ""],
        ["cards", D12, "-o", "{out}", "-o", "{out}"],
        ["cards", D12, D3, "-o", "{out}"],
        ["check", D12, KAPPA],
        ["check", "--json", "--strict", D3, "{tmp}/broken.yaml"],
        ["check", "{tmp}/broken.yaml"],
        ["check", D12, "--ruleset", "d12"],
    ],
    ids=lambda a: " ".join(Path(w).name for w in a),
)
def test_a_run_says_writes_and_exits_as_typers(args, tmp_path):
    (tmp_path / "broken.yaml").write_text("name: Sans ruleset\ncharacters: [\n", encoding="utf-8")
    words = [a.format(out=tmp_path / "out.pdf", tmp=tmp_path) for a in args]
    seen = []
    for code in (QUICK, TYPER):
        (tmp_path / "out.pdf").unlink(missing_ok=True)
        done = run(code, *words)
        stdout = done.stdout.removesuffix("['typer']\n").removesuffix("[]\n")
        written = (tmp_path / "out.pdf").read_bytes() if (tmp_path / "out.pdf").exists() else None
        seen.append((done.returncode, stdout, done.stderr, written))
    assert seen[0] == seen[1]
    assert seen[0][1] or seen[0][2]
