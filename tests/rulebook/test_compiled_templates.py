"""The chapters' compiled templates kept in the user's cache folder (rulebook/compiled.py): a
book is the same bytes without the cache, cold, warm, with corrupt, planted or unusable entries
and after an edit; an entry answers only for its own template's exact text; the sandbox still
holds for code read from the cache."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import traceback
from pathlib import Path

import pytest
from jinja2.sandbox import SecurityError

from kolaps_print import resources
from kolaps_print.rulebook import compiled, templating
from kolaps_print.rulebook.sandbox import MAX_STEPS, TemplateLimitError


@pytest.fixture
def book(tmp_path):
    """A copy of the d12 book's chapters (the smallest bundled book), and a cache of its own."""
    shutil.copytree(resources.ruleset_templates("d12"), tmp_path / "book")
    return tmp_path


def build(project: Path, name: str, cache: str = "on", cache_home: Path | None = None) -> bytes:
    env = {k: v for k, v in os.environ.items() if k not in ("KOLAPS_CACHE", "XDG_CACHE_HOME")}
    env |= {"KOLAPS_CACHE": cache, "XDG_CACHE_HOME": str(cache_home or project / "cache")}
    command = ["rulebook", "--ruleset", "d12", "--templates", "book", "-o", f"{name}.pdf"]
    result = subprocess.run(
        [sys.executable, "-m", "kolaps_print", *command], cwd=project, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return (project / f"{name}.pdf").read_bytes()


def entries(project: Path) -> list[Path]:
    return sorted((project / "cache" / "kolaps-print").glob("*.jinja"))


CHAPTERS = 4  # the d12 book's chapters


def test_a_book_is_the_same_bytes_without_the_cache_cold_warm_and_with_broken_entries(book):
    without = build(book, "off", cache="off")
    assert not (book / "cache").exists()  # switched off: nothing written
    assert build(book, "cold") == without
    assert len(entries(book)) == CHAPTERS
    for entry in entries(book):
        assert entry.stat().st_mode & 0o777 == 0o600
    stored = {e: e.read_bytes() for e in entries(book)}
    assert build(book, "warm") == without
    assert {e: e.read_bytes() for e in entries(book)} == stored  # read, not written again
    corrupt = [b"", b"garbage", compiled.FORMAT, None, None]
    for entry, content in zip(entries(book), corrupt, strict=False):
        text = stored[entry]
        # None: a valid header whose code is cut short
        entry.write_bytes(content if content is not None else text[: len(text) - 40])
    assert build(book, "corrupt") == without
    assert {e: e.read_bytes() for e in entries(book)} == stored  # compiled and written again


def test_an_unusable_cache_folder_gives_the_same_bytes(book):
    without = build(book, "off", cache="off")
    not_a_folder = book / "file"
    not_a_folder.write_text("")
    assert build(book, "file", cache_home=not_a_folder) == without  # the folder cannot be made
    shared = book / "shared"
    (shared / "kolaps-print").mkdir(parents=True)
    (shared / "kolaps-print").chmod(0o777)  # others may write it: not used
    assert build(book, "shared", cache_home=shared) == without
    assert not list((shared / "kolaps-print").iterdir())
    build(book, "cold")
    for entry in entries(book):
        entry.chmod(0o666)  # an entry others may write is not believed
    (book / "cache" / "kolaps-print").chmod(0o500)  # not writable (but by root)
    try:
        assert build(book, "read-only") == without
    finally:
        (book / "cache" / "kolaps-print").chmod(0o700)


def test_an_edited_chapter_is_compiled_again(book):
    build(book, "cold")
    chapter = sorted((book / "book").glob("*.j2"))[0]
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nUne phrase ajoutée.\n", encoding="utf-8")
    edited = build(book, "edited")
    assert edited == build(book, "off", cache="off")
    assert len(entries(book)) == CHAPTERS + 1  # the old text's entry stays, unused


def test_an_entry_answers_only_for_its_own_template(tmp_path, monkeypatch):
    """An entry copied under another template's key is refused: the header names its key."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    (tmp_path / "a.j2").write_text("A {{ 1 + 1 }}", encoding="utf-8")
    (tmp_path / "b.j2").write_text("B {{ 2 + 2 }}", encoding="utf-8")
    env = templating.make_environment(tmp_path)
    key_a = compiled.template_key(env, "a.j2", str(tmp_path / "a.j2"), "A {{ 1 + 1 }}")
    key_b = compiled.template_key(env, "b.j2", str(tmp_path / "b.j2"), "B {{ 2 + 2 }}")
    assert env.render(env.get_template("a.j2"), {}) == "A 2"
    folder = tmp_path / "cache" / "kolaps-print"
    shutil.copy(folder / f"{key_a}.jinja", folder / f"{key_b}.jinja")
    fresh = templating.make_environment(tmp_path)
    fresh.bytecode_cache = compiled.CompiledTemplates()  # nothing kept in memory
    assert fresh.render(fresh.get_template("b.j2"), {}) == "B 4"


def test_the_key_covers_the_text_the_file_and_the_options(tmp_path):
    env = templating.make_environment(tmp_path)
    key = compiled.template_key(env, "a.j2", "/x/a.j2", "{{ a }}")
    assert key == compiled.template_key(env, "a.j2", "/x/a.j2", "{{ a }}")
    assert key != compiled.template_key(env, "a.j2", "/x/a.j2", "{{ a }} ")
    assert key != compiled.template_key(env, "a.j2", "/y/a.j2", "{{ a }}")
    other = templating.make_environment(tmp_path)
    other.trim_blocks = False
    assert key != compiled.template_key(other, "a.j2", "/x/a.j2", "{{ a }}")


def test_the_sandbox_holds_for_code_read_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    side = int(MAX_STEPS**0.5) + 1
    chapters = {
        "loops.j2": (
            f"{{% for i in range({side}) %}}{{% for j in range({side}) %}}{{% endfor %}}{{% endfor %}}",
            TemplateLimitError,
        ),
        "size.j2": ("{{ 'ab' * 10000000 }}", TemplateLimitError),
        "reach.j2": ("{{ x.__class__.__mro__ }}", SecurityError),
    }
    for name, (text, _) in chapters.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        templating.make_environment(tmp_path).get_template(name)  # compiled and written
    assert len(list((tmp_path / "cache" / "kolaps-print").glob("*.jinja"))) == len(chapters)
    env = templating.make_environment(tmp_path)
    env.bytecode_cache = compiled.CompiledTemplates()  # nothing kept in memory

    def not_compiled(*args, **kwargs):
        raise AssertionError("compiled again instead of read from the cache")

    monkeypatch.setattr(env, "compile", not_compiled)
    for name, (_, refused) in chapters.items():
        with pytest.raises(refused):
            env.render(env.get_template(name), {"x": 1})


def test_an_error_in_cached_code_is_located_at_its_template_line(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    (tmp_path / "broken.j2").write_text("Un\nDeux\n{{ 1 // 0 }}\n", encoding="utf-8")
    templating.make_environment(tmp_path).get_template("broken.j2")  # compiled and written
    env = templating.make_environment(tmp_path)
    env.bytecode_cache = compiled.CompiledTemplates()  # read from disk
    monkeypatch.setattr(env, "compile", None)  # not compiled again
    with pytest.raises(ZeroDivisionError) as raised:
        env.render(env.get_template("broken.j2"), {})
    lines = [
        line
        for frame, line in traceback.walk_tb(raised.value.__traceback__)
        if frame.f_code.co_filename == str(tmp_path / "broken.j2")
    ]
    assert lines and lines[-1] == 3
