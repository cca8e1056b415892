"""What the user chooses about sheets: paper, card size, duplex or fold or print shop, flip, bleed."""

from __future__ import annotations

from dataclasses import dataclass

from kolaps_print.layout import sheets as sheet_data
from kolaps_print.layout.choices import FLIPS, MODES, Flip, Mode, one_of
from kolaps_print.layout.geometry import Size


@dataclass(frozen=True)
class ImposeOptions:
    """Sizes in mm. None takes the default from data/layouts/sheets.yaml."""

    card: Size
    paper: Size
    mode: Mode = "duplex"
    flip: Flip = "long"
    bleed: float | None = None  # print-shop: sheets.yaml print_shop.bleed
    gutter: float | None = None
    margin: float | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)  # shifts every back page (duplex drift)

    def resolved(self) -> ResolvedOptions:
        """A copy with every None replaced by its data default, checked."""
        data = sheet_data.sheets()
        bleed_default = data.print_shop.bleed if self.mode == "print-shop" else data.home.bleed
        out = ResolvedOptions(
            self.card,
            self.paper,
            self.mode,
            self.flip,
            _pick(self.bleed, bleed_default),
            _pick(self.gutter, data.home.gutter),
            _pick(self.margin, data.home.margin),
            self.back_offset,
        )
        out.check()
        return out

    def check(self) -> None:
        """ValueError with a message for the user when the options cannot work."""
        for what, value, allowed in (("layout", self.mode, MODES), ("flip", self.flip, FLIPS)):
            try:
                one_of(value, allowed)
            except ValueError as exc:  # the library's caller has no option name to show
                raise ValueError(f"{what}: {exc}") from None
        for name, size, top in (("bleed", self.bleed, 10), ("gutter", self.gutter, 50), ("margin", self.margin, 50)):
            if size is not None and not 0 <= size <= top:
                raise ValueError(f"--{name} must be between 0 and {top} mm (got {size:g})")


class ResolvedOptions(ImposeOptions):
    """What ImposeOptions.resolved() returns: every size filled in, which the page planners need."""

    bleed: float
    gutter: float
    margin: float


def _pick(value: float | None, default: float) -> float:
    return default if value is None else value
