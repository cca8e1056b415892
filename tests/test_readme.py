"""The README's two set-up commands are the ones CI runs, and they stay two."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", setup)


def test_readme_gives_exactly_two_setup_commands():
    commands = readme_commands()
    assert len(commands) == 2
    assert "kolaps-print cards data/rulesets/kolaps/armies/section-kappa.yaml" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()


def test_the_demo_army_named_in_the_readme_exists():
    assert (REPO / "data" / "rulesets" / "kolaps" / "armies" / "section-kappa.yaml").is_file()
