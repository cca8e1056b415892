"""Helpers for card layout tests: text bounds from the fonts' own metrics."""

from pathlib import Path

import pytest
import yaml
from text_metrics import ascent_descent  # tests/support

from kolaps_print.layout.reference.as_shapes import SPACES
from kolaps_print.layout.shapes import Box, Drop, Text
from kolaps_print.layout.text_fit import width_mm
from kolaps_print.model.army_book import load_army


def text_bounds(t: Text) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm, y downwards."""
    w = t.width or width_mm(t.text, t.font, t.size, t.tracking)
    w += t.word_space * sum(t.text.count(s) for s in SPACES) * 25.4 / 72  # a line whose spaces shrink to fit
    left = t.x if t.align == "left" else t.x - w if t.align == "right" else t.x - w / 2
    ascent, descent = ascent_descent(t.font, t.size)
    return left, t.y - ascent * 0.78, left + w, t.y + descent * 0.6  # glyph ink, not the line box


def overlap(a, b, tolerance=0.05) -> bool:
    return a[0] < b[2] - tolerance and b[0] < a[2] - tolerance and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance


def box_bounds(b) -> tuple[float, float, float, float]:
    return b.x, b.y, b.x + b.width, b.y + b.height


def tick_boxes(shapes):
    return [s for s in shapes if (isinstance(s, Box) and s.stroke is not None) or isinstance(s, Drop)]


@pytest.fixture(scope="session")
def geo():
    """Geometry helpers for the tests: geo.text_bounds, geo.overlap, geo.box_bounds, geo.tick_boxes."""
    from types import SimpleNamespace

    return SimpleNamespace(text_bounds=text_bounds, overlap=overlap, box_bounds=box_bounds, tick_boxes=tick_boxes)


@pytest.fixture
def write_army(tmp_path):
    """write_army(characters, **top) -> loaded ArmyBook from a file in tmp_path."""

    def make(characters, name="Essai", affiliation="apc", **extra):
        path = tmp_path / "army.yaml"
        data = {"name": name, "affiliation": affiliation, "characters": characters, **extra}
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return load_army(path)

    return make


@pytest.fixture
def heavy_character():
    """A character with the most the army file allows: six weapons, specialisations, long text."""
    return {
        "name": "Stefan Solmeyer",
        "archetype": "Officier",
        "function": "Chef de section",
        "rank": 3,
        "mvt": 4,
        "cib": 3,
        "avatar": True,
        "weapons": ["fusil-assaut", "pistolet", "mitrailleuse-lourde", "grenade", "couteau-combat", "lance-roquettes"],
        "specialisations": ["discipline", "ambidextre", "premiers-secours"],
    }


@pytest.fixture
def portrait(tmp_path) -> Path:
    from PIL import Image

    path = tmp_path / "portrait.png"
    Image.new("RGB", (40, 60), (120, 80, 40)).save(path)
    return path
