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


def test_a_previous_kit_is_replaced_on_success(tmp_path):
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "old.pdf").write_bytes(b"old")
    build_atomically(tmp_path / "demo", fill)
    assert sorted(p.name for p in (tmp_path / "demo").iterdir()) == ["kit.pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo"]


def test_a_failure_leaves_the_previous_kit_and_no_temporary_folder(tmp_path):
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "old.pdf").write_bytes(b"old")

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
