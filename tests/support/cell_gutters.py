"""The paper between neighbouring cells of a card's tables, read back from the PDF by glyph ink
(review 13 N2: a text object's bounds take a cell's trailing space, so « assommants » | « 3 »
read 2 mm apart by bounds and 1.1 mm by ink). A table is found by its header row's texts; its
columns start where its header cells do; its rows are the lines under it whose texts are its
cells' (a weapon's name line, its roll after it, is one line of text: left out)."""

from __future__ import annotations

from io import BytesIO

import pypdfium2 as pdfium
from face_rows import MM, Printed, face_printed  # tests/support
from pdf_text import as_printed  # tests/support


def _ink(textpage, text: Printed) -> tuple[float, float] | None:
    """The left and right of a text's glyph ink (pt): its characters' tight boxes, spaces left out."""
    left, bottom, right, top = text.rect
    boxes = []
    for k in range(textpage.count_chars()):
        if textpage.get_text_range(k, 1).isspace():
            continue
        box = textpage.get_charbox(k, loose=False)
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if left - 0.1 <= x <= right + 0.1 and bottom - 0.1 <= y <= top + 0.1:
            boxes.append(box)
    return (min(b[0] for b in boxes), max(b[2] for b in boxes)) if boxes else None


def _lines(texts: list[Printed]) -> list[list[Printed]]:
    """The texts by baseline, top line first, each line left to right."""
    lines: dict[float, list[Printed]] = {}
    for text in texts:
        key = next((b for b in lines if abs(b - text.baseline) < 0.3), text.baseline)
        lines.setdefault(key, []).append(text)
    return [sorted(lines[b], key=lambda t: t.rect[0]) for b in sorted(lines, reverse=True)]


def _table_lines(
    pdf: bytes, page: int, header: list[str], rows: list[list[str]], allowed: list[str]
) -> tuple[list[Printed], list[list[Printed]]] | None:
    """The table's header line and the lines under it whose texts are parts of allowed (a
    weapon's name line left out), or None when the page prints no such header."""
    lines = _lines([t for t in face_printed(pdf, page) if t.kind == "text"])
    head = next((line for line in lines if sum(as_printed(t.text).strip() in header for t in line) >= 2), None)
    if head is None:
        return None
    names = {row[0] for row in rows}
    table: list[list[Printed]] = []
    for line in lines[lines.index(head) + 1 :]:
        words = [as_printed(t.text).strip() for t in line]
        if words[0] in names and not any(words[0] == cell for row in rows for cell in row[1:]):
            continue  # a weapon's name line
        if not all(w and any(w in cell for cell in allowed) for w in words):
            break
        table.append(line)
    return head, table


def cell_gutters(pdf: bytes, page: int, header: list[str], rows: list[list[str]]) -> list[tuple[str, str, float]]:
    """Each pair of neighbouring cells' texts on one line of that table on the page, with the ink
    between them (mm); [] when the page does not print the table's header as cells."""
    found = _table_lines(pdf, page, header, rows, [cell for row in rows for cell in row])
    if found is None:
        return []
    head, table = found
    starts = sorted(t.rect[0] for t in head)
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        textpage = document[page].get_textpage()
        out = []
        for line in [head, *table]:
            column = [max(j for j, s in enumerate(starts) if s <= t.rect[0] + 0.5) for t in line]
            for a, b, ca, cb in zip(line, line[1:], column, column[1:], strict=False):
                if ca == cb:
                    continue  # runs of one cell
                ink_a, ink_b = _ink(textpage, a), _ink(textpage, b)
                if ink_a and ink_b:
                    out.append((a.text, b.text, round((ink_b[0] - ink_a[1]) / MM, 2)))
        return out
    finally:
        document.close()


def _rule_right(document, page: int, below: float) -> float:
    """The right end of the first thin horizontal rule under a baseline (a table's head rule)."""
    import pypdfium2.raw as pdfium_c
    from pdf_text import page_bounds  # tests/support

    rules = []
    for obj in document[page].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=8):
        left, bottom, right, top = page_bounds(obj)
        if top - bottom < 1.5 and right - left > 40 and top <= below + 0.5:
            rules.append((top, right))
    return max(rules)[1]


def needless_wraps(pdf: bytes, page: int, header: list[str], rows: list[list[str]]) -> list[tuple[str, float, float]]:
    """The table's cells that take a second line (« Fusils de / chasse ») while its other columns
    have together what it lacks to hold one line (its text whole and its paddings, less its
    column's width: at most the pushed word's width): each (the cell's two lines, what it lacks,
    the others' slack, mm). A column's slack: its width (from its head's left to the next head's,
    the last to the head rule's end) less its longest word (headings' too) and its paddings;
    widths in the regular face at the printed size (a bold cell's a little short)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kolaps_print.fonts import SANS, register_fonts

    register_fonts(SANS)
    found = _table_lines(pdf, page, header, rows, [cell for row in rows for cell in row] + list(header))
    if found is None:
        return []
    head, table = found
    starts = sorted(t.rect[0] for t in head)
    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        edges = [*starts[1:], _rule_right(document, page, head[0].baseline)]
    finally:
        document.close()

    def column(t: Printed) -> int:
        return max(j for j, s in enumerate(starts) if s <= t.rect[0] + 0.5)

    def word_width(t: Printed, word: str) -> float:
        return stringWidth(word, SANS, t.size)

    longest = [0.0] * len(starts)
    for t in [text for line in [head, *table] for text in line]:
        j = column(t)
        longest[j] = max([longest[j]] + [word_width(t, w) for w in as_printed(t.text).split()])
    edges[-1] += PAD_PT  # the last column's right, its padding inside the rule
    slack = [e - s - w - 2 * PAD_PT for s, e, w in zip(starts, edges, longest, strict=True)]
    out = []
    for above, line in zip([head, *table], table, strict=False):
        for t in line:
            j, text = column(t), as_printed(t.text).strip()
            before = [as_printed(a.text).strip() for a in above if column(a) == j]
            cells = (c for row in rows for c in row if c not in (text, before[-1] if before else None))
            if before and any(f"{before[-1]} {text}" in cell for cell in cells):
                first = next(a for a in above if column(a) == j and as_printed(a.text).strip() == before[-1])
                whole = word_width(first, f"{before[-1]} {text}")
                lacks = whole + 2 * PAD_PT - (edges[j] - starts[j])
                others = sum(max(0.0, s) for k, s in enumerate(slack) if k != j)
                if others >= lacks:
                    out.append((f"{before[-1]} / {text}", round(lacks / MM, 2), round(others / MM, 2)))
    return out


PAD_PT = 2.15  # a card table cell's least padding a side (card.cell_pad_pt)
