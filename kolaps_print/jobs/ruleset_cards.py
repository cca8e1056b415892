"""`kolaps-print cards` for an army of another ruleset (`ruleset: d12`): its characters' cards,
front and back built from the ruleset's card blocks, imposed like KOLAPS's (duplex, fold,
print shop). Library API: build_ruleset_cards(army, options); write_ruleset_cards(...)."""

from __future__ import annotations

from pathlib import Path

from kolaps_print.content.ruleset_card import back_items, front_items
from kolaps_print.diagnostics import KolapsError, fail_on_warnings
from kolaps_print.draw.ruleset_card import RulesetCard
from kolaps_print.impose import impose
from kolaps_print.jobs.cards import CardOptions, CardsResult, CardsWritten, default_output
from kolaps_print.labels import label
from kolaps_print.layout.ruleset_card import face_story
from kolaps_print.layout.ruleset_sheet import sheet_look
from kolaps_print.layout.units import pt
from kolaps_print.model.ruleset_army import RulesetArmy, load_ruleset_army, read_army_ruleset
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.write import PDF, PdfMeta, planned_output, source_inputs
from kolaps_print.write.pdfx import press_ready

DEFAULTS = CardOptions()


def build_ruleset_cards(army: RulesetArmy, options: CardOptions = DEFAULTS) -> CardsResult:
    """The cards PDF in memory; KolapsError (located at the character) for a face that does not fit."""
    sheet = options.impose_options()
    look = sheet_look().card
    width, height, margin = pt(sheet.card.width), pt(sheet.card.height), pt(look.margin_mm)
    faces, problems = [], []
    for member in army.members:
        card = RulesetCard(
            face_story(front_items(army.ruleset, member, army.name), width - 2 * margin, look),
            face_story(back_items(army.ruleset, member, army.name), width - 2 * margin, look),
            margin,
            look.body_pt,
        )
        for side in card.fits(width, height):
            size = f"{sheet.card.width:g} × {sheet.card.height:g} mm"
            message = f"the {side} of '{member.name}' does not fit a {size} card: choose a larger --card (tarot)"
            assert army.doc is not None
            problems.append(army.doc.diagnostic(("characters", member.index), message))
        faces += [card] * member.character.copies
    if problems:
        raise KolapsError(problems)
    meta = PdfMeta(
        title=label("rulesets.card.pdf_title", army=army.name),
        subject=label("rulesets.card.subject"),
        author=label("common.author"),
    )
    imposed = impose(faces, sheet, meta)
    pdf = press_ready(imposed.pdf) if options.print_shop and options.press else imposed.pdf  # PDF/X-4, as KOLAPS's
    return CardsResult(pdf, len(faces), imposed.sheets, imposed.pages, list(army.warnings))


def write_ruleset_cards(
    army_path: Path | str, output: Path | str | None = None, options: CardOptions = DEFAULTS, strict: bool = False
) -> CardsWritten:
    """Load, build and write atomically. With strict, any warning is an error and nothing is written."""
    doc, ruleset_id = read_army_ruleset(Path(army_path))
    army = load_ruleset_army(doc, find_ruleset(ruleset_id), strict)
    out = planned_output(output or default_output(army_path), PDF, source_inputs().plus([army_path], "the army file"))
    result = build_ruleset_cards(army, options)
    fail_on_warnings(result.warnings, strict)
    return CardsWritten(out.write(result.pdf), result)


def army_ruleset(army_path: Path | str) -> str:
    """The ruleset an army file names (kolaps without the key); KolapsError, located, for an unknown one."""
    return read_army_ruleset(Path(army_path))[1]
