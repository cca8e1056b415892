"""Cards that share their weapons and specialisations share their body's layout (issue 15,
speed15c): laid out once, printed on each card, and the PDF is the same bytes as without it."""

import dataclasses

import pypdfium2 as pdfium
import pytest
import yaml

from kolaps_print.draw import card_render
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.layout import card_front
from kolaps_print.layout.card_blocks import role
from kolaps_print.model.army_book import load_army

KITS = (["fusil-assaut", "pistolet"], ["mitrailleuse-lourde", "couteau-combat"])
NAMES = ("Anna", "Boris", "Chloé", "Dmitri", "Élise", "Fiodor", "Gaëlle", "Hugo")


@pytest.fixture
def army(tmp_path):
    """Eight characters, each with one of two weapon kits, names, ranks and functions of their own."""
    characters = [
        {
            "name": f"{name} Solmeyer",
            "function": ["Fusilier", "Éclaireur", "Mitrailleur"][i % 3],
            "rank": i % 5,
            "mvt": 3 + i % 3,
            "cib": 2 + i % 2,
            "weapons": KITS[i % 2],
        }
        for i, name in enumerate(NAMES)
    ]
    path = tmp_path / "army.yaml"
    data = {"name": "Essai", "affiliation": "apc", "characters": characters}
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return load_army(path)


def counted(monkeypatch, module, name):
    """module.name wrapped to count its calls: the returned list grows by one a call."""
    calls, original = [], getattr(module, name)

    def wrapper(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def fronts(pdf: bytes) -> list[str]:
    """Each front's text (print-shop PDF: one card a page, front then back)."""
    doc = pdfium.PdfDocument(pdf)
    return [" ".join(doc[i].get_textpage().get_text_range().split()) for i in range(0, len(doc), 2)]


def test_one_body_is_laid_out_per_distinct_weapons_and_specialisations(army, monkeypatch):
    placed = counted(monkeypatch, card_front, "place")  # a body stacked on its card
    result = build_cards(army, CardOptions(print_shop=True))
    assert len(placed) == len(KITS)  # eight cards, two kits
    weapons = {m.character.name: [w.name for w in m.weapons] for m in army.members}
    others = {m.character.name: [w.name for w in army.members[1 - m.index % 2].weapons] for m in army.members}
    texts = fronts(result.pdf)
    assert len(texts) == len(NAMES)
    for name in weapons:  # each card still prints its own name and its own kit, not the other
        text = next(t for t in texts if name in t)
        assert all(w in text for w in weapons[name]), (name, text)
        assert not any(w in text for w in others[name] if w not in weapons[name]), (name, text)


def test_the_shared_layouts_change_no_byte(army, demo_armies, monkeypatch):
    books = [army] + [load_army(p) for p in demo_armies]
    options = [CardOptions(), CardOptions(card="mini"), CardOptions(card="tarot")]
    shared = [build_cards(book, o).pdf for book in books for o in options]
    monkeypatch.setattr(card_front, "BODIES", 0)  # nothing kept: every body, role line and text made anew
    monkeypatch.setattr(role, "ROLES", 0)
    monkeypatch.setattr(card_render, "KNOWN_TEXTS", 0)
    alone = [build_cards(book, o).pdf for book in books for o in options]
    assert shared == alone


def test_a_cut_in_a_shared_body_is_said_at_every_character_that_carries_it(tmp_path):
    traits = ["deux-mains", "lourde", "automatique", "tranchant", "contondant", "couteau"]
    weapon = {"id": "arme-totale", "name": "Arme totale", "range": "contact", "traits": traits}
    characters = [{"name": name, "rank": 2, "mvt": 4, "cib": 2, "weapons": ["arme-totale"]} for name in NAMES[:3]]
    path = tmp_path / "army.yaml"
    data = {"name": "Essai", "affiliation": "apc", "characters": characters, "weapons": [weapon]}
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    result = build_cards(load_army(path), CardOptions(card="mini"))  # six traits are wider than a mini card
    cut = sorted(w.path for w in result.warnings if "Arme totale" in w.message)
    assert cut == [f"characters[{i}].weapons[0]" for i in range(3)], result.warnings


def test_a_weapon_name_printed_on_every_card_is_encoded_once(army, monkeypatch):
    encoded = counted(monkeypatch, card_render, "_encoded")  # a text's string for the PDF
    names = {w.name for m in army.members for w in m.weapons}
    build_cards(dataclasses.replace(army, members=army.members[:2]))  # one card of each kit
    once = [args[2] for args in encoded if args[2] in names]
    encoded.clear()
    build_cards(army)  # four cards of each kit
    assert sorted(args[2] for args in encoded if args[2] in names) == sorted(once)
