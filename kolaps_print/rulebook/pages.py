"""Drawn pages and marks: the title page, the proof stamp, French dates."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from kolaps_print.fonts import SANS, SANS_BOLD, SERIF_ITALIC
from kolaps_print.rulebook import styles as st
from kolaps_print.rulebook.handout_look import handout_layout
from kolaps_print.typography import french
from kolaps_print.units import pt


@dataclass(frozen=True)
class Cover:
    title: str
    subtitle: str
    kicker: str  # "Livre de règles"
    edition: str
    version_line: str  # "Version 0.3 — 1ᵉʳ juin 2025"
    bleed_mm: float = 0.0  # the band painted this far past the page's edges (--print-shop)
    byline: str = ""  # who made the game and this edition, under the edition's title ("": none)

    def __call__(self, c: Canvas, geometry: st.PageGeometry) -> None:
        w, h = geometry.pagesize
        x = pt(geometry.margin_x_mm)
        band_bottom = h * 0.45
        b = pt(self.bleed_mm)
        size = st.rulebook_layout().cover
        c.setFillColor(st.palette().band)
        c.rect(0 - b, band_bottom, w + 2 * b, h - band_bottom + b, stroke=0, fill=1)
        c.setFillColor(st.palette().accent)
        c.rect(0 - b, band_bottom - pt(4), w + 2 * b, pt(4), stroke=0, fill=1)
        self._hatching(c, w, h, band_bottom, b)
        c.setFillColor(st.palette().accent_light)  # the accent, lightened to read on the dark band
        c.setFont(SANS_BOLD, size.kicker)
        c.drawString(x, band_bottom + pt(62), french(self.kicker).upper())
        c.setFillColor(st.palette().paper)
        c.setFont(SANS_BOLD, size.title)
        c.drawString(x - 3, band_bottom + pt(30), french(self.title))
        c.setFont(SANS, size.subtitle)
        c.drawString(x, band_bottom + pt(14), french(self.subtitle))
        c.setFillColor(st.palette().ink)
        c.setFont(SERIF_ITALIC, size.edition)
        c.drawString(x, band_bottom - pt(24), french(self.edition))
        if self.byline:
            c.setFont(SANS, size.byline)
            c.drawString(x, band_bottom - pt(42), french(self.byline))
        c.setFont(SANS, size.version)
        c.setFillColor(st.palette().muted)
        c.drawString(x, pt(geometry.bottom_mm), french(self.version_line))

    @staticmethod
    def _hatching(c: Canvas, w: float, h: float, bottom: float, b: float = 0.0) -> None:
        """Faint diagonal strokes in the band: a worn, military look without any image file (b:
        the bleed, in points, the band is painted into)."""
        c.saveState()
        p = c.beginPath()
        p.rect(0 - b, bottom, w + 2 * b, h - bottom + b)
        c.clipPath(p, stroke=0, fill=0)
        c.setStrokeColor(st.palette().faint("paper", 0.05))
        c.setLineWidth(6)
        step = pt(9)
        x = -h
        while x < w + b:
            c.line(x, bottom, x + (h + b - bottom), h + b)
            x += step
        c.restoreState()


@dataclass(frozen=True)
class ProofStamp:
    text: str  # "ÉPREUVE · version 0.3 · 1ᵉʳ juin 2025 · sources 1a2b3c4d5e"
    watermark: str  # "ÉPREUVE"

    def __call__(self, c: Canvas, geometry: st.PageGeometry, page: int) -> None:
        w, h = geometry.pagesize
        c.setFillColor(st.palette().accent)
        c.setFont(SANS_BOLD, 7.5)
        c.drawRightString(w - pt(8), pt(7), french(self.text))
        c.saveState()
        c.setFillColor(st.palette().faint("accent", 0.07))
        c.translate(w / 2, h / 2)
        c.rotate(54)
        c.setFont(SANS_BOLD, 96)
        c.drawCentredString(0, -30, french(self.watermark))
        c.restoreState()


@dataclass(frozen=True)
class HandoutBand:
    """Page 1 of the quick-start: a dark band across the top with the game, the edition and the
    version, the hatching of the book's cover; the set-up starts right below it."""

    title: str
    subtitle: str
    edition: str  # "Règles de démarrage": what this sheet is (never « Livre de règles »)
    version_line: str
    band_mm: float
    margin_mm: float

    def __call__(self, c: Canvas, geometry: st.PageGeometry) -> None:
        w, h = geometry.pagesize
        x, bottom = pt(self.margin_mm), h - pt(self.band_mm)
        size = handout_layout().band_type
        c.setFillColor(st.palette().band)
        c.rect(0, bottom, w, h - bottom, stroke=0, fill=1)
        c.setFillColor(st.palette().accent)
        c.rect(0, bottom - pt(2.2), w, pt(2.2), stroke=0, fill=1)
        Cover._hatching(c, w, h, bottom)
        c.setFillColor(st.palette().paper)
        c.setFont(SANS_BOLD, size.title)
        c.drawString(x - 2, bottom + pt(17), french(self.title))
        c.setFont(SANS, size.subtitle)
        c.drawString(x, bottom + pt(9), french(self.subtitle))
        c.setFillColor(st.palette().accent_light)  # the cover's lightened accent, readable on the band
        c.setFont(SANS_BOLD, size.edition)
        c.drawRightString(w - x, bottom + pt(17), french(self.edition).upper())
        c.setFillColor(st.palette().quiet_on_dark)
        c.setFont(SANS, size.version)
        c.drawRightString(w - x, bottom + pt(9), french(self.version_line))
