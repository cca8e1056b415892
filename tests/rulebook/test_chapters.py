"""The chapters are our own French: no run of 8 words of the draft rules survives in them."""

import re
from pathlib import Path

import pytest
from draft_copy import draft_path as _draft  # tests/support (pytest pythonpath)
from draft_copy import runs as _runs

from kolaps_print import resources

JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{##.*?##\}", re.S)


def runs(text: str) -> set[tuple[str, ...]]:
    """Runs of prose words: Jinja expressions and statements are not prose."""
    return _runs(JINJA.sub(" ", text))


def chapters() -> list[Path]:
    return sorted((resources.rulebook_dir()).rglob("*.md.j2"))


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


def _data_strings(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        node = list(node.values())
    if isinstance(node, list):
        return [s for item in node for s in _data_strings(item)]
    return []


def _rendered_chapters() -> dict[str, str]:
    """Every chapter's Markdown as the build renders it, with the built-in game data."""
    from kolaps_print.model.gamedata import builtin_game_data
    from kolaps_print.rulebook.sources import load_sources
    from kolaps_print.rulebook.templating import make_environment, render_chapter

    folder = resources.rulebook_dir()
    sources, data = load_sources(folder), builtin_game_data()
    env = make_environment(folder)
    out = {}
    for path in chapters():
        name = path.relative_to(folder).as_posix()
        markdown = render_chapter(env, sources, name, data, "full").markdown
        out[name] = re.sub(r"\{#[^}]*\}|\]\(#[^)]*\)", " ", markdown)  # anchors and link targets are not prose
    return out


@pytest.mark.skipif(_draft() is None, reason="the draft rules (shared/seeds) are not beside this checkout")
def test_no_eight_word_run_of_the_draft_in_the_rendered_chapters():
    """The template check above cannot see a run that a chapter's words make with a number or a
    data sentence next to them ('XC6 : ' + the roll's text). Runs lying wholly inside one string
    of data/ are the data's own business (tests/model), not the chapters'."""
    import yaml

    draft_runs = runs(_draft().read_text(encoding="utf-8"))
    data_runs = set()
    for path in sorted(resources.data_dir().rglob("*.yaml")):
        for text in _data_strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            data_runs |= runs(text)
    copied = {}
    for name, markdown in _rendered_chapters().items():
        blocks = re.split(r"\n\s*\n|\n(?=#)", markdown)  # a run does not cross a paragraph or a heading
        found = set().union(*(runs(b) for b in blocks)) & draft_runs - data_runs
        if found:
            copied[name] = sorted(" ".join(r) for r in found)[:3]
    assert not copied, copied


def test_the_rendered_check_sees_a_run_built_with_a_number():
    draft = runs("Une attaque effectuée sur une cible à moins de 5 cm s'effectue")
    assert runs("Tir sur une cible à moins de 5 cm : −2") & draft


def test_every_chapter_is_in_an_edition():
    book = (resources.rulebook_dir() / "book.yaml").read_text(encoding="utf-8")
    for path in chapters():
        rel = path.relative_to(resources.rulebook_dir()).as_posix()
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
