"""The previews' card faces kept apart by side (twenty-first session, issue 15): only the fronts
carry the kit's date (in their footer), so a re-dated kit makes and renders its fronts again and
keeps its backs' PDF and pictures; the previews are the same pixels as one PDF of both sides."""

from __future__ import annotations

from pathlib import Path

from kit_folders import same_folders  # tests/support

from kolaps_print.kit import cards as kit_cards
from kolaps_print.kit.build import build_kit
from kolaps_print.kit.kitfile import load_kit
from kolaps_print.kit.stamp import card_stamps
from kolaps_print.write import png_cache
from kolaps_print.write.raster import png_scanlines, rendered_scanlines


def _redated(kit: Path, date: str) -> Path:
    kit.write_text(kit.read_text(encoding="utf-8").replace("date: 2027-03-14", f"date: {date}"), encoding="utf-8")
    return kit


def _counting_renders(monkeypatch) -> list[int]:
    """The pages write/png_cache renders (not taken from the cache), counted."""
    rendered: list[int] = []

    def counted(pdf: bytes, dpi: float):
        for lines in rendered_scanlines(pdf, dpi):
            rendered.append(1)
            yield lines

    monkeypatch.setattr(png_cache, "rendered_scanlines", counted)
    return rendered


def test_a_redated_kit_renders_only_its_fronts_again(cache_home, kit_file, tmp_path, monkeypatch):
    """The fronts print the date (an army whose footer has no room for it prints the stamp without
    it: its pictures come from the cache); no back is rendered again. main rendered the backs again
    with the fronts: one PDF of both sides."""
    kit = kit_file()
    build_kit(kit, tmp_path / "first")
    rendered = _counting_renders(monkeypatch)
    build_kit(_redated(kit, "2027-04-02"), tmp_path / "redated")
    pictures = sorted(p.name for p in (tmp_path / "redated" / "previews").iterdir())
    changed = [n for n in pictures if _bytes(tmp_path / "first", n) != _bytes(tmp_path / "redated", n)]
    assert changed and all(n.endswith("-recto.png") for n in changed)
    assert any(n.startswith("section-kappa-") for n in changed)
    assert len(rendered) == len(changed)
    with monkeypatch.context() as m:
        m.setenv("KOLAPS_CACHE", "off")
        build_kit(kit, tmp_path / "uncached")
    assert same_folders(tmp_path / "redated", tmp_path / "uncached") == []


def _bytes(kit: Path, preview: str) -> bytes:
    return (kit / "previews" / preview).read_bytes()


def test_the_backs_do_not_depend_on_the_card_stamp(kit_file):
    kit = load_kit(kit_file())
    card, short = card_stamps(kit)
    for book in kit.books:
        plain = kit_cards.card_faces(book, "poker", "", kit.edition, "", "back")
        assert kit_cards.card_faces(book, "poker", card, kit.edition, short, "back") == plain


def test_the_previews_are_the_pixels_of_both_sides_in_one_pdf(kit_file, tmp_path, monkeypatch):
    """The proof that splitting the faces by side changed no pixel: every preview is, byte for
    byte, the PNG of its page in the one-face-per-page PDF of both sides with the kit's stamp."""
    monkeypatch.setenv("KOLAPS_CACHE", "off")
    kit_path = kit_file()
    result = build_kit(kit_path, tmp_path / "kit")
    kit = load_kit(kit_path)
    card, short = card_stamps(kit)
    expected = {}
    for path, book in zip(kit.army_paths, kit.books, strict=True):
        both = kit_cards.card_faces(book, "poker", card, kit.edition, short)
        pngs = [png_scanlines(lines, 300) for lines in rendered_scanlines(both, 300)]
        expected |= dict(zip(kit_cards.face_names(book, path.stem), pngs, strict=True))
    assert result.previews == [f"previews/{name}" for name in expected]
    assert [n for n, png in expected.items() if (tmp_path / "kit/previews" / n).read_bytes() != png] == []


def test_a_cold_kit_lays_out_each_army_twice_its_home_sheets_and_its_faces(kit_file, tmp_path, monkeypatch):
    """The faces' two sides come from one layout (before: one for the home sheets, one for both
    sides in one PDF; split by side, two would have been three)."""
    from kolaps_print.layout.card_front import FrontBuilder

    laid: list[str] = []
    real = FrontBuilder.size_body
    monkeypatch.setattr(
        FrontBuilder, "size_body", lambda self, members: laid.append(self.identity.army) or real(self, members)
    )
    monkeypatch.setenv("KOLAPS_CACHE", "off")
    build_kit(kit_file(), tmp_path / "kit")
    assert sorted(laid) == sorted(2 * [kit_cards.army_name(b) for b in load_kit(kit_file()).books])


def test_both_sides_from_one_layout_are_each_side_made_alone(kit_file):
    kit = load_kit(kit_file())
    card, short = card_stamps(kit)
    for book in kit.books:
        alone = [kit_cards.card_faces(book, "poker", card, kit.edition, short, side) for side in ("back", "front")]
        assert kit_cards.card_face_sides(book, "poker", card, kit.edition, short, ("back", "front")) == alone
