"""Chapters are Markdown run through Jinja2 with the game data.

A template sees the rules (numbers), the catalogue through Tracked views (see usage.py),
the formats of kolaps_print.content.formats (and its core, kolaps_print.numbers) as `fmt`,
and `table("name")`, which drops a data table into the Markdown as a fenced block the
renderer turns into a real table.
Chapters are untrusted input: they render in a sandbox (sandbox.py). Any error is reported at
its line in the template, never as a Python traceback.
"""

from __future__ import annotations

import inspect
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast, get_args

import jinja2

from kolaps_print import numbers, resources
from kolaps_print.content import formats
from kolaps_print.content.attack import attack_steps
from kolaps_print.content.tables import TABLE_NAMES
from kolaps_print.diagnostics import Diagnostic, KolapsError, did_you_mean, display_path, shown
from kolaps_print.labels import label, overriding_file
from kolaps_print.load.source_tree import folder_digest
from kolaps_print.model.gamedata import GameData
from kolaps_print.model.rules import Edition
from kolaps_print.provenance import mark, marked
from kolaps_print.rulebook.compiled import CompiledTemplates
from kolaps_print.rulebook.kept_renders import keep, kept_render
from kolaps_print.rulebook.sandbox import MEMORY_HEADROOM, BookSandbox, FolderLoader
from kolaps_print.rulebook.sources import BookSources
from kolaps_print.rulebook.usage import Tracked, Usage, tracked_list

TABLE_FENCE = "table"  # ```table NAME``` in the rendered Markdown
WITHOUT_NOTE = "without-note"  # ```table NAME without-note```: the prose already says what the note would
COLUMNS_OPTION = "columns"  # ```table NAME columns=4```: only the first 4 columns (a selection's tables)


class TemplateUsageError(Exception):
    """A template called a helper wrongly (unknown table, unknown id)."""


@dataclass
class RenderedChapter:
    name: str  # template file name, e.g. "03-des.md.j2"
    file: str  # as shown in messages
    markdown: str
    usage: Usage


def lcfirst(text: str) -> str:
    """'Tous les dés (2C6)' -> 'tous les dés (2C6)': lower only the first letter."""
    return text[:1].lower() + text[1:]


_COMPILED = CompiledTemplates()  # for the process, and on disk (compiled.py)


def make_environment(folder: Path) -> BookSandbox:
    """The sandbox a book's chapters render in; filters and globals are added here."""
    env = BookSandbox(
        FolderLoader(folder, display_path(folder)),
        bytecode_cache=_COMPILED,
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # Markdown out, not HTML
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # {#id} names a heading's anchor in Markdown, so Jinja comments are {## ... ##}.
        comment_start_string="{##",
        comment_end_string="##}",
    )
    env.filters["lcfirst"] = lcfirst
    return env


def _functions(module) -> SimpleNamespace:
    """A module's own public functions, not what it imports (classes, other modules)."""
    return SimpleNamespace(
        **{
            name: value
            for name, value in vars(module).items()
            if inspect.isfunction(value) and value.__module__ == module.__name__ and not name.startswith("_")
        }
    )


def formatters() -> SimpleNamespace:
    """`fmt` in a template: the number formats of kolaps_print.numbers and content.formats."""
    return SimpleNamespace(**vars(_functions(numbers)), **vars(_functions(formats)))


def table_fence(name: str, note: bool = True, columns: int | None = None) -> str:
    """The fenced block the Markdown parser turns into a data table (TableBlock)."""
    option = ("" if note else f" {WITHOUT_NOTE}") + ("" if columns is None else f" {COLUMNS_OPTION}={columns}")
    return f"\n\n```{TABLE_FENCE}\n{name}{option}\n```\n\n"


def _table_call(usage: Usage, data: GameData):
    def table(name: str, note: bool = True, columns: int | None = None) -> str:
        if name not in TABLE_NAMES:
            raise TemplateUsageError(
                f"unknown table '{name}'{did_you_mean(name, TABLE_NAMES)}; tables: {', '.join(TABLE_NAMES)}"
            )
        if name not in usage.tables:
            usage.tables.append(name)
        if name == "traits":
            usage.mark_all("trait", data.catalogue.traits)
        elif name == "armes":
            usage.mark_all("weapon", data.catalogue.weapons)
        elif name == "affiliations":
            usage.mark_all("specialisation", data.catalogue.all_specialisations())
        if columns is not None and (not isinstance(columns, int) or not 1 <= columns <= 9):
            raise TemplateUsageError(f"table '{name}': columns must be a number of columns from 1 to 9")
        return table_fence(name, note, columns)

    return table


