"""`kolaps-print tables`: not written yet."""
