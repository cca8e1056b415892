"""Cards as pictures, for screens and virtual tabletops (library API; `cards --format png|tts`).

png: one PNG per face, `<character>-front.png` and `-back.png` (copies and namesakes numbered),
at 300 dpi or --dpi. tts: Tabletop Simulator deck sheets (fronts, and backs as a matching sheet,
since every back differs) and a saved object, `<army>.json`, pointing at them with file:/// paths,
or at --base-url + file name once the sheets are uploaded.

Faces are rendered with pypdfium2 from our own one-face-per-page PDF (write/raster), each
card once (copies of a character are numbered « 1/3 » as in the PDF), and written as a set: the folder is built aside and moved into place whole
(write/folder: a folder of the user's is never overwritten).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Literal
from urllib.parse import quote, urlsplit

from PIL import Image

from kolaps_print.diagnostics import Diagnostic, fail_on_warnings
from kolaps_print.jobs.cards import CardOptions, CardsResult, build_cards, portraits
from kolaps_print.jobs.tts import DeckSheet, grid_for, saved_object
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.card_front import copy_label, copy_numbers
from kolaps_print.model.army_book import load_army
from kolaps_print.model.choices import KOLAPS, Edition
from kolaps_print.units import inches
from kolaps_print.write import Inputs, source_inputs
from kolaps_print.write.folder import build_atomically, check_folder, written_files
from kolaps_print.write.raster import DPI, numbered, png_bytes, png_scanlines, rendered_pages, rendered_scanlines, slug

ImageFormat = Literal["png", "tts"]  # CardsFormat but pdf
SHEET_LIMIT = 4096  # px: the largest image Tabletop Simulator loads
WHAT = "set of card pictures"  # what messages call the folder


@dataclass(frozen=True)
class ImageOptions:
    format: ImageFormat = "png"
    card: str = "poker"  # a card size of data/layouts/sizes.yaml, or WxH in mm
    dpi: int | None = None  # png: 300; tts: 300, or less where a sheet would pass 4096 px
    base_url: str | None = None  # tts: where the sheets will be served; default: file:/// here
    edition: Edition = "full"  # quickstart: the demo's cards, as the PDF prints them (card.yaml editions)

    def check(self) -> None:
        """ValueError with a message for the user if the card size or the base URL is wrong."""
        sheet_data.card_size(self.card)
        if self.base_url is not None:
            check_base_url(self.base_url)


def check_base_url(url: str) -> None:
    """Only a web address the game can fetch from: http(s), a host, nothing after the path."""
    parts = urlsplit(url)
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or any(c.isspace() or not c.isprintable() for c in url)
    ):
        raise ValueError(
            f"the deck's base URL must be an http:// or https:// address without spaces, query or #: {url!r}"
        )


def sheet_url(base_url: str | None, folder: Path, name: str) -> str:
    """Where Tabletop Simulator fetches a sheet: base_url/name once uploaded, else this computer's file."""
    if base_url is None:
        return (folder / name).as_uri()
    return f"{base_url.rstrip('/')}/{quote(name)}"


@dataclass
class ImagesWritten:
    folder: Path
    files: list[str]  # relative to folder, the manifest included, sorted
    cards: int
    warnings: list[Diagnostic] = field(default_factory=list)

    def summary(self) -> str:
        pictures = sum(f.endswith(".png") for f in self.files)
        return f"{self.cards} card(s), {pictures} picture(s): {self.folder}"


@dataclass(frozen=True)
class PreviewCard:
    """One card to show (a copy is a card of its own): its name, and its faces' page indexes."""

    name: str
    file: str  # the file-name stem, unique in the set
    front: int
    back: int


def default_folder(army_path: Path | str, fmt: ImageFormat) -> Path:
    return Path("output") / f"{Path(army_path).stem}-{fmt}"


def write_card_images(
    army_path: Path | str,
    output: Path | str | None = None,
    options: ImageOptions = ImageOptions(),
    strict: bool = False,
) -> ImagesWritten:
    """Load, render and write the folder as a set. With strict, any warning is an error and
    nothing is written."""
    deck = _deck(Path(army_path), strict)
    target = Path(output) if output is not None else default_folder(army_path, options.format)
    real = check_folder(target, deck.inputs, WHAT)  # before the slow part
    # Every copy is a face of its own, so that it carries its number as the printed card does.
    result = deck.build(CardOptions(card=options.card, print_shop=True, press=False, edition=options.edition))
    fail_on_warnings(result.warnings, strict)
    cards = list(_cards(deck.characters))
    if options.format == "png":
        build_atomically(target, lambda tmp: _write_pngs(tmp, result.pdf, cards, options.dpi or DPI), deck.inputs, WHAT)
    else:
        size = sheet_data.card_size(options.card)
        build_atomically(
            target,
            lambda tmp: _write_tts(tmp, real, deck.name, result.pdf, cards, (size.width, size.height), options),
            deck.inputs,
            WHAT,
        )
    return ImagesWritten(target, written_files(target), len(cards), result.warnings)


