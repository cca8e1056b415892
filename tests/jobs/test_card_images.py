"""cards --format png and tts, read back: file names from the army file, sizes at the dpi asked,
the TTS JSON against its sheets (grid, card count, names in order), and the folder written as a
set that never overwrites a user's file."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import yaml
from PIL import Image, ImageChops, ImageStat

from kolaps_print.jobs import card_images
from kolaps_print.jobs.card_images import ImageOptions, write_card_images
from kolaps_print.write.folder import MANIFEST


def characters(army: Path) -> list[dict]:
    return yaml.safe_load(army.read_text(encoding="utf-8"))["characters"]


def printed_names(army: Path) -> list[str]:
    return [c["name"] for c in characters(army) for _ in range(c.get("copies", 1))]


def nicknames(army: Path) -> list[str]:
    """The names the cards go by: copies numbered « 1/2 » as the card prints them."""
    return [
        c["name"] if c.get("copies", 1) == 1 else f"{c['name']} {n}/{c['copies']}"
        for c in characters(army)
        for n in range(1, c.get("copies", 1) + 1)
    ]


@pytest.fixture
def kappa(demo_armies):
    return next(p for p in demo_armies if p.stem == "section-kappa")


def px(mm: float, dpi: float) -> int:
    return round(mm / 25.4 * dpi)


def test_png_one_picture_per_face_named_for_the_character_copies_numbered(kappa, tmp_path):
    written = write_card_images(kappa, tmp_path / "png")
    assert "Recrue de la section" in [c["name"] for c in characters(kappa) if c.get("copies", 1) == 2]
    files = sorted(p.name for p in (tmp_path / "png").iterdir())
    expected = {"helene-marchal", "stefan-solmeyer", "recrue-de-la-section-1", "recrue-de-la-section-2"}
    stems = {name.rsplit("-", 1)[0] for name in files if name.endswith(".png")}
    assert expected <= stems and len(stems) == len(printed_names(kappa))
    assert all(f"{stem}-{side}.png" in files for stem in stems for side in ("front", "back"))
    assert files == written.files and MANIFEST in files
    copy_1, copy_2 = (tmp_path / "png" / f"recrue-de-la-section-{n}-front.png" for n in (1, 2))
    assert copy_1.read_bytes() != copy_2.read_bytes()  # each carries its number, « 1/2 », « 2/2 », as in the PDF


@pytest.mark.parametrize("dpi", [300, 150])
def test_png_faces_are_the_trimmed_card_at_the_dpi_asked(kappa, tmp_path, dpi):
    write_card_images(kappa, tmp_path / "png", ImageOptions(dpi=None if dpi == 300 else dpi))
    for side in ("front", "back"):
        with Image.open(tmp_path / "png" / f"helene-marchal-{side}.png") as image:
            assert abs(image.width - px(63, dpi)) <= 1 and abs(image.height - px(88, dpi)) <= 1
            assert round(image.info["dpi"][0]) == dpi


def test_png_reruns_are_byte_identical(kappa, tmp_path):
    write_card_images(kappa, tmp_path / "a")
    write_card_images(kappa, tmp_path / "b")
    a, b = (sorted((tmp_path / n).iterdir()) for n in ("a", "b"))
    assert [(p.name, p.read_bytes()) for p in a] == [(p.name, p.read_bytes()) for p in b]


def test_a_failed_run_leaves_no_half_set_and_the_previous_set_intact(kappa, tmp_path, monkeypatch):
    folder = tmp_path / "png"
    write_card_images(kappa, folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    calls = []

    def fail_on_the_third(lines, dpi):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return b"png"

    monkeypatch.setattr(card_images, "png_scanlines", fail_on_the_third)
    with pytest.raises(OSError):
        write_card_images(kappa, folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["png"]  # no temporary folder left


def test_a_folder_of_the_users_is_refused_and_a_users_file_kept(kappa, tmp_path):
    mine = tmp_path / "photos"
    mine.mkdir()
    (mine / "holiday.png").write_bytes(b"mine")
    with pytest.raises(OSError) as info:
        write_card_images(kappa, mine)
    assert info.value.strerror == (
        "this folder is not a previous set of card pictures (it has no kolaps-manifest.sha256) and holds "
        "holiday.png; kolaps-print replaces only a folder it made: choose an empty or new folder with -o"
    )
    assert sorted(p.name for p in mine.iterdir()) == ["holiday.png"]
    ours = tmp_path / "png"
    write_card_images(kappa, ours)
    (ours / "notes.txt").write_text("mine")
    write_card_images(kappa, ours)  # a rebuild keeps what the user added
    assert (ours / "notes.txt").read_text() == "mine"


# ---- Tabletop Simulator ---------------------------------------------------------------------
def deck(folder: Path) -> dict:
    (path,) = folder.glob("*.json")
    (state,) = json.loads(path.read_text(encoding="utf-8"))["ObjectStates"]
    return state


def local(url: str) -> Path:
    assert url.startswith("file:///")
    return Path(unquote(urlparse(url).path))


def test_tts_json_matches_its_sheets_grid_count_and_names(kappa, tmp_path):
    folder = tmp_path / "table top"  # a space: the URLs must still name the files
    write_card_images(kappa, folder, ImageOptions(format="tts"))
    state = deck(folder)
    names = printed_names(kappa)
    assert state["Name"] == "DeckCustom" and len(state["CustomDeck"]) == 1
    sheet = state["CustomDeck"]["1"]
    assert sheet["UniqueBack"] is True
    assert [c["Nickname"] for c in state["ContainedObjects"]] == nicknames(kappa)
    assert state["DeckIDs"] == [100 + i for i in range(len(names))]
    assert sheet["NumWidth"] * sheet["NumHeight"] > len(names)  # and the hidden card's slot
    with Image.open(local(sheet["FaceURL"])) as fronts, Image.open(local(sheet["BackURL"])) as backs:
        assert fronts.size == backs.size and max(fronts.size) <= 4096
        cell = (fronts.width // sheet["NumWidth"], fronts.height // sheet["NumHeight"])
        assert fronts.width % sheet["NumWidth"] == 0 and fronts.height % sheet["NumHeight"] == 0
        assert abs(cell[0] / cell[1] - 63 / 88) < 0.01
        # card i of the JSON is the picture in slot i: compare with its own PNG
        write_card_images(kappa, tmp_path / "png")
        for i, name in enumerate(names[:3]):
            stem = {"Hélène Marchal": "helene-marchal"}.get(name, name.lower().replace(" ", "-"))
            alone = Image.open(tmp_path / "png" / f"{stem}-front.png").convert("RGB").resize(cell)
            slot = fronts.crop(
                (
                    i % sheet["NumWidth"] * cell[0],
                    i // sheet["NumWidth"] * cell[1],
                    (i % sheet["NumWidth"] + 1) * cell[0],
                    (i // sheet["NumWidth"] + 1) * cell[1],
                )
            ).convert("RGB")
            assert max(ImageStat.Stat(ImageChops.difference(slot, alone)).mean) < 8, name


def test_tts_a_large_army_takes_several_sheets_of_at_most_10_by_7(tmp_path):
    army = tmp_path / "army.yaml"
    army.write_text(
        "name: Horde\naffiliation: apc\ncharacters:\n"
        "  - {name: Chef, rank: 1, mvt: 4, cib: 2, avatar: true}\n"
        "  - {name: Soldat, rank: 1, mvt: 4, cib: 2, copies: 80}\n",
        encoding="utf-8",
    )
    write_card_images(army, tmp_path / "tts", ImageOptions(format="tts"))
    state = deck(tmp_path / "tts")
    sheets = state["CustomDeck"]
    assert len(state["ContainedObjects"]) == 81 and len(sheets) == 2
    assert (sheets["1"]["NumWidth"], sheets["1"]["NumHeight"]) == (10, 7)
    assert [c["CardID"] // 100 for c in state["ContainedObjects"]] == [1] * 69 + [2] * 12
    for sheet in sheets.values():
        with Image.open(local(sheet["FaceURL"])) as image:
            assert max(image.size) <= 4096
            assert image.width % sheet["NumWidth"] == 0 and image.height % sheet["NumHeight"] == 0


# ---- another ruleset's army (issue 13) ------------------------------------------------------
def ruleset_army(ruleset_id: str) -> Path:
    from kolaps_print import resources

    (army,) = (resources.data_dir() / "rulesets" / ruleset_id / "armies").glob("*.yaml")
    return army


def test_png_of_a_ruleset_army_is_its_printed_faces(cli, tmp_path):
    import pypdfium2 as pdfium

    army = ruleset_army("d100")
    result = cli(["cards", army, "--format", "png", "--dpi", "100", "-o", tmp_path / "png"])
    assert result.exit_code == 0, result.stderr
    names = printed_names(army)
    assert result.stdout == f"{len(names)} card(s), {2 * len(names)} picture(s): {tmp_path / 'png'}\n"
    stems = sorted({p.name.rsplit("-", 1)[0] for p in (tmp_path / "png").glob("*.png")})
    assert stems == sorted(
        ["ada-morel", "bastien-roux", "celeste-vidal", "dimitri-lenoir"] + ["elise-garnier-1", "elise-garnier-2"]
    )
    # the pictures are the print-shop PDF's trimmed faces: the same cards as `cards` prints
    assert cli(["cards", army, "--print-shop", "-o", tmp_path / "shop.pdf"]).exit_code == 0
    document = pdfium.PdfDocument(str(tmp_path / "shop.pdf"))
    try:
        for page, name in ((0, "ada-morel-front"), (1, "ada-morel-back")):
            box = document[page].get_trimbox()
            rendered = document[page].render(scale=100 / 72, crop=_crop(document[page], box)).to_pil().convert("RGB")
            with Image.open(tmp_path / "png" / f"{name}.png") as picture:
                assert abs(picture.width - px(63, 100)) <= 1 and abs(picture.height - px(88, 100)) <= 1
                alone = picture.convert("RGB").resize(rendered.size)
                assert max(ImageStat.Stat(ImageChops.difference(rendered, alone)).mean) < 8, name
    finally:
        document.close()
    front, back = (tmp_path / "png" / f"ada-morel-{side}.png" for side in ("front", "back"))
    assert front.read_bytes() != back.read_bytes()


def _crop(page, trim) -> tuple[float, float, float, float]:
    """pypdfium2's crop (left, bottom, right, top margins in pt) that leaves the trim box."""
    left, bottom, right, top = trim
    width, height = page.get_size()
    return (left, bottom, width - right, height - top)


