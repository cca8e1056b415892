"""Reference cards painted: faces paired front/back, each drawn inside its trim, read back from the PDF."""

import re
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pdf_colours import seen  # tests/support
from pdf_text import as_printed, page_texts, text_objects  # tests/support
from reportlab.pdfgen.canvas import Canvas

from kolaps_print.content.reference import reference_sections
from kolaps_print.draw.reference_cards import reference_cards
from kolaps_print.fonts import SANS, register_fonts
from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label, labels
from kolaps_print.layout.reference.cards import layout_deck, layout_faces, topics
from kolaps_print.layout.reference.flow import Stack
from kolaps_print.layout.reference.look import mark_grey, reference_look
from kolaps_print.model.gamedata import builtin_game_data
from kolaps_print.units import pt

POKER = (pt(63), pt(88))


@pytest.fixture(scope="module")
def data():
    register_fonts()
    return builtin_game_data()


def render(pdf: bytes, page: int, dpi: int):
    return pdfium.PdfDocument(pdf)[page].render(scale=dpi / 72).to_pil().convert("RGB")


def one_side(card, back: bool) -> bytes:
    """The card's front (or back) alone on a page with a 10 mm white frame around its trim."""
    buffer = BytesIO()
    w, h = POKER
    canvas = Canvas(buffer, pagesize=(w + 2 * pt(10), h + 2 * pt(10)), initialFontName=SANS)
    canvas.translate(pt(10), pt(10))
    (card.draw_back if back else card.draw_front)(canvas, w, h)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_cards_pair_every_face_with_a_back_for_each_front(data):
    deck = layout_deck(data, *POKER)
    cards = reference_cards(deck)
    assert len(cards) == (len(deck.faces) + 1) // 2 and all(c.back is not None for c in cards[:-1])
    numbers = [f.number for c in cards for f in (c.front, c.back) if f]
    assert numbers == list(range(1, len(deck.faces) + 1))


def test_a_card_face_draws_inside_its_trim(data):
    card = reference_cards(layout_deck(data, *POKER))[0]
    pdf = one_side(card, back=False)
    image = render(pdf, 0, dpi=72)
    # Only the colour strip may bleed (3 mm) past the trim; the 10 mm frame beyond it stays white.
    frame = round(pt(10)) - round(pt(3)) - 2
    W, H = image.size
    for box in ((0, 0, frame, H), (W - frame, 0, W, H), (0, H - frame, W, H)):
        assert image.crop(box).getextrema() == ((255, 255),) * 3, box
    text = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range()
    assert "1/" in text and label("tables.phases.title") in text  # the first topic names its strip


def test_an_odd_last_face_gets_a_plain_back_naming_the_game(data):
    deck = layout_deck(data, *POKER)
    deck.faces = deck.faces[:3]  # three faces: the second card's back is blank
    last = reference_cards(deck)[-1]
    assert last.back is None
    text = pdfium.PdfDocument(one_side(last, back=True))[0].get_textpage().get_text_range()
    assert as_printed(label("common.game")) in text and label("tables.sheet.title") in text and "Résoudre" not in text


def test_card_text_is_at_least_seven_points():
    """Issue 12 (sixth session): no note squeezed under its table at 6–6.25 pt any more; every text
    object of every face, read back from the PDF, is set at 7 pt or more."""
    spec = reference_look().cards
    assert spec.body_pt >= 7 and spec.strip_pt >= 7
    cards = build_reference(TablesOptions(format="cards", layout="print-shop"))
    pdf = pdfium.PdfDocument(BytesIO(cards.pdf))
    for i in range(len(pdf)):
        sizes = [obj.get_font_size() for obj in pdf[i].get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_TEXT])]
        assert sizes and min(sizes) >= 7 - 1e-6, (i, min(sizes))


def test_localisation_and_moral_print_their_tables_in_front_and_their_notes_behind(deck_pdf):
    """The two cards whose notes once joined their tables only at 6–6.25 pt: the table on the front,
    the note on the back in the body's 7 pt, as the issue asks (table in front, explanation behind)."""
    _, texts = deck_pdf
    data = builtin_game_data()
    wanted = {"localisations", "cumul", "moral"}
    found = set()
    for i, topic in enumerate(topics(reference_sections(data))):
        for table in topic.tables:
            if table.id in wanted and table.note:
                front, back = _flat(texts[2 * i]), _flat(texts[2 * i + 1])
                assert _flat(table.rows[0][0]) in front, table.id
                assert _note_start(table) not in front and _note_start(table) in back, (table.id, back[:200])
                found.add(table.id)
    assert found == wanted, found  # at 7 pt or more: test_card_text_is_at_least_seven_points


