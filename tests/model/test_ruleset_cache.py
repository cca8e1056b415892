"""A ruleset folder kept in the data cache (model/ruleset_load.py, issue 15): the same ruleset and
the same card bytes cold, warm and without the cache; a warm load reads no YAML; an edit is
seen; a corrupt or foreign entry and an unusable folder are read past; a folder with a message
is never kept, and gives the same messages each run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kolaps_print import resources
from kolaps_print.diagnostics import KolapsError
from kolaps_print.model import data_cache, ruleset_load
from kolaps_print.model.ruleset_load import CACHE_KIND, Ruleset, folder_files, load_ruleset

BUNDLED = ("3d6", "d100", "d12")


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    return tmp_path / "xdg" / "kolaps-print"


@pytest.fixture
def reads(monkeypatch):
    """How many times the folder's files were read and checked (the cold path)."""
    count = [0]
    read = ruleset_load._checked_files

    def counted(*args):
        count[0] += 1
        return read(*args)

    monkeypatch.setattr(ruleset_load, "_checked_files", counted)
    return count


def folder(ruleset_id: str) -> Path:
    return resources.data_dir() / "rulesets" / ruleset_id


def entry(ruleset_home: Path, where: Path) -> Path:
    key = data_cache._key(CACHE_KIND, folder_files(where))
    assert key is not None
    return ruleset_home / f"{key}.json"


def seen(ruleset: Ruleset) -> tuple:
    """What a load gives, class names in place of the catalogues' models (made anew each load)."""
    catalogues = {
        id_: [(type(e).__name__, e.model_dump(), sorted(e.model_fields_set)) for e in entries.values()]
        for id_, entries in ruleset.catalogues.items()
    }
    character = ruleset.character.model_json_schema()
    documents = [(d.file, d.data) for d in ruleset.documents]
    return ruleset.folder, ruleset.spec, ruleset.tables, ruleset.errata, catalogues, character, documents


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_a_warm_load_is_the_cold_one_without_reading_the_files(ruleset_id, cache_home, reads, monkeypatch):
    monkeypatch.setenv("KOLAPS_CACHE", "off")
    off = seen(load_ruleset(folder(ruleset_id)))
    monkeypatch.delenv("KOLAPS_CACHE")
    cold = seen(load_ruleset(folder(ruleset_id)))
    assert reads[0] == 2 and entry(cache_home, folder(ruleset_id)).is_file()
    warm = seen(load_ruleset(folder(ruleset_id)))
    assert reads[0] == 2  # nothing read again
    assert cold == off and warm == off


def test_an_edited_catalogue_is_read_again(cache_home, reads, data_copy):
    d100 = data_copy / "rulesets" / "d100"
    assert load_ruleset(d100).catalogues["armes"]["couteau"].name == "Couteau"
    weapons = d100 / "weapons.yaml"
    weapons.write_text(weapons.read_text(encoding="utf-8").replace('"Couteau"', '"Tromblon"'), encoding="utf-8")
    assert load_ruleset(d100).catalogues["armes"]["couteau"].name == "Tromblon"
    assert reads[0] == 2


@pytest.mark.parametrize("content", [b"", b"garbage", b'{"format": 1, "key": "', None])
def test_a_corrupt_entry_is_read_past_and_written_again(content, cache_home, reads):
    d12 = folder("d12")
    expected = seen(load_ruleset(d12))
    kept = entry(cache_home, d12)
    good = kept.read_bytes()
    kept.write_bytes(good[: len(good) // 2] if content is None else content)  # None: cut short
    assert seen(load_ruleset(d12)) == expected and reads[0] == 2
    assert kept.read_bytes() == good  # written again


def test_another_ruleset_s_entry_is_not_believed(cache_home, reads):
    d12, d100 = folder("d12"), folder("d100")
    expected = seen(load_ruleset(d12))
    load_ruleset(d100)
    shutil.copyfile(entry(cache_home, d100), entry(cache_home, d12))  # d100's ruleset under d12's name
    assert seen(load_ruleset(d12)) == expected and reads[0] == 3


def test_an_unusable_cache_folder_changes_nothing(tmp_path, monkeypatch, reads):
    monkeypatch.delenv("KOLAPS_CACHE", raising=False)
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    first, second = seen(load_ruleset(folder("3d6"))), seen(load_ruleset(folder("3d6")))
    assert first == second and reads[0] == 2


def broken_messages(where: Path) -> list[str]:
    with pytest.raises(KolapsError) as caught:
        load_ruleset(where)
    return [str(d) for d in caught.value.diagnostics]


def test_a_folder_with_a_message_is_never_kept(cache_home, reads, data_copy):
    d12 = data_copy / "rulesets" / "d12"
    spec = d12 / "ruleset.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("errata_prefix:", "errata_prefixe:", 1), encoding="utf-8")
    labels = d12 / "labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8") + "\nno_such_area: Rien\n", encoding="utf-8")
    cold = broken_messages(d12)
    assert any("errata_prefixe" in m for m in cold) and any("labels.yaml" in m for m in cold)
    assert broken_messages(d12) == cold and reads[0] == 2  # read in full each time
    assert not entry(cache_home, d12).exists()


def test_a_labels_error_is_the_same_when_the_folder_comes_from_the_cache(cache_home, reads, data_copy, monkeypatch):
    """The shared labels are not under the folder: the folder kept, its labels.yaml checked anew."""
    d12 = data_copy / "rulesets" / "d12"
    load_ruleset(d12)  # kept
    shared = data_copy / "labels" / "fr" / "rulesets.yaml"
    shared.write_text(shared.read_text(encoding="utf-8").replace("  rungs:", "  rungz:"), encoding="utf-8")
    resources.clear_cached_reads()
    warm = broken_messages(d12)
    assert reads[0] == 1 and warm and all("rungs" in m for m in warm)
    monkeypatch.setenv("KOLAPS_CACHE", "off")
    resources.clear_cached_reads()
    assert broken_messages(d12) == warm and reads[0] == 2
