"""The files of a source folder and their digest (proof stamps, kit stamps)."""

import hashlib
import os
from functools import partial

from kolaps_print.load import source_tree
from kolaps_print.load.source_tree import digest_files, relative_name, source_files


def test_only_regular_visible_files_count(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "dice.yaml").write_text("a: 1\n")
    (tmp_path / "notes.yaml~").write_text("backup")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref")
    os.mkfifo(tmp_path / "pipe.yaml")  # would block a reader for ever
    assert source_files(tmp_path) == [tmp_path / "rules" / "dice.yaml"]
    assert source_files(tmp_path / "missing") == []


def test_the_digest_is_name_nul_content_nul_read_in_chunks(tmp_path, monkeypatch):
    big = tmp_path / "big.bin"
    big.write_bytes(bytes(range(256)) * 10)
    monkeypatch.setattr(source_tree, "CHUNK", 7)  # many chunks: the same digest as one read
    found = hashlib.sha256()
    digest_files(found, [big], partial(relative_name, tmp_path, prefix="data/"))
    expected = hashlib.sha256(b"data/big.bin\0" + big.read_bytes() + b"\0")
    assert found.hexdigest() == expected.hexdigest()
