import pytest

from kolaps_print.diagnostics import KolapsError
from kolaps_print.rulebook.markdown import ListBlock, Paragraph, Quote, TableBlock, parse_chapter
from kolaps_print.rulebook.templating import RenderedChapter
from kolaps_print.rulebook.usage import Usage


def parse(text: str):
    return parse_chapter(RenderedChapter("x.md.j2", "templates/rulesets/kolaps/x.md.j2", text, Usage()), "x")


def test_heading_anchor_is_taken_off_the_title():
    chapter = parse("# Le tour {#tour}\n\n## Sans ancre\n")
    first, second = chapter.headings
    assert (first.level, first.title, first.anchor, first.explicit) == (1, "Le tour", "tour", True)
    assert second.explicit is False and second.anchor.startswith("x-")


def test_blocks_and_cross_references():
    chapter = parse("Texte [voir](#embuscade).\n\n> Exemple\n\n- a\n- b\n\n```table\ndifficultes\n```\n")
    kinds = [type(b) for b in chapter.blocks]
    assert kinds == [Paragraph, Quote, ListBlock, TableBlock]
    assert chapter.blocks[3].name == "difficultes"
    (xref,) = chapter.xrefs
    assert (xref.anchor, xref.line) == ("embuscade", 1)


@pytest.mark.parametrize(
    "text, message",
    [
        ("#### Trop profond\n", "too deep"),
        ("![image](x.png)\n", "images"),
        ("```python\nprint()\n```\n", "fenced block 'python'"),
        (
            "```table\ncumul sans-note\n```\n",
            "data table 'cumul': unknown option 'sans-note' (only 'without-note' and 'columns=N')",
        ),
    ],
)
def test_unsupported_markdown_is_a_located_error(text, message):
    with pytest.raises(KolapsError) as err:
        parse("Intro.\n\n" + text)
    (d,) = err.value.diagnostics
    assert d.line == 3 and message in d.message


def test_a_table_may_leave_its_note_to_the_prose():
    """{{ table("cumul", note=False) }} renders as ```table cumul without-note```; an empty fence is no crash."""
    with_note, without, empty = parse(
        "```table\ncumul\n```\n\n```table\ncumul without-note\n```\n\n```table\n```\n"
    ).blocks
    assert (with_note.name, with_note.note) == ("cumul", True)
    assert (without.name, without.note) == ("cumul", False)
    assert empty.name == ""  # the book's check then names it an unknown table, located


def test_a_chapter_is_parsed_again_only_when_its_rendered_text_changed():
    # --watch: the chapters nobody edited keep their parse
    first = parse("# Titre\n\nUn paragraphe.\n")
    assert parse("# Titre\n\nUn paragraphe.\n") is first
    edited = parse("# Titre\n\nUn paragraphe.\n\nUn autre.\n")
    assert edited is not first
    assert [type(b).__name__ for b in edited.blocks] == ["Heading", "Paragraph", "Paragraph"]
