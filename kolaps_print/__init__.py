"""kolaps-print: turn KOLAPS: Ground Zero game data (YAML) into print-ready PDFs.

Pipeline, one subpackage per stage:
load (YAML with line numbers) -> model (validation) -> layout (geometry, text fitting)
-> draw (reportlab) -> impose (cards on sheets) -> write (atomic PDF output).
"""

__version__ = "0.1.0"
