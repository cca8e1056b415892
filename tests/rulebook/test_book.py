"""The layout passes (rulebook/book.py): a pass follows another only when a page the story read
moved, read back from the PDF the passes make."""

from __future__ import annotations

import pytest
from pdf_text import page_texts  # tests/support
from reportlab.platypus import PageBreak, Paragraph

from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.rulebook import book
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.book import Furniture, ReadPages, cover_story, layout
from kolaps_print.rulebook.flowables import HeadingFlowable
from kolaps_print.write.pdf import PdfMeta


def _style():
    from reportlab.lib.styles import ParagraphStyle

    from kolaps_print.fonts import SERIF

    return ParagraphStyle("test", fontName=SERIF, fontSize=10, leading=12)


def _lay_out(make_story):
    return layout(make_story, st.page_geometry("a4"), PdfMeta("Titre", "Sujet"), Furniture("Titre", lambda c, g: None))


def _story(reads: bool, breaks: int):
    """A reference to the heading 'cible' (when reads), then the heading breaks pages later."""

    def make(pages, registry):
        style = _style()
        flow = [*cover_story()]
        if reads:
            flow.append(Paragraph(f"Voir page {pages.get('cible', '00')}.", style))
        flow += [PageBreak() for _ in range(breaks)]
        return [*flow, HeadingFlowable("Cible", style, 1, "Cible", "cible", registry)]

    return make


@pytest.mark.parametrize("breaks", [1, 3])
def test_a_page_reference_the_first_pass_could_not_know_gets_a_second_pass(breaks):
    result = _lay_out(_story(reads=True, breaks=breaks))
    assert result.passes == 2
    target = 2 + breaks  # the cover is page 1, the reference on page 2
    assert f"Voir page {target}." in page_texts(result.pdf)[1]
    assert result.registry.pages["cible"] == target


def test_a_story_that_reads_no_page_is_laid_out_once():
    result = _lay_out(_story(reads=False, breaks=2))
    assert result.passes == 1
    assert result.registry.pages["cible"] == 4


def test_a_reference_to_a_page_that_never_exists_needs_no_second_pass():
    def make(pages, registry):
        return [*cover_story(), Paragraph(f"Voir page {pages.get('nulle-part', '00')}.", _style())]

    result = _lay_out(make)
    assert result.passes == 1
    assert "Voir page 00." in page_texts(result.pdf)[1]


def test_reading_every_page_counts_as_reading_each():
    pages = ReadPages({"a": 1})
    assert not pages.moved({"a": 1})
    assert not pages.moved({"a": 1, "b": 2})  # b was not read
    list(pages.items())
    assert pages.moved({"a": 1, "b": 2})
    assert not pages.moved({"a": 1})


def test_a_read_page_that_moves_is_noticed():
    pages = ReadPages({"a": 1, "b": 5})
    assert pages.get("a") == 1 and "c" not in pages and pages["b"] == 5
    assert not pages.moved({"a": 1, "b": 5, "z": 9})
    assert pages.moved({"a": 2, "b": 5})  # a moved
    assert pages.moved({"a": 1, "b": 5, "c": 3})  # c, unknown when read, now has a page
    assert pages.moved({"a": 1})  # b is gone


def test_the_quick_start_laid_out_once_prints_what_two_passes_printed(monkeypatch):
    """The quick-start reads no page: one pass, and the same bytes as when a second pass ran
    whenever any page was found (the rule before)."""
    options = RulebookOptions(edition="quickstart")
    once = build_rulebook(options)
    assert once.passes == 1
    monkeypatch.setattr(book.ReadPages, "moved", lambda self, found: dict(dict.items(self)) != found)
    twice = build_rulebook(options)
    assert twice.passes == 2
    assert once.pdf == twice.pdf
