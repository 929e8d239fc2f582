"""10.27-10.35 special movement (behaviour 3): German strategic movement, Baltic Sea movement
(the 10.33 example), Western Allied inter-theater transfer, and 7.5 (1)/(2). The map hexes and
counters added to the mobile-assault test data are made up, not the published map."""

import dataclasses
from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME
from tests.dicehelp import ScriptedDice

MOBILE = Path(__file__).parent / "data" / "smithereens-mobile.yaml"

CLEAR = ("2112E", "2113E", "2310E", "2509E", "2508E", "2507E", "1131", "1232", "1010", "1231")
ANTWERP = "  map.hexes.1703.terrain: clear\n  map.hexes.1703.city: false\n"
EXTRA = "".join(f"  map.hexes.{h}: {{terrain: clear}}\n" for h in CLEAR) + ANTWERP + """\
  map.hexes.2111E.terrain: clear
  map.hexes.2111E.city: false
  map.regions.baltic_sea_coastal_hexes.hexes: ["2410E", "2310E", "2509E", "2508E", "2507E", "2111E"]
  units.counters.ger-s: {side: german, type: infantry, steps: 2, full: {attack: 2, defense: 2, movement: 3}, reduced: {attack: 1, defense: 1, movement: 3}, setup: "2410E"}
  units.counters.ger-p: {side: german, type: armor, steps: 2, full: {attack: 6, defense: 4, movement: 6}, reduced: {attack: 3, defense: 2, movement: 6}, setup: "2410E"}
  units.counters.ger-q: {side: german, type: armor, steps: 2, full: {attack: 6, defense: 4, movement: 6}, reduced: {attack: 3, defense: 2, movement: 6}, setup: "2310E"}
  units.counters.ger-i: {side: german, type: infantry, steps: 1, full: {attack: 1, defense: 1, movement: 3}, setup: "1232"}
  units.counters.ger-k: {side: german, type: armor, steps: 2, full: {attack: 6, defense: 4, movement: 6}, reduced: {attack: 3, defense: 2, movement: 6}, setup: "1232"}
  units.counters.us-1: {side: western, grouping: us, type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "1131"}
  units.counters.us-2: {side: western, grouping: us, type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "1131"}
  units.counters.us-3: {side: western, grouping: us, type: infantry, steps: 2, full: {attack: 3, defense: 3, movement: 4}, reduced: {attack: 1, defense: 1, movement: 4}, setup: "1010"}
"""


def make(tmp_path, extra="", name="strategic.yaml"):
    target = tmp_path / name
    base = MOBILE.read_text().replace("  map.regions.baltic_sea_coastal_hexes.hexes: []\n", "").replace(
        '  map.regions.baltic_coast_german_range.hexes: []\n',
                                      '  map.regions.baltic_coast_german_range.hexes: ["2410E", "2310E"]\n')
    for region, hexes in (("italy", '["1131", "1232"]'), ("italy_south_edge", '["1131", "1232"]'), ("france_west_edge", '["1010"]')):
        base = base.replace(f"  map.regions.{region}.hexes: []\n", f"  map.regions.{region}.hexes: {hexes}\n")
    target.write_text(base + EXTRA + extra)
    return load_game_data("smithereens", target)


@pytest.fixture
def data(tmp_path):
    return make(tmp_path, '  map.regions.atc.hexes: ["1231"]\n')


def position(data, army="german", turn=2, level="beginner"):
    scenario, _ = load_scenario("smithereens", "historical")
    state = GAME.setup(data, scenario, ["alliance", "german"], {"level": level, "fog": "off"})
    state.update(turn=turn, army=army, phase="movement")
    state["fortresses"] = [h for h in state["fortresses"] if h != "2410E"]   # Memel (3.3) as no fortress here (11.19)
    return state


def problems(data, state, orders):
    return [p.message for p in GAME.check(data, state, GAME.awaiting(state).side, orders)]


def to_redeploy(data, state, side, orders):
    """The movement file, then the Prepared Assault Phase (no attacks): the redeploy step awaits."""
    out = GAME.apply(data, state, side, orders, ScriptedDice(default=6))
    if out.state["phase"] == "assault":
        out = GAME.apply(data, out.state, side, [], ScriptedDice(default=6))
    return out.state