def ruling_call(known: list[str], file: str):
    """ruling("E27") -> « † E27 »: the mark of our rulings, the one the cards and the sheet print.
    known: the errata ids of the book's errata file (KOLAPS's, or a ruleset's D100-E1...)."""

    def ruling(id_: str) -> str:
        if id_ not in known:
            raise TemplateUsageError(f"unknown erratum '{id_}'{did_you_mean(str(id_), known)}: {file} has no such id")
        return mark(id_)

    return ruling


def ruled(entry) -> str:
    """A data entry's text followed by its mark when it is our ruling: {{ ruled(action["se-rallier"]) }}."""
    return marked(entry.text, getattr(entry, "ruling", None))


def _lookup(kind: str, entries: dict, usage: Usage, file: str):
    def find(id_: str) -> Tracked:
        if id_ not in entries:
            raise TemplateUsageError(f"unknown {kind} '{id_}'{did_you_mean(id_, entries)}: {file} has none")
        return Tracked(entries[id_], kind, usage)

    return find


class _ById(dict):
    """Rules entries by id (or roll, level...) for the prose; a missing one names the data file.

    The designer may delete an entry a chapter quotes: the message then says which file lost it,
    at the template line that needs it, instead of Jinja's "dict object has no attribute".
    """

    def __init__(self, kind: str, entries: dict, file: str):
        super().__init__(entries)
        self.kind, self.file = kind, file

    def __missing__(self, key):
        listed = ", ".join(str(k) for k in self)
        raise TemplateUsageError(
            f"unknown {self.kind} {key!r}{did_you_mean(str(key), map(str, self))}: {self.file} has {listed or 'none'}"
        )


def _file(data: GameData, name: str) -> str:
    """A data file as messages name it (data/rulesets/kolaps/rules/actions.yaml)."""
    return next((d.file for d in data.documents if Path(d.file).name == name), name)


@dataclass(frozen=True)
class Demo:
    """What the quick-start prints about its demo table: the scenario, its two armies, the worked attack."""

    scenario: Any  # model.scenario.Scenario, or None when data/rulesets/kolaps/scenarios holds none
    sides: list[Any]  # the scenario's two ArmyBooks, in its order
    example: Any  # content.attack_example.WorkedAttack, or None


NO_DEMO = Demo(None, [], None)


def template_context(
    data: GameData, usage: Usage, edition: str, sources: BookSources, army_weapons: list, demo: Demo = NO_DEMO
) -> dict:
    catalogue, rules = data.catalogue, data.rules
    actions, combat, wounds, dice = (_file(data, f"{n}.yaml") for n in ("actions", "combat", "wounds", "dice"))
    steps = attack_steps(data, cast(Edition, edition) if edition in get_args(Edition) else "full")
    return {
        "army_weapons": tracked_list(army_weapons, "weapon", usage),  # defined in the demo armies' files
        "rules": data.rules,
        "traits": tracked_list(catalogue.traits.values(), "trait", usage),
        "weapons": tracked_list(catalogue.weapons.values(), "weapon", usage),
        "affiliations": [Tracked(a, "affiliation", usage) for a in catalogue.affiliations.values()],
        "trait": _lookup("trait", catalogue.traits, usage, _file(data, "traits.yaml")),
        "weapon": _lookup("weapon", catalogue.weapons, usage, _file(data, "weapons.yaml")),
        "table": _table_call(usage, data),
        # Look-ups by id, for numbers in the prose: {{ action["courir"].fatigue }}.
        "action": _ById("action", {a.id: a for a in rules.actions.actions}, actions),
        "modifier": _ById("modifier", {m.id: m for m in rules.combat.modifiers}, combat),
        "band": _ById("range band", {b.id: b for b in rules.combat.range_bands}, combat),
        "location": _ById("location", {loc.id: loc for loc in rules.wounds.locations}, wounds),
        "severity": _ById("severity", {s.roll: s for s in rules.wounds.severities}, wounds),
        "difficulty": _ById("difficulty", {d.level: d for d in rules.dice.difficulties}, dice),
        "threshold": _ById("threshold", {t.rank: t.threshold for t in rules.dice.thresholds}, dice),
        "trait_by_id": catalogue.traits,  # for fmt.trait_ref(ref, trait_by_id)
        "fmt": formatters(),  # the one number formatter
        "label": label,
        "ruling": ruling_call([e.id for e in data.errata], _file(data, "errata.yaml")),
        "ruled": ruled,
        "edition": edition,
        "book": sources.spec,
        "scenario": demo.scenario,  # the kit's, or the default; None when data has none
        "sides": demo.sides,  # its two armies (ArmyBook: .army.name, .affiliation.name...)
        "example": demo.example,  # the worked attack, every number from the rules and the two cards
        # the attack's numbered steps (data/rulesets/kolaps/rules/attack.yaml) this edition prints, as the sheet
        # does; by id, for an example that cites a step by its number and name: {{ attack_step["seuil"].number }}
        "attack_steps": steps,
        "attack_step": _ById("attack step", {s.id: s for s in steps}, _file(data, "attack.yaml")),
    }


