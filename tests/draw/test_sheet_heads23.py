"""Twenty-third session, caps23 (review 22b, S2 and N14): the rulesets' sheets read back.

- The title line over the section bands: the d12 sheet (13.5 pt body) set its bands' titles at
  17 pt (KOLAPS's body + 3.5) under a 15 pt title line « L'échelle du d12  Aide de jeu »: the
  hierarchy upside down. The title's names now stand rulesets.yaml's title_over_band_pt (2 pt) or
  more over every band's title, on every sheet, A4 and Letter.
- The footer's key ends with a full stop, as KOLAPS's « † E… : règle provisoire de l'éditeur, en
  attendant l'auteur. » does (main: « … voir les errata du système » without one)."""

from __future__ import annotations

import pytest
from pdf_text import text_objects  # tests/support
from ruleset_products import RULESETS, ruleset_pdf  # tests/support

from kolaps_print.jobs.tables import TablesOptions, build_reference
from kolaps_print.labels import label
from kolaps_print.layout.reference.look import reference_look
from kolaps_print.layout.ruleset.look import sheet_look

WHITE = (255, 255, 255)
SHEETS = [(rs, kind) for rs in RULESETS for kind in ("sheet", "sheet-letter")]
IDS = [f"{rs}-{kind}" for rs, kind in SHEETS]


def _texts(pdf: bytes):
    return [t for t in text_objects(pdf, page_space=True) if t.text.strip()]


@pytest.mark.parametrize(("system", "kind"), SHEETS, ids=IDS)
def test_the_title_line_stands_over_every_band(system, kind):
    texts = _texts(ruleset_pdf(system, kind))
    (name,) = [t for t in texts if t.page == 0 and t.text.strip() == label("tables.sheet.title")]
    bands = [t.size for t in texts if t.fill == WHITE and t.font.endswith("Bold")]
    assert bands, "no band title read"
    assert name.size >= max(bands) + sheet_look().title_over_band_pt - 0.01, (name.size, max(bands))
    assert name.size >= reference_look().sheet.title_pt - 0.01  # never under KOLAPS's title line
    titles = {round(t.size, 2) for t in texts if t.text.strip() == label("tables.sheet.title")}
    assert titles == {round(name.size, 2)}  # every page's alike


@pytest.mark.parametrize(("system", "kind"), SHEETS, ids=IDS)
def test_the_footer_key_ends_as_kolaps_s(system, kind):
    texts = _texts(ruleset_pdf(system, kind))
    keys = [t.text.strip() for t in texts if t.text.strip().startswith("†") and "nos décisions" in t.text]
    house = min(_texts(build_reference(TablesOptions()).pdf), key=lambda t: t.bounds[1]).text.strip()
    assert house.startswith("†") and house.endswith(".")
    assert keys and all(key.endswith(".") for key in keys), keys
