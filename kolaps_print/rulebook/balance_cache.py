"""The quick-start's balanced pages kept between runs (issue 15).

Finding each page's column height and table scale (rulebook/handout_balance.page_fits) takes
some thirty trial layouts, about a quarter of a kit's CPU, and its answer is a few numbers that
depend only on what the book is made from: the templates and data folders (chapters, tables,
scenario, labels, layouts), the options that pick the edition, paper and scenario, the package's
code and fonts, and the libraries that break the lines (reportlab, pyphen's dictionaries). The
answer is kept in the user's cache folder (kolaps_print/disk_cache.py, ".fits") under the
SHA-256 of all of these; the book is then laid out once, at those settings, as before. A
missing, corrupt or foreign entry is searched again: the same bytes (tests). docs/trust.md says
why an entry is believed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from kolaps_print import disk_cache
from kolaps_print.load.source_tree import digest_folder
from kolaps_print.rulebook.handout import PageFit

FORMAT = b"kolaps-fits 1\n"  # then the key and a newline, then the marshalled settings
SUFFIX = "fits"
KEPT = 32
LINE_BREAKING = ("reportlab", "pyphen")  # the installed packages whose code or data set the lines


def sources_key(folders: Iterable[Path], *options: object) -> str | None:
    """A key for a book made from these folders with these options (their repr); None when the
    cache is off or a library's files cannot be found (nothing kept)."""
    digest = disk_cache.started_key(FORMAT, LINE_BREAKING, *map(repr, options))
    if digest is None:
        return None
    for number, folder in enumerate(folders):
        digest_folder(digest, folder, f"{number}/")  # each file by its name and bytes
    return digest.hexdigest()


def kept_fits(key: str | None, compute: Callable[[], tuple[PageFit, ...]]) -> tuple[PageFit, ...]:
    """compute(), or what it returned in an earlier run under key (None: always computed)."""
    return disk_cache.kept_or_computed((FORMAT, SUFFIX, KEPT), key, compute, _plain, _made)


def _plain(fits: tuple[PageFit, ...]) -> object:
    return [(f.height, f.table_scale, f.page_type) for f in fits]


def _made(found: object) -> tuple[PageFit, ...] | None:
    if type(found) is not list:
        return None
    fits = []
    for entry in found:
        if type(entry) is not tuple or len(entry) != 3 or not all(type(v) in (int, float) for v in entry[:2]):
            return None
        if type(entry[2]) is not int:
            return None
        fits.append(PageFit(*entry))
    return tuple(fits)
