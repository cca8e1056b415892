"""Whatever a user writes in a file, `check` ends with exit 0 or 1, never a traceback."""

import re
import string
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kolaps_print import resources

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

keys = st.sampled_from(
    [
        "name",
        "affiliation",
        "characters",
        "rank",
        "mvt",
        "cib",
        "avatar",
        "weapons",
        "specialisations",
        "copies",
        "id",
        "range",
        "traits",
        "color",
        "portrait",
        "x",
    ]
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.floats(allow_nan=True),
    st.text(string.printable + "éàç«»’", max_size=12),
    st.sampled_from(["apc", "fusil-assaut", "couteau-combat", "discipline", "contact", "lourde"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)
armies = st.fixed_dictionaries(
    {},
    optional={"name": values, "affiliation": values, "characters": values, "weapons": values, "affiliations": values},
)


def assert_clean_exit(result):
    assert result.exit_code in (0, 1), result.stderr
    assert "Traceback" not in result.stderr + result.stdout


@SETTINGS
@given(data=armies)
def test_random_yaml_never_crashes_check(cli, tmp_path, data):
    path = tmp_path / "random.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert_clean_exit(cli(["check", path]))


@SETTINGS
@given(raw=st.binary(max_size=300))
def test_random_bytes_never_crash_check(cli, tmp_path, raw):
    path = tmp_path / "random.yaml"
    path.write_bytes(raw)
    assert_clean_exit(cli(["check", path]))


@SETTINGS
@given(text=st.text(alphabet=string.printable + "&*!|>-:[]{}#'\"", max_size=200))
def test_random_yaml_like_text_never_crashes_check(cli, tmp_path, text):
    path = tmp_path / "random.yaml"
    path.write_text(text, encoding="utf-8")
    assert_clean_exit(cli(["check", path]))


# ---- issue 9: huge number literals, odd tags and control characters, written as raw text -----
ARMY = (
    "name: Essai\naffiliation: apc\ncharacters:\n"
    "  - name: Stefan\n    rank: {rank}\n    mvt: {mvt}\n    cib: {cib}\n    copies: {copies}\n"
    "    avatar: {avatar}\n    archetype: {archetype}\n    weapons: [{weapon}]\n"
)
FIELDS = ("rank", "mvt", "cib", "copies", "avatar", "archetype", "weapon")
VALID = {
    "rank": "2",
    "mvt": "4",
    "cib": "2",
    "copies": "1",
    "avatar": "true",
    "archetype": "Soldat",
    "weapon": "fusil-assaut",
}
NUMBER_FIELDS = ("rank", "mvt", "cib", "copies")

huge_numbers = st.one_of(
    st.builds(
        lambda prefix, digits: prefix + digits,
        st.sampled_from(["0x", "0", "0b", "", "-", "+", "1.", "-0x"]),
        st.text(alphabet="0123456789abcdefABCDEF_", min_size=41, max_size=6000),
    ),
    st.builds(
        lambda parts: "1" + "".join(":" + p for p in parts),
        st.lists(st.sampled_from(["0", "5", "59"]), min_size=14, max_size=3000),
    ),
)
not_finite = st.sampled_from(
    [".nan", ".NaN", ".NAN", ".inf", "-.inf", "+.Inf", ".INF", "1.0e+999", "-9.9e+400", '"nan"', "'inf'"]
)
tags = st.sampled_from(
    [
        "!!bool",
        "!!int",
        "!!float",
        "!!null",
        "!!str",
        "!!binary",
        "!!timestamp",
        "!!set",
        "!!omap",
        "!!pairs",
        "!!seq",
        "!!map",
        "!!merge",
        "!!value",
        "!chose",
        "!",
        "!<tag:yaml.org,2002:int>",
        "!!python/object/apply:os.system",
        "!!python/name:os.system",
    ]
)
tagged = st.builds(
    lambda tag, value: f"{tag} {value}",
    tags,
    st.one_of(
        st.sampled_from(
            [
                '"abc"',
                "abc",
                "1",
                "0x1f",
                '""',
                "[]",
                "{}",
                "[1, 2]",
                "{a: 1}",
                "2027-03-14",
                "aGVsbG8=",
                ".nan",
                "yes",
                "~",
            ]
        ),
        st.text(alphabet=string.ascii_letters + string.digits, max_size=8),
    ),
)
literals = st.one_of(huge_numbers, not_finite, tagged)
# Characters YAML forbids, and some it allows that are easy to get wrong (NEL, BOM, line separator).
# U+0085, U+2028, U+2029: YAML line breaks that editors do not show, refused so lines agree.
FORBIDDEN = [
    chr(c)
    for c in [
        *range(0x01, 0x09),
        0x0B,
        0x0C,
        *range(0x0E, 0x20),
        0x7F,
        0x80,
        0x84,
        0x85,
        0x86,
        0x9F,
        0x2028,
        0x2029,
        0xFFFE,
        0xFFFF,
    ]
]
controls = st.sampled_from(FORBIDDEN + ["\ufeff", "\t"])
LOCATED = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (error|warning): ")


def army_text(field: str, literal: str) -> str:
    return ARMY.format(**{**VALID, field: literal})


def assert_one_located_line_each(result, path, text):
    """Every message is one line, located inside the file (or a count of the rest)."""
    assert_clean_exit(result)
    lines = text.count("\n") + 1
    for message in result.stderr.splitlines():
        if message.startswith(("... and ", "kolaps-print: ", "building the kit ")):  # counts, summary, progress
            continue
        found = LOCATED.match(message)
        assert found and found["file"] == str(path), message
        assert 1 <= int(found["line"]) <= lines, message


@SETTINGS
@given(field=st.sampled_from(FIELDS), literal=literals)
def test_odd_literals_are_located_errors_never_crashes(cli, tmp_path, field, literal):
    path = tmp_path / "odd.yaml"
    text = army_text(field, literal)
    path.write_text(text, encoding="utf-8")
    result = cli(["check", path])
    assert_one_located_line_each(result, path, text)


@SETTINGS
@given(field=st.sampled_from(NUMBER_FIELDS), literal=st.one_of(huge_numbers, not_finite))
def test_a_huge_or_infinite_number_is_always_refused_where_it_is(cli, tmp_path, field, literal):
    path = tmp_path / "odd.yaml"
    text = army_text(field, literal)
    path.write_text(text, encoding="utf-8")
    result = cli(["check", path])
    assert result.exit_code == 1
    line = 5 + NUMBER_FIELDS.index(field)
    assert f"{path}:{line}:" in result.stderr.splitlines()[0]
    assert_one_located_line_each(result, path, text)


@SETTINGS
@given(spots=st.lists(st.tuples(st.integers(0, len(ARMY.format(**VALID))), controls), min_size=1, max_size=5))
@example(spots=[(0, "\ufeff"), (1, "\x01")])  # found by CI: a leading BOM then a control character
def test_control_characters_are_located_where_they_are(cli, tmp_path, spots):
    text = ARMY.format(**VALID)
    for at, char in sorted(spots, reverse=True):
        text = text[:at] + char + text[at:]
    path = tmp_path / "ctrl.yaml"
    path.write_text(text, encoding="utf-8")
    result = cli(["check", path])
    assert_one_located_line_each(result, path, text)
    first = next((i for i, ch in enumerate(text) if ch in FORBIDDEN), None)
    if first is not None:  # the first forbidden character is reported at its own line and column
        line, col = text.count("\n", 0, first) + 1, first - (text.rfind("\n", 0, first) + 1) + 1
        if line == 1 and text.startswith("\ufeff"):  # a leading BOM is not a column an editor shows
            col -= 1
        assert result.exit_code == 1
        assert result.stderr.startswith(f"{path}:{line}:{col}: error: the character U+{ord(text[first]):04X} (")


@settings(SETTINGS, max_examples=25)  # a kit that passes is built: fewer, slower examples
@given(field=st.sampled_from(["tables", "players", "tokens", "paper", "date", "name"]), literal=literals)
def test_odd_literals_in_a_kit_file_never_crash(cli, tmp_path, field, literal):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # tmp_path is shared by every example
    kit, out = folder / "kit.yaml", folder / "out"
    values = {
        "name": "Salon",
        "tables": "1",
        "players": "2",
        "tokens": "false",
        "paper": "a4",
        "date": "2027-03-14",
        field: literal,
    }
    army = resources.kolaps_dir() / "armies" / "vampires.yaml"
    text = "".join(f"{k}: {v}\n" for k, v in values.items()) + f"armies: [{army}]\nrulebook: none\n"
    kit.write_text(text, encoding="utf-8")
    result = cli(["kit", kit, "-o", out])
    assert_clean_exit(result)
    assert out.exists() == (result.exit_code == 0)  # an error writes nothing
    if result.exit_code == 1:
        assert_one_located_line_each(result, kit, text)
