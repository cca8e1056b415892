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


def draw_front(canvas: Canvas, paper: Size, targets: list[Target], flip: str) -> None:
    _title(
        canvas,
        paper,
        label("cards.calibrate.front_title"),
        [(label("cards.calibrate.front_help", flip=_flip(flip)), SANS)],
    )
    data = calibration_data()
    canvas.setStrokeColor(colour("ink"))
    canvas.setLineWidth(data.line_pt)
    for t in targets:
        x, y = pt(t.front[0]), pt(t.front[1])
        canvas.circle(x, y, pt(data.target_radius), stroke=1, fill=0)
        canvas.line(x - pt(data.cross), y, x + pt(data.cross), y)
        canvas.line(x, y - pt(data.cross), x, y + pt(data.cross))
    _scale_check(canvas)


def _scale_check(canvas: Canvas) -> None:
    """How to check the print was at 100 %, over a scale bar, low on the front page."""
    data, length = calibration_data(), number(sheet_data.sheets().scale_bar.length)
    canvas.setFillColor(colour("ink"))
    canvas.setFont(SANS_BOLD, data.text_pt)
    canvas.drawString(pt(data.margin), pt(data.scale_bar + data.scale_title), label("cards.calibrate.scale_title"))
    canvas.setFont(SANS, data.text_pt)
    for i, key in enumerate(("scale_help_1", "scale_help_2")):
        y = pt(data.scale_bar + data.scale_text) - i * data.line_step_pt
        canvas.drawString(pt(data.margin), y, label(f"cards.calibrate.{key}", length=length))
    draw_scale_bar(canvas, data.margin, data.scale_bar)


def draw_back(canvas: Canvas, paper: Size, targets: list[Target], offset: tuple[float, float]) -> None:
    """Drawn after the page is shifted by the back offset, like the cards' backs."""
    keys = ("back_help_1", "back_help_2", "back_help_run", "back_command", "back_help_3", "back_help_example")
    lines = [(label(f"cards.calibrate.{key}"), MONO if key == "back_command" else SANS) for key in keys]
    lines.append((label("cards.calibrate.back_example"), MONO))  # the offset's decimals: a point, not a comma
    if offset != (0.0, 0.0):
        lines.append((label("cards.calibrate.offset_used", x=number(offset[0]), y=number(offset[1])), SANS))
    _title(canvas, paper, label("cards.calibrate.back_title"), lines)
    for t in targets:
        _ruler(canvas, t.back, horizontal=True)
        _ruler(canvas, t.back, horizontal=False)


def _ruler(canvas: Canvas, zero: tuple[float, float], horizontal: bool) -> None:
    """X: below the zero, across the cross's vertical arm; Y: right of it, across the horizontal arm."""
    data = calibration_data()
    gap, look = data.ruler_gap, data.ruler
    x0, y0 = pt(zero[0]), pt(zero[1])
    if horizontal:
        y0 -= pt(gap)
    else:
        x0 += pt(gap)
    canvas.setStrokeColor(colour("ink"))
    canvas.setFillColor(colour("ink"))
    canvas.setLineWidth(look.line_pt)
    canvas.setFont(SANS, look.number_pt)
    for value, rank in ruler_ticks():
        labelled = rank == 2
        length = pt(look.ticks[rank] + (look.zero_extra if value == 0 else 0))
        text = "0" if value == 0 else signed(value)
        if horizontal:
            x = x0 + pt(value)
            canvas.line(x, y0, x, y0 - length)
            if labelled:
                canvas.drawCentredString(x, y0 - length - pt(look.number_gap), text)
        else:
            y = y0 + pt(value)
            canvas.line(x0, y, x0 + length, y)
            if labelled:
                canvas.drawString(x0 + length + pt(look.number_side), y - pt(look.number_drop), text)
    canvas.setFont(SANS_BOLD, look.axis_pt)
    axis = label("cards.calibrate.axis_x" if horizontal else "cards.calibrate.axis_y")
    end = data.ruler_half_length + look.axis_gap
    if horizontal:
        canvas.drawRightString(x0 - pt(end), y0 - pt(look.axis_drop), axis)
    else:
        canvas.drawCentredString(x0 + pt(look.axis_gap), y0 + pt(end), axis)


def _title(canvas: Canvas, paper: Size, title: str, lines: list[tuple[str, str]]) -> None:
    """The title, then its lines (text, font): a command to type is set in the monospace face."""
    data = calibration_data()
    canvas.setFillColor(colour("ink"))
    canvas.setFont(SANS_BOLD, data.title_pt)
    top = pt(paper.height - data.margin)
    canvas.drawString(pt(data.margin), top, title)
    for i, (line, font) in enumerate(lines):
        register_fonts(font)
        canvas.setFont(font, data.command_pt if font == MONO else data.text_pt)
        canvas.drawString(pt(data.margin), top - data.title_gap_pt - i * data.line_step_pt, line)


def _flip(flip: str) -> str:
    return label(f"cards.calibrate.flip_{flip}")
