"""check_output: the one output policy every job applies before building and at write time."""

import os

import pytest

from kolaps_print.write import JSON, PDF, Inputs, check_output

INPUT_MESSAGE = (
    "this is the army file, which this run reads; kolaps-print never writes over its inputs (choose another -o)"
)


@pytest.fixture
def army(tmp_path):
    path = tmp_path / "army.yaml"
    path.write_text("name: X\n")
    return path


NO_INPUTS = Inputs()


def refused(path, kind=None, inputs=NO_INPUTS):
    with pytest.raises(OSError) as info:
        check_output(path, kind, inputs)
    assert info.value.filename == str(path)  # the user's spelling, never a resolved or temporary one
    return info.value.strerror


@pytest.mark.parametrize("spelling", ["army.yaml", "./sub/../army.yaml", "link.pdf"])
def test_an_input_is_refused_however_it_is_spelled(army, tmp_path, monkeypatch, spelling):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    os.symlink("army.yaml", tmp_path / "link.pdf")
    inputs = Inputs().plus([army], "the army file")
    assert refused(spelling, PDF, inputs) == INPUT_MESSAGE


def test_a_file_of_a_source_folder_is_an_input(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "weapons.yaml").write_text("[]")
    inputs = Inputs(folders=((tmp_path / "data", "the data folder data/"),))
    assert refused(tmp_path / "data" / "weapons.yaml", None, inputs).startswith(
        "this is a file of the data folder data/, which this run reads"
    )
    assert (
        check_output(tmp_path / "data" / "new.pdf", PDF, inputs) == tmp_path / "data" / "new.pdf"
    )  # not read: allowed
    (tmp_path / "data" / "cards.pdf").write_bytes(b"%PDF-1.4 kept beside the armies")
    assert check_output(tmp_path / "data" / "cards.pdf", PDF, inputs) == tmp_path / "data" / "cards.pdf"


def test_only_a_file_of_the_kind_we_write_is_replaced(tmp_path, army):
    assert refused(army, PDF) == (
        "this file exists and is not a PDF; kolaps-print replaces only a PDF it could have "
        "written (move it away, or choose another -o)"
    )
    assert refused(army, JSON).startswith("this file exists and is not a JSON file;")
    (tmp_path / "old.pdf").write_bytes(b"%PDF-1.4 previous")
    (tmp_path / "old.json").write_text('{"$schema": "x"}')
    (tmp_path / "empty.pdf").write_bytes(b"")
    for path, kind in (("old.pdf", PDF), ("old.json", JSON), ("empty.pdf", PDF)):
        assert check_output(tmp_path / path, kind) == tmp_path / path


def test_a_json_list_is_not_a_schema(tmp_path):
    (tmp_path / "list.json").write_text("[1, 2]")
    assert refused(tmp_path / "list.json", JSON).startswith("this file exists and is not a JSON file")


def test_an_empty_name_is_refused():
    assert refused("") == "no file name given"
