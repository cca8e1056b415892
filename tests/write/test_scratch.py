"""Temporary files: gone after SIGTERM and SIGHUP as after Ctrl-C; a killed writer's left over
is removed by the next run that writes there, once that writer is gone."""

import os
import signal
import subprocess
import sys

import pytest

from kolaps_print.write import PDF, build_atomically, write_atomically
from kolaps_print.write.scratch import Interrupted, remove_stale


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_while_writing_removes_the_temporary_file(tmp_path, monkeypatch, signum):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"%PDF-old")
    before = signal.getsignal(signum)
    monkeypatch.setattr(os, "fsync", lambda fd: os.kill(os.getpid(), signum))
    with pytest.raises(Interrupted) as info:
        write_atomically(target, b"%PDF-new", PDF)
    assert info.value.signum == signum
    assert target.read_bytes() == b"%PDF-old" and os.listdir(tmp_path) == ["out.pdf"]
    assert signal.getsignal(signum) is before  # our handler lives only while writing


def test_a_signal_while_building_a_folder_removes_the_temporary_folder(tmp_path):
    def build(folder):
        (folder / "kit.pdf").write_bytes(b"half")
        os.kill(os.getpid(), signal.SIGTERM)

    with pytest.raises(Interrupted):
        build_atomically(tmp_path / "demo", build)
    assert os.listdir(tmp_path) == []


def dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    )
    return int(done.stdout)


def test_what_a_killed_writer_left_is_removed_and_a_running_ones_kept(tmp_path):
    dead, alive = dead_pid(), os.getppid()
    left = [f".out.pdf.{dead}.abcd_123.tmp", f".out.pdf.{dead}.zzzzzzzz.old"]
    kept = [f".out.pdf.{alive}.abcd_123.tmp", f".out.pdf.{dead}.mine.tmp", f".other.pdf.{dead}.abcd_123.tmp", "out.pdf"]
    (tmp_path / left[0]).write_bytes(b"half")
    (tmp_path / left[1]).mkdir()
    (tmp_path / left[1] / "kit").mkdir()
    for name in kept:
        (tmp_path / name).write_bytes(b"x")
    assert sorted(p.name for p in remove_stale(tmp_path / "out.pdf")) == sorted(left)
    assert sorted(os.listdir(tmp_path)) == sorted(kept)
