"""End of the Iron Dream 25.3 Fog of War (campaign option `fog=true`, behaviour 4) and 25.5 D on
the hidden-information core (pbem/games/end_of_the_iron_dream/fog*.py).

25.3 B: "no player may examine the stacks of any other player until committing forces to a mobile
or prepared assault into the enemy-occupied hex." C: "the WA may always examine German stacks
located in France and Italy." D: "Germany receives four blank dummy counters to deploy as desired
with real units in any stack outside of France and Italy. Dummy units may never be deployed alone
in a hex. They may be deployed under fort counters with or without German combat units."
25.5 D: "place all the units in the hex in a cup and draw one out blindly. That unit receives the
bombs even if it is a dummy."

Unit tests on the made-up test data of tests/eidhelp.py (TEST DATA); the campaign tests on the
bundled example's DEMONSTRATION DATA (examples/end-of-the-iron-dream-demo/, made up)."""

from __future__ import annotations

import copy

import pytest

from pbem.demo import demo_folder
from pbem.dice import Dice
from pbem.errors import PbemError
from pbem.games.end_of_the_iron_dream import GAME, fog, fog_dummies
from tests.dicehelp import ScriptedDice
from tests.eidhelp import SCENARIO, at, data, play, problems
from tests.test_eid_supply_play import SUPPLY

SEATS = ["axis", "soviet", "western"]
EXAMPLE = demo_folder("end-of-the-iron-dream-demo")


def fogged(position: dict, seats=SEATS, **extra):
    units = {u: (v if isinstance(v, dict) else {"hex": v}) for u, v in position.items()}
    d = data(position=units, behaviour=4, extra={**SUPPLY, **extra})
    return d, GAME.setup(d, SCENARIO, list(seats), {"position": "test", "fog": "true"})


def test_25_3_b_only_the_top_shows_the_units_under_it_are_items_of_the_hex():
    """The top is the unit with the most steps, then the lowest id, never an SU: de-inf-1 (2
    steps) over de-inf-2, de-inf-4 (reduced) and the SU de-su-1; a lone unit shows; the items
    are `T10/1`..`T10/3`, each a unit with what puts it back (its references, the supply checks
    since it was hidden)."""
    d, s = fogged({"de-inf-4": {"hex": "T10", "steps": 1}, "de-inf-2": "T10", "de-inf-1": "T10", "de-su-1": "T10",
                   "de-inf-5": "R12", "su-inf-3": "T24"})
    s.update(oos=["de-inf-2", "de-inf-5"], refused=["de-inf-2|T9|T8"])
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "axis")
    assert items == {
        "T10/1": {"unit": "de-inf-2", "side": "axis", "hex": "T10", "steps": 2,
                  "refs": [["oos", ["at", 0], "de-inf-2"], ["refused", ["at", 0], "de-inf-2|T9|T8"]], "seq": 0},
        "T10/2": {"unit": "de-inf-4", "side": "axis", "hex": "T10", "steps": 1, "refs": [], "seq": 0},
        "T10/3": {"unit": "de-su-1", "side": "axis", "hex": "T10", "steps": 1, "refs": [], "seq": 0}}
    assert sorted(public["units"]) == ["de-inf-1", "de-inf-5", "su-inf-3"] and public["oos"] == ["de-inf-5"]
    assert public["refused"] == []
    assert public["fog"]["hidden"] == {"axis": ["T10"], "soviet": [], "western": []}
    assert GAME.hidden.merge(d, copy.deepcopy(public), "axis", items) == s


def test_25_3_b_units_whose_supply_is_not_their_hexs_always_show():
    """A Hungarian unit (19.3 D: its own source) and a unit on EGS (15.21) are never hidden, so
    every public supply step reads them; an SU alone with them is not hidden either."""
    d, s = fogged({"hu-inf-H1": "T10", "de-inf-1": "T10", "de-inf-2": "T10", "de-su-1": "S10", "de-inf-5": "S10"})
    s["egs"] = ["de-inf-5"]
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "axis")
    assert [v["unit"] for v in items.values()] == ["de-inf-2"]
    assert {"hu-inf-H1", "de-inf-1", "de-su-1", "de-inf-5"} <= set(public["units"])


def test_25_3_b_units_a_public_vp_count_reads_always_show():
    """26.6.3 counts the French mechanized corps outside France at each WA-turn's end, 26.6.9 B the
    German steps in Warsaw (P12 in the test data), 26.6.4 the Soviet steps in a city needing a
    garrison: none of them is hidden; the corps beside them are."""
    d, s = fogged({"wa-mech-2": "T10", "wa-mech-F1": "T10", "wa-mech-4": "T10", "de-inf-1": "P12", "de-inf-2": "P12",
                   "su-inf-3": "T24", "su-inf-5": "T24"})
    assert [v["unit"] for v in GAME.hidden.split(d, copy.deepcopy(s), "western")[1].values()] == ["wa-mech-4"]
    assert GAME.hidden.split(d, copy.deepcopy(s), "axis")[1] == {}
    assert [v["unit"] for v in GAME.hidden.split(d, copy.deepcopy(s), "soviet")[1].values()] == ["su-inf-5"]
    s["victory"]["garrisons"] = ["T24"]
    assert GAME.hidden.split(d, copy.deepcopy(s), "soviet")[1] == {}
    d, s = fogged({"de-inf-1": "P20", "de-inf-2": "P20", "su-inf-3": "T24"})      # Königsburg, an FS source (15.16 B)
    assert GAME.hidden.split(d, copy.deepcopy(s), "axis")[1] == {}


