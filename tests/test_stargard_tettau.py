"""Stargard Solstice 19.1.5 The Withdrawal of Corps Tettau and the 2nd Guards Cavalry Corps, on
the test data of tests/sshelp.py with made-up counters and entry points (the text names neither):
Tettau-HQ, t-1 and t-2 (the BÄRW units, entry point H 4820), t-3 (POM, entry point I 4825); the
cavalry divisions c-3 and c-4 (entry point H)."""

from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, combat, play, start

TETTAU = {"primary": "The Withdrawal of Corps Tettau", "secondary": "made up"}
VALUES = {
    "events.random_events.table.3": {"1-6": TETTAU},
    "module.corps_tettau.hq": "Tettau-HQ", "module.corps_tettau.units_at_h": ["t-1", "t-2"],
    "module.corps_tettau.units_at_i": ["t-3"], "module.second_guards_cavalry_corps.units": ["c-3", "c-4"],
    "reinforcements.entry_areas.locations.H": ["4820"], "reinforcements.entry_areas.locations.I": ["4825"],
    "units.counters.Tettau-HQ": {"side": "german", "type": "hq", "listed_under": None, "command_range": 3, "movement": 6},
    **{f"units.counters.{u}": combat(3, 3, "Tettau-HQ") for u in ("t-1", "t-2", "t-3")},
    **{f"units.counters.{u}": combat(3, 2, None, movement=8, side="soviet") for u in ("c-3", "c-4")},
}
DICE = {"tettau/t-1": [1], "tettau/t-2": [3], "tettau/t-3": [6]}


def rolled():
    d, s = start({}, values=VALUES)
    s, events, _ = play(d, at(s, turn=3, last_event=None), "german", [], 1, **DICE)
    return d, s, events


def test_19_1_5_one_die_per_unit_but_the_hq():
    """19.1.5 "the German player must roll 1 die per unit (exception: do not roll for the HQ unit).
    1 = the unit is lost 2-4 = the unit enters at reduced strength 5-6 = the unit enters at full
    strength\""""
    d, s, events = rolled()
    assert [e for e in events if e["event"] == "tettau_roll"] == [
        {"event": "tettau_roll", "unit": "t-1", "die": 1, "outcome": "lost", "rule": "19.1.5"},
        {"event": "tettau_roll", "unit": "t-2", "die": 3, "outcome": "reduced", "rule": "19.1.5"},
        {"event": "tettau_roll", "unit": "t-3", "die": 6, "outcome": "full", "rule": "19.1.5"}]
    assert s["phase"] == "tettau" and GAME.awaiting(s).side == "german"
    assert s["tettau"]["units"] == {"Tettau-HQ": [1, ["4820"]], "t-2": [1, ["4820"]], "t-3": [2, ["4825"]]}
    assert {"unit": "t-1", "side": "german"} in s["dead"]


def test_19_1_5_the_event_needs_the_group_s_units():
    d, s = start({}, values={"events.random_events.table.3": {"1-6": TETTAU}})
    assert "`module.corps_tettau.hq`" in GAME.check(d, at(s, turn=3, last_event=None), "german", [])[0].message


