"""Reference-card faces read back from a print-shop PDF (one face a page): each face's band and
text, and the table pieces it prints, each with its head row's text, its body rows and the bold
title right over it. A row is a run of body fills of one shade: a row with its text on a line
under it (one shade for both) counts once, as the flow cuts between them never."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pdf_tables import path_paints  # tests/support
from pdf_text import page_texts, text_objects  # tests/support

TITLE_GAP = 6.0  # pt: a title line sits this near over the head row (or over the title line under it)


def plain(text: str) -> str:
    return re.sub(r"[\s\u202f\u00a0]+", " ", text).strip()


@dataclass(frozen=True)
class Piece:
    face: int  # from 0
    head: str  # the head row's texts, left to right, top down
    rows: int
    title: str  # "" when none is printed right over it
    first: bool  # the face's first table
    last: bool  # the face's last table
    head_lines: int = 1  # the most lines a heading of its head row takes


@dataclass(frozen=True)
class Face:
    index: int
    text: str
    pieces: tuple[Piece, ...]
    fills: frozenset = frozenset()  # every fill colour painted on the face (a table without a head row: its rows')


def fills_under(paths, left: float, right: float, y: float) -> list:
    """The filled paths (a row's band, 2 pt tall or more) of the same left and right edges whose
    top is y: what lies right under a row there."""
    return [
        p
        for p in paths
        if p.fill
        and abs(p.box[0] - left) < 1
        and abs(p.box[2] - right) < 1
        and abs(p.box[3] - y) < 1
        and p.box[3] - p.box[1] > 2
    ]


def _rows(paths, box) -> int:
    """The runs of one shade stacked under a head row's fill, each starting where the one above ends
    (the shade printed: the fill painted last where two lie on one another)."""
    left, bottom, right, _ = box
    runs, y, shade = 0, bottom, None
    while True:
        below = fills_under(paths, left, right, y)
        if not below:
            return runs
        shown = below[-1]  # painted last: a row's own fill over the zebra's
        runs += shown.fill != shade
        shade, y = shown.fill, shown.box[1]


def _stacked(text, cells) -> int:
    """How many of cells (a head row's texts) stand over or under text: the lines of its heading."""
    return sum(t.bounds[0] < text.bounds[2] - 0.5 and text.bounds[0] < t.bounds[2] - 0.5 for t in cells)


def faces(pdf: bytes, head_fill: tuple[int, int, int]) -> list[Face]:
    """Every face of the deck, in order, with its table pieces top down."""
    texts = [t for t in text_objects(pdf, page_space=True) if t.text.strip()]
    out = []
    for index, text in enumerate(page_texts(pdf)):
        paths = path_paints(pdf, index)
        mine = [t for t in texts if t.page == index]
        heads = sorted((p for p in paths if p.fill == head_fill), key=lambda p: -p.box[3])
        pieces = []
        for i, head in enumerate(heads):
            left, bottom, right, top = head.box
            inside = [t for t in mine if left - 1 <= t.bounds[0] and t.bounds[2] <= right + 1]
            cells = sorted(
                (t for t in inside if bottom - 1 <= t.bounds[1] and t.bounds[3] <= top + 1),
                key=lambda t: (t.bounds[0], -t.bounds[3]),
            )
            title, edge = [], top
            for t in sorted(
                (t for t in inside if "Bold" in t.font and t.bounds[1] >= top - 1), key=lambda t: t.bounds[1]
            ):
                if t.bounds[1] - edge < TITLE_GAP:
                    title.insert(0, t.text)
                    edge = t.bounds[3]
            pieces.append(
                Piece(
                    index,
                    plain(" ".join(t.text for t in cells)),
                    _rows(paths, head.box),
                    plain(" ".join(title)),
                    i == 0,
                    i == len(heads) - 1,
                    max((_stacked(t, cells) for t in cells), default=0),
                )
            )
        out.append(Face(index, plain(text), tuple(pieces), frozenset(p.fill for p in paths if p.fill)))
    return out


def tables(deck: list[Face]) -> list[list[Piece]]:
    """The pieces of each table, in deck order: a piece goes on with the table before it when it
    opens the face after that table's last piece, under the same head row, untitled or titled
    « (suite) »."""
    out: list[list[Piece]] = []
    for face in deck:
        for piece in face.pieces:
            before = out[-1][-1] if out else None
            goes_on = (
                before is not None
                and piece.first
                and before.last
                and before.face == piece.face - 1
                and before.head == piece.head
                and (not piece.title or "(suite)" in piece.title)
            )
            if goes_on:
                out[-1].append(piece)
            else:
                out.append([piece])
    return out