# ---- the print designer's review: the critical wounds, the rules, the legend ------------------
@pytest.fixture(scope="module")
def faces(data):
    """Each face of the deck alone on a page, in deck order, with its text objects (trim at 10 mm)."""
    deck = layout_deck(data, *POKER)
    out = []
    for card in reference_cards(deck):
        out.append(one_side(card, back=False))
        if card.back is not None:
            out.append(one_side(card, back=True))
    return [(page_texts(pdf)[0], text_objects(pdf)) for pdf in out]


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def test_the_critical_wounds_table_takes_at_most_two_faces(data, faces):
    title = label("tables.blessures-critiques.title").split(" (")[0]
    holding = [i for i, (text, _) in enumerate(faces) if title in text]
    assert 1 <= len(holding) <= 2, holding


def test_a_continued_title_has_no_second_parenthesis(faces):
    texts = [_flat(text) for text, _ in faces]
    assert any("Blessures critiques (suite)" in t for t in texts)
    assert not any(") (suite)" in t for t in texts)


def test_critical_effects_run_the_full_width_of_the_face(data, faces):
    """Under its row, across the face: not in a column a few words wide. Hung from the zone's name
    since hung19 (a numbered list: the text starts past the « D6 » column, 16 pt at most)."""
    left, right = pt(10) + pt(3.5), pt(10) + POKER[0] - pt(3.5)  # the content box on the page
    effects = [o for _, objects in faces for o in objects if o.text.startswith("Échec : hors de combat. Réussite")]
    assert len(effects) >= 5
    for o in effects:
        assert o.bounds[0] < left + 16, o
        assert o.bounds[2] - o.bounds[0] > 0.7 * (right - left), o


def _rows(flowable) -> int:
    from kolaps_print.layout.reference.flow import RowTable, Stack, _body_rows

    if isinstance(flowable, Stack):
        return sum(_rows(p) for p in flowable.parts)
    if isinstance(flowable, RowTable):
        nested = [c for line in flowable.cells for c in line if isinstance(c, (Stack, RowTable))]
        return sum(_rows(c) for c in nested) if nested else _body_rows(flowable)
    return 0


def test_no_face_holds_two_rows_and_nothing_else(data):
    """A face holding table rows holds three or more, or the whole of a shorter table, or two rows
    with the topic's explanation under them (card 12's back); nothing starts or ends on a face of
    two rows alone (« Le tour de jeu » and « Moral » once did)."""
    deck, laid = layout_deck(data, *POKER), layout_faces(data, *POKER)
    checked = 0
    for face, (topic, _) in zip(deck.faces, laid, strict=True):
        rows = sum(_rows(f) for f, _ in face.box.placed)
        if rows:
            smallest = min(len(t.rows) for t in topic.tables)
            more = any(not _rows(f) and not isinstance(f, Stack) for f, _ in face.box.placed)
            assert rows >= min(3, smallest) or (rows == 2 and more), (face.number, face.title, rows)
            checked += 1
    assert checked >= len(topics(reference_sections(data)))


def test_one_topic_a_card_table_in_front_explanation_behind(data):
    deck, laid = layout_deck(data, *POKER), layout_faces(data, *POKER)
    faces = deck.faces
    assert len(faces) % 2 == 0
    for topic in topics(reference_sections(data)):
        own = [f for f, (t, _) in zip(faces, laid, strict=True) if t.tables == topic.tables]
        assert own and (own[0].number % 2 == 1) and len(own) % 2 == 0, topic.title  # starts on a front, whole cards
        with_rows = [f for f in own if any(_rows(p) for p, _ in f.box.placed)]
        assert 1 <= len(with_rows) <= 2 and with_rows[0] is own[0], topic.title  # no table over more than two faces
    assert len({tuple(x.id for x in t.tables) for t, _ in laid}) == len(topics(reference_sections(data)))


def test_every_strip_names_its_topic(faces, data):
    """Its title, or shorter where the strip has no room at its one size (refband11): its band name,
    its section's name."""
    titles = tuple(name for topic in topics(reference_sections(data)) for name in _strip_names(topic))
    for text, _ in faces:
        assert any(text.startswith(t) for t in titles), text[:60]


