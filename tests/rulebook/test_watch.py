import shutil

import pypdf
import pytest

from kolaps_print import resources
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.jobs.rulebook import RulebookOptions, write_rulebook
from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.sheets import Sizes
from kolaps_print.rulebook.watch import is_source, rebuild, watch


def test_a_good_build_prints_its_summary_and_time():
    lines = []
    outcome = rebuild(lambda: 12, lambda pages: f"{pages} pages", lines.append)
    assert outcome.ok and lines == [outcome.message]
    assert outcome.message.startswith("12 pages in ") and outcome.message.endswith(" s")


def test_the_summary_of_a_good_build_is_a_result_its_errors_are_messages():
    results, messages = [], []
    assert rebuild(lambda: 12, lambda pages: f"{pages} pages", messages.append, result=results.append).ok
    assert messages == [] and results[0].startswith("12 pages in ")

    def broken():
        raise KolapsError([Diagnostic("x.md", 2, 1, "error", "bad")])

    assert not rebuild(broken, str, messages.append, result=results.append).ok
    assert len(results) == 1 and messages[0] == "x.md:2:1: error: bad"


def test_a_broken_edit_prints_its_error_and_does_not_raise():
    lines = []

    def broken():
        raise KolapsError(
            [Diagnostic("templates/rulesets/kolaps/03-des.md.j2", 7, 3, "error", "reference to unknown anchor")]
        )

    outcome = rebuild(broken, str, lines.append)
    assert not outcome.ok
    assert lines[0] == "templates/rulesets/kolaps/03-des.md.j2:7:3: error: reference to unknown anchor"
    assert "build failed" in lines[1]


def test_then_a_fixed_edit_builds_again():
    state = {"broken": True}
    lines = []

    def build():
        if state["broken"]:
            raise KolapsError([Diagnostic("f", 1, 1, "error", "bad")])
        return "ok"

    assert not rebuild(build, str, lines.append).ok
    state["broken"] = False
    assert rebuild(build, str, lines.append).ok


def test_editor_droppings_do_not_trigger_a_rebuild():
    assert is_source("templates/rulesets/kolaps/03-des.md.j2")
    assert not is_source("templates/rulesets/kolaps/.03-des.md.j2.swp")
    assert not is_source("data/rulesets/kolaps/rules/dice.yaml~")
    assert not is_source("output/.rulebook.pdf.abc.tmp")


# ---- a rebuild reads every source afresh, and survives a bug ------------------------------


def test_a_rebuild_sees_a_label_edited_since_the_last_build(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), data)
    output = tmp_path / "book.pdf"
    options = RulebookOptions(edition="quickstart", data=data)
    lines = []

    def cover() -> str:
        assert rebuild(lambda: write_rulebook(output, options), str, lines.append).ok, lines
        return pypdf.PdfReader(output).pages[0].extract_text()

    assert "Version 0.1" in cover()  # the quick-start's band prints the version line
    labels = data / "labels/fr/common.yaml"  # the one version line (numbers.version_line)
    labels.write_text(
        labels.read_text(encoding="utf-8").replace('"Version {version}', '"Tirage {version}'), encoding="utf-8"
    )
    assert "Tirage 0.1" in cover()


def test_a_rebuild_sees_a_layout_edited_since_the_last_build(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), data)
    sizes = data / "layouts/sizes.yaml"
    built = []

    def build():
        with resources.folders(data=data):
            built.append(load_layout("sizes", Sizes))

    rebuild(build, str, lambda _line: None)
    sizes.write_text(sizes.read_text(encoding="utf-8") + "\n# édité\nnot_a_key: 1\n", encoding="utf-8")
    lines = []
    outcome = rebuild(build, str, lines.append)
    assert not outcome.ok and len(built) == 1
    assert lines[0].startswith(f"{sizes}:") and "unknown key 'not_a_key'" in lines[0]


def test_a_bug_in_a_rebuild_is_reported_and_the_watch_goes_on():
    builds, lines, bugs = [], [], []

    def build():
        builds.append(1)
        if len(builds) == 1:
            raise RuntimeError("a bug")
        return "ok"

    def on_change():
        rebuild(build, lambda result: f"built {result}", lines.append, bugs.append)

    watch(
        [],
        on_change,
        lines.append,
        changes=[{"templates/rulesets/kolaps/03-des.md.j2"}, {"data/rulesets/kolaps/rules/dice.yaml"}],
    )
    assert len(builds) == 2
    assert [str(b) for b in bugs] == ["a bug"]
    assert lines[1].startswith("build failed in ") and "internal error" in lines[1]
    assert lines[2].startswith("built ok in ") and lines[-1] == "stopped watching"


def test_by_default_a_bug_is_one_line():
    lines = []

    def broken():
        raise KeyError("x")

    assert not rebuild(broken, str, lines.append).ok
    assert lines[0] == "internal error: KeyError: 'x'"