def test_25_3_c_ultra_german_stacks_in_france_show_to_the_grand_alliance():
    """Two players: the Alliance seat always examines German stacks in France and Italy (S4 is in
    the test data's France); with three players they stay hidden from both (game.FOG_ON)."""
    position = {"de-inf-1": "S4", "de-inf-2": "S4", "su-inf-3": "T24"}
    d, s = fogged(position, seats=["axis", "alliance"], **{"map.countries.italy": ["W1"], "victory.two_player.line.west_hexes": []})
    assert GAME.hidden.split(d, copy.deepcopy(s), "axis")[1] == {}
    d, s = fogged(position, **{"map.countries.italy": ["W1"]})
    assert [v["unit"] for v in GAME.hidden.split(d, copy.deepcopy(s), "axis")[1].values()] == ["de-inf-2"]


def test_25_3_b_an_assault_opens_the_defending_stack_a_file_in_the_open_the_movers():
    d, s = fogged({"de-inf-1": "T10", "su-inf-3": "T11"})
    hidden = {"axis": ["T10/1", "T10/2", "R12/1"], "soviet": ["T11/1"], "western": []}
    soviet = at(s, 2, "soviet", "assault")
    assert GAME.hidden.opens(d, soviet, hidden, "soviet", [{"attack": "T10", "with": ["su-inf-3"]}]) == {
        "axis": ["T10/1", "T10/2"], "western": []}
    mobile = at(s, 2, "soviet", "movement")
    assert GAME.hidden.opens(d, mobile, hidden, "soviet", [{"assault": "T10", "with": ["su-inf-3"]}]) == {
        "axis": ["T10/1", "T10/2"], "western": [], "soviet": ["T11/1"]}
    western = at(s, 2, "western", "movement")
    assert GAME.hidden.opens(d, western, hidden, "western", [{"invade": "R12", "with": ["wa-mech-3"], "from": "eto"}])["axis"] == [
        "R12/1"]
    assert GAME.hidden.opens(d, western, hidden, "western", [{"drop": "wa-para-18", "at": "R12"}])["axis"] == ["R12/1"]
    assert GAME.hidden.opens(d, western, hidden, "western", [{"place": "wa-mech-3", "at": "R12"}])["axis"] == []
    view = copy.deepcopy(s)
    assert GAME.hidden.mover_opens(d, view, {"T11/1": {}, "S11/1": {}}, "soviet",
                                   [{"attack": "T10", "with": ["su-inf-3"]}]) == ["T11/1"]
    assert GAME.hidden.owner_step(d, at(s, 2, "soviet", "movement"), "soviet")
    assert not GAME.hidden.owner_step(d, at(s, 2, "soviet", "movement"), "axis")
    assert not GAME.hidden.owner_step(d, at(s, 2, "soviet", "assault"), "soviet")


def test_25_3_b_the_other_seats_read_the_events_of_a_hidden_file_without_the_hidden_counters():
    """de-inf-2 moved under de-inf-1 in T10 and dummy-1 was placed: every event naming either is
    left out, the rest is read as played."""
    d, s = fogged({"de-inf-1": "T10", "de-inf-2": "T10", "su-inf-3": "T24"})
    public, _ = GAME.hidden.split(d, copy.deepcopy(s), "axis")
    events = [{"event": "move", "unit": "de-inf-2", "path": ["T9", "T10"]},
              {"event": "move", "unit": "de-inf-1", "path": ["T9", "T10"]},
              {"event": "movement_over", "army": "axis"},
              {"event": "dummies", "placed": {"dummy-1": "T10"}, "rule": "25.3 E"}]
    assert GAME.hidden.public_events(d, public, "axis", events) == [events[1], events[2]]


# -- 25.3 D-E the dummies ----------------------------------------------------------------------------
DUMMY_DATA = {"map.countries.italy": ["W1", "W2"]}


