"""The index's order and names (kolaps_print/rulebook/index.py); the printed index is read back
in test_book_design.py."""

from __future__ import annotations

from kolaps_print.rulebook.flowables import defined_terms
from kolaps_print.rulebook.index import entry_name, entry_pages, index_entries, section_anchors, sort_key
from kolaps_print.rulebook.markdown import Chapter, Heading
from kolaps_print.typography import french


def test_french_order_sets_articles_accents_and_punctuation_aside():
    names = ["Zone pleine", "L’Avatar", "Échec", "Réussite : gravité", "Réussite critique", "Les dés", "Arme"]
    assert sorted(names, key=sort_key) == [
        "Arme",
        "L’Avatar",
        "Les dés",
        "Échec",
        "Réussite critique",
        "Réussite : gravité",
        "Zone pleine",
    ]


def test_an_entry_drops_its_article_and_starts_with_a_capital():
    assert [entry_name(n) for n in ("L’Avatar", "Le seuil de réussite", "mode offensif", "APC")] == [
        "Avatar",
        "Seuil de réussite",
        "Mode offensif",
        "APC",
    ]


def test_a_term_that_is_also_a_section_is_listed_once_with_both_places_earliest_first():
    """Session 14 (review 13, S6): the entry kept only the earlier of the two places, so « Échec »
    sent the reader to a passing mention (p. 7) and not to its section (p. 10)."""
    headings = [Heading(2, [], "Les tests", "tests", True, 1), Heading(3, [], "Le seuil", "seuil", True, 2)]
    chapter = Chapter("des", "03-des.md.j2", [], headings)
    terms = {"test": "terme-1", "seuil": "terme-2", "valeur de cible": "terme-3"}
    pages = {"tests": 5, "seuil": 4, "terme-1": 3, "terme-2": 6, "terme-3": 3}
    assert index_entries([chapter], terms, pages) == [
        ("Seuil", ["seuil", "terme-2"]),
        ("Test", ["terme-1", "tests"]),
        ("Valeur de cible", ["terme-3"]),
    ]
    sections = section_anchors([chapter])
    assert entry_pages(["terme-1", "tests"], pages, sections) == [("3", False), ("5", True)]
    assert entry_pages(["seuil", "terme-2"], pages | {"terme-2": 4}, sections) == [("4", True)]  # one page, bold


def test_a_chapter_named_as_an_entry_is_its_section_and_other_chapters_are_not_entries():
    """« Tour de jeu » gave p. 4 (the term) while its chapter opens p. 3 (review 13, S6)."""
    tour = Chapter("tour", "02-tour.md.j2", [], [Heading(1, [], "Le tour de jeu", "tour", True, 1)])
    des = Chapter("des", "03-des.md.j2", [], [Heading(1, [], "Les dés", "des", True, 1)])
    pages = {"tour": 3, "des": 4, "terme-1": 4}
    entries = index_entries([tour, des], {"tour de jeu": "terme-1"}, pages)
    assert entries == [("Tour de jeu", ["tour", "terme-1"])]
    assert entry_pages(entries[0][1], pages, section_anchors([tour, des])) == [("3", True), ("4", False)]


def test_only_bold_words_that_name_something_are_terms():
    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode

    text = "Un dé est une **réussite** ; **Marcher.** Il avance. **Pourquoi enchérir ?** Le **seuil** compte."
    inline = SyntaxTreeNode(MarkdownIt().parse(text)).children[0].children[0].children
    assert defined_terms(inline) == [french("réussite"), "seuil"]


def test_a_weapon_trait_named_as_another_term_is_a_second_sense():
    """« Automatique » is a difficulty (a term in bold under « La difficulté ») and a weapon
    trait (its own section): two entries, each named with its sense (designer's review, issue 28)."""
    from kolaps_print.rulebook.markdown import ListBlock, parse_chapter
    from kolaps_print.rulebook.templating import RenderedChapter
    from kolaps_print.rulebook.usage import Usage

    text = "## La difficulté {#difficulte}\n\n- à −3, l’action est **automatique**.\n"
    dice = parse_chapter(RenderedChapter("03-des.md.j2", "03-des.md.j2", text, Usage()), "des")
    headings = [Heading(3, [], "Automatique", "faculte-automatique", True, 9)]
    chapter = Chapter("armes", "07-armes.md.j2", [], headings)
    assert any(isinstance(b, ListBlock) for b in dice.blocks)
    terms = {"automatique": "terme-1", "seuil": "terme-2"}
    pages = {"faculte-automatique": 11, "terme-1": 5, "terme-2": 4}
    assert index_entries([dice, chapter], terms, pages) == [
        ("Automatique (difficulté)", ["terme-1"]),
        ("Automatique (faculté)", ["faculte-automatique"]),
        ("Difficulté", ["difficulte"]),  # the section itself
        ("Seuil", ["terme-2"]),
    ]
