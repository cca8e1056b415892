"""Card sizes, papers and offsets as the user types them."""

import pytest

from kolaps_print.layout.geometry import Size
from kolaps_print.layout.sheets import card_size, paper_size, parse_offset


@pytest.mark.parametrize(
    "text, size",
    [
        ("poker", Size(63, 88)),
        ("Tarot", Size(70, 120)),
        ("mini", Size(44, 63)),
        ("63x88", Size(63, 88)),
        ("63.5 X 89", Size(63.5, 89)),
        ("60,5×90", Size(60.5, 90)),
    ],
)
def test_card_sizes(text, size):
    assert card_size(text) == size


@pytest.mark.parametrize("text", ["huge", "63x", "x88", "10x10", "63x900", "-63x88", ""])
def test_bad_card_sizes_explain_what_to_write(text):
    with pytest.raises(ValueError, match="card size"):
        card_size(text)


def test_papers():
    assert paper_size("a4") == Size(210, 297)
    assert paper_size("LETTER") == Size(215.9, 279.4)
    with pytest.raises(ValueError, match=r"^'a3' is not one of 'a4', 'letter'\.$"):
        paper_size("a3")


def test_offsets():
    assert parse_offset("1.5,-0.5") == (1.5, -0.5)
    for bad in ("1", "a,b", "1,2,3", "50,0", "nan,0"):
        with pytest.raises(ValueError, match="offset"):
            parse_offset(bad)
