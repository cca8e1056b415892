"""Pages of finished PDFs turned and placed side by side by wrapping their content's bytes in a
transformation, never parsing them.

pypdf's own tools (transfer_rotation_to_content, merge_translated_page) parse a page's whole
content into operations to put one `cm` (and a clip) in front, then write every operation
back: a fifth of a second of the kit for its handout sheet and landscape pages. The operators
drawn here are the ones pypdf draws (`q`, the matrix, the clip, the content, `Q`), on the
content's own bytes, so the pages render the same (tests/impose/test_page_content.py).
"""

from __future__ import annotations

from pypdf import PageObject, Transformation
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    EncodedStreamObject,
    NameObject,
    RectangleObject,
)

BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")
# The resource kinds a page names in its content: merged per kind when pages share a side.
RESOURCE_KINDS = ("/ExtGState", "/ColorSpace", "/Pattern", "/Shading", "/XObject", "/Font", "/Properties")


def _number(value: float) -> bytes:
    """A PDF number: integers bare, others with up to 6 decimals, no trailing zeros."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return (text if text not in ("-0", "") else "0").encode("ascii")


def _matrix(ctm: tuple[float, ...]) -> bytes:
    return b" ".join(_number(x) for x in ctm) + b" cm\n"


def _content(page: PageObject) -> bytes:
    contents = page.get_contents()  # the streams joined and decoded, not parsed
    return contents.get_data() if contents is not None else b""


def _stream(data: bytes) -> EncodedStreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream.flate_encode()


def _wrapped(page: PageObject, ctm: tuple[float, ...], clip: bool) -> bytes:
    """page's content under ctm, clipped to its MediaBox in its own space when clip (as pypdf
    clips a merged page), in its own graphics state."""
    box = page.mediabox
    cut = (
        b" ".join(_number(float(v)) for v in (box.left, box.bottom, box.width, box.height)) + b" re W n\n"
        if clip
        else b""
    )
    return b"q\n" + _matrix(ctm) + cut + _content(page) + b"\nQ\n"


def turn_into_content(page: PageObject, content_turned: bool = False) -> None:
    """The page's /Rotate moved into its content and boxes (what pypdf's
    transfer_rotation_to_content does, on the content's bytes): it prints upright with no /Rotate.
    content_turned: the page shares its content object with a copy turned before (pypdf's
    add_page makes a new page dictionary for each copy of a page, sharing what it names): only
    its own boxes and /Rotate are turned."""
    turn = -page.rotation
    page.rotation = 0
    media = RectangleObject(page.mediabox)
    trsf = (
        Transformation()
        .translate(-float(media.left + media.width / 2), -float(media.bottom + media.height / 2))
        .rotate(turn)
    )
    low, high = trsf.apply_on(media.lower_left), trsf.apply_on(media.upper_right)
    trsf = trsf.translate(-min(low[0], high[0]), -min(low[1], high[1]))
    if not content_turned:
        page.replace_contents(_stream(_wrapped(page, trsf.ctm, clip=False)))  # in place: the same object number
    for name in BOXES:
        if name in page:
            rect = RectangleObject(page[name])  # type: ignore[arg-type]
            a, b = trsf.apply_on(rect.lower_left), trsf.apply_on(rect.upper_right)
            page[NameObject(name)] = RectangleObject(
                (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            )


def side_by_side(pages: list[PageObject], width: float, height: float) -> PageObject:
    """A page width × height holding pages in a row, each moved right by the widths before it
    and clipped to its own MediaBox. The pages come from one PDF, whose resource names mean the
    same on every page (reportlab names them per document): ValueError if two disagree."""
    side = PageObject.create_blank_page(width=width, height=height)
    parts, x = [], 0.0
    for page in pages:
        parts.append(_wrapped(page, (1, 0, 0, 1, x, 0), clip=True))
        x += float(page.mediabox.width)
    side[NameObject("/Resources")] = _merged_resources(pages)
    side[NameObject("/Contents")] = _stream(b"".join(parts))
    return side


def _merged_resources(pages: list[PageObject]) -> DictionaryObject:
    merged = DictionaryObject()
    procsets: set = set()
    for page in pages:
        resources = page.get("/Resources", DictionaryObject()).get_object()
        procsets |= set(resources.get("/ProcSet", ArrayObject()).get_object())
        for kind in RESOURCE_KINDS:
            if kind not in resources:
                continue
            into = merged.setdefault(NameObject(kind), DictionaryObject())
            for name, value in resources[kind].get_object().items():
                if name in into and into[name].get_object() != value.get_object():
                    raise ValueError(f"the pages name two different {kind} resources {name}")
                into[NameObject(name)] = value
    merged[NameObject("/ProcSet")] = ArrayObject(sorted(procsets))
    return merged
