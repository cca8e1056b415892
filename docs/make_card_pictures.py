"""Remake the "after" card pictures of docs/cards.md from the current code.

    .venv/bin/python docs/make_card_pictures.py

Each picture is one character's front and back side by side, cut at the trim from the print-shop
PDF (one face a page), on a light grey ground. The "before" pictures are kept as they were.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from kolaps_print import resources
from kolaps_print.jobs.cards import CardOptions, build_cards
from kolaps_print.model.army_book import load_army

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DPI = 150
GROUND, GAP = (236, 236, 236), 24  # px
PICTURES = {  # file: (army, card size, the character's place in the army)
    "card-poker-after.png": ("les-damnes", "poker", 0),
    "card-mini-after.png": ("les-damnes", "mini", 0),
}


def _faces(army: str, card: str, index: int) -> list[Image.Image]:
    book = load_army(resources.kolaps_folder(ROOT / "data") / "armies" / f"{army}.yaml")  # data/rulesets/kolaps/
    pdf = build_cards(book, CardOptions(print_shop=True, card=card)).pdf
    document = pdfium.PdfDocument(pdf)
    try:
        faces = []
        for page_number in (2 * index, 2 * index + 1):  # front, then its back
            page = document[page_number]
            left, bottom, right, top = page.get_trimbox()
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            k, height = DPI / 72, page.get_height()
            faces.append(
                image.crop((round(left * k), round((height - top) * k), round(right * k), round((height - bottom) * k)))
            )
        return faces
    finally:
        document.close()


def main() -> None:
    for name, (army, card, index) in PICTURES.items():
        front, back = _faces(army, card, index)
        picture = Image.new("RGB", (front.width + back.width + 3 * GAP, front.height + 2 * GAP), GROUND)
        picture.paste(front, (GAP, GAP))
        picture.paste(back, (front.width + 2 * GAP, GAP))
        picture.save(HERE / "img" / name, optimize=True)
        print(f"wrote docs/img/{name}")


if __name__ == "__main__":
    main()
