"""What `cards` refuses before drawing, which `check` refuses too: text the card fonts cannot
print, a portrait that does not decode. Apart from the card job, so that `check` does not load
the drawing and imposing stages (reportlab, pypdf) to run it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kolaps_print.diagnostics import Diagnostic, KolapsError, Severity, shown
from kolaps_print.fonts import missing_glyphs
from kolaps_print.fonts.printable import named_characters

if TYPE_CHECKING:  # KOLAPS's army book: `check` of another ruleset's army does not import it
    from kolaps_print.model.army_book import ArmyBook


def check_printable(book: ArmyBook) -> None:
    """Every character of every printed field must exist in the card fonts; portraits must load."""
    problems = _glyph_problems(book) + portrait_problems(book)
    if problems:
        raise KolapsError(problems)


def _printed_fields(book: ArmyBook):
    """(path, what, text, font) for every user-written string a card prints."""
    yield ("name",), "the army name", book.army.name, "KSans-Bold"
    yield ("affiliation",), "the affiliation name", book.affiliation.name, "KSans-Bold"
    for m in book.members:
        c, base, name = (
            m.character,
            ("characters", m.index),
            shown(m.character.name),
        )  # shown: one line, even for "A\nB"
        yield base + ("name",), f"the name of '{name}'", c.name, "KSans-Bold"
        for key in ("archetype", "function"):
            if getattr(c, key):
                yield base + (key,), f"the {key} of '{name}'", getattr(c, key), "KSans-Italic"
        for j, w in enumerate(m.weapons):
            yield base + ("weapons", j), f"weapon '{w.id}' of '{name}'", w.name, "KSans-Bold"
        for j, s in enumerate(m.specialisations):
            yield base + ("specialisations", j), f"specialisation '{s.id}' of '{name}'", f"{s.name} {s.text}", "KSans"


def _glyph_problems(book: ArmyBook) -> list[Diagnostic]:
    problems = []
    for path, what, text, font in _printed_fields(book):
        missing = missing_glyphs(text, font)
        if missing:
            problems.append(
                locate(
                    book,
                    path,
                    f"{what} has characters the card font cannot print: {named_characters(missing)}",
                    "error",
                )
            )
    return problems


def portrait_problems(book: ArmyBook) -> list[Diagnostic]:
    """Each picture decoded once (shared by every character using it); a failure at each portrait value."""
    problems: list[Diagnostic] = []
    if all(m.portrait is None for m in book.members):
        return problems  # the picture stack and the card layout it reads the portrait's size from: 30 ms
    from kolaps_print.layout.portraits import load_portrait
    from kolaps_print.load.pictures import PictureError

    for m in book.members:
        if m.portrait is None:
            continue
        try:
            load_portrait(m.portrait)
        except PictureError as exc:
            message = f"cannot read the portrait of '{m.character.name}' ({shown(m.character.portrait)}): {exc}"
            problems.append(locate(book, ("characters", m.index, "portrait"), message, "error"))
    return problems


def locate(book: ArmyBook, path: tuple, message: str, severity: Severity) -> Diagnostic:
    """A message at path in the army file (its first line when the army was not read from a file)."""
    if book.doc is not None:
        return book.doc.diagnostic(path, message, severity)
    from kolaps_print.diagnostics import format_path

    return Diagnostic(book.file, 1, 1, severity, message, format_path(path))
