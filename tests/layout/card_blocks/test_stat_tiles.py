"""The mini cards' MVT tile: « 10/20 cm », the value at full size where the army's tiles have the
room, else down to the unit floor (audit 17: the minis printed « 10/20 » with no unit, poker and
tarot say « cm »; words18: every army's minis say it)."""

from __future__ import annotations

from pdf_text import text_objects  # tests/support

from kolaps_print import resources


def _mini(cli, tmp_path, army: str):
    out = tmp_path / f"{army}.pdf"
    result = cli(
        [
            "cards",
            resources.kolaps_folder(resources.data_dir()) / "armies" / f"{army}.yaml",
            "--card",
            "mini",
            "-o",
            out,
        ]
    )
    assert result.exit_code == 0, result.stderr
    return [t for t in text_objects(out.read_bytes(), page_space=True) if t.page == 0]


def test_a_mini_cards_mvt_value_is_followed_by_its_unit_on_its_baseline(cli, tmp_path):
    texts = _mini(cli, tmp_path, "vampires")
    values = [t for t in texts if t.text.strip() in ("10/20", "15/30")]
    units = [t for t in texts if t.text.strip() == "cm"]
    assert values and len(units) == len(values)
    for value in values:
        left, bottom, right, _ = value.bounds
        unit = min(units, key=lambda u: abs(u.bounds[0] - right) + abs(u.bounds[1] - bottom))
        assert 0 < unit.bounds[0] - right < 3  # right after it, under 1 mm apart (in points)
        assert abs(unit.bounds[1] - bottom) < 1.5  # the same baseline (both without descenders)
        assert unit.size == 6 and value.size == 15  # the unit small, the value at its full size


def test_an_army_whose_tiles_lack_room_sets_its_mvt_down_to_the_unit_floor_with_the_unit(cli, tmp_path):
    """Les Damnés' « 12,5/25 » fills its tile at 15 pt: its MVT values go down to the unit floor
    (card.yaml stats.unit_floor, 12 pt) so that « cm » follows them (words18; audit 17 printed them
    without the unit), and the other tiles keep 15 pt."""
    texts = _mini(cli, tmp_path, "les-damnes")
    values = [t for t in texts if t.text.strip() in ("10/20", "12,5/25", "7,5/15")]
    units = [t for t in texts if t.text.strip() == "cm"]
    assert values and len(units) == len(values)
    assert all(12 <= t.size < 15 for t in values), {(t.text, t.size) for t in values}
    assert {t.size for t in texts if t.text.strip() in ("2+", "3+", "4+", "5+")} == {15}
