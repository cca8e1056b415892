"""Shared fixtures: the CLI runner and the bundled data."""

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kolaps_print import resources
from kolaps_print.cli import _register, app

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def cli():
    """Invoke the real CLI in-process: cli(["check", file]) -> click Result (stdout, stderr, exit_code)."""
    _register()
    runner = CliRunner()

    def invoke(args, **kwargs):
        return runner.invoke(app, [str(a) for a in args], catch_exceptions=False, **kwargs)

    return invoke


@pytest.fixture(scope="session")
def demo_armies():
    return sorted((resources.data_dir() / "armies").glob("*.yaml"))


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A copy of the bundled data/ that the commands use (KOLAPS_DATA), run from tmp_path."""
    data = tmp_path / "data"
    shutil.copytree(resources.data_dir(), data)
    monkeypatch.setenv("KOLAPS_DATA", str(data))
    monkeypatch.chdir(tmp_path)
    return data
