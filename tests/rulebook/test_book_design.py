"""The full rulebook read back as a book designer reads it: measure, face, spacing, breaks,
page count, credits, cross-references (issue 12, « Rulebook »)."""

from __future__ import annotations

import io
import re
import statistics

import pypdf
import pytest
import yaml
from column_fill import column_fill  # tests/support
from pdf_colours import seen  # tests/support
from pdf_fonts import pdf_fonts  # tests/support
from pdf_lines import body_lines, ends_hyphenated, line_end_faults, word_spacing  # tests/support
from pdf_text import page_texts, set_texts, text_objects  # tests/support

from kolaps_print import resources
from kolaps_print.fonts import missing_glyphs
from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
from kolaps_print.labels import label, labels
from kolaps_print.rulebook import styles as st
from kolaps_print.units import pt

BOOK_FACE = "GentiumBookPlus"
NOTE_FACE = "RobotoCondensed-Italic"  # a table's note
TRAITS = resources.kolaps_folder(resources.bundled("data")) / "rules" / "traits.yaml"


@pytest.fixture(scope="module", params=["a4", "letter"])
def book(request):
    return build_rulebook(RulebookOptions(paper=request.param))


@pytest.fixture(scope="module")
def a4():
    return build_rulebook(RulebookOptions())


def _columns_split(pdf: bytes) -> float:
    width = float(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)
    return width / 2


def _text_lines(pdf: bytes):
    """Body lines of the chapters (after the title and contents pages)."""
    return [line for line in body_lines(pdf, BOOK_FACE, _columns_split(pdf)) if line.page >= 2]


def test_the_measure_is_60_to_75_characters(book):
    lengths = [len(line.text) for line in _text_lines(book.pdf)]
    assert len(lengths) > 300  # the chapters really are set in the book face
    assert 60 <= statistics.median(lengths) <= 75


def test_the_text_sits_in_two_columns_of_the_same_width_on_both_papers(book):
    lefts = {round(line.left) for line in _text_lines(book.pdf)}
    geometry = st.page_geometry(book_paper(book))
    x_left, x_right = (round(f[0]) for f in geometry.column_frames)
    assert {x_left, x_right} <= lefts
    assert geometry.column_width_mm == pytest.approx(88, abs=3)


def book_paper(result) -> str:
    width = float(pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0].mediabox.width)
    return "a4" if abs(width - pt(210)) < 1 else "letter"


