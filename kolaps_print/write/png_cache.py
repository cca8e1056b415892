"""Pictures of a PDF's pages kept between runs (issue 15): the kit's previews.

A page's PNG is a function of the PDF's exact bytes, the resolution, pdfium, zlib and this
package's code (write/raster.py): rendering the kit's 26 card faces at 300 dpi and compressing
them was about a sixth of a kit's CPU, the same work on every run of an unchanged kit. The
pictures of one PDF are one entry of the user's cache folder (kolaps_print/disk_cache.py,
".png"), keyed by the SHA-256 of the PDF and of everything else the pixels and their encoding
depend on; a missing, corrupt or foreign entry is rendered again, the same bytes (tests).
docs/trust.md says why an entry is believed.
"""

from __future__ import annotations

import hashlib
import zlib

from kolaps_print import disk_cache
from kolaps_print.write.raster import PNG_LEVEL, PNG_SIGNATURE, png_scanlines, rendered_scanlines

FORMAT = b"kolaps-png 1\n"  # then the key and a newline, then the marshalled list of PNGs
SUFFIX = "png"
KEPT = 16  # entries (one per PDF: a kit has one per army) kept, the last used
RENDERER = ("pypdfium2", "pypdfium2_raw")  # the bindings and the pdfium library they load


def page_pngs(pdf: bytes, pages: int, dpi: float) -> list[bytes]:
    """Each of pdf's pages (there are pages of them), cut to its TrimBox, as a PNG at dpi:
    what png_scanlines(rendered_scanlines(pdf, dpi)) writes, from the cache when it holds them."""
    return disk_cache.kept_or_computed(
        (FORMAT, SUFFIX, KEPT),
        _key(pdf, dpi),
        lambda: [png_scanlines(lines, dpi) for lines in rendered_scanlines(pdf, dpi)],
        lambda pngs: pngs,
        lambda found: _made(found, pages),
    )


def _key(pdf: bytes, dpi: float) -> str | None:
    """None when the cache is off or the renderer's files cannot be found (rendered every time)."""
    digest = disk_cache.started_key(FORMAT, RENDERER, repr(float(dpi)), PNG_LEVEL, zlib.ZLIB_RUNTIME_VERSION)
    if digest is None:
        return None
    digest.update(hashlib.sha256(pdf).digest())
    return digest.hexdigest()


def _made(found: object, pages: int) -> list[bytes] | None:
    """The entry's pictures: as many as the PDF has pages, each a PNG (else rendered again)."""
    if type(found) is not list or len(found) != pages:
        return None
    if not all(type(png) is bytes and png.startswith(PNG_SIGNATURE) for png in found):
        return None
    return found
