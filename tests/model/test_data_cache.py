"""The cache of validated data files between runs (model/data_cache.py): what the user gets
is the same with it, without it, cold and warm; an edit is seen; a planted or foreign entry is
never believed. Each command runs as its own process, as a user's does."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
import yaml

from kolaps_print import resources
from kolaps_print.layout import card_data, sheets, style
from kolaps_print.layout.data_files import _read as read_layout
from kolaps_print.layout.data_files import load_layout
from kolaps_print.model import data_cache, gamedata

ARMY = "bd/rulesets/kolaps/armies/section-kappa.yaml"
RUNS = itertools.count()


@pytest.fixture
def project(tmp_path):
    """A project folder holding a copy of the bundled data (as bd/), and a cache folder of its own."""
    shutil.copytree(resources.data_dir(), tmp_path / "bd")
    return tmp_path


def run(project: Path, *args: str, cache: str | None = "on", cache_home: Path | None = None):
    env = {k: v for k, v in os.environ.items() if k not in ("KOLAPS_CACHE", "XDG_CACHE_HOME")}
    env |= {"KOLAPS_DATA": str(project / "bd"), "XDG_CACHE_HOME": str(cache_home or project / "cache")}
    # an environment of its own for each run: cli/replayed.py (whose key covers the whole
    # environment) serves no check from what an earlier one printed, so each reads the data
    env["KOLAPS_TEST_RUN"] = str(next(RUNS))
    if cache:
        env["KOLAPS_CACHE"] = cache
    return subprocess.run(
        [sys.executable, "-m", "kolaps_print", *args], cwd=project, env=env, capture_output=True, text=True
    )


def entries(project: Path) -> list[Path]:
    return sorted((project / "cache" / "kolaps-print").glob("*.json"))


def test_cards_are_the_same_bytes_cold_warm_and_without_the_cache(project):
    made = {}
    for name, cache in (("off", "off"), ("cold", "on"), ("warm", "on")):
        result = run(project, "cards", ARMY, "-o", f"{name}.pdf", cache=cache)
        assert result.returncode == 0, result.stderr
        made[name] = ((project / f"{name}.pdf").read_bytes(), result.stdout.replace(name, "X"), result.stderr)
        if name == "off":
            assert not (project / "cache").exists()  # switched off: nothing read, nothing written
    assert made["cold"] == made["off"] and made["warm"] == made["off"]
    # the game data, its layouts, the card's blocks and the book's spec: one entry each
    assert len(entries(project)) >= 5


def test_the_folder_is_private_and_entries_are_not_readable_by_others(project):
    assert run(project, "check", ARMY).returncode == 0
    folder = project / "cache" / "kolaps-print"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert entries(project) and all(e.stat().st_mode & 0o777 == 0o600 for e in entries(project))
    assert not list(folder.glob(".entry-*"))  # no temporary file left


def weapon_names(result) -> str:
    assert result.returncode == 0, result.stderr
    return result.stdout.split("weapons: ")[1]


def test_an_edited_data_file_is_read_again(project):
    assert "Fusil à pompe" in weapon_names(run(project, "check", ARMY))
    weapons = project / "bd" / "rulesets" / "kolaps" / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8").replace("Fusil à pompe", "Tromblon"), encoding="utf-8")
    warm = weapon_names(run(project, "check", ARMY))
    assert "Tromblon" in warm and "Fusil à pompe" not in warm


def test_an_edit_that_breaks_a_file_gets_the_same_message_as_without_the_cache(project):
    assert run(project, "check", ARMY).returncode == 0  # the valid folder cached
    path = project / "bd" / "rulesets" / "kolaps" / "rules" / "dice.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["unknown_key"] = 1
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    warm, off = run(project, "check", ARMY), run(project, "check", ARMY, cache="off")
    assert warm.returncode == off.returncode == 1
    assert "rules/dice.yaml:" in warm.stderr and warm.stderr == off.stderr


def test_a_style_edit_reaches_the_layouts_that_name_its_colours(project):
    """card.yaml names palette colours of style.yaml: its entry must not outlive a style edit."""
    assert run(project, "cards", ARMY, "-o", "before.pdf").returncode == 0
    path = project / "bd" / "layouts" / "style.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["palette"] = {name: [100, 0, 0, 0] for name in doc["palette"]}
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert run(project, "cards", ARMY, "-o", "warm.pdf").returncode == 0
    assert run(project, "cards", ARMY, "-o", "off.pdf", cache="off").returncode == 0
    assert (project / "warm.pdf").read_bytes() == (project / "off.pdf").read_bytes()
    assert (project / "warm.pdf").read_bytes() != (project / "before.pdf").read_bytes()


def forge(entry: Path, old: str, new: str) -> None:
    """Change a value inside an entry, keeping it valid JSON of the right key and format."""
    text = entry.read_text(encoding="utf-8")
    assert old in text
    entry.write_text(text.replace(old, new), encoding="utf-8")


def game_data_entry(project: Path) -> Path:
    return next(e for e in entries(project) if "Fusil \\u00e0 pompe" in e.read_text(encoding="utf-8"))


def test_an_entry_others_may_write_is_not_believed(project):
    assert run(project, "check", ARMY).returncode == 0
    entry = game_data_entry(project)
    forge(entry, "Fusil \\u00e0 pompe", "Planted")
    os.chmod(entry, 0o666)
    assert "Planted" not in weapon_names(run(project, "check", ARMY))


def test_a_cache_folder_others_may_write_is_not_used(project):
    assert run(project, "check", ARMY).returncode == 0
    forge(game_data_entry(project), "Fusil \\u00e0 pompe", "Planted")
    os.chmod(project / "cache" / "kolaps-print", 0o777)
    assert "Planted" not in weapon_names(run(project, "check", ARMY))


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_an_entry_another_user_owns_is_not_believed(project):
    assert run(project, "check", ARMY).returncode == 0
    entry = game_data_entry(project)
    forge(entry, "Fusil \\u00e0 pompe", "Planted")
    os.chown(entry, 12345, 12345)
    assert "Planted" not in weapon_names(run(project, "check", ARMY))


def test_an_entry_our_own_user_wrote_is_believed(project):
    """The counterpart of the tests above: a private entry is what the next run reads (so those
    tests see a refusal, not a cache that is never read)."""
    assert run(project, "check", ARMY).returncode == 0
    forge(game_data_entry(project), "Fusil \\u00e0 pompe", "Planted")
    assert "Planted" in weapon_names(run(project, "check", ARMY))


@pytest.mark.parametrize(
    "planted",
    [
        "not json {",
        '{"format": 1, "key": "KEY", "value": {"m": "subprocess:Popen", "i": 0, "f": [["args", "touch pwned"]], "s": []}}',
        '{"format": 1, "key": "KEY", "value": {"o": "pathlib:Path", "i": 0, "f": [], "s": []}}',
        '{"format": 1, "key": "KEY", "value": {"m": "os:system", "i": 0, "f": [], "s": []}}',
        '{"format": 1, "key": "KEY", "value": {"m": "kolaps_print.model.not_a_module:X", "i": 0, "f": [], "s": []}}',
        '{"format": 1, "key": "KEY", "value": {"r": 7}}',
        '{"format": 99, "key": "KEY", "value": 1}',
    ],
    ids=["corrupt", "popen", "path", "function", "module", "dangling", "format"],
)
def test_a_corrupt_or_planted_entry_is_ignored_and_written_again(project, planted):
    assert run(project, "check", ARMY).returncode == 0
    for entry in entries(project):
        entry.write_text(planted.replace("KEY", entry.stem), encoding="utf-8")
    result = run(project, "check", ARMY)
    assert "Fusil à pompe" in weapon_names(result) and result.stderr == ""
    assert not (project / "pwned").exists()
    assert all(json.loads(e.read_text(encoding="utf-8"))["format"] == data_cache.FORMAT for e in entries(project))


def test_old_entries_are_removed_past_the_number_kept(project, monkeypatch):
    folder = project / "cache" / "kolaps-print"
    folder.mkdir(parents=True, mode=0o700)
    for i in range(data_cache.KEPT + 5):
        (folder / f"{i:064x}.json").write_text("{}")
        os.utime(folder / f"{i:064x}.json", (1000 + i, 1000 + i))
    (folder / "notes.txt").write_text("mine")  # not an entry: left alone
    assert run(project, "check", ARMY).returncode == 0
    left = sorted(p.name for p in folder.glob("*.json"))
    assert len(left) == data_cache.KEPT
    assert f"{0:064x}.json" not in left  # the oldest went first
    assert (folder / "notes.txt").read_text() == "mine"


def test_a_rebuilt_value_equals_the_validated_one(tmp_path, monkeypatch):
    """In process: every model, record and shared object of the game data and the card's
    layouts comes back equal, of the same classes, with the same fields set."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    base = resources.kolaps_folder(resources.data_dir())
    validated = gamedata._read_game_data(base)
    for _ in range(2):  # written, then read back
        rebuilt = gamedata.load_game_data(base)
    assert len(list((tmp_path / "kolaps-print").glob("*.json"))) == 1
    assert rebuilt is not validated
    assert repr(rebuilt.rules) == repr(validated.rules) and rebuilt.rules == validated.rules
    assert rebuilt.errata == validated.errata and rebuilt.scenarios == validated.scenarios
    assert rebuilt.readings == validated.readings
    assert rebuilt.catalogue.weapons == validated.catalogue.weapons
    assert rebuilt.catalogue.affiliations == validated.catalogue.affiliations
    assert rebuilt.rules.wounds.model_fields_set == validated.rules.wounds.model_fields_set
    assert [(d.file, d.data, d.value_marks, d.key_marks) for d in rebuilt.documents] == [
        (d.file, d.data, d.value_marks, d.key_marks) for d in validated.documents
    ]
    assert [str(o) for o in rebuilt.catalogue.origins.values()] == [
        str(o) for o in validated.catalogue.origins.values()
    ]
    # shared as loaded: the rules' traits are the catalogue's, an origin's document is listed
    assert rebuilt.catalogue.traits["automatique"] is next(
        t for t in rebuilt.rules.traits.traits if t.id == "automatique"
    )
    assert any(o.doc is d for o in rebuilt.catalogue.origins.values() for d in rebuilt.documents)
    for name, model in {"sizes": sheets.Sizes, "card": card_data.CardLayout, "style": style.HouseStyle}.items():
        for _ in range(2):  # written, then read back
            resources.clear_cached_reads()
            rebuilt_layout = load_layout(name, model)
        validated_layout = read_layout(resources.data_dir() / "layouts" / f"{name}.yaml", model)
        assert repr(rebuilt_layout) == repr(validated_layout) and rebuilt_layout == validated_layout


