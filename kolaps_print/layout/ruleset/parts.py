"""The rulesets' card blocks in the drawing protocol of every card face (layout/card_blocks/
protocol.py: measure(width) -> height, then shapes(x, top), mm from the face's top-left).

Their blocks measure themselves as reportlab flowables do (wrap, in points) and lay themselves out
as shapes from a lower-left corner (layout/reference/as_shapes.py); here is the bridge: a
paragraph or a RowTable through the FlowablePart adapter, the rulesets' own blocks (SectionHead,
TilesBlock, BoxesBlock) as ShapedParts, parts themselves. The sheets and reference cards pour the
same flowables into columns in points and do not come through here."""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph

from kolaps_print.layout.reference.as_shapes import Area, ShapedBlock, block_shapes
from kolaps_print.layout.reference.row_table import BIG
from kolaps_print.layout.shapes import Shape
from kolaps_print.units import pt, to_mm


class _Measured:
    """A flowable's height (pt) at the last width (pt) it was measured at: a face is measured to
    fit, then stacked, at one width; its paragraphs are broken into lines once, not twice."""

    def __init__(self) -> None:
        self.at: tuple[float, float] = (-1.0, 0.0)

    def height(self, flowable: Flowable, width: float) -> float:
        if self.at[0] != width:
            self.at = (width, flowable.wrap(width, BIG)[1])
        return self.at[1]


def _shapes(flowable: Flowable, height: float, x: float, top: float) -> list[Shape]:
    """A wrapped flowable height pt tall, its top-left corner at (x, top) mm: drawn from its
    lower-left corner at 0 in an area whose top is the face's."""
    return block_shapes(flowable, pt(x), 0.0, Area(pt(top) + height))


class FlowablePart:
    """A reportlab flowable (a paragraph, a RowTable) as a part of a face; shared: a part that
    several faces print (a table of the same rows), its shapes kept by width and place."""

    def __init__(self, flowable: Flowable, shared: bool = False):
        self.flowable, self._measured = flowable, _Measured()
        self._placed: dict[tuple[float, float, float], list[Shape]] | None = {} if shared else None

    def measure(self, width: float) -> float:
        return to_mm(self._measured.height(self.flowable, pt(width)))

    def shapes(self, x: float, top: float) -> list[Shape]:
        width, height = self._measured.at
        if self._placed is None:
            return self._laid(width, height, x, top)
        key = (width, x, top)
        if key not in self._placed:
            self._placed[key] = self._laid(width, height, x, top)
        return self._placed[key]

    def _laid(self, width: float, height: float, x: float, top: float) -> list[Shape]:
        flowable = self.flowable
        if isinstance(flowable, Paragraph) and flowable.width != width:  # a shared one, set at another width since
            flowable.wrap(width, BIG)
        return _shapes(flowable, height, x, top)


class ShapedPart(ShapedBlock):
    """A ruleset block that is a part of a face itself (and still a flowable, for a table's cell).
    One that several faces share (SHARED: a section's head) keeps its shapes by width and place."""

    SHARED = False

    def __init__(self) -> None:
        super().__init__()
        self._measured = _Measured()
        self._placed: dict[tuple[float, float, float], list[Shape]] = {}

    def measure(self, width: float) -> float:
        return to_mm(self._measured.height(self, pt(width)))

    def shapes(self, x: float, top: float) -> list[Shape]:
        width, height = self._measured.at
        if not self.SHARED:
            return _shapes(self, height, x, top)
        if getattr(self, "width", None) != width:  # set at another width since it was measured
            self.wrap(width, BIG)
        key = (width, x, top)
        if key not in self._placed:
            self._placed[key] = _shapes(self, height, x, top)
        return self._placed[key]


class Spacing:
    """Room between parts: nothing drawn."""

    def __init__(self, height: float):
        self.height = height  # mm

    def measure(self, width: float) -> float:
        return self.height

    def shapes(self, x: float, top: float) -> list[Shape]:
        return []


class BlockGap(Spacing):
    """Room between two blocks of a card's face: a taller card's face spreads what it leaves
    empty among these (RulesetCardFace.room), a track's own gaps staying as they are."""
