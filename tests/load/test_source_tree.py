"""The files of a source folder and their digest (proof stamps, kit stamps)."""

import hashlib
import os
from functools import partial

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


def test_the_digest_is_self_delimiting_name_length_name_content_digest(tmp_path):
    big = tmp_path / "big.bin"
    big.write_bytes(bytes(range(256)) * 10)
    found = hashlib.sha256()
    digest_files(found, [big], partial(relative_name, tmp_path, prefix="data/"))
    expected = hashlib.sha256(b"12:data/big.bin" + hashlib.sha256(big.read_bytes()).digest())
    assert found.hexdigest() == expected.hexdigest()


def test_no_two_lists_of_files_feed_the_same_bytes(tmp_path):
    """Name NUL content NUL (until the sixteenth session) let « a » holding « x\0b\0y » pass for
    the two files « a » (« x ») and « b » (« y »)."""

    def digest(*files):
        found = hashlib.sha256()
        digest_files(found, files, lambda path: path.name)
        return found.hexdigest()

    (tmp_path / "one").mkdir(), (tmp_path / "two").mkdir()
    (tmp_path / "one" / "a").write_bytes(b"x\0b\0y")
    (tmp_path / "two" / "a").write_bytes(b"x")
    (tmp_path / "two" / "b").write_bytes(b"y")
    assert digest(tmp_path / "one" / "a") != digest(tmp_path / "two" / "a", tmp_path / "two" / "b")


def test_kolaps_s_moved_files_keep_their_old_layout_names_in_the_digest(tmp_path):
    """Issue 13 moved KOLAPS's files into rulesets/kolaps/ of the data and templates folders; a
    fingerprint hashes them under the names they had before (data/weapons.yaml,
    templates/rulebook/03-des.md.j2), so the same files in either layout print the same one."""
    from data_layouts import old_layout_copy, old_templates_copy  # tests/support

    from kolaps_print import resources
    from kolaps_print.load.source_tree import digest_folder

    def digest(folder, prefix):
        found = hashlib.sha256()
        digest_folder(found, folder, prefix)
        return found.hexdigest()

    new_templates, new_data = resources.bundled("templates"), resources.bundled("data")
    assert (new_templates / resources.KOLAPS_FOLDER / "book.yaml").is_file()
    old_templates = old_templates_copy(new_templates, tmp_path / "templates")
    assert (old_templates / "rulebook" / "03-des.md.j2").is_file()
    assert not (old_templates / resources.KOLAPS_FOLDER).exists()
    old_data = old_layout_copy(new_data, tmp_path / "data")
    assert digest(new_templates, "templates/") == digest(old_templates, "templates/")
    assert digest(new_data, "data/") == digest(old_data, "data/")
    # Named from the templates folder, not from KOLAPS's: the old name keeps its rulebook/.
    assert resources.old_layout_name(
        new_templates, new_templates / resources.KOLAPS_FOLDER / "03-des.md.j2"
    ).as_posix() == ("rulebook/03-des.md.j2")
