"""Preflight: what a print shop's checks would reject in a PDF, found before sending it.

`read_pdf` opens any PDF; `preflight` returns its findings (one per problem, each with its
page). It is not a PDF/X validator: docs/print-shop.md lists what it checks and what it does not.
"""

from kolaps_print.preflight.checks import PreflightFinding, preflight

__all__ = ["PreflightFinding", "preflight"]
