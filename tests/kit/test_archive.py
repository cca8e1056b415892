"""The kit's zip: everything in the folder, sorted, same bytes every time."""

import zipfile

from kolaps_print.kit.archive import FIXED_TIME, write_zip


def make_folder(root):
    (root / "previews").mkdir(parents=True)
    (root / "b.pdf").write_bytes(b"pdf")
    (root / "a.md").write_text("liste", encoding="utf-8")
    (root / "previews" / "x.png").write_bytes(b"png")


def test_the_zip_holds_every_file_sorted_under_the_kit_name(tmp_path):
    make_folder(tmp_path / "k")
    names = write_zip(tmp_path / "k", tmp_path / "k" / "demo.zip", "demo")
    with zipfile.ZipFile(tmp_path / "k" / "demo.zip") as z:
        assert z.namelist() == names == ["demo/a.md", "demo/b.pdf", "demo/previews/x.png"]
        assert z.read("demo/previews/x.png") == b"png"
        assert {i.date_time for i in z.infolist()} == {FIXED_TIME}


def test_the_same_files_give_the_same_bytes(tmp_path):
    for name in ("one", "two"):
        make_folder(tmp_path / name)
        write_zip(tmp_path / name, tmp_path / name / "k.zip", "k")
    assert (tmp_path / "one" / "k.zip").read_bytes() == (tmp_path / "two" / "k.zip").read_bytes()