def test_25_3_d_a_dummy_goes_with_real_units_outside_france_and_italy():
    d, s = fogged({"de-inf-1": "T10", "de-inf-2": "T10", "de-su-1": "R12", "su-inf-3": "T24"}, **DUMMY_DATA)
    s = at(s, 1, "axis", "movement")
    assert problems(d, s, "axis", [{"dummy": "dummy-1", "at": "S4"}]) == ["S4 is in France or Italy: no dummy there (25.3 D)"]
    assert problems(d, s, "axis", [{"dummy": "dummy-5", "at": "T10"}]) == [
        "dummy-5 is not one of Germany's dummies (dummy-1, dummy-2, dummy-3, dummy-4; 25.3 D)"]
    assert problems(d, s, "axis", [{"dummy": "dummy-1", "at": "T10"}]) == []
    assert problems(d, at(s, 1, "soviet", "movement"), "soviet", [{"dummy": "dummy-1", "at": "T10"}]) == [
        "Germany deploys its dummies in its Operational Movement files (25.3 E; pbem's reading)"]
    with pytest.raises(PbemError, match=r"dummy-1 in Q10 would be alone: no dummy alone in a hex \(25.3 D\)"):
        play(d, s, "axis", [{"dummy": "dummy-1", "at": "Q10"}])
    with pytest.raises(PbemError, match=r"dummy-1 in R12 joins a stack of SUs only \(15.23 C\)"):
        play(d, s, "axis", [{"dummy": "dummy-1", "at": "R12"}])
    moved, events = play(d, s, "axis", [{"dummy": "dummy-1", "at": "T10"}, {"dummy": "dummy-2", "at": "T10"}])
    assert moved["fog"]["dummies"] == {"dummy-1": "T10", "dummy-2": "T10"}
    assert {"event": "dummies", "placed": {"dummy-1": "T10", "dummy-2": "T10"}, "rule": "25.3 E"} in events
    public, items = GAME.hidden.split(d, copy.deepcopy(moved), "axis")
    assert [v for v in items.values() if "dummy" in v] == [{"dummy": "dummy-1"}, {"dummy": "dummy-2"}]
    assert sorted(items) == ["T10/1", "T10/2", "T10/3"] and public["fog"]["dummies"] == {}
    assert GAME.hidden.merge(d, public, "axis", items)["fog"]["dummies"] == moved["fog"]["dummies"]


def test_25_3_d_a_dummy_under_a_fort_counter_needs_no_unit_and_one_left_alone_is_refused():
    """"They may be deployed under fort counters with or without German combat units"; the Axis's
    own file may not leave one alone by moving its stack away."""
    d, s = fogged({"de-inf-1": "T10", "su-inf-3": "T24"}, **DUMMY_DATA,
                  **{"game.movement.german_sea_movement.baltic_port_hexes": []})        # TEST DATA: no Baltic port (15.16 A)
    s = at(s, 1, "axis", "movement", forts={"Q10": 1})
    moved, _ = play(d, s, "axis", [{"dummy": "dummy-3", "at": "Q10"}, {"dummy": "dummy-1", "at": "T10"}])
    assert moved["fog"]["dummies"] == {"dummy-1": "T10", "dummy-3": "Q10"}
    with pytest.raises(PbemError, match=r"dummy-1 in T10 would be alone"):
        play(d, at(moved, 2, "axis", "movement"), "axis", [{"move": "de-inf-1", "path": ["T10", "T9"]}])
    off, _ = play(d, at(moved, 2, "axis", "movement"), "axis",
                  [{"move": "de-inf-1", "path": ["T10", "T9"]}, {"dummy": "dummy-1", "at": "T9"}])
    assert off["fog"]["dummies"] == {"dummy-1": "T9", "dummy-3": "Q10"}


def test_25_3_e_the_german_template_shows_its_dummies_and_a_map_without_italy_is_named():
    """The Axis's own view of its Operational Movement file lists its dummies; a campaign whose
    data lacks Italy's hexes is told which path 25.3 D needs."""
    d, s = fogged({"de-inf-1": "T10", "de-inf-2": "T10", "su-inf-3": "T24"}, **DUMMY_DATA)
    s = at(s, 1, "axis", "movement")
    s["fog"]["dummies"] = {"dummy-2": "T10"}
    assert GAME.movement_template(d, s, "axis")["notes"][-1] == (
        "dummies (25.3 D-E): `dummy: dummy-N, at: HEX` or `at: off`, anywhere in the file; yours: dummy-2 in T10")
    d, s = fogged({"de-inf-1": "T10", "su-inf-3": "T24"})
    found = problems(d, at(s, 1, "axis", "movement"), "axis", [{"dummy": "dummy-1", "at": "T10"}])
    assert len(found) == 1 and "map.countries.italy" in found[0]


def test_25_3_b_a_dummy_in_an_assaulted_hex_is_revealed_and_goes_back_to_the_german():
    """After a Soviet assault file on T11 (its stack opened: the state is what every machine sees
    after the Axis's reveal) the dummy there is revealed; a dummy whose stack was destroyed is seen
    to be one (25.3 D); the one in S5 stays."""
    d, s = fogged({"de-inf-1": "T11", "su-inf-3": "T12", "de-inf-2": "S5"}, **DUMMY_DATA)
    s = at(s, 2, "soviet", "assault")
    s["fog"]["dummies"] = {"dummy-2": "T11", "dummy-3": "R9", "dummy-4": "S5"}
    events: list = []
    fog_dummies.reveal(d, s, [{"attack": "T11", "with": ["su-inf-3"]}], events)
    assert events == [{"event": "dummy_revealed", "hex": "T11", "rule": "25.3 B"},
                      {"event": "dummy_revealed", "hex": "R9", "rule": "25.3 D"}]
    assert s["fog"]["dummies"] == {"dummy-4": "S5"}


