"""Each demo character's card back as numbers: its tracks' lengths and marks where its own total
puts them, the negative zone of the 3d6 COUPS, the boxes to tick."""

from kolaps_print.content.ruleset_card import Checkboxes, Track, TrackMark, back_items
from kolaps_print.labels import label
from kolaps_print.model.ruleset_army import load_ruleset_army
from kolaps_print.model.ruleset_choice import read_army_ruleset
from kolaps_print.model.ruleset_load import find_ruleset
from kolaps_print.provenance import marked
from kolaps_print.typography import french  # the labels go through French typography


def demo(ruleset_id: str):
    ruleset = find_ruleset(ruleset_id)
    (path,) = sorted((ruleset.folder / "armies").glob("*.yaml"))
    doc, _ = read_army_ruleset(path)
    return ruleset, load_ruleset_army(doc, ruleset).members


def trackers(ruleset, member):
    """The back's tracks and boxes (its name and tables aside)."""
    return [i for i in back_items(ruleset, member) if isinstance(i, (Track, Checkboxes))]


def test_d12_hit_points_marked_at_half_and_quarter_of_each_total():
    ruleset, members = demo("d12")
    for member in members:
        pv = member.character.pv
        track, boxes = trackers(ruleset, member)[:2]
        # boxes are ticked from the left, a point lost each: the state starts with pv // 2 left (D12-E6);
        # a cyborg's states are the seed's for cyborgs (D12-E8, marked on the last)
        half, quarter = (
            ("défaillance mécanique −1 PV/heure", "connexions neuronales touchées, inconscient, −2 PV/heure")
            if member.character.cyborg
            else ("hémorragie −1 PV/heure", "inconscient, −2 PV/heure")
        )
        ruling = "D12-E8" if member.character.cyborg else None
        assert track == Track(
            "Points de vie",
            pv,
            (
                TrackMark(pv - pv // 2, french(half), pv // 2, short="½"),
                TrackMark(pv - pv // 4, marked(french(quarter), ruling), pv // 4, short="¼"),
            ),
        )
        armour = member.character.armure  # « si applicable »: who wears some, last, with what it takes off the DÉF
        lost = (f"Armure perdue (DÉF\u00a0−{armour})",) if armour else ()
        assert boxes == Checkboxes(
            ("Arme enrayée", "Attaque totale", "Défense totale", *lost),
            () if armour else ("Armure perdue (DÉF\u00a0−0)",),
        )
    assert {bool(m.character.armure) for m in members} == {False, True}


def test_3d6_coups_run_down_to_minus_twice_the_body():
    ruleset, members = demo("3d6")
    for member in members:
        stun, kills = trackers(ruleset, member)[:2]
        assert stun.boxes == member.character.assommant
        half = -(-member.character.assommant // 2)  # half lost in one attack: counted from the left
        assert stun.marks == (TrackMark(half, french("sonné, −5 AV"), half, "lost", "½"),)
        assert (kills.boxes, kills.negative) == (member.character.coups, 2 * member.character.corps)
        coups = member.character.coups  # −2 AV with half the COUPS left, −4 AV with a quarter left
        assert [m.after_box for m in kills.marks] == [coups - coups // 2, coups - coups // 4]
        assert [m.points for m in kills.marks] == [coups // 2, coups // 4]
        assert [m.short for m in kills.marks] == ["½", "¼"] and kills.negative_short == "mourant"


def test_d100_back_has_hit_points_ammunition_and_the_two_boxes():
    ruleset, members = demo("d100")
    items = trackers(ruleset, members[0])
    assert members[0].character.armes == ["revolver", "couteau"]
    assert items == [
        Track("Points de vie", members[0].character.pv),
        Track(f"Munitions{label('rulesets.card.separator')}Revolver", 6),  # its magazine; the knife has none
        Checkboxes(("Parade utilisée", "Esquive annoncée")),
    ]
    (melee,) = [m for m in members if m.name == "Dimitri Lenoir"]  # a spear and an axe: no ammunition
    assert [t.label for t in trackers(ruleset, melee) if isinstance(t, Track)] == ["Points de vie"]


def test_marks_are_computed_once_per_distinct_total():
    from kolaps_print.content import ruleset_card

    ruleset, members = demo("3d6")
    ruleset_card._marks.cache_clear()
    for member in members * 3:
        back_items(ruleset, member)
    totals = {m.character.assommant for m in members} | {m.character.coups for m in members}
    info = ruleset_card._marks.cache_info()
    assert info.misses <= 2 * len(totals) and info.hits >= 2 * len(members) * 3 - info.misses
