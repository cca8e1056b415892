"""Whatever a user writes in a file, `check` ends with exit 0 or 1, never a traceback."""

import string

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

keys = st.sampled_from(["name", "affiliation", "characters", "rank", "mvt", "cib", "avatar", "weapons",
                        "specialisations", "copies", "id", "range", "traits", "color", "portrait", "x"])
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.floats(allow_nan=True),
                    st.text(string.printable + "éàç«»’", max_size=12),
                    st.sampled_from(["apc", "fusil-assaut", "couteau-combat", "discipline", "contact", "lourde"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(keys, inner, max_size=5)), max_leaves=25)
armies = st.fixed_dictionaries({}, optional={"name": values, "affiliation": values, "characters": values,
                                             "weapons": values, "affiliations": values})


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
