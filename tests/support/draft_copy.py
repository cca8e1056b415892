"""Shared by the no-copied-text checks: where the draft rules are, and how text is cut into runs.

The draft's numbers and tables are facts to copy; its sentences are not. A run of RUN words
found in both a text of ours and the draft is a copied sentence.
"""

import re
import unicodedata
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
DRAFT_NAME = "000_245adc3472a3ef7b.txt"
RUN = 8


def draft_path() -> Path | None:
    """The draft sits in shared/ beside the checkout (../shared in CI)."""
    for base in (REPO.parent / "shared", REPO / "shared", Path("/work/shared")):
        path = base / "seeds" / DRAFT_NAME
        if path.is_file():
            return path
    return None


def words(text: str) -> list[str]:
    """Lowercase words with accents folded; apostrophes and punctuation only separate words,
    so « a » for « à » or a dropped accent in the draft's spelling does not hide a copied run."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.findall(r"[a-z0-9]+", text)


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i : i + n]) for i in range(len(w) - n + 1)}


def strings_in(node, where: str = "") -> list[tuple[str, str]]:
    """Every text in a YAML tree, with its path (key.0.key) to name it in a failure."""
    if isinstance(node, str):
        return [(where, node)]
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):  # a listed entry is named by its id when it has one
        items = [(_entry_name(item, i), item) for i, item in enumerate(node)]
    else:
        return []
    return [found for key, item in items for found in strings_in(item, f"{where}.{key}" if where else str(key))]


def _entry_name(item, index: int) -> str:
    name = item.get("id") if isinstance(item, dict) else None
    return f"{index}[{name}]" if isinstance(name, (str, int)) else str(index)


def copied_runs(root: Path, draft_text: str) -> dict[str, list[str]]:
    """'file:path' -> the first copied runs of the draft found in that text, for root's YAML files."""
    draft_runs = runs(draft_text)
    copied = {}
    for path in sorted(root.rglob("*.yaml")):
        tree = yaml.safe_load(path.read_text(encoding="utf-8"))
        for where, text in strings_in(tree):
            found = runs(text) & draft_runs
            if found:
                name = path.relative_to(root).as_posix()
                copied[f"{name}:{where}"] = sorted(" ".join(r) for r in found)[:2]
    return copied
