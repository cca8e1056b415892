"""`kolaps-print kit`: exit codes, located messages, nothing written on bad input."""

import pytest
from pypdf import PdfReader

from kolaps_print import resources

ARMIES = resources.kolaps_dir() / "armies"


def test_a_lean_kit_is_built_and_summarised(cli, tmp_path):
    kit = tmp_path / "salon.yaml"
    kit.write_text(
        f"name: Salon\ndate: 2027-01-02\narmies: [{ARMIES / 'vampires.yaml'}]\nrulebook: none\ntokens: false\n",
        encoding="utf-8",
    )
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    assert f"kit written: {tmp_path / 'out'}/" in result.stdout
    assert "Salon · 2\u00a0janvier 2027 · données " in result.stdout  # the date in words
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == [
        "cards-vampires.pdf",
        "kit-carton.pdf",
        "kit-papier.pdf",
        "kolaps-manifest.sha256",
        "packing-list.md",
        "previews",
        "reference.pdf",
        "salon.zip",
    ]
    # one print file per paper, each counted with its blank backs (the tokens: none asked)
    cards = len(PdfReader(tmp_path / "out" / "cards-vampires.pdf").pages)
    assert f"kit-carton.pdf: {cards + cards % 2} pages on card stock" in result.stdout
    assert len(PdfReader(tmp_path / "out" / "kit-carton.pdf").pages) == cards + cards % 2
    assert "kit-papier.pdf: " in result.stdout and " pages on paper" in result.stdout


