"""Atomic writes: all or nothing, and errors name the user's file."""

import errno
import os
import stat

import pytest

from kolaps_print.write import PDF, write_atomically


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


# ---- the output policy at write time: file types, links, permissions, a full disk ----------
def test_a_link_is_written_through_and_kept(tmp_path):
    (tmp_path / "real.pdf").write_bytes(b"%PDF-old")
    os.symlink("real.pdf", tmp_path / "link.pdf")
    assert write_atomically(tmp_path / "link.pdf", b"%PDF-new", PDF) == tmp_path / "link.pdf"
    assert os.readlink(tmp_path / "link.pdf") == "real.pdf"
    assert (tmp_path / "real.pdf").read_bytes() == b"%PDF-new"
    assert sorted(os.listdir(tmp_path)) == ["link.pdf", "real.pdf"]


def test_an_existing_file_keeps_its_permissions_and_a_new_one_is_0644(tmp_path):
    private = tmp_path / "private.pdf"
    private.write_bytes(b"%PDF-old")
    private.chmod(0o600)
    write_atomically(private, b"%PDF-new", PDF)
    write_atomically(tmp_path / "new.pdf", b"%PDF-new", PDF)
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "new.pdf").stat().st_mode) == 0o644


def test_a_read_only_file_is_refused_even_for_root(tmp_path):
    locked = tmp_path / "locked.pdf"
    locked.write_bytes(b"%PDF-old")
    locked.chmod(0o444)
    with pytest.raises(PermissionError) as info:
        write_atomically(locked, b"%PDF-new", PDF)
    assert info.value.filename == str(locked)
    assert locked.read_bytes() == b"%PDF-old"


@pytest.mark.parametrize("make, what", [(os.mkfifo, "a named pipe"), (os.mkdir, "a folder")])
def test_a_pipe_or_a_folder_is_refused(tmp_path, make, what):
    make(tmp_path / "out.pdf")
    with pytest.raises(OSError) as info:
        write_atomically(tmp_path / "out.pdf", b"x")
    assert info.value.filename == str(tmp_path / "out.pdf") and what.split()[-1] in info.value.strerror
    assert os.listdir(tmp_path) == ["out.pdf"]


def test_a_device_is_refused_and_left_alone():
    before = os.stat("/dev/null")
    with pytest.raises(OSError) as info:
        write_atomically("/dev/null", b"%PDF-new", PDF)
    assert (
        info.value.strerror
        == "this is a device, not a file; kolaps-print writes only regular files (choose another -o)"
    )
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and os.stat("/dev/null").st_ino == before.st_ino


def test_a_full_disk_names_the_file_and_keeps_the_previous_one(tmp_path, monkeypatch):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"%PDF-old")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError) as info:
        write_atomically(target, b"%PDF-new", PDF)
    assert (info.value.errno, info.value.filename) == (errno.ENOSPC, str(target))
    assert info.value.strerror == "cannot write this file (No space left on device)"
    assert target.read_bytes() == b"%PDF-old" and os.listdir(tmp_path) == ["out.pdf"]
