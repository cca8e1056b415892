"""Card faces as pictures: pages of our own PDF rendered with pypdfium2, cut to their TrimBox,
and file names safe in any file system and URL. Shared by `cards --format png/tts` and the kit's
previews."""

from __future__ import annotations

import ctypes
import re
import struct
import unicodedata
import zlib
from collections.abc import Iterator
from io import BytesIO
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image

if TYPE_CHECKING:  # imported when a page is rendered: a kit whose previews come from the cache never loads pdfium
    import pypdfium2 as pdfium

DPI = 300


def slug(text: str) -> str:
    """'Hélène Marchal' -> 'helene-marchal': safe in any file system and URL."""
    # Accents go (é -> e); any other non-ASCII sign (’, «) separates words like a space.
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch if ch.isascii() else "" if unicodedata.combining(ch) else " " for ch in decomposed)
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "carte"


def numbered(names: list[str]) -> list[str]:
    """Names made unique: a name met more than once is numbered, 'chef-1', 'chef-2'... (skipping
    any number another name already takes)."""
    repeated = {n for n in names if names.count(n) > 1}
    taken, out, count = set(names) - repeated, [], dict.fromkeys(repeated, 0)
    for name in names:
        if name in repeated:
            while True:
                count[name] += 1
                candidate = f"{name}-{count[name]}"
                if candidate not in taken:
                    break
            name = candidate
        taken.add(name)
        out.append(name)
    return out


def _trim_crop(page: pdfium.PdfPage) -> tuple[float, float, float, float]:
    """What page.render cuts off (left, bottom, right, top) to keep the page's TrimBox: the card as
    a player holds it, without the bleed."""
    left, bottom, right, top = page.get_mediabox()
    t_left, t_bottom, t_right, t_top = page.get_trimbox()  # the MediaBox when none is set
    return (t_left - left, t_bottom - bottom, right - t_right, top - t_top)


def _render_trimmed(page: pdfium.PdfPage, dpi: float) -> Image.Image:
    """The page cut to its TrimBox."""
    return page.render(scale=dpi / 72, crop=_trim_crop(page)).to_pil().convert("RGB")


def rendered_pages(pdf: bytes, dpi: float = DPI) -> Iterator[Image.Image]:
    """Each page of pdf, cut to its TrimBox, at dpi."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        for index in range(len(document)):
            yield _render_trimmed(document[index], dpi)
    finally:
        document.close()


class Scanlines(NamedTuple):
    """An RGB picture as a PNG's unfiltered rows: each row its filter byte 0, then its pixels."""

    width: int
    height: int
    data: bytes | memoryview


def rendered_scanlines(pdf: bytes, dpi: float = DPI) -> Iterator[Scanlines]:
    """Each page of pdf, cut to its TrimBox, at dpi, as png_scanlines takes it: the same pixels as
    rendered_pages, drawn by pdfium straight into PNG rows (a tenth of the kit's previews went
    on copying pixels from pdfium's BGR to Pillow's RGB, then to the PNG's rows)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        for index in range(len(document)):
            framed = _FramedRows()
            page = document[index]
            page.render(scale=dpi / 72, crop=_trim_crop(page), bitmap_maker=framed.bitmap, rev_byteorder=True)
            yield framed.scanlines()
    finally:
        document.close()


class _FramedRows:
    """A bitmap for pdfium to draw RGB into whose rows sit one byte apart, each after a 0: its rows
    step 3 × width + 1 bytes and start one byte into the buffer (pdfium writes a row's pixels
    only, so the bytes between stay 0)."""

    def __init__(self) -> None:
        self.width = self.height = 0
        self.buffer: ctypes.Array | None = None

    def bitmap(self, width: int, height: int, format: int, rev_byteorder: bool = False) -> pdfium.PdfBitmap:
        import pypdfium2 as pdfium

        if format != pdfium.raw.FPDFBitmap_BGR or not rev_byteorder:
            raise ValueError("framed rows take 3-byte RGB")
        stride = 3 * width + 1
        self.width, self.height = width, height
        self.buffer = (ctypes.c_ubyte * (stride * height + 1))()
        rows = (ctypes.c_ubyte * (stride * height)).from_buffer(self.buffer, 1)
        return pdfium.PdfBitmap.new_native(width, height, format, rev_byteorder, buffer=rows, stride=stride)

    def scanlines(self) -> Scanlines:
        assert self.buffer is not None  # page.render made the bitmap
        stride = 3 * self.width + 1
        data = memoryview(self.buffer).cast("B")[: stride * self.height]
        if any(data[::stride]):  # a filter byte drawn over: never seen, but it would corrupt the PNG
            raise RuntimeError("pdfium drew outside a row")
        return Scanlines(self.width, self.height, data)


PNG_LEVEL = 1  # zlib's fastest: on card faces a tenth larger than level 6, in half its time
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
METRES_PER_INCH = 0.0254


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """The picture (RGB) as an 8-bit truecolour PNG, its resolution recorded; reruns give the
    same bytes. Written here rather than by Pillow: Pillow tries five filters on every row and
    keeps the best, which we cannot turn off and which took 0.3 s of a kit's 26 card faces
    (Pillow's level 0 still 0.18 s). Unfiltered rows at zlib level 1 decode to the same pixels,
    take half the time and make smaller files on card faces (2.75 MB against 3.32 for the
    demo kit's)."""
    if image.mode != "RGB":
        raise ValueError(f"png_bytes writes RGB pictures, not {image.mode}")
    return png_scanlines(Scanlines(*image.size, _unfiltered_rows(image)), dpi)


def png_scanlines(lines: Scanlines, dpi: float) -> bytes:
    """The PNG of these rows (what png_bytes writes for the same pixels)."""
    dots = int(dpi / METRES_PER_INCH + 0.5)  # pixels per metre, rounded as Pillow rounds them
    header = struct.pack(">IIBBBBB", lines.width, lines.height, 8, 2, 0, 0, 0)  # 8 bits, truecolour, no interlace
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"pHYs", struct.pack(">IIB", dots, dots, 1)),  # 1: the unit is the metre
            _chunk(b"IDAT", zlib.compress(lines.data, PNG_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _unfiltered_rows(image: Image.Image) -> bytes:
    """The scanlines, each after its filter byte 0 ("none"): the bytes seen as a grey picture one
    byte wider, the picture pasted one byte in (Pillow copies rows in C)."""
    width, height = image.size
    flat = Image.frombytes("L", (3 * width, height), image.tobytes())
    framed = Image.new("L", (3 * width + 1, height), 0)
    framed.paste(flat, (1, 0))
    return framed.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
