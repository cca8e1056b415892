"""Data and templates folders in the layout before issue 13 moved KOLAPS into rulesets/kolaps/."""

import shutil
from pathlib import Path

from kolaps_print import resources


def old_layout_copy(folder: Path, target: Path, old_place: str = "") -> Path:
    """target: a copy of the folder with KOLAPS's own files (rulesets/kolaps/...) back at
    old_place under it and no rulesets/kolaps/, as folders were laid out before: for a data
    folder, in the folder itself (rules/, weapons.yaml, armies/...)."""
    shutil.copytree(folder, target)
    own, old = target / resources.KOLAPS_FOLDER, target / old_place
    old.mkdir(exist_ok=True)
    for item in sorted(own.iterdir()):
        item.rename(old / item.name)
    own.rmdir()
    return target


def old_templates_copy(templates: Path, target: Path) -> Path:
    """target: a copy of the templates folder with KOLAPS's book.yaml and chapters in rulebook/,
    as before, beside the other systems' rulesets/<id>/."""
    return old_layout_copy(templates, target, resources.OLD_KOLAPS_BOOK)
