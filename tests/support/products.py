"""The printed products that the every_product fixture (tests/conftest.py) builds, by name."""

CARDS = ("cards-section-kappa", "cards-les-damnes", "cards-vampires")
PRINTED = CARDS + (
    "tables",
    "tables-cards",
    "rulebook",
    "quickstart",
    "calibrate",
    "kit-carton",
    "kit-papier",
    "tokens",
)
