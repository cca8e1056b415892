"""The quick-reference sheet and cards laid out: reportlab flowables placed in boxes, per page or face."""
