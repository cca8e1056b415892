"""The kit folder appears whole or not at all; a previous kit goes only on success."""

import pytest

from kolaps_print.kit.folder import build_atomically


def fill(folder):
    (folder / "kit.pdf").write_bytes(b"new")
    return "done"


def test_a_new_folder_appears_with_its_files(tmp_path):
    assert build_atomically(tmp_path / "out" / "demo", fill) == "done"
    assert (tmp_path / "out" / "demo" / "kit.pdf").read_bytes() == b"new"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["demo"]


def previous_kit(folder):
    folder.mkdir()
    for name in ("kit.pdf", "packing-list.md", "old.pdf"):
        (folder / name).write_bytes(b"old")


def test_a_previous_kit_is_replaced_on_success(tmp_path):
    previous_kit(tmp_path / "demo")
    build_atomically(tmp_path / "demo", fill)
    assert sorted(p.name for p in (tmp_path / "demo").iterdir()) == ["kit.pdf"]
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


def test_a_previous_kit_holding_a_source_file_is_not_replaced(tmp_path):
    kit = tmp_path / "demo"
    kit.mkdir()
    for name in ("kit.pdf", "packing-list.md", "demo.yaml"):
        (kit / name).write_text("x")
    with pytest.raises(FileExistsError):
        build_atomically(kit, fill, keep=[kit / "demo.yaml"])
    assert (kit / "demo.yaml").exists()


def test_an_empty_folder_may_be_the_target(tmp_path):
    (tmp_path / "empty").mkdir()
    build_atomically(tmp_path / "empty", fill)
    assert (tmp_path / "empty" / "kit.pdf").read_bytes() == b"new"
