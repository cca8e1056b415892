"""The one place where lengths change unit: millimetres (data, layout) become PDF points
(drawing) or pixels at a resolution, and back."""

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
MM = POINTS_PER_INCH / MM_PER_INCH  # points in a millimetre


def pt(mm: float) -> float:
    return mm * MM


def to_mm(points: float) -> float:
    return points / MM


def inches(mm: float) -> float:
    return mm / MM_PER_INCH