def test_19_1_5_tettau_enters_and_moves_then_the_soviet_cavalry_then_the_chit_joins_the_cup():
    """19.1.5 "The BÄRW units and the HQ enter the game via entry point H; the POM units via entry
    point I ... treat the arrival of the units as a regular reinforcement (but strategic movement is
    not allowed), with its own movement phase. Immediately after the movement of those units, the
    Soviet player brings in the 2nd Guards Cavalry Corps at entry point H, and conducts a regular
    movement (but strategic movement is not allowed). Finally, add the Tettau command chit to the
    drawing cup, and if drawn, it may be activated normally in the same turn." H is held by the
    Germans: the cavalry comes within 10 hexes along the edge (7.1.2)."""
    d, s, _ = rolled()
    german = [{"enter": "Tettau-HQ", "at": "4820"}, {"enter": "t-2", "at": "4820"}, {"enter": "t-3", "at": "4825"},
              {"move": "t-3", "path": ["4824"]}]
    assert [p.message for p in GAME.check(d, s, "german", german[:2])] == [
        "enter t-3 too (7.0, 15.3): `enter: UNIT, at: HEX` for every reinforcement (7.0), then `move: UNIT, path: [...]` (7.1.1)"]
    assert [p.message for p in GAME.check(d, s, "german", [*german[:3], {"move": "t-3", "path": ["4824"], "strategic": True}])] == [
        "Corps Tettau and 2nd Guards Cavalry Corps units may not use strategic movement when entering via the random "
        "event table (5.4.1, 19.1.5)"]     # no strategic movement (behaviour 3 names the rule)
    s, events, _ = play(d, s, "german", german)
    assert s["units"]["t-2"] == {"side": "german", "hex": "4820", "steps": 1, "supply": "in"}
    assert s["units"]["t-3"]["hex"] == "4824" and s["phase"] == "cavalry" and GAME.awaiting(s).side == "soviet"
    from pbem.games.stargard_solstice.supply import sources
    assert s["tettau_units"] == ["Tettau-HQ", "t-2", "t-3"] and sources(d, s, "t-2") == {"4430"}    # 11.2.4 Kolberg
    assert [p.message for p in GAME.check(d, s, "soviet", [{"enter": "c-3", "at": "4820"}, {"enter": "c-4", "at": "4820"}])] == [
        "c-3 enters at a hex of its area free of enemy units and EZOCs: 4810, 4811, 4812, 4813, 4814, 4815, 4816, 4817, "
        "4818, 4822, 4826, 4827, 4828, 4829, 4830 (7.0, 7.1.2)"]
    s, events, _ = play(d, s, "soviet", [{"enter": "c-3", "at": "4812"}, {"enter": "c-4", "at": "4813"},
                                         {"move": "c-4", "path": ["4713"]}], **{"cup/": [1]})
    assert s["units"]["c-4"]["hex"] == "4713" and "tettau" not in s
    assert {"event": "chits_arrive", "chits": ["Tettau-HQ"], "rule": "19.1.5"} in events
    assert "Tettau-HQ" in s["chits"] and ("Tettau-HQ" in s["cup"] or s["chit"] == "Tettau-HQ")
    assert any(e["event"] == "chit" for e in events)                  # the first draw follows (2.3.1)


def test_12_5_the_cavalry_moves_only_with_the_1st_belorussian_front_chit_and_then_with_any_army():
    """12.5 "The 2nd Guards Cavalry Corps ... may only be commanded and moved when the "1st
    Belorussian Front" (1 BF) chit is drawn (see 3.1.4). When the 1BF chit is drawn, the Soviet
    player may freely activate any army of their choice (exception: see 3.1.3) AND the 2nd Guards
    Cavalry Corps." c-3 and c-4 are entered; the 61st Army's HQ would otherwise have them (made-up
    counters list them under it)."""
    values = {**VALUES, **{f"units.counters.{u}": combat(3, 2, "61-HQ", movement=8, side="soviet") for u in ("c-3", "c-4")}}
    d, s = start({"61-HQ": "4715", "c-3": "4714", "c-4": "4716"}, values=values)
    s = at(s, turn=4, cavalry_units=["c-3", "c-4"], active="soviet", phase="pick_hq", chit="11 Pz AOK", previous=None)
    s61, events, _ = play(d, at(s, chit="61-HQ", phase="pick_hq"), "soviet", [{"hq": "61-HQ"}])
    assert s61["activated"] == []                                        # never with its army's own chit
    s1bf, events, _ = play(d, at(s, chit="1 BRF"), "soviet", [{"hq": "61-HQ"}])
    assert s1bf["activated"] == ["c-3", "c-4"] and events[1]["units"] == ["c-3", "c-4"]