def test_a_rebuild_sees_a_chapter_edited_since_the_last_build(tmp_path):
    # Compiled templates are kept between rebuilds: an edited chapter must be compiled again.
    templates = tmp_path / "templates"
    shutil.copytree(resources.bundled("templates"), templates)
    output = tmp_path / "book.pdf"
    options = RulebookOptions(edition="quickstart", templates=templates / "rulesets" / "kolaps")
    lines: list[str] = []

    def text() -> str:
        assert rebuild(lambda: write_rulebook(output, options), str, lines.append).ok, lines
        return " ".join(page.extract_text() for page in pypdf.PdfReader(output).pages)

    assert "Zorglub" not in text()
    chapter = templates / "rulesets/kolaps/demarrage/01-premiers-pas.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + "\nZorglub arrive.\n", encoding="utf-8")
    assert "Zorglub arrive." in text()


def test_an_unchanged_rebuild_is_laid_out_once_and_prints_what_a_fresh_build_prints(tmp_path):
    output, fresh = tmp_path / "watched.pdf", tmp_path / "fresh.pdf"
    results = []

    def build():
        results.append(write_rulebook(output, RulebookOptions()))
        return results[-1]

    assert rebuild(build, str, lambda _line: None).ok
    assert rebuild(build, str, lambda _line: None).ok
    once = write_rulebook(fresh, RulebookOptions())  # outside a watch: from nothing, as always
    assert once.passes >= 2  # page references: the first pass cannot know them
    assert results[-1].passes == 1
    assert output.read_bytes() == fresh.read_bytes()


# ---- rulebook --ruleset ID --watch (issue 13) ------------------------------------------------


def test_a_ruleset_book_rebuilds_on_each_save_of_its_chapters_and_its_data(tmp_path):
    """The loop the CLI runs for `rulebook --ruleset d12 --watch`: the folders it watches hold the
    files edited, and each save rebuilds the book from what was saved, a broken save included."""
    from kolaps_print.jobs.rulebook import source_folders

    book = tmp_path / "livret"
    shutil.copytree(resources.bundled("templates") / "rulesets" / "d12", book)
    data = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), data)
    options = RulebookOptions(ruleset="d12", templates=book, data=data)
    output = tmp_path / "book.pdf"
    chapter, ruleset_file = book / "01-actions.md.j2", data / "rulesets" / "d12" / "ruleset.yaml"
    folders = source_folders(options)
    assert folders == [book.resolve(), data.resolve()]
    lines: list[str] = []
    texts: list[str] = []

    def on_change() -> None:
        if rebuild(lambda: write_rulebook(output, options), str, lines.append).ok:
            texts.append(" ".join(page.extract_text() for page in pypdf.PdfReader(output).pages))

    def edit(path, old, new):
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        assert any(path.resolve().is_relative_to(folder) for folder in folders)  # watchfiles would see it
        return {str(path)}

    def saves():
        yield edit(chapter, "# Réussir une action {#actions}\n", "# Réussir une action {#actions}\n\nZorglub arrive.\n")
        yield edit(ruleset_file, 'summary: "Un d12,', 'summary: "Un dé à douze faces,')
        yield edit(chapter, "{{ ruleset.summary }}", "{{ ruleset.sommaire }}")
        yield edit(chapter, "{{ ruleset.sommaire }}", "{{ ruleset.summary }}")

    on_change()  # the first build, before the loop (cli/rulebook.py)
    watch(folders, on_change, lines.append, changes=saves())
    assert len(texts) == 4, lines  # the first build, two good saves, the fix; not the broken save
    assert "Zorglub arrive." not in texts[0] and "Zorglub arrive." in texts[1]
    assert "Un dé à douze faces," not in texts[1] and "Un dé à douze faces," in texts[2]
    broken = [line for line in lines if ": error: " in line]
    assert broken and broken[0].startswith(f"{chapter}:"), lines
    assert "build failed" in lines[lines.index(broken[0]) + 1]
    assert texts[3] == texts[2] and lines[-1] == "stopped watching"


# ---- every kind of edit, rebuilt as a fresh build would print it (issue 15) ------------------

_LONG_ADDITION = (
    "\n\n"
    + "\n\n".join(
        f"Paragraphe ajouté numéro {n} : il allonge le premier chapitre d'une bonne dizaine de lignes, "
        "pour que tous les titres qui suivent changent de page et que la table des matières, les "
        "renvois et l'index doivent suivre." * 2
        for n in range(30)
    )
    + "\n"
)


