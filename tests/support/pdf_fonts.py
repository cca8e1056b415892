"""What fonts a PDF really uses, read back with pypdf: shared by every 'fonts are embedded' test."""

from io import BytesIO

from pypdf import PdfReader


def pdf_fonts(pdf: bytes) -> dict[str, bool]:
    """BaseFont -> whether it carries an embedded TrueType program (/FontFile2), for every font
    of every page and of the forms (XObjects) the pages draw."""
    found: dict[str, bool] = {}
    seen_forms: set[int] = set()

    def walk(resources) -> None:
        if not resources:
            return
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            holders = [font] + [d.get_object() for d in font.get("/DescendantFonts") or []]
            descriptors = [h["/FontDescriptor"].get_object() for h in holders if "/FontDescriptor" in h]
            found[str(font["/BaseFont"])] = bool(descriptors) and all("/FontFile2" in d for d in descriptors)
        for ref in (resources.get("/XObject") or {}).values():
            if id(ref.get_object()) not in seen_forms:
                seen_forms.add(id(ref.get_object()))
                walk(ref.get_object().get("/Resources"))

    for page in PdfReader(BytesIO(pdf)).pages:
        walk(page.get("/Resources"))
    return found