# -- 25.5 D ----------------------------------------------------------------------------------------
def test_25_5_d_the_bombed_counter_is_drawn_blindly_from_every_counter_in_the_hex():
    """Outside France and Italy under fog: the cup holds de-inf-1, de-inf-2 and dummy-4 (in that
    order); the seed `4`*64 rolls 3 on the d3 (`bomb/T11`): the dummy takes the bombs, the strike is
    spent (25.5 A) and no unit loses a step."""
    d, s = fogged({"de-inf-1": "T11", "de-inf-2": "T11", "wa-mech-2": "T12", "su-inf-3": "T24"}, **DUMMY_DATA)
    s = at(s, 3, "western", "assault")
    s["fog"]["dummies"] = {"dummy-4": "T11"}
    dice = Dice("4" * 64)
    events: list = []
    strike = fog_dummies.blind_strike(d, s, {"bomb": "de-inf-1"}, dice, events)
    assert fog_dummies.blind_strike(d, s, {"bomb": "de-inf-1"}, Dice("5" * 64), []) == {"bomb": "de-inf-1"}     # rolls 1
    assert dice.rolls[0]["purpose"] == "bomb/T11" and dice.rolls[0]["die"] == "1d3" and dice.rolls[0]["result"] == 3
    assert strike == {"bomb": "dummy-4"}
    assert events == [{"event": "bomb_draw", "hex": "T11", "cup": ["de-inf-1", "de-inf-2", "dummy-4"], "drawn": "dummy-4",
                       "rule": "25.5 D"}]
    from pbem.games.end_of_the_iron_dream.assault import bomb
    bomb(d, s, strike, events)
    assert s["fog"]["dummies"] == {} and s["bombed"] == {"turn": 3, "hex": "T11"} and s["bombers"] == ["first"]
    assert s["units"]["de-inf-1"]["steps"] == 2 and s["units"]["de-inf-2"]["steps"] == 2
    assert events[-1] == {"event": "dummy_revealed", "hex": "T11", "rule": "25.5 D"}


