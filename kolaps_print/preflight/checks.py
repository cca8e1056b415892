"""The preflight's checks over a whole PDF: each problem one PreflightFinding, with its page.

Errors are what a print shop's preflight rejects (RGB, no output intent, no trim or bleed box,
a font not embedded or two fonts under one name); warnings are what it would ask about
(pictures under 300 ppi, content within 3 mm of the trim).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from io import BytesIO
from typing import Any, Literal

from pypdf import PdfReader

from kolaps_print.preflight.marks import Box, PageMarks, Reader
from kolaps_print.units import to_mm

BLEED_MM = 3.0  # what the bleed box must add past the trim on every side
SAFE_MM = 3.0  # what nothing but bleeding paint should come closer to the trim than
PRESS_PPI = 300


@dataclass(frozen=True, order=True)
class PreflightFinding:
    page: int  # 1-based; 0: the document as a whole
    severity: Literal["error", "warning"]
    message: str

    def line(self, file: str) -> str:
        where = f" page {self.page}:" if self.page else ""
        return f"{file}:{where} {self.severity}: {self.message}"


def preflight(pdf: bytes) -> list[PreflightFinding]:
    """Every finding of the PDF, in page order (ValueError and pypdf's errors if it is no PDF)."""
    with _quiet_pypdf():
        return _preflight(PdfReader(BytesIO(pdf)))


@contextmanager
def _quiet_pypdf() -> Iterator[None]:
    """pypdf logs what it repairs in a damaged file ("EOF marker not found"): our findings are the
    report, a damaged file is one located error, so its log stays silent."""
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _preflight(reader: PdfReader) -> list[PreflightFinding]:
    findings = _output_intent(reader)
    fonts = _Fonts()
    for number, page in enumerate(reader.pages, 1):
        findings += _boxes(page, number) + _annotations(page, number)
        marks = Reader(reader)
        marks.read(page.get_contents(), page.get("/Resources"))
        findings += _colours(marks.marks, number) + _pictures(marks.marks, number)
        findings += _near_trim(marks.marks, page, number)
        findings += fonts.visit(page.get("/Resources"), number)
    return sorted(findings)


def _output_intent(reader: PdfReader) -> list[PreflightFinding]:
    root: Any = reader.trailer["/Root"]
    intents = root.get("/OutputIntents") or []
    for intent in intents:
        intent = intent.get_object()
        if intent.get("/S") == "/GTS_PDFX" and "/DestOutputProfile" in intent:
            profile = intent["/DestOutputProfile"].get_object()
            if int(profile.get("/N", 0)) == 4:
                return []
            return [PreflightFinding(0, "error", "the output intent's profile is not CMYK (a print shop prints CMYK)")]
    return [
        PreflightFinding(
            0, "error", "no PDF/X output intent: the printer cannot tell which press and paper the colours are for"
        )
    ]


def _boxes(page, number: int) -> list[PreflightFinding]:
    missing = [name for name in ("/TrimBox", "/BleedBox") if name not in page]
    if missing:
        return [
            PreflightFinding(
                number, "error", f"no {' and no '.join(n[1:] for n in missing)}: the printer cannot tell where to cut"
            )
        ]
    trim, bleed = _box(page.trimbox), _box(page.bleedbox)
    short = to_mm(min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]))
    if short < BLEED_MM - 0.05:
        return [
            PreflightFinding(
                number,
                "error",
                f"the bleed is {max(short, 0):.1f} mm on its narrowest side; a print shop needs {BLEED_MM:.0f} mm",
            )
        ]
    return []


def _annotations(page, number: int) -> list[PreflightFinding]:
    """Links, comments, form fields: PDF/X allows on the page only printer's marks and trap networks."""
    kinds = [str(a.get_object().get("/Subtype", "/?"))[1:] for a in page.get("/Annots") or []]
    kinds = [k for k in kinds if k not in ("PrinterMark", "TrapNet")]
    if not kinds:
        return []
    names = ", ".join(sorted(set(kinds)))
    return [
        PreflightFinding(
            number, "warning", f"{len(kinds)} annotation(s) ({names}): a PDF/X preflight rejects them on the page"
        )
    ]


def _colours(marks: PageMarks, number: int) -> list[PreflightFinding]:
    found = [
        PreflightFinding(number, "error", f"RGB colour: operator {op} used {n} time(s); a press prints CMYK")
        for op, n in sorted(marks.rgb_operators.items())
    ]
    found += [
        PreflightFinding(number, "error", f"RGB colour space {name} (cs/CS)") for name in sorted(marks.rgb_spaces)
    ]
    found += [PreflightFinding(number, "error", f"RGB image {name}") for name in sorted(marks.rgb_images)]
    return found


