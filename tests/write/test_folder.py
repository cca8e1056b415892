"""The kit folder appears whole or not at all; a rebuild replaces only what the previous
build wrote (its manifest says what), and a folder kolaps-print did not make is refused."""

import errno
import os
from pathlib import Path

import pytest

from kolaps_print.write import Inputs
from kolaps_print.write.folder import MANIFEST, build_atomically, read_manifest

GOLDEN_NOT_OURS = (
    "this folder is not a previous kit (it has no kolaps-manifest.sha256) and holds important.txt; "
    "kolaps-print replaces only a folder it made: choose an empty or new folder with -o"
)


def fill(folder):
    (folder / "kit.pdf").write_bytes(b"new")
    return "done"


def names(folder):
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_a_new_folder_appears_with_its_files_and_its_manifest(tmp_path):
    assert build_atomically(tmp_path / "out" / "demo", fill) == "done"
    assert (tmp_path / "out" / "demo" / "kit.pdf").read_bytes() == b"new"
    assert names(tmp_path / "out") == ["demo", "demo/kit.pdf", f"demo/{MANIFEST}"]
    # sha256sum format: `sha256sum -c` checks a kit
    digest = "11507a0e2f5e69d5dfa40a62a1bd7b6ee57e6bcd85c67c9b8431b36fff21c437"  # sha256 of b"new"
    assert (tmp_path / "out" / "demo" / MANIFEST).read_text() == f"{digest}  kit.pdf\n"


def previous_kit(folder):
    """A kit a previous run built: kit.pdf, packing-list.md, old.pdf and their manifest."""

    def old(tmp):
        (tmp / "sub").mkdir()
        for name in ("kit.pdf", "packing-list.md", "old.pdf", "sub/old.png"):
            (tmp / name).write_bytes(b"old")

    build_atomically(folder, old)


def test_a_previous_kit_is_replaced_on_success(tmp_path):
    previous_kit(tmp_path / "demo")
    build_atomically(tmp_path / "demo", fill)
    assert names(tmp_path / "demo") == ["kit.pdf", MANIFEST]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_a_failure_leaves_the_previous_kit_and_no_temporary_folder(tmp_path):
    previous_kit(tmp_path / "demo")

    def broken(folder):
        (folder / "half.pdf").write_bytes(b"half")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        build_atomically(tmp_path / "demo", broken)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]
    assert (tmp_path / "demo" / "old.pdf").read_bytes() == b"old"


def test_a_file_in_the_way_is_refused_before_anything_is_built(tmp_path):
    (tmp_path / "demo").write_text("not a folder")
    called = []
    with pytest.raises(NotADirectoryError):
        build_atomically(tmp_path / "demo", called.append)
    assert called == [] and sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_a_folder_that_is_not_a_previous_kit_is_never_replaced(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "army.yaml").write_text("precious")
    with pytest.raises(FileExistsError) as info:
        build_atomically(tmp_path / "data", fill)
    assert "not a previous kit" in str(info.value)
    assert (tmp_path / "data" / "army.yaml").read_text() == "precious"


def test_a_folder_that_looks_like_a_kit_but_has_no_manifest_is_refused_by_name(tmp_path):
    """The issue's case: kit.pdf and packing-list.md do not make a folder ours."""
    folder = tmp_path / "dir"
    (folder / "photos").mkdir(parents=True)
    for name in ("kit.pdf", "packing-list.md", "important.txt", "photos/a.jpg"):
        (folder / name).write_text("mine")
    called = []
    with pytest.raises(FileExistsError) as info:
        build_atomically(folder, called.append)
    assert (info.value.filename, info.value.strerror) == (str(folder), GOLDEN_NOT_OURS)
    assert called == []
    assert names(folder) == ["important.txt", "kit.pdf", "packing-list.md", "photos", "photos/a.jpg"]


def test_a_previous_kit_holding_a_source_file_is_not_replaced(tmp_path):
    kit = tmp_path / "demo"
    previous_kit(kit)
    (kit / "demo.yaml").write_text("x")
    with pytest.raises(FileExistsError):
        build_atomically(kit, fill, Inputs().plus([kit / "demo.yaml"], "the kit file"))
    assert (kit / "demo.yaml").exists()


def test_an_empty_folder_may_be_the_target(tmp_path):
    (tmp_path / "empty").mkdir()
    build_atomically(tmp_path / "empty", fill)
    assert (tmp_path / "empty" / "kit.pdf").read_bytes() == b"new"


def test_the_users_files_in_a_previous_kit_are_kept_and_ours_replaced(tmp_path):
    kit = tmp_path / "demo"
    previous_kit(kit)
    (kit / "notes.txt").write_text("mine")
    (kit / "sub" / "mine.png").write_text("mine too")
    build_atomically(kit, fill)
    assert names(kit) == ["kit.pdf", MANIFEST, "notes.txt", "sub", "sub/mine.png"]
    assert (kit / "kit.pdf").read_bytes() == b"new"
    assert (kit / "notes.txt").read_text() == "mine" and (kit / "sub" / "mine.png").read_text() == "mine too"
    assert sorted(read_manifest(kit)) == ["kit.pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_a_file_of_ours_edited_since_is_not_overwritten(tmp_path):
    kit = tmp_path / "demo"
    previous_kit(kit)
    (kit / "kit.pdf").write_bytes(b"annotated by hand")
    (kit / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError) as info:
        build_atomically(kit, fill)
    assert info.value.strerror == (
        "holds kit.pdf, which the previous kit did not write (or which was changed since); "
        "the new kit would overwrite it: move it away"
    )
    assert (kit / "kit.pdf").read_bytes() == b"annotated by hand"
    assert (kit / "old.pdf").read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_a_forged_manifest_cannot_reach_outside_the_folder(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    kit = tmp_path / "demo"
    kit.mkdir()
    digest = "a" * 64
    (kit / MANIFEST).write_text(f"{digest}  ../outside.txt\n{digest}  /etc/passwd\n{digest}  ./x\n")
    (kit / "notes.txt").write_text("mine")
    build_atomically(kit, fill)
    assert outside.read_text() == "keep" and (kit / "notes.txt").read_text() == "mine"


def test_a_link_to_a_folder_is_built_through_and_kept(tmp_path):
    (tmp_path / "real").mkdir()
    os.symlink("real", tmp_path / "link")
    build_atomically(tmp_path / "link", fill)
    assert (tmp_path / "link").is_symlink()
    assert (tmp_path / "real" / "kit.pdf").read_bytes() == b"new"


@pytest.mark.parametrize(
    "filename, named",
    [(lambda tmp: str(tmp / "previews" / "a.png"), "demo/previews/a.png"), (lambda tmp: None, "demo")],
)
def test_a_full_disk_while_building_names_the_users_folder_never_the_temporary_one(
    tmp_path, monkeypatch, filename, named
):
    monkeypatch.chdir(tmp_path)

    def full(folder):
        name = filename(folder)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), *([name] if name else []))

    with pytest.raises(OSError) as info:
        build_atomically(Path("demo"), full)
    assert (info.value.errno, info.value.filename) == (errno.ENOSPC, named)
    assert "No space left on device" in info.value.strerror
    assert os.listdir(tmp_path) == []