def test_25_5_d_a_wa_prepared_assault_file_with_a_strike_draws_blindly_and_the_dummy_takes_the_bombs():
    """The whole file, as every machine plays it once the Axis's reveal opened U7 (outside France in
    the test data): the WA name de-inf-1, the seed `1`*64 rolls 3 on the d3 `bomb/U7`, so dummy-4
    takes the bombs (no step lost: 25.5 D), the strike is spent (25.5 A) and the dummy, revealed,
    goes back to the German (25.3 B)."""
    from tests.test_eid_forts import LANDS
    from tests.test_eid_supply_play import BEACH
    from tests.test_eid_supply_units import KOENIGSBURG
    d, s = fogged({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": "U7", "de-inf-2": "U7"},
                  **{**DUMMY_DATA, **KOENIGSBURG, **BEACH, **LANDS})
    s = at(s, 3, "western", "assault", egs=["wa-mech-2", "wa-mech-4"])         # TEST: on EGS (15.21.2)
    s["fog"]["dummies"] = {"dummy-4": "U7"}
    dice = Dice("1" * 64)
    outcome = GAME.apply(d, copy.deepcopy(s), "western", [{"bomb": "de-inf-1"}, {"supply": "wa-su-1", "hexes": ["U6"]},
                                                          {"attack": "U7", "with": ["wa-mech-2", "wa-mech-4"]}], dice)
    assert [(r["purpose"], r["die"], r["result"]) for r in dice.rolls][0] == ("bomb/U7", "1d3", 3)
    events = outcome.events
    assert {"event": "bomb_draw", "hex": "U7", "cup": ["de-inf-1", "de-inf-2", "dummy-4"], "drawn": "dummy-4",
            "rule": "25.5 D"} in events
    assert {"event": "dummy_revealed", "hex": "U7", "rule": "25.5 D"} in events
    assert outcome.state["bombers"] == ["first"] and outcome.state["fog"]["dummies"] == {}
    assert not any(e["event"] == "reduced" and e["why"] == "heavy bomber strike (25.5 E)" for e in events)


def test_25_5_d_in_france_the_wa_designate_the_bombed_unit():
    d, s = fogged({"de-inf-1": "S4", "de-inf-2": "S4", "wa-mech-2": "S3", "su-inf-3": "T24"}, **DUMMY_DATA)
    dice = Dice("5" * 64)
    assert fog_dummies.blind_strike(d, at(s, 3, "western", "assault"), {"bomb": "de-inf-2"}, dice, []) == {"bomb": "de-inf-2"}
    assert dice.rolls == []


# -- the supply checks ---------------------------------------------------------------------------
def test_15_9_a_hidden_unit_takes_the_terminal_check_it_missed_when_put_back():
    """T10 is deep behind the Axis lines (no Soviet GS): su-inf-3 shows, su-inf-5 (one step) is
    hidden under it. The Soviet Terminal Supply Check (5.3.6), a public step, reduces the top and
    records T10 as short; put back, su-inf-5 is permanently destroyed (15.9 A, 7.17), reported."""
    d, s = fogged({"su-inf-3": "T10", "su-inf-5": {"hex": "T10", "steps": 1}, "de-inf-1": "S4"})
    public, items = GAME.hidden.split(d, at(s, 2, "soviet", "assault"), "soviet")
    assert [v["unit"] for v in items.values()] == ["su-inf-5"]
    after, events = play(d, public, "soviet", [])
    assert {"event": "supply_check", "check": "terminal", "army": "soviet", "oos": ["su-inf-3"]} in events
    assert after["fog"]["checks"] == [{"check": "terminal", "army": "soviet", "hexes": {"T10": True}}]
    back = GAME.hidden.merge(d, copy.deepcopy(after), "soviet", items)
    assert "su-inf-5" not in back["units"] and {"unit": "su-inf-5", "side": "soviet", "permanent": True} in back["dead"]
    assert back["fog"]["caught"] == [{"event": "eliminated", "unit": "su-inf-5", "why": "out of supply: permanently (15.9 A, "
                                      "7.17), at a Terminal Supply Check it missed hidden under fog of war (25.3 B)"}]
    _, events = play(d, at(back, 3, "soviet", "movement"), "soviet", [])
    assert events[0]["unit"] == "su-inf-5" and events[0]["why"].endswith("it missed hidden under fog of war (25.3 B)")


def test_26_6_1_a_wa_step_lost_to_a_missed_check_costs_its_vp_when_put_back():
    """After the collapse each WA step lost costs the WA 1 VP (26.6.1): wa-mech-4, hidden under
    wa-mech-2 in T10 (no WA GS there: TEST DATA), loses its step at the WA Terminal Supply Check
    it missed; the VP is counted in the step that puts it back, without its name."""
    d, s = fogged({"wa-mech-2": "T10", "wa-mech-4": "T10", "de-inf-1": "S4", "su-inf-3": "T24"})
    public, items = GAME.hidden.split(d, at(s, 2, "western", "assault"), "western")
    assert [v["unit"] for v in items.values()] == ["wa-mech-4"]
    after, _ = play(d, public, "western", [])
    assert after["fog"]["checks"][-1] == {"check": "terminal", "army": "western", "hexes": {"T10": True}}
    after["economy"]["collapsed"] = 2                          # TEST: the collapse on Turn 2 (16.7)
    back = GAME.hidden.merge(d, copy.deepcopy(after), "western", items)
    assert back["units"]["wa-mech-4"]["steps"] == 1 and back["fog"]["lost"] == {"wa-mech-4": ["T10", 2, "western"]}
    _, events = play(d, at(back, 3, "western", "movement"), "western", [])
    assert events[0]["event"] == "reduced" and events[0]["unit"] == "wa-mech-4"
    assert {"event": "vp", "army": "western", "vp": "-1", "rule": "26.6.1", "turn": 3,
            "what": "a unit hidden under fog of war (25.3 B) lost 1 step(s)", "hex": "T10"} in events
    from pbem.games.end_of_the_iron_dream import fog_supply
    fog_supply.take_caught(d, back)                                    # the public VP track does not name it
    assert "wa-mech-4" not in str(back["victory"]["ledger"])
    public, items = GAME.hidden.split(d, back, "western")
    assert [v["unit"] for v in items.values()] == ["wa-mech-4"] and "wa-mech-4" not in public["units"]


def test_1_0_c_the_grand_alliance_seat_hides_both_allied_armies_stacks():
    """Two players: the Alliance seat's items are its Soviet and WA stacks (4.4 A: never together);
    its Operational Movement file is kept from the Axis in both Allied player-turns."""
    d, s = fogged({"wa-mech-2": "T10", "wa-mech-4": "T10", "su-inf-3": "T24", "su-inf-5": "T24", "de-inf-1": "R12"},
                  seats=["axis", "alliance"], **{"map.countries.italy": ["W1"], "victory.two_player.line.west_hexes": []})
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "alliance")
    assert {k: v["unit"] for k, v in items.items()} == {"T10/1": "wa-mech-4", "T24/1": "su-inf-5"}
    assert public["fog"]["hidden"] == {"alliance": ["T10", "T24"], "axis": []}
    assert GAME.hidden.owner_step(d, at(s, 1, "western", "movement"), "alliance")
    assert GAME.hidden.owner_step(d, at(s, 1, "soviet", "movement"), "alliance")
    changed = copy.deepcopy(public)
    changed["units"]["de-inf-1"]["steps"] = 1
    assert GAME.hidden.public_problems(d, public, changed, "alliance") == [
        "another seat's units changed in an Operational Movement file, which moves only the phasing army's units (25.3 B)"]
    alone = copy.deepcopy(public)
    del alone["units"]["wa-mech-2"]
    assert GAME.hidden.public_problems(d, public, alone, "alliance") == [
        "hidden counters in T10 without a shown unit of theirs (25.3 B: only a stack's top shows; 25.3 D)"]