def _pictures(marks: PageMarks, number: int) -> list[PreflightFinding]:
    found = []
    for placed in marks.placed:
        if placed.kind != "image" or not all(placed.size):
            continue
        ppi = min(placed.pixels[0] / (placed.size[0] / 72), placed.pixels[1] / (placed.size[1] / 72))
        if ppi < PRESS_PPI - 0.5:
            w, h = (to_mm(v) for v in placed.size)
            found.append(
                PreflightFinding(
                    number,
                    "warning",
                    f"image {placed.name} prints at {ppi:.0f} ppi ({placed.pixels[0]} × {placed.pixels[1]} pixels "
                    f"over {w:.1f} × {h:.1f} mm), below the {PRESS_PPI} ppi a print shop asks for",
                )
            )
    return found


def _near_trim(marks: PageMarks, page, number: int) -> list[PreflightFinding]:
    """Text, pictures and drawings inside the trim but closer to it than SAFE_MM (a hundredth of
    a millimetre of slack for rounding). Paint that crosses the trim is bleed, on purpose."""
    if "/TrimBox" not in page:
        return []
    trim = _box(page.trimbox)
    closest: dict[str, list[float]] = {}
    for placed in marks.placed:
        box = placed.box
        if box[2] <= trim[0] or box[0] >= trim[2] or box[3] <= trim[1] or box[1] >= trim[3]:
            continue  # wholly outside the trim: bleed or slug
        crosses = box[0] < trim[0] or box[1] < trim[1] or box[2] > trim[2] or box[3] > trim[3]
        if crosses and placed.kind != "text":
            continue
        gap = to_mm(min(box[0] - trim[0], box[1] - trim[1], trim[2] - box[2], trim[3] - box[3]))
        if gap < SAFE_MM - 0.01:
            closest.setdefault(placed.kind, []).append(max(gap, 0.0))
    return [
        PreflightFinding(
            number,
            "warning",
            f"{len(gaps)} {kind} mark(s) within {SAFE_MM:.0f} mm of the trim (the closest {min(gaps):.1f} mm): "
            "a cut a little off may touch them",
        )
        for kind, gaps in sorted(closest.items())
    ]


class _Fonts:
    """Fonts across pages: unembedded ones, and one name given to different font programs."""

    def __init__(self) -> None:
        self.programs: dict[str, str] = {}  # BaseFont -> digest of its program
        self.reported: set[str] = set()
        self.seen: set[int] = set()

    def visit(self, resources, number: int, depth: int = 0) -> list[PreflightFinding]:
        if resources is None or depth > 8:
            return []
        resources = resources.get_object()
        found = []
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            if id(font) not in self.seen:
                self.seen.add(id(font))
                found += self._font(font, number)
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form" and id(xobject) not in self.seen:
                self.seen.add(id(xobject))
                found += self.visit(xobject.get("/Resources"), number, depth + 1)
        return found

    def _font(self, font, number: int) -> list[PreflightFinding]:
        name = str(font.get("/BaseFont", font.get("/Name", "?")))[1:] if font.get("/Subtype") != "/Type3" else None
        if name is None:
            return []  # a Type 3 font draws its glyphs itself: always embedded
        holders = [font] + [d.get_object() for d in font.get("/DescendantFonts") or []]
        descriptors = [h["/FontDescriptor"].get_object() for h in holders if "/FontDescriptor" in h]
        programs = [d[k].get_object() for d in descriptors for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in d]
        if not programs:
            return self._once(name, PreflightFinding(number, "error", f"font {name} is not embedded"))
        digest = hashlib.sha256(b"".join(p.get_data() for p in programs)).hexdigest()
        if self.programs.setdefault(name, digest) != digest:
            message = f"font name {name} is given to different font programs: a printer may use the wrong glyphs"
            return self._once(name, PreflightFinding(number, "error", message))
        return []

    def _once(self, name: str, finding: PreflightFinding) -> list[PreflightFinding]:
        if name in self.reported:
            return []
        self.reported.add(name)
        return [finding]


def _box(rect) -> Box:
    left, bottom, right, top = (float(v) for v in rect)
    return min(left, right), min(bottom, top), max(left, right), max(bottom, top)
