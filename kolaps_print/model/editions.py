"""The rulebook's editions, in a module of their own: the CLI lists them in --help without
loading the data model (building its classes is most of a bare start-up)."""

from typing import Literal

Edition = Literal["full", "quickstart"]  # the rulebook's editions (templates/rulebook/book.yaml)
