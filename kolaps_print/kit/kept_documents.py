"""The kit's documents kept between runs (issue 15): the reference sheet, the rulebook or
quick-start, each army's cards (home sheets and the previews' faces), the tokens sheet and the
packing list's page.

Each is made by its job (tables, rulebook, cards) from files that do not change between two
runs of the same kit: the data folder (already in every key of kit/kept_pdfs.py), the templates
folders (the book's chapters), the army files and their portraits, and the options and stamps
the kit passes (the packing list's page: the list's own texts). Once kept, a warm kit neither lays them out again nor imports the jobs that
make them (about half of a warm kit's CPU). The entries are kit/kept_pdfs.py's (".kitpdf"),
under the SHA-256 of all of these plus the code of this package and of reportlab and pyphen
(the lines' breaks); a missing, corrupt or foreign entry is made again: the same bytes (tests).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path

from kolaps_print import disk_cache, resources
from kolaps_print.diagnostics import Diagnostic
from kolaps_print.kit.kept_pdfs import KeptPdfs
from kolaps_print.load.source_tree import digest_folder

LINE_BREAKING = ("reportlab", "pyphen")


def templates_state(kept: KeptPdfs) -> str | None:
    """Every file of the templates folders in use (the rulebook's chapters may be chosen apart)
    and the line-breaking libraries' files, read once per kit; None when a library cannot be
    found (nothing kept)."""
    if not kept.active:
        return None
    if "templates" not in kept.states:
        kept.states["templates"] = _templates_state()
    return kept.states["templates"]


def _templates_state() -> str | None:
    libraries = disk_cache.installed_state(*LINE_BREAKING)
    if libraries is None:
        return None
    digest = hashlib.sha256(libraries.encode())
    for number, folder in enumerate((resources.templates_dir(), resources.rulebook_dir())):
        digest_folder(digest, folder, f"{number}/")
    return digest.hexdigest()


def kept_document(kept: KeptPdfs, step: str, inputs: Sequence[bytes | str | int], make: Callable[[], bytes]) -> bytes:
    """make(), or the PDF it made for the same step and inputs (templates included) earlier."""
    state = templates_state(kept)
    if state is None:
        return make()
    return kept.get(f"document:{step}", (state, *inputs), make, lambda pdf: pdf, _pdf)


def kept_cards(
    kept: KeptPdfs,
    step: str,
    army: Path,
    portraits: Sequence[Path],
    inputs: Sequence[bytes | str | int],
    make: Callable[[], tuple[bytes, list[Diagnostic]]],
) -> tuple[bytes, list[Diagnostic]]:
    """make() (a cards PDF and its warnings), or what it made earlier from the same army file,
    portraits (by name and bytes), inputs and templates."""
    state = templates_state(kept)
    files = _files((army, *portraits))
    if state is None or files is None:
        return make()
    return kept.get(f"cards:{step}", (state, *files, *inputs), make, _plain_cards, _made_cards)


def kept_undated_cards(
    kept: KeptPdfs,
    step: str,
    army: Path,
    portraits: Sequence[Path],
    short_stamp: str,
    inputs: Sequence[bytes | str | int],
    dated: Callable[[], bool],
    make: Callable[[], tuple[bytes, list[Diagnostic]]],
) -> tuple[bytes, list[Diagnostic]]:
    """make() (a kit's cards with its dated card stamp), or, when dated() says the cards print the
    stamp without the date (short_stamp) instead, what an earlier run of any date made from the
    same files, inputs and short stamp: a re-dated kit does not lay such an army out again. The
    caller keeps the result under its dated key too (a warm kit asks nothing of the cards job)."""
    if not short_stamp or dated():
        return make()
    return kept_cards(kept, f"{step}:undated", army, portraits, (short_stamp, *inputs), make)


def kept_from_files(
    kept: KeptPdfs, step: str, files: Sequence[Path], inputs: Sequence[bytes | str | int], make: Callable[[], bytes]
) -> bytes:
    """make() (a PDF made from these files, as the tokens sheet from the kit's armies and the kit
    file's choices), or what it made earlier from the same files (by name and bytes) and inputs."""
    read = _files(files)
    if read is None:
        return make()
    return kept_document(kept, step, (*read, *inputs), make)


def _files(paths: Sequence[Path]) -> list[bytes | str] | None:
    """Each file's name and bytes; None when one cannot be read (then made, as before)."""
    found: list[bytes | str] = []
    for path in paths:
        try:
            found += [str(path), Path(path).read_bytes()]
        except OSError:
            return None
    return found


def _pdf(found: object) -> bytes | None:
    return found if type(found) is bytes and found.startswith(b"%PDF-") else None


def _plain_cards(made: tuple[bytes, list[Diagnostic]]) -> object:
    pdf, warnings = made
    return (pdf, [(w.file, w.line, w.col, w.severity, w.message, w.path) for w in warnings])


def _made_cards(found: object) -> tuple[bytes, list[Diagnostic]] | None:
    if type(found) is not tuple or len(found) != 2 or _pdf(found[0]) is None or type(found[1]) is not list:
        return None
    warnings = []
    for w in found[1]:
        if type(w) is not tuple or len(w) != 6 or [type(v) for v in w] != [str, int, int, str, str, str]:
            return None
        warnings.append(Diagnostic(*w))
    return found[0], warnings
