"""The library API in one place: what the command line calls, for scripts and other tools.

    from kolaps_print import api
    book = api.load_army("data/rulesets/kolaps/armies/section-kappa.yaml")
    result = api.build_cards(book, api.CardOptions(paper="letter"))

Bad input raises api.KolapsError, whose .diagnostics are FILE:LINE:COL messages.
Names are imported on first use, so `import kolaps_print.api` stays cheap.
"""

from __future__ import annotations

from importlib import import_module

_EXPORTS = {
    "KolapsError": "kolaps_print.diagnostics",
    "Diagnostic": "kolaps_print.diagnostics",
    "load_army": "kolaps_print.model.army_book",
    "load_game_data": "kolaps_print.model.gamedata",
    "check_files": "kolaps_print.jobs.check",
    "army_schema": "kolaps_print.jobs.schema",
    "write_schema": "kolaps_print.jobs.schema",
    "kit_schema": "kolaps_print.kit.schema",
    "CardOptions": "kolaps_print.jobs.cards",
    "build_cards": "kolaps_print.jobs.cards",
    "write_cards": "kolaps_print.jobs.cards",
    "ImageOptions": "kolaps_print.jobs.card_images",
    "write_card_images": "kolaps_print.jobs.card_images",
    "CalibrateOptions": "kolaps_print.jobs.calibrate",
    "build_calibration": "kolaps_print.jobs.calibrate",
    "TablesOptions": "kolaps_print.jobs.tables",
    "build_reference": "kolaps_print.jobs.tables",
    "write_reference": "kolaps_print.jobs.tables",
    "RulebookOptions": "kolaps_print.jobs.rulebook",
    "build_rulebook": "kolaps_print.jobs.rulebook",
    "write_rulebook": "kolaps_print.jobs.rulebook",
    "preflight_file": "kolaps_print.jobs.preflight",
    "build_kit": "kolaps_print.kit.build",  # the kit sits above jobs: a job made of jobs
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"kolaps_print.api has no '{name}'")
    return getattr(import_module(_EXPORTS[name]), name)
