"""The YAML loader: safe, located, bounded."""

import copy
import re
import time

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

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
        refs = ",".join([f"*a{i - 1}"] * 10)
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


# ---- issue 9: every unreadable value is located, on one line, all in one run ----------------
HUGE = {
    "hex": "0x" + "f" * 5000,
    "octal": "0" + "7" * 5000,
    "binary": "0b" + "1" * 5000,
    "sexagesimal": "1" + ":59" * 2000,
    "decimal": "9" * 5000,
    "float": "1." + "5" * 5000,
}


@pytest.mark.parametrize("kind", sorted(HUGE))
def test_a_huge_number_literal_is_a_located_error(kind):
    literal = HUGE[kind]
    start = time.perf_counter()
    (msg,) = messages(f"name: a\nrank: {literal}\n")
    assert time.perf_counter() - start < 1.0
    assert msg == (
        f"army.yaml:2:7: error: '{literal[:79]}…' is too long to be a number (at most 40 characters); "
        "put it in quotes if it is text"
    )


def test_a_forty_character_number_is_still_read():
    assert parse_yaml("n: 0x" + "f" * 38 + "\n", "a.yaml").data == {"n": 16**38 - 1}


@pytest.mark.parametrize(
    "literal, expected",
    [
        ('!!bool "abc"', "cannot read 'abc' as !!bool"),
        ("!!int deux", "cannot read 'deux' as !!int"),
        ("!!float x", "cannot read 'x' as !!float"),
        ("!!timestamp demain", "cannot read 'demain' as !!timestamp"),
        ("!!binary aGVsbG8=", "the tag 'tag:yaml.org,2002:binary' is not allowed here (only plain YAML data is read)"),
        ("!chose x", "the tag '!chose' is not allowed here (only plain YAML data is read)"),
        (".nan", "'.nan' is not a finite number (YAML reads it as nan); write a number such as 5"),
        ("-.inf", "'-.inf' is not a finite number (YAML reads it as -inf); write a number such as 5"),
        ("1.0e+999", "'1.0e+999' is not a finite number (YAML reads it as inf); write a number such as 5"),
    ],
)
def test_a_scalar_its_tag_cannot_read_is_a_located_error(literal, expected):
    assert messages(f"name: a\nrank: {literal}\n") == [f"army.yaml:2:7: error: {expected}"]


def test_every_unreadable_value_is_reported_in_one_run():
    text = "a: !!int x\nb: .nan\nc:\n  - !!bool peut-etre\n  - 0x" + "1" * 60 + "\nd: !!binary aGk=\n"
    assert [m.split(": error: ")[0] for m in messages(text)] == [
        "army.yaml:1:4",
        "army.yaml:2:4",
        "army.yaml:4:5",
        "army.yaml:5:5",
        "army.yaml:6:4",
    ]


def test_duplicate_keys_are_all_reported_with_the_other_problems():
    assert messages("a: 1\na: 2\nb: .inf\nb: 3\n") == [
        "army.yaml:2:1: error: duplicate key 'a' (first written at line 1, column 1)",
        "army.yaml:3:4: error: '.inf' is not a finite number (YAML reads it as inf); write a number such as 5",
        "army.yaml:4:1: error: duplicate key 'b' (first written at line 3, column 1)",
    ]


@pytest.mark.parametrize(
    "char, kind",
    [
        ("\x01", "a control character"),
        ("\x7f", "a control character"),
        ("\x80", "a control character"),
        ("\ufffe", "not a character"),
    ],
)
def test_a_control_character_is_located_at_its_line_and_column_on_one_line(char, kind):
    (msg,) = messages(f'name: a\nnote: "ab{char}c"\n')
    assert msg == f"army.yaml:2:10: error: the character U+{ord(char):04X} ({kind}) is not allowed in YAML; delete it"


@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
def test_a_hidden_line_break_is_refused_so_lines_agree_with_the_editor(char):
    """YAML breaks lines there, editors do not: a later error's line would be off by one."""
    assert messages(f"{char}name: a\nrank 1\n") == [
        f"army.yaml:1:1: error: the character U+{ord(char):04X} (a line break most editors do not show) is not allowed"
        " in YAML; delete it"
    ]


