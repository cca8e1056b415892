"""KOLAPS's card as blocks (data/rulesets/kolaps/card.yaml): each block a module that lays its part
of a face out for the card's width, with the code the builders (card_front.py, card_back.py) had.
The builders keep what the whole army shares (one name size, one body scale) and walk the list."""