def test_strategic_movement_wraps_around_the_prepared_assault_phase(data):  # 10.29, 5.3
    """10.29: "The German begins his selected units' strategic movement at the start of his movement
    phase by picking them up from the map ... The selected units remain in the holding box until the
    end of that same German Player Turn's Prepared Assault Phase. At that point the German player must
    place them back onto the map. They re-enter play via any German controlled city hexes ...
    Alternatively, they may re-enter play through non-city hexes, but only if there are already one or
    more German units in those hexes" """
    state = position(data)
    assert problems(data, state, [{"strategic": "ger-a"}, {"move": "ger-a", "path": ["4112E", "4111E"]}]) == [
        "no unit 'ger-a' on the map"]
    state = to_redeploy(data, state, "german", [{"strategic": "ger-a"}, {"move": "ger-f", "path": ["4114E", "4113E"]}])
    assert state["phase"] == "redeploy" and state["off_map"] == {"ger-a": {"by": "strategic", "hex": "4112E", "steps": 2}}
    assert "ger-a" not in state["units"]
    assert GAME.awaiting(state).phase == "Turn 2 German special movement ends (10.29, 10.31, 10.35)"
    assert problems(data, state, [{"place": "ger-a", "at": "4013E"}]) == [
        "ger-a may re-enter only in a German-controlled city or a hex already holding German units, not 4013E (10.29)"]
    assert problems(data, state, []) == ["ger-a must come back onto the map now (10.29, 10.31, 10.35)"]
    assert problems(data, state, [{"place": "ger-a", "at": "4113E"}]) == []      # ger-f stands there
    out = GAME.apply(data, state, "german", [{"place": "ger-a", "at": "4012E"}], ScriptedDice(default=6))  # a German city
    assert out.state["units"]["ger-a"] == {"hex": "4012E", "steps": 2}
    assert "off_map" not in out.state and (out.state["turn"], out.state["army"], out.state["phase"]) == (3, "soviet", "movement")
    assert {"event": "redeployed", "unit": "ger-a", "hex": "4012E", "rule": "10.29"} in out.events


def test_six_units_on_turns_2_and_3_three_on_4_and_5_none_after(data):  # 10.28
    """10.28: "During Game Turns 2 and 3 the German player may move up to six of his units by strategic
    movement. During Game Turns 4 and 5 he may move up to three ... After Game Turn 5 all German
    strategic movement capability is lost." """
    four = [{"strategic": u} for u in ("ger-a", "ger-b", "ger-f", "ger-m")]
    assert problems(data, position(data, turn=3), four) == []
    assert problems(data, position(data, turn=4), four) == [
        "no more than three German units may move strategically on Game Turn 4 (10.28)"]
    assert problems(data, position(data, turn=6), four[:1]) == ["no German strategic movement on Game Turn 6 (10.28)"]


def test_the_collapse_ends_strategic_and_baltic_movement(data):  # 7.5 (1), (2)
    state = position(data)
    state["collapsed"] = True
    assert problems(data, state, [{"strategic": "ger-a"}, {"embark": "ger-s"}]) == [
        "German strategic movement ended with the economic collapse (7.5 (1), 10.28)",
        "German Baltic Sea movement ended with the economic collapse (7.5 (2), 10.30)"]


def test_strategic_movement_needs_ruhr_supply_at_the_standard_level(data):  # 10.29
    state = position(data, level="standard")
    assert problems(data, state, [{"strategic": "ger-a"}]) == [
        "ger-a is not in direct overland supply to a German-controlled Ruhr City hex (10.29)"]


def test_special_movement_is_the_first_files_and_the_movers_own(data):  # 5.3, 10.29, 10.35
    state = position(data, army="soviet")
    assert problems(data, state, [{"strategic": "sov-inf"}]) == ["only the German player may use `strategic:` (10.29)"]
    assert problems(data, state, [{"transfer": "sov-inf"}]) == ["only the Western Allied player may use `transfer:` (10.35)"]
    german = position(data)
    assert problems(data, german, [{"move": "ger-f", "path": ["4114E", "4113E"]}, {"strategic": "ger-f"}]) == [
        "ger-f did not start the Movement Phase where it is: special movement begins before any move (5.3, 10.29)"]


