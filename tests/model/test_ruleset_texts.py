"""Each ruleset's French is our own: no run of 8 words of its seed (or of KOLAPS's draft)
survives in any text of its folder; the seed's numbers and names are facts to copy."""

from pathlib import Path

import pytest
import yaml
from draft_copy import RUN, copied_runs, runs, strings_in  # tests/support

from kolaps_print import resources

SEEDS = {"d100": "001_c62d5d2787869046.txt", "3d6": "002_0fc9685c052d0e37.txt", "d12": "003_5e5ce97196184d44.txt"}


def seed_text(name: str) -> str | None:
    for base in (Path(__file__).resolve().parents[3] / "shared", Path("/work/shared")):
        path = base / "seeds" / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


@pytest.mark.parametrize("ruleset_id", sorted(SEEDS))
def test_no_eight_word_run_of_the_seed_in_the_ruleset(ruleset_id):
    seed = seed_text(SEEDS[ruleset_id])
    if seed is None:
        pytest.skip("the seeds (shared/seeds) are not beside this checkout")
    copied = copied_runs(resources.data_dir() / "rulesets" / ruleset_id, seed)
    assert not copied, "\n".join(f"{where}: « {' | '.join(found)} »" for where, found in copied.items())


def test_the_check_finds_a_copied_sentence(tmp_path):
    seed = seed_text(SEEDS["d100"])
    if seed is None:
        pytest.skip("the seeds (shared/seeds) are not beside this checkout")
    sentence = "Il faut un round entier pour expulser le chargeur vide et le remplacer par un neuf."
    assert sentence in seed.replace("\n", " ")
    (tmp_path / "tables.yaml").write_text(yaml.safe_dump({"note": sentence}, allow_unicode=True), encoding="utf-8")
    assert list(copied_runs(tmp_path, seed)) == ["tables.yaml:note"]
    assert RUN == 8 and runs(sentence)


def test_every_ruleset_file_has_texts():
    for ruleset_id in SEEDS:
        tree = yaml.safe_load(
            (resources.data_dir() / "rulesets" / ruleset_id / "tables.yaml").read_text(encoding="utf-8")
        )
        assert len(strings_in(tree)) > 20
