"""model/pydantic_plugins.py: pydantic's plug-in search is skipped where no distribution can
declare a plug-in, and runs as pydantic's own where one may (a plug-in installed still runs).

Each case runs in a new interpreter: pytest itself imports importlib.metadata."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import kolaps_print

ROOT = Path(kolaps_print.__file__).resolve().parent.parent

VALIDATE = """
import sys
from kolaps_print.model.common import Model

class Thing(Model):
    x: int

assert Thing.model_validate({"x": 1}).x == 1
from pydantic.plugin import _loader
print("metadata" if "importlib.metadata" in sys.modules else "no metadata", type(_loader).__name__)
"""


def _run(code: str, *paths: Path) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYDANTIC")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *map(str, paths)])
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    return done.stdout


def test_no_plugin_installed_means_no_search():
    assert _run(VALIDATE).split() == ["no", "metadata", "_StandIn"]


def test_a_plugin_installed_is_found_and_runs(tmp_path):
    info = tmp_path / "fakeplug-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplug\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pydantic]\nfake = fakeplug:plugin\n")
    (tmp_path / "fakeplug.py").write_text(
        "class Plugin:\n"
        "    def new_schema_validator(self, schema, schema_type, *rest, **more):\n"
        "        print('plugin saw', schema_type.__name__)\n"
        "        return None, None, None\n"
        "plugin = Plugin()\n"
    )
    out = _run(VALIDATE, tmp_path).splitlines()
    assert "plugin saw Thing" in out
    assert out[-1] == "metadata module"  # pydantic's own loader, searching as it always did


def test_an_entry_points_file_naming_pydantic_otherwise_hands_over(tmp_path):
    """Not a plug-in, but the look does not parse: any mention of pydantic means pydantic's search."""
    info = tmp_path / "other-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: other\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[console_scripts]\nother = pydantic_tools:main\n")
    assert _run(VALIDATE, tmp_path).split() == ["metadata", "module"]


def test_a_zip_on_the_path_hands_over(tmp_path):
    archive = tmp_path / "things.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip file
    assert _run(VALIDATE, archive).split() == ["metadata", "module"]