def test_no_cell_wraps_beyond_three_lines(data):
    """Read from the PDF: consecutive lines of one cell share its left edge and sit one leading apart.

    A text set under its row across the whole face (a phase's course, a critical's effect) is a
    paragraph, not a column: only lines narrower than 60 % of the face's content count.
    """
    deck = layout_deck(data, *POKER)
    leading = deck.styles.leading
    narrow = 0.6 * (POKER[0] - 2 * pt(reference_look().cards.padding))
    for card in reference_cards(deck):
        for back in (False, True):
            objects = text_objects(one_side(card, back))
            run = 1
            for a, b in zip(objects, objects[1:], strict=False):
                same_cell = abs(a.bounds[0] - b.bounds[0]) < 0.5 and abs((a.bounds[1] - b.bounds[1]) - leading) < 0.3
                italic = "Italic" in a.font or "Bold" in a.font  # notes and rules run on: they are not cells
                column = max(a.bounds[2] - a.bounds[0], b.bounds[2] - b.bounds[0]) < narrow
                run = run + 1 if same_cell and column and not italic else 1
                assert run <= 3, b.text


@pytest.mark.parametrize("rule", ["full_location", "secondary"])
def test_the_attack_steps_rules_are_regular_like_every_row(data, faces, rule):
    """Card 7's back once set these two steps' texts in bold, every other row regular (designer
    review, sixth session, item 1): on the cards they read regular, in the body's ink."""
    text = getattr(data.rules.wounds, rule).text
    start = _flat(text)[:30]
    found = [o for _, objects in faces for o in objects if _flat(o.text).startswith(start)]
    assert found, start
    ink = seen(reference_look().colours.ink)
    for o in found:
        assert "Bold" not in o.font and "Italic" not in o.font, o
        assert all(abs(a - b) <= 1 for a, b in zip(o.fill, ink, strict=False))  # fill may carry alpha, o


def test_the_legend_closes_the_first_card_in_the_quiet_grey(faces):
    """On the first card, once in the deck, in the marks' grey: under the table on its front, as
    the first topic has no other explanation and a back holding one line reads as a misprint
    (review 12, item 5; it was the back's lone line, the sixth session's front holding the table
    alone)."""
    legend = _flat(label("common.ruling_legend"))
    assert legend in _flat(faces[0][0]) and legend not in _flat(faces[1][0])
    assert not any(legend in _flat(text) for i, (text, _) in enumerate(faces) if i != 0)
    grey = seen(mark_grey())
    lines = [o for o in faces[0][1] if "provisoire" in o.text]
    assert lines and all(o.fill == grey for o in lines)


# ---- pagination (designer review, item 11): one card a topic, captions with their tables -------
@pytest.fixture(scope="module")
def deck_pdf():
    """The printed deck, one face a page (print-shop layout), read back: each face's text."""
    cards = build_reference(TablesOptions(format="cards", layout="print-shop"))
    return cards, page_texts(cards.pdf)


def _strip_names(topic) -> tuple[str, ...]:
    """What a topic's strip may say at its one size (refband11): its title, each table's band name
    or its title less its parenthesis, its section's name."""
    bands, sep = labels("tables.sheet.bands"), label("tables.format.list_sep")
    short = sep.join(bands.get(t.id, t.title) for t in topic.tables)
    shorter = sep.join(re.sub(r"\s*\([^()]*\)\s*$", "", bands.get(t.id, t.title)) for t in topic.tables)
    return (topic.title, short, shorter, topic.section.title)


def test_every_topic_is_one_card(data, deck_pdf):
    cards, texts = deck_pdf
    subjects = topics(reference_sections(data))
    assert cards.cards == len(subjects) and len(texts) == 2 * len(subjects)
    for i, topic in enumerate(subjects):
        front, back = texts[2 * i], texts[2 * i + 1]
        number = label("tables.sheet.card_of", card=i + 1, cards=len(subjects))
        names = _strip_names(topic)  # its title, or shorter (refband11)
        assert front.startswith(names) and number in front.split("\n")[0], front[:80]
        assert back.startswith(names) and number in back.split("\n")[0], back[:80]


def test_every_front_holds_its_table_and_no_face_only_a_note(data, deck_pdf):
    """The first row of each topic's first table is on its front (card 3/15 once held only a note)."""
    _, texts = deck_pdf
    for i, topic in enumerate(topics(reference_sections(data))):
        first_cell = _flat(topic.tables[0].rows[0][0])
        assert first_cell in _flat(texts[2 * i]), (topic.title, first_cell)


def _note_start(table) -> str:
    return _flat(table.note)[:25]


