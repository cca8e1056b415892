"""`kolaps-print calibrate`: not written yet."""
