"""The ruleset backs' box tracks after review 22a (twenty-third session, backs23), read back from
the print-shop PDF: every row of a track but the last two is full to the track's grid (a zone's
label takes its columns, or opens its row, or ends a full row: finding 4, rows were shortened
mid-block: 10 / 9 / 5 / 1+3 on Inès Marchal's tarot back); a row ends short only before a row its
zone's label opens (review 23, 1: a label stretched over the columns left stood apart from its rule)."""

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from face_rows import face_printed  # tests/support
from pdf_text import as_printed, text_objects  # tests/support
from ruleset_products import demo_army  # tests/support

from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

MM = 72 / 25.4
LABELS = {"3d6": {"½", "¼", "0 · mourant"}, "d12": {"½", "¼"}}


def _tracks(pdf: bytes, page: int, labels: set[str]) -> list[list[list[tuple[float, float, float, float]]]]:
    """The page's tracks, each its rows top first, a row its boxes' and zone labels' rectangles
    (rows that follow one another a row gap apart are one track)."""
    printed = face_printed(pdf, page)
    rows: dict[float, list] = {}
    for p in printed:
        if p.kind == "box":
            rows.setdefault(round(p.rect[1], 1), []).append(p.rect)
    for p in printed:
        if p.kind == "text" and as_printed(p.text).strip() in labels:
            middle = (p.rect[1] + p.rect[3]) / 2
            row = next((y for y, r in rows.items() if r[0][1] < middle < r[0][3]), None)
            if row is not None:
                rows[row].append(p.rect)
    tracks: list[list[list]] = []
    last = None
    for y in sorted(rows, reverse=True):
        row = sorted(rows[y])
        top, side = y + (rows[y][0][3] - rows[y][0][1]), rows[y][0][3] - rows[y][0][1]  # the first is a box
        if last is not None and last - top <= side + 1.2 * MM:  # a row gap, not a head
            tracks[-1].append(row)
        else:
            tracks.append([row])
        last = top
    return [t for t in tracks if sum(len(r) for r in t) > 3]


@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("ruleset_id", ["3d6", "d12"])
def test_every_row_but_the_last_two_is_full_to_the_track_s_grid(ruleset_id, card):
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    checked = 0
    for page in range(1, 2 * army.card_count, 2):
        for track in _tracks(pdf, page, LABELS[ruleset_id]):
            right = max(r[2] for row in track for r in row)
            side = min(r[3] - r[1] for r in track[0])  # a box's (a label's glyphs are lower)
            # the last two rows balanced; on a 3d6 mini the last one's last group stands on a row
            # of its own, a note beside it (cards14): three rows at the foot
            foot = 3 if (ruleset_id, card) == ("3d6", "mini") else 2
            for n, row in enumerate(track[:-foot]):
                checked += 1
                if max(r[2] for r in row) >= right - side / 2:
                    continue
                # short only where its zone ends and the next opens the next row with its label,
                # whose columns did not fit (review 23, 1: never a hole mid-row before a label)
                first = min(track[n + 1])
                assert first[3] - first[1] < 0.9 * side, (ruleset_id, card, page, n, len(track))
    assert checked, (ruleset_id, card)


@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
def test_the_half_and_quarter_labels_are_bold_and_large_enough_to_read(card):
    """Finding 3: a ½ or ¼ on a 3d6 back's COUPS track was 6 pt on a mini (its digits 2 pt tall,
    the glyph 1.5 mm): now bold and 1.3 times the label's size where its column holds it, the
    glyph 1.8 mm tall or more (pdfium's box of its ink) on every size (a mini's 1.84: its rows keep 1 mm
    of air round it, test_ruleset_tracks11)."""
    army = demo_army("3d6")
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    document = pdfium.PdfDocument(BytesIO(pdf))
    heights = []
    try:
        for page in range(1, 2 * army.card_count, 2):
            text_page = document[page].get_textpage()
            text = text_page.get_text_range()
            for k, glyph in enumerate(text):
                if glyph in "½¼" and (k == 0 or text[k - 1] != "("):  # a legend's « (½) » is not a label
                    box = text_page.get_charbox(k)
                    heights.append((box[3] - box[1]) / MM)
    finally:
        document.close()
    assert heights and min(heights) >= 1.8, (card, sorted({round(h, 2) for h in heights}))


STATS = {"3d6": "VIT", "d100": "DEX", "d12": "DÉF"}


@pytest.mark.parametrize("ruleset_id", ["3d6", "d100", "d12"])
def test_every_back_prints_its_in_play_stats_and_a_tarot_s_at_its_body_size(ruleset_id):
    """Findings 5 and 6: the d100 mini backs printed no stats (« Élise Garnier 1/2 » left them no
    room at 7 pt: a deck prints them on every back or none), and a tarot back's were 8 pt beside a
    13.5 pt name. Now every back of every size prints them, a mini's at 6 pt or more, a poker's at
    8 pt and a tarot's at 10 pt or more (its body's size)."""
    army = demo_army(ruleset_id)
    for card, least in (("mini", 6), ("poker", 8), ("tarot", 10)):
        pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
        stats = [o for o in text_objects(pdf) if o.text.startswith(STATS[ruleset_id]) and "·" in o.text]
        assert len({o.page for o in stats}) == army.card_count, (ruleset_id, card, len(stats))
        assert min(o.size for o in stats) >= least - 0.01, (ruleset_id, card, sorted({o.size for o in stats}))


def test_a_3d6_mini_back_prints_the_threshold_effects_where_they_fit():
    """Finding 7: every 3d6 mini back said « Seuils ASSOMMANT et COUPS : voir l'aide » (a deck's
    backs shed their legends together) when only Lou Ferrand's lacks the room. Now the backs that
    hold them print the effects at 6 pt or more; a back that does not gives them by name."""
    army = demo_army("3d6")
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card="mini")).pdf
    objects = text_objects(pdf)
    printed = [o for o in objects if "−1 COUP/round" in o.text]
    pointers = [o for o in objects if "voir l’aide" in as_printed(o.text) or "voir l'aide" in o.text]
    assert len({o.page for o in printed}) >= army.card_count - 1, len({o.page for o in printed})
    assert min(o.size for o in printed) >= 6 - 0.01
    assert not {o.page for o in printed} & {o.page for o in pointers}  # one or the other, never both


@pytest.mark.parametrize("card", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("ruleset_id", ["3d6", "d12"])
def test_a_zone_label_stands_by_its_rule_and_its_first_box_with_no_hole(ruleset_id, card):
    """Review 23, 1: on a 3d6 tarot back a label stretched over a row's spare columns stood two
    columns from the box before it (« ▢▢▢| · · ½ ▢▢▢▢ »)."""
    army = demo_army(ruleset_id)
    pdf = build_ruleset_cards(army, CardOptions(print_shop=True, card=card)).pdf
    checked = 0
    for page in range(1, 2 * army.card_count, 2):
        for track in _tracks(pdf, page, LABELS[ruleset_id]):
            side = min(r[3] - r[1] for r in track[0])
            for row in track:
                for before, rect, after in zip(row, row[1:], row[2:], strict=False):
                    if rect[3] - rect[1] >= 0.9 * side:  # a box
                        continue
                    checked += 1
                    assert rect[0] - before[2] <= side, (ruleset_id, card, page, before, rect)
                    assert after[0] - rect[2] <= side, (ruleset_id, card, page, rect, after)
    assert checked, (ruleset_id, card)
