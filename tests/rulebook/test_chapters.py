"""The chapters are our own French: no run of 8 words of the draft rules survives in them."""

import re
from pathlib import Path

import pytest

from kolaps_print import resources

REPO = Path(__file__).resolve().parents[2]
DRAFT_NAME = "000_245adc3472a3ef7b.txt"
RUN = 8


def _draft() -> Path | None:
    for base in (REPO.parent / "shared", REPO / "shared", Path("/work/shared")):
        path = base / "seeds" / DRAFT_NAME
        if path.is_file():
            return path
    return None


def words(text: str) -> list[str]:
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{##.*?##\}", " ", text, flags=re.S)  # Jinja is not prose
    text = text.lower().replace("\u2019", "'").replace("œ", "oe")
    return re.findall(r"[a-zàâäçéèêëîïôöùûüÿ0-9]+", text)


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i : i + n]) for i in range(len(w) - n + 1)}


def chapters() -> list[Path]:
    return sorted((resources.templates_dir() / "rulebook").rglob("*.md.j2"))


def test_the_check_catches_a_copied_sentence():
    draft = "Cette alternance d'activation forme un tour de jeu complet pour tous."
    assert runs(draft) & runs("Bref : cette alternance d’activation forme un tour de jeu complet, voilà.")


@pytest.mark.skipif(_draft() is None, reason="the draft rules (shared/seeds) are not beside this checkout")
def test_no_eight_word_run_of_the_draft_in_the_chapters():
    draft_runs = runs(_draft().read_text(encoding="utf-8"))
    copied = {}
    for path in chapters():
        found = runs(path.read_text(encoding="utf-8")) & draft_runs
        if found:
            copied[path.name] = sorted(" ".join(r) for r in found)[:3]
    assert not copied, copied


def test_every_chapter_is_in_an_edition():
    book = (resources.templates_dir() / "rulebook" / "book.yaml").read_text(encoding="utf-8")
    for path in chapters():
        rel = path.relative_to(resources.templates_dir() / "rulebook").as_posix()
        assert rel in book, f"{rel} is in no edition of book.yaml"


# ---- no rule number typed into the prose -----------------------------------------
def prose_digits(source: str) -> list[str]:
    """Digits left in a chapter once Jinja, list markers and dice notation are set aside.

    Numbers belong in {{ … }} (read from the data) or in {% set %} example inputs; what is
    left in the prose would be a rule number typed by hand.
    """
    text = re.sub(r"\{##.*?##\}|\{\{.*?\}\}|\{%.*?%\}", " ", source, flags=re.S)
    found = []
    for line in text.splitlines():
        line = re.sub(r"^\s*\d+\. ", "", line)  # ordered-list markers
        line = re.sub(r"\b\d*X?[DCM]6\b|X[DCM]?\s*6\b", "", line)  # dice notation: 2C6, XD6, X{{ code }}6
        found += re.findall(r"\S*\d\S*", line)
    return found


def test_the_prose_check_catches_a_typed_number():
    assert prose_digits("il passe un test de difficulté 1 au rang modifié") == ["1"]
    assert prose_digits("un test de difficulté {{ rules.wounds.full_location_test_difficulty }}") == []
    assert prose_digits("1. on lance 2C6 ou XD6, **X{{ r.code }}6**") == []


@pytest.mark.parametrize("path", chapters(), ids=lambda p: p.name)
def test_chapters_type_no_rule_number(path):
    assert prose_digits(path.read_text(encoding="utf-8")) == []
