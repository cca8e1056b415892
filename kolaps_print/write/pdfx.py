"""Press-ready PDF: a finished PDF made PDF/X-4 for a print shop (`--print-shop`).

What this adds to the PDF reportlab wrote: the output intent (FOGRA39, coated offset paper,
with our CMYK profile embedded: kolaps_print/icc/), the PDF/X version in the document info and
in XMP metadata, trim and bleed boxes on every page that has none, and portraits converted from
RGB to CMYK through that profile. What it cannot add: vector colours are the style data's (CMYK
from data/layouts/), so an RGB colour left there is reported by `kolaps-print preflight`.

pypdf writes the result through its public API only: pages, boxes, document info, stream data,
and new indirect objects (the profile, the output intent, the XMP: a stream must be indirect)
made by cloning a fresh object into the writer (`_indirect`), since pypdf has no public
`add_object` (4.2, our minimum, through 7.x).
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from io import BytesIO
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NumberObject,
    RectangleObject,
    TextStringObject,
)

from kolaps_print import resources
from kolaps_print.units import pt

PDFX_VERSION = "PDF/X-4"
CONDITION = "FOGRA39"  # the ICC registry's name for ISO 12647-2 offset on coated paper
CONDITION_INFO = "Coated FOGRA39 (ISO 12647-2:2004), profile built by kolaps-print"
PROFILE = "FOGRA39L-kolaps.icc"


@cache
def cmyk_profile() -> bytes:
    return (resources.icc_dir() / PROFILE).read_bytes()


def press_ready(pdf: bytes, bleed_mm: float = 0.0) -> bytes:
    """pdf as PDF/X-4. A page without a TrimBox is the trimmed page: it grows by bleed_mm on
    every side (its content may paint there) and gets TrimBox and BleedBox."""
    writer = PdfWriter(clone_from=PdfReader(BytesIO(pdf)))
    converted: set[int] = set()
    for page in writer.pages:
        _set_boxes(page, pt(bleed_mm))
        _cmyk_images(page.get("/Resources"), converted)
        _drop_links(page)
    _add_output_intent(writer)
    _add_version(writer)
    writer.pdf_header = "%PDF-1.6"  # PDF/X-4 is built on PDF 1.6
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def _set_boxes(page, bleed: float) -> None:
    if "/TrimBox" in page:
        return
    left, bottom, right, top = (float(v) for v in page.mediabox)
    page.trimbox = RectangleObject([left, bottom, right, top])
    grown = RectangleObject([round(v, 3) for v in (left - bleed, bottom - bleed, right + bleed, top + bleed)])
    page.mediabox = grown
    page.bleedbox = RectangleObject(list(grown))


def _drop_links(page) -> None:
    """Links (the book's cross-references) mean nothing on paper, and PDF/X preflights reject
    annotations on the page: the bookmarks stay, the links go."""
    annots = page.get("/Annots")
    if annots is None:
        return
    kept = ArrayObject(a for a in annots.get_object() if a.get_object().get("/Subtype") != "/Link")
    if kept:
        page[NameObject("/Annots")] = kept
    else:
        del page["/Annots"]


# ---- portraits ------------------------------------------------------------------------------
def _cmyk_images(resources_dict, converted: set[int]) -> None:
    """Every RGB image of these resources (and of the forms they hold) converted to CMYK."""
    if not resources_dict:
        return
    for ref in (resources_dict.get_object().get("/XObject") or {}).values():
        xobject = ref.get_object()
        key = id(xobject)
        if key in converted:
            continue
        converted.add(key)
        if xobject.get("/Subtype") == "/Form":
            _cmyk_images(xobject.get("/Resources"), converted)
        elif xobject.get("/Subtype") == "/Image" and xobject.get("/ColorSpace") == "/DeviceRGB":
            _to_cmyk(xobject)


def _to_cmyk(image: Any) -> None:
    from PIL import Image

    size = (int(image["/Width"]), int(image["/Height"]))
    data = image.get_data()
    if image.get("/BitsPerComponent") != 8 or len(data) != 3 * size[0] * size[1]:
        return  # not the 8-bit RGB reportlab writes: left as it is, and preflight names it
    rgb = Image.frombytes("RGB", size, data)
    cmyk = _rgb_to_cmyk().apply(rgb)
    for key in ("/DecodeParms", "/Decode"):
        image.pop(key, None)
    image[NameObject("/Filter")] = NameObject("/FlateDecode")
    image[NameObject("/ColorSpace")] = NameObject("/DeviceCMYK")
    image.set_data(cmyk.tobytes())


@cache
def _rgb_to_cmyk():
    """sRGB (what a photo is, lacking a profile of its own) to our CMYK, relative colorimetric."""
    from PIL import ImageCms

    target = ImageCms.ImageCmsProfile(BytesIO(cmyk_profile()))
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), target, "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC
    )


# ---- output intent and version ---------------------------------------------------------------
def _add_output_intent(writer: PdfWriter) -> None:
    icc = DecodedStreamObject()
    icc.set_data(cmyk_profile())
    icc[NameObject("/N")] = NumberObject(4)
    profile_ref = _indirect(writer, icc.flate_encode())
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(CONDITION),
            NameObject("/OutputCondition"): TextStringObject(CONDITION),
            NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
            NameObject("/Info"): TextStringObject(CONDITION_INFO),
            NameObject("/DestOutputProfile"): profile_ref,
        }
    )
    writer.root_object[NameObject("/OutputIntents")] = ArrayObject([_indirect(writer, intent)])


def _indirect(writer: PdfWriter, obj: Any) -> IndirectObject:
    """obj added to writer as a new indirect object, through public API: PdfObject.clone registers
    the copy of an object whose indirect_reference is None as the writer's next object (pypdf's own
    tests pin that behaviour; tests/write/test_pdfx.py checks it on every version we run)."""
    obj.indirect_reference = None
    return obj.clone(writer).indirect_reference


def _add_version(writer: PdfWriter) -> None:
    """GTS_PDFXVersion in the document info and, as PDF/X-4 asks, in XMP metadata that repeats
    the info's title and dates (reportlab's invariant date: reruns stay identical)."""
    writer.add_metadata({"/GTS_PDFXVersion": PDFX_VERSION})
    info: Any = writer.metadata or {}
    title = str(info.get("/Title", ""))
    created = _xmp_date(str(info.get("/CreationDate", "")))
    modified = _xmp_date(str(info.get("/ModDate", ""))) or created
    document_id = hashlib.sha256(f"{title}|{created}|{len(writer.pages)}".encode()).hexdigest()
    xmp = DecodedStreamObject()  # left uncompressed, so any tool can read it
    producer, creator = str(info.get("/Producer", "")), str(info.get("/Creator", ""))
    xmp.set_data(_xmp(title, producer, creator, created, modified, document_id).encode("utf-8"))
    xmp[NameObject("/Type")] = NameObject("/Metadata")
    xmp[NameObject("/Subtype")] = NameObject("/XML")
    writer.root_object[NameObject("/Metadata")] = _indirect(writer, xmp)


def _xmp_date(pdf_date: str) -> str:
    """D:20000101000000+00'00' -> 2000-01-01T00:00:00+00:00"""
    m = re.match(r"D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)([+-]\d\d)'?(\d\d)?", pdf_date)
    if not m:
        return ""
    y, mo, d, h, mi, s, tz, tzm = m.groups()
    return f"{y}-{mo}-{d}T{h}:{mi}:{s}{tz}:{tzm or '00'}"


def _xmp(title: str, producer: str, creator: str, created: str, modified: str, document_id: str) -> str:
    from kolaps_print.typography import escape

    uuid = f"{document_id[:8]}-{document_id[8:12]}-{document_id[12:16]}-{document_id[16:20]}-{document_id[20:32]}"
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{created}</xmp:CreateDate>
   <xmp:ModifyDate>{modified}</xmp:ModifyDate>
   <xmp:MetadataDate>{modified}</xmp:MetadataDate>
   <pdf:Producer>{escape(producer)}</pdf:Producer>
   <xmp:CreatorTool>{escape(creator)}</xmp:CreatorTool>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