def test_italy_two_non_mech_units_and_none_once_the_atc_is_entered(data, tmp_path):  # 10.27 (1), (3)
    """10.27: "1. A total of no more than two non-mech units may use strategic movement into/out of Italy
    each turn. ... 3. No further German strategic movement is allowed into or out of Italy once any
    Alliance unit has once entered any hex of the ATC." """
    state = to_redeploy(data, position(data), "german", [{"strategic": "ger-i"}, {"strategic": "ger-k"}])
    assert problems(data, state, [{"place": "ger-i", "at": "4012E"}, {"place": "ger-k", "at": "4012E"}]) == [
        "no more than two non-mech units a turn may use strategic movement into or out of Italy (ger-k) (10.27)"]
    assert problems(data, state, [{"place": "ger-i", "at": "4012E"}, {"place": "ger-k", "at": "1232"}]) == [
        "ger-k may re-enter only in a German-controlled city or a hex already holding German units, not 1232 (10.29)"]
    western = position(data, army="western")
    out = GAME.apply(data, western, "alliance", [{"move": "us-1", "path": ["1131", "1231"]}], ScriptedDice(default=6))
    assert {"event": "atc_entered", "hex": "1231", "rule": "10.27"} in out.events and out.state["atc_entered"] is True
    state["atc_entered"] = True
    assert problems(data, state, [{"place": "ger-i", "at": "4012E"}, {"place": "ger-k", "at": "4012E"}])[0] == (
        "no German strategic movement into or out of Italy once an Alliance unit has entered the ATC (10.27)")
    unknown = make(tmp_path, name="no-atc.yaml")         # the ATC's hexes unknown: nobody can tell
    state = to_redeploy(unknown, position(unknown), "german", [{"strategic": "ger-i"}])
    assert "map.regions.atc.hexes" in problems(unknown, state, [{"place": "ger-i", "at": "4012E"}])[0]


def test_a_fast_german_unit_starting_in_italy_counts_four_printed_mps(data):  # 10.27 (2)
    """10.27: "2. All German-side units with printed MFs greater than 4 starting their movement in Italy
    are considered to have printed MFs of 4." """
    state = position(data)
    assert GAME.movement_allowance(data, state, "ger-k") == 4            # printed 6, in 1232 (Italy)
    assert GAME.movement_allowance(data, state, "ger-p") == 6            # printed 6, in 2410E
    state["turn"] = 4
    assert GAME.movement_allowance(data, state, "ger-k") == 3            # 10.26: 4 - 1
    old = dataclasses.replace(data, behaviour=2)
    assert GAME.movement_allowance(old, position(old), "ger-k") == 6     # behaviour 2 campaigns as before


def test_the_10_33_example_east_to_west_only(data):  # 10.33
    """10.33: "A further restriction on German Baltic Sea movement is that all units using it may only
    move from east to west. That is, they must land in hexes farther to the west than the one from
    which they embarked. For example, a unit starting its sea move from, say, 2410E could not land in
    2509E, 2508E, 2507E, etc." """
    state = to_redeploy(data, position(data), "german", [{"embark": "ger-s"}])
    assert state["off_map"] == {"ger-s": {"by": "embark", "hex": "2410E", "steps": 2}}
    for hex_id in ("2509E", "2508E", "2507E"):
        assert problems(data, state, [{"land": "ger-s", "path": [hex_id]}]) == [
            f"ger-s embarked at 2410E and may land only in hexes farther to the west, not {hex_id} (10.33)"]
    assert problems(data, state, [{"land": "ger-s", "path": ["2111E"]}]) == []          # Königsberg, to the west
    assert problems(data, state, [{"land": "ger-s", "path": ["2112E"]}]) == [
        "ger-s may land only in a Baltic Sea coastal hex, not 2112E (10.31)"]


