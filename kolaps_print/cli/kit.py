"""`kolaps-print kit`: not written yet."""
