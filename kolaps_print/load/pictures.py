"""Read a picture (PNG or JPEG) once, shrunk to the pixels print needs.

A picture comes from an untrusted army file: it is decoded by Pillow with only its PNG and JPEG
readers enabled, refused above a pixel count (a small file can claim a huge image), and each
failure becomes one plain sentence for the user, never a library's exception text.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageOps

FORMATS = ("PNG", "JPEG")
# JPEG is decoded at 1/2, 1/4 or 1/8 scale straight from the file (draft), so a big photo costs
# little; a PNG is always decoded whole (up to 4 bytes a pixel), hence its lower limit.
MAX_PIXELS = {"JPEG": 150_000_000, "PNG": 50_000_000}
_ORIENTATION = 0x0112  # EXIF tag: a phone photo may be stored sideways
_SIDEWAYS = {5, 6, 7, 8}


class PictureError(ValueError):
    """The picture cannot be printed; str() is a sentence for the user."""


@dataclass(frozen=True, eq=False)
class Bitmap:
    """A decoded picture: image is at most the size asked for; width and height are the file's."""

    image: Image.Image
    width: int
    height: int


def read_picture(path: Path, need: tuple[int, int]) -> Bitmap:
    """The picture at path, shrunk (never stretched) to cover need pixels; PictureError if unusable.

    Each file version is decoded once however many characters use it.
    """
    try:
        stat = path.stat()
    except OSError as exc:  # removed or changed since the army file was checked
        raise PictureError(f"the file cannot be read: {exc.strerror}") from None
    found = _read(path, stat.st_mtime_ns, stat.st_size, need)
    if isinstance(found, PictureError):
        raise found
    return found


@lru_cache(maxsize=64)
def _read(path: Path, mtime_ns: int, size: int, need: tuple[int, int]) -> Bitmap | PictureError:
    if size == 0:
        return PictureError("the file is empty")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # our own limit is checked below
            return _decode(path, need)
    except PictureError as exc:
        return exc
    except Image.DecompressionBombError:  # Pillow's own ceiling, above ours
        return _too_big("", need)
    except Exception as exc:  # noqa: BLE001 - any decoder failure is the file's fault, said plainly below
        return PictureError(_damage(exc))


def _decode(path: Path, need: tuple[int, int]) -> Bitmap:
    with _open(path) as probe:  # the header only: the size is known before anything is decoded
        assert probe.format is not None  # Image.open(formats=...) names the format it recognised
        if probe.width * probe.height > MAX_PIXELS[probe.format]:
            raise _too_big(f" ({probe.width} × {probe.height})", need)
        if probe.format == "PNG":
            probe.verify()  # checks every chunk's checksum, which decoding alone skips
    with _open(path) as image:
        sideways = image.getexif().get(_ORIENTATION) in _SIDEWAYS
        width, height = (image.height, image.width) if sideways else image.size
        target = _cover(width, height, need)
        image.draft(None, target[::-1] if sideways else target)  # JPEG only: decode at 1/2, 1/4 or 1/8
        image.load()
        ImageOps.exif_transpose(image, in_place=True)  # in place: a copy would double a big PNG's memory
        return Bitmap(_shrink(image, target), width, height)


def _shrink(image: Image.Image, target: tuple[int, int]) -> Image.Image:
    """RGB (or RGBA) at exactly target; resized before any conversion, which would copy it whole."""
    if image.mode not in ("RGB", "RGBA", "L", "LA"):  # palette, CMYK, 16-bit: to what resize takes
        image = image.convert("RGBA" if image.has_transparency_data else "RGB")
    if image.size != target:
        image = image.resize(target, Image.Resampling.LANCZOS, reducing_gap=3.0)
    return image.convert("RGBA" if "A" in image.mode else "RGB")


def _open(path: Path) -> Image.Image:
    try:
        return Image.open(path, formats=FORMATS)
    except Image.UnidentifiedImageError:
        raise PictureError(_not_a_picture(path)) from None


def _cover(width: int, height: int, need: tuple[int, int]) -> tuple[int, int]:
    """The smallest size, same proportions, that still covers need (no larger than the picture)."""
    scale = min(1.0, max(need[0] / width, need[1] / height))
    return max(1, math.ceil(width * scale)), max(1, math.ceil(height * scale))


def _too_big(size: str, need: tuple[int, int]) -> PictureError:
    return PictureError(
        f"the picture has too many pixels{size}: the limit is {MAX_PIXELS['PNG'] // 10**6} million "
        f"for a PNG, {MAX_PIXELS['JPEG'] // 10**6} million for a JPEG; scale it down "
        f"(a card portrait needs {need[0]} × {need[1]})"
    )


def _not_a_picture(path: Path) -> str:
    with path.open("rb") as f:
        head = f.read(512).lstrip().lower()
    if b"<svg" in head or (head.startswith(b"<?xml") and b"svg" in head):
        return "this is an SVG drawing, not a PNG or JPEG picture: export it as PNG"
    return "this is not a PNG or JPEG picture"


def _damage(exc: Exception) -> str:
    text = str(exc).lower()
    if "truncated" in text or isinstance(exc, EOFError):
        return "the picture is cut short (truncated): copy or export it again"
    if "checksum" in text or "crc" in text:
        return "the picture is damaged (a checksum does not match): copy or export it again"
    return "the picture is damaged (its data does not decode): copy or export it again"
