"""`kolaps-print rulebook`: not written yet."""