def test_every_control_character_is_reported_at_once():
    text = "a: \x01\nb: ok\nc: x\x7fy\x80\n"
    assert [m.split(": error: ")[0] for m in messages(text)] == ["army.yaml:1:4", "army.yaml:3:5", "army.yaml:3:7"]


def test_a_flood_of_control_characters_is_counted_past_a_thousand():
    found = messages('a: "' + "\x01" * 5000 + '"\n')
    assert len(found) == 1001
    assert (
        found[-1]
        == "army.yaml:1:1005: error: 4,000 more characters YAML does not allow from here on; is it really a text file?"
    )


def test_a_nul_is_located_at_its_column():
    assert messages("a: 1\nb: x\x00y\n") == [
        "army.yaml:2:5: error: the file contains a NUL character; is it really YAML?"
    ]


def test_ten_thousand_distinct_values_without_aliases_are_no_alias_bomb():
    text = "characters:\n" + "".join(
        f"  - {{name: P{i}, rank: 1, mvt: 4, cib: 2, weapons: [a, b]}}\n" for i in range(10_000)
    )
    doc = parse_yaml(text, "a.yaml")
    assert len(doc.data["characters"]) == 10_000


def test_the_alias_limit_names_the_ratio_it_enforces():
    lines = ["a0: &a0 [" + ",".join(["x"] * 50) + "]"] + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, 8)]
    (msg,) = messages("\n".join(lines) + "\n")
    assert msg.startswith("army.yaml:1:1: error: aliases expand the 67 values written to more than 1,000 ")
    assert msg.endswith("(the limit is 10 times the values written): an alias bomb? refusing to load")


def test_a_few_aliases_in_a_small_file_are_fine():
    doc = parse_yaml("w: &w [a, b, c]\n" + "".join(f"c{i}: *w\n" for i in range(100)), "a.yaml")
    assert doc.data["c99"] == ["a", "b", "c"]


def test_too_many_values_are_refused_at_the_first_one_too_many(monkeypatch):
    from kolaps_print.load import yaml_source

    monkeypatch.setattr(yaml_source, "MAX_VALUES", 1_000)
    assert len(parse_yaml("a: [" + ",".join(["1"] * 990) + "]\n", "a.yaml").data["a"]) == 990
    (msg,) = messages("a: [" + ",".join(["1"] * 1_200) + "]\n")
    assert msg == (
        "army.yaml:1:1999: error: the file holds more than 1,000 values (keys, texts, numbers, lists), "
        "the limit that keeps reading it within memory"
    )


@pytest.mark.parametrize(
    "text",
    [
        "a: [" + ",".join(["1"] * 1_200) + "]\n",  # values: the 999th item is the 1001st value
        "".join(f"k{i}: {i}\n" for i in range(600)),  # keys count too: the 501st key is the 1001st value
        "a: &x [" + ",".join(["1"] * 1_200) + "]\nb: *x\n",  # an alias: only the node reader reads it
    ],
)
def test_both_readers_refuse_too_many_values_at_the_same_place(monkeypatch, text):
    """The event reader counts as it reads; the node reader counts before it builds its tree."""
    from kolaps_print.load import yaml_source

    monkeypatch.setattr(yaml_source, "MAX_VALUES", 1_000)
    with pytest.raises(KolapsError) as by_events:
        parse_yaml(text, "a.yaml")
    with pytest.raises(KolapsError) as by_nodes:
        _node_read(text)
    assert [str(d) for d in by_events.value.diagnostics] == [str(d) for d in by_nodes.value.diagnostics]
    assert "more than 1,000 values" in str(by_events.value.diagnostics[0])


# ---- the event reader (no node tree) reads what the node reader reads ------------------------
_SCALARS = st.one_of(
    st.text(max_size=12),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.none(),
    st.dates(),
    st.sampled_from(["yes", "no", "on", "~", "0x1F", "0o17", "1_000", "2025-06-01", "12:30", "1e3", "!", "&a b"]),
)
_TREES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4),
    max_leaves=25,
)


