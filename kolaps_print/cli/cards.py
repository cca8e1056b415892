"""`kolaps-print cards`: not written yet."""
