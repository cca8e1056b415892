"""rsstyle22: the rulesets' sheets in KOLAPS's house look (rsstyle21) without their heads costing the
body its size. Read back from the PDFs: each sheet's body at least the size it had before the house
look (main at 94fa3c8, with the 6 mm bars; rsstyle21's KOLAPS bands set d12 Letter at 12 pt, not
12.75, 3d6 at 11.25 and 10.5, d100 A4 at 8.5), and a sheet with room (d12 A4) in KOLAPS's heads:
its bands' titles at the body + 3.5 pt, its tables' titles at the body + 1.5 pt."""

from __future__ import annotations

from collections import Counter

import pytest
from pdf_text import text_objects  # tests/support

from kolaps_print.jobs.ruleset_tables import build_ruleset_sheet
from kolaps_print.model.ruleset_load import find_ruleset

BEFORE = {  # (system, paper) -> the body before the house look (pt)
    ("3d6", "a4"): 11.5,
    ("3d6", "letter"): 10.75,
    ("d100", "a4"): 8.75,
    ("d100", "letter"): 8.0,
    ("d12", "a4"): 13.5,
    ("d12", "letter"): 12.75,
}


def _body(printed) -> float:
    return Counter(round(o.size, 2) for o in printed if "Regular" in o.font).most_common(1)[0][0]


@pytest.mark.parametrize(("system", "paper"), list(BEFORE))
def test_the_heads_never_cost_the_body_its_size(system, paper):
    printed = [o for o in text_objects(build_ruleset_sheet(system, paper).pdf) if o.text.strip()]
    assert _body(printed) >= BEFORE[system, paper], (system, paper, _body(printed))


def test_a_sheet_with_room_prints_kolaps_heads():
    printed = [o for o in text_objects(build_ruleset_sheet("d12", "a4").pdf) if o.text.strip()]
    body = _body(printed)
    titles = {s.title for s in find_ruleset("d12").spec.sheet.sections}
    bands = [o for o in printed if o.fill == (255, 255, 255) and o.text.strip() in titles]
    assert len(bands) == len(titles) and all(o.size == pytest.approx(body + 3.5, abs=0.02) for o in bands)
    caption = next(o for o in printed if o.text.strip().startswith("Critiques en combat"))
    assert caption.size == pytest.approx(body + 1.5, abs=0.02)
