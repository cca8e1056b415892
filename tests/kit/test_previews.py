"""Previews: 300 dpi PNGs, one per page, with file names safe anywhere."""

from io import BytesIO

from PIL import Image

from kolaps_print.kit.previews import render_pages, slug
from kolaps_print.units import pt
from kolaps_print.write import PdfMeta, new_canvas


def test_slugs_are_plain_ascii():
    assert slug("Hélène Marchal") == "helene-marchal"
    assert slug("Frère Anselme, l’Ancien !") == "frere-anselme-l-ancien"
    assert slug("«»") == "carte"


def test_each_page_becomes_a_300_dpi_png_of_its_size(tmp_path):
    buffer = BytesIO()
    c = new_canvas(buffer, (pt(69), pt(94)), PdfMeta(title="t", subject="t"))
    c.showPage()
    c.setPageSize((pt(94), pt(69)))
    c.showPage()
    c.save()
    paths = render_pages(buffer.getvalue(), ["a.png", "b.png"], tmp_path / "previews")
    sizes = [Image.open(p).size for p in paths]

    def px(mm: float) -> int:
        return round(mm / 25.4 * 300)

    assert [(abs(w - px(69)) <= 1, abs(h - px(94)) <= 1) for w, h in sizes[:1]] == [(True, True)]
    assert abs(sizes[1][0] - px(94)) <= 1 and abs(sizes[1][1] - px(69)) <= 1


def test_a_page_with_a_trim_box_is_cut_to_it(tmp_path):
    buffer = BytesIO()
    c = new_canvas(buffer, (pt(69), pt(94)), PdfMeta(title="t", subject="t"))
    c.setTrimBox((pt(3), pt(3), pt(66), pt(91)))
    c.setFillColorRGB(1, 0, 0)
    c.rect(0, 0, pt(69), pt(94), stroke=0, fill=1)  # the bleed is red...
    c.setFillColorRGB(0, 0, 1)
    c.rect(pt(3), pt(3), pt(63), pt(88), stroke=0, fill=1)  # ...the card blue
    c.showPage()
    c.save()
    (path,) = render_pages(buffer.getvalue(), ["card.png"], tmp_path)
    image = Image.open(path).convert("RGB")
    assert abs(image.width - round(63 / 25.4 * 300)) <= 1 and abs(image.height - round(88 / 25.4 * 300)) <= 1
    corners = [(1, 1), (image.width - 2, 1), (1, image.height - 2), (image.width - 2, image.height - 2)]
    assert {image.getpixel(xy) for xy in corners} == {(0, 0, 255)}
