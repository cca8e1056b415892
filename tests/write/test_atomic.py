"""Atomic writes: all or nothing, and errors name the user's file."""

import os

import pytest

from kolaps_print.write import write_atomically


def test_writes_the_bytes_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "sub" / "out.pdf"
    write_atomically(target, b"%PDF-1.4 new")
    assert target.read_bytes() == b"%PDF-1.4 new"
    assert os.listdir(target.parent) == ["out.pdf"]


def test_a_failed_write_keeps_the_previous_file(tmp_path, monkeypatch):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")

    def broken_replace(src, dst):
        raise KeyboardInterrupt  # the user hits Ctrl-C at the worst moment

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["out.pdf"]


def test_an_unwritable_folder_names_the_requested_file(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OSError) as info:
        write_atomically(blocker / "out.pdf", b"x")
    assert info.value.filename == str(blocker / "out.pdf")


def test_a_folder_as_target_is_refused_by_name(tmp_path):
    (tmp_path / "out.pdf").mkdir()
    with pytest.raises(IsADirectoryError) as info:
        write_atomically(tmp_path / "out.pdf", b"x")
    assert info.value.filename == str(tmp_path / "out.pdf")
    assert os.listdir(tmp_path) == ["out.pdf"]
