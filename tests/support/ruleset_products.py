"""Shared by the rulesets' product tests (issue 13): the bundled systems, their seeds, and each
one's product built once through the real CLI."""

from functools import cache
from pathlib import Path

from kolaps_print.model.ruleset_army import RulesetArmy, load_ruleset_army
from kolaps_print.model.ruleset_choice import read_army_ruleset
from kolaps_print.model.ruleset_load import find_ruleset

RULESETS = ("3d6", "d100", "d12")
SEEDS = {"d100": "001_c62d5d2787869046.txt", "3d6": "002_0fc9685c052d0e37.txt", "d12": "003_5e5ce97196184d44.txt"}


def built_for_each(cli, folder: Path, *command: str) -> dict[str, tuple[str, bytes]]:
    """ruleset id -> (stdout, PDF bytes) of `kolaps-print COMMAND --ruleset ID -o FILE`, each exiting 0."""
    built = {}
    for ruleset_id in RULESETS:
        target = folder / f"{ruleset_id}.pdf"
        result = cli([*command, "--ruleset", ruleset_id, "-o", target])
        assert result.exit_code == 0, result.stderr
        built[ruleset_id] = (result.stdout, target.read_bytes())
    return built


def reference_deck(cli, folder: Path, system: str, card: str) -> bytes:
    """The print-shop reference deck (one face a page) of system (« kolaps » or a ruleset id) on
    card, built through the CLI into folder."""
    target = folder / f"{system}-{card}.pdf"
    ruleset = [] if system == "kolaps" else ["--ruleset", system]
    result = cli(["tables", *ruleset, "--format", "cards", "--card", card, "--layout", "print-shop", "-o", target])
    assert result.exit_code == 0, result.stderr
    return target.read_bytes()


class ReferenceDecks(dict):
    """(system, card) -> reference_deck's print-shop deck, built into folder when a test first reads
    it (a deck that does not build fails only the tests that read it)."""

    def __init__(self, cli, folder: Path) -> None:
        super().__init__()
        self.cli, self.folder = cli, folder

    def __missing__(self, key: tuple[str, str]) -> bytes:
        self[key] = reference_deck(self.cli, self.folder, *key)
        return self[key]


def demo_army(ruleset_id: str) -> RulesetArmy:
    """The system's one bundled demo army (data/rulesets/ID/armies/), loaded."""
    ruleset = find_ruleset(ruleset_id)
    (path,) = sorted((ruleset.folder / "armies").glob("*.yaml"))
    doc, _ = read_army_ruleset(path)
    return load_ruleset_army(doc, ruleset)


@cache
def ruleset_pdf(system: str, kind: str) -> bytes:
    """A system's product built in process, once a run: « sheet » (A4) or « sheet-PAPER », « book »,
    « army-CARD » (its demo army's cards), else its reference deck on that card."""
    from kolaps_print.jobs.cards import CardOptions
    from kolaps_print.jobs.rulebook import RulebookOptions, build_rulebook
    from kolaps_print.jobs.ruleset_cards import build_ruleset_cards
    from kolaps_print.jobs.ruleset_tables import build_ruleset_reference_cards, build_ruleset_sheet
    from kolaps_print.jobs.tables import TablesOptions

    if kind == "sheet":
        return build_ruleset_sheet(system).pdf
    if kind.startswith("sheet-"):
        return build_ruleset_sheet(system, kind.split("-")[1]).pdf
    if kind == "book":
        return build_rulebook(RulebookOptions(ruleset=system)).pdf
    if kind.startswith("army-"):
        return build_ruleset_cards(demo_army(system), CardOptions(card=kind[5:])).pdf
    return build_ruleset_reference_cards(system, TablesOptions(format="cards", card=kind)).pdf
