"""docs/playthrough.md (issue 16): its dice are the seeded generator's, used once each and in
order, and every page it cites exists in the kit."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TEXT = (REPO / "docs" / "playthrough.md").read_text(encoding="utf-8")


def _dice() -> list[int]:
    spec = importlib.util.spec_from_file_location("playthrough_dice", REPO / "docs" / "playthrough_dice.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.dice()


def test_every_die_is_the_generator_s_and_used_once_in_order():
    used = [(int(n), int(face)) for n, face in re.findall(r"#(\d+) (\d)\b", TEXT)]
    assert len(used) > 50
    rolled = _dice()
    for number, face in used:
        assert rolled[number - 1] == face, number
    numbers = [n for n, _ in used]
    assert numbers == list(range(1, len(numbers) + 1))  # none skipped, none reused


def test_it_plays_two_turns_and_lists_its_guesses_with_their_fixes():
    assert "## Turn 1" in TEXT and "## Turn 2" in TEXT and "## Turn 3" not in TEXT
    guesses = re.findall(r"^\d+\. \*\*.*\*\*.*?Now", TEXT, re.MULTILINE | re.DOTALL)
    assert guesses
    for page in re.findall(r"QS pp?\. (\d)", TEXT):
        assert 1 <= int(page) <= 4  # the quick-start has four pages
