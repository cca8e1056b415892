"""KOLAPS's print is frozen (issue 13): every product the demo data makes hashes as recorded in
tests/support/frozen_outputs.json, so moving or refactoring code and data changes no byte.

A change of hash is deliberate: refresh the file with tests/support/refresh_frozen_outputs.py and
give the reason in the commit (docs/rulesets.md, « KOLAPS's frozen outputs »)."""

from __future__ import annotations

import pytest
import yaml
from frozen_outputs import ARMIES, build_hashes, demo_kit, frozen, frozen_with, writer_versions  # tests/support


def test_the_demo_kit_has_a_date_of_its_own():
    """Without one, the kit's stamp carries today's date and its hashes change every day."""
    assert yaml.safe_load(demo_kit().read_text(encoding="utf-8"))["date"]


def test_the_hashes_say_which_writers_made_them():
    assert frozen_with().keys() == writer_versions().keys()


def test_every_kolaps_product_hashes_as_frozen(cli, tmp_path):
    if writer_versions() != frozen_with():  # e.g. CI's run at the declared minimums
        pytest.skip(f"hashes recorded with {frozen_with()}, this environment has {writer_versions()}")
    built = build_hashes(cli, tmp_path)
    expected = frozen()
    assert {f"cards-{army}-poker-duplex" for army in ARMIES} <= expected.keys()
    assert {"reference", "reference-cards", "rulebook", "quickstart", "proof", "kit/kit-carton.pdf"} <= expected.keys()
    changed = sorted(name for name in built.keys() | expected.keys() if built.get(name) != expected.get(name))
    assert not changed, f"KOLAPS's print changed (see tests/support/refresh_frozen_outputs.py): {changed}"
