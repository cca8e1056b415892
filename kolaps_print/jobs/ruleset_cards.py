"""`kolaps-print cards` for an army of another ruleset (`ruleset: d12`): its characters' cards,
front and back built from the ruleset's card blocks, imposed like KOLAPS's (duplex, fold,
print shop). Library API: build_ruleset_cards(army, options); write_ruleset_cards(...)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kolaps_print.content.ruleset_card import Item, back_items, front_items
from kolaps_print.diagnostics import KolapsError, fail_on_warnings
from kolaps_print.draw.ruleset_card import RulesetCard
from kolaps_print.impose import impose
from kolaps_print.jobs.cards import CardOptions, CardsResult, CardsWritten, default_output
from kolaps_print.labels import label
from kolaps_print.layout.ruleset_card import RulesetFace, face_layout, spread, story_room
from kolaps_print.layout.ruleset_sheet import CardLook, sheet_look
from kolaps_print.layout.units import pt
from kolaps_print.model.ruleset_army import RulesetArmy, RulesetMember, load_ruleset_army, read_army_ruleset
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.write import PDF, PdfMeta, planned_output, source_inputs
from kolaps_print.write.pdfx import press_ready

DEFAULTS = CardOptions()


def build_ruleset_cards(army: RulesetArmy, options: CardOptions = DEFAULTS) -> CardsResult:
    """The cards PDF in memory; KolapsError (located at the character) for a face that does not fit."""
    sheet = options.impose_options()
    size = (pt(sheet.card.width), pt(sheet.card.height))
    sheet_style = sheet_look()
    look = sheet_style.card
    fronts, tall_fronts = _side(army, look, size, front_items)
    backs, tall_backs = _side(army, look, size, back_items)
    if tall_fronts or tall_backs:
        mm = f"{sheet.card.width:g} × {sheet.card.height:g} mm"
        assert army.doc is not None
        raise KolapsError(
            [
                army.doc.diagnostic(
                    ("characters", m.index),
                    f"the {side} of '{m.name}' does not fit a {mm} card: choose a larger --card (tarot)",
                )
                for m in army.members
                for side, tall in (("front", tall_fronts), ("back", tall_backs))
                if m in tall
            ]
        )
    colour = sheet_style.colour(army.ruleset.spec.id)
    foot = (army.name, label("rulesets.card.footer_system", name=army.ruleset.spec.name, id=army.ruleset.spec.id))
    faces = [
        RulesetCard(front, back, look, colour, foot)
        for member, front, back in zip(army.members, fronts, backs, strict=True)
        for _ in range(member.character.copies)
    ]
    meta = PdfMeta(
        title=label("rulesets.card.pdf_title", army=army.name),
        subject=label("rulesets.card.subject"),
        author=label("common.author"),
    )
    imposed = impose(faces, sheet, meta)
    pdf = press_ready(imposed.pdf) if options.print_shop and options.press else imposed.pdf  # PDF/X-4, as KOLAPS's
    return CardsResult(pdf, len(faces), imposed.sheets, imposed.pages, list(army.warnings))


def _side(
    army: RulesetArmy, base: CardLook, size: tuple[float, float], items: Callable[..., list[Item]]
) -> tuple[list[RulesetFace], list[RulesetMember]]:
    """One side of every card, at the largest size (one for the whole army) where all of them fit
    between the bands; at the smallest size, the characters whose side is still too tall."""
    _, _, room_width, room = story_room(base, *size)
    colour = sheet_look().colour(army.ruleset.spec.id)
    faces: list[RulesetFace] = []
    tall: list[RulesetMember] = []
    for factor in base.scales():
        look = base.scaled(factor)
        faces = [face_layout(items(army.ruleset, m, army.name), room_width, look, colour) for m in army.members]
        tall = [m for m, face in zip(army.members, faces, strict=True) if face.height(room_width, room) > room]
        if not tall:
            return [spread(face, room_width, room, pt(look.spread_mm)) for face in faces], []
    return faces, tall


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