def test_port_to_port_goes_on_moving_a_non_port_landing_stops_and_reduces_mech(data):  # 10.32
    """10.32: "German units that embark and disembark from port hexes may continue their movement on land,
    using their available movement factor ... German units that embark and/or disembark from non-port
    hexes may not move any farther ... if a two-step mechanized unit embarks or disembarks via any
    non-port hex, it is immediately reduced to one-step strength upon landing." """
    state = to_redeploy(data, position(data), "german", [{"embark": "ger-p"}, {"embark": "ger-q"}])
    assert problems(data, state, [{"land": "ger-p", "path": ["2111E", "2112E", "2113E"]},
                                  {"land": "ger-q", "path": ["2111E", "2112E"]}]) == [
        "ger-q embarked or landed in a non-port hex and may not move farther this player turn (10.32)"]
    out = GAME.apply(data, state, "german", [{"land": "ger-p", "path": ["2111E", "2112E", "2113E"]},
                                             {"land": "ger-q", "path": ["2111E"]}], ScriptedDice(default=6))
    assert out.state["units"]["ger-p"] == {"hex": "2113E", "steps": 2}       # Memel to Königsberg, then on land
    assert out.state["units"]["ger-q"] == {"hex": "2111E", "steps": 1}       # 2310E is no port: one step
    assert ("item", "ger-p lands at 2111E and moves 2111E → 2112E → 2113E (10.32)") in GAME.describe(data, out.state, out.events)
    assert ("item", "ger-q lands at 2111E, reduced to one step (10.32)") in GAME.describe(data, out.state, out.events)


def test_six_units_by_sea_each_mech_step_one(data):  # 10.30, 10.31
    """10.31: "every step of mechanized units counts as "one unit" for sea movement purposes." """
    state = position(data)
    state["units"].update({u: {"hex": "2410E", "steps": 2} for u in ("ger-a", "ger-b")})
    assert problems(data, state, [{"embark": u} for u in ("ger-p", "ger-q", "ger-a", "ger-b")]) == []   # 2 + 2 + 1 + 1
    state["units"]["ger-f"]["hex"] = "2410E"
    assert problems(data, state, [{"embark": u} for u in ("ger-p", "ger-q", "ger-a", "ger-b", "ger-f")]) == [
        "no more than six units may move by sea each player turn, each step of a mech unit one unit (ger-f) (10.30, 10.31)"]
    assert problems(data, position(data), [{"embark": "ger-a"}]) == [
        "ger-a is not in a Baltic Sea coastal hex between 3600 and 3403E (4112E) (10.30)"]


def test_a_port_an_alliance_unit_occupied_is_no_port_again(data):  # 10.34
    """10.34: "Once a port hex is occupied by an Alliance ground unit, it ceases to be a port and cannot any
    longer be used as such if retaken by the German (though such hexes would, of course, still be
    considered Baltic Sea coastal hexes and could be part of German sea movement as such)." """
    state = position(data)
    events: list = []
    GAME.enter_hex(data, state, "2111E", "soviet", events)
    assert state["ports_closed"] == ["2111E"] and {"event": "port_lost", "hex": "2111E", "rule": "10.34"} in events
    state = to_redeploy(data, state, "german", [{"embark": "ger-p"}])
    assert problems(data, state, [{"land": "ger-p", "path": ["2111E", "2112E"]}]) == [
        "ger-p embarked or landed in a non-port hex and may not move farther this player turn (10.32)"]
    out = GAME.apply(data, state, "german", [{"land": "ger-p", "path": ["2111E"]}], ScriptedDice(default=6))
    assert out.state["units"]["ger-p"] == {"hex": "2111E", "steps": 1}      # still a coastal hex to land in


