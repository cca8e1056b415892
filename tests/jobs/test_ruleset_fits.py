"""A ruleset deck's type sizes kept between runs (jobs/ruleset_fits.py, issue 15, rscards17): the
second build of the same deck lays its faces out once per side instead of searching the sizes,
and prints the same bytes; an entry that is spoiled, or whose answer the faces contradict, is
searched again (the same bytes); nothing is kept with KOLAPS_CACHE=off. The first two fail on
main f7c472b (no kept sizes: build_ruleset_cards searched every run)."""

import pytest
from ruleset_products import demo_army  # tests/support

from kolaps_print import disk_cache
from kolaps_print.jobs import ruleset_cards, ruleset_fits
from kolaps_print.jobs.cards import CardOptions
from kolaps_print.jobs.ruleset_cards import build_ruleset_cards

DECKS = [
    ("d12", CardOptions()),
    ("3d6", CardOptions()),
    ("d100", CardOptions(card="mini")),
    ("3d6", CardOptions(card="tarot")),
]


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(disk_cache.VARIABLE, raising=False)
    return tmp_path / "kolaps-print"


def layouts_counted(monkeypatch) -> list[int]:
    counted = [0]
    real = ruleset_cards.face_layout

    def counting(*args, **kwargs):
        counted[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(ruleset_cards, "face_layout", counting)
    return counted


@pytest.mark.parametrize(("ruleset", "options"), DECKS, ids=lambda v: getattr(v, "card", v))
def test_a_second_build_lays_each_face_out_once_and_prints_the_same(own_cache, monkeypatch, ruleset, options):
    army = demo_army(ruleset)
    searched = build_ruleset_cards(army, options).pdf  # the library's default: nothing kept
    counted = layouts_counted(monkeypatch)
    first = build_ruleset_cards(army, options, keep_fits=True).pdf
    searching = counted[0]
    assert list(own_cache.glob("*.deckfit"))
    counted[0] = 0
    contents: list[int] = []  # each side tried (a back may try several sets of kinds): its distinct contents
    real_contents = ruleset_cards._contents
    monkeypatch.setattr(
        ruleset_cards, "_contents", lambda *a: contents.append(len((found := real_contents(*a))[0])) or found
    )
    second = build_ruleset_cards(army, options, keep_fits=True).pdf
    assert first == searched and second == searched
    # at most each distinct face once a side tried (a side with tall faces: only those, to check them)
    assert counted[0] <= min(sum(contents), searching)
    if options.card != "mini":  # a mini card has one size: nothing to search
        assert counted[0] < searching


@pytest.mark.parametrize(
    "spoiled",
    [
        b"garbage",
        ("1.0", None, ()),
        (1.0, None, True),  # not a tuple of contents
        (99.0, None, ()),  # not a scale of the look
        (1.0, 7.123, ()),  # a body off the grid (a mini card grows none)
        (1.0, None, ()),  # every face fits: laid out and checked
        (1.0, None, (0, 1, 2, 3, 4)),  # every content too tall: each laid out and checked
        (1.0, None, (1, 0)),
        (1.0, None, (99,)),
    ],
    ids=repr,
)
def test_a_spoiled_or_contradicted_entry_is_searched_again(own_cache, monkeypatch, spoiled):
    army = demo_army("d12")
    options = CardOptions(card="mini")  # one scale (every answer right or contradicted), backs tall at first
    searched = build_ruleset_cards(army, options).pdf
    keys: list[str] = []
    real_keep = ruleset_fits.DeckFits.keep

    def keeping(self, key, fit):
        keys.append(key)
        real_keep(self, key, fit)

    monkeypatch.setattr(ruleset_fits.DeckFits, "keep", keeping)
    assert build_ruleset_cards(army, options, keep_fits=True).pdf == searched
    assert keys
    for key in keys:
        if isinstance(spoiled, bytes):
            (own_cache / f"{key}.{ruleset_fits.SUFFIX}").write_bytes(spoiled)
        else:
            disk_cache.write_marshalled(ruleset_fits.FORMAT, key, ruleset_fits.SUFFIX, ruleset_fits.KEPT, spoiled)
    assert build_ruleset_cards(army, options, keep_fits=True).pdf == searched


def test_nothing_is_kept_with_the_cache_off(own_cache, monkeypatch):
    monkeypatch.setenv(disk_cache.VARIABLE, "off")
    build_ruleset_cards(demo_army("3d6"), CardOptions(), keep_fits=True)
    assert not own_cache.exists() or not list(own_cache.glob("*.deckfit"))


def tries_counted(monkeypatch) -> list[int]:
    """The tries of kinds kept (_kept) each build makes: each makes its backs with _leaving_out."""
    counted = [0]
    real = ruleset_cards._leaving_out

    def counting(*args):
        counted[0] += 1
        return real(*args)

    monkeypatch.setattr(ruleset_cards, "_leaving_out", counting)
    return counted


def test_a_second_build_makes_no_try_before_the_first_that_fitted(own_cache, monkeypatch):
    """speed24: the d12 poker backs fit with the how-to line and the tables left out (the third
    try); a second build starts there, the same bytes. Fails on main dbf5c9c (three tries again)."""
    army = demo_army("d12")
    searched = build_ruleset_cards(army, CardOptions()).pdf
    counted = tries_counted(monkeypatch)
    first = build_ruleset_cards(army, CardOptions(), keep_fits=True).pdf
    assert counted[0] == 3
    counted[0] = 0
    second = build_ruleset_cards(army, CardOptions(), keep_fits=True).pdf
    assert counted[0] == 1
    assert first == searched and second == searched


@pytest.mark.parametrize(
    "spoiled",
    [b"garbage", (ruleset_fits.TRIES, -1), (ruleset_fits.TRIES, 99), (ruleset_fits.TRIES, "2"), ("other", 2), (2,)],
    ids=repr,
)
def test_a_spoiled_kept_try_is_tried_from_the_first(own_cache, monkeypatch, spoiled):
    army = demo_army("d12")
    searched = build_ruleset_cards(army, CardOptions()).pdf
    keys: list[str] = []
    real_keep = ruleset_fits.DeckFits.keep_try

    def keeping(self, key, first):
        keys.append(key)
        real_keep(self, key, first)

    monkeypatch.setattr(ruleset_fits.DeckFits, "keep_try", keeping)
    assert build_ruleset_cards(army, CardOptions(), keep_fits=True).pdf == searched
    assert keys
    counted = tries_counted(monkeypatch)
    for key in keys:
        if isinstance(spoiled, bytes):
            (own_cache / f"{key}.{ruleset_fits.SUFFIX}").write_bytes(spoiled)
        else:
            disk_cache.write_marshalled(ruleset_fits.FORMAT, key, ruleset_fits.SUFFIX, ruleset_fits.KEPT, spoiled)
    assert build_ruleset_cards(army, CardOptions(), keep_fits=True).pdf == searched
    assert counted[0] == 3  # from the first try, each too tall but the last
