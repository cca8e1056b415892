"""Chapters are untrusted: through the real CLI, a template that reaches for Python, for files
outside its folder, or for unbounded time or memory is a located error (exit 1), and nothing
is run or written."""

import os
import shutil
from pathlib import Path

import pytest
from data_layouts import old_templates_copy  # tests/support

from kolaps_print import resources
from kolaps_print.rulebook.sandbox import MAX_OUTPUT, MAX_SIZE, MAX_STEPS, memory_cap_works

CHAPTER = "03-des.md.j2"
HEAD = "# Les dés {#des}\n\nOn lance des dés.\n"  # the payload goes on line 4
NOTHING_WRITTEN = "kolaps-print: 1 error(s); nothing was written"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """The working folder: a copy of the bundled templates/ (book in templates/rulesets/kolaps)."""
    shutil.copytree(resources.bundled("templates"), tmp_path / "templates")
    monkeypatch.chdir(tmp_path)
    for name in ("KOLAPS_TEMPLATES", "KOLAPS_DATA"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def build(cli, chapter_text: str, *options) -> object:
    """Replace chapter 3 of the project's book, build it with the options, return the run."""
    (Path("templates/rulesets/kolaps") / CHAPTER).write_text(chapter_text, encoding="utf-8")
    return cli(["rulebook", "-o", "book.pdf", *options])


def assert_one_error(
    result, message: str, file: str = f"templates/rulesets/kolaps/{CHAPTER}", line: int = 4, col: int = 1
) -> None:
    assert result.exit_code == 1, result.stderr
    assert result.stderr.splitlines() == [f"{file}:{line}:{col}: error: {message}", NOTHING_WRITTEN]
    assert not os.path.exists("book.pdf")


# ---- the example, by each way a templates folder is chosen ------------------------
PAYLOAD = "{{ lipsum.__globals__['os'].popen('touch pwned').read() }}\n"


ROUTES = ["project folder", "--templates (relative)", "KOLAPS_TEMPLATES"]


@pytest.mark.parametrize("layout", ["rulesets/kolaps", "rulebook"])  # the old layout too (issue 13)
@pytest.mark.parametrize("route", ROUTES)
def test_a_template_cannot_run_a_command(cli, project, monkeypatch, route, layout):
    if layout == "rulebook":
        shutil.move("templates", "new")
        old_templates_copy(project / "new", project / "templates")
    options, chapter = [], f"templates/{layout}/{CHAPTER}"
    if route == "--templates (relative)":
        options = ["--templates", f"templates/{layout}"]
    elif route == "KOLAPS_TEMPLATES":
        shutil.move("templates", "elsewhere")
        monkeypatch.setenv("KOLAPS_TEMPLATES", str(project / "elsewhere"))
        chapter = f"elsewhere/{layout}/{CHAPTER}"
    (project / chapter).write_text(HEAD + PAYLOAD, encoding="utf-8")
    result = cli(["rulebook", "-o", "book.pdf", *options])
    assert_one_error(result, "template: 'lipsum' is undefined", file=chapter)
    assert not (project / "pwned").exists()


@pytest.mark.parametrize(
    "payload, message",
    [
        (
            "{{ cycler.__init__.__globals__['os'].popen('touch pwned').read() }}",
            "template: access to attribute '__init__' of 'type' object is unsafe.",
        ),
        (
            "{{ fmt.number.__globals__['os'].popen('touch pwned').read() }}",
            "template: access to attribute '__globals__' of 'function' object is unsafe.",
        ),
        (
            "{{ ''.__class__.__mro__[1].__subclasses__() }}",
            "template: access to attribute '__class__' of 'str' object is unsafe.",
        ),
        # pydantic's parse_file would read any file; the data's own fields stay readable
        (
            "{{ rules.dice.parse_file('/etc/hostname') }}",
            "template: access to attribute 'parse_file' of 'DiceRules' object is unsafe.",
        ),
        (
            "{{ book.model_construct() }}",
            "template: access to attribute 'model_construct' of 'BookSpec' object is unsafe.",
        ),
        (
            "{% set _ = rules.dice.roll_types.append(1) %}",
            "template: access to attribute 'append' of 'list' object is unsafe.",
        ),
    ],
)
def test_python_internals_are_out_of_reach(cli, project, payload, message):
    assert_one_error(build(cli, HEAD + payload + "\n"), message)
    assert not (project / "pwned").exists()


# ---- template errors: located at the template's own file and line, exit 1 ----------------
@pytest.mark.parametrize(
    "payload, message",
    [
        ("{{ 1/0 }}", "template: ZeroDivisionError: division by zero"),
        ("{{ nope }}", "template: 'nope' is undefined"),
        (
            f'{{% include "{CHAPTER}" %}}',
            "template: templates include, import or call one another without end, or nest too deeply",
        ),
        ("{% if %}", "template syntax: Expected an expression, got 'end of statement block'"),
        ('{% include "nulle-part.md.j2" %}', "template: no template 'nulle-part.md.j2' in templates/rulesets/kolaps"),
    ],
)
def test_template_errors_are_located(cli, project, payload, message):
    assert_one_error(build(cli, HEAD + payload + "\n"), message)


def test_an_error_in_an_included_file_is_located_there(cli, project):
    (project / "templates/rulesets/kolaps/part.md.j2").write_text("Un morceau.\n\n{{ 1/0 }}\n", encoding="utf-8")
    result = build(cli, HEAD + '{% include "part.md.j2" %}\n')
    assert_one_error(
        result, "template: ZeroDivisionError: division by zero", file="templates/rulesets/kolaps/part.md.j2", line=3
    )


def test_an_absolute_templates_path_is_located_too(cli, project):
    result = build(cli, HEAD + "{{ 1/0 }}\n", "--templates", project / "templates/rulesets/kolaps")
    assert_one_error(result, "template: ZeroDivisionError: division by zero")


# ---- files outside the templates folder ---------------------------------------------------
OUTSIDE = "is outside templates/rulesets/kolaps: a template may only include or import files inside its own folder"


@pytest.mark.parametrize(
    "statement, name",
    [
        ('{% include "/etc/hostname" %}', "/etc/hostname"),
        ('{% include "../../secret.txt" %}', "../../secret.txt"),
        ('{% import "../../secret.txt" as secret %}', "../../secret.txt"),
        ('{% from "demarrage/../../../secret.txt" import x %}', "demarrage/../../../secret.txt"),
        ('{% extends "link.md.j2" %}', "link.md.j2"),  # a symbolic link to a file outside
    ],
)
def test_includes_outside_the_folder_are_refused(cli, project, statement, name):
    (project / "secret.txt").write_text("SECRET\n", encoding="utf-8")
    (project / "templates/rulesets/kolaps/link.md.j2").symlink_to(project / "secret.txt")
    assert_one_error(build(cli, HEAD + statement + "\n"), f"template: '{name}' {OUTSIDE}")


@pytest.mark.parametrize(
    "written, shown", [("../../secret.txt", "../../secret.txt"), ('"a\\0b.md.j2"', "a\\x00b.md.j2")]
)
def test_a_chapter_outside_the_folder_is_refused_in_book_yaml(cli, project, written, shown):
    book = project / "templates/rulesets/kolaps/book.yaml"
    text = book.read_text(encoding="utf-8")
    book.write_text(text.replace("- 02-tour.md.j2", f"- {written}"), encoding="utf-8")
    line = text.splitlines().index("      - 02-tour.md.j2") + 1
    result = cli(["rulebook", "-o", "book.pdf"])
    assert_one_error(
        result,
        f"editions.full.chapters[1]: chapter file '{shown}' is outside templates/rulesets/kolaps: chapters must be inside it",
        file="templates/rulesets/kolaps/book.yaml",
        line=line,
        col=9,
    )


# ---- bounded time and memory ----------------------------------------------------------------
@pytest.mark.parametrize(
    "payload, message",
    [
        (
            "{% for i in range(10**9) %}x{% endfor %}",
            "template: range(1000000000) counts more than 100,000 numbers, the most a template may",
        ),
        (
            "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
            f"template: this template runs too long: more than {MAX_STEPS:,} loop turns and calls",
        ),
        (
            "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(60) }}",
            f"template: this template runs too long: more than {MAX_STEPS:,} loop turns and calls",
        ),
        (
            "{{ 'x' * 10**10 }}",
            "template: '*' would make about 10,000,000,000 characters, "
            f"items or digits; a template may make at most {MAX_SIZE:,}",
        ),
        (
            "{{ [0] * 10**10 }}",
            "template: '*' would make about 10,000,000,000 characters, "
            f"items or digits; a template may make at most {MAX_SIZE:,}",
        ),
        (
            "{{ 2 ** (10 ** 10) }}",
            "template: '**' would make about 3,010,299,957 characters, "
            f"items or digits; a template may make at most {MAX_SIZE:,}",
        ),
        (
            "{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}",
            f"template: this template renders more than {MAX_OUTPUT:,} characters",
        ),
    ],
)
def test_time_and_size_are_bounded(cli, project, payload, message):
    assert_one_error(build(cli, HEAD + payload + "\n"), message)


@pytest.mark.skipif(not memory_cap_works(), reason="no address-space limit on this system")
@pytest.mark.parametrize(
    "payload",
    [
        "{{ 'x' | center(10**10) }}",
        "{{ '{:>10000000000}'.format(1) }}",
    ],
)
def test_any_other_huge_value_is_out_of_memory_not_a_blowup(cli, project, payload):
    assert_one_error(build(cli, HEAD + payload + "\n"), "template: this template needs more than 512 MB of memory")


def test_the_limits_documented_are_the_code_s():
    from jinja2.sandbox import MAX_RANGE

    from kolaps_print.rulebook.sandbox import MEMORY_HEADROOM

    text = (Path(__file__).resolve().parents[2] / "docs/trust.md").read_text(encoding="utf-8")
    for limit in (MAX_RANGE, MAX_STEPS, MAX_SIZE, MAX_OUTPUT):
        assert f"{limit:,}".replace(",", " ") in text, limit
    assert f"{MEMORY_HEADROOM >> 20} MB" in text


AREAS = f"(known: {', '.join(sorted(p.stem for p in (resources.bundled('data') / 'labels/fr').glob('*.yaml')))})"


def test_label_reads_only_the_labels_folder(cli, project):
    secret = project / "secret.yaml"
    secret.write_text("password: SECRET\n", encoding="utf-8")
    area = str(project / "secret")
    assert "." not in area  # label keys are dotted: the area is what comes before the first dot
    result = build(cli, HEAD + f'{{{{ label("{area}.password") }}}}\n')
    assert_one_error(result, f"template: ValueError: no labels area '{area}' {AREAS}")


def test_label_reads_only_the_areas_whose_placeholders_are_checked(cli, project):
    """An extra labels file is checked against nothing: its {v.__init__.__globals__} would
    reach past the sandbox through str.format."""
    shutil.copytree(resources.bundled("data"), project / "data")
    (project / "data/labels/fr/extra.yaml").write_text('k: "{v.__init__.__globals__}"\n', encoding="utf-8")
    result = build(cli, HEAD + '{{ label("extra.k", v=cycler) }}\n')
    assert_one_error(result, f"template: ValueError: no labels area 'extra' {AREAS}")