def test_15_3_a_hidden_unit_takes_the_oos_marker_of_the_player_turn_under_way():
    """The Axis Initial Supply Check (5.1.2) of Turn 3 marks the top of R12 OOS (cut off by the
    Soviet ZOC ring below: TEST DATA); the hidden de-inf-2 under it gets the marker when its owner
    puts it back for its Operational Movement file."""
    d, s = fogged({"de-inf-1": "Q3", "de-inf-2": "Q3", "su-inf-3": "T24"})
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "axis")
    public["fog"]["checks"] = [{"check": "initial", "army": "axis", "turn": 1, "hexes": {"Q3": True}}]
    back = GAME.hidden.merge(d, copy.deepcopy(public), "axis", items)
    assert "de-inf-2" in back["oos"]
    public["turn"] = 2                                 # a later player-turn: the marker came off (5.1.6 C)
    assert "de-inf-2" not in GAME.hidden.merge(d, copy.deepcopy(public), "axis", items).get("oos", [])


# -- the option -------------------------------------------------------------------------------------
def test_25_3_a_the_option_is_recorded_when_given_and_refused_where_not_written():
    assert GAME.options({"position": "x", "fog": "true"}) == {"position": "x", "chit": "hidden", "fog": True}
    assert "fog" not in GAME.options({"position": "x"})
    with pytest.raises(PbemError, match="option fog must be true or false"):
        GAME.options({"position": "x", "fog": "maybe"})
    assert GAME.not_enforced_for({"fog": True})[-1].startswith("25.3 under fog (`fog=true`), pbem's readings")
    assert GAME.not_enforced_for({})[-1].startswith("25.3 fog of war is the optional campaign option")
    units = {"de-inf-1": {"hex": "T10"}, "su-inf-3": {"hex": "T24"}}
    with pytest.raises(PbemError, match="played from behaviour 4"):
        GAME.setup(data(position=units, behaviour=3, extra=SUPPLY), SCENARIO, SEATS, {"position": "test", "fog": "true"})
    with pytest.raises(PbemError, match="two German commanders"):
        GAME.setup(data(position=units, behaviour=4, extra=SUPPLY), SCENARIO, ["axis-west", "axis-east", "soviet", "western"],
                   {"position": "test", "fog": "true"})
    assert not fog.active(GAME.setup(data(position=units, behaviour=4, extra=SUPPLY), SCENARIO, SEATS, {"position": "test"}))
    fog_dummies.validate(data(behaviour=4), {"scenario": "let-history-judge", "seats": ["soviet", "western"]})   # 25.3 G


# -- a campaign ----------------------------------------------------------------------------------
def campaign_keys() -> dict:
    from pbem.keys import load_private_key
    return {s: load_private_key(EXAMPLE / "keys" / s) for s in SEATS}


def sign_and_adjudicate(campaign, side: str, orders: list):
    """`side` signs as `pbem sign` does (an owner step sealed into its private part); each other
    seat a roll needs adds its reveal (with its openings) from its key, as the demo does."""
    from pbem import campaign as camp
    from pbem.demo import DEMO_SENT
    from pbem.yamlio import parse_yaml_text
    keys = campaign_keys()
    template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
    template["orders"] = orders
    path = campaign.folder.parent / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
    path.write_text(camp.sign_orders(campaign, template, keys[side], sent=DEMO_SENT))
    others = [s for s in SEATS if s != side]
    result = camp.adjudicate(campaign.folder, [path], key=keys[others[0]], sent=DEMO_SENT)
    for other in others[1:]:
        if result.save is not None:
            break
        result = camp.adjudicate(campaign.folder, [], key=keys[other], sent=DEMO_SENT)
    assert result.save is not None
    return result




