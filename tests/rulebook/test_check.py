"""The rulebook's checks before any layout (rulebook/check.py), through the job: bad sources are
located errors and nothing is written; --strict turns the consistency findings into errors."""

from __future__ import annotations

import shutil

import pytest

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook, write_rulebook
from kolaps_print.model.gamedata import builtin_game_data

TEMPLATES = resources.rulebook_dir()


@pytest.fixture
def templates_copy(tmp_path):
    target = tmp_path / "rulebook"
    shutil.copytree(TEMPLATES, target)
    return target


def test_unknown_reference_fails_at_its_file_line_and_column(templates_copy, tmp_path):
    chapter = templates_copy / "03-des.md.j2"
    lines = chapter.read_text(encoding="utf-8").splitlines()
    lines.insert(6, "Une règle qui renvoie [voir](#embuscad) vers une faute de frappe.")
    chapter.write_text("\n".join(lines) + "\n", encoding="utf-8")
    output = tmp_path / "out.pdf"
    with pytest.raises(KolapsError) as err:
        write_rulebook(output, RulebookOptions(templates=templates_copy))
    (d,) = err.value.diagnostics
    assert d.file.endswith("03-des.md.j2")
    assert (d.line, d.col) == (7, len("Une règle qui renvoie [voir](") + 1)
    assert "embuscad" in d.message and "did you mean 'embuscade'" in d.message
    assert not output.exists()


@pytest.mark.parametrize(
    "chapter_name, line, message",
    [
        ("02-tour.md.j2", "{{ rules.dice.no_such_thing }}", "no_such_thing"),
        ("03-des.md.j2", 'Une règle de notre cru {{ ruling("E270") }}.', "unknown erratum 'E270'"),  # the marks' ids
    ],
)
def test_template_error_is_located(templates_copy, chapter_name, line, message):
    chapter = templates_copy / chapter_name
    lines = chapter.read_text(encoding="utf-8").splitlines()
    lines.insert(4, line)
    chapter.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(KolapsError) as err:
        build_rulebook(RulebookOptions(templates=templates_copy))
    (d,) = err.value.diagnostics
    assert d.file.endswith(chapter_name) and d.line == 5 and message in d.message


def test_unknown_table_is_located(templates_copy):
    chapter = templates_copy / "09-aide-memoire.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8") + '\n{{ table("armez") }}\n', encoding="utf-8")
    with pytest.raises(KolapsError) as err:
        build_rulebook(RulebookOptions(templates=templates_copy))
    (d,) = err.value.diagnostics
    assert d.file.endswith("09-aide-memoire.md.j2") and "did you mean 'armes'" in d.message


def test_strict_fails_when_the_book_leaves_data_unexplained(templates_copy, tmp_path):
    (templates_copy / "09-aide-memoire.md.j2").write_text("# Aide-mémoire {#aide-memoire}\n\nRien.\n", encoding="utf-8")
    weapons = templates_copy / "07-armes.md.j2"
    weapons.write_text(weapons.read_text(encoding="utf-8").replace("{{ t.text }}", ""), encoding="utf-8")
    # the glossaries are told entry by entry (issue 12: no table repeating them); without the
    # specialisations' texts, the affiliations are shown nowhere
    affiliations = templates_copy / "08-affiliations.md.j2"
    text = affiliations.read_text(encoding="utf-8").replace("{{ ruled(s) }}", "")
    affiliations.write_text(text, encoding="utf-8")
    options = RulebookOptions(templates=templates_copy)
    report = build_rulebook(options).report
    categories = {f.category for f in report.findings}
    assert {"trait-unexplained", "table-unshown"} <= categories
    assert len(report.by_category("table-unshown")) == 2
    assert len(report.by_category("trait-unexplained")) == len(
        {r.id for w in builtin_game_data().catalogue.weapons.values() for r in w.traits}
    )
    output = tmp_path / "strict.pdf"
    with pytest.raises(KolapsError):
        write_rulebook(output, RulebookOptions(templates=templates_copy, strict=True))
    assert not output.exists()


def test_each_weapon_and_specialisation_the_book_never_explains_is_a_located_finding():
    from kolaps_print.model.army_book import load_army
    from kolaps_print.rulebook.report import consistency_report
    from kolaps_print.rulebook.usage import Usage

    data, armies = builtin_game_data(), resources.kolaps_dir() / "armies"
    books = [load_army(path, data) for path in sorted(armies.glob("*.yaml"))]
    usage = Usage()  # no weapon explained, every specialisation but one
    held = [s.id for b in books for m in b.members for s in m.specialisations]
    usage.mark_all("specialisation", [id_ for id_ in held if id_ != held[0]])
    found = consistency_report(data, usage, [], armies, "livre.md", coverage=True).findings
    expected = []
    for book in books:
        for member in book.members:
            name = member.character.name
            for kind, items, has, explains in (
                ("weapon", member.weapons, "carries weapon", "describes"),
                ("specialisation", member.specialisations, "has specialisation", "explains"),
            ):
                expected += [
                    (
                        f"army-{kind}",
                        f"{name} : {item.name}",
                        f"'{name}' {has} '{item.id}', which the rulebook never {explains}",
                    )
                    for item in items
                    if item.id not in usage.explained[kind]
                ]
    army = [
        (f.category, f.subject, f.diagnostic.message)
        for f in found
        if f.category in ("army-weapon", "army-specialisation")
    ]
    assert army == expected and {k for k, _, _ in army} == {"army-weapon", "army-specialisation"}
    first = next(f for f in found if f.category == "army-weapon").diagnostic
    assert first.file.endswith(".yaml") and first.line > 1
