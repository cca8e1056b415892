"""Input files: only a regular file of at most 20 MB is read; anything else is refused at once."""

import os
import threading

import pytest

from kolaps_print.diagnostics import KolapsError
from kolaps_print.load import load_yaml
from kolaps_print.load.input_file import MAX_INPUT_BYTES, read_text


def refusal(path, name="in.yaml"):
    with pytest.raises(KolapsError) as info:
        load_yaml(path, name)
    return [str(d) for d in info.value.diagnostics]


def test_the_limit_is_twenty_megabytes():
    assert MAX_INPUT_BYTES == 20 * 1024 * 1024


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_before_a_byte_is_read(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert refusal(device) == ["in.yaml:1:1: error: this is a device, not a regular file; refusing to read it"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_without_a_writer_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "a.fifo"
    os.mkfifo(fifo)
    outcome = []
    reader = threading.Thread(target=lambda: outcome.append(refusal(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # unblock the thread so the run can end, then fail
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading a FIFO blocked")
    assert outcome == [["in.yaml:1:1: error: this is a FIFO (named pipe), not a regular file; refusing to read it"]]


def test_a_folder_is_refused(tmp_path):
    assert refusal(tmp_path) == ["in.yaml:1:1: error: this is a folder, not a file"]


def test_a_file_over_the_limit_is_refused_by_its_size(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as fh:  # sparse: nothing is written, the size says 21 MB
        fh.truncate(21 * 1024 * 1024)
    assert refusal(big) == ["in.yaml:1:1: error: the file is 21.0 MB; input files are limited to 20.0 MB"]


def test_a_file_at_the_limit_is_read(tmp_path):
    path = tmp_path / "edge.yaml"
    text = "name: " + "x" * (MAX_INPUT_BYTES - len("name: \n")) + "\n"
    path.write_text(text, encoding="ascii")
    assert len(read_text(path, "edge.yaml")) == MAX_INPUT_BYTES


def test_a_symlink_to_a_device_is_refused(tmp_path):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    link = tmp_path / "army.yaml"
    link.symlink_to("/dev/zero")
    assert refusal(link) == ["in.yaml:1:1: error: this is a device, not a regular file; refusing to read it"]


def test_a_bad_byte_is_located_by_character_column(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Équipe\nnote: \u00e9t\u00e9 ".encode("utf-8") + b"\xff\n")
    assert refusal(path) == ["in.yaml:2:11: error: the file is not UTF-8 text (byte 0xff); save it as UTF-8"]