def new_fog_campaign(work):
    """The demo's campaign under fog (`work`/campaign), on a copy of its DEMONSTRATION DATA with
    Italy's hexes (made up, off this patch of map), and the orders it is played with: the Axis's
    first file (6.1: nothing moves) puts dummy-1 under de-inf-1 in T6, then the demo's own."""
    from pbem import campaign as camp
    from pbem.demo import demo_commitment
    from pbem.games.end_of_the_iron_dream import demo
    from pbem.keys import key_id
    (work / "override.yaml").write_text((EXAMPLE / "data-override.yaml").read_text().replace(
        "  map.countries.benelux:", "  map.countries.italy: [A1, A2]\n  map.countries.benelux:", 1))
    keys = campaign_keys()
    campaign = camp.create_campaign(work / "campaign", "end-of-the-iron-dream", "iron-dream",
                                    {s: key_id(keys[s].public_key()) for s in SEATS},
                                    {s: demo_commitment(keys[s], "eid-fog", s) for s in SEATS},
                                    work / "override.yaml", title="25.3 test (demonstration data)",
                                    options={"position": "demo", "fog": "true"})
    return campaign, iter([("axis", [{"dummy": "dummy-1", "at": "T6"}]), *demo.ORDERS[1:]])


def fog_campaign(work):
    """The demo's two turns under fog (new_fog_campaign): the dummy in T6 is assaulted by the WA
    (and revealed); the WA's invasion force and the Soviet stack in T27 are hidden by their files."""
    import shutil

    from pbem.demo import next_orders
    from pbem.games.end_of_the_iron_dream import demo
    campaign, planned = new_fog_campaign(work)
    shutil.copytree(work / "campaign", work / "start" / "campaign")
    while (due := next_orders(campaign, planned, demo.respond)) is not None:
        sign_and_adjudicate(campaign, *due)
    return campaign


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    work = tmp_path_factory.mktemp("eid-fog")
    fog_campaign(work)
    return work


def test_25_3_the_campaign_hides_each_seats_stacks_and_reveals_the_dummy_at_combat(played):
    """The Axis's first file (kept hidden) puts dummy-1 under de-inf-1 in T6: the public save holds
    one Axis item there and no word of a dummy; the WA's prepared assault on T6 opens it (the Axis's
    dice reveal carries the opening) and the dummy is revealed (25.3 B); the WA's invasion force in
    V5 and the Soviet stack in T27 are hidden by their files."""
    from pbem import campaign as camp
    from pbem.hidden.steps import hidden_of
    campaign = camp.open_campaign(played / "campaign")
    assert campaign.header["options"]["fog"] is True
    assert campaign.header["not_enforced"][-1].startswith("25.3 under fog (`fog=true`), pbem's readings")    # the header
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    assert list(hidden_of(saves[1], "axis")) == ["T6/1"] and saves[1]["events"][0]["event"] == "movement_over"
    assert not any(e["event"] == "dummies" for e in saves[1]["events"])
    assert saves[1]["state"]["fog"]["dummies"] == {}
    fight = next(s for s in saves if any(e["event"] == "dummy_revealed" for e in s["events"]))
    assert {"event": "dummy_revealed", "hex": "T6", "rule": "25.3 B"} in fight["events"] and hidden_of(fight, "axis") == {}
    reveal = camp.read_stored(campaign.step_dir(fight["number"]) / "reveal-axis.txt").body
    assert reveal["hidden"]["open"]["T6/1"]["value"] == {"dummy": "dummy-1"}
    assert sorted(hidden_of(saves[2], "western")) == ["V5/1", "V5/2", "V5/3"]
    assert sorted(hidden_of(saves[9], "soviet")) == ["T27/1"]
    soviet_moved = next(s for s in saves[12:] if hidden_of(s, "soviet"))
    assert sorted(hidden_of(soviet_moved, "soviet")) == ["T27/1", "T27/2"] and soviet_moved["state"]["phase"] == "assault"
    attack = saves[soviet_moved["number"] + 1]                  # the Soviet's attack from T27 opens its own stack
    assert hidden_of(attack, "soviet") == {} and "open" in camp.read_stored(
        campaign.step_dir(attack["number"]) / "orders-soviet.txt").body["hidden"]
    report = (campaign.step_dir(soviet_moved["number"]) / "report.txt").read_text()
    assert "Hidden from the enemy:" in report and "soviet 2 items (T27/1, T27/2)" in report


def test_25_3_nothing_any_camp_receives_names_what_fog_hides_and_each_part_verifies(played):
    """The leak search over every file of the folder and its rendered reports and maps (what every
    camp receives), each seat's `verify --private`, and each seat's own report and template name
    no hidden counter of another seat."""
    from pbem import campaign as camp
    from pbem.hidden.private import find_private
    from pbem.hidden.steps import hidden_of, own_view
    from tests.leaks import find_leaks
    from tests.test_cli import run
    folder = played / "campaign"
    campaign = camp.open_campaign(folder)
    parts = {s: find_private(folder, campaign.id, s) for s in SEATS}
    leaks, searched = find_leaks(folder, parts)
    assert leaks == [] and searched >= 10
    for side in SEATS:
        checked = run("verify", folder, "--private", played / f"campaign.private-{side}").stdout
        assert f"every hidden item and hidden step of {side} from its private part" in checked
    number = next(n for n in campaign.step_numbers() if len(campaign.load_save(n)[0]["hidden"]["soviet"]) == 2)
    save = campaign.load_save(number)[0]
    hidden_units = {side: {v.value["unit"] for v in parts[side].items_at(number, hidden_of(save, side)).values()
                           if "unit" in v.value} for side in SEATS}
    assert hidden_units["soviet"] and hidden_units["western"]
    latest, last, _ = campaign.latest()
    mover = last["awaiting"]["side"]
    now = {side: {u for v in parts[side].items_at(latest, hidden_of(last, side)).values()
                  if isinstance(v.value, dict) and (u := v.value.get("unit"))} for side in SEATS}
    status, template = run("status", folder).stdout, camp.order_template(folder, mover)
    assert now["western"] and not any(u in status for units in now.values() for u in units)
    assert not any(u in template for side in SEATS if side != mover for u in now[side])
    for side in SEATS:
        mine = run("report", folder, "--side", side, "--step", number).stdout
        for other in SEATS:
            for unit in hidden_units[other]:
                assert (unit in mine) == (other == side), (side, unit)
        view = own_view(campaign, number, save, side, parts[side])
        assert hidden_units[side] <= set(view["units"])


