"""The installed package carries data/, templates/ and fonts, and works from any folder."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import kolaps_print
from kolaps_print import resources

PACKAGE = Path(kolaps_print.__file__).resolve().parent
INSTALLED = "site-packages" in str(PACKAGE)


def test_bundled_folders_are_found():
    assert (resources.kolaps_dir() / "rules" / "dice.yaml").is_file()
    assert (resources.kolaps_dir() / "armies" / "section-kappa.yaml").is_file()
    assert any(resources.templates_dir().rglob("*"))
    book = resources.rulebook_dir()  # KOLAPS's book beside the other systems' (issue 13)
    assert book == resources.templates_dir() / resources.KOLAPS_FOLDER  # the project's, or the bundled copy
    assert (resources.bundled("templates") / resources.KOLAPS_FOLDER / "book.yaml").is_file()
    assert (book / "book.yaml").is_file() and (book / "demarrage" / "01-premiers-pas.md.j2").is_file()
    assert (resources.fonts_dir() / "RobotoCondensed-Regular.ttf").is_file()


def test_every_bundled_font_ships_with_its_licence():
    """Each face the families name is in the package, and each font's licence beside it,
    named by the project's LICENSE (the wheel ships kolaps_print/fonts/ whole)."""
    from kolaps_print.fonts import FACES, FAMILIES

    fonts = resources.fonts_dir()
    assert [f for files in FAMILIES.values() for f in files if not (fonts / f"{f}.ttf").is_file()] == []
    assert [f for f in FACES.values() if not (fonts / f"{f}.ttf").is_file()] == []
    licences = sorted(p.name for p in fonts.glob("LICENSE-*.txt"))
    assert licences == ["LICENSE-DejaVuSansMono.txt", "LICENSE-GentiumBookPlus.txt", "LICENSE-Roboto.txt"]
    project_licence = (PACKAGE.parent / "LICENSE").read_text(encoding="utf-8") if not INSTALLED else ""
    for name in licences if project_licence else []:
        assert f"kolaps_print/fonts/{name}" in project_licence
    assert "SIL OPEN FONT LICENSE Version 1.1" in (fonts / "LICENSE-GentiumBookPlus.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera" in (fonts / "LICENSE-DejaVuSansMono.txt").read_text(encoding="utf-8")


@pytest.mark.skipif(not INSTALLED, reason="runs against a non-editable install (as CI does)")
def test_a_wheel_install_carries_data_and_templates_inside_the_package():
    assert resources.bundled("data") == PACKAGE / "data"
    assert resources.bundled("templates") == PACKAGE / "templates"


def test_check_works_from_any_folder(tmp_path):
    """With no data/ in the folder, the bundled data is used."""
    out = subprocess.run([sys.executable, "-m", "kolaps_print", "check"], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "section-kappa.yaml: ok" in out.stdout


def test_ci_tests_the_installed_package_not_the_checkout():
    """`pytest` (not `python -m pytest`) keeps the checkout off sys.path, so CI tests the wheel."""
    import os

    if os.environ.get("CI") == "true":
        assert INSTALLED, f"CI imported kolaps_print from {PACKAGE}"


def test_the_readme_main_job_runs_from_the_console_script(tmp_path):
    """README command one, as a user types it: the installed kolaps-print script, in any folder."""
    import shutil

    script = Path(sys.executable).with_name("kolaps-print")
    if not script.exists():
        pytest.skip("no kolaps-print script beside this Python")
    army = tmp_path / "section-kappa.yaml"
    shutil.copy(resources.kolaps_dir() / "armies" / "section-kappa.yaml", army)
    out = subprocess.run([str(script), "cards", str(army)], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    pdf = tmp_path / "output" / "section-kappa-cards.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert str(Path("output") / "section-kappa-cards.pdf") in out.stdout


def test_the_version_is_the_installed_metadata_version():
    from importlib.metadata import version

    assert kolaps_print.__version__ == version("kolaps-print")


def test_the_package_is_typed_and_licensed():
    assert (PACKAGE / "py.typed").is_file()
    from importlib.metadata import metadata

    meta = metadata("kolaps-print")
    assert meta["License-Expression"] == "MIT"
    assert "Typing :: Typed" in meta.get_all("Classifier")


def test_the_pre_commit_hook_runs_a_real_command_on_army_files():
    import re

    import yaml

    root = Path(__file__).resolve().parent.parent
    hooks = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["entry"].split() == ["kolaps-print", "check"]
    assert re.search(hook["files"], "data/rulesets/kolaps/armies/section-kappa.yaml")
    assert not re.search(hook["files"], "data/rulesets/kolaps/rules/dice.yaml")


ROOT = Path(__file__).resolve().parent.parent
MINIMUMS = ROOT / ".ci" / "minimums.txt"


def declared_requirements():
    import tomllib

    from packaging.requirements import Requirement

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    extras = [text for group in project["optional-dependencies"].values() for text in group]
    return [Requirement(text) for text in project["dependencies"] + extras]


def pinned_minimums() -> dict[str, str]:
    """.ci/minimums.txt as {canonical name: version}; comments and blank lines skipped."""
    from packaging.utils import canonicalize_name

    pins = {}
    for line in MINIMUMS.read_text(encoding="utf-8").splitlines():
        pin = line.split("#", 1)[0].strip()
        if pin:
            name, version = pin.split("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def test_every_dependency_declares_a_minimum_that_ci_installs():
    """CI's second run installs .ci/minimums.txt: each pin must be the declared minimum, no newer."""
    from packaging.utils import canonicalize_name
    from packaging.version import Version

    pins = pinned_minimums()
    for requirement in declared_requirements():
        floors = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        assert len(floors) == 1, f"{requirement}: give one minimum (>=)"
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not pinned in {MINIMUMS.name}"
        assert Version(pins[name]) == Version(floors[0]), f"{requirement}: {MINIMUMS.name} pins {pins[name]}"


@pytest.mark.skipif(not os.environ.get("KOLAPS_PRINT_MINIMUMS"), reason="only in CI's run at the minimum versions")
def test_the_minimum_run_tests_the_pinned_versions():
    """A pin pip did not honour would let the minimum run test newer releases without saying so."""
    from importlib.metadata import version

    installed = {name: version(name) for name in pinned_minimums()}
    assert installed == pinned_minimums()
