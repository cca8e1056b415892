"""The one place where millimetres (data, layout) become PDF points (drawing)."""

MM = 72.0 / 25.4


def pt(mm: float) -> float:
    return mm * MM


def to_mm(points: float) -> float:
    return points / MM
