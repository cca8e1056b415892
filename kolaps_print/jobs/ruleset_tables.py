"""`kolaps-print tables --ruleset ID`: a bundled ruleset's quick-reference sheet, its sections
of tables flowed down portrait pages, every chance exact (content/ruleset_sheet.py).

Library API: build_ruleset_sheet(ruleset_id, paper) -> Reference; write_ruleset_sheet writes
it atomically (default output/reference-ID.pdf)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from kolaps_print.content.ruleset_sheet import example_sections, sheet_content
from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.draw.ruleset_card import draw_pages
from kolaps_print.jobs.stamp import ruleset_version_and_date
from kolaps_print.jobs.tables import Reference, TablesOptions
from kolaps_print.labels import label, overriding_labels
from kolaps_print.layout.ruleset.look import sheet_look
from kolaps_print.layout.ruleset.sheet import SheetSetting, TableTooTall, layout_sheet
from kolaps_print.layout.sheets import paper_size
from kolaps_print.model.ruleset_load import Ruleset, find_ruleset
from kolaps_print.numbers import version_line
from kolaps_print.units import pt
from kolaps_print.write import PDF, PdfMeta, new_canvas, planned_output, source_inputs
from kolaps_print.write.pdfx import press_ready


def default_ruleset_output(ruleset_id: str) -> Path:
    return Path("output") / f"reference-{ruleset_id}.pdf"


def build_ruleset_sheet(ruleset_id: str, paper: str = "a4") -> Reference:
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):  # the ruleset's own labels first
        return _sheet(ruleset, paper)


def _sheet(ruleset: Ruleset, paper: str) -> Reference:
    look, paper_mm = sheet_look(), paper_size(paper)
    spec = ruleset.spec
    size = (pt(paper_mm.width), pt(paper_mm.height))
    setting = SheetSetting(size, spec.sheet.title, spec.name, look.colour(spec.id), ruleset_stamp_line(spec.id))
    try:
        laid = layout_sheet(sheet_content(ruleset) + example_sections(ruleset), look, setting)
    except TableTooTall as exc:
        raise KolapsError([Diagnostic(str(ruleset.folder / "tables.yaml"), 1, 1, "error", str(exc))]) from None
    buffer = BytesIO()
    title = label("rulesets.sheet.pdf_title", name=spec.name, title=spec.sheet.title)
    canvas = new_canvas(buffer, setting.size, PdfMeta(title=title, subject=label("rulesets.sheet.subject")))
    draw_pages(canvas, laid.pages, setting.size[1], laid.look.body_pt)
    canvas.save()
    return Reference(buffer.getvalue(), len(laid.pages))


def ruleset_stamp_line(ruleset_id: str) -> str:
    """« Version 0.1 · 30 novembre 2026 »: the ruleset's version and date, as its book prints them."""
    return version_line(*ruleset_version_and_date(ruleset_id))


CARDS = TablesOptions(format="cards")
SHEET = TablesOptions()


def build_ruleset_reference_cards(ruleset_id: str, options: TablesOptions = CARDS) -> Reference:
    """The sheet's tables as reference cards, imposed like KOLAPS's (--card, --layout, --flip, --paper)."""
    ruleset = find_ruleset(ruleset_id)
    with overriding_labels(ruleset.labels_file):
        return _reference_cards(ruleset, options)


def _reference_cards(ruleset: Ruleset, options: TablesOptions) -> Reference:
    from kolaps_print.draw.ruleset_card import RulesetCard
    from kolaps_print.impose import ImposeOptions, impose, slots_per_sheet
    from kolaps_print.layout.reference.cards import CardOverflow
    from kolaps_print.layout.ruleset.card import FaceSetting, face_shapes
    from kolaps_print.layout.ruleset.reference_cards import band_look, generic_back, reference_faces
    from kolaps_print.layout.sheets import card_size

    look = sheet_look()
    try:
        size = card_size(options.card)
        impose_options = ImposeOptions(
            card=size, paper=paper_size(options.paper), mode=options.layout, flip=options.flip
        )
        slots_per_sheet(impose_options.resolved())  # the card fits the paper inside its margins
        faces = reference_faces(ruleset, sheet_content(ruleset), pt(size.width), pt(size.height), look)
    except (ValueError, CardOverflow) as exc:
        raise KolapsError([Diagnostic("<options>", 1, 1, "error", str(exc))]) from None
    foot = (ruleset.spec.name, label("rulesets.sheet.cards_foot"))
    card = band_look(look.card, pt(size.width))
    setting = FaceSetting(card, look.colour(ruleset.id), (pt(size.width), pt(size.height)))
    back = (ruleset.spec.name, label("rulesets.sheet.cards_foot"), foot, ruleset_stamp_line(ruleset.id))
    # the band names the topic, the foot the system; a plain back the system in the middle too
    sides = [
        generic_back(setting, *back, face=face) if face.plain else face_shapes(face, setting, foot) for face in faces
    ]
    cards = [RulesetCard(sides[i], sides[i + 1], look.card.body_pt) for i in range(0, len(sides), 2)]
    title = label("rulesets.sheet.cards_title", name=ruleset.spec.name)
    imposed = impose(cards, impose_options, PdfMeta(title=title, subject=label("rulesets.sheet.cards_subject")))
    pdf = press_ready(imposed.pdf) if options.layout == "print-shop" else imposed.pdf  # PDF/X-4, as KOLAPS's cards
    return Reference(pdf, imposed.pages, None, faces=len(faces), cards=len(cards))


def default_ruleset_cards_output(ruleset_id: str) -> Path:
    return Path("output") / f"reference-cards-{ruleset_id}.pdf"


def write_ruleset_reference(
    ruleset_id: str, output: Path | str | None = None, options: TablesOptions = SHEET
) -> Reference:
    """The sheet, or with format cards the reference cards; built, then written atomically:
    on any error nothing is written."""
    cards = options.format == "cards"
    default = default_ruleset_cards_output(ruleset_id) if cards else default_ruleset_output(ruleset_id)
    out = planned_output(output or default, PDF, source_inputs())
    reference = (
        build_ruleset_reference_cards(ruleset_id, options) if cards else build_ruleset_sheet(ruleset_id, options.paper)
    )
    out.write(reference.pdf)
    return reference


def write_ruleset_sheet(ruleset_id: str, output: Path | str | None = None, paper: str = "a4") -> Reference:
    """Build, then write atomically: on any error nothing is written."""
    return write_ruleset_reference(ruleset_id, output, TablesOptions(paper=paper))