def test_western_inter_theater_transfer(data):  # 10.35
    """10.35: "the Western Allied player may use a special kind of movement to transfer a total of up to
    two units per turn between the Italian and Western Fronts ... After the completion of the Western
    Allied Prepared Assault Phase, the transferring units are immediately placed back on a board edge
    supply source hex or Antwerp. They may not move farther or attack in any way that player turn." """
    state = position(data, army="western")
    assert problems(data, state, [{"transfer": u} for u in ("us-1", "us-2", "us-3")]) == [
        "no more than two units may transfer between the Italian and Western Fronts each turn (10.35)"]
    state = to_redeploy(data, state, "alliance", [{"transfer": "us-1"}, {"transfer": "us-3"}])
    assert state["phase"] == "redeploy" and GAME.awaiting(state).side == "alliance"
    assert problems(data, state, [{"place": "us-1", "at": "1131"}, {"place": "us-3", "at": "1010"}]) == [
        "us-1 transfers from 1131 onto a board edge supply source of the Western Front (a French west edge hex, "
        "or Antwerp if never enemy controlled), not 1131 (10.35)",
        "us-3 transfers from 1010 onto a board edge supply source of the Italian Front (an Italian south edge hex), not 1010 (10.35)"]
    out = GAME.apply(data, state, "alliance", [{"place": "us-1", "at": "1010"}, {"place": "us-3", "at": "1131"}], ScriptedDice(default=6))
    assert out.state["units"]["us-1"]["hex"] == "1010" and out.state["units"]["us-3"]["hex"] == "1131"
    assert (out.state["army"], out.state["phase"]) == ("german", "movement")
    antwerp = to_redeploy(data, position(data, army="western"), "alliance", [{"transfer": "us-1"}])
    assert problems(data, antwerp, [{"place": "us-1", "at": "1703"}]) == []          # Antwerp, never enemy controlled
    GAME.enter_hex(data, antwerp, "1703", "german", [])
    assert problems(data, antwerp, [{"place": "us-1", "at": "1703"}]) == [
        "us-1 transfers from 1131 onto a board edge supply source of the Western Front (a French west edge hex, "
        "or Antwerp if never enemy controlled), not 1703 (10.35)"]
    assert problems(data, position(data, army="western", turn=1), [{"transfer": "us-1"}]) == [
        "Western Allied inter-theater transfers start on Game Turn 2 (10.35)"]


def test_a_behaviour_2_campaign_refuses_special_orders_as_it_always_did(data):  # docs/upgrading.md
    old = dataclasses.replace(data, behaviour=2)
    assert problems(old, position(old), [{"strategic": "ger-a"}]) == ["a movement order is `move: UNIT` with `path: [HEX, ...]`"]


def test_an_eastern_map_unit_needs_no_italy_hexes_for_10_27(tmp_path):  # 10.27 (2), 2.3, 6.7
    """Italy lies on the western map sheet (6.7: its south edge, 1131, 1232), so a fast German unit
    starting on the eastern map counts its full MF without the Italy hexes; one on the western map
    needs them, and the refusal names the path."""
    target = tmp_path / "no-italy.yaml"
    target.write_text(MOBILE.read_text().replace("  map.regions.italy.hexes: []\n", "").replace(
        "  map.regions.baltic_sea_coastal_hexes.hexes: []\n", "") + EXTRA)
    data = load_game_data("smithereens", target)
    state = position(data)
    assert GAME.movement_allowance(data, state, "ger-p") == 6                      # 2410E
    with pytest.raises(UnknownDataError, match=r"map\.regions\.italy\.hexes"):
        GAME.movement_allowance(data, state, "ger-k")                             # 1232


def test_a_signed_fog_campaign_moves_a_hidden_unit_strategically_and_verifies(tmp_path):  # 10.29, 11.7
    """The whole exchange on the demo data with fog of war: the German picks up ger-73id from under
    the top unit of 1819E, the Prepared Assault Phase passes, he places it back there; the box is
    public, the unit is hidden again once it is under the stack's top unit (11.7), and verify agrees."""
    from tests.test_cli import run
    from tests.test_hidden import demo_until_movement, pass_until, play

    campaign = demo_until_movement(tmp_path)
    pass_until(campaign, "Turn 2 German movement")
    play(campaign, "german", [{"strategic": "ger-73id"}])
    assert campaign.latest()[1]["state"]["off_map"] == {"ger-73id": {"by": "strategic", "hex": "1819E", "steps": 2}}
    pass_until(campaign, "Turn 2 German special movement ends (10.29, 10.31, 10.35)")
    play(campaign, "german", [{"place": "ger-73id", "at": "1819E"}])
    save = campaign.latest()[1]
    assert save["awaiting"]["phase"] == "Turn 3 Soviet movement"
    assert "ger-73id" not in save["state"]["units"] and "off_map" not in save["state"]       # under ger-46pz, hidden
    assert run("verify", campaign.folder).stdout.startswith("OK: 9 saves")
