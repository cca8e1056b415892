"""The library API: every exported name resolves, and a script can make cards without the CLI."""

from io import BytesIO

import pytest
from pypdf import PdfReader

from kolaps_print import api


@pytest.mark.parametrize("name", api.__all__)
def test_every_exported_name_resolves(name):
    assert getattr(api, name) is not None


def test_unknown_names_fail_clearly():
    with pytest.raises(AttributeError, match="has no 'nope'"):
        _ = api.nope


def test_a_script_makes_cards(demo_armies):
    book = api.load_army(demo_armies[0])
    result = api.build_cards(book, api.CardOptions())
    assert len(PdfReader(BytesIO(result.pdf)).pages) >= 2


def test_bad_input_raises_kolaps_error_with_located_messages(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\n")
    with pytest.raises(api.KolapsError) as info:
        api.load_army(bad)
    assert [str(d) for d in info.value.diagnostics] == [
        f"{bad}:1:1: error: affiliation: missing required key 'affiliation'",
        f"{bad}:1:1: error: characters: missing required key 'characters'",
    ]