def _node_read(text, require_mapping=True):
    """What the node reader alone makes of text (the event reader stepped aside)."""
    from kolaps_print.load import yaml_source

    saved = yaml_source._from_events
    yaml_source._from_events = lambda *args: None
    try:
        return parse_yaml(text, "a.yaml", require_mapping)
    finally:
        yaml_source._from_events = saved


def _same_document(a, b):
    assert repr(a.data) == repr(b.data)  # repr: 1 and True, 1.0 and 1 told apart
    assert list(a.value_marks.items()) == list(b.value_marks.items())
    assert list(a.key_marks.items()) == list(b.key_marks.items())


@settings(max_examples=150, deadline=None)
@given(_TREES, st.sampled_from(["block", "flow", "quoted"]))
def test_the_event_reader_reads_what_the_node_reader_reads(tree, style):
    text = yaml.safe_dump(
        {"root": tree}, default_flow_style=style == "flow", default_style='"' if style == "quoted" else None
    )
    _same_document(parse_yaml(text, "a.yaml", False), _node_read(text, False))


@pytest.mark.parametrize(
    "text",
    [
        "a: !!str 5\nb: !!int '7'\nc: !!float 1\n",  # tags on scalars
        "? [1, 2]\n: x\n",  # a list as a key: an error, said by the node reader
        "a: 1\na: 2\n",  # a duplicate
        "a: !!set {x}\n",  # a tag on a mapping
        "a: 1\n---\nb: 2\n",  # two documents
        "- 1\n- 2\n",  # not a mapping
        "",  # empty
        "a: [1, 2\n",  # broken
        "a: &x 1\nb: 2\n",  # an anchor without alias
        "a: 1e400\n",  # not finite
    ],
)
def test_files_the_event_reader_leaves_to_the_node_reader_read_the_same(text):
    try:
        expected = _node_read(text)
    except KolapsError as exc:
        assert messages(text, "a.yaml") == [str(d) for d in exc.diagnostics]
        return
    _same_document(parse_yaml(text, "a.yaml"), expected)


def test_every_bundled_yaml_file_reads_the_same_both_ways():
    from pathlib import Path

    files = sorted(Path("data").rglob("*.yaml")) + sorted(Path("templates").rglob("*.yaml"))
    assert len(files) > 50
    for path in files:
        text = path.read_text(encoding="utf-8")
        _same_document(parse_yaml(text, str(path), False), _node_read(text, False))


def test_marks_by_path_are_made_only_when_a_message_asks_for_one():
    # a 10,000-character army held 25 MiB of path tuples for marks no message read
    doc = parse_yaml("name: Kappa\ncharacters:\n  - name: Stefan\n    weapons: [fusil, dague]\n", "a.yaml")
    assert doc.compact is not None  # read from events: marks kept in reading order only
    assert doc.locate(("characters", 0, "weapons", 1)) == (4, 22)  # d of dague: 4 + len("weapons: [fusil, ") + 1
    assert doc.locate(("characters", 0, "weapons"), at_key=True) == (4, 5)
    assert doc.compact is None  # the dicts by path, made once for the first message
    assert doc.locate(("characters", 0, "name")) == (3, 11)


def test_the_forbidden_characters_are_pyyamls_and_the_hidden_breaks_all_of_them_tried():
    from yaml.reader import Reader

    from kolaps_print.load.yaml_source import _FORBIDDEN, _HIDDEN_BREAKS

    every = "".join(map(chr, range(0x110000)))
    pyyaml = re.compile(f"{Reader.NON_PRINTABLE.pattern}|[{_HIDDEN_BREAKS}]")
    expected = [m.start() for m in pyyaml.finditer(every)]
    assert [m.start() for m in _FORBIDDEN.finditer(every)] == expected
    assert 0 in expected and 0x2028 in expected and ord("é") not in expected


