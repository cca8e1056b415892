"""Pictures as `cards` reads them: each problem one located line, decoded once, shrunk, reproducible."""

import math
import os
import struct
import subprocess
import sys
import time
import zlib
from io import BytesIO
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from portrait_army import at, write_portrait_army  # tests/support

from kolaps_print.layout.card_data import card_layout

AGAIN = "copy or export it again"
TOO_MANY = "the limit is 50 million for a PNG, 150 million for a JPEG; scale it down (a card portrait needs {} × {})"


def needed_pixels() -> tuple[int, int]:
    """What card.yaml's portrait box holds at 600 dpi: the most a picture is kept at."""
    box = card_layout().front.portrait
    return math.ceil(box.width / 25.4 * 600), math.ceil(box.height / 25.4 * 600)


def png_claiming(width: int, height: int) -> bytes:
    """A valid little PNG whose header announces width × height (what a decompression bomb does)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b"")
    )


def jpeg_claiming(good: bytes, width: int, height: int) -> bytes:
    data = bytearray(good)
    sof = data.index(b"\xff\xc0")  # baseline frame header: length, precision, height, width
    data[sof + 5 : sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def bad_crc(png: bytes) -> bytes:
    data = bytearray(png)
    idat = data.index(b"IDAT")
    length = struct.unpack(">I", data[idat - 4 : idat])[0]
    data[idat + 4 + length] ^= 0xFF  # the chunk's checksum, not its data
    return bytes(data)


@pytest.fixture
def pictures(tmp_path):
    folder = tmp_path / "army"
    folder.mkdir()
    gradient = Image.linear_gradient("L").resize((500, 500)).convert("RGB")
    buffer = BytesIO()
    gradient.save(buffer, "PNG")
    png = buffer.getvalue()
    buffer = BytesIO()
    gradient.save(buffer, "JPEG")
    jpeg = buffer.getvalue()
    files = {
        "ok.png": png,
        "empty.png": b"",
        "cut.png": png[: len(png) // 2],
        "cut.jpg": jpeg[: len(jpeg) // 2],
        "crc.png": bad_crc(png),
        "drawing.png": b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
        "notes.jpg": b"Not a picture at all.\n",
        "huge.png": png_claiming(10_000, 6_000),
        "huge.jpg": jpeg_claiming(jpeg, 12_000, 13_000),
        "bomb.png": png_claiming(20_000, 20_000),
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return folder


def test_every_picture_problem_is_one_located_line_and_nothing_is_written(cli, pictures, tmp_path):
    names = [
        "empty.png",
        "cut.png",
        "cut.jpg",
        "crc.png",
        "drawing.png",
        "notes.jpg",
        "huge.png",
        "huge.jpg",
        "bomb.png",
    ]
    path = write_portrait_army(pictures, names)
    out = tmp_path / "out"
    result = cli(["cards", path, "-o", out / "cards.pdf"])
    need = TOO_MANY.format(*needed_pixels())
    reasons = [
        "the file is empty",
        f"the picture is cut short (truncated): {AGAIN}",
        f"the picture is cut short (truncated): {AGAIN}",
        f"the picture is damaged (a checksum does not match): {AGAIN}",
        "this is an SVG drawing, not a PNG or JPEG picture: export it as PNG",
        "this is not a PNG or JPEG picture",
        f"the picture has too many pixels (10000 × 6000): {need}",
        f"the picture has too many pixels (12000 × 13000): {need}",
        f"the picture has too many pixels: {need}",
    ]
    expected = [
        at(path, i, "error", f"cannot read the portrait of 'P{i}' ({name}): {reason}")
        for i, (name, reason) in enumerate(zip(names, reasons, strict=True), 1)
    ]
    assert [line for line in result.stderr.splitlines() if line.startswith(str(path))] == expected
    assert result.exit_code == 1
    assert "0x" not in result.stderr and "PIL" not in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_a_picture_used_by_many_is_one_shrunk_image_and_the_pdf_is_reproducible(cli, tmp_path):
    folder = tmp_path / "army"
    folder.mkdir()
    Image.radial_gradient("L").resize((3000, 2400)).convert("RGB").save(folder / "photo.jpg", quality=90)
    path = write_portrait_army(folder, ["photo.jpg"] * 4)
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli(["cards", path, "-o", first]).exit_code == 0
    assert cli(["cards", path, "-o", second]).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    reader = pypdf.PdfReader(first)
    images = {
        (x.get_object()["/Width"], x.get_object()["/Height"])
        for page in reader.pages
        for x in (page["/Resources"].get("/XObject") or {}).values()
        if x.get_object()["/Subtype"] == "/Image"
    }
    need_w, need_h = needed_pixels()
    cover = max(need_w / 3000, need_h / 2400)  # shrunk to still cover the box at 600 dpi
    assert images == {(math.ceil(3000 * cover), math.ceil(2400 * cover))}


def test_a_small_picture_is_never_enlarged(cli, tmp_path):
    folder = tmp_path / "army"
    folder.mkdir()
    Image.new("RGB", (200, 214), (10, 90, 40)).save(folder / "small.png")  # below the cap for a 12.5 mm portrait
    path = write_portrait_army(folder, ["small.png"])
    assert cli(["cards", path, "-o", tmp_path / "c.pdf"]).exit_code == 0
    reader = pypdf.PdfReader(tmp_path / "c.pdf")
    sizes = {
        (x.get_object()["/Width"], x.get_object()["/Height"])
        for page in reader.pages
        for x in (page["/Resources"].get("/XObject") or {}).values()
        if x.get_object()["/Subtype"] == "/Image"
    }
    assert sizes == {(200, 214)}


MEASURED = """
import atexit, sys
def peak(where):  # VmHWM: this program's own peak (ru_maxrss would carry the parent's over exec)
    status = open("/proc/self/status").read().splitlines()
    open(where, "w").write(next(line for line in status if line.startswith("VmHWM")).split()[1])
