"""The type size each side of a ruleset's deck was fitted at, kept between runs (issue 15).

Choosing a side's one type size (jobs/ruleset_cards._side) lays out every distinct face at each
candidate size until one is too tall, with the deck's table widths searched at each size: 27 to
75 face layouts for the bundled demos, about a fifth of a 1000-character deck's CPU, the same for
five characters as for a thousand. Its answer is a few numbers (the scale, the body grown past it
or none, the faces too tall) that depend only on what the faces are laid out from: the side's
distinct contents (every item, text and value, the names included), the card's size, the look,
colour and least scale, which side, the data folder and the ruleset's folder (labels, layouts),
Python, the package's code and fonts, and the libraries that set the lines (reportlab, pyphen).
It is kept in the user's cache folder (kolaps_print/disk_cache.py, ".deckfit") under the SHA-256
of all of these; the side is then laid out once at that size, as the search's last step lays it
out (a side with tall faces: only those, as nothing of it is drawn), and a kept answer the faces
contradict (a face too tall at a size said to fit, or one said too tall that fits) is searched
again. A deck's backs are tried with more and more kinds left out (KEEPS) until they fit: which
try was the first to fit is kept too (kept_try), under what every try's contents are made from
(the characters' values and names, the army's name, the look and size), and the tries before it,
each too tall, are not made again (speed24: 2 of 3 tries of a 1000-character d12 deck, each its
1000 characters' items, key and tall faces laid out). docs/trust.md says why an entry is believed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kolaps_print import disk_cache
from kolaps_print.load.source_tree import digest_folder

FORMAT = b"kolaps-deckfit 2\n"  # then the key and a newline, then the marshalled answer
SUFFIX = "deckfit"
KEPT = 64  # a deck has two to a dozen sides' searches (the backs' kinds kept, the kinds shed)
TRIES = "tries"  # a kept try of kinds (kept_try), not a side's size (Fit: three numbers)
LINE_BREAKING = ("reportlab", "pyphen")  # the installed packages whose code or data set the lines


@dataclass(frozen=True)
class Fit:
    """A side's search's answer: the scale of the look, the body grown past that scale's (None:
    not grown), and the distinct contents too tall for the card even at the smallest scale, by
    their index (none: every face fits at that scale and body); a taller card's backs, the box
    (mm) of the look's large_boxes they were grown to (None: the scale's own; tarot24)."""

    factor: float
    body: float | None
    tall: tuple[int, ...] = ()
    boxes: float | None = None


class DeckFits:
    """The kept answers of one deck's sides, under a digest of what every side shares (folders,
    Python, package, libraries); each side adds its own parts (side_key). digest None: the cache
    is off or unusable, every side is searched."""

    def __init__(self, digest: Any) -> None:
        self._digest = digest

    def side_key(self, *parts: object) -> str | None:
        if self._digest is None:
            return None
        digest = self._digest.copy()
        for part in parts:
            digest.update(f"{part!r}\0".encode())
        return str(digest.hexdigest())

    def kept(self, key: str | None) -> Fit | None:
        if key is None:
            return None
        return _made(disk_cache.read_marshalled(FORMAT, key, SUFFIX))

    def keep(self, key: str | None, fit: Fit) -> None:
        if key is not None:
            disk_cache.write_marshalled(FORMAT, key, SUFFIX, KEPT, (fit.factor, fit.body, fit.tall, fit.boxes))

    def kept_try(self, key: str | None, most: int) -> int | None:
        """The first of a deck's tries of kinds (jobs/ruleset_cards._kept) that was not too tall,
        0 to most (most: none was), kept under key (side_key of what every try is made from);
        None: not kept, or not such a number."""
        found = None if key is None else disk_cache.read_marshalled(FORMAT, key, SUFFIX)
        if type(found) is not tuple or len(found) != 2 or found[0] != TRIES or type(found[1]) is not int:
            return None
        return found[1] if 0 <= found[1] <= most else None

    def keep_try(self, key: str | None, first: int) -> None:
        if key is not None:
            disk_cache.write_marshalled(FORMAT, key, SUFFIX, KEPT, (TRIES, first))


NO_FITS = DeckFits(None)  # nothing kept: every side searched (the library's default)


def deck_fits(data: Path, ruleset: Path) -> DeckFits:
    """The kept answers of a deck laid out from this data folder and ruleset folder (its labels
    and tables; read once when it is inside the data folder, as the bundled ones are)."""
    digest = disk_cache.started_key(FORMAT, LINE_BREAKING)
    if digest is not None:
        data, ruleset = data.resolve(), ruleset.resolve()
        for number, folder in enumerate((data,) if data in ruleset.parents else (data, ruleset)):
            digest_folder(digest, folder, f"{number}/")  # each file by its name and bytes
    return DeckFits(digest)


def _made(found: object) -> Fit | None:
    if type(found) is not tuple or len(found) != 4:
        return None
    factor, body, tall, boxes = found
    numbers = (int, float)
    if type(factor) not in numbers or any(v is not None and type(v) not in numbers for v in (body, boxes)):
        return None
    if type(tall) is not tuple:
        return None
    if any(type(i) is not int for i in tall) or list(tall) != sorted(set(tall)):
        return None
    return Fit(factor, body, tall, boxes)