def test_25_3_two_machines_make_the_same_save_and_a_forged_result_is_refused(played, tmp_path):
    """The Axis seals its first file on its machine; the Soviet's machine, without the Axis part,
    records the same save byte for byte. A modified pbem signing a result in which a Soviet unit
    lost a step is refused at once."""
    import shutil
    from pbem import campaign as camp
    from pbem.demo import DEMO_SENT
    from pbem.signing import parse_signed
    from pbem.yamlio import parse_yaml_text
    from tests.conftest import forge_signed
    keys = campaign_keys()
    axis, soviet = tmp_path / "axis", tmp_path / "soviet"
    for where in (axis, soviet):
        shutil.copytree(played / "start" / "campaign", where / "campaign")
    mine = camp.open_campaign(axis / "campaign")
    template = parse_yaml_text(camp.order_template(mine.folder, "axis"), "template")
    template["orders"] = [{"dummy": "dummy-1", "at": "T6"}]
    signed = camp.sign_orders(mine, template, keys["axis"], sent=DEMO_SENT)
    for where in (axis, soviet):
        (where / "orders.txt").write_text(signed)
        assert camp.adjudicate(where / "campaign", [where / "orders.txt"], key=keys["soviet"], sent=DEMO_SENT).save
    step = "steps/0001/save.yaml"
    assert (axis / "campaign" / step).read_bytes() == (soviet / "campaign" / step).read_bytes()
    assert (axis / "campaign" / step).read_bytes() == (played / "campaign" / step).read_bytes()
    body = parse_signed(signed, "orders.txt").body
    body["hidden"]["result"]["state"]["units"]["su-inf-3"]["steps"] = 1
    cheat = tmp_path / "cheat"
    shutil.copytree(played / "start" / "campaign", cheat / "campaign")
    (cheat / "orders.txt").write_text(forge_signed(cheat / "campaign", body, keys["axis"]))
    with pytest.raises(PbemError, match=r"CHEATED: step 1 of axis: another seat's units changed in an Operational "
                                        r"Movement file"):
        camp.adjudicate(cheat / "campaign", [cheat / "orders.txt"], key=keys["soviet"], sent=DEMO_SENT)


def test_25_3_d_verify_private_finds_a_dummy_a_modified_pbem_hid_in_france(played, tmp_path, monkeypatch):
    """A modified pbem on the Axis machine skips 25.3 D and seals a file putting dummy-1 under
    de-inf-2 in S4 (France in the demo's data): the other seats' machines cannot see it and take the
    public result; `verify --private` of the Axis part replays the hidden file and names the step."""
    import shutil
    from pbem import campaign as camp
    from pbem.demo import DEMO_SENT
    from pbem.yamlio import parse_yaml_text
    keys = campaign_keys()
    axis, soviet = tmp_path / "axis", tmp_path / "soviet"
    for where in (axis, soviet):
        shutil.copytree(played / "start" / "campaign", where / "campaign")
    mine = camp.open_campaign(axis / "campaign")
    template = parse_yaml_text(camp.order_template(mine.folder, "axis"), "template")
    template["orders"] = [{"dummy": "dummy-1", "at": "S4"}]
    with monkeypatch.context() as patched:
        patched.setattr(fog_dummies, "problems", lambda *args: [])
        signed = camp.sign_orders(mine, template, keys["axis"], sent=DEMO_SENT)
    (soviet / "orders.txt").write_text(signed)
    assert camp.adjudicate(soviet / "campaign", [soviet / "orders.txt"], key=keys["soviet"], sent=DEMO_SENT).save
    assert camp.verify(soviet / "campaign").ok
    found = camp.verify(soviet / "campaign", axis / "campaign.private-axis")
    assert not found.ok and found.message.endswith("steps/0001: CHEATED: step 1 of axis: its hidden orders are refused: "
                                                   "illegal orders: order 1: S4 is in France or Italy: no dummy there (25.3 D)")
