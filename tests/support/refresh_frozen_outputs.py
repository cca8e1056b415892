"""Rewrite tests/support/frozen_outputs.json with the hashes of what this checkout prints.

A deliberate step, run from the repository's root:

    .venv/bin/python tests/support/refresh_frozen_outputs.py

Before committing the new file, say in the commit why KOLAPS's print changed and compare the
150 dpi renders of the old and new PDFs (docs/rulesets.md, « KOLAPS's frozen outputs »).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from frozen_outputs import HASHES, build_hashes, frozen, write_frozen  # tests/support
from typer.testing import CliRunner

from kolaps_print.cli import _register, app


def main() -> None:
    _register()
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as folder:
        hashes = build_hashes(lambda args: runner.invoke(app, [str(a) for a in args]), Path(folder))
    old = frozen() if HASHES.is_file() else {}
    write_frozen(hashes)
    changed = sorted(name for name in hashes.keys() | old.keys() if hashes.get(name) != old.get(name))
    print(f"{HASHES}: {len(hashes)} hashes, {len(changed)} changed")
    for name in changed:
        print(f"  {name}")


if __name__ == "__main__":
    main()
