"""How fast is `kolaps-print cards` on a 1000-character army, next to bare reportlab?

    /work/venv/bin/python benchmarks/bench_cards.py [--cards 1000] [--repeat 3]

Timings, best of --repeat runs each, on the same army (made in a temporary folder):
- job:  load_army + build_cards in this process (the library API; PDF kept in memory),
        and each of the two on its own (loading is the shared YAML loader and model);
- cli:  `python -m kolaps_print cards army.yaml -o out.pdf` end to end (start-up, imports, write);
- bare: a plain reportlab loop drawing the very same boxes and strings (computed beforehand,
        not timed), every card drawn in full (no forms, no fitting, no clipping).
Target: job within 1.5 x bare, and 1000 cards in under 1.5 s.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import tempfile
import time
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import yaml  # noqa: E402

from kolaps_print.model.gamedata import builtin_game_data  # noqa: E402

FIRST = ["Anna", "Boris", "Chloé", "Dmitri", "Élise", "Fiodor", "Gaëlle", "Hugo", "Irina", "Jonas", "Karim", "Léa"]
LAST = ["Solmeyer", "Marchal", "Weber", "Benali", "Dumont", "Hartmann", "Nicolescu", "Varga", "Brezina", "Kovač"]


def make_army(folder: Path, count: int) -> Path:
    """A valid army of count characters with varied names, weapons and specialisations."""
    data = builtin_game_data()
    weapons = sorted(data.catalogue.weapons)
    apc = data.catalogue.affiliations["apc"]
    characters = []
    for i in range(count):
        characters.append(
            {
                "name": f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i}",
                "archetype": "Soldat",
                "function": ["Fusilier", "Éclaireur", "Mitrailleur", "Infirmier"][i % 4],
                "rank": i % 5,
                "mvt": 3 + i % 3,
                "cib": 2 + i % 3,
                "avatar": i == 0,
                "weapons": [weapons[i % len(weapons)], weapons[(i * 7 + 3) % len(weapons)]],
                "specialisations": [apc.specialisations[i % len(apc.specialisations)].id],
            }
        )
    path = folder / "bench-army.yaml"
    path.write_text(
        yaml.safe_dump(
            {"name": "Armée de test", "affiliation": "apc", "characters": characters},
            allow_unicode=True,
            sort_keys=False,
        ),
        encoding="utf-8",
    )
    return path


def best(fn, repeat: int) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return min(times), value


def time_job(army: Path, repeat: int):
    from kolaps_print.jobs.cards import build_cards
    from kolaps_print.model.army_book import load_army

    load_s, book = best(lambda: load_army(army), repeat)
    build_s, _ = best(lambda: build_cards(book), repeat)
    job_s, result = best(lambda: build_cards(load_army(army)), repeat)
    return job_s, load_s, build_s, result


def time_cli(army: Path, folder: Path, repeat: int) -> float:
    out = folder / "cli.pdf"
    command = [sys.executable, "-m", "kolaps_print", "cards", str(army), "-o", str(out)]
    seconds, _ = best(lambda: subprocess.run(command, cwd=REPO, check=True, capture_output=True), repeat)
    return seconds


def card_shapes(army: Path):
    """The boxes and strings of every card, as the real job lays them out (not timed)."""
    from kolaps_print.layout.card_back import BackBuilder
    from kolaps_print.layout.card_data import card_layout
    from kolaps_print.layout.card_front import FrontBuilder, Identity
    from kolaps_print.layout.sheets import card_size
    from kolaps_print.model.army_book import load_army

    book = load_army(army)
    size, layout = card_size("poker"), card_layout()
    identity = Identity(book.army.name, book.affiliation.name, book.affiliation.color)
    front, back = FrontBuilder(identity, book.rules, layout, size), BackBuilder(identity, book.rules, layout, size)
    front_static, back_static = front.furniture().shapes, back.furniture().shapes
    return [(front_static + front.build(m).shapes, back_static + back.name(m).shapes) for m in book.members]


def draw_bare(cards) -> bytes:
    """Plain reportlab: same fonts, same shapes, 9 per A4 page, fronts then backs."""
    from reportlab.pdfgen.canvas import Canvas

    from kolaps_print.fonts import register_fonts
    from kolaps_print.layout.shapes import Box, Drop, Rule, Star, Text
    from kolaps_print.layout.text_fit import width_mm

    register_fonts()
    mm = 72 / 25.4
    h = 88 * mm
    buffer = BytesIO()
    c = Canvas(buffer, pagesize=(210 * mm, 297 * mm), invariant=1, initialFontName="KSans")
    slots = [((10.5 + 63 * col) * mm, (16.5 + 88 * row) * mm) for row in range(3) for col in range(3)]

    def paint(shapes):
        for s in shapes:
            if isinstance(s, Text):
                c.setFont(s.font, s.size)
                c.setFillColorCMYK(*s.colour)
                x = (
                    s.x
                    if s.align == "left"
                    else s.x - width_mm(s.text, s.font, s.size) * (1 if s.align == "right" else 0.5)
                )
                c.drawString(x * mm, h - s.y * mm, s.text)
            elif isinstance(s, Box):
                if s.fill:
                    c.setFillColorCMYK(*s.fill)
                if s.stroke:
                    c.setStrokeColorCMYK(*s.stroke)
                c.rect(
                    s.x * mm,
                    h - (s.y + s.height) * mm,
                    s.width * mm,
                    s.height * mm,
                    stroke=int(bool(s.stroke)),
                    fill=int(bool(s.fill)),
                )
            elif isinstance(s, Rule):
                c.line(s.x1 * mm, h - s.y1 * mm, s.x2 * mm, h - s.y2 * mm)
            elif isinstance(s, Drop):
                c.circle((s.x + s.width / 2) * mm, h - (s.y + s.height / 2) * mm, s.width / 2 * mm)
            elif isinstance(s, Star):
                c.circle(s.cx * mm, h - s.cy * mm, s.radius * mm, fill=1)

    for first in range(0, len(cards), 9):
        for side in (0, 1):
            for (x, y), card in zip(slots, cards[first : first + 9], strict=False):
                c.saveState()
                c.translate(x, y)
                paint(card[side])
                c.restoreState()
            c.showPage()
    c.save()
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        army = make_army(folder, args.cards)
        job_s, load_s, build_s, result = time_job(army, args.repeat)
        cli_s = time_cli(army, folder, args.repeat)
        shapes = card_shapes(army)
        bare_s, bare_pdf = best(lambda: draw_bare(shapes), args.repeat)
    pages = result.pages
    print(f"{args.cards} cards, {pages} pages (best of {args.repeat})")
    print(f"  job  (load + build, in process): {job_s:6.3f} s   {len(result.pdf) / 1e6:5.2f} MB")
    print(f"       load_army only:             {load_s:6.3f} s")
    print(f"       build_cards only:           {build_s:6.3f} s")
    print(f"  cli  (python -m kolaps_print):   {cli_s:6.3f} s")
    print(f"  bare (reportlab, same shapes):   {bare_s:6.3f} s   {len(bare_pdf) / 1e6:5.2f} MB")
    print(f"  ratio job / bare: {job_s / bare_s:4.2f}   (target <= 1.5)")
    print(f"  ratio build / bare: {build_s / bare_s:4.2f}")
    print(f"  ratio cli / bare: {cli_s / bare_s:4.2f}")
    print(
        f"  target 1000 cards < 1.5 s: {'met' if job_s * 1000 / args.cards < 1.5 else 'NOT met'} (job), "
        f"{'met' if cli_s * 1000 / args.cards < 1.5 else 'NOT met'} (cli)"
    )
    if not math.isfinite(job_s / bare_s):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
