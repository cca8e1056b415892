"""An army read into an ArmyBook (load_army), and what it keeps once it is valid (issue 15:
10,000 characters in under 100 MiB)."""

from __future__ import annotations

from pathlib import Path

from kolaps_print.load import load_yaml
from kolaps_print.model.army_book import load_army

ARMY = """\
name: Essai
affiliation: apc
characters:
  - {name: Anna Weber, rank: 1, mvt: 4, cib: 2, weapons: [pistolet]}
  - {name: Boris Varga, rank: 2, mvt: 3, cib: 3, weapons: [pistolet]}
  - {name: Chloé Dumont, rank: 0, mvt: 5, cib: 1, avatar: true, archetype: Soldat}
"""


def _army(tmp_path: Path) -> Path:
    path = tmp_path / "army.yaml"
    path.write_text(ARMY, encoding="utf-8")
    return path


def test_each_character_says_which_fields_its_file_wrote(tmp_path):
    """Characters written with the same keys share one set of names: each still says exactly
    the keys its own entry wrote, and a copy that changes a field changes its own set only."""
    book = load_army(_army(tmp_path))
    anna, boris, chloe = (m.character for m in book.members)
    assert anna.model_fields_set == boris.model_fields_set == {"name", "rank", "mvt", "cib", "weapons"}
    assert chloe.model_fields_set == {"name", "rank", "mvt", "cib", "avatar", "archetype"}
    copied = anna.model_copy(update={"copies": 2})
    assert "copies" in copied.model_fields_set
    assert "copies" not in anna.model_fields_set | boris.model_fields_set


def test_a_valid_army_keeps_its_marks_not_its_data(tmp_path):
    """The file's data is let go once the army is valid; its marks still locate a message."""
    path = _army(tmp_path)
    doc = load_yaml(path, str(path))
    book = load_army(path, doc=doc)
    assert doc.data is None and book.doc is doc
    located = book.doc.diagnostic(("characters", 1, "name"), "a message", "warning")
    assert (located.line, located.col) == (5, 12)  # « Boris Varga », line 5
