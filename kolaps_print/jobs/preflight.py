"""`preflight`: a PDF's problems for a print shop, one PreflightFinding each with its page (library API).

from kolaps_print.jobs.preflight import preflight_file
result = preflight_file("output/section-kappa-cards.pdf")   # PreflightResult(file, findings)

The PDF is untrusted: read as any input file (a regular file, at most MAX_PDF_BYTES), and a
file pypdf cannot parse is a located error, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf.errors import FileNotDecryptedError

from kolaps_print.diagnostics import Diagnostic, KolapsError
from kolaps_print.load.input_file import read_input
from kolaps_print.preflight import PreflightFinding, preflight

MAX_PDF_BYTES = 500 * 1024 * 1024  # a whole rulebook with pictures is far below


@dataclass(frozen=True)
class PreflightResult:
    file: str
    findings: list[PreflightFinding]

    @property
    def errors(self) -> list[PreflightFinding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> list[PreflightFinding]:
        return [f for f in self.findings if f.severity == "warning"]

    def lines(self) -> list[str]:
        return [f.line(self.file) for f in self.findings]

    def summary(self) -> str:
        if not self.findings:
            return f"{self.file}: ready for a print shop (no problem found)"
        return f"{self.file}: {len(self.errors)} error(s), {len(self.warnings)} warning(s)"


def preflight_file(path: Path | str) -> PreflightResult:
    """The findings of the PDF at path; KolapsError if it cannot be read as a PDF."""
    file = str(path)
    pdf = read_input(path, file, MAX_PDF_BYTES)
    if not pdf.lstrip()[:5] == b"%PDF-":
        raise _unreadable(file, "this is not a PDF (it does not start with %PDF-)")
    try:
        findings = preflight(pdf)
    except FileNotDecryptedError:
        raise _unreadable(file, "this PDF is encrypted (it needs a password): preflight cannot read it") from None
    except RecursionError:
        raise _unreadable(file, "its objects nest too deeply to be read") from None
    except Exception as exc:  # noqa: BLE001 - a damaged or hostile PDF fails pypdf in many ways: the file's fault
        raise _unreadable(file, f"this PDF is damaged and cannot be read ({type(exc).__name__})") from None
    return PreflightResult(file, findings)


def _unreadable(file: str, message: str) -> KolapsError:
    return KolapsError([Diagnostic(file, 1, 1, "error", message)])