def test_a_bad_key_exits_1_with_its_place_and_writes_nothing(cli, tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text(f"name: X\narmies: [{ARMIES / 'vampires.yaml'}]\nplayer: 2\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert f"{kit}:3:1: error: player: unknown key 'player' (did you mean 'players'?)" in result.stderr
    assert "nothing was written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_bad_army_exits_1_with_every_error(cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: X\naffiliation: apc\ncharacters:\n  - "
        "{name: A, rank: 7, mvt: 4, cib: 2, avatar: true, weapons: [lazer]}\n",
        encoding="utf-8",
    )
    kit = tmp_path / "k.yaml"
    kit.write_text("name: X\narmies: [bad.yaml, gone.yaml]\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert f"{bad}:4:21: error: characters[0].rank: must be at most 4 (got 7)" in result.stderr
    assert f"{kit}:2:20: error: armies[1]: army file 'gone.yaml' not found" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_missing_kit_file_exits_1(cli, tmp_path):
    result = cli(["kit", tmp_path / "none.yaml"])
    assert result.exit_code == 1
    assert f"{tmp_path / 'none.yaml'}:1:1: error: no such file" in result.stderr


def test_no_argument_is_a_usage_error(cli):
    assert cli(["kit"]).exit_code == 2


def test_help_shows_an_example(cli):
    result = cli(["kit", "--help"])
    assert result.exit_code == 0 and "Example: kolaps-print kit" in result.stdout


def test_a_folder_that_is_not_a_kit_is_refused_and_left_alone(cli, tmp_path):
    precious = tmp_path / "data"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    kit = tmp_path / "k.yaml"
    kit.write_text(f"name: X\narmies: [{ARMIES / 'vampires.yaml'}]\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", precious])
    assert result.exit_code == 1
    assert f"{precious}: error: this folder is not a previous kit" in result.stderr
    assert [p.name for p in precious.iterdir()] == ["notes.txt"]


def test_a_bad_card_layout_exits_1_located_and_writes_nothing(cli, tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text(f"name: X\narmies: [{ARMIES / 'vampires.yaml'}]\ncards: {{layout: folded}}\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert f"{kit}:3:17: error: cards.layout: 'folded' is not one of 'duplex', 'fold'.\n" in result.stderr
    assert not (tmp_path / "out").exists()


def lean_kit(folder):
    kit = folder / "salon.yaml"
    kit.write_text(
        f"name: Salon\ndate: 2027-01-02\narmies: [{ARMIES / 'vampires.yaml'}]\nrulebook: none\ntokens: false\n",
        encoding="utf-8",
    )
    return kit


def tree(folder):
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_a_folder_with_a_kits_files_but_no_manifest_is_refused_naming_a_foreign_file(cli, tmp_path):
    """Issue 9: with kit.pdf and packing-list.md present, important.txt and photos/ vanished."""
    folder = tmp_path / "dir"
    (folder / "photos").mkdir(parents=True)
    for name in ("kit.pdf", "packing-list.md", "important.txt", "photos/table.jpg"):
        (folder / name).write_text(f"mine: {name}")
    result = cli(["kit", lean_kit(tmp_path), "-o", folder])
    assert result.exit_code == 1
    assert result.stderr.endswith(
        f"{folder}: error: this folder is not a previous kit (it "
        "has no kolaps-manifest.sha256) and holds important.txt; "
        "kolaps-print replaces only a folder it made: choose an empty "
        "or new folder with -o\nkolaps-print: nothing was written\n"
    )
    assert tree(folder) == ["important.txt", "kit.pdf", "packing-list.md", "photos", "photos/table.jpg"]
    assert all((folder / n).read_text() == f"mine: {n}" for n in ("kit.pdf", "important.txt", "photos/table.jpg"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir", "salon.yaml"]


def test_a_rebuild_replaces_what_the_kit_wrote_and_keeps_the_rest(cli, tmp_path):
    kit, out = lean_kit(tmp_path), tmp_path / "out"
    assert cli(["kit", kit, "-o", out]).exit_code == 0
    first = tree(out)
    manifest = (out / "kolaps-manifest.sha256").read_text(encoding="utf-8").splitlines()
    assert sorted(line.split("  ")[1] for line in manifest) == [
        f for f in first if f != "previews" and f != "kolaps-manifest.sha256"
    ]
    (out / "notes.txt").write_text("à imprimer en couleur")
    (out / "previews" / "mine.png").write_bytes(b"my photo")
    result = cli(["kit", kit, "-o", out])
    assert result.exit_code == 0, result.stderr
    assert tree(out) == sorted(first + ["notes.txt", "previews/mine.png"])
    assert (out / "notes.txt").read_text() == "à imprimer en couleur" and (
        out / "previews" / "mine.png"
    ).read_bytes() == b"my photo"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "salon.yaml"]


def test_an_output_folder_holding_the_inputs_is_refused(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    kit = lean_kit(tmp_path)
    result = cli(["kit", kit, "-o", "."])
    assert result.exit_code == 1
    assert result.stderr.endswith(
        f".: error: holds {kit}, which the kit reads; choose another -o\nkolaps-print: nothing was written\n"
    )
    result = cli(["kit", kit, "-o", "salon.yaml"])
    assert result.exit_code == 1
    assert "salon.yaml: error: exists and is not a folder; move it away or choose another -o\n" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["salon.yaml"]


def test_a_kit_name_the_fonts_lack_is_refused_and_nothing_written(cli, tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text(f"name: Salon 東京\narmies: [{ARMIES / 'vampires.yaml'}]\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert (
        f"{kit}:1:7: error: name: the fonts cannot print '京' (U+4EAC), '東' (U+6771): it would print as a blank box"
        in result.stderr.splitlines()
    )
    assert not (tmp_path / "out").exists()


def test_a_huge_number_in_a_kit_file_is_located(cli, tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text(
        f"name: Salon\narmies: [{ARMIES / 'vampires.yaml'}]\ntables: 0" + "7" * 5000 + "\nplayers: .inf\n",
        encoding="utf-8",
    )
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert [line for line in result.stderr.splitlines() if line.startswith(str(kit))] == [
        f"{kit}:3:9: error: '0{'7' * 78}…' is too long to be a number "
        "(at most 40 characters); put it in quotes if it is text",
        f"{kit}:4:10: error: '.inf' is not a finite number (YAML reads it as inf); write a number such as 5",
    ]
    assert not (tmp_path / "out").exists()


def test_an_army_entry_that_is_a_fifo_is_refused_without_waiting(cli, tmp_path):
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    os.mkfifo(tmp_path / "tuyau.yaml")
    kit = tmp_path / "k.yaml"
    kit.write_text("name: X\narmies: [tuyau.yaml]\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert (
        f"{tmp_path / 'tuyau.yaml'}:1:1: error: this is a FIFO (named pipe), not a regular file; refusing to read it"
        in result.stderr.splitlines()
    )
    assert not (tmp_path / "out").exists()


def test_an_unknown_scenario_exits_1_located_with_a_suggestion_and_writes_nothing(cli, tmp_path):
    kit = tmp_path / "k.yaml"
    kit.write_text(f"name: X\narmies: [{ARMIES / 'vampires.yaml'}]\nscenario: premier-contac\n", encoding="utf-8")
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1
    assert (
        f"{kit}:3:11: error: scenario: unknown scenario 'premier-contac' (did you mean 'premier-contact'?); "
        "scenarios: premier-contact, relais-radio"
    ) in result.stderr.splitlines()
    assert "nothing was written" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_token_look_naming_no_house_colour_exits_1_located_and_writes_nothing(cli, tmp_path, monkeypatch):
    """data/layouts/tokens.yaml names palette entries: a typo is located in that file."""
    import shutil

    data = tmp_path / "data"
    shutil.copytree(resources.bundled("data"), data)
    tokens = data / "layouts" / "tokens.yaml"
    text = tokens.read_text(encoding="utf-8")
    old = "activated: {colour: signal-yellow,"
    assert old in text
    tokens.write_text(text.replace(old, "activated: {colour: signal-yelow,"), encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.strip().startswith(old))
    monkeypatch.setenv("KOLAPS_DATA", str(data))
    kit = tmp_path / "k.yaml"
    kit.write_text(
        f"name: X\narmies: [{resources.kolaps_folder(data) / 'armies' / 'vampires.yaml'}]\n", encoding="utf-8"
    )
    result = cli(["kit", kit, "-o", tmp_path / "out"])
    assert result.exit_code == 1, result.stdout
    assert f"tokens.yaml:{line}:" in result.stderr
    assert "looks.activated.colour: 'signal-yelow' is not a colour of the house style" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_kit_left_in_the_old_data_kits_is_told_where_its_armies_went(cli, tmp_path, monkeypatch):
    """A user's kit file in data/kits/ naming ../armies/x.yaml, after KOLAPS moved into
    data/rulesets/kolaps/ (issue 13): the entry's error names the new place; nothing is built."""
    import shutil

    shutil.copytree(resources.bundled("data"), tmp_path / "data")
    (tmp_path / "data" / "kits").mkdir()
    kit = tmp_path / "data" / "kits" / "club.yaml"
    kit.write_text("name: Club\narmies:\n  - ../armies/vampires.yaml\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KOLAPS_DATA", raising=False)
    result = cli(["kit", "data/kits/club.yaml", "-o", "out"])
    assert result.exit_code == 1
    assert (
        "data/kits/club.yaml:3:5: error: armies[0]: army file '../armies/vampires.yaml' not found "
        "(looked for data/armies/vampires.yaml); KOLAPS's files moved into the data "
        "folder's rulesets/kolaps/ (did you mean data/rulesets/kolaps/armies/vampires.yaml?)"
    ) in result.stderr.splitlines()
    assert not (tmp_path / "out").exists()
