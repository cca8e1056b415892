"""Where a portrait may be: inside the army file's folder, and a file that can be opened.

An army file received from someone else must not pull the user's private pictures into a PDF
they then share: no absolute path, no `..` and no link leading out. Every problem is one line at
the `portrait:` value, all reported by one `check` run.
"""

import os

import pytest
from PIL import Image
from portrait_army import at, write_portrait_army  # tests/support

WHY = "so that an army file received from someone else cannot put your own pictures into a PDF you share"


@pytest.fixture
def folders(tmp_path):
    """army/ (the army file's folder, with a good portrait) beside a private picture outside it."""
    army = tmp_path / "army"
    army.mkdir()
    Image.new("RGB", (450, 450), (90, 60, 30)).save(army / "ok.png")
    Image.new("RGB", (450, 450), (200, 0, 0)).save(tmp_path / "secret.png")
    return army


def check(cli, path, *options):
    result = cli(["check", *options, path])
    lines = [line for line in result.stderr.splitlines() if line.startswith(str(path))]
    assert "Traceback" not in result.stdout + result.stderr
    return result, lines


def test_every_path_problem_is_located_and_reported_in_one_run(cli, folders):
    secret = folders.parent / "secret.png"
    (folders / "out.png").symlink_to(secret)
    (folders / "loop-a.png").symlink_to(folders / "loop-b.png")
    (folders / "loop-b.png").symlink_to(folders / "loop-a.png")
    (folders / "dir.png").mkdir()
    long = "x" * 300 + ".png"
    path = write_portrait_army(
        folders,
        [
            str(secret),
            "../secret.png",
            "out.png",
            "a\0b.png",
            "loop-a.png",
            long,
            "dir.png",
            "missing.png",
            "notes.txt",
        ],
    )
    result, lines = check(cli, path)
    where = folders.resolve()
    assert lines == [
        at(
            path,
            1,
            "error",
            f"portrait '{secret}' is an absolute path: write it relative to the army file's folder ({where}), {WHY}",
        ),
        at(
            path,
            2,
            "error",
            f"portrait '../secret.png' leads outside the army file's folder ({where}): a portrait must be inside it, {WHY}",
        ),
        at(
            path,
            3,
            "error",
            f"portrait 'out.png' leads outside the army file's folder ({where}): a portrait must be inside it, {WHY}",
        ),
        at(path, 4, "error", "portrait 'a\\x00b.png' contains a NUL byte, which no file name can hold"),
        at(path, 5, "error", "portrait 'loop-a.png' is a symbolic link that loops back on itself"),
        at(path, 6, "error", f"portrait '{'x' * 79}…' is a name too long for the file system"),
        at(path, 7, "error", "portrait 'dir.png' is a folder, not a picture file"),
        at(path, 8, "error", f"portrait file 'missing.png' not found (looked in {where})"),
        at(path, 9, "error", "portrait 'notes.txt' must be a PNG or JPEG image"),
    ]
    assert result.exit_code == 1


def test_path_problems_come_with_the_army_s_other_errors(cli, folders):
    path = write_portrait_army(folders, ["../secret.png"], extra=", weapons: [fusil-asaut]")
    col = path.read_text(encoding="utf-8").splitlines()[4].index("fusil-asaut") + 1
    result, lines = check(cli, path)
    assert lines == [
        at(
            path,
            1,
            "error",
            f"portrait '../secret.png' leads outside the army file's folder ({folders.resolve()}): "
            f"a portrait must be inside it, {WHY}",
        ),
        f"{path}:5:{col}: error: characters[1].weapons[0]: unknown weapon 'fusil-asaut' (did you mean 'fusil-assaut'?)",
    ]
    assert result.exit_code == 1


def test_an_invalid_character_s_portrait_is_checked_too(cli, folders):
    path = write_portrait_army(folders, ["../secret.png"], extra=", copies: 0")
    result, lines = check(cli, path)
    assert result.exit_code == 1
    assert any("characters[1].copies" in line for line in lines)
    assert any(
        line.startswith(f"{path}:5:51: error: characters[1].portrait: portrait '../secret.png' leads outside")
        for line in lines
    )


def test_a_path_inside_the_folder_is_fine_even_through_dots_and_links(cli, folders):
    (folders / "sub").mkdir()
    (folders / "sub" / "link.png").symlink_to(folders / "ok.png")
    path = write_portrait_army(folders, ["ok.png", "sub/../ok.png", "sub/link.png", "./sub/link.png"])
    result, lines = check(cli, path)
    assert result.exit_code == 0, result.stderr
    assert lines == []


def test_an_army_file_reached_through_a_link_keeps_its_own_folder(cli, folders, tmp_path):
    """The folder is where the army file really is: a link to it elsewhere gives no wider access."""
    path = write_portrait_army(folders, ["ok.png"])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "army.yaml").symlink_to(path)
    result, lines = check(cli, elsewhere / "army.yaml")
    assert result.exit_code == 0, result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file: see the test below")
def test_an_unreadable_portrait_is_located(cli, folders):
    (folders / "locked.png").write_bytes((folders / "ok.png").read_bytes())
    (folders / "locked.png").chmod(0)
    path = write_portrait_army(folders, ["locked.png"])
    result, lines = check(cli, path)
    assert lines == [at(path, 1, "error", "portrait 'locked.png' cannot be read: permission denied")]
    assert result.exit_code == 1


def test_an_unreadable_portrait_is_located_even_when_only_opening_fails(cli, folders, monkeypatch):
    """As root chmod cannot make a file unreadable: refuse the opening itself, as the kernel would."""
    import builtins

    locked = (folders / "ok.png").resolve()
    real_open = builtins.open

    def guarded(file, *args, **kwargs):
        if os.fspath(file) == str(locked):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded)
    path = write_portrait_army(folders, ["ok.png"])
    result, lines = check(cli, path)
    assert lines == [at(path, 1, "error", "portrait 'ok.png' cannot be read: permission denied")]
    assert result.exit_code == 1


def test_cards_refuses_an_outside_portrait_and_writes_nothing(cli, folders, tmp_path):
    path = write_portrait_army(folders, ["../secret.png"])
    out = tmp_path / "out"
    result = cli(["cards", path, "-o", out / "cards.pdf"])
    assert result.exit_code == 1
    assert "leads outside the army file's folder" in result.stderr
    assert not out.exists()
