"""Card sizes, papers and home-printing sheet settings (data/layouts/sizes.yaml, sheets.yaml)."""

from __future__ import annotations

import math
import re
from typing import Annotated

from pydantic import Field, field_validator, model_validator

from kolaps_print.diagnostics import shown
from kolaps_print.layout.choices import one_of
from kolaps_print.layout.data_files import load_layout
from kolaps_print.layout.geometry import Size
from kolaps_print.model.common import Model

MIN_CARD_MM, MAX_CARD_MM = 20.0, 400.0
SAFE_EDGE_MM = 6.0  # nothing that matters closer to a sheet's edge: home printers clip up to ~5 mm (issue 12)
WXH = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*[xX×]\s*(\d+(?:[.,]\d+)?)\s*$")


class SizeEntry(Model):
    width: float = Field(gt=0, le=1000)
    height: float = Field(gt=0, le=1000)

    def size(self) -> Size:
        return Size(self.width, self.height)


# Names the commands offer or default to (--paper a4|letter, --card poker): sizes.yaml must keep them.
REQUIRED_CARDS = ("poker",)
REQUIRED_PAPERS = ("a4", "letter")


def _keeps(names: tuple[str, ...], entries: dict[str, SizeEntry], what: str) -> dict[str, SizeEntry]:
    missing = [n for n in names if n not in entries]
    if missing:
        raise ValueError(f"must keep the {what} {', '.join(missing)}: the commands use {', '.join(names)}")
    return entries


class Sizes(Model):
    cards: dict[str, SizeEntry]
    papers: dict[str, SizeEntry]

    @field_validator("cards")
    @classmethod
    def _keeps_cards(cls, cards: dict[str, SizeEntry]) -> dict[str, SizeEntry]:
        for name, card in cards.items():  # the bounds a size typed on the command line has
            if not all(MIN_CARD_MM <= side <= MAX_CARD_MM for side in (card.width, card.height)):
                raise ValueError(f"card size '{name}': each side must be {MIN_CARD_MM:g} to {MAX_CARD_MM:g} mm")
        return _keeps(REQUIRED_CARDS, cards, "card size")

    @field_validator("papers")
    @classmethod
    def _keeps_papers(cls, papers: dict[str, SizeEntry]) -> dict[str, SizeEntry]:
        return _keeps(REQUIRED_PAPERS, papers, "paper")

    @model_validator(mode="after")
    def _cards_fit_papers(self) -> Sizes:
        for name, card in self.cards.items():
            for paper_name, paper in self.papers.items():
                if card.width > paper.width or card.height > paper.height:
                    raise ValueError(
                        f"card size '{name}' ({card.width:g} × {card.height:g} mm) does not fit on paper "
                        f"'{paper_name}' ({paper.width:g} × {paper.height:g} mm)"
                    )
        return self


class HomeSheet(Model):
    margin: float = Field(ge=SAFE_EDGE_MM, le=50)
    gutter: float = Field(ge=0, le=50)
    bleed: float = Field(ge=0, le=10)


class CropMarks(Model):
    offset: float = Field(ge=0, le=20)
    length: float = Field(ge=0, le=50)  # 0: out to the sheet edge
    width_pt: float = Field(gt=0, le=1)
    grey: float = Field(ge=0, le=1)


class FoldLine(Model):
    width_pt: float = Field(gt=0, le=2)
    grey: float = Field(ge=0, le=1)
    dash: list[Annotated[float, Field(gt=0, le=20)]] = Field(min_length=2, max_length=2)  # mm drawn, mm skipped


class ScaleBar(Model):
    length: float = Field(ge=20, le=150)
    text_pt: float = Field(ge=5, le=12)
    width_pt: float = Field(gt=0, le=2)
    tick: float = Field(gt=0, le=5)
    caption: float = Field(ge=0, le=5)
    extent: float = Field(gt=0, le=10)
    clear: float = Field(ge=0, le=10)
    under_stamp: float = Field(ge=0, le=10)


class PrintShop(Model):
    bleed: float = Field(ge=0, le=10)


class Sheets(Model):
    home: HomeSheet
    crop_marks: CropMarks
    fold_line: FoldLine
    scale_bar: ScaleBar
    print_shop: PrintShop


def sizes() -> Sizes:
    return load_layout("sizes", Sizes)


def sheets() -> Sheets:
    return load_layout("sheets", Sheets)


def paper_names() -> tuple[str, ...]:
    """The --paper choices of every command and the kit file's paper: sizes.yaml's papers."""
    return tuple(sizes().papers)


def card_names() -> tuple[str, ...]:
    """The named --card sizes (any WxH in mm is accepted too)."""
    return tuple(sizes().cards)


def paper_name(text: str) -> str:
    """A paper name as typed (any case) -> its sizes.yaml name; ValueError names the choices."""
    names = paper_names()
    key = text.strip().lower()
    return key if key in names else one_of(text, names)


def card_size(text: str) -> Size:
    """'poker', 'tarot', 'mini' or 'WxH' in mm ('63x88', '63.5x89'); ValueError explains a bad one."""
    named = sizes().cards
    key = text.strip().lower()
    if key in named:
        return named[key].size()
    match = WXH.match(text)
    if not match:
        raise ValueError(
            f"unknown card size '{shown(text)}': use {', '.join(named)} or WIDTHxHEIGHT in mm (e.g. 63x88)"
        )
    width, height = (float(g.replace(",", ".")) for g in match.groups())
    for value in (width, height):
        if not MIN_CARD_MM <= value <= MAX_CARD_MM:
            raise ValueError(f"card size '{shown(text)}': each side must be {MIN_CARD_MM:g} to {MAX_CARD_MM:g} mm")
    return Size(width, height)


def paper_size(text: str) -> Size:
    return sizes().papers[paper_name(text)].size()


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' (mm) -> (1.5, -0.5); ValueError explains a bad one."""
    parts = text.replace(";", ",").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise ValueError(f"back offset '{shown(text)}': write X,Y in mm, e.g. 1.5,-0.5") from None
    if not all(math.isfinite(v) and abs(v) <= 20 for v in (x, y)):
        raise ValueError(f"back offset '{shown(text)}': at most 20 mm each way")
    return x, y
