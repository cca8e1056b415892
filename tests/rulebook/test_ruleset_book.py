"""`kolaps-print rulebook --ruleset ID` (issue 13): each system's short book, built through the
CLI and read back: its outline and contents, page references, exact chances from its engine,
its errata marked « † D100-E1 », our own French, and located errors for broken chapters."""

import re
import shutil
from fractions import Fraction
from io import BytesIO
from pathlib import Path

import pypdf
import pytest
from draft_copy import runs  # tests/support
from pdf_fonts import pdf_fonts  # tests/support
from pdf_text import page_texts  # tests/support
from ruleset_products import RULESETS, SEEDS, built_for_each  # tests/support

from kolaps_print import resources
from kolaps_print.content.formats import percent
from kolaps_print.engines import d12, percentile, three_d6
from kolaps_print.labels import label
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.provenance import find_marks
from kolaps_print.rulebook.ruleset_context import ruleset_context
from kolaps_print.rulebook.sources import load_sources
from kolaps_print.rulebook.templating import make_environment, render_in_context
from kolaps_print.rulebook.usage import Usage


def chapters_dir(ruleset_id: str) -> Path:
    return resources.templates_dir() / "rulesets" / ruleset_id


@pytest.fixture(scope="module")
def books(cli, tmp_path_factory):
    built = built_for_each(cli, tmp_path_factory.mktemp("ruleset-books"), "rulebook")
    assert all(stdout.startswith("rulebook written: ") for stdout, _ in built.values())
    return {ruleset_id: pdf for ruleset_id, (_, pdf) in built.items()}


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " "))


def outline_titles(pdf: bytes) -> list[str]:
    return [item.title for item in pypdf.PdfReader(BytesIO(pdf)).outline if not isinstance(item, list)]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_outline_and_the_contents_list_every_chapter_at_its_page(books, ruleset_id):
    pdf = books[ruleset_id]
    titles = outline_titles(pdf)
    headings = [
        line[2:].split(" {#")[0]
        for name in sorted(p.name for p in chapters_dir(ruleset_id).glob("*.md.j2"))
        for line in (chapters_dir(ruleset_id) / name).read_text(encoding="utf-8").splitlines()
        if line.startswith("# ")
    ]
    assert len(headings) >= 4
    assert [flat(t) for t in titles[-len(headings) :]] == [flat(h.replace("'", "’")) for h in headings]
    texts = [flat(t) for t in page_texts(pdf)]
    contents = texts[1]
    assert contents.startswith("Sommaire")
    for heading in headings:
        title = flat(heading.replace("'", "’"))
        page = int(re.search(re.escape(title) + r"[ .]*(\d+)", contents).group(1))
        assert title in texts[page - 1], (title, page)  # the page the contents give holds the chapter


def test_a_page_reference_names_the_page_of_its_heading(books):
    texts = [flat(t) for t in page_texts(books["d100"])]
    # the first chapter's opening: on p. 2 under the contents since book12 (was p. 3)
    (referenced,) = {
        int(m.group(1))
        for t in texts
        for m in re.finditer(r"le dernier chapitre les explique une à une \(voir p\. (\d+)\)", t)
    }
    assert "Nos décisions" in texts[referenced - 1]
    assert "Nos décisions" not in texts[referenced - 2]


def test_the_chances_are_the_engines(books):
    d100 = flat(" ".join(page_texts(books["d100"])))
    assert flat(f"à 30 avec un malus de 20, il tire à {percent(percentile.chance(20, [1], [100]))}") in d100
    assert flat(percent(percentile.chance(20, [1], [100]))) == "20 %"  # D100-E1: modifiers first, then doubled
    d6 = flat(" ".join(page_texts(books["3d6"])))
    assert flat(f"{percent(three_d6.chance_at_least(11))} pour 11") in d6 and "50 % pour 11" in d6
    assert flat(f"encore {percent(Fraction(35, 7776))} pour 21") in d6
    d12_text = flat(" ".join(page_texts(books["d12"])))
    assert flat(f"l’attaquant touche {percent(d12.hit_chance(0))} du temps") in d12_text
    assert flat(percent(d12.hit_chance(0))) == "46 %"  # 11/24: strictly greater, a defender's 12 evades
    ladder_row = flat("+4 " + " ".join(percent(d12.ladder_chance(4, t)) for t in (2, 6, 8, 12, 16, 20)))
    assert ladder_row in d12_text and ladder_row.startswith("+4 100 % 92 % 75 % 42 % ")
    d100_row = flat("30 " + " ".join(percent(percentile.chance(30 + m, [1], [100])) for m in (-20, -10, 0, 10, 20)))
    assert d100_row in d100 and d100_row == "30 10 % 20 % 30 % 40 % 50 %"


