"""The index's order and names (kolaps_print/rulebook/index.py); the printed index is read back
in test_book_design.py."""

from __future__ import annotations

from kolaps_print.rulebook.flowables import defined_terms
from kolaps_print.rulebook.index import entry_name, index_entries, sort_key
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


def test_a_term_that_is_also_a_section_is_listed_once_at_its_first_page():
    headings = [Heading(2, [], "Les tests", "tests", True, 1), Heading(3, [], "Le seuil", "seuil", True, 2)]
    chapter = Chapter("des", "03-des.md.j2", [], headings)
    terms = {"test": "terme-1", "seuil": "terme-2", "valeur de cible": "terme-3"}
    pages = {"tests": 5, "seuil": 4, "terme-1": 3, "terme-2": 6, "terme-3": 3}
    assert index_entries([chapter], terms, pages) == [
        ("Seuil", "seuil"),
        ("Test", "terme-1"),
        ("Valeur de cible", "terme-3"),
    ]


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
        ("Automatique (difficulté)", "terme-1"),
        ("Automatique (faculté)", "faculte-automatique"),
        ("Difficulté", "difficulte"),  # the section itself
        ("Seuil", "terme-2"),
    ]
