"""A portrait with too few pixels for its printed size is a located warning naming the character."""

import pytest
from PIL import Image
from portrait_army import at, write_portrait_army  # tests/support

from kolaps_print.layout.card_data import card_layout


@pytest.fixture
def army(tmp_path):
    folder = tmp_path / "army"
    folder.mkdir()
    Image.new("RGB", (40, 60), (120, 80, 40)).save(folder / "tiny.png")
    box = card_layout().front.portrait
    Image.new("RGB", (round(box.width / 25.4 * 160), round(box.height / 25.4 * 160)), (1, 2, 3)).save(
        folder / "sharp.png"
    )
    return write_portrait_army(folder, ["tiny.png", "sharp.png"])


def soft(path, i, character, ppi, pixels, box):
    return at(
        path,
        i,
        "warning",
        f"the portrait of '{character}' prints at {ppi} ppi ({pixels} pixels for {box} mm), "
        "below the 150 ppi that prints sharp: use a larger picture",
    )


def test_a_soft_portrait_is_a_warning_and_the_cards_are_written(cli, army, tmp_path):
    out = tmp_path / "cards.pdf"
    result = cli(["cards", army, "-o", out])
    lines = [line for line in result.stderr.splitlines() if line.startswith(str(army))]
    # 40 pixels across 12.5 mm (0.492 in) is 81 ppi (60 down 12.2 mm would be 125); the 160 ppi one is not named
    assert lines == [soft(army, 1, "P1", 81, "40 × 60", "12.5 × 12.2")]
    assert result.exit_code == 0
    assert out.is_file()


def test_strict_makes_it_an_error_and_writes_nothing(cli, army, tmp_path):
    out = tmp_path / "cards.pdf"
    result = cli(["cards", "--strict", army, "-o", out])
    assert any(
        line.startswith(f"{army}:5:51: error: characters[1].portrait: the portrait of 'P1' prints at 81 ppi")
        for line in result.stderr.splitlines()
    )
    assert result.exit_code == 1
    assert not out.exists()


def test_the_resolution_is_judged_at_the_size_printed(cli, tmp_path):
    """A mini card prints the portrait smaller: the same pixels are sharper there."""
    folder = tmp_path / "army"
    folder.mkdir()
    Image.new("RGB", (70, 70), (120, 80, 40)).save(folder / "p.png")
    path = write_portrait_army(folder, ["p.png"])
    poker = cli(["cards", path, "-o", tmp_path / "poker.pdf"])
    mini = cli(["cards", path, "--card", "mini", "-o", tmp_path / "mini.pdf"])
    assert "characters[1].portrait: the portrait of 'P1' prints at 142 ppi" in poker.stderr  # 70 px over 12.5 mm
    assert "characters[1].portrait" not in mini.stderr


def test_a_print_shop_asks_for_300_ppi(cli, army, tmp_path):
    """The same pictures at the same size: the soft one is named with 300 ppi as the bar, and
    the one sharp enough at home (160 ppi) is named too."""
    home = cli(["cards", army, "-o", tmp_path / "home.pdf"])
    shop = cli(["cards", army, "--print-shop", "-o", tmp_path / "shop.pdf"])
    home_lines, shop_lines = (
        [line for line in r.stderr.splitlines() if line.startswith(str(army))] for r in (home, shop)
    )
    bar = "below the 300 ppi that a print shop asks for: use a larger picture"
    assert len(home_lines) == 1 and len(shop_lines) == 2
    assert shop_lines[0] == home_lines[0].replace("below the 150 ppi that prints sharp: use a larger picture", bar)
    assert shop_lines[1].startswith(at(army, 2, "warning", "the portrait of 'P2' prints at ")) and shop_lines[
        1
    ].endswith(bar)
    assert shop.exit_code == 0