@pytest.mark.parametrize(("ruleset_id", "prefix", "count"), [("d100", "D100", 8), ("3d6", "3D6", 9), ("d12", "D12", 8)])
def test_every_erratum_is_marked_as_ours_in_the_book(books, ruleset_id, prefix, count):
    texts = page_texts(books[ruleset_id])
    marks = {m for text in texts for m in find_marks(text)}
    assert marks == {f"{prefix}-E{n}" for n in range(1, count + 1)}
    back = (flat(label("rulebook.book.notes")), flat(label("rulebook.credits.title")))  # book15b's pages after the text
    decisions = flat([t for t in texts if not flat(t).startswith(back)][-1])
    assert f"{prefix}-E{count} ·" in decisions  # the last chapter lists them by id
    assert not any(m.startswith("E") for text in texts for m in find_marks(text))  # no KOLAPS erratum


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_book_is_our_own_french(ruleset_id):
    seed = next((p for p in (Path("/work/shared/seeds"),) if (p / SEEDS[ruleset_id]).is_file()), None)
    if seed is None:
        pytest.skip("the seeds (shared/seeds) are not beside this checkout")
    seed_runs = runs((seed / SEEDS[ruleset_id]).read_text(encoding="utf-8"))
    for chapter in chapters_dir(ruleset_id).glob("*.md.j2"):
        copied = runs(chapter.read_text(encoding="utf-8")) & seed_runs
        assert not copied, (chapter.name, sorted(" ".join(r) for r in copied)[:2])


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_rendered_chapters_are_our_own_french(ruleset_id):
    """The chapters with every number and data sentence filled in (the tables are the data's,
    checked in the ruleset's folder)."""
    seed = Path("/work/shared/seeds") / SEEDS[ruleset_id]
    if not seed.is_file():
        pytest.skip("the seeds (shared/seeds) are not beside this checkout")
    folder = chapters_dir(ruleset_id)
    sources = load_sources(folder)
    env, ruleset = make_environment(folder), find_ruleset(ruleset_id)
    seed_runs = runs(seed.read_text(encoding="utf-8"))
    for name in sources.spec.editions["full"].chapters:
        usage = Usage()
        rendered = render_in_context(env, sources, name, ruleset_context(ruleset, usage, "full", sources), usage)
        copied = runs(rendered.markdown) & seed_runs
        assert not copied, (name, sorted(" ".join(r) for r in copied)[:2])


def test_fonts_are_embedded_and_reruns_are_identical(cli, books, tmp_path):
    assert all(pdf_fonts(books["d12"]).values())
    again = tmp_path / "again.pdf"
    assert cli(["rulebook", "--ruleset", "d12", "-o", again]).exit_code == 0
    assert again.read_bytes() == books["d12"]


