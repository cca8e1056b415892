"""A data folder in the layout before issue 13 moved KOLAPS into data/rulesets/kolaps/."""

import shutil
from pathlib import Path

from kolaps_print import resources


def old_layout_copy(data: Path, target: Path) -> Path:
    """target: a copy of the data folder with KOLAPS's own files (rules/, weapons.yaml, armies/...)
    back in the folder itself and no rulesets/kolaps/, as data folders were laid out before."""
    shutil.copytree(data, target)
    own = target / resources.KOLAPS_FOLDER
    for item in sorted(own.iterdir()):
        item.rename(target / item.name)
    own.rmdir()
    return target