def test_tts_of_a_ruleset_army_is_one_deck_with_its_names(cli, tmp_path):
    army = ruleset_army("3d6")
    result = cli(["cards", army, "--format", "tts", "--dpi", "100", "-o", tmp_path / "tts"])
    assert result.exit_code == 0, result.stderr
    state = deck(tmp_path / "tts")
    assert state["Nickname"] == yaml.safe_load(army.read_text(encoding="utf-8"))["name"]
    assert [c["Nickname"] for c in state["ContainedObjects"]] == nicknames(army)
    assert (tmp_path / "tts" / "brigade-nocturne.json").is_file()


def test_png_of_a_broken_ruleset_army_is_located_and_writes_nothing(cli, tmp_path):
    army = tmp_path / "army.yaml"
    army.write_text(ruleset_army("d12").read_text(encoding="utf-8").replace("dex: 4", "dex: 9", 1), encoding="utf-8")
    result = cli(["cards", army, "--format", "png", "-o", tmp_path / "png"])
    assert result.exit_code == 1
    assert f"{army}:" in result.stderr and "dex" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "png").exists()


def _trimmed(pdf: Path, page: int, size: tuple[int, int]) -> Image.Image:
    """Page page of a print-shop PDF, its trimmed card rendered at size (px)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        box = document[page].get_trimbox()
        rendered = document[page].render(scale=150 / 72, crop=_crop(document[page], box)).to_pil().convert("RGB")
        return rendered.resize(size)
    finally:
        document.close()


def _difference(a: Image.Image, b: Image.Image) -> float:
    return max(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean)


@pytest.mark.parametrize("fmt", ["png", "tts"])
def test_pictures_of_the_demo_edition_are_its_printed_faces(cli, demo_armies, tmp_path, fmt):
    """Tenth session: `cards --format png --edition quickstart` showed the full cards (the option
    was left out of the pictures' job). Now the pictures (a PNG face, or the first cell of the TTS
    fronts sheet) are the demo edition's print-shop PDF's first front, whose text has no FACULTÉS,
    and not the full edition's."""
    from pdf_text import page_texts  # tests/support

    from kolaps_print.labels import label

    army = next(p for p in demo_armies if p.stem == "les-damnes")
    out = tmp_path / fmt
    result = cli(["cards", army, "--format", fmt, "--dpi", "150", "--edition", "quickstart", "-o", out])
    assert result.exit_code == 0, result.stderr
    pdfs = {}
    for edition in ("full", "quickstart"):
        pdfs[edition] = tmp_path / f"{edition}.pdf"
        options = ["--print-shop", "--edition", edition, "-o", pdfs[edition]]
        assert cli(["cards", army, *options]).exit_code == 0
    assert label("cards.front.reminders") not in page_texts(pdfs["quickstart"].read_bytes())[0]
    assert label("cards.front.reminders") in page_texts(pdfs["full"].read_bytes())[0]
    if fmt == "png":
        picture = Image.open(out / "ezechiel-le-borgne-front.png")
    else:
        sheet = Image.open(out / "fronts-1.png")
        state = deck(out)
        grid = state["CustomDeck"][next(iter(state["CustomDeck"]))]
        picture = sheet.crop((0, 0, sheet.width // grid["NumWidth"], sheet.height // grid["NumHeight"]))
    with picture:
        demo, full = (_trimmed(pdfs[e], 0, picture.size) for e in ("quickstart", "full"))
        assert _difference(picture, demo) < 8
        assert _difference(picture, full) > 2 * _difference(picture, demo)
