"""Stage 6: write output files atomically and reproducibly."""

from kolaps_print.write.atomic import write_atomically
from kolaps_print.write.pdf import PdfMeta, new_canvas

__all__ = ["PdfMeta", "new_canvas", "write_atomically"]