@pytest.mark.parametrize(
    ("edition", "folder", "file", "old", "new", "printed"),
    [
        (
            "full",
            "templates",
            "rulesets/kolaps/01-introduction.md.j2",
            None,
            _LONG_ADDITION,
            "Paragraphe ajouté numéro 29",
        ),
        ("full", "data", "rulesets/kolaps/weapons.yaml", '"Fusil d’assaut"', '"Fusil de rempart"', "Fusil de rempart"),
        (
            "quickstart",
            "data",
            "rulesets/kolaps/armies/section-kappa.yaml",
            'name: "Section Kappa"',
            'name: "Section Lambda"',
            "(Section Lambda)",
        ),
    ],
    ids=["template-moves-pages", "data", "army"],
)
def test_a_rebuild_after_an_edit_prints_what_a_fresh_build_prints(tmp_path, edition, folder, file, old, new, printed):
    """Compiled templates and the pages found are kept between rebuilds: after an edit of a
    chapter (one that moves every later heading), of the game data or of a demo army, the
    rebuild prints the new text, with every page reference where a build from nothing puts it."""
    data, templates = tmp_path / "data", tmp_path / "templates"
    shutil.copytree(resources.bundled("data"), data)
    shutil.copytree(resources.bundled("templates"), templates)
    options = RulebookOptions(edition=edition, data=data, templates=templates / "rulesets" / "kolaps")
    watched, fresh = tmp_path / "watched.pdf", tmp_path / "fresh.pdf"
    results = []

    def build():
        results.append(write_rulebook(watched, options))
        return results[-1]

    lines: list[str] = []
    assert rebuild(build, str, lines.append).ok, lines
    before = watched.read_bytes()
    edited = (data if folder == "data" else templates) / file
    text = edited.read_text(encoding="utf-8")
    assert old is None or old in text
    edited.write_text(text + new if old is None else text.replace(old, new), encoding="utf-8")
    assert rebuild(build, str, lines.append).ok, lines
    assert watched.read_bytes() != before
    resources.clear_cached_reads()
    write_rulebook(fresh, options)  # outside a watch: from nothing
    assert watched.read_bytes() == fresh.read_bytes()
    assert printed in " ".join(page.extract_text() for page in pypdf.PdfReader(watched).pages)
    if old is None:  # the headings moved: the rebuild's first pass could not know their pages
        assert results[-1].passes >= 2


# ---- what a rebuild keeps from the last (issue 15, sixteenth session) -------------------------
def _cold_build(output, templates, data) -> bytes:
    """The book built by a new process, which has kept nothing (`kolaps-print rulebook`)."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "kolaps_print", "rulebook", "--templates", str(templates), "--data", str(data)]
    subprocess.run([*command, "-o", str(output)], check=True, capture_output=True)
    return output.read_bytes()


@pytest.mark.parametrize(
    ("folder", "file", "old", "new", "printed"),
    [
        ("templates", "rulesets/kolaps/04-actions.md.j2", " les ", " zorglubs ", "zorglubs"),
        ("data", "rulesets/kolaps/weapons.yaml", '"Fusil d’assaut"', '"Fusil de rempart"', "Fusil de rempart"),
        ("data", "layouts/rulebook.yaml", "body: {size: body, leading: 12.4", "body: {size: 9.6, leading: 12.4", None),
        # seventeenth session: a table's arrangement is kept by its content, measure and the data folder's
        # digest; a label its cells print, and a layout value that moves its columns but not its content
        ("data", "labels/fr/tables.yaml", "{low}\\u00a0à\\u00a0{high}", "{low}\\u00a0jusqu’à\\u00a0{high}", "jusqu’à"),
        ("data", "layouts/rulebook.yaml", "cell_lines: 3 ", "cell_lines: 2 ", None),
    ],
    ids=["one-word", "data", "layout", "table-label", "table-layout"],
)
def test_a_rebuild_after_an_edit_prints_what_a_new_process_prints(tmp_path, folder, file, old, new, printed):
    """The lines a rebuild takes from the last build (rulebook/flowables._LINES, by text, style
    and width), after a one-word edit of a chapter, an edit of the game data or of the body's type
    size: the rebuild prints the edit, and the same bytes as a process that kept nothing."""
    data, templates = tmp_path / "data", tmp_path / "templates"
    shutil.copytree(resources.bundled("data"), data)
    shutil.copytree(resources.bundled("templates"), templates)
    book = templates / "rulesets" / "kolaps"
    options = RulebookOptions(data=data, templates=book)
    watched = tmp_path / "watched.pdf"
    lines: list[str] = []

    def on_change() -> None:
        assert rebuild(lambda: write_rulebook(watched, options), str, lines.append).ok, lines

    on_change()
    before = watched.read_bytes()
    edited = (data if folder == "data" else templates) / file
    text = edited.read_text(encoding="utf-8")
    assert old in text
    edited.write_text(text.replace(old, new, 1), encoding="utf-8")
    watch([], on_change, lines.append, changes=[{str(edited)}])
    assert watched.read_bytes() != before
    assert watched.read_bytes() == _cold_build(tmp_path / "cold.pdf", book, data)
    if printed:
        assert printed in " ".join(page.extract_text() for page in pypdf.PdfReader(watched).pages)