# Run in its own process (an audit hook cannot be removed): every cached load, its in-memory
# reads forgotten first, records the files it opens; the files of its key are printed beside them.
AUDIT = r"""
import json, os, sys
from pathlib import Path
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        opened.append(os.fsdecode(args[0]))
sys.addaudithook(hook)
from typer.testing import CliRunner
from kolaps_print import resources
from kolaps_print.cli import _register, app
from kolaps_print.model import data_cache
loads, real = [], data_cache.cached
def cached(kind, list_files, build):
    files = [*data_cache.typeset_files(), *list_files()]
    def audited():
        resources.clear_cached_reads()  # what build needs is read from the files, not memory
        start = len(opened)
        value = build()
        loads.append([kind, [str(Path(f).resolve()) for f in files], opened[start:]])
        return value
    return real(kind, list_files, audited)
data_cache.cached = cached
_register()
for args in json.loads(sys.argv[1]):
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, (args, result.output)
print(json.dumps(loads))
"""


def test_every_file_a_cached_load_reads_is_in_its_key(project):
    """A file read but not keyed (a label, style.yaml, a ruleset's file) would let an entry
    answer after that file changed. Run on a copied data folder, so that the bundled labels
    (the reference an edited copy is checked against) are read too."""
    shutil.copytree(resources.bundled("templates"), project / "tp")
    commands = [
        ["check", "--strict", ARMY],
        ["cards", ARMY, "-o", "cards.pdf"],
        ["tables", "-o", "tables.pdf"],
        ["rulebook", "-o", "book.pdf"],
        ["cards", "bd/rulesets/d100/armies/les-convoyeurs.yaml", "-o", "d100.pdf"],
        ["rulebook", "--ruleset", "d12", "-o", "d12.pdf"],
    ]
    env = os.environ | {"KOLAPS_DATA": str(project / "bd"), "KOLAPS_TEMPLATES": str(project / "tp")}
    env |= {"KOLAPS_CACHE": "off"}  # every load runs
    result = subprocess.run(
        [sys.executable, "-c", AUDIT, json.dumps(commands)], cwd=project, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    loads = json.loads(result.stdout.splitlines()[-1])
    data = [str(p.resolve()) for p in (project, resources.bundled("data"), resources.bundled("templates"))]
    kinds = set()
    for kind, keyed, opened in loads:
        kinds.add(kind.split()[0])
        read = {str(Path(p).resolve()) for p in opened}
        read = {p for p in read if p.startswith(tuple(data)) and Path(p).suffix in (".yaml", ".yml")}
        assert read and read <= set(keyed), f"{kind} reads {sorted(read - set(keyed))} outside its key"
    assert kinds == {"game", "layout", "card", "book", "ruleset"}


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """In process: a cache folder of this test's own, and a data file to key entries by."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv(data_cache.VARIABLE, raising=False)
    path = tmp_path / "a.yaml"
    path.write_text("one", encoding="utf-8")
    return path


def read_through(path: Path) -> str:
    return data_cache.cached("test", lambda: [path], lambda: path.read_text(encoding="utf-8"))


def test_a_value_is_kept_and_read_back_in_process(own_cache):
    """The counterpart of the tests below: a private entry answers."""
    assert read_through(own_cache) == "one"
    entry = next((own_cache.parent / "xdg" / "kolaps-print").glob("*.json"))
    forge(entry, '"one"', '"kept"')
    assert read_through(own_cache) == "kept"


def test_a_file_edited_while_it_is_read_is_not_kept(own_cache):
    """The key is of the bytes before the build, the value of those after: kept, it would
    answer for the old bytes with the new ones' value."""

    def edited_meanwhile():
        own_cache.write_text("two", encoding="utf-8")
        return own_cache.read_text(encoding="utf-8")

    assert data_cache.cached("test", lambda: [own_cache], edited_meanwhile) == "two"
    own_cache.write_text("one", encoding="utf-8")
    assert read_through(own_cache) == "one"


def test_a_cache_folder_that_is_a_link_is_not_used(own_cache):
    assert read_through(own_cache) == "one"
    folder = own_cache.parent / "xdg" / "kolaps-print"
    forge(next(folder.glob("*.json")), '"one"', '"planted"')
    folder.rename(own_cache.parent / "elsewhere")
    folder.symlink_to(own_cache.parent / "elsewhere")
    assert read_through(own_cache) == "one"


def test_no_module_attribute_is_read_on_an_entry_s_word(monkeypatch):
    """A module's __getattr__ may import or compute: an entry naming a class is looked up
    among the package's models and records only."""
    asked = []
    module = types.ModuleType("kolaps_print.model.planted")
    module.__getattr__ = lambda name: asked.append(name) or gamedata.GameData  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    planted = '{"o": "kolaps_print.model.planted:Anything", "i": 0, "f": []}'
    with pytest.raises(KeyError):
        json.loads(planted, object_hook=data_cache._Decoder())
    assert asked == []


def test_a_warm_run_prints_the_warnings_a_cold_run_prints(project):
    """Warnings of the army and of its cards are found again on every run (no load that warns
    is cached): the same lines cold, warm and without the cache, with and without --strict."""
    army = project / "no-avatar.yaml"
    shutil.copy(Path(__file__).parent / "golden" / "09-no-avatar.yaml", army)
    for strict in ([], ["--strict"]):
        seen = [run(project, "check", *strict, army.name, cache=cache) for cache in ("on", "on", "off")]
        assert all(
            (r.returncode, r.stdout, r.stderr) == (seen[2].returncode, seen[2].stdout, seen[2].stderr) for r in seen
        )
        assert "warning: characters: no Avatar" in seen[0].stderr or "error: characters: no Avatar" in seen[0].stderr
