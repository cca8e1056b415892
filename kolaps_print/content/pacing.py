"""The demo's pacing, exactly, from the dice engine: each character's chance to hit the other
army's typical figure, the wounds one attack inflicts, and how many turns an army needs to put
half the enemy out of action in a scenario.

The model (printed in the proof's report and in docs/kit.md, PACING_LIMITS):
- the typical target has the other army's median CIB and median rank (the higher middle
  value when the figures are even in number), copies counted;
- a character with a ranged weapon stays put and fires its best weapon (the most expected
  wounds) every turn, at the distance between the deployment zones; a character with only
  contact weapons runs (MVT x run cm) until a walk reaches contact, then walks and strikes
  (the « bouger pour frapper » modifier), then strikes from contact each turn;
- the attacking army fires at one target until it is out of action, then at the next;
- one-sided: the target's side does not shoot back, move or take cover, and the attackers
  never lose a figure;
- secondary effects (a target on the ground, a dropped weapon) are left out.
- haemorrhages are left out, and the cumulative table counts the checked boxes at once
  rather than at the bilan.
The target's boxes per location, the severity's last-box modifier, its survival tests and the
lower CIB and rank of its cumulative table are exact (content/wound_state.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from statistics import median_high

from kolaps_print.content.wound_state import (
    BLEEDING,
    OUT,
    HitChance,
    Memo,
    State,
    WoundState,
    add,
    attack,
    canonical,
    fresh_state,
    hit_chance,
    kept_face_distribution,
    modified_stat,
    on_hit,
    parse_dice,
)
from kolaps_print.model.army_book import ArmyBook
from kolaps_print.model.catalogue import Weapon
from kolaps_print.model.rules import Dice, Rules

HORIZON = 30  # turns followed before the chain's tail is reported as « more than »
STATIC_STRIKE, WALK_AND_STRIKE = "frapper", "bouger-pour-frapper"


@dataclass(frozen=True)
class Figure:
    """One figure on the table (a character's copies are figures of their own)."""

    name: str
    rank: int
    mvt: int
    cib: int
    weapons: tuple[Weapon, ...]


@dataclass(frozen=True)
class Opponent:
    """The other army's typical figure: median CIB and median rank."""

    cib: int
    rank: int


@dataclass(frozen=True)
class WeaponUse:
    """One weapon fired or swung in one way: its difficulty modifier and severity dice."""

    weapon: str
    band: str  # range band id, or the action id for a contact weapon
    modifier: int
    severity: Dice


@dataclass(frozen=True)
class AttackFigures:
    """One character's attack with one weapon against the fresh typical target."""

    use: WeaponUse
    hit: Fraction
    critical: Fraction
    wounds_per_hit: Fraction
    out_of_action: Fraction  # the target's chance to be out after this single attack


def figures(book: ArmyBook) -> list[Figure]:
    return [
        Figure(m.character.name, m.character.rank, m.character.mvt, m.character.cib, tuple(m.weapons))
        for m in book.members
        for _ in range(m.character.copies)
    ]


def typical_target(book: ArmyBook) -> Opponent:
    army = figures(book)
    return Opponent(cib=median_high(f.cib for f in army), rank=median_high(f.rank for f in army))


def half_of(book: ArmyBook) -> int:
    """Figures out of action that make half the army (rounded up)."""
    return -(-len(figures(book)) // 2)


# ---- which modifier and dice a weapon uses ---------------------------------------
def ranged_use(rules: Rules, weapon: Weapon, distance_cm: float) -> WeaponUse:
    """The general range bands (the demo drops the weapons' traits, E80)."""
    combat = rules.combat
    point_blank = next(b for b in combat.range_bands if b.below_cm is not None)
    assert weapon.range is not None
    if distance_cm < (point_blank.below_cm or 0):
        return WeaponUse(
            weapon.name, point_blank.id, point_blank.modifier, parse_dice(point_blank.severity_dice or "1D6")
        )
    bands = rules.weapon_bands(())  # no trait in the demo: the general bands, nearest first
    band = next(b for b in bands if b.max_factor is None or distance_cm <= b.max_factor * weapon.range)
    return WeaponUse(weapon.name, band.id, band.modifier, parse_dice("1D6"))


def contact_use(rules: Rules, weapon: Weapon, action_id: str) -> WeaponUse:
    action = next(a for a in rules.actions.actions if a.id == action_id)
    return WeaponUse(weapon.name, action_id, action.modifier, parse_dice("1D6"))


def wounds_per_hit(rules: Rules, chance: HitChance, severity: Dice) -> Fraction:
    """Wounds the severity table gives for a hit on a fresh target (a critical: the top row)."""
    wounds = {s.roll: s.wounds for s in rules.wounds.severities}
    if not chance.hit:
        return Fraction(0)
    normal = sum((p * wounds[face] for face, p in kept_face_distribution(severity).items()), Fraction(0))
    critical = Fraction(wounds[rules.wounds.max_severity])
    return ((chance.hit - chance.critical) * normal + chance.critical * critical) / chance.hit


def attack_figures(rules: Rules, figure: Figure, use: WeaponUse, target: Opponent, reading: str) -> AttackFigures:
    chance = hit_chance(figure.rank, target.cib + use.modifier, rules)
    after = attack(rules, fresh_state(rules), chance, use.severity, target.rank, reading)
    return AttackFigures(
        use, chance.hit, chance.critical, wounds_per_hit(rules, chance, use.severity), after.get(OUT, Fraction(0))
    )


def weapon_uses(rules: Rules, figure: Figure, distance_cm: float) -> list[WeaponUse]:
    """Each weapon as the figure uses it: ranged ones at that distance, contact ones from contact."""
    return [
        contact_use(rules, w, STATIC_STRIKE) if w.is_contact else ranged_use(rules, w, distance_cm)
        for w in figure.weapons
    ]


def best_ranged(rules: Rules, figure: Figure, target: Opponent, distance_cm: float, reading: str) -> WeaponUse | None:
    ranged = [ranged_use(rules, w, distance_cm) for w in figure.weapons if not w.is_contact]
    if not ranged:
        return None
    return max(ranged, key=lambda u: _expected_wounds(attack_figures(rules, figure, u, target, reading)))


def _expected_wounds(a: AttackFigures) -> Fraction:
    return a.hit * a.wounds_per_hit


# ---- the turns: who attacks when -------------------------------------------------
def turn_plan(
    rules: Rules, figure: Figure, target: Opponent, distance_cm: float, reading: str, turns: int
) -> list[WeaponUse | None]:
    """What the figure does each turn: an attack, or None while it runs toward the enemy."""
    shot = best_ranged(rules, figure, target, distance_cm, reading)
    if shot is not None:
        return [shot] * turns
    blade = next((w for w in figure.weapons if w.is_contact), None)
    if blade is None:  # no weapon at all: it never attacks
        return [None] * turns
    walk = figure.mvt * rules.actions.walk_cm_per_mvt
    run = figure.mvt * rules.actions.run_cm_per_mvt
    plan: list[WeaponUse | None] = []
    left = distance_cm
    for _ in range(turns):
        if left <= 0:
            plan.append(contact_use(rules, blade, STATIC_STRIKE))
        elif left <= walk:
            plan.append(contact_use(rules, blade, WALK_AND_STRIKE))
            left = 0
        else:
            plan.append(None)  # a run may end in contact, but strikes nothing (E47)
            left = max(0.0, left - run)
    return plan


@dataclass(frozen=True)
class Pacing:
    """How fast one army puts half the other out of action."""

    half: int  # figures out of action that make half the enemy
    reached_by_turn: list[float]  # [P(half out by the end of turn 1), ... turn HORIZON]
    expected_turns: float  # E[min(T, HORIZON)]

    def by(self, turn: int) -> float:
        return self.reached_by_turn[turn - 1]

    @property
    def beyond_horizon(self) -> float:
        return 1 - self.reached_by_turn[-1]


NEGLIGIBLE = 1e-12  # a chain state less likely than this is dropped (see _Chain.attack)
STRIDE = 1 << 24  # a chain key is figures out × STRIDE + the target state's number
Row = list[tuple[int, float]]  # one attack's moves out of a target state: (key offset, chance)


class _Chain:
    """The attacking army's chain: (figures out, current target's state) -> chance.

    It runs in floats: exact fractions would grow with every attack (thirty turns would take
    hours, not seconds); each single attack's own distribution is exact, then rounded once.
    For speed (the proof prints it, issue 16): a target state is numbered once, the chain's
    keys are plain ints (figures out × STRIDE + state number), and each attack's moves out of a
    state are worked out once, as key offsets; one step is then additions over a dict of ints.
    """

    def __init__(self, rules: Rules, target: Opponent, half: int, reading: str) -> None:
        self.rules, self.target, self.half, self.reading = rules, target, half, reading
        self._numbers: dict[WoundState, int] = {}
        self._states: list[WoundState] = []
        self.fresh = self._number(self._reduced(fresh_state(rules)))
        self.army: dict[int, float] = {self.fresh: 1.0}
        self.done = 0.0  # chance that half the enemy is out already
        self._chances: dict[tuple[int, int], tuple[float, float]] = {}
        self._on_hit: dict[tuple[int, str, bool], list[tuple[State, float]]] = {}
        self._locations: Memo = {}  # one hit's effect on one location, shared by every state
        self._kernels: dict[tuple[int, int, str], dict[int, Row]] = {}

    def _number(self, state: WoundState) -> int:
        if state not in self._numbers:
            self._numbers[state] = len(self._states)
            self._states.append(state)
        return self._numbers[state]

    def _reduced(self, state: WoundState) -> WoundState:
        """The chain's simplification: no haemorrhage, and the cumulative table counts the
        checked boxes at once rather than at the bilan. Every location is set as bleeding
        already, which the chain never tests: a hit then never branches on a new haemorrhage
        (half the work, the same states once merged)."""
        bled = (BLEEDING,) * len(state.bleeding)
        counted = min(sum(state.boxes), self.rules.wounds.max_counted_wounds)
        return canonical(self.rules, WoundState(state.boxes, bled, counted))

    def _chance(self, rank: int, difficulty: int) -> tuple[float, float]:
        if (rank, difficulty) not in self._chances:
            chance = hit_chance(rank, difficulty, self.rules)
            self._chances[(rank, difficulty)] = (float(chance.hit), float(chance.critical))
        return self._chances[(rank, difficulty)]

    def _hits(self, number: int, dice: Dice, critical: bool) -> list[tuple[State, float]]:
        key = (number, dice.label, critical)
        if key not in self._on_hit:
            merged: dict[State, Fraction] = {}
            state = self._states[number]
            hits = on_hit(self.rules, state, dice, self.target.rank, self.reading, critical, self._locations)
            for after, q in hits.items():
                add(merged, None if after is None else self._reduced(after), q)
            self._on_hit[key] = [(s, float(q)) for s, q in merged.items()]
        return self._on_hit[key]

    def _row(self, rank: int, use: WeaponUse, number: int) -> Row:
        """One attack's moves out of a target state: a target out of action moves the chain to
        the next figure, fresh."""
        state = self._states[number]
        cib = modified_stat(self.rules, self.target.cib, "cib", state.counted)
        hit, critical = self._chance(rank, cib + use.modifier)
        moves: dict[int, float] = {0: 1.0 - hit}
        for is_critical, p in ((False, hit - critical), (True, critical)):
            if p > 0:
                for after, q in self._hits(number, use.severity, is_critical):
                    offset = STRIDE + self.fresh - number if after is None else self._number(after) - number
                    moves[offset] = moves.get(offset, 0.0) + p * q
        return [(offset, q) for offset, q in moves.items() if q > 0]

    def attack(self, rank: int, use: WeaponUse) -> None:
        rows = self._kernels.setdefault((rank, use.modifier, use.severity.label), {})
        out: dict[int, float] = {}
        get, limit, done = out.get, self.half * STRIDE, 0.0
        for key, p in self.army.items():
            number = key % STRIDE
            row = rows.get(number)
            if row is None:
                row = rows[number] = self._row(rank, use, number)
            for offset, q in row:
                after = key + offset
                if after >= limit:
                    done += p * q
                else:
                    out[after] = get(after, 0.0) + p * q
        # A state this unlikely moves no printed figure (they are rounded to 0.1 %; a few
        # thousand such states over hundreds of attacks stay below 1e-7): dropped, not followed.
        self.army = {key: p for key, p in out.items() if p >= NEGLIGIBLE}
        self.done += done

    @property
    def reached(self) -> float:
        return self.done


def pacing(rules: Rules, attackers: ArmyBook, defenders: ArmyBook, distance_cm: float, reading: str) -> Pacing:
    target = typical_target(defenders)
    half = half_of(defenders)
    plans = [(f.rank, turn_plan(rules, f, target, distance_cm, reading, HORIZON)) for f in figures(attackers)]
    chain = _Chain(rules, target, half, reading)
    reached: list[float] = []
    for turn in range(HORIZON):
        for rank, plan in plans:
            use = plan[turn]
            if use is not None:
                chain.attack(rank, use)
        reached.append(chain.reached)
    expected = sum(1 - r for r in [0.0, *reached[:-1]])
    return Pacing(half, reached, expected)


# ---- the proof's summary ----------------------------------------------------------
@dataclass(frozen=True)
class CharacterAttack:
    """A character's attack as the turns model makes it, against the other side's typical figure."""

    name: str
    figures: AttackFigures

    @property
    def wounds_per_attack(self) -> Fraction:
        return self.figures.hit * self.figures.wounds_per_hit


@dataclass(frozen=True)
class SidePacing:
    """One side of a scenario attacking the other: each character's attack and the turns."""

    army: str
    target: Opponent
    attacks: list[CharacterAttack]
    pacing: Pacing


def usual_attack(rules: Rules, figure: Figure, target: Opponent, distance_cm: float, reading: str) -> WeaponUse | None:
    """What the figure attacks with once the fight is on: its best shot at this distance, else a
    strike (None: it has no weapon)."""
    shot = best_ranged(rules, figure, target, distance_cm, reading)
    blade = next((w for w in figure.weapons if w.is_contact), None)
    return shot or (contact_use(rules, blade, STATIC_STRIKE) if blade else None)


def side_pacing(rules: Rules, attackers: ArmyBook, defenders: ArmyBook, distance_cm: float, reading: str) -> SidePacing:
    target = typical_target(defenders)
    seen: dict[str, Figure] = {f.name: f for f in figures(attackers)}  # a character's copies attack alike
    uses = [(f, usual_attack(rules, f, target, distance_cm, reading)) for f in seen.values()]
    attacks = [CharacterAttack(f.name, attack_figures(rules, f, use, target, reading)) for f, use in uses if use]
    return SidePacing(attackers.army.name, target, attacks, pacing(rules, attackers, defenders, distance_cm, reading))
