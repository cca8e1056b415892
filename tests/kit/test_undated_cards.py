"""What a re-dated kit keeps (twenty-second session, issue 15): an army whose card footer has no room
for the kit's date prints the stamp without it, so its home sheets and print-shop fronts are the same
bytes on every date and are not laid out again; the tokens sheet prints no date and is not drawn again."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from kit_folders import same_folders  # tests/support

from kolaps_print.jobs import cards as cards_job
from kolaps_print.kit import cards as kit_cards
from kolaps_print.kit import tokens
from kolaps_print.kit.build import build_kit
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.stamp import card_stamps


def _redated(kit: Path, date: str) -> Path:
    text = kit.read_text(encoding="utf-8")
    kit.write_text(text.replace("date: 2027-03-14", f"date: {date}"), encoding="utf-8")
    return kit


def _counting_layouts(monkeypatch) -> list[str]:
    """The armies the cards job lays out (one entry per build), by name."""
    laid: list[str] = []
    real = cards_job._imposed

    def counted(book, options, sides, progress=None):
        laid.append(book.army.name)
        return real(book, options, sides, progress)

    monkeypatch.setattr(cards_job, "_imposed", counted)
    return laid


def _counting_tokens(monkeypatch) -> list[int]:
    drawn: list[int] = []
    real = tokens.tokens_pdf
    monkeypatch.setattr(tokens, "tokens_pdf", lambda kit: drawn.append(1) or real(kit))
    return drawn


def test_a_redated_kit_lays_out_only_the_armies_that_print_the_date(cache_home, kit_file, tmp_path, monkeypatch):
    """La Horde du Borgne's footer (les-damnes.yaml) prints the stamp without the date: after a
    first kit, no other date lays it out again (main: its home sheets and fronts on every date), and
    the tokens sheet is not drawn again (main keyed it by the kit file's bytes); the folder is an
    uncached build's."""
    kit = kit_file()
    build_kit(kit, tmp_path / "first")
    laid, drawn = _counting_layouts(monkeypatch), _counting_tokens(monkeypatch)
    build_kit(_redated(kit, "2027-04-02"), tmp_path / "redated")
    books = load_kit(kit).books
    assert sorted(laid) == ["Section Kappa", "Section Kappa"]  # its home sheets and its fronts
    assert {kit_cards.army_name(b) for b in books} == {"Section Kappa", "La Horde du Borgne"}
    assert drawn == []
    with monkeypatch.context() as m:
        m.setenv("KOLAPS_CACHE", "off")
        build_kit(kit, tmp_path / "uncached")
    assert same_folders(tmp_path / "redated", tmp_path / "uncached") == []


def test_only_the_army_whose_footer_drops_the_date_prints_the_same_cards_on_every_date(kit_file):
    """The claim the undated keys rest on: prints_date is False exactly where two dates give the
    same home sheets and fronts."""
    kit = load_kit(kit_file())
    seen: dict[str, list[tuple[bool, bool, bytes, bytes]]] = {}
    for date in (dt.date(2027, 3, 1), dt.date(2027, 9, 30)):
        kit.spec = kit.spec.model_copy(update={"date": date})
        card, short = card_stamps(kit)
        paper, cards, size = kit.spec.paper, kit.spec.cards, kit.spec.cards.size
        for book in kit.books:
            home = kit_cards.home_options(paper, cards, card, kit.edition, short)
            faces = kit_cards.face_options(size, card, kit.edition, short)
            seen.setdefault(kit_cards.army_name(book), []).append(
                (
                    kit_cards.prints_date(book, home),
                    kit_cards.prints_date(book, faces),
                    kit_cards.home_cards_pdf(book, paper, cards, card, kit.edition, short)[0],
                    kit_cards.card_face_sides(book, size, card, kit.edition, short, ("front",))[0],
                )
            )
    for name, (first, second) in seen.items():
        dated = first[0]
        assert first[:2] == second[:2] == (dated, dated), name
        assert (first[2] == second[2], first[3] == second[3]) == (not dated, not dated), name
    assert [name for name, runs in seen.items() if not runs[0][0]] == ["La Horde du Borgne"]
