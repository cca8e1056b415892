"""cli/replayed.py: `--help` and `check` of unchanged files are served from what the same run
printed before, without typer or pydantic, and say exactly what a run without the cache says
(stdout, stderr, exit code); a spoiled entry, a changed army or a changed data folder is
computed again."""

import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
KAPPA = REPO / "data/rulesets/kolaps/armies/section-kappa.yaml"
D100 = REPO / "data/rulesets/d100/armies/les-convoyeurs.yaml"
# main() as the installed script runs it; at exit, which of typer, pydantic and reportlab the run imported
MAIN = (
    "import atexit, os, sys\n"
    "atexit.register(lambda: open(os.environ['IMPORTED'], 'w').write("
    "' '.join(m for m in ('typer', 'pydantic', 'reportlab') if m in sys.modules)))\n"
    "from kolaps_print.cli import main\n"
    "main()\n"
)


class Runner:
    """Runs the command line in tmp_path with a cache folder of its own, the same environment each time."""

    def __init__(self, tmp_path: Path, **env: str):
        self.cwd = tmp_path
        self.cache = tmp_path / "xdg" / "kolaps-print"
        self.imported_file = tmp_path / "imported.txt"
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": os.environ.get("PYTHONPATH", ""),  # another copy of the package, to compare
            "XDG_CACHE_HOME": str(tmp_path / "xdg"),
            "IMPORTED": str(self.imported_file),
            "PYTHONIOENCODING": "utf-8",
            **env,
        }

    def __call__(self, *args: str, cache: bool = True) -> tuple[int, str, str]:
        env = self.env if cache else {**self.env, "KOLAPS_CACHE": "off"}
        done = subprocess.run(
            [sys.executable, "-c", MAIN, *args], cwd=self.cwd, env=env, capture_output=True, text=True, timeout=300
        )
        return done.returncode, done.stdout, done.stderr

    def imported(self) -> set[str]:
        return set(self.imported_file.read_text().split())

    def entries(self) -> list[Path]:
        return sorted(self.cache.glob("*.replay"))


@pytest.fixture
def armies(tmp_path):
    folder = tmp_path / "armies"
    folder.mkdir()
    shutil.copy(KAPPA, folder / "good.yaml")
    text = KAPPA.read_text(encoding="utf-8")
    assert "rank: 1" in text
    (folder / "bad.yaml").write_text(text.replace("rank: 1", "rank: 99", 1), encoding="utf-8")
    shutil.copy(D100, folder / "d100.yaml")
    return folder


@pytest.mark.parametrize("args", [["--help"], ["-h"]], ids=" ".join)
def test_help_served_without_typer_says_what_typer_says(tmp_path, args):
    run = Runner(tmp_path, COLUMNS="100")
    typer_said = run(*args, cache=False)
    assert "typer" in run.imported() and typer_said[0] == 0 and "Usage: kolaps-print" in typer_said[1]
    assert run(*args) == typer_said  # recorded as it printed
    assert run(*args) == typer_said  # served
    assert run.imported() == set()


def test_help_at_another_width_is_typer_s_again(tmp_path):
    run = Runner(tmp_path, COLUMNS="100")
    run("--help")
    narrow = Runner(tmp_path, COLUMNS="60")
    assert narrow("--help") == narrow("--help", cache=False)
    assert "typer" in narrow.imported()  # another key: made by typer, not served


@pytest.mark.parametrize(
    "names",
    [["good.yaml"], ["bad.yaml"], ["--json", "bad.yaml", "good.yaml"], ["--strict", "good.yaml"], ["d100.yaml"]],
    ids=" ".join,
)
def test_check_served_without_pydantic_says_what_a_check_says(tmp_path, armies, names):
    run = Runner(tmp_path)
    args = ["check", *(n if n.startswith("-") else f"armies/{n}" for n in names)]
    cold = run(*args, cache=False)
    assert "pydantic" in run.imported()
    assert run(*args) == cold
    assert run(*args) == cold
    assert run.imported() == set()
    if names == ["bad.yaml"]:  # errors served as located, with exit 1
        assert cold[0] == 1 and "armies/bad.yaml:" in cold[2] and ": error: " in cold[2]


def test_check_of_a_changed_army_is_made_again(tmp_path, armies):
    run = Runner(tmp_path)
    good = run("check", "armies/good.yaml")
    assert run("check", "armies/good.yaml") == good and run.imported() == set()
    (armies / "good.yaml").write_bytes((armies / "bad.yaml").read_bytes())
    changed = run("check", "armies/good.yaml")
    assert "pydantic" in run.imported()
    assert changed == run("check", "armies/good.yaml", cache=False) != good
    assert changed[0] == 1 and "armies/good.yaml:" in changed[2]


