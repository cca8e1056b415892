"""KOLAPS's card blocks share the other rulesets' vocabulary where a block is the same thing."""

import typing

from kolaps_print.layout.card_blocks.registry import BACK, FRONT
from kolaps_print.model import ruleset_cards
from kolaps_print.model.kolaps_card import BACK_BLOCKS, FRONT_BLOCKS

# the blocks both print: the character's band, the foot band, the stat tiles, the weapons, the
# reminders of what rules do, a table of hit locations
SHARED = {"name", "band", "stat_tiles", "weapons", "reminders", "location_table"}


def _ruleset_block_names() -> set[str]:
    members = typing.get_args(typing.get_args(ruleset_cards.Block)[0])
    return {typing.get_args(m.model_fields["block"].annotation)[0] for m in members}


def test_the_blocks_both_print_have_the_rulesets_names():
    assert SHARED <= _ruleset_block_names()
    assert SHARED <= set(FRONT_BLOCKS) | set(BACK_BLOCKS)


def test_every_block_name_has_its_module():
    assert tuple(FRONT) == FRONT_BLOCKS
    assert tuple(BACK) == BACK_BLOCKS
