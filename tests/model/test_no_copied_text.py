"""Every text of data/ is our own French: no run of 8 words of the draft rules survives in it.

The draft's numbers and tables are facts to copy; its sentences are not. The chapters have
their own check (tests/rulebook/test_chapters.py), which leaves to this one the runs lying
wholly inside a data string: the cards, the reference sheet and the book print those as they are.
"""

import pytest
from draft_copy import copied_runs, runs, strings_in, words  # tests/support (pytest pythonpath)
from draft_copy import draft_path as _draft

from kolaps_print import resources


# ---- the check itself can fail ------------------------------------------------------
def test_words_fold_case_accents_apostrophes_and_punctuation():
    assert words("L’hémorragie, À CÔTÉ ; cœur… (2C6)") == ["l", "hemorragie", "a", "cote", "coeur", "2c6"]


def test_a_copied_run_is_found_despite_accents_and_punctuation():
    draft = "Il perd 1 point de moral en plus de la perte de moral liée à la blessure."
    assert runs("il perd 1 point de moral, en plus de la perte") & runs(draft)
    assert not runs("il perd 1 point de moral de plus que la blessure") & runs(draft)


def test_strings_are_found_at_every_depth_with_their_path():
    tree = {"a": [{"text": "un"}, {"id": "x", "short": "deux"}], "b": "trois"}
    assert strings_in(tree) == [("a.0.text", "un"), ("a.1[x].id", "x"), ("a.1[x].short", "deux"), ("b", "trois")]


def test_a_data_file_with_a_draft_sentence_is_reported(tmp_path):
    draft = "Un seul 1 dans le jet de dé signifiera un échec critique pour le tireur."
    bad = tmp_path / "bad.yaml"
    bad.write_text('rolls:\n  - text: "Un seul 1 dans le jet de dé signifiera un échec."\n', encoding="utf-8")
    (tmp_path / "good.yaml").write_text('rolls:\n  - text: "Sur un 1, le tir rate."\n', encoding="utf-8")
    assert list(copied_runs(tmp_path, draft)) == ["bad.yaml:rolls.0.text"]


# ---- the data ------------------------------------------------------------------------
def test_the_data_has_texts_to_check():
    data = resources.data_dir()
    names = {p.relative_to(data).as_posix() for p in data.rglob("*.yaml")}
    assert {
        "rulesets/kolaps/rules/wounds.yaml",
        "rulesets/kolaps/weapons.yaml",
        "rulesets/kolaps/affiliations.yaml",
        "labels/fr/tables.yaml",
    } <= names


@pytest.mark.skipif(_draft() is None, reason="the draft rules (shared/seeds) are not beside this checkout")
def test_no_eight_word_run_of_the_draft_in_any_data_text():
    copied = copied_runs(resources.data_dir(), _draft().read_text(encoding="utf-8"))
    assert not copied, "\n".join(f"{where}: « {' | '.join(found)} »" for where, found in copied.items())
