from hypothesis import given, settings
from hypothesis import strategies as st

from kolaps_print.rulebook.typography import NBSP, french


def test_apostrophes_become_curly():
    assert french("l'arme d'Hélène") == "l\u2019arme d\u2019Hélène"


def test_no_break_space_before_double_punctuation():
    assert french("Attention : deux ; trois ! quatre ?") == f"Attention{NBSP}: deux{NBSP}; trois{NBSP}! quatre{NBSP}?"


def test_space_is_added_when_missing():
    assert french("Note: voir") == f"Note{NBSP}: voir"
    assert french("Vraiment?") == f"Vraiment{NBSP}?"


def test_guillemets_get_inner_no_break_spaces():
    assert french('un "couvert" solide') == f"un \u00ab{NBSP}couvert{NBSP}\u00bb solide"
    assert french("« couvert »") == f"\u00ab{NBSP}couvert{NBSP}\u00bb"


def test_markdown_emphasis_counts_as_the_end_of_a_word():
    assert french("**Marcher** : avancer") == f"**Marcher**{NBSP}: avancer"


def test_times_urls_and_anchors_are_left_alone():
    assert (
        french("à 10:30, http://exemple.fr et [voir](#embuscade)") == "à 10:30, http://exemple.fr et [voir](#embuscade)"
    )


def test_narrow_no_break_space_becomes_a_no_break_space():
    # reportlab breaks lines at U+202F and Liberation/EB italics may lack it.
    assert french("50\u202f%") == f"50{NBSP}%"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="ab :;!?'\"«»\u202f\u00a0.", max_size=30))
def test_idempotent(text):
    once = french(text)
    assert french(once) == once


def test_nested_straight_quotes_are_paired_in_one_pass():
    # found by test_idempotent: the inner pair hid the outer one until a second run
    once = french('"":""')
    assert '"' not in once
    assert french(once) == once
