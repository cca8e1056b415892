"""Draw the duplex calibration sheet: targets on the front, reading rulers on the back."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.content.formats import number, signed
from kolaps_print.draw.scale_bar import draw_scale_bar
from kolaps_print.fonts import MONO, SANS, SANS_BOLD, register_fonts
from kolaps_print.labels import label
from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.calibration import Target, calibration_data, ruler_ticks
from kolaps_print.layout.geometry import Size
from kolaps_print.layout.style import colour
from kolaps_print.units import pt

MARGIN = 15.0  # mm: the instructions keep clear of unprintable edges
SCALE_Y = 18.0  # mm from the bottom edge: the scale bar, its explanation above it


def draw_front(canvas: Canvas, paper: Size, targets: list[Target], flip: str) -> None:
    _title(
        canvas,
        paper,
        label("cards.calibrate.front_title"),
        [(label("cards.calibrate.front_help", flip=_flip(flip)), SANS)],
    )
    data = calibration_data()
    canvas.setStrokeColor(colour("ink"))
    canvas.setLineWidth(0.35)
    for t in targets:
        x, y = pt(t.front[0]), pt(t.front[1])
        canvas.circle(x, y, pt(data.target_radius), stroke=1, fill=0)
        canvas.line(x - pt(data.cross), y, x + pt(data.cross), y)
        canvas.line(x, y - pt(data.cross), x, y + pt(data.cross))
    _scale_check(canvas)


def _scale_check(canvas: Canvas) -> None:
    """How to check the print was at 100 %, over a scale bar, low on the front page."""
    length = number(sheet_data.sheets().scale_bar.length)
    canvas.setFillColor(colour("ink"))
    canvas.setFont(SANS_BOLD, 8.5)
    canvas.drawString(pt(MARGIN), pt(SCALE_Y + 16), label("cards.calibrate.scale_title"))
    canvas.setFont(SANS, 8.5)
    for i, key in enumerate(("scale_help_1", "scale_help_2")):
        canvas.drawString(pt(MARGIN), pt(SCALE_Y + 11) - i * 11, label(f"cards.calibrate.{key}", length=length))
    draw_scale_bar(canvas, MARGIN, SCALE_Y)


def draw_back(canvas: Canvas, paper: Size, targets: list[Target], offset: tuple[float, float]) -> None:
    """Drawn after the page is shifted by the back offset, like the cards' backs."""
    keys = ("back_help_1", "back_help_2", "back_command", "back_help_3")
    lines = [(label(f"cards.calibrate.{key}"), MONO if key == "back_command" else SANS) for key in keys]
    if offset != (0.0, 0.0):
        lines.append((label("cards.calibrate.offset_used", x=number(offset[0]), y=number(offset[1])), SANS))
    _title(canvas, paper, label("cards.calibrate.back_title"), lines)
    for t in targets:
        _ruler(canvas, t.back, horizontal=True)
        _ruler(canvas, t.back, horizontal=False)


def _ruler(canvas: Canvas, zero: tuple[float, float], horizontal: bool) -> None:
    """X: below the zero, across the cross's vertical arm; Y: right of it, across the horizontal arm."""
    gap = calibration_data().ruler_gap
    x0, y0 = pt(zero[0]), pt(zero[1])
    if horizontal:
        y0 -= pt(gap)
    else:
        x0 += pt(gap)
    canvas.setStrokeColor(colour("ink"))
    canvas.setFillColor(colour("ink"))
    canvas.setLineWidth(0.25)
    canvas.setFont(SANS, 6)
    for value, rank in ruler_ticks():
        labelled = rank == 2
        length = pt((1.2, 2.0, 3.2)[rank] + (0.8 if value == 0 else 0))
        text = "0" if value == 0 else signed(value)
        if horizontal:
            x = x0 + pt(value)
            canvas.line(x, y0, x, y0 - length)
            if labelled:
                canvas.drawCentredString(x, y0 - length - pt(2.4), text)
        else:
            y = y0 + pt(value)
            canvas.line(x0, y, x0 + length, y)
            if labelled:
                canvas.drawString(x0 + length + pt(0.8), y - pt(0.7), text)
    canvas.setFont(SANS_BOLD, 7)
    axis = label("cards.calibrate.axis_x" if horizontal else "cards.calibrate.axis_y")
    if horizontal:
        canvas.drawRightString(x0 - pt(calibration_data().ruler_half_length + 1.5), y0 - pt(3.3), axis)
    else:
        canvas.drawCentredString(x0 + pt(1.5), y0 + pt(calibration_data().ruler_half_length + 1.5), axis)


def _title(canvas: Canvas, paper: Size, title: str, lines: list[tuple[str, str]]) -> None:
    """The title, then its lines (text, font): a command to type is set in the monospace face."""
    canvas.setFillColor(colour("ink"))
    canvas.setFont(SANS_BOLD, 12)
    top = pt(paper.height - MARGIN)
    canvas.drawString(pt(MARGIN), top, title)
    for i, (line, font) in enumerate(lines):
        register_fonts(font)
        canvas.setFont(font, calibration_data().command_pt if font == MONO else 8.5)
        canvas.drawString(pt(MARGIN), top - 16 - i * 11, line)


def _flip(flip: str) -> str:
    return label(f"cards.calibrate.flip_{flip}")