@dataclass(frozen=True)
class _Deck:
    """What the pictures need of an army, whatever its ruleset."""

    name: str  # the army's
    characters: list[tuple[str, int]]  # (name, copies), in army order
    inputs: Inputs  # the files read: a folder holding one is never replaced
    build: Callable[[CardOptions], CardsResult]  # its cards job


def _deck(army_path: Path, strict: bool) -> _Deck:
    """A KOLAPS army (its portraits too), or another ruleset's (cards from its card blocks)."""
    from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
    from kolaps_print.model.ruleset_army import load_ruleset_army
    from kolaps_print.model.ruleset_choice import read_army_ruleset
    from kolaps_print.model.ruleset_load import find_ruleset

    inputs = source_inputs().plus([army_path], "the army file")
    doc, ruleset_id = read_army_ruleset(army_path)
    if ruleset_id != KOLAPS:
        army = load_ruleset_army(doc, find_ruleset(ruleset_id), strict)
        characters = [(m.name, m.character.copies) for m in army.members]
        return _Deck(army.name, characters, inputs, partial(build_ruleset_cards, army))
    book = load_army(army_path, strict=strict)
    characters = [(m.character.name, m.character.copies) for m in book.members]
    return _Deck(book.army.name, characters, inputs.plus(portraits(book), "a portrait"), partial(build_cards, book))


def _cards(characters: list[tuple[str, int]]) -> Iterator[PreviewCard]:
    """Every card in army order, copies included, named as the card numbers it (« 1/3 »);
    card i's faces are pages 2i and 2i + 1 of the PDF."""
    copies = [(name, copy) for name, count in characters for copy in copy_numbers(count)]
    files = numbered([slug(name) for name, _ in copies])
    for i, ((name, copy), file) in enumerate(zip(copies, files, strict=True)):
        yield PreviewCard(name if copy is None else f"{name} {copy_label(copy)}", file, 2 * i, 2 * i + 1)


# ---- png ------------------------------------------------------------------------------------
def _write_pngs(folder: Path, pdf: bytes, cards: list[PreviewCard], dpi: int) -> list[str]:
    """Each page rendered once, written for every copy that shows it."""
    by_page: dict[int, list[str]] = {}
    for card in cards:
        by_page.setdefault(card.front, []).append(f"{card.file}-front.png")
        by_page.setdefault(card.back, []).append(f"{card.file}-back.png")
    written = []
    for page, lines in enumerate(rendered_scanlines(pdf, dpi)):
        data = png_scanlines(lines, dpi)
        for name in by_page.get(page, []):
            (folder / name).write_bytes(data)
            written.append(name)
    return written


# ---- Tabletop Simulator ---------------------------------------------------------------------
def tts_dpi(card_mm: tuple[float, float], columns: int, rows: int, wanted: int | None) -> float:
    """The finest resolution (at most wanted, 300 by default) at which a columns × rows sheet
    stays within SHEET_LIMIT pixels each way."""
    fit = min(SHEET_LIMIT / (columns * inches(card_mm[0])), SHEET_LIMIT / (rows * inches(card_mm[1])))
    return min(float(wanted or DPI), fit)


def _write_tts(
    folder: Path, real: Path, army_name: str, pdf: bytes, cards: list[PreviewCard], card_mm, options: ImageOptions
) -> list[str]:
    first = grid_for(len(cards))
    dpi = tts_dpi(card_mm, first.columns, first.rows, options.dpi)
    cell = (math.floor(inches(card_mm[0]) * dpi), math.floor(inches(card_mm[1]) * dpi))
    faces = [image.resize(cell, Image.Resampling.LANCZOS) for image in rendered_pages(pdf, dpi)]
    sheets, written = [], []
    for number, chunk in enumerate(_chunks(cards, first.per_sheet), 1):
        grid = grid_for(len(chunk))
        names = (f"fronts-{number}.png", f"backs-{number}.png")
        for name, side in zip(names, ("front", "back"), strict=True):
            sheet = _sheet([faces[getattr(c, side)] for c in chunk], grid.columns, grid.rows, cell)
            (folder / name).write_bytes(png_bytes(sheet, dpi))
            written.append(name)
        urls = [sheet_url(options.base_url, real, name) for name in names]
        sheets.append(DeckSheet(urls[0], urls[1], grid, [c.name for c in chunk]))
    json_name = f"{slug(army_name)}.json"
    (folder / json_name).write_text(saved_object(army_name, sheets), encoding="utf-8")
    return [*written, json_name]


def _chunks(cards: list[PreviewCard], size: int) -> Iterator[list[PreviewCard]]:
    for start in range(0, len(cards), size):
        yield cards[start : start + size]


def _sheet(faces: list[Image.Image], columns: int, rows: int, cell: tuple[int, int]) -> Image.Image:
    """Faces left to right, top to bottom; the free slots (the last one is the hidden card
    Tabletop Simulator shows for a card in another player's hand) stay white."""
    sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
    for index, face in enumerate(faces):
        sheet.paste(face, ((index % columns) * cell[0], (index // columns) * cell[1]))
    return sheet
