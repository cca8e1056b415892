"""The rulebook's own platypus pipeline, beside draw/ and impose/ (used by jobs/rulebook.py).

sources (book.yaml) -> templating (Jinja, sandboxed) -> markdown (blocks) -> check (cross
references, tables, consistency report) -> story (flowables, styles from
data/layouts/rulebook.yaml) -> book (layout passes until every page number holds) -> PDF bytes.
"""
