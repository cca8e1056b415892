"""Build every product a print review looks at, and render each page to PNG.

    .venv/bin/python docs/reviews/build_products.py OUT [--root CHECKOUT] [--only TEXT] [--dpi 60]
    .venv/bin/python docs/reviews/build_products.py --compare BEFORE AFTER

The products: KOLAPS's three demo armies as poker cards, one army at each other size and layout
(mini, tarot, tarot on Letter, fold, print shop), the reference sheet (A4, Letter) and cards, the
rulebook and quick-start, the demo kit; for each other ruleset its demo army at the three sizes,
its sheet (A4, Letter) and cards, and its rulebook. Each runs the command line of the package in
CHECKOUT (its own data), so a branch and the start of a session can be built side by side.
--compare lists the PDFs whose bytes differ and the pages whose pixels differ (of the products
AFTER holds). Both builds must share SOURCE_DATE_EPOCH (set or unset), which dates the PDFs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path

KOLAPS_ARMIES = ("section-kappa", "les-damnes", "vampires")
RULESETS = ("3d6", "d100", "d12")


def _kolaps_jobs(armies: Path) -> dict[str, list[object]]:
    jobs: dict[str, list[object]] = {f"cards-{a}-poker": ["cards", armies / f"{a}.yaml"] for a in KOLAPS_ARMIES}
    kappa, damnes, vampires = (armies / f"{a}.yaml" for a in KOLAPS_ARMIES)
    jobs |= {
        "cards-les-damnes-mini": ["cards", damnes, "--card", "mini"],
        "cards-vampires-tarot": ["cards", vampires, "--card", "tarot"],
        "cards-kappa-tarot-letter": ["cards", kappa, "--card", "tarot", "--paper", "letter"],
        "cards-kappa-fold": ["cards", kappa, "--layout", "fold"],
        "cards-kappa-print-shop": ["cards", kappa, "--print-shop"],
        "reference": ["tables"],
        "reference-letter": ["tables", "--paper", "letter"],
        "reference-cards": ["tables", "--format", "cards"],
        "rulebook": ["rulebook"],
        "quickstart": ["rulebook", "--edition", "quickstart"],
    }
    return jobs


def _ruleset_jobs(rulesets: Path) -> dict[str, list[object]]:
    jobs: dict[str, list[object]] = {}
    for rs in RULESETS:
        army = min((rulesets / rs / "armies").glob("*.yaml"))
        jobs |= {f"{rs}-cards-{size}": ["cards", army, "--card", size] for size in ("poker", "mini", "tarot")}
        jobs[f"{rs}-reference"] = ["tables", "--ruleset", rs]
        jobs[f"{rs}-reference-letter"] = ["tables", "--ruleset", rs, "--paper", "letter"]
        jobs[f"{rs}-reference-cards"] = ["tables", "--ruleset", rs, "--format", "cards"]
        jobs[f"{rs}-rulebook"] = ["rulebook", "--ruleset", rs]
    return jobs


def build(out: Path, root: Path, only: str) -> None:
    rulesets = root / "data" / "rulesets"
    env = dict(os.environ, PYTHONPATH=str(root))
    jobs = _kolaps_jobs(rulesets / "kolaps" / "armies") | _ruleset_jobs(rulesets)
    jobs["kit"] = ["kit", rulesets / "kolaps" / "kits" / "demo.yaml"]
    for name, args in jobs.items():
        if only not in name:
            continue
        target = out / name if name == "kit" else out / f"{name}.pdf"
        command = [sys.executable, "-m", "kolaps_print", *map(str, args), "-o", str(target)]
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
        if done.returncode:
            print(f"FAILED {name}: {done.stderr.strip()[-400:]}")


def render(out: Path, dpi: int) -> None:
    import pypdfium2 as pdfium

    pictures = out / "png"
    pictures.mkdir(exist_ok=True)
    for pdf in sorted(p for p in out.rglob("*.pdf") if pictures not in p.parents):
        stem = pdf.relative_to(out).with_suffix("").as_posix().replace("/", "__")
        document = pdfium.PdfDocument(str(pdf))
        for index in range(len(document)):
            document[index].render(scale=dpi / 72).to_pil().save(pictures / f"{stem}-p{index + 1:02d}.png")
        document.close()


def _digest(path: Path) -> bytes:
    return hashlib.sha256(path.read_bytes()).digest()


def compare(before: Path, after: Path) -> None:
    from PIL import Image, ImageChops

    for pdf in sorted(p for p in after.rglob("*.pdf") if "png" not in p.relative_to(after).parts):
        old = before / pdf.relative_to(after)
        if not old.exists() or _digest(old) != _digest(pdf):
            print("NEW" if not old.exists() else "BYTES", pdf.relative_to(after))
    for page in sorted((after / "png").glob("*.png")):
        old = before / "png" / page.name
        if not old.exists():
            print("NEW PAGE", page.name)
            continue
        a, b = Image.open(page).convert("RGB"), Image.open(old).convert("RGB")
        if a.size != b.size or ImageChops.difference(a, b).getbbox():
            print("PIXELS", page.name)
    built = {page.stem.rsplit("-p", 1)[0] for page in (after / "png").glob("*.png")}
    for page in sorted((before / "png").glob("*.png")):
        if page.stem.rsplit("-p", 1)[0] in built and not (after / "png" / page.name).exists():
            print("GONE PAGE", page.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2])
    parser.add_argument("--only", default="", help="build only the products whose name holds this text")
    parser.add_argument("--dpi", type=int, default=60)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if args.out is None:
        parser.error("OUT is needed to build")
    args.out.mkdir(parents=True, exist_ok=True)
    build(args.out.resolve(), args.root.resolve(), args.only)
    render(args.out, args.dpi)


if __name__ == "__main__":
    main()