def render_chapter(
    env: BookSandbox,
    sources: BookSources,
    name: str,
    data: GameData,
    edition: str,
    army_weapons: Sequence[Any] = (),
    demo: Demo = NO_DEMO,
) -> RenderedChapter:
    key = _render_key(sources, name, edition, demo)
    kept = kept_render(key, env)
    if kept is not None:
        return RenderedChapter(name, sources.display_path(name), *kept)
    usage = Usage()
    context = template_context(data, usage, edition, sources, list(army_weapons), demo)
    env.loaded = []
    try:
        rendered = render_in_context(env, sources, name, context, usage)
    finally:
        loaded, env.loaded = env.loaded, None
    keep(key, env, loaded, rendered.markdown, usage)
    return rendered


def _render_key(sources: BookSources, name: str, edition: str, demo: Demo) -> tuple:
    """What a chapter's context is made from, but the templates (kept_renders checks those)."""
    data = folder_digest(resources.data_dir())  # game data, labels, layouts and demo armies
    scenario = getattr(demo.scenario, "id", None)
    return (name, str(sources.folder), sources.display, repr(sources.spec), edition, scenario, data, overriding_file())


def render_in_context(
    env: BookSandbox, sources: BookSources, name: str, context: dict, usage: Usage
) -> RenderedChapter:
    """A chapter rendered with the names its book gives it (KOLAPS's data, or a ruleset's)."""
    file = sources.display_path(name)
    try:
        markdown = env.render(env.get_template(name), context)
    except KolapsError:  # a labels file the template reads is broken: located there already
        raise
    except Exception as exc:  # anything a template does wrong, from 1/0 to an endless include
        raise KolapsError([_locate(exc, sources, file)]) from None
    return RenderedChapter(name, file, markdown, usage)


def check_syntax(env: BookSandbox, sources: BookSources, name: str) -> list[Diagnostic]:
    """A chapter's syntax errors, without rendering it (when the game data is broken)."""
    try:
        env.get_template(name)
    except Exception as exc:
        return [_locate(exc, sources, sources.display_path(name))]
    return []


def _locate(exc: Exception, sources: BookSources, file: str) -> Diagnostic:
    """A template's error at its own file and line; a render-time one at the deepest
    template line in its traceback (Jinja rewrites tracebacks to template lines)."""
    if isinstance(exc, jinja2.TemplateSyntaxError):
        where = _template_display(exc.filename, sources) or file
        return Diagnostic(where, exc.lineno or 1, 1, "error", f"template syntax: {exc.message}")
    where, line = file, 1
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        shown = _template_display(frame.f_code.co_filename, sources)
        if shown:
            where, line = shown, lineno
    return Diagnostic(where, line, 1, "error", f"template: {_message(exc, sources)}")


def _message(exc: Exception, sources: BookSources) -> str:
    if isinstance(exc, RecursionError):
        return "templates include, import or call one another without end, or nest too deeply"
    if isinstance(exc, MemoryError):
        return f"this template needs more than {MEMORY_HEADROOM >> 20} MB of memory"
    if isinstance(exc, jinja2.TemplateNotFound):
        return f"no template '{shown(str(exc.name))}' in {sources.display}"
    if isinstance(exc, (jinja2.TemplateError, TemplateUsageError)):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _template_display(filename: str | None, sources: BookSources) -> str | None:
    """A file of the templates folder as messages show it (templates/rulesets/kolaps/03-des.md.j2);
    None for any other file (Python code, Jinja's own)."""
    if not filename:
        return None
    try:
        name = Path(filename).resolve().relative_to(sources.folder.resolve())
    except (ValueError, OSError):
        return None
    return sources.display_path(name.as_posix())
