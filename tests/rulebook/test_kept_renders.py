"""A chapter's rendered Markdown kept between --watch rebuilds (issue 15, seventeenth session):
taken again only while every template its render loaded reads as it did."""

from __future__ import annotations

import shutil

import pytest

from kolaps_print import resources
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.rulebook import kept_renders, templating
from kolaps_print.rulebook.sources import load_sources

CHAPTER = "essai.md.j2"


@pytest.fixture
def book(tmp_path, monkeypatch):
    monkeypatch.setattr(kept_renders, "_KEPT", type(kept_renders._KEPT)())
    folder = tmp_path / "book"
    shutil.copytree(resources.bundled("templates") / "rulesets" / "kolaps", folder)
    (folder / CHAPTER).write_text(
        '# Essai {#essai}\n\n{% include "part.j2" %}\n\n{% include "absent.j2" ignore missing %}\n', encoding="utf-8"
    )
    (folder / "part.j2").write_text("Un texte inclus.\n", encoding="utf-8")
    return folder


def _render(folder) -> str:
    """The chapter rendered as a rebuild renders it: a new environment, the sources read afresh."""
    resources.clear_cached_reads()
    env = templating.make_environment(folder)
    return templating.render_chapter(env, load_sources(folder), CHAPTER, builtin_game_data(), "full").markdown


def test_an_unchanged_chapter_is_taken_from_the_kept_renders_without_rendering(book, monkeypatch):
    first = _render(book)
    monkeypatch.setattr(templating, "render_in_context", lambda *a: pytest.fail("rendered again"))
    assert _render(book) == first


def test_an_edit_of_a_template_the_chapter_includes_renders_it_again(book):
    assert "Un texte inclus." in _render(book)
    (book / "part.j2").write_text("Un texte changé.\n", encoding="utf-8")
    assert "Un texte changé." in _render(book)


def test_a_template_it_did_not_find_then_found_renders_it_again(book):
    assert "Enfin là." not in _render(book)
    (book / "absent.j2").write_text("Enfin là.\n", encoding="utf-8")
    assert "Enfin là." in _render(book)


def test_another_edition_is_rendered_afresh(book, monkeypatch):
    _render(book)
    rendered = []
    real = templating.render_in_context
    monkeypatch.setattr(templating, "render_in_context", lambda *a: rendered.append(a[2]) or real(*a))
    env = templating.make_environment(book)
    templating.render_chapter(env, load_sources(book), CHAPTER, builtin_game_data(), "quickstart")
    assert rendered == [CHAPTER]


def test_the_renders_kept_are_bounded(book, monkeypatch):
    monkeypatch.setattr(kept_renders, "KEPT", 1)
    _render(book)
    env = templating.make_environment(book)
    templating.render_chapter(env, load_sources(book), CHAPTER, builtin_game_data(), "quickstart")
    assert [key[4] for key in kept_renders._KEPT] == ["quickstart"]


def test_a_render_larger_than_kept_chars_is_not_kept(book, monkeypatch):
    monkeypatch.setattr(kept_renders, "KEPT_CHARS", 10)
    _render(book)
    assert not kept_renders._KEPT
