"""The built-in game data (data/): rules tables, weapons, affiliations, trait glossary."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from kolaps_print import numbers, resources
from kolaps_print.diagnostics import KolapsError, Report, did_you_mean, display_path, shown
from kolaps_print.fonts.printable import unprintable_text
from kolaps_print.labels import area_files
from kolaps_print.load import SourceDocument, load_yaml
from kolaps_print.model import data_cache
from kolaps_print.model.catalogue import Affiliation, AffiliationFile, Weapon, WeaponFile
from kolaps_print.model.errata import ErrataFile, Erratum
from kolaps_print.model.numbered_text import fill_numbers
from kolaps_print.model.readings import chosen_readings, declared_readings, resolve_readings
from kolaps_print.model.rules import RULE_FILES, Rules, Trait
from kolaps_print.model.rules_check import check_rule_file
from kolaps_print.model.scenario import Scenario
from kolaps_print.model.validated import check_rulings, validate_model

M = TypeVar("M", bound=BaseModel)


@data_cache.record
@dataclass
class Origin:
    """Where a catalogue entry was defined, for 'defined twice' messages."""

    doc: SourceDocument
    path: tuple

    def __str__(self) -> str:
        mark = self.doc.locate(self.path)
        return f"{self.doc.file}:{mark.line}:{mark.col}"


@data_cache.record
@dataclass
class Catalogue:
    traits: dict[str, Trait]
    weapons: dict[str, Weapon] = field(default_factory=dict)
    affiliations: dict[str, Affiliation] = field(default_factory=dict)
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    traits_known: bool = True  # False: traits.yaml is invalid, weapons' traits cannot be checked

    def copy(self) -> Catalogue:
        return Catalogue(
            dict(self.traits), dict(self.weapons), dict(self.affiliations), dict(self.origins), self.traits_known
        )

    def add_weapon(self, weapon: Weapon, origin: Origin, report: Report) -> None:
        if self._is_duplicate("weapon", weapon.id, origin, report):
            return
        if self.traits_known:
            check_weapon_traits(weapon, origin, self.traits, report)
        self.weapons[weapon.id] = weapon
        self.origins[("weapon", weapon.id)] = origin

    def add_affiliation(self, affiliation: Affiliation, origin: Origin, report: Report) -> None:
        if self._is_duplicate("affiliation", affiliation.id, origin, report):
            return
        check_specialisation_ids(affiliation, origin, report)
        self.affiliations[affiliation.id] = affiliation
        self.origins[("affiliation", affiliation.id)] = origin

    def _is_duplicate(self, kind: str, id_: str, origin: Origin, report: Report) -> bool:
        first = self.origins.get((kind, id_))
        if first is None:
            return False
        report.add(
            origin.doc.diagnostic(origin.path + ("id",), f"{kind} id '{id_}' is defined twice: here and at {first}")
        )
        return True

    def specialisation_owners(self, spec_id: str) -> list[str]:
        return [a.id for a in self.affiliations.values() if a.specialisation(spec_id)]

    def all_specialisations(self) -> set[str]:
        return {s.id for a in self.affiliations.values() for s in a.specialisations}


def check_weapon_traits(weapon: Weapon, origin: Origin, traits: dict[str, Trait], report: Report) -> None:
    for i, ref in enumerate(weapon.traits):
        path = origin.path + ("traits", i)
        trait = traits.get(ref.id)
        if trait is None:
            report.add(origin.doc.diagnostic(path, f"unknown trait '{ref.id}'{did_you_mean(ref.id, traits)}"))
        elif trait.param and ref.param is None:
            report.add(origin.doc.diagnostic(path, f"trait '{ref.id}' needs its {trait.param}: write {{{ref.id}: 5}}"))
        elif not trait.param and ref.param is not None:
            report.add(origin.doc.diagnostic(path, f"trait '{ref.id}' takes no value: write just {ref.id}"))
    _one_range_override(weapon, origin, traits, report)


def _one_range_override(weapon: Weapon, origin: Origin, traits: dict[str, Trait], report: Report) -> None:
    """Two traits each replacing the range bands (E20) would leave the card guessing which wins."""
    owners = [i for i, ref in enumerate(weapon.traits) if ref.id in traits and traits[ref.id].range_bands is not None]
    for i in owners[1:]:
        first, this = weapon.traits[owners[0]].id, weapon.traits[i].id
        report.add(
            origin.doc.diagnostic(
                origin.path + ("traits", i),
                f"traits '{first}' and '{this}' both replace the range bands: keep one of them",
            )
        )


def check_specialisation_ids(affiliation: Affiliation, origin: Origin, report: Report) -> None:
    first: dict[str, int] = {}
    for i, spec in enumerate(affiliation.specialisations):
        if spec.id in first:
            report.add(
                origin.doc.diagnostic(
                    origin.path + ("specialisations", i, "id"),
                    f"specialisation id '{spec.id}' is listed twice in '{affiliation.id}' (also specialisations[{first[spec.id]}])",
                )
            )
        first.setdefault(spec.id, i)


@data_cache.record
@dataclass
class GameData:
    rules: Rules
    catalogue: Catalogue
    documents: list[SourceDocument]
    errata: list[Erratum] = field(default_factory=list)  # errata.yaml, in order
    readings: dict[str, str] = field(default_factory=dict)  # reading id -> chosen option (readings.yaml)
    scenarios: list[Scenario] = field(default_factory=list)  # data/rulesets/kolaps/scenarios/*.yaml, by file name

    def erratum(self, id_: str) -> Erratum | None:
        return next((e for e in self.errata if e.id == id_), None)

    def scenario(self, id_: str | None = None) -> Scenario | None:
        """The scenario of that id (None: the default, the first by file name); None if there is none."""
        if id_ is None:
            return self.scenarios[0] if self.scenarios else None
        return next((s for s in self.scenarios if s.id == id_), None)

    def unknown_scenario(self, id_: str) -> str:
        """The message for a scenario id that data/rulesets/kolaps/scenarios does not hold."""
        known = [s.id for s in self.scenarios]
        return (
            f"unknown scenario '{shown(id_)}'{did_you_mean(id_, known)}; "
            f"scenarios: {', '.join(known) or 'none (data/rulesets/kolaps/scenarios holds no scenario)'}"
        )


@dataclass
class _Readings:
    """The errata and the chosen readings, which the other data files are resolved against."""

    errata: list[Erratum]
    declared: dict
    chosen: dict[str, str] | None  # None: the readings could not be read (errors reported)
    documents: list[SourceDocument]  # errata.yaml and readings.yaml, as read

    @property
    def errata_file(self) -> str:
        return self.documents[0].file if self.documents else "errata.yaml"

    def resolve(self, doc: SourceDocument, report: Report) -> SourceDocument:
        fill_numbers(doc, report)  # first: every variant of a switchable text gets its numbers
        resolve_readings(doc, self.declared, self.chosen, self.errata_file, report)
        check_rulings(doc, {e.id for e in self.errata}, self.errata_file, report)
        return doc


def _load_readings(base: Path, report: Report) -> _Readings:
    errata_doc = load_yaml(base / "errata.yaml", display_path(base / "errata.yaml"))
    report.extend(unprintable_text(errata_doc))
    errata_file = validate_model(ErrataFile, errata_doc, errata_doc.data, (), report)
    if errata_file is None:
        return _Readings([], {}, None, [errata_doc])
    _check_errata(errata_file.errata, errata_doc, report)
    declared = declared_readings(errata_file.errata)
    readings_doc = load_yaml(base / "readings.yaml", display_path(base / "readings.yaml"))
    report.extend(unprintable_text(readings_doc))
    chosen = chosen_readings(readings_doc, declared, errata_doc.file, report)
    return _Readings(errata_file.errata, declared, chosen, [errata_doc, readings_doc])


def _check_errata(errata: list[Erratum], doc: SourceDocument, report: Report) -> None:
    """Each erratum id once, in increasing order: the docs and the proof list them that way."""
    previous = 0
    for i, erratum in enumerate(errata):
        if erratum.number <= previous:
            report.add(
                doc.diagnostic(
                    ("errata", i, "id"),
                    f"erratum {erratum.id} is out of order or listed twice "
                    f"(after E{previous}): keep the ids increasing",
                )
            )
        previous = max(previous, erratum.number)


def _load_rules(base: Path, readings: _Readings, report: Report) -> tuple[dict[str, Any], list[SourceDocument]]:
    """Each rules file validated on its own (None where invalid), then checked as tables."""
    sections: dict[str, Any] = {}
    docs = []
    for name in RULE_FILES:
        doc = load_yaml(base / "rules" / f"{name}.yaml", display_path(base / "rules" / f"{name}.yaml"))
        readings.resolve(doc, report)
        docs.append(doc)
        model = Rules.model_fields[name].annotation
        assert isinstance(model, type)  # every field of Rules is a model class
        sections[name] = validate_model(model, doc, doc.data, (), report)
        check_rule_file(name, sections[name], doc, report)
        report.extend(unprintable_text(doc))
    return sections, docs


def _check_specialisations(
    sections: dict[str, Any], docs: list[SourceDocument], catalogue: Catalogue, report: Report
) -> None:
    """A rule naming a specialisation (a critical injury's 'unless') must name one that exists."""
    wounds = sections["wounds"]
    if wounds is None:
        return
    doc = docs[RULE_FILES.index("wounds")]
    known = catalogue.all_specialisations()
    for i, injury in enumerate(wounds.critical_injuries):
        extra = injury.extra_difficulty
        if extra is not None and extra.unless not in known:
            report.add(
                doc.diagnostic(
                    ("critical_injuries", i, "extra_difficulty", "unless"),
                    f"unknown specialisation '{extra.unless}'{did_you_mean(extra.unless, known)} "
                    "(no affiliation in affiliations.yaml offers it)",
                )
            )


def _load_scenarios(base: Path, readings: _Readings, report: Report) -> tuple[list[Scenario], list[SourceDocument]]:
    """Each scenario file validated on its own; its id must be its file name (kit files name it so)."""
    folder = base / "scenarios"
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    scenarios, docs = [], []
    for path in files:
        doc = readings.resolve(load_yaml(path, display_path(path)), report)
        docs.append(doc)
        report.extend(unprintable_text(doc))
        scenario = validate_model(Scenario, doc, doc.data, (), report)
        if scenario is not None and _check_scenario(scenario, path.stem, doc, report):
            scenarios.append(scenario)
    return scenarios, docs


def _check_scenario(scenario: Scenario, stem: str, doc: SourceDocument, report: Report) -> bool:
    """What the model alone cannot see: the id is the file name, the two deployment zones do not meet."""
    ok = True
    if scenario.id != stem:
        report.add(
            doc.diagnostic(
                ("id",),
                f"scenario id '{scenario.id}' differs from its file name: "
                f"write id: {stem}, or rename the file {scenario.id}.yaml",
            )
        )
        ok = False
    if scenario.gap_cm < 1:
        report.add(
            doc.diagnostic(
                ("deployment_depth_cm",),
                f"the deployment zones ({scenario.deployment_depth_cm} cm "
                f"from each edge) meet or overlap on a table "
                f"{scenario.table.depth_cm} cm deep",
            )
        )
        ok = False
    return ok


def _load_entries(
    doc: SourceDocument, file_model: type[BaseModel], key: str, report: Report
) -> Iterable[tuple[Any, Origin]]:
    validated = validate_model(file_model, doc, doc.data, (), report)
    if validated is None:
        return []
    return [(item, Origin(doc, (key, i))) for i, item in enumerate(getattr(validated, key))]


def load_game_data(base: Path | None = None) -> GameData:
    """Load and validate KOLAPS's files of a data folder (data/rulesets/kolaps/, or data/ itself in
    the old layout: resources.kolaps_folder); raises KolapsError listing every problem. Kept
    between runs (model/data_cache.py) while those files do not change."""
    base = resources.kolaps_folder(base or resources.data_dir())
    return data_cache.cached("game data", lambda: _game_files(base), lambda: _read_game_data(base))


def _game_files(base: Path) -> list[Path]:
    """Every file _read_game_data reads, in its order, and the labels of the number formatter
    that fills the data's texts (model/numbered_text.py)."""
    scenarios = base / "scenarios"
    return [
        *area_files(numbers.LABEL_AREA),
        base / "errata.yaml",
        base / "readings.yaml",
        *(base / "rules" / f"{name}.yaml" for name in RULE_FILES),
        base / "weapons.yaml",
        base / "affiliations.yaml",
        *(sorted(scenarios.glob("*.yaml")) if scenarios.is_dir() else []),
    ]


def _read_game_data(base: Path) -> GameData:
    report = Report()
    docs: list[SourceDocument] = []
    try:
        readings = _load_readings(base, report)
        sections, docs = _load_rules(base, readings, report)
        weapons_doc = readings.resolve(load_yaml(base / "weapons.yaml", display_path(base / "weapons.yaml")), report)
        affiliations_doc = readings.resolve(
            load_yaml(base / "affiliations.yaml", display_path(base / "affiliations.yaml")), report
        )
    except KolapsError as exc:
        report.extend(exc.diagnostics)
        report.raise_if_errors()
        raise
    docs += [weapons_doc, affiliations_doc]
    scenarios, scenario_docs = _load_scenarios(base, readings, report)
    for doc in (weapons_doc, affiliations_doc):
        report.extend(unprintable_text(doc))
    traits = sections["traits"]
    # An invalid traits.yaml already has its messages: no 'unknown trait' for every weapon too.
    catalogue = Catalogue(traits={t.id: t for t in traits.traits} if traits else {}, traits_known=traits is not None)
    for weapon, origin in _load_entries(weapons_doc, WeaponFile, "weapons", report):
        catalogue.add_weapon(weapon, origin, report)
    for affiliation, origin in _load_entries(affiliations_doc, AffiliationFile, "affiliations", report):
        catalogue.add_affiliation(affiliation, origin, report)
    _check_specialisations(sections, docs, catalogue, report)
    report.raise_if_errors()
    return GameData(
        rules=Rules(**sections),
        catalogue=catalogue,
        documents=docs + readings.documents + scenario_docs,
        errata=readings.errata,
        readings=readings.chosen or {},
        scenarios=scenarios,
    )


def builtin_game_data() -> GameData:
    """The game data folder in use (resources.data_dir), loaded once per folder and working
    folder (messages show its paths relative to the working folder)."""
    return _loaded(resources.data_dir(), Path.cwd())


@cache
def _loaded(base: Path, cwd: Path) -> GameData:
    return load_game_data(base)
