"""KOLAPS's card as blocks (data/rulesets/kolaps/card.yaml): a broken list is a located error
through the CLI, and the list in a project's data folder is what the cards print."""

from pathlib import Path

import pytest
import yaml
from data_layouts import old_layout_copy  # tests/support
from pdf_text import page_texts  # tests/support

from kolaps_print import resources
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.model.army_book import load_army

ARMY = "section-kappa"


def _card_file(data: Path) -> Path:
    return resources.kolaps_folder(data) / "card.yaml"


def _write_blocks(data: Path, side: str, names: list[str]) -> None:
    """The card.yaml of data with side's blocks replaced by names, one a line (flow style)."""
    path = _card_file(data)
    card = yaml.safe_load(path.read_text(encoding="utf-8"))["card"]
    card[side] = [{"block": name} for name in names]
    lines = ["card:"]
    for s in ("front", "back"):
        lines += [f"  {s}:"] + [f"    - {{block: {b['block']}}}" for b in card[s]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _blocks(data: Path, side: str) -> list[str]:
    card = yaml.safe_load(_card_file(data).read_text(encoding="utf-8"))["card"]
    return [b["block"] for b in card[side]]


def _cards(cli, data: Path, tmp_path: Path) -> tuple[str, str]:
    """The first front page's and back page's text of the demo army's cards."""
    out = tmp_path / "cards.pdf"
    result = cli(["cards", resources.kolaps_folder(data) / "armies" / f"{ARMY}.yaml", "-o", out])
    assert result.exit_code == 0, result.stderr
    front, back = page_texts(out.read_bytes())[:2]
    return front, back


@pytest.mark.parametrize(
    ("side", "index", "wrong", "message"),
    [
        (
            "front",
            4,
            "wepons",
            "unknown block 'wepons' (did you mean 'weapons'?); front blocks: name, band, role, stat_tiles, "
            "weapons, reminders, specialisations, demo_turn, edition_note, ruling_legend",
        ),
        ("front", 2, "morale", "block 'morale' belongs on the back, not the front"),
        ("back", 1, "name", "block 'name' is listed twice on the back"),
    ],
)
def test_a_wrong_block_is_a_located_error_and_nothing_is_written(cli, data_copy, tmp_path, side, index, wrong, message):
    names = _blocks(data_copy, side)
    names[index] = wrong
    _write_blocks(data_copy, side, names)
    out = tmp_path / "cards.pdf"
    result = cli(["cards", resources.kolaps_folder(data_copy) / "armies" / f"{ARMY}.yaml", "-o", out])
    assert result.exit_code == 1
    line = 3 + index + (len(_blocks(data_copy, "front")) + 1 if side == "back" else 0)  # « card: », « front: », …
    golden = f"data/rulesets/kolaps/card.yaml:{line}:15: error: card.{side}[{index}].block: {message}"
    assert golden in result.stderr.splitlines(), result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()


def test_an_unknown_key_in_card_yaml_is_located(cli, data_copy, tmp_path):
    path = _card_file(data_copy)
    path.write_text(path.read_text(encoding="utf-8").replace("  back:", "  bakc:"), encoding="utf-8")
    result = cli(["cards", resources.kolaps_folder(data_copy) / "armies" / f"{ARMY}.yaml", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 1
    assert "error: card.bakc: unknown key 'bakc' (did you mean 'back'?)" in result.stderr


def test_a_display_condition_in_kolaps_s_card_yaml_is_located(cli, data_copy, tmp_path):
    """`when` is the other rulesets' (their fields are declared); KOLAPS's blocks decide for
    themselves, so the key is refused where it is written, not silently ignored."""
    path = _card_file(data_copy)
    text = path.read_text(encoding="utf-8").replace("{block: reminders}", "{block: reminders, when: {field: traits}}")
    path.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "when:" in row)
    result = cli(["cards", resources.kolaps_folder(data_copy) / "armies" / f"{ARMY}.yaml", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 1
    assert f"data/rulesets/kolaps/card.yaml:{line}:" in result.stderr
    assert "card.front[5].when: unknown key 'when'" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_the_bundled_list_prints_every_section(cli, data_copy, tmp_path):
    front, back = _cards(cli, data_copy, tmp_path)
    for text in ("ARMES", "FACULTÉS", "SPÉCIALISATIONS", "Officier · Chef de section", "RNG 3"):
        assert text in front
    for text in ("MORAL", "FATIGUE", "LOCALISATION", "BLESSURES"):
        assert text in back


@pytest.mark.parametrize(
    ("side", "block", "gone", "kept"),
    [
        ("front", "weapons", ["ARMES", "Fusil d’assaut"], ["FACULTÉS", "SPÉCIALISATIONS"]),
        ("front", "specialisations", ["SPÉCIALISATIONS", "Discipline."], ["ARMES"]),
        ("front", "role", ["Officier · Chef de section"], ["Stefan Solmeyer", "ARMES"]),
        ("front", "stat_tiles", ["seuil par dé", "RNG 3"], ["ARMES"]),
        ("back", "morale", ["MORAL", "Peut passer en mode offensif"], ["FATIGUE", "LOCALISATION"]),
        ("back", "cumulative_wounds", ["BLESSURES", "Toucher"], ["LOCALISATION"]),
        ("back", "status", ["FATIGUE", "OFFENSIF"], ["MORAL"]),
    ],
)
def test_a_block_left_out_of_the_list_is_left_off_the_card(cli, data_copy, tmp_path, side, block, gone, kept):
    _write_blocks(data_copy, side, [b for b in _blocks(data_copy, side) if b != block])
    front, back = _cards(cli, data_copy, tmp_path)
    page = front if side == "front" else back
    for text in gone:
        assert text not in page
    for text in kept:
        assert text in page


def test_the_body_blocks_stack_in_the_lists_order(cli, data_copy, tmp_path):
    def order(front: str) -> list[str]:
        first = front[: front.index("Hélène Marchal")]  # Stefan Solmeyer's card
        return sorted(("ARMES", "FACULTÉS", "SPÉCIALISATIONS"), key=first.index)

    assert order(_cards(cli, data_copy, tmp_path)[0]) == ["ARMES", "FACULTÉS", "SPÉCIALISATIONS"]
    names = _blocks(data_copy, "front")
    names.remove("specialisations")
    names.insert(names.index("weapons"), "specialisations")
    _write_blocks(data_copy, "front", names)
    resources.clear_cached_reads()  # as --watch does: the same card.yaml, edited
    assert order(_cards(cli, data_copy, tmp_path)[0]) == ["SPÉCIALISATIONS", "ARMES", "FACULTÉS"]


def test_the_backs_tracks_stack_in_the_lists_order(cli, data_copy, tmp_path):
    names = _blocks(data_copy, "back")
    names.remove("location_table")
    names.insert(names.index("morale"), "location_table")
    _write_blocks(data_copy, "back", names)
    back = _cards(cli, data_copy, tmp_path)[1]
    assert back.index("LOCALISATION") < back.index("MORAL")


def test_a_data_folder_without_card_yaml_prints_the_bundled_card(tmp_path):
    """An old-layout data folder (no card.yaml: it predates it) prints byte for byte as the bundled data."""
    old = old_layout_copy(resources.data_dir(), tmp_path / "old")
    (old / "card.yaml").unlink()
    options = CardOptions(stamp="v0 · test")
    army = resources.kolaps_dir() / "armies" / f"{ARMY}.yaml"
    bundled = build_cards(load_army(army), options).pdf
    with resources.folders(data=old):
        assert build_cards(load_army(old / "armies" / f"{ARMY}.yaml"), options).pdf == bundled


def test_check_reports_a_wrong_card_yaml(cli, data_copy):
    names = _blocks(data_copy, "back")
    names[-1] = "bandd"
    _write_blocks(data_copy, "back", names)
    result = cli(["check"])
    assert result.exit_code == 1
    line = 3 + len(_blocks(data_copy, "front")) + 1 + len(names) - 1
    golden = (
        f"data/rulesets/kolaps/card.yaml:{line}:15: error: card.back[{len(names) - 1}].block: unknown block 'bandd' "
        "(did you mean 'band'?); back blocks: name, morale, status, location_table, cumulative_wounds, band"
    )
    assert golden in result.stderr.splitlines(), result.stderr