def test_the_body_is_a_real_book_face_embedded_with_its_licence(a4):
    fonts = pdf_fonts(a4.pdf)
    faces = {name.split("+")[-1] for name in fonts}
    assert {"GentiumBookPlus", "GentiumBookPlus-Italic", "GentiumBookPlus-Bold"} <= faces
    assert not any("Liberation" in name or "Times" in name for name in fonts)
    assert all(fonts.values())  # every font embedded
    from kolaps_print import resources

    licence = (resources.fonts_dir() / "LICENSE-GentiumBookPlus.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence


@pytest.mark.parametrize("face", ["KSerif", "KSerif-Bold", "KSerif-Italic", "KSerif-BoldItalic"])
def test_the_book_face_has_every_french_sign(face):
    assert missing_glyphs("àâçéèêëîïôùûüÿœŒÀÇÉÈ«»’…—–\u00a0\u202f1ᵉʳ 6ᵉ † − ≤ ≥ × →", face) == []


def test_no_line_is_stretched_by_justification(a4):
    """Ragged right: no word space is widened, so there is no loose line at all."""
    assert word_spacing(a4.pdf, st.styles()["body"].fontSize) == []


def test_the_ragged_edge_is_even(a4):
    """Hyphenation keeps lines full: most body lines reach the last tenth of their column."""
    width = pt(st.page_geometry("a4").column_width_mm)
    lines = _text_lines(a4.pdf)
    lefts = sorted({round(line.left) for line in lines})
    starts = [min(lefts), min(x for x in lefts if x > lefts[0] + width / 2)]
    full = [line for line in lines if line.right - min(starts, key=lambda s: abs(s - line.left)) > width * 0.9]
    assert len(full) / len(lines) > 0.6


def test_no_hyphenated_word_at_the_foot_of_a_column(a4):
    for page_lines in _by_page_column(_text_lines(a4.pdf)).values():
        assert not ends_hyphenated(page_lines[-1]), page_lines[-1]


def test_no_hyphen_stub_no_close_hyphens_no_widow_at_a_column_top(book):
    """The quick-start's rules (issue 13) in the book, which sets its paragraphs the same way: the
    A4 book ended paragraphs on « cou- / verts. », « (ex- / trême). » and « co- / lonne. », and
    hyphenated two lines running (« acti- / ac- ») in a dozen places."""
    assert line_end_faults(_by_page_column(_text_lines(book.pdf))) == []


def test_no_paragraph_leaves_its_last_line_alone_at_the_top_of_a_column(a4):
    """A widow: a column opening on one short line that ends the sentence the previous
    column's last line left open."""
    width = pt(st.page_geometry("a4").column_width_mm)
    columns = list(_by_page_column(_text_lines(a4.pdf)).values())
    for before, lines in zip(columns, columns[1:], strict=False):
        continues = not before[-1].text.endswith((".", ";", ":", "!", "?", "»", ")"))
        first = lines[0]
        if continues:
            short_end = first.right - first.left < width * 0.8 and first.text.endswith((".", ";", ":", "!", "?"))
            assert not short_end, (first.page + 1, first.text)


def _by_page_column(lines):
    out: dict = {}
    for line in lines:
        out.setdefault((line.page, line.left > 280), []).append(line)
    return out


def test_page_count_is_a_multiple_of_four_ending_with_the_credits(book):
    pages = page_texts(book.pdf)
    assert len(pages) % 4 == 0
    credits = re.sub(r"\s+", " ", pages[-1])
    assert credits.startswith("Crédits")
    for fact in (
        "Version 0.1 du 1ᵉʳ juin 2025",
        "Gentium Book Plus",
        "SIL Open Font License 1.1",
        "Roboto Condensed",
        "Apache 2.0",
        "publiée avec les règles",
        book.source_hash,
    ):
        assert fact in credits.replace("\u00a0", " "), fact


# A file of the tool (docs/errata.md, templates/x.yaml) or one of its commands (« rulebook --proof »).
TOOL_TEXT = re.compile(r"[\w-]+/[\w./-]+\.(?:md|yaml|py|pdf|json)\b|(?<![\w-])--[a-z][\w-]*|kolaps-print\s+[a-z]+\s+-")


def test_the_tool_check_finds_paths_and_commands():
    for printed in (
        "le fichier docs/errata.md livré",
        "une épreuve (rulebook --proof)",
        "lancer kolaps-print tables -o",
    ):
        assert len(TOOL_TEXT.findall(printed)) == 1, printed
    assert TOOL_TEXT.findall("Composé par kolaps-print 0.4 ; 2 – 3 cm ; E/S ; 1/2") == []


def test_the_player_book_prints_no_tool_path_nor_command(book):
    text = " ".join(page_texts(book.pdf))
    assert TOOL_TEXT.findall(text) == []


def test_blank_pages_and_credits_carry_no_folio(a4):
    pages = page_texts(a4.pdf)
    blank = [i for i, text in enumerate(pages) if not text.strip()]
    assert all(i > len(pages) / 2 for i in blank)  # only the make-up pages before the credits
    assert not re.search(rf"^{len(pages)}$", pages[-1], re.M)


def test_chapters_run_on_instead_of_opening_a_page(a4):
    """No page before the credits is left mostly empty: a new chapter follows on the same page."""
    lines = _text_lines(a4.pdf)
    last_text_page = max(line.page for line in lines if "Crédits" not in line.text)
    geometry = st.page_geometry("a4")
    bottom = geometry.frame[1]
    for page in range(2, last_text_page):
        lowest = min(obj.bounds[1] for obj in text_objects(a4.pdf) if obj.page == page and obj.bounds[1] > bottom - 2)
        assert lowest < bottom + pt(geometry.page_mm[1] - geometry.top_mm - geometry.bottom_mm) * 0.35, page + 1


def test_page_and_its_number_never_split(a4):
    for line in _text_lines(a4.pdf):
        assert not re.search(r"\bp\.$", line.text), line.text
        assert not re.match(r"^\d+\)", line.text) or "p." in line.text, line.text


def test_cross_references_are_italic_in_the_body_colour(a4):
    refs = [obj for obj in text_objects(a4.pdf) if re.fullmatch(r"voir\s+p\.\s\d+", obj.text.strip())]
    assert len(refs) > 20
    ink = seen(st.palette().ink)  # the CMYK ink as pdfium reads it back
    for obj in refs:
        assert "Italic" in obj.font, obj
        assert obj.fill == ink, obj


def test_no_list_repeats_a_table(a4):
    """The ways to roll and the range bands are told once, by their tables, not also by a list."""
    from kolaps_print.model.gamedata import builtin_game_data

    text = re.sub(r"\s+", " ", " ".join(page_texts(a4.pdf))).replace("\ufffe", "").replace("\u00a0", " ")
    rules = builtin_game_data().rules
    told = [r.text for r in rules.dice.roll_types] + [b.text for b in rules.combat.range_bands]
    for sentence in told:
        assert text.count(sentence.split(".")[0].replace("\u00a0", " ")) == 1, sentence


def test_the_outline_lists_every_chapter(a4):
    reader = pypdf.PdfReader(io.BytesIO(a4.pdf))
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert "Présentation" in titles and "Aide-mémoire" in titles


def test_a_reference_never_names_the_page_it_is_printed_on(book):
    """Two columns bring a reference and its target onto one page: it then says « plus haut »
    or « plus bas »."""
    for number, page in enumerate(page_texts(book.pdf), start=1):
        assert f"voir p. {number})" not in re.sub(r"\s+", " ", page).replace("\u00a0", " "), number


def test_a_reference_to_a_heading_on_the_same_page_points_up_or_down():
    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode

    from kolaps_print.rulebook.inline import InlineContext, render_inline

    nodes = SyntaxTreeNode(MarkdownIt("commonmark").parse("[voir](#moral)")).children[0].children[0].children
    pages = {"moral": 8}
    assert "voir\u00a0plus haut" in render_inline(
        nodes, InlineContext(pages, frozenset(), here=frozenset({8}), above=frozenset({"moral"}))
    )
    assert "voir\u00a0plus bas" in render_inline(nodes, InlineContext(pages, frozenset(), here=frozenset({8})))
    assert "voir\u00a0p.\u00a08" in render_inline(nodes, InlineContext(pages, frozenset(), here=frozenset({7})))
    # a paragraph turning from page 7 to page 8 never says « voir p. 8 » on either of them
    assert "voir\u00a0plus bas" in render_inline(nodes, InlineContext(pages, frozenset(), here=frozenset({7, 8})))


def test_a_proof_numbers_its_pages_as_the_printed_book_then_adds_its_appendix(a4):
    proof = build_rulebook(RulebookOptions(proof=True))
    book_pages, proof_pages = page_texts(a4.pdf), page_texts(proof.pdf)
    assert len(proof_pages) > len(book_pages)
    for number, (printed, proofed) in enumerate(zip(book_pages, proof_pages, strict=False), start=1):
        assert proofed.startswith(printed.strip()[:40]), number
    assert "Crédits" in book_pages[-1] and "Rapport de cohérence" in proof_pages[len(book_pages)]


def test_an_edition_without_credits_is_not_made_up_to_four_pages():
    """The quick-start (no `credits` in book.yaml) keeps its own page count and no credits."""
    quickstart = build_rulebook(RulebookOptions(edition="quickstart"))
    assert all("Crédits" not in text for text in page_texts(quickstart.pdf))
    assert all(text.strip() for text in page_texts(quickstart.pdf))  # no blank make-up page


# ---- the flow read back (review of the book: chapter breaks, tables, running heads) ----
HEADING_RED = seen(st.palette().accent)  # the CMYK inks as pdfium reads them back
INK = seen(st.palette().ink)


def _column_of(obj, geometry) -> int:
    return int(obj.bounds[0] >= geometry.column_frames[1][0] - 1)


def _in_frame(objs, geometry):
    """The text objects inside the text frame (not the running head nor the folio)."""
    x, y, w, h = geometry.frame
    return [o for o in objs if y - 2 < o.bounds[1] and o.bounds[3] < y + h + 2]


def _captions() -> set[str]:
    from kolaps_print.content.tables import TABLE_NAMES, build_table
    from kolaps_print.model.gamedata import builtin_game_data

    return {build_table(name, builtin_game_data()).title for name in TABLE_NAMES}


def _column_tops(pdf: bytes, geometry) -> dict[tuple[int, int], str]:
    """(page from 0, column) -> the first text printed at the top of that column, in the frame."""
    tops: dict[tuple[int, int], object] = {}
    for o in _in_frame(text_objects(pdf), geometry):
        key = (o.page, _column_of(o, geometry))
        if key not in tops or o.bounds[3] > tops[key].bounds[3]:
            tops[key] = o
    return {key: o.text.strip() for key, o in tops.items()}


def test_each_text_column_is_filled_but_before_the_credits(book):
    """Chapters run on, a long table splits with its header, and the text after a table kept
    whole fills the column ahead of it (the table heads the next column): no column of the text
    is left 30 % empty (the last page of text excepted), on either paper, but where the next
    column opens with a table kept whole (its caption), a chapter (« Chapitre N ») or the index
    (which opens at a column's top, review 21b), nothing that could fill it coming before; and
    never half empty, but before a chapter whose opening keeps a table it announces « ci-dessous »
    and that fits no column's rest, or before the index (KOLAPS A4, page 14: the aide-mémoire's
    end, the index opening the next column as review 21b asked): a third full at least."""
    paper = "letter" if float(pypdf.PdfReader(io.BytesIO(book.pdf)).pages[0].mediabox.width) > pt(212) else "a4"
    geometry = st.page_geometry(paper)
    fill = column_fill(book.pdf, geometry)
    notes = _flat_text(label("rulebook.book.notes"))
    texts = page_texts(book.pdf)
    # the credits and the notes page before them aside
    last = max(  # the notes page: its title and its folio (book12b)
        page for page, _ in fill if page < len(texts) - 1 and re.sub(r" \d+$", "", _flat_text(texts[page])) != notes
    )
    tops = _column_tops(book.pdf, geometry)
    short = {key: share for key, share in fill.items() if 2 <= key[0] < last and share < 0.7}
    following = {key: tops.get((key[0], 1) if key[1] == 0 else (key[0] + 1, 0), "") for key in short}
    unexplained = {
        key: f"{share:.0%} before « {following[key]} »"
        for key, share in short.items()
        if share < (0.3 if following[key].startswith("Chapitre ") or following[key] == "Index" else 0.5)
        or not (following[key] in _captions() or following[key].startswith("Chapitre ") or following[key] == "Index")
    }
    assert unexplained == {}, "columns (page from 0, column) filled less than 70 %"
    assert len(short) <= 2, short  # a few at most
    assert {(page, column) for page in range(2, last) for column in (0, 1)} <= set(fill)  # no empty column


def test_no_page_is_left_blank_to_make_up_the_count(book):
    """The count is a multiple of four with the credits page, and the text runs on (with the
    index) to the page before it, or to the one before that: a blank page before the credits
    rather than an index tail alone on a page (designer review 11: A4 ends its index on p. 14,
    p. 15 blank). Never more than one blank, and only there."""
    pages = page_texts(book.pdf)
    assert len(pages) % 4 == 0
    assert [i + 1 for i, text in enumerate(pages) if not text.strip()] in ([], [len(pages) - 1])


def test_the_running_head_names_the_chapter_the_page_opens_in(a4):
    geometry = st.page_geometry("a4")
    x, y, w, h = geometry.frame
    objs = text_objects(a4.pdf)
    titles = [p for p in a4.headings if p.level == 1]
    opened = {}  # page -> (first chapter whose title is the first thing on the page)
    for p in titles:
        on_page = [o for o in _in_frame(objs, geometry) if o.page == p.page - 1]
        top = max(on_page, key=lambda o: (-_column_of(o, geometry), o.bounds[3]))
        kicker_first = top.text.startswith("Chapitre") or top.text.strip() == p.title  # the index has no kicker
        if kicker_first and p.page not in opened:
            opened[p.page] = p.title
        index = [o for o in on_page if o.text.strip() == p.title == label("rulebook.book.index") and o.size > 12]
        if (
            index
            and max(
                (o for o in on_page if _column_of(o, geometry) == _column_of(index[0], geometry)),
                key=lambda o: o.bounds[3],
            )
            is index[0]
        ):
            opened[p.page] = p.title  # the index names the page whose column it opens (review 21b, 8)
    checked = 0
    for page in range(3, max(p.page for p in titles) + 2):
        blank = _flat_text(label("rulebook.book.notes"))
        if all(_flat_text(o.text) == blank for o in _in_frame(objs, geometry) if o.page == page - 1):
            continue  # the notes page before the credits (ruled since book12, its folio since book12b): its title opens it
        head = [o.text.strip() for o in objs if o.page == page - 1 and o.bounds[1] > y + h + 2 and o.fill == INK]
        in_force = opened.get(page) or [p.title for p in titles if p.page < page][-1]
        assert head == [in_force], (page, head, in_force)
        checked += 1
    assert checked > 10


def test_a_chapter_never_shows_only_its_title_and_introduction_at_a_column_foot(a4):
    """Where a chapter opens, its column also holds its first section's heading and lines, or
    its first table's caption and rows, below the introduction."""
    geometry = st.page_geometry("a4")
    objs = _in_frame(text_objects(a4.pdf), geometry)
    kickers = [o for o in objs if re.fullmatch(r"Chapitre \d+", o.text.strip())]
    assert len(kickers) == 9
    for kicker in kickers:
        below = [
            o
            for o in objs
            if o.page == kicker.page
            and _column_of(o, geometry) == _column_of(kicker, geometry)
            and o.bounds[3] < kicker.bounds[1]
        ]
        lines = {round(o.bounds[1]) for o in below}
        red = [o for o in below if o.fill == HEADING_RED or o.text.strip() in _captions()]  # a section or a table
        bottom = min(o.bounds[1] for o in below)
        column_ends = bottom - geometry.frame[1] < 40
        assert len(lines) >= 10 and (red or not column_ends), kicker.text


def test_a_table_announced_below_is_below(a4):
    """« La table ci-dessous » stays true: the next table caption is in the same column, lower."""
    geometry = st.page_geometry("a4")
    objs = _in_frame(text_objects(a4.pdf), geometry)
    announcing = [o for o in objs if "ci-dessous" in o.text]
    assert len(announcing) >= 2
    from kolaps_print.content.tables import TABLE_NAMES, build_table
    from kolaps_print.model.gamedata import builtin_game_data

    titles = {build_table(name, builtin_game_data()).title for name in TABLE_NAMES}
    captions = [o for o in objs if "Bold" in o.font and o.text.strip() in titles]
    for line in announcing:
        after = [
            c
            for c in captions
            if (c.page, _column_of(c, geometry), -c.bounds[1])
            > (line.page, _column_of(line, geometry), -line.bounds[1])
        ]
        first = min(after, key=lambda c: (c.page, _column_of(c, geometry), -c.bounds[1]))
        assert (first.page, _column_of(first, geometry)) == (line.page, _column_of(line, geometry)), line.text


def test_a_table_note_is_never_cut_with_fewer_than_three_lines_on_a_side(a4):
    geometry = st.page_geometry("a4")
    blank = _flat_text(label("rulebook.book.notes"))  # the notes page's title (book12) is no note
    objs = [o for o in _in_frame(text_objects(a4.pdf), geometry) if _flat_text(o.text) != blank]
    muted = seen(st.palette().muted)

    def column(page: int, side: int) -> list:
        inked = (o for o in objs if o.page == page and _column_of(o, geometry) == side)
        return sorted(inked, key=lambda o: -o.bounds[1])

    def note_lines(lines: list) -> int:  # a note's lines, from the start of the list given
        count = 0
        for o in lines:
            if "Italic" not in o.font or o.fill != muted:
                break
            count += 1
        return count

    columns = [(page, side) for page in range(1, max(o.page for o in objs) + 1) for side in (0, 1)]
    cut = 0
    for before, (page, side) in zip(columns, columns[1:], strict=False):
        top = note_lines(column(page, side))
        if top:  # a note going on from the previous column: three lines at least on each side
            foot = note_lines(column(*before)[::-1])
            assert top >= 3 and foot >= 3, (page + 1, side, top, foot)
            cut += 1
    assert cut <= 2


def test_ruling_marks_are_small_raised_and_in_ink(a4):
    """A mark is set smaller than the text before it (its type size: the glyph boxes' heights
    said so while marks were 5.6 pt, but a 6 pt « † » is as tall as 0.75 of a short word without
    ascenders like « ou », which is no sign of a mark too big), above the line's baseline, in ink."""
    objs = text_objects(a4.pdf)
    sizes = {(t.page, t.bounds): t.size for t in set_texts(a4.pdf)}
    marks = [o for o in objs if re.fullmatch(r"†\s?E\d+", o.text.strip())]
    assert len(marks) > 30
    for mark in marks:
        assert mark.fill == INK, mark  # never grey: smaller and higher instead
        line = [
            o
            for o in objs
            if o.page == mark.page
            and o is not mark
            and o.bounds[2] <= mark.bounds[0] + 1
            and o.bounds[2] > mark.bounds[0] - 40
            and abs(o.bounds[3] - mark.bounds[3]) < 4
        ]
        if not line:
            continue
        text = max(line, key=lambda o: o.bounds[2])
        assert sizes[mark.page, mark.bounds] < sizes[text.page, text.bounds], (mark, text)
        assert mark.bounds[1] > text.bounds[1] + 1, mark  # above the line's baseline


@pytest.mark.parametrize("edition", ["quickstart", "full"])
def test_ruling_marks_are_legible_yet_smaller_than_the_text_they_mark(edition):
    """Designer's review: the marks were 5.6 pt, under the 6 pt any print of ours keeps to. Each
    mark is now 6 to 6.5 pt, and still smaller than the text set before it on its line."""
    texts = set_texts(build_rulebook(RulebookOptions(edition=edition)).pdf)
    marks = [t for t in texts if re.fullmatch(r"†\s?E\d+", t.text.strip())]
    assert len(marks) > 10
    for mark in marks:
        assert 6 - 1e-3 <= mark.size <= 6.5, mark
        before = [
            t
            for t in texts
            if t.page == mark.page
            and t is not mark
            and 0 <= mark.bounds[0] - t.bounds[2] < 4
            and abs(t.baseline - mark.baseline) < 4
        ]
        assert all(mark.size < t.size for t in before), (mark, before)


def test_the_legend_of_the_marks_is_on_the_first_page_of_text_and_the_credits(a4):
    pages = [re.sub(r"\s+", " ", t).replace("\u00a0", " ") for t in page_texts(a4.pdf)]
    assert "† E… : règle provisoire de l’éditeur" in pages[2]
    assert "« † E… » est une décision provisoire" in pages[-1]


def test_the_credits_and_the_cover_name_the_author_the_rights_and_the_print_edition(a4):
    pages = [re.sub(r"\s+", " ", t).replace("\u00a0", " ") for t in page_texts(a4.pdf)]
    credits = pages[-1]
    assert "Règles et univers : l’auteur de KOLAPS : Ground Zero" in credits
    assert "© 2025 l’auteur de KOLAPS : Ground Zero" in credits
    assert "Édition imprimée" in credits and "kolaps-print" in credits
    # the cover: the draft names no author, so « Un jeu de l’auteur de KOLAPS » went round in a
    # circle (designer's review, issue 28); it says whose rules the edition follows instead
    assert "auteur" not in pages[0] and "Un jeu de" not in pages[0]
    assert "D’après les règles de travail de KOLAPS : Ground Zero" in pages[0] and "kolaps-print" in pages[0]


def test_the_index_lists_both_senses_of_automatique_each_at_its_page(a4):
    """Designer's review (issue 28): « Automatique … 5 » indexed the difficulty level only; the
    weapon trait « Automatique » (its own section) had no entry. Both are listed, each with its
    sense, the trait at the page traits.yaml gives for it."""
    trait = next(t for t in yaml.safe_load(TRAITS.read_text(encoding="utf-8"))["traits"] if t["id"] == "automatique")
    entries = {name: page for name, page in _index_entries(a4.pdf) if name.startswith("Automatique")}
    assert entries.get(f"{trait['name']} (faculté)") == trait["book_pages"]["a4"], entries
    assert entries.get("Automatique (difficulté)") == 5, entries
    assert "Automatique" not in entries  # no entry left without its sense


def test_table_captions_are_not_set_like_sub_headings(a4):
    s = st.styles()
    caption, h3 = s["table_title"], s["h3"]
    assert caption.fontSize <= h3.fontSize - 1.5 and caption.leading < h3.leading
    objs = text_objects(a4.pdf)
    caption_obj = next(o for o in objs if o.text.strip() == "Modificateurs de difficulté")
    assert caption_obj.fill == INK and "Bold" in caption_obj.font  # small text on the black plate only


def test_the_aide_memoire_gathers_the_tables_looked_up_mid_game_and_repeats_no_passage(a4):
    pages = [re.sub(r"\s+", " ", t).replace("\u00a0", " ") for t in page_texts(a4.pdf)]
    start = next(i for i, t in enumerate(pages) if "Chapitre 9" in t)
    aide = " ".join(pages[start : start + 3])
    aide = aide[aide.index("Aide-mémoire") : aide.index("Index")]
    for caption in (
        "Seuils de réussite",
        "Difficultés",
        "Modificateurs de difficulté",
        "Gravité des blessures (1D6)",
        "Localisation (1D6)",
        "Moral",
    ):
        assert caption in aide, caption
    assert "Traits des armes" not in " ".join(pages) and "Affiliations et spécialisations" not in " ".join(pages)
    # no sentence of the book's own prose (the book face) nor of a table's note (the sans italic:
    # book12b, « La case C… » was in both) is printed twice; a table's cells may be (the aide-mémoire)
    sentences = []
    for face in (BOOK_FACE, NOTE_FACE):
        lines = [line.text for line in body_lines(a4.pdf, face, _columns_split(a4.pdf))]
        prose = re.sub(r"-\ufffe?\s", "", " ".join(lines)).replace("\ufffe", "")
        sentences += [s.strip() for s in re.split(r"(?<=[.;:!?])\s", prose) if len(s.split()) >= 8]
    repeated = {s for s in sentences if sentences.count(s) > 1}
    assert not repeated, repeated


# ---- the index ------------------------------------------------------------------------------
def _index_entries(pdf: bytes) -> list[tuple[str, int]]:
    """(entry, page) of each line of the index, read back: « Seuil . . . . 5 »."""
    text = "\n".join(page_texts(pdf)).replace("\r", "")
    index = text[text.index("\nIndex\n") :]
    found = re.findall(r"^(\S.*?) (?:\. )+\.? ?(\d+(?:\u2013\d+)?(?:, \d+(?:\u2013\d+)?)*)$", index, re.M)
    # « Réussite 4, 5 »; a section's range (« Armes 11–12 ») by its first page, where its title is
    return [(name, int(page.split("\u2013")[0])) for name, pages in found for page in pages.split(", ")]


def _flat_text(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def _reader_text(text: str) -> str:
    """A page as a reader searches it: words hyphenated at a line's end joined, one space, lower case."""
    text = re.sub("\ufffe\r?\n?|\u00ad|\u2010\r?\n", "", text)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split()).lower()


def test_the_index_sends_each_entry_to_a_page_that_prints_it(a4):
    """Every term the text defines in bold, every section and every table is in the index, in
    alphabetical order (articles and accents aside), with a page on which it is printed."""
    from kolaps_print.rulebook.index import entry_name, sort_key

    entries = _index_entries(a4.pdf)
    assert len(entries) > 80
    pages = [_reader_text(text) for text in page_texts(a4.pdf)]
    # the index's head, on a line of its own (at the page's top since book12: first on the page)
    index_from = next(i for i, text in enumerate(page_texts(a4.pdf)) if ("\n" + text).find("\nIndex\r\n") >= 0)
    wrong = [
        (name, page)
        for name, page in entries
        if not 3 <= page <= index_from or _sense_dropped(name).lower() not in pages[page - 1]
    ]
    assert wrong == []
    assert [sort_key(name) for name, _ in entries] == sorted(sort_key(name) for name, _ in entries)
    names = {name for name, _ in entries}
    assert {"Seuil", "Valeur de cible", "Mode offensif", "Gravité des blessures (1D6)", "Avatar"} <= names
    listed = {sort_key(name).rstrip("sx") for name in names}  # a plural and its singular are one entry
    filed = {sort_key(name): head for name, head in labels("glossary.index").items()}  # under a keyword (review 11)
    sections = [h.title for h in a4.headings if h.level == 2]
    sections = [filed.get(sort_key(entry_name(title)), title) for title in sections]
    assert [title for title in sections if sort_key(entry_name(title)).rstrip("sx") not in listed] == []


def test_the_index_opens_at_a_column_top_under_its_running_head(book):
    """Review 21b, 8: the index opened halfway down page 14, under the aide-mémoire's Moral table,
    the running head still « Aide-mémoire ». It opens at a column's top (session 10 let it run on
    under half a column of room), the running head over it « Index »; the book stays at 16 pages."""
    paper = "letter" if float(pypdf.PdfReader(io.BytesIO(book.pdf)).pages[0].mediabox.width) > pt(212) else "a4"
    geometry = st.page_geometry(paper)
    _, bottom, _, height = geometry.frame
    texts = text_objects(book.pdf)
    objs = _in_frame(texts, geometry)
    head = next(o for o in objs if o.text.strip() == "Index" and "Bold" in o.font and o.size > 12)
    column = _column_of(head, geometry)
    above = [
        o for o in objs if o.page == head.page and _column_of(o, geometry) == column and o.bounds[1] > head.bounds[3]
    ]
    assert above == [] and head.bounds[3] > bottom + height - 30
    running = [o for o in texts if o.page == head.page and o.bounds[1] > bottom + height]
    assert running and max(running, key=lambda o: o.bounds[2]).text.strip() == "Index"
    assert book.pages == 16


def test_localisation_and_its_table_are_one_index_entry(book):
    """Session 10: « Localisation » and « Localisation (1D6) » stood side by side in the index;
    the glossary files the table under the section (glossary.yaml `index`): one entry, its pages
    together, once each (A4 prints both on page 9: « 9 », not « 00 »)."""
    entries = _index_entries(book.pdf)
    assert not [name for name, _ in entries if name.startswith("Localisation (")]
    pages = [page for name, page in entries if name == "Localisation"]
    assert pages and pages == sorted(set(pages))
    printed = [_reader_text(t) for t in page_texts(book.pdf)]
    assert all("localisation (1d6)" in printed[p - 1] or "localisation" in printed[p - 1] for p in pages)
    assert any("localisation (1d6)" in printed[p - 1] for p in pages)


def _sense_dropped(name: str) -> str:
    """An entry as its page prints it: without the sense the index adds (« Automatique (faculté) »,
    « Action (phase) »: a word in lower case in brackets, not a table's « (1D6) »)."""
    return re.sub(r" \([a-zà-ÿ]+\)$", "", name)


def test_every_heading_keeps_two_lines_of_what_follows_under_it(book):
    """« Les Vampires » with one line at a page's foot: a section's heading is never the last
    thing in its column but for fewer than two lines of its text."""
    paper = "letter" if float(pypdf.PdfReader(io.BytesIO(book.pdf)).pages[0].mediabox.width) > pt(212) else "a4"
    geometry = st.page_geometry(paper)
    objs = _in_frame(text_objects(book.pdf), geometry)
    headings = [p for p in book.headings if p.level > 1]
    assert len(headings) > 20
    alone = []
    for p in headings:
        drawn = [o for o in objs if o.page == p.page - 1 and " ".join(o.text.split()) == " ".join(p.title.split())]
        assert drawn, p.title
        heading = drawn[0]
        below = {
            round(o.bounds[1])
            for o in objs
            if o.page == heading.page
            and _column_of(o, geometry) == _column_of(heading, geometry)
            and o.bounds[3] < heading.bounds[1]
        }
        if len(below) < 2:
            alone.append((p.page, p.title))
    assert alone == []


@pytest.mark.parametrize("ruleset", [None, "d100"])
def test_a_table_carried_over_repeats_its_title_with_suite(ruleset):
    """Designer's review (issue 27): the d100 book ran two rows of « Pourcentages de base » over to
    the top of p. 5 under the bare header, no title. Read back: a table carried over shows its
    title with « (suite) » above the header row it has under its title."""
    lines = [
        [line.strip() for line in text.replace("\r", "").split("\n")]
        for text in page_texts(build_rulebook(RulebookOptions(ruleset=ruleset)).pdf)
    ]
    pairs = [pair for page in lines for pair in zip(page, page[1:], strict=False)]
    suites = {title.removesuffix(" (suite)") for title, _ in pairs if title.endswith(" (suite)")}
    # never two brackets in a row: « Blessures critiques (réussite critique) » goes on as
    # « Blessures critiques (suite) » (second review, 16)
    assert not [title for title in suites if title.endswith(")")], suites
    for title in suites:  # under « (suite) », the header row the table has under its title
        carried = {h for t, h in pairs if t == f"{title} (suite)"}
        heads = {h for t, h in pairs if t == title or t.startswith(f"{title} (")}
        assert len(carried) == 1 and carried <= heads, (title, carried)
    # KOLAPS's book ran « Actions de base » and « Modificateurs de difficulté » over a break, d100's
    # « Pourcentages de base » until book12: no table that fits a column splits since flow21 (review
    # 21b), none does now; a table taller than a column still does (test_book_flow21.py)
