"""Fixed names the CLI offers in --help, in a module of their own: listing them must not build
the data model's classes (most of a bare start-up)."""

from typing import Literal

Edition = Literal["full", "quickstart"]  # the rulebook's editions (templates/rulesets/kolaps/book.yaml)
KOLAPS = "kolaps"  # the ruleset of an army file without a ruleset: key
