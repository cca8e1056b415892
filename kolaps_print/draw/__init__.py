"""Stage 4: draw cards, tables and pages with reportlab."""