def test_written_to_its_own_default_file(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli(["rulebook", "--ruleset", "d12"])
    assert result.exit_code == 0, result.stderr
    assert (
        result.stdout == f"rulebook written: {Path('output/rulebook-d12.pdf')} (4 pages)\n"
    )  # the contents share p. 2 with the first chapter (book12)
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["rulebook-d12.pdf"]


def test_ruleset_kolaps_is_the_kolaps_book(cli, tmp_path):
    result = cli(["rulebook", "--ruleset", "kolaps", "--edition", "quickstart", "-o", tmp_path / "q.pdf"])
    assert result.exit_code == 0, result.stderr
    plain = cli(["rulebook", "--edition", "quickstart", "-o", tmp_path / "plain.pdf"])
    assert plain.exit_code == 0
    assert (tmp_path / "q.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


def test_usage_errors(cli, tmp_path):
    result = cli(["rulebook", "--ruleset", "d10", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2
    assert "unknown ruleset 'd10' (did you mean 'd100'?)" in result.stderr
    result = cli(["rulebook", "--ruleset", "d12", "--scenario", "relais-radio", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2
    assert "a demo scenario is KOLAPS's: give --scenario or --ruleset, not both" in result.stderr
    result = cli(["rulebook", "--ruleset", "d12", "--edition", "quickstart", "-o", tmp_path / "x.pdf"])
    assert result.exit_code == 2
    assert "'quickstart' is not one of 'full'" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def chapters_copy(tmp_path: Path, ruleset_id: str) -> Path:
    folder = tmp_path / ruleset_id
    shutil.copytree(chapters_dir(ruleset_id), folder)
    return folder


@pytest.mark.parametrize(
    ("added", "message"),
    [
        ('{{ table("chance") }}', "template: unknown table 'chance' (did you mean 'chances'?): "),
        ('{{ ruling("D100-E99") }}', "template: unknown erratum 'D100-E99'"),
        ('{{ ruling("E27") }}', "template: unknown erratum 'E27'"),
        ('{{ entries("arme") }}', "template: unknown catalogue 'arme' (did you mean 'armes'?)"),
        ("Voir [ceci](#nulle-part).", "unknown anchor '#nulle-part'"),
    ],
)
def test_a_broken_chapter_is_a_located_error_and_nothing_is_written(cli, tmp_path, added, message):
    folder = chapters_copy(tmp_path, "d100")
    chapter = folder / "02-round.md.j2"
    lines = chapter.read_text(encoding="utf-8").splitlines()
    chapter.write_text("\n".join(lines[:4] + ["", added, ""] + lines[4:]) + "\n", encoding="utf-8")
    output = tmp_path / "out.pdf"
    result = cli(["rulebook", "--ruleset", "d100", "--templates", folder, "-o", output])
    assert result.exit_code == 1, result.stderr
    assert f"{folder}/02-round.md.j2:6:" in result.stderr, result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not output.exists()


def test_a_table_no_chapter_prints_is_reported(cli, tmp_path):
    folder = chapters_copy(tmp_path, "d12")
    chapter = folder / "02-combat.md.j2"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace('{{ table("critiques") }}', ""), encoding="utf-8")
    result = cli(["rulebook", "--ruleset", "d12", "--templates", folder, "-o", tmp_path / "out.pdf"])
    assert result.exit_code == 0, result.stderr
    assert (
        f"{folder}/book.yaml:1:1: warning: table 'critiques' of data/rulesets/d12/tables.yaml is never shown "
        'in this book (add {{ table("critiques") }} to a chapter)'
    ) in result.stderr
    assert "consistency report: 1 finding(s)" in result.stderr
    strict = cli(["rulebook", "--ruleset", "d12", "--templates", folder, "--strict", "-o", tmp_path / "s.pdf"])
    assert strict.exit_code == 1 and not (tmp_path / "s.pdf").exists()


def test_the_proof_lists_the_ruleset_s_errata_and_where_they_are_printed(cli, tmp_path):
    output = tmp_path / "proof.pdf"
    result = cli(["rulebook", "--ruleset", "d12", "--proof", "-o", output])
    assert result.exit_code == 0, result.stderr
    texts = [flat(t) for t in page_texts(output.read_bytes())]
    errata = next(i for i, t in enumerate(texts) if t.startswith("Errata à confirmer"))
    listed = " ".join(texts[errata:])
    for n in range(1, 8):
        assert f"D12-E{n} · " in listed
    marks = " ".join(t for t in texts if "Marques de provenance" in t)
    assert "Aide de jeu" in marks and "Cartes : Équipe Néon" in marks
    assert re.search(r"Cartes d’aide de jeu carte \d+ D12-E", marks)  # the reference cards, by face
    assert "D12-E1" in marks


@pytest.mark.parametrize(
    ("ruleset_id", "heads", "narrow"),
    [("d100", ("Étape", "Ce qui se passe"), "Étape"), ("3d6", ("Action", "Effet", "Modif."), "Modif.")],
)
def test_a_table_s_columns_are_as_wide_as_their_texts_need(books, ruleset_id, heads, narrow):
    """Second review: « Étape » took half the table and 3d6's « Modif. » a third, beside a column
    of sentences. The widths come from the texts (as on the sheet): a column of short words is
    narrower than the column of sentences, which is the widest, read back from the book."""
    from pdf_tables import table_paint  # tests/support

    paint = table_paint(books[ruleset_id], heads[0], heads[1])
    lefts = dict(paint.heads)
    edges = [lefts[h] for h in heads] + [paint.span[1]]
    widths = {h: edges[i + 1] - edges[i] for i, h in enumerate(heads)}
    sentences = max(widths, key=widths.get)
    assert sentences not in (narrow, heads[0]), widths
    assert widths[narrow] < 0.5 * widths[sentences], widths
    assert widths["Étape" if ruleset_id == "d100" else "Action"] < 0.4 * (paint.span[1] - paint.span[0]), widths