atexit.register(peak, sys.argv[1])
sys.argv = ["kolaps-print"] + sys.argv[2:]
from kolaps_print.cli import main
main()
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak memory from /proc")
def test_a_12000_pixel_jpeg_used_by_five_characters_takes_seconds_and_little_memory(tmp_path):
    """It took 25 s and 5.4 GB when every card decoded the whole photo; JPEG is now read at 1/8 scale."""
    folder = tmp_path / "army"
    folder.mkdir()
    make = (
        "import sys; from PIL import Image; Image.new('RGB', "
        "(12000, 12000), (120, 100, 80)).save(sys.argv[1], quality=85)"
    )
    subprocess.run(
        [sys.executable, "-c", make, str(folder / "big.jpg")], check=True
    )  # its 432 MB stay out of this process
    path = write_portrait_army(folder, ["big.jpg"] * 5)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KOLAPS_")}
    peak = tmp_path / "peak-kb"
    start = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-c", MEASURED, str(peak), "cards", str(path), "-o", str(tmp_path / "c.pdf")],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    elapsed = time.monotonic() - start
    assert run.returncode == 0, run.stderr
    assert int(peak.read_text()) < 300 * 1024, f"{int(peak.read_text()) // 1024} MB"
    assert elapsed < 15, f"{elapsed:.1f} s"
    assert (tmp_path / "c.pdf").stat().st_size < 2_000_000


def test_check_decodes_the_pictures_too(cli, pictures):
    path = write_portrait_army(pictures, ["ok.png", "notes.jpg"])
    result = cli(["check", path])
    lines = [line for line in result.stderr.splitlines() if line.startswith(str(path))]
    assert lines == [
        at(path, 2, "error", "cannot read the portrait of 'P2' (notes.jpg): this is not a PNG or JPEG picture")
    ]
    assert result.exit_code == 1