def test_every_explanation_is_on_the_back_never_on_the_front(data, deck_pdf):
    """Cards 3, 6, 8 and 13 once set their notes under the table on the front, leaving a plain back
    (designer review, sixth session, item 5): every table's note and rule is on its card's back (or
    a face after it), none on its front, which holds the table alone."""
    _, texts = deck_pdf
    plain = label("tables.sheet.title")
    explained = 0
    for i, topic in enumerate(topics(reference_sections(data))):
        front, behind = _flat(texts[2 * i]), _flat(" ".join(texts[2 * i + 1 :]))
        for table in topic.tables:
            for text in (table.note, table.rule):
                if text:
                    start = _flat(text)[:25]
                    assert start not in front and start in behind, (topic.title, start)
                    assert plain not in _flat(texts[2 * i + 1]), topic.title  # not a plain back
                    explained += 1
    assert explained >= 8  # the sheet's notes: actions, thresholds, difficulties, chances, severity...


def test_a_table_under_its_row_leaves_no_blank_line_height(data):
    """On cards a text set under its row takes its own line's height: the key row and its text sit
    one row apart, not with the sheet's 12 pt floor (which made « Actions de base » spill to a third face)."""
    from kolaps_print.layout.reference.cards import card_styles
    from kolaps_print.layout.reference.row_table import EMPTY_CELL_PT

    styles = card_styles(reference_look().cards)
    table = next(t for s in reference_sections(data) for t in s.tables if t.id == "actions")
    block = layout_block(table, styles)
    under = [h for r, h in zip(block.rows, block.row_heights(), strict=True) if r.span]
    assert under and min(under) < EMPTY_CELL_PT + styles.padding * 1.2 - 1


def layout_block(table, styles):
    from kolaps_print.layout.reference.tables import table_flowable

    block = table_flowable(table, POKER[0] - 2 * pt(reference_look().cards.padding), styles)
    block.wrap(POKER[0], 1e9)
    return block


# ---- the strip's text inside the safe area (designer review, fifth session, item 1) -----------
def _strip_glyph_tops(pdf: bytes, page: int, strip_mm: float) -> list[tuple[str, float]]:
    """Each glyph printed in the face's top strip, with how far its top sits below the top trim (mm)."""
    document = pdfium.PdfDocument(pdf)
    try:
        face = document[page]
        top = face.get_trimbox()[3]
        textpage = face.get_textpage()
        glyphs = [(textpage.get_text_range(k, 1), textpage.get_charbox(k)) for k in range(textpage.count_chars())]
        return [(c, (top - box[3]) / pt(1)) for c, box in glyphs if c.strip() and box[3] > top - pt(strip_mm)]
    finally:
        document.close()


def test_every_strip_text_starts_three_millimetres_inside_the_top_trim(deck_pdf):
    """A 1.5 mm cutting drift once clipped the strip's capitals (their top sat 1.6 mm below the trim)."""
    cards, texts = deck_pdf
    spec = reference_look().cards
    assert spec.strip >= 7 - 1e-6
    for page in range(len(texts)):
        glyphs = _strip_glyph_tops(cards.pdf, page, spec.strip)
        printed = "".join(c for c, _ in glyphs)
        assert "/" in printed and printed[0].isupper(), (page, printed)  # the title and « n/15 » both read back
        assert min(depth for _, depth in glyphs) >= 3.0, (page, printed)


# ---- sixth session: faces filled before a table goes on, and a « suite » hint where it does -----
def test_a_table_goes_on_to_the_next_face_only_once_its_face_holds_no_further_row(data):
    """Card 12 once cut after three rows with a fourth's room left: measured with the layout code,
    the next face's first row (with the room it needs) does not fit under the rows of the face before,
    unless taking it would leave the next face fewer than split_rows rows (tenth session: card 12's
    six critical wounds go three and three)."""
    from kolaps_print.layout.reference.faces import card_min_rows
    from kolaps_print.layout.reference.flow import RowTable

    deck = layout_deck(data, *POKER)
    checked = 0
    for face, after in zip(deck.faces, deck.faces[1:], strict=False):
        if face.title != after.title or not face.box.placed or not after.box.placed:
            continue
        first = after.box.placed[0][0]
        tables = [p for p in getattr(first, "parts", [first]) if isinstance(p, RowTable)]
        if not tables or not any(_rows(f) for f, _ in face.box.placed):
            continue
        heights = tables[0].row_heights()
        group = tables[0].row_group
        next_row = sum(heights[tables[0].repeatRows : tables[0].repeatRows + group])
        room = face.box.height - face.box.used - deck.gap * (len(face.box.placed) - 1)
        rest = (len(tables[0].cells) - tables[0].repeatRows) // group
        backed_off = rest <= card_min_rows()  # one row more here would leave too few there (the house's rule)
        assert next_row > room or backed_off, (face.number, face.title, next_row, room)
        checked += 1
    assert checked >= 4  # actions, modifiers, an attack step by step, critical wounds, weapon traits


