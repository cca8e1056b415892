"""The duplex calibration sheet: which --back-offset makes backs land behind their fronts.

from kolaps_print.jobs.calibrate import CalibrateOptions, build_calibration, write_calibration
pdf = build_calibration(CalibrateOptions(paper="letter", flip="short"))
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from kolaps_print.labels import label
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.choices import FLIPS, Flip, one_of
from kolaps_print.write import PDF, PdfMeta, planned_output, source_inputs

DEFAULT_OUTPUT = Path("output/calibrate.pdf")


@dataclass(frozen=True)
class CalibrateOptions:
    paper: str = "a4"  # a paper of data/layouts/sizes.yaml
    flip: Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # to check an offset: print with it, read ~0

    def check(self) -> None:
        """ValueError with a message for the user if an option is wrong."""
        sheet_data.paper_size(self.paper)
        one_of(self.flip, FLIPS)


def build_calibration(options: CalibrateOptions = CalibrateOptions()) -> bytes:
    """Two pages (front, back) to print duplex exactly like the cards."""
    from kolaps_print.draw import card_calibration as draw
    from kolaps_print.layout.calibration import targets
    from kolaps_print.units import pt
    from kolaps_print.write import new_canvas

    options.check()
    paper = sheet_data.paper_size(options.paper)
    buffer = BytesIO()
    canvas = new_canvas(buffer, (pt(paper.width), pt(paper.height)), _meta(options))
    marks = targets(paper, options.flip)
    draw.draw_front(canvas, paper, marks, options.flip)
    canvas.showPage()
    canvas.translate(pt(options.back_offset[0]), pt(options.back_offset[1]))
    draw.draw_back(canvas, paper, marks, options.back_offset)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def write_calibration(output: Path | str | None = None, options: CalibrateOptions = CalibrateOptions()) -> Path:
    out = planned_output(output or DEFAULT_OUTPUT, PDF, source_inputs())
    return out.write(build_calibration(options))


def _meta(options: CalibrateOptions) -> PdfMeta:
    flip = label(f"cards.calibrate.flip_{options.flip}")
    return PdfMeta(
        title=label("cards.calibrate.title"),
        subject=label("cards.calibrate.subject", paper=options.paper.upper(), flip=flip),
        author=label("common.author"),
    )
