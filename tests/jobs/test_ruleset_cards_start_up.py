"""What a ruleset deck's start-up no longer pays (speed20, issue 15), each checked on a real run
of `cards` whose PDF is read back:

- a dataclass without a docstring has one written by `dataclasses` from `inspect.signature` of
  its class (~0.15 ms each, 37 of ours on this path): ours all have their own;
- the army's YAML events are taken from libyaml's parser by the reading loop itself, not through
  `yaml.parse`'s generator (which asks `check_event` before each of some 30,000 events);
- a font file is hashed once: the subset tags take the digest its face's tables were keyed by
  (fonts/tables.py), not the file read and hashed again (0.9 MB for the three faces)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[2]
ARMY = "data/rulesets/d12/armies/equipe-neon.yaml"

# Runs `cards` in a fresh process with dataclasses' docstring writer and yaml.parse watched.
SCRIPT = """
import dataclasses, inspect, sys
import yaml

unsigned = []
signature = inspect.signature

def watched(obj, *args, **kwargs):
    caller = sys._getframe(1).f_code
    if caller.co_filename == dataclasses.__file__ and obj.__module__.startswith("kolaps_print"):
        unsigned.append(obj.__qualname__)
    return signature(obj, *args, **kwargs)

inspect.signature = watched
parsed = []
parse = yaml.parse
yaml.parse = lambda *a, **k: parsed.append(1) or parse(*a, **k)

from kolaps_print.fonts import subset_tags

files = []
file_digest = subset_tags._file_digest
subset_tags._file_digest = lambda path: files.append(path) or file_digest(path)

from kolaps_print.cli import main

sys.argv = ["kolaps-print", "cards", ARMY, "-o", OUT]
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(repr((sorted(unsigned), len(parsed), len(files))))
"""


def run_cards(tmp_path: Path) -> tuple[list[str], int, int]:
    out = tmp_path / "out.pdf"
    script = SCRIPT.replace("ARMY", repr(ARMY)).replace("OUT", repr(str(out)))
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True)
    reader = PdfReader(out)
    assert len(reader.pages) >= 2 and reader.pages[0].extract_text().strip()  # the deck was printed
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def watched_run(tmp_path_factory) -> tuple[list[str], int, int]:
    return run_cards(tmp_path_factory.mktemp("cards"))


def test_our_dataclasses_need_no_signature_for_a_docstring(watched_run):
    assert watched_run[0] == []


def test_the_army_is_read_without_yaml_parse(watched_run):
    assert watched_run[1] == 0


def test_no_font_file_is_read_again_for_its_subset_tags(watched_run):
    assert watched_run[2] == 0
