"""Every KOLAPS product, built through the real CLI, and the SHA-256 of each file it writes.

tests/test_frozen_outputs.py compares these hashes with tests/support/frozen_outputs.json, so a
refactoring that changes one byte of KOLAPS's print fails. Refreshing the file is a deliberate
step (docs/rulesets.md, « KOLAPS's frozen outputs »):

    .venv/bin/python tests/support/refresh_frozen_outputs.py

The matrix: every demo army as poker cards, duplex; one army for each other card size (mini,
tarot) and each other layout (fold, short-edge flip, print shop); the reference sheet and its
cards; the rulebook, its quick-start and its proof; the demo kit (dated by its kit file, so
its stamp does not follow the calendar).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from kolaps_print import resources

HASHES = Path(__file__).with_name("frozen_outputs.json")
ARMIES = ("section-kappa", "les-damnes", "vampires")
DEMO_KIT = "demo.yaml"

Runner = Callable[[Sequence[object]], object]


def demo_army(name: str) -> Path:
    """A KOLAPS demo army file of the data folder in use."""
    return resources.kolaps_dir() / "armies" / f"{name}.yaml"


def demo_kit() -> Path:
    return resources.kolaps_dir() / "kits" / DEMO_KIT


def _commands(out: Path) -> dict[str, list[object]]:
    """Product name -> the CLI arguments that write it to out/NAME.pdf."""
    cards = {f"cards-{army}-poker-duplex": ["cards", demo_army(army)] for army in ARMIES}
    cards |= {
        "cards-les-damnes-mini-duplex": ["cards", demo_army("les-damnes"), "--card", "mini"],
        "cards-vampires-tarot-duplex": ["cards", demo_army("vampires"), "--card", "tarot"],
        "cards-section-kappa-tarot-letter": [
            "cards",
            demo_army("section-kappa"),
            "--card",
            "tarot",
            "--paper",
            "letter",
        ],
        "cards-section-kappa-poker-fold": ["cards", demo_army("section-kappa"), "--layout", "fold"],
        "cards-les-damnes-mini-fold": ["cards", demo_army("les-damnes"), "--card", "mini", "--layout", "fold"],
        "cards-vampires-poker-short": ["cards", demo_army("vampires"), "--flip", "short"],
        "cards-section-kappa-poker-print-shop": ["cards", demo_army("section-kappa"), "--print-shop"],
        "cards-les-damnes-tarot-print-shop": ["cards", demo_army("les-damnes"), "--card", "tarot", "--print-shop"],
    }
    books = {
        "reference": ["tables"],
        "reference-cards": ["tables", "--format", "cards"],
        "rulebook": ["rulebook"],
        "quickstart": ["rulebook", "--edition", "quickstart"],
        "proof": ["rulebook", "--proof"],
    }
    return {name: [*args, "-o", out / f"{name}.pdf"] for name, args in (cards | books).items()}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_hashes(run: Runner, out: Path) -> dict[str, str]:
    """Build every product into out through run (the CLI: args -> result with exit_code and
    stderr); product (or kit/FILE) -> SHA-256. A failing command raises AssertionError."""
    hashes = {}
    for name, args in _commands(out).items():
        _succeeded(run(args), name)
        hashes[name] = _sha256(Path(str(args[-1])))
    kit = out / "kit"
    _succeeded(run(["kit", demo_kit(), "-o", kit]), "kit")
    for path in sorted(p for p in kit.rglob("*") if p.is_file()):
        hashes[f"kit/{path.relative_to(kit).as_posix()}"] = _sha256(path)
    return hashes


def _succeeded(result, name: str) -> None:
    assert result.exit_code == 0, f"{name}: exit {result.exit_code}: {result.stderr}"


# The libraries whose own code writes bytes into the products: another release may write the
# same page differently (CI's run at the declared minimums does), so the hashes hold for these.
WRITERS = ("reportlab", "pypdf", "pillow", "pypdfium2")


def writer_versions() -> dict[str, str]:
    from importlib.metadata import version

    return {name: version(name) for name in WRITERS}


def frozen_with() -> dict[str, str]:
    """The writers' versions the hashes were recorded with."""
    return json.loads(HASHES.read_text(encoding="utf-8"))["made_with"]


def frozen() -> dict[str, str]:
    return json.loads(HASHES.read_text(encoding="utf-8"))["sha256"]


def write_frozen(hashes: dict[str, str]) -> None:
    text = {
        "about": "SHA-256 of every KOLAPS product; refresh: tests/support/refresh_frozen_outputs.py",
        "made_with": writer_versions(),
        "sha256": hashes,
    }
    HASHES.write_text(json.dumps(text, indent=1, sort_keys=True) + "\n", encoding="utf-8")
