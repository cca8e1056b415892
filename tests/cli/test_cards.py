"""`kolaps-print cards` and `calibrate` from the command line: exit codes, paths, messages."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from overfull import overfull_character  # tests/support
from PIL import Image, ImageChops

from kolaps_print.write.raster import slug


@pytest.fixture
def kappa(demo_armies):
    return next(p for p in demo_armies if p.stem == "section-kappa")


@pytest.fixture
def army_file(tmp_path):
    def make(characters):
        path = tmp_path / "ma-bande.yaml"
        data = {"name": "Essai", "affiliation": "apc", "characters": characters}
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return path

    return make


LONG = "Maximilien-Alexandre de La Tour d’Auvergne-Lauraguais, dit le Très Long"


def test_default_output_is_beside_the_current_folder(cli, kappa, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["cards", kappa])
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "output" / "section-kappa-cards.pdf"
    assert out.read_bytes()[:5] == b"%PDF-"
    assert "section-kappa-cards.pdf" in result.stdout and "card(s)" in result.stdout
    assert len(result.stdout.strip().splitlines()) == 1


def test_output_option(cli, kappa, tmp_path):
    out = tmp_path / "nested" / "mine.pdf"
    result = cli(["cards", kappa, "-o", out, "--paper", "letter", "--layout", "fold", "--flip", "short"])
    assert result.exit_code == 0, result.stderr
    assert out.exists()


def test_a_truncation_is_a_warning_with_exit_zero(cli, army_file, tmp_path):
    path = army_file([{"name": LONG, "rank": 1, "mvt": 4, "cib": 2, "avatar": True}])
    out = tmp_path / "w.pdf"
    result = cli(["cards", path, "-o", out])
    assert result.exit_code == 0
    assert "warning: characters[0].name:" in result.stderr and LONG in result.stderr
    assert out.exists()


def test_strict_makes_a_truncation_fail_and_write_nothing(cli, army_file, tmp_path):
    path = army_file([{"name": LONG, "rank": 1, "mvt": 4, "cib": 2, "avatar": True}])
    out = tmp_path / "s.pdf"
    result = cli(["cards", path, "-o", out, "--strict"])
    assert result.exit_code == 1
    assert "error: characters[0].name:" in result.stderr and "nothing was written" in result.stderr
    assert not out.exists()


def test_an_invalid_army_exits_1_with_located_errors_and_no_file(cli, army_file, tmp_path):
    path = army_file([{"name": "Anna", "rank": 1, "mvt": 4, "cib": 2, "avatar": True, "weapons": ["fusil-asaut"]}])
    out = tmp_path / "x.pdf"
    result = cli(["cards", path, "-o", out])
    assert result.exit_code == 1
    assert f"{path}:" in result.stderr and "did you mean 'fusil-assaut'" in result.stderr
    assert "Traceback" not in result.stderr and not out.exists()


def test_a_missing_file_exits_1(cli, tmp_path):
    result = cli(["cards", tmp_path / "absent.yaml", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 1 and "no such file" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--card", "huge"],
        ["--card", "10x10"],
        ["--paper", "a3"],
        ["--layout", "poster"],
        ["--flip", "sideways"],
        ["--back-offset", "1"],
        ["--bleed", "-1"],
        ["--card", "300x400"],
    ],
)
def test_bad_options_are_usage_errors(cli, kappa, tmp_path, args):
    result = cli(["cards", kappa, "-o", tmp_path / "x.pdf", *args])
    assert result.exit_code == 2, result.output
    assert not (tmp_path / "x.pdf").exists()


def test_an_existing_file_survives_a_failed_run(cli, army_file, tmp_path):
    out = tmp_path / "keep.pdf"
    out.write_bytes(b"%PDF-previous")
    path = army_file([{"name": "Anna", "rank": 7, "mvt": 4, "cib": 2}])
    assert cli(["cards", path, "-o", out]).exit_code == 1
    assert out.read_bytes() == b"%PDF-previous"


def test_calibrate(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["calibrate", "--paper", "letter", "--flip", "short"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "output" / "calibrate.pdf").exists()
    assert cli(["calibrate", "--back-offset", "x"]).exit_code == 2
    assert cli(["calibrate", "--paper", "a5"]).exit_code == 2


def test_two_runs_write_the_same_bytes(cli, kappa, tmp_path):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli(["cards", kappa, "-o", first]).exit_code == 0
    assert cli(["cards", kappa, "-o", second]).exit_code == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize(
    "spelling, shown", [("self.yaml", "self.yaml"), ("./x/../self.yaml", "x/../self.yaml"), ("link.pdf", "link.pdf")]
)
def test_the_army_is_never_replaced_by_its_cards(cli, kappa, tmp_path, monkeypatch, spelling, shown):
    """Issue 9: `cards self.yaml -o self.yaml` replaced the army with a PDF."""
    monkeypatch.chdir(tmp_path)
    army = tmp_path / "self.yaml"
    army.write_bytes(kappa.read_bytes())
    os.symlink("self.yaml", tmp_path / "link.pdf")
    result = cli(["cards", "self.yaml", "-o", spelling])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{shown}: error: this is the army file, which this run reads; kolaps-print never "
        "writes over its inputs (choose another -o)\nkolaps-print: nothing was written\n"
    )
    assert army.read_bytes() == kappa.read_bytes()
    assert sorted(os.listdir(tmp_path)) == ["link.pdf", "self.yaml"]


def test_a_file_that_is_not_a_pdf_is_not_replaced(cli, kappa, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("mes notes")
    result = cli(["cards", kappa, "-o", notes])
    assert result.exit_code == 1
    assert result.stderr == (
        f"{notes}: error: this file exists and is not a PDF; kolaps-print replaces only a PDF it "
        "could have written (move it away, or choose another -o)\nkolaps-print: nothing was written\n"
    )
    assert notes.read_text() == "mes notes"


# ---- issue 9: inputs that are not regular files, and values the model cannot read ------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_cards_refuses_a_fifo_at_once_and_writes_nothing(tmp_path):
    fifo = tmp_path / "a.fifo"
    os.mkfifo(fifo)
    # A real process with a timeout: a read that blocks on the FIFO fails the test instead of hanging it.
    run = subprocess.run(
        [sys.executable, "-m", "kolaps_print", "cards", str(fifo)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1
    assert (
        run.stderr.splitlines()[0]
        == f"{fifo}:1:1: error: this is a FIFO (named pipe), not a regular file; refusing to read it"
    )
    assert not (tmp_path / "output").exists()


def test_cards_refuses_a_huge_number_and_writes_nothing(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    army = tmp_path / "a.yaml"
    army.write_text(
        "name: X\naffiliation: apc\ncharacters:\n  - {name: A, rank: 0b"
        + "1" * 5000
        + ", mvt: 4, cib: 2, avatar: true}\n",
        encoding="utf-8",
    )
    result = cli(["cards", army])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{army}:4:21: error: '0b{'1' * 77}…' is too long to be a "
        "number (at most 40 characters); put it in quotes if it is text",
        "kolaps-print: 1 error(s); nothing was written",
    ]
    assert not (tmp_path / "output").exists()


def test_check_and_cards_refuse_the_same_unprintable_name(cli, army_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    army = army_file([{"name": "Ωmega", "rank": 1, "mvt": 4, "cib": 2, "avatar": True, "archetype": "Soldat\u0001"}])
    expected = [
        f"{army}:9:14: error: characters[0].archetype: the archetype of 'Ωmega' has characters the card font "
        "cannot print: '\\x01' (U+0001)"
    ]
    for command in ("check", "cards"):
        result = cli([command, army])
        assert result.exit_code == 1, command
        assert [line for line in result.stderr.splitlines() if line.startswith(str(army))] == expected, command
    assert not (tmp_path / "output").exists()


def test_a_card_that_would_miss_a_rule_is_an_error_and_nothing_is_written(cli, army_file, tmp_path):
    """Six weapons and a specialisation on a mini card: even the names leave rules out: exit 1, located."""
    path = army_file([overfull_character()])
    out = tmp_path / "mini.pdf"
    result = cli(["cards", path, "--card", "mini", "-o", out])
    assert result.exit_code == 1
    assert not out.exists()
    lines = result.stderr.splitlines()
    line = path.read_text(encoding="utf-8").splitlines().index("  specialisations:") + 2  # the list under the key
    assert (
        f"{path}:{line}:3: error: characters[0].specialisations: 'Anna': the line of specialisations 'Discipline' "
        "does not fit on the card and is left out; a larger card (--card poker or tarot) has room, "
        "or give the character fewer weapons or specialisations"
    ) in lines, lines
    assert lines[-1] == f"kolaps-print: {len(lines) - 1} error(s); nothing was written"
    assert "Traceback" not in result.stderr
    assert cli(["cards", path, "--card", "tarot", "-o", out]).exit_code == 0  # a larger card takes it


# ---- --format png / tts ---------------------------------------------------------------------
def test_format_png_writes_a_folder_and_says_how_many(cli, demo_armies, tmp_path):
    army = next(p for p in demo_armies if p.stem == "section-kappa")
    result = cli(["cards", army, "--format", "png", "--dpi", "100", "-o", tmp_path / "png"])
    assert result.exit_code == 0, result.stderr
    pictures = sorted((tmp_path / "png").glob("*.png"))
    assert result.stdout == f"8 card(s), {len(pictures)} picture(s): {tmp_path / 'png'}\n" and len(pictures) == 16


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dpi", "150"], "Invalid value for '--dpi': --dpi is for pictures: use it with --format png or tts"),
        (
            ["--format", "tts", "--print-shop"],
            "Invalid value for '--print-shop': --print-shop makes a PDF for a printer; --format tts makes pictures: choose one",
        ),
    ],
)
def test_options_of_the_other_format_are_usage_errors(cli, demo_armies, tmp_path, args, message):
    army = next(p for p in demo_armies if p.stem == "section-kappa")
    result = cli(["cards", army, *args, "-o", tmp_path / "out"])
    assert result.exit_code == 2 and message in result.stderr
    assert not (tmp_path / "out").exists()


def test_format_png_refuses_a_folder_of_the_users(cli, demo_armies, tmp_path):
    army = next(p for p in demo_armies if p.stem == "section-kappa")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "x.png").write_bytes(b"mine")
    result = cli(["cards", army, "--format", "png", "-o", tmp_path / "mine"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"{tmp_path / 'mine'}: error: this folder is not a previous set of card pictures (it has no "
        "kolaps-manifest.sha256) and holds x.png; kolaps-print replaces only a folder it made: choose an empty or "
        "new folder with -o"
    )
    assert (tmp_path / "mine" / "x.png").read_bytes() == b"mine"


def _copied(army: Path) -> tuple[str, int]:
    """The army's first character printed more than once: its name and number of copies."""
    character = next(
        c for c in yaml.safe_load(army.read_text(encoding="utf-8"))["characters"] if c.get("copies", 1) > 1
    )
    return character["name"], character["copies"]