def test_check_with_a_changed_data_folder_is_made_again(tmp_path, armies):
    data = tmp_path / "data"
    shutil.copytree(REPO / "data", data)
    run = Runner(tmp_path, KOLAPS_DATA=str(data))
    first = run("check", "armies/good.yaml")
    assert run("check", "armies/good.yaml") == first and run.imported() == set()
    rules = data / "rulesets/kolaps/rules/dice.yaml"
    rules.write_bytes(rules.read_bytes() + b"\n# edited\n")
    assert run("check", "armies/good.yaml") == first
    assert "pydantic" in run.imported()  # checked again: the data folder is in the key


@pytest.mark.parametrize("spoil", ["garbage", "truncated", "wrong values", "renamed"])
def test_a_spoiled_entry_is_made_again(tmp_path, armies, spoil):
    run = Runner(tmp_path)
    cold = run("check", "armies/bad.yaml", cache=False)
    run("check", "armies/bad.yaml")
    (entry,) = run.entries()
    content = entry.read_bytes()
    header = content[: content.index(b"\n", content.index(b"\n") + 1) + 1]
    spoiled = {
        "garbage": os.urandom(len(content)),
        "truncated": content[: len(content) // 2],
        "wrong values": header + marshal.dumps((0, [(0, "ok\n"), (2, "?")])),
        "renamed": header.replace(entry.stem.encode(), b"0" * 64) + content[len(header) :],
    }[spoil]
    entry.write_bytes(spoiled)
    assert run("check", "armies/bad.yaml") == cold
    assert "pydantic" in run.imported()
    assert entry.read_bytes() == content  # kept again as it was made
    assert run("check", "armies/bad.yaml") == cold and run.imported() == set()


def test_an_army_that_may_name_a_portrait_is_always_checked(tmp_path, armies):
    text = (armies / "good.yaml").read_text(encoding="utf-8")
    (armies / "pictured.yaml").write_text(text + "\n# portrait: none\n", encoding="utf-8")
    run = Runner(tmp_path)
    first = run("check", "armies/pictured.yaml")
    assert run("check", "armies/pictured.yaml") == first
    assert "pydantic" in run.imported() and run.entries() == []


def test_reportlab_is_in_an_entry_only_when_the_check_read_a_font(tmp_path, armies):
    """A check of common characters imports no reportlab: its entry is served whatever reportlab's
    files; one whose army names a character outside fonts.COMMON reads the font with reportlab,
    and its entry holds reportlab's files' state (served while it is the same)."""
    text = (armies / "good.yaml").read_text(encoding="utf-8")
    (armies / "rare.yaml").write_text(text.replace('name: "Section Kappa"', 'name: "Section Łódź"'), encoding="utf-8")
    run = Runner(tmp_path)
    for name, imports_reportlab in (("good.yaml", False), ("rare.yaml", True)):
        cold = run("check", f"armies/{name}", cache=False)
        assert ("reportlab" in run.imported()) == imports_reportlab
        assert run("check", f"armies/{name}") == cold
        assert run("check", f"armies/{name}") == cold and run.imported() == set()
    libraries = {
        entry: marshal.loads(content[content.index(b"\n", content.index(b"\n") + 1) + 1 :])[2]
        for entry in run.entries()
        for content in [entry.read_bytes()]
    }
    assert sorted(len(kept) for kept in libraries.values()) == [0, 1]
    assert [name for kept in libraries.values() for name, _ in kept] == ["reportlab"]


def test_an_entry_is_served_only_while_the_libraries_its_run_imported_are_unchanged(tmp_path, monkeypatch):
    """In process: a library of IF_IMPORTED changed makes the entry of a run that imported it
    made again, and leaves the entry of a run that did not served."""
    from kolaps_print import disk_cache
    from kolaps_print.cli import replayed

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(replayed, "IF_IMPORTED", ("kolaps_fake_library",))
    states = {"kolaps_fake_library": "one"}
    real_state = disk_cache.installed_state
    monkeypatch.setattr(
        disk_cache, "installed_state", lambda *names: states[names[0]] if names[0] in states else real_state(*names)
    )
    made: list[str] = []

    def cold(imports: bool):
        def run() -> None:
            made.append("made")
            if imports:
                monkeypatch.setitem(sys.modules, "kolaps_fake_library", sys)
            print("checked")

        return run

    for argv, imports in ((["--help"], True), (["-h"], False)):
        made.clear()
        monkeypatch.delitem(sys.modules, "kolaps_fake_library", raising=False)
        states["kolaps_fake_library"] = "one"
        replayed.run(argv, cold(imports))
        replayed.run(argv, cold(imports))
        assert made == ["made"]  # served the second time
        states["kolaps_fake_library"] = "two"
        replayed.run(argv, cold(imports))
        assert made == (["made", "made"] if imports else ["made"])
