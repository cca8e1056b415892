"""Shared by the no-copied-text checks: where the draft rules are, and how text is cut into runs.

The draft's numbers and tables are facts to copy; its sentences are not. A run of RUN words
found in both a text of ours and the draft is a copied sentence.
"""

import re
import unicodedata
from pathlib import Path

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
