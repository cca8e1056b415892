"""Golden bad inputs: each broken army file beside the exact messages `check` must print.

FILE stands for the army file's path, DIR for its folder and DATA for the built-in data/.
"""

from pathlib import Path

import pytest

from kolaps_print import resources
from kolaps_print.diagnostics import display_path

GOLDEN = Path(__file__).parent / "golden"
CASES = sorted(p.stem for p in GOLDEN.glob("*.yaml"))


def expected_lines(case: str, path: Path) -> list[str]:
    text = (GOLDEN / f"{case}.expected").read_text(encoding="utf-8")
    text = text.replace("FILE", str(path)).replace("DIR", str(path.resolve().parent))
    return text.replace("DATA", display_path(resources.data_dir())).splitlines()


def test_there_are_at_least_twenty_kinds_of_defect():
    assert len(CASES) >= 20


@pytest.mark.parametrize("case", CASES)
def test_check_prints_exactly_the_expected_messages(cli, case):
    path = GOLDEN / f"{case}.yaml"
    result = cli(["check", path])
    printed = [line for line in result.stderr.splitlines() if line.startswith(str(path))]
    assert printed == expected_lines(case, path)
    has_error = any(": error: " in line for line in printed)
    assert result.exit_code == (1 if has_error else 0)
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("case", [c for c in CASES if "warning" in (GOLDEN / f"{c}.expected").read_text()])
def test_strict_turns_warnings_into_errors(cli, case):
    result = cli(["check", "--strict", GOLDEN / f"{case}.yaml"])
    assert result.exit_code == 1
