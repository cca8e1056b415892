from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.rulebook.watch import is_source, rebuild


def test_a_good_build_prints_its_summary_and_time():
    lines = []
    outcome = rebuild(lambda: 12, lambda pages: f"{pages} pages", lines.append)
    assert outcome.ok and lines == [outcome.message]
    assert outcome.message.startswith("12 pages in ") and outcome.message.endswith(" s")


def test_a_broken_edit_prints_its_error_and_does_not_raise():
    lines = []

    def broken():
        raise KolapsError([Diagnostic("templates/rulebook/03-des.md.j2", 7, 3, "error", "reference to unknown anchor")])

    outcome = rebuild(broken, str, lines.append)
    assert not outcome.ok
    assert lines[0] == "templates/rulebook/03-des.md.j2:7:3: error: reference to unknown anchor"
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
    assert is_source("templates/rulebook/03-des.md.j2")
    assert not is_source("templates/rulebook/.03-des.md.j2.swp")
    assert not is_source("data/rules/dice.yaml~")
    assert not is_source("output/.rulebook.pdf.abc.tmp")
