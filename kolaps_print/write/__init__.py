"""Stage 6: write output files atomically and reproducibly, only where the output policy allows."""

from kolaps_print.write.atomic import Output, planned_output, write_atomically
from kolaps_print.write.folder import build_atomically, check_folder
from kolaps_print.write.pdf import PdfMeta, new_canvas
from kolaps_print.write.target import JSON, PDF, Inputs, Kind, check_output, source_inputs

__all__ = [
    "JSON",
    "PDF",
    "Inputs",
    "Kind",
    "Output",
    "PdfMeta",
    "build_atomically",
    "check_folder",
    "check_output",
    "new_canvas",
    "planned_output",
    "source_inputs",
    "write_atomically",
]
