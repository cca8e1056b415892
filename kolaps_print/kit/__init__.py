"""Demo-day kits: one kit file -> every document a convention table needs, in one folder.

kitfile (model + validation) -> parts (the documents) -> stamp -> assemble (the print runs:
kit-carton.pdf, kit-papier.pdf) -> packing list, previews -> archive (zip) -> folder (atomic replace), driven by build.py.
The kit sits above jobs/: it calls the cards, tables and rulebook jobs; no job imports it.
"""
