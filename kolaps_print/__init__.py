"""kolaps-print: turn KOLAPS: Ground Zero game data (YAML) into print-ready PDFs.

Pipeline, one subpackage per stage:
load (YAML with line numbers) -> model (validation) -> layout (geometry, text fitting)
-> draw (reportlab) -> impose (cards on sheets) -> write (atomic PDF output).
"""

# The one source of the version: pyproject.toml reads it from here ([tool.hatch.version]), so
# the package metadata always agrees, and start-up does not pay ~30 ms for importlib.metadata.
__version__ = "0.1.0"

# reportlab's paragraphs compile a URI pattern on import that only hyphenating a URI uses (~50 ms
# of every run making paragraphs), PyYAML one its C loader never uses: compiled on first use
# instead (kolaps_print/lazy_imports.py, lazy_patterns.py).
from kolaps_print import lazy_imports  # noqa: E402

lazy_imports.install()
