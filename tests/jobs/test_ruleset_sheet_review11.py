"""`tables --ruleset ID`, the print designer's eleventh review, read back from the PDFs: the d12
sheet's columns end level with its sections whole, and no sheet sets a table's title smaller than
the table's body."""

from collections import Counter

import pytest
from pdf_text import text_objects  # tests/support

from kolaps_print.content.ruleset_sheet import sheet_content
from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet
from kolaps_print.labels import label
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.units import pt

LEVEL = 0.12  # the last page's columns end within this share of a column of each other


def _column_ends(pdf: bytes, paper: tuple[float, float]) -> tuple[list[float], float]:
    """The lowest text of each column of the sheet's last page (pt from the page's foot), and the
    columns' height, from the sheet's margins in data/layouts/rulesets.yaml."""
    look = sheet_look()
    objects = text_objects(pdf)
    last = max(o.page for o in objects)
    foot = pt(look.margin_mm + look.footer_mm)
    height = paper[1] - foot - pt(look.margin_mm + look.header_mm)
    lows: dict[int, float] = {}
    for o in objects:
        left, bottom, _, _ = o.bounds
        if o.page != last or bottom < foot - 1:  # the footer's line
            continue
        column = 0 if left < paper[0] / 2 else 1
        lows[column] = min(lows.get(column, bottom), bottom)
    return [lows[0], lows[1]], height


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_the_d12_sheet_s_columns_end_level_and_keep_their_sections_whole(paper, size):
    """Designer review 11, item 1: « Actions » ended at 45 % of the page, the right column at its
    foot; « Blessures » now goes under « Actions »: the columns end within 12 % of a column, no
    section goes on under a « (suite) » bar, « Actions » still opens the sheet at the top left."""
    pdf = build_ruleset_sheet("d12", paper).pdf
    ends, height = _column_ends(pdf, size)
    assert abs(ends[0] - ends[1]) <= LEVEL * height, (ends, height)
    texts = text_objects(pdf)
    assert not [o for o in texts if label("rulesets.sheet.continued") in o.text]
    sections = [s.title for s in sheet_content(find_ruleset("d12"))]
    bars = {o.text: o.bounds for o in texts if o.text in sections}
    assert set(bars) == set(sections)
    first = bars[sections[0]]
    assert first[0] < size[0] / 2 and all(first[3] >= b[3] - 0.5 for b in bars.values())


def _plain(text: str) -> str:
    """A title without its erratum's mark, its spaces plain."""
    return " ".join(text.split("†")[0].replace("\u00a0", " ").replace("\u202f", " ").split())


def _body_size(pdf: bytes) -> float:
    """The size most of the sheet's regular text is set at: its tables' body."""
    sizes = Counter(o.size for o in text_objects(pdf) if o.font.endswith("Regular"))
    return sizes.most_common(1)[0][0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_every_table_title_is_bold_and_no_smaller_than_the_body(ruleset_id, paper):
    """Designer review 11, item 1: the d12 sheet's table titles were 8.8 pt bold over a 10.5 pt
    body (and d100's 8 pt over 8.25 on A4, 3d6's 8.8 over 10.5 on Letter): a title heads its
    rows, at the body's size at least."""
    pdf = build_ruleset_sheet(ruleset_id, paper).pdf
    body = _body_size(pdf)
    titles = {
        _plain(t.title)
        for section in sheet_content(find_ruleset(ruleset_id))
        for t in section.tables
        if t.title and t.title.strip().casefold() != section.title.casefold()
    }
    found = [o for o in text_objects(pdf) if _plain(o.text) in titles]
    assert len({o.text for o in found}) >= len(titles) - 1, (titles, [o.text for o in found])
    for o in found:
        assert o.font.endswith("Bold") and o.size >= body - 0.01, (o.text, o.size, o.font, body)