def _band_differences(images: list[Image.Image]) -> list[tuple[int, int, int, int] | None]:
    """Where each image differs from the first (None: identical)."""
    return [ImageChops.difference(images[0].convert("RGB"), i.convert("RGB")).getbbox() for i in images[1:]]


def test_format_png_numbers_the_copies_of_a_character_as_the_pdf_does(cli, demo_armies, tmp_path):
    army = next(p for p in demo_armies if p.stem == "les-damnes")
    name, copies = _copied(army)
    assert cli(["cards", army, "--format", "png", "--dpi", "100", "-o", tmp_path / "png"]).exit_code == 0
    fronts = sorted((tmp_path / "png").glob(f"{slug(name)}-[0-9]-front.png"))
    assert len(fronts) == copies
    images = [Image.open(f) for f in fronts]
    for box in _band_differences(images):  # each copy differs, and only in its header band (its « n/N »)
        assert box is not None and box[3] < images[0].height * 0.2, box


def test_format_tts_numbers_the_copies_on_the_sheet_and_in_the_nicknames(cli, demo_armies, tmp_path):
    army = next(p for p in demo_armies if p.stem == "les-damnes")
    name, copies = _copied(army)
    assert cli(["cards", army, "--format", "tts", "--dpi", "100", "-o", tmp_path / "tts"]).exit_code == 0
    deck = json.loads(next((tmp_path / "tts").glob("*.json")).read_text(encoding="utf-8"))["ObjectStates"][0]
    nicknames = [c["Nickname"] for c in deck["ContainedObjects"]]
    numbered_names = [f"{name} {n}/{copies}" for n in range(1, copies + 1)]
    assert [n for n in nicknames if n.startswith(name)] == numbered_names
    sheet = deck["CustomDeck"]["1"]
    fronts = Image.open(tmp_path / "tts" / "fronts-1.png")
    width, height = fronts.width // sheet["NumWidth"], fronts.height // sheet["NumHeight"]
    cells = []
    for index in (nicknames.index(n) for n in numbered_names):
        x, y = (index % sheet["NumWidth"]) * width, (index // sheet["NumWidth"]) * height
        cells.append(fronts.crop((x, y, x + width, y + height)))
    for box in _band_differences(cells):
        assert box is not None and box[3] < height * 0.2, box


def test_format_tts_base_url_points_the_deck_at_the_uploaded_sheets(cli, kappa, tmp_path):
    base = "https://example.org/kolaps/decks/"
    result = cli(["cards", kappa, "--format", "tts", "--dpi", "100", "--base-url", base, "-o", tmp_path / "tts"])
    assert result.exit_code == 0, result.stderr
    text = next((tmp_path / "tts").glob("*.json")).read_text(encoding="utf-8")
    sheet = json.loads(text)["ObjectStates"][0]["CustomDeck"]["1"]
    assert (sheet["FaceURL"], sheet["BackURL"]) == (base + "fronts-1.png", base + "backs-1.png")
    assert (tmp_path / "tts" / "fronts-1.png").is_file() and "file://" not in text


@pytest.mark.parametrize(
    "url", ["file:///tmp/x", "ftp://example.org/x", "example.org/x", "https://", "https://a.b/x y"]
)
def test_format_tts_base_url_other_than_http_is_a_usage_error_and_writes_nothing(cli, kappa, tmp_path, url):
    result = cli(["cards", kappa, "--format", "tts", "--base-url", url, "-o", tmp_path / "tts"])
    assert result.exit_code == 2
    assert (
        "Invalid value for '--base-url': the deck's base URL must be an http:// or https:// address without "
        f"spaces, query or #: {url!r}"
    ) in " ".join(result.stderr.replace("│", " ").split())
    assert not (tmp_path / "tts").exists()


def test_base_url_with_another_format_is_a_usage_error(cli, kappa, tmp_path):
    result = cli(["cards", kappa, "--format", "png", "--base-url", "https://example.org/", "-o", tmp_path / "out"])
    assert result.exit_code == 2
    assert "--base-url names where a Tabletop Simulator deck is served: use it with --format tts, not png" in " ".join(
        result.stderr.replace("│", " ").split()
    )
    assert not (tmp_path / "out").exists()