# ---- the event reader's one loop: marks flushed a chunk at a time, forms by their first flag ----
def _small_chunks(size):
    """The event reader moving its marks into arrays every size values (4096 otherwise)."""
    import contextlib

    from kolaps_print.load import yaml_source

    @contextlib.contextmanager
    def chunked():
        saved = yaml_source._CHUNK
        yaml_source._CHUNK = size
        try:
            yield
        finally:
            yaml_source._CHUNK = saved

    return chunked()


@settings(max_examples=100, deadline=None)
@given(_TREES, st.sampled_from(["block", "flow", "quoted"]), st.integers(1, 5))
def test_the_event_reader_reads_the_same_whatever_its_chunk_of_marks(tree, style, size):
    again = copy.deepcopy  # the same list twice: PyYAML would write an alias, which the node reader reads
    text = yaml.safe_dump(
        {"root": tree, "more": [again(tree), {"again": again(tree)}]},
        default_flow_style=style == "flow",
        default_style='"' if style == "quoted" else None,
    )
    with _small_chunks(size):
        read = parse_yaml(text, "a.yaml", False)
    assert read.compact is not None or "*" in text  # read from events (a '*' may be an alias: read from nodes)
    if read.compact is not None:
        assert (
            len(read.compact.parents) == len(read.compact.steps) == len(read.compact.values) == len(read.compact.keys)
        )
    _same_document(read, _node_read(text, False))


@pytest.mark.parametrize("size", [1, 2, 3, 997, 4096])
def test_too_many_values_are_refused_at_the_same_place_whatever_the_chunk(monkeypatch, size):
    from kolaps_print.load import yaml_source

    monkeypatch.setattr(yaml_source, "MAX_VALUES", 1_000)
    for text in ["a: [" + ",".join(["1"] * 1_200) + "]\n", "".join(f"k{i}: {i}\n" for i in range(600))]:
        with _small_chunks(size), pytest.raises(KolapsError) as by_events:
            parse_yaml(text, "a.yaml")
        with pytest.raises(KolapsError) as by_nodes:
            _node_read(text)
        assert [str(d) for d in by_events.value.diagnostics] == [str(d) for d in by_nodes.value.diagnostics]
    with _small_chunks(size):  # root, key and list: 1,000 values exactly, read
        assert len(parse_yaml("a: [" + ",".join(["1"] * 997) + "]\n", "a.yaml").data["a"]) == 997


@pytest.mark.parametrize(
    "text",
    [
        "a: 5\nb: '5'\nc: \"5\"\nd: 5\n",  # one text, plain (a number) and quoted (a text)
        "5: a\n'6': b\n\"7\": c\n6: d\n",  # keys too: 6 and '6' are two keys
        "a: null\nb: 'null'\nc: ~\nd: '~'\ne: yes\nf: 'yes'\ng: 2025-06-01\nh: '2025-06-01'\n",
        "- 5\n- '5'\n- [5, '5', {5: '5', '5': 5}]\n",
    ],
)
def test_a_text_written_plain_and_quoted_reads_as_each_form_says(text):
    _same_document(parse_yaml(text, "a.yaml", False), _node_read(text, False))


def test_events_that_never_close_leave_the_file_to_the_node_reader(monkeypatch):
    from yaml import events as ev

    from kolaps_print.load import yaml_source

    at = yaml.Mark("a.yaml", 0, 0, 0, None, None)
    unclosed = [
        ev.StreamStartEvent(at, at),
        ev.DocumentStartEvent(at, at),
        ev.MappingStartEvent(None, None, True, at, at),
        ev.ScalarEvent(None, None, (True, False), "a", at, at),
        ev.SequenceStartEvent(None, None, True, at, at),
        ev.ScalarEvent(None, None, (True, False), "b", at, at),
    ]
    monkeypatch.setattr(yaml_source, "_event_reader", lambda text: iter([*unclosed, None, None]).__next__)
    assert yaml_source._from_events("a: [b]\n", "a.yaml", True) is None
    assert parse_yaml("a: [b]\n", "a.yaml").data == {"a": ["b"]}  # read by the node reader
