"""The YAML loader: safe, located, bounded."""

import time

import pytest

from kolaps_print.diagnostics import KolapsError
from kolaps_print.load import load_yaml, parse_yaml


def messages(text, file="army.yaml"):
    with pytest.raises(KolapsError) as info:
        parse_yaml(text, file)
    return [str(d) for d in info.value.diagnostics]


def test_values_keep_their_line_and_column():
    doc = parse_yaml("name: Kappa\ncharacters:\n  - name: Stefan\n    rank: 2\n", "a.yaml")
    assert doc.data == {"name": "Kappa", "characters": [{"name": "Stefan", "rank": 2}]}
    assert doc.locate(("characters", 0, "rank")) == (4, 11) or doc.locate(("characters", 0, "rank")).line == 4
    assert doc.locate(("characters", 0, "rank")).col == 11
    assert doc.locate(("characters", 0, "rank"), at_key=True).col == 5


def test_a_missing_path_points_at_its_nearest_ancestor():
    doc = parse_yaml("name: Kappa\ncharacters:\n  - name: Stefan\n", "a.yaml")
    mark = doc.locate(("characters", 0, "rank"))
    assert (mark.line, mark.col) == (3, 5)


def test_duplicate_keys_are_refused_with_both_places():
    assert messages("name: a\nrank: 1\nrank: 2\n") == [
        "army.yaml:3:1: error: duplicate key 'rank' (first written at line 2, column 1)"
    ]


def test_python_tags_are_never_executed(tmp_path):
    marker = tmp_path / "pwned"
    text = f"name: !!python/object/apply:os.system ['touch {marker}']\n"
    (msg,) = messages(text)
    assert msg.startswith("army.yaml:1:7: error: the tag 'tag:yaml.org,2002:python/object/apply:os.system'")
    assert not marker.exists()


def test_an_alias_bomb_is_refused_within_a_second():
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 10):
        refs = ",".join([f"*a{i-1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    start = time.perf_counter()
    (msg,) = messages("\n".join(lines) + "\n")
    assert time.perf_counter() - start < 1.0
    assert "alias bomb" in msg


def test_plain_aliases_still_work():
    doc = parse_yaml("base: &w [couteau]\nother: *w\n", "a.yaml")
    assert doc.data["other"] == ["couteau"]


def test_a_self_referencing_alias_is_an_error():
    (msg,) = messages("a: &a\n  b: *a\n")
    assert "refers to the mapping or list that contains it" in msg


def test_merge_keys_are_refused():
    (msg,) = messages("base: &b {rank: 1}\nc:\n  <<: *b\n")
    assert msg.startswith("army.yaml:3:3: error: merge keys")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "army.yaml:1:1: error: the file is empty"),
        ("# only a comment\n", "army.yaml:1:1: error: the file is empty"),
        ("- a\n- b\n", "army.yaml:1:1: error: the top level must be a mapping"),
        ("just text\n", "army.yaml:1:1: error: the top level must be a mapping"),
        ("name: [unclosed\n", "army.yaml:2:1: error: invalid YAML"),
        ("[" * 3000, "error: invalid YAML: nested too deeply"),
    ],
)
def test_shapeless_files_get_one_located_error(text, expected):
    (msg,) = messages(text)
    assert expected in msg


def test_bytes_that_are_not_utf8_are_located(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Arm\u00e9e\n".encode("latin-1"))
    with pytest.raises(KolapsError) as info:
        load_yaml(path, "latin1.yaml")
    assert str(info.value.diagnostics[0]) == (
        "latin1.yaml:1:10: error: the file is not UTF-8 text (byte 0xe9); save it as UTF-8"
    )


def test_a_utf8_bom_is_accepted(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffname: Kappa\n".encode("utf-8"))
    assert load_yaml(path).data == {"name": "Kappa"}


def test_a_missing_file_is_a_located_error(tmp_path):
    with pytest.raises(KolapsError) as info:
        load_yaml(tmp_path / "nope.yaml", "nope.yaml")
    assert str(info.value.diagnostics[0]) == "nope.yaml:1:1: error: no such file"
