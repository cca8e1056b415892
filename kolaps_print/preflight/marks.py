"""What a page paints, read from its content stream: colour operators and colour spaces, text and
path extents, image placements. A small interpreter of the graphics state (the CTM, the clip as a
rectangle), enough for a preflight's approximations; forms are followed, at most a few deep.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in default user space (points)
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
MAX_FORM_DEPTH = 8  # forms inside forms: a cycle or a bomb stops here
RGB_OPERATORS = {b"rg", b"RG"}
PAINT = {b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*"}
SHOW_TEXT = {b"Tj", b"TJ", b"'", b'"'}
TEXT_STATE = {b"Tc": "char_space", b"Tw": "word_space", b"TL": "leading", b"Tz": "scale", b"Ts": "rise"}
UNIT_SQUARE = ((0, 0), (1, 0), (0, 1), (1, 1))  # an image's space


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: cm pre-multiplies the CTM)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def bounds(points: list[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def intersect(a: Box | None, b: Box | None) -> Box | None:
    if a is None or b is None:
        return a or b
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


@dataclass(frozen=True)
class Placed:
    """Something painted: its kind ('text', 'path', 'image'), its box, and for an image its pixels."""

    kind: str
    box: Box
    pixels: tuple[int, int] = (0, 0)
    name: str = ""
    size: tuple[float, float] = (0.0, 0.0)  # an image's width and height on the page, in points


@dataclass
class PageMarks:
    rgb_operators: Counter = field(default_factory=Counter)  # b"rg" -> times used
    rgb_spaces: set[str] = field(default_factory=set)  # colour-space names set with cs/CS
    rgb_images: set[str] = field(default_factory=set)
    placed: list[Placed] = field(default_factory=list)


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    clip: Box | None = None
    font_size: float = 0.0
    widths: tuple[int, list] | None = None  # (FirstChar, Widths) of a simple font
    char_space: float = 0.0
    word_space: float = 0.0
    scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0


def is_rgb_space(space) -> bool:
    """A colour space that is RGB: DeviceRGB, CalRGB, a three-component ICC, or one indexed on
    those, or a spot colour whose alternate is one of those."""
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, str):
        return space in ("/DeviceRGB", "/CalRGB", "/RGB")
    if isinstance(space, list) and space:
        family = str(space[0])
        if family == "/ICCBased":
            return int(space[1].get_object().get("/N", 0)) == 3
        if family == "/CalRGB":
            return True
        if family in ("/Indexed", "/I") and len(space) > 1:
            return is_rgb_space(space[1])
        if family in ("/Separation", "/DeviceN") and len(space) > 2:  # a spot colour's alternate
            return is_rgb_space(space[2])
    return False


@dataclass
class _Stream:
    """What changes while one content stream is read: the graphics state and its saved copies,
    the path being built, the text and line matrices."""

    state: _State
    stack: list[_State] = field(default_factory=list)
    path: list[tuple[float, float]] = field(default_factory=list)
    text: Matrix = IDENTITY
    line: Matrix = IDENTITY

    def next_line(self, tx: float, ty: float) -> None:
        self.line = self.text = multiply((1, 0, 0, 1, tx, ty), self.line)


class Reader:
    """Reads one page's content (and its forms') into PageMarks."""

    def __init__(self, reader):
        self.reader = reader
        self.marks = PageMarks()

    def read(self, content, resources, ctm: Matrix = IDENTITY, depth: int = 0) -> None:
        if content is None or depth > MAX_FORM_DEPTH:
            return
        resources = resources.get_object() if resources is not None else {}
        stream = _Stream(_State(ctm=ctm))
        for operands, op in ContentStream(content, self.reader).operations:
            if not (self._graphics(op, operands, stream, resources) or self._path(op, operands, stream)):
                self._text(op, operands, stream, resources)
            if op == b"Do":
                self._do(operands[0], resources, stream.state, depth)
            elif op == b"INLINE IMAGE":
                self._inline_image(operands, stream.state)

    def _graphics(self, op: bytes, operands, stream: _Stream, resources) -> bool:
        """Graphics state and colour operators; False if op is none of them."""
        if op == b"q":
            stream.stack.append(_State(**vars(stream.state)))
        elif op == b"Q":
            stream.state = stream.stack.pop() if stream.stack else stream.state
        elif op == b"cm":
            stream.state.ctm = multiply(_matrix(operands), stream.state.ctm)
        elif op in RGB_OPERATORS:
            self.marks.rgb_operators[op.decode()] += 1
        elif op in (b"cs", b"CS"):
            self._colour_space(operands[0], resources)
        else:
            return False
        return True

    def _path(self, op: bytes, operands, stream: _Stream) -> bool:
        """Path construction, clipping and painting; False if op is none of them."""
        ctm, path = stream.state.ctm, stream.path
        if op in (b"m", b"l", b"c", b"v", b"y"):
            nums = [float(v) for v in operands]
            path += [apply(ctm, nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            path += [apply(ctm, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        elif op in (b"W", b"W*"):
            if path:  # the clip takes effect at the painting operator that follows; close enough
                stream.state.clip = intersect(stream.state.clip, bounds(path))
        elif op in PAINT or op == b"n":
            if op != b"n" and path:
                self._place("path", bounds(path), stream.state)
            stream.path = []
        else:
            return False
        return True

    def _text(self, op: bytes, operands, stream: _Stream, resources) -> None:
        """Text state, positioning and showing."""
        state = stream.state
        if op == b"BT":
            stream.text = stream.line = IDENTITY
        elif op == b"Tf":
            state.font_size = float(operands[1])
            state.widths = _widths(resources, operands[0])
        elif op in TEXT_STATE:
            value = float(operands[0])
            setattr(state, TEXT_STATE[op], value / 100 if op == b"Tz" else value)
        elif op in (b"Td", b"TD"):
            if op == b"TD":
                state.leading = -float(operands[1])
            stream.next_line(float(operands[0]), float(operands[1]))
        elif op == b"Tm":
            stream.text = stream.line = _matrix(operands)
        elif op in (b"T*", b"'", b'"'):
            stream.next_line(0, -state.leading)
        if op in SHOW_TEXT:
            advance = self._show(operands[-1], state, stream.text)
            stream.text = multiply((1, 0, 0, 1, advance, 0), stream.text)

    def _inline_image(self, operands, state: _State) -> None:
        settings = operands.get("settings", {}) if isinstance(operands, dict) else {}
        if str(settings.get("/CS", settings.get("/ColorSpace", ""))) in ("/RGB", "/DeviceRGB"):
            self.marks.rgb_images.add("(inline image)")
        self._place("image", bounds([apply(state.ctm, x, y) for x, y in UNIT_SQUARE]), state)

    def _colour_space(self, name, resources) -> None:
        spaces = resources.get("/ColorSpace") or {}
        space = spaces.get(name, name) if hasattr(spaces, "get") else name
        if is_rgb_space(space):
            self.marks.rgb_spaces.add(str(name))

    def _show(self, text, state: _State, text_matrix: Matrix) -> float:
        """Records the text's box; returns its advance in text space."""
        codes = _codes(text)
        size = state.font_size
        if state.widths:
            first, widths = state.widths
            units = sum(float(widths[c - first]) if 0 <= c - first < len(widths) else 500 for c in codes)
        else:
            units = 500 * len(codes)  # no widths (a composite font): half an em a character
        advance = (units / 1000 * size + state.char_space * len(codes)) * state.scale
        corners = ((0, state.rise - 0.25 * size), (advance, state.rise - 0.25 * size), (0, state.rise + 0.8 * size))
        m = multiply(text_matrix, state.ctm)
        points = [apply(m, x, y) for x, y in corners] + [apply(m, advance, state.rise + 0.8 * size)]
        if codes:
            self._place("text", bounds(points), state)
        return advance

    def _do(self, name, resources, state: _State, depth: int) -> None:
        xobject = (resources.get("/XObject") or {}).get(name)
        if xobject is None:
            return
        xobject = xobject.get_object()
        subtype = xobject.get("/Subtype")
        if subtype == "/Form":
            m = multiply(_matrix(xobject.get("/Matrix", IDENTITY)), state.ctm)
            self.read(xobject, xobject.get("/Resources"), m, depth + 1)
        elif subtype == "/Image":
            if is_rgb_space(xobject.get("/ColorSpace")):
                self.marks.rgb_images.add(str(name))
            pixels = (int(xobject.get("/Width", 0)), int(xobject.get("/Height", 0)))
            corners = [apply(state.ctm, x, y) for x, y in UNIT_SQUARE]
            self._place("image", bounds(corners), state, pixels, str(name), _image_size(state.ctm))

    def _place(self, kind: str, box: Box, state: _State, pixels=(0, 0), name="", size=(0.0, 0.0)) -> None:
        clipped = intersect(box, state.clip)
        assert clipped is not None  # box is never None
        if clipped[0] <= clipped[2] and clipped[1] <= clipped[3]:  # else wholly clipped away
            self.marks.placed.append(Placed(kind, clipped, pixels, name, size))


def _image_size(ctm: Matrix) -> tuple[float, float]:
    return (ctm[0] ** 2 + ctm[1] ** 2) ** 0.5, (ctm[2] ** 2 + ctm[3] ** 2) ** 0.5


def _matrix(values) -> Matrix:
    nums = [float(v) for v in values]
    return (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5])


def _codes(text) -> list[int]:
    """The character codes a Tj/TJ shows (one byte each: our simple fonts)."""
    if isinstance(text, list):
        return [c for part in text if not isinstance(part, (int, float)) for c in _codes(part)]
    raw = text.original_bytes if hasattr(text, "original_bytes") else bytes(str(text), "latin-1", "replace")
    return list(raw)


def _widths(resources, name) -> tuple[int, list] | None:
    font = (resources.get("/Font") or {}).get(name)
    if font is None:
        return None
    font = font.get_object()
    widths = font.get("/Widths")
    if widths is None:
        return None
    return int(font.get("/FirstChar", 0)), list(widths.get_object())