def test_every_face_whose_topic_goes_on_says_so_in_its_strip(deck_pdf):
    """Read back from the PDF: a face whose next face carries the same topic (not a plain back) says
    so in its strip, every front in one wording, « verso › » (designer review, item 3: « suite au
    verso › » on some fronts, « suite › » on others); no other face does."""
    _, texts = deck_pdf
    hints = (label("tables.sheet.continues_overleaf"), label("tables.sheet.continues"))
    assert _flat(hints[0]) == "verso ›"
    plain = label("tables.sheet.title")
    goes_on = 0
    for i, text in enumerate(texts):
        strip = _flat(text.split("\n")[0])
        said = [h for h in hints if _flat(h) in strip]
        title = strip.split(" " + _flat(said[0]))[0] if said else strip
        following = _flat(texts[i + 1]) if i + 1 < len(texts) else ""
        continues = following.startswith(title) and plain not in following
        assert bool(said) == continues, (i, strip, following[:60])
        if continues and i % 2 == 0:
            assert said == [hints[0]], strip  # every front, long title or short, in the one wording
        goes_on += continues
    assert goes_on >= 6


def test_the_continued_hint_never_touches_the_strip_s_title(deck_pdf):
    """Measured in the PDF: the hint starts right of the title's end, even on the longest titles."""
    cards, texts = deck_pdf
    hint = _flat(label("tables.sheet.continues_overleaf"))
    document = pdfium.PdfDocument(cards.pdf)
    checked = 0
    for page in range(0, len(texts), 2):
        if hint not in _flat(texts[page].split("\n")[0]):
            continue
        textpage = document[page].get_textpage()
        top = document[page].get_trimbox()[3]
        glyphs = [(textpage.get_text_range(k, 1), textpage.get_charbox(k)) for k in range(textpage.count_chars())]
        strip = [(c, box) for c, box in glyphs if c.strip() and box[1] > top - pt(reference_look().cards.strip)]
        text = "".join(c for c, _ in strip)
        title = _flat(texts[page].split("\n")[0]).split(" " + hint)[0].replace(" ", "")
        assert text.startswith(title), (page, text)
        title_end = max(box[2] for _, box in strip[: len(title)])
        hint_start = strip[text.index(hint.replace(" ", ""))][1][0]
        assert title_end + pt(2) < hint_start, (page, text)
        checked += 1
    assert checked >= 5


# ---- sixth session, second designer review -------------------------------------------------------
def _body_lines(text: str) -> list[str]:
    """A face's lines under its strip, flattened."""
    return [_flat(line) for line in text.split("\n")[1:] if line.strip()]


def test_every_back_that_explains_opens_with_a_heading(data, deck_pdf):
    """Card 11's back (Moral) once began straight under its strip: a back holding anything opens
    with « Titre (suite) » for a lone table's rows, its plain title for its notes alone (tenth session),
    or a table's title when two share the card (item 2)."""
    from kolaps_print.layout.reference.tables import continued_title

    _, texts = deck_pdf
    plain = label("tables.sheet.title")
    checked = 0
    for i, topic in enumerate(topics(reference_sections(data))):
        back = texts[2 * i + 1]
        if plain in back:
            continue
        heads = {_flat(continued_title(t.title)) for t in topic.tables} | {_flat(t.title) for t in topic.tables}
        assert _body_lines(back)[0] in heads, (topic.title, _body_lines(back)[:2])
        checked += 1
    moral = next(i for i, t in enumerate(topics(reference_sections(data))) if t.tables[0].id == "moral")
    assert _body_lines(texts[2 * moral + 1])[0] == _flat(label("tables.moral.title"))  # notes alone: no « (suite) »
    assert checked >= 6


def test_every_range_on_the_cards_is_written_one_way(deck_pdf):
    """Card 11 wrote « 6–4 », card 13 « 1 à 5 » (designer review, item 4): read back, every range
    is « a à b », none with a dash between two numbers."""
    import re

    _, texts = deck_pdf
    printed = _flat("\n".join(texts))
    assert not re.search(r"\d\s?–\s?[\d−]", printed), re.findall(r".{20}\d\s?–\s?[\d−].{10}", printed)
    assert "6 à 4" in printed and "1 à 5" in printed  # the morale levels, the critical failures
