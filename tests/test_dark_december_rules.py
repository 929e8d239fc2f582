"""Dark December rules, driven through pbem.games.dark_december (GAME.check / GAME.apply).

Rule numbers are cases of /work/shared/rulebooks/dark-december.txt. The map, counters, CRT cells,
TEC values and the grid offset are the DEMONSTRATION values of
examples/dark-december-demo/data-override.yaml (the text does not print them): a 5x5 block of
clear hexes, columns 10-14 and rows 10-14 (offset even-columns-down), 1212 woods, 1011 a town,
rivers with bridges on 1312|1313 and 1113|1114. Its CRT: column 1:2 is all CA, 1:1 all D3, the
others A1 (2-4), - (5-7), D2 (8-9), FF (10-11), D3/A1 (12). Tests change single values with
`changed()` where a rule needs other terrain.

Neighbours used: 1111 ~ 1110 1210 1211 1112 1011 1010; 1211 ~ 1210 1311 1312 1212 1112 1111;
1311 ~ 1310 1410 1411 1312 1211 1210; 1312 ~ 1311 1411 1412 1313 1212 1211.
"""

import copy
from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.dark_december import GAME
from tests.datacopy import copy_without_cache, deep_copy
from tests.dicehelp import ScriptedDice

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "dark-december-demo" / "data-override.yaml"


@pytest.fixture(scope="module")
def base():
    return load_game_data("dark-december", DEMO)


@pytest.fixture
def data(base):
    return deep_copy(base)


def changed(data, values: dict):
    """A copy of the data with some values set (full dotted paths, as the override writes them)."""
    data = copy_without_cache(data)
    for path, value in values.items():
        parts = data.full_path(path).split(".")
        node = data.tree
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return data


def position(data, units: dict, turn=9, side="german", phase="movement", **options):
    """A state from the module's own set-up (Turning Point), units replaced by `units`
    (id -> hex, or (hex, steps))."""
    scenario = load_scenario("dark-december", "turning-point")[0]
    state = GAME.setup(data, scenario, ["allies", "german"], {"reserves": "true", **options})
    counters = data.get("units.counters")
    state["units"] = {}
    for unit_id, where in units.items():
        hex_id, steps = where if isinstance(where, tuple) else (where, None)
        state["units"][unit_id] = {"side": counters[unit_id]["side"], "hex": hex_id,
                                   "steps": steps or (1 if counters[unit_id]["reduced"] == "none" else 2), "reserve": False}
    state.update(turn=turn, side=side, phase=phase, supply={})
    return state


def messages(problems):
    return [p.message for p in problems]


def apply(data, state, side, orders, dice=None):
    return GAME.apply(data, state, side, orders, dice or ScriptedDice()).events


# -- the campaign options and set-up (6.0-6.2) ------------------------------------------------------

def test_options_setup_reserves_variants_and_readings():
    """6.1/6.2 free or historical set-up, 14.0 reserves (optional), 26.x variants, the DD7 reading:
    options both players agree to at `pbem new`."""
    assert GAME.options({}) == {"setup": "free", "reserves": False, "disengagement": False, "armored_zoc": False, "surrender": False,
                                "variants": []}
    assert GAME.options({"setup": "historical", "reserves": "true", "variants": "26.4,26.1", "errata.DD7": "rule-18-3-D"}) == {
        "setup": "historical", "reserves": True, "disengagement": False, "armored_zoc": False, "surrender": False,
        "variants": ["26.1", "26.4"],
        "errata": {"DD7": "rule-18-3-D"}}
    with pytest.raises(Exception, match="setup must be one of free, historical"):
        GAME.options({"setup": "random"})
    with pytest.raises(Exception, match="unknown variant"):
        GAME.options({"variants": "26.21"})
    with pytest.raises(Exception, match="unknown Dark December option"):
        GAME.options({"shock": "true"})


def test_turning_point_sets_up_from_the_manifest(data):
    """6.0 E: the set-up of the scenarios other than the Campaign Game and Herbstnebel is on the unit
    manifests of the study folder (units.manifests.turning_point); its first Game-Turn is group data."""
    scenario = load_scenario("dark-december", "turning-point")[0]
    state = GAME.setup(data, scenario, ["allies", "german"], {})
    assert state["turn"] == 9 and state["phase"] == "fuel_roll"          # 8.7: from AM 20 December
    assert state["units"]["us-inf1"] == {"side": "allies", "hex": "1111", "steps": 2, "reserve": False}
    assert state["units"]["us-eng1"]["steps"] == 1                       # 5.1 D: no reduced side


def test_free_setup_is_an_orders_step_after_the_allies(data):
    """6.0 H: when the Allies have set up (the hexes on their counters, 5.6.2 A), Germany places its
    units; 6.1 A in the army area on the counter, 6.1 B/C east of the Westwall, 6.1 E unstacked."""
    data = changed(data, {f"units.units.counters.{u}.setup_hex": h for u, h in (("us-inf1", "1111"), ("us-inf2", "1013"), ("us-eng1", "1113"))}
                   | {f"units.units.counters.{u}.army": "5PZA" for u in ("ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2")})
    scenario = load_scenario("dark-december", "campaign")[0]
    state = GAME.setup(data, scenario, ["allies", "german"], {})
    assert state["phase"] == "setup" and sorted(state["to_place"]) == ["ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2"]
    assert sorted(state["units"]) == ["us-eng1", "us-inf1", "us-inf2"] and state["turn"] == 1
    bad = [{"place": "ger-inf1", "at": "1311"}, {"place": "ger-inf2", "at": "1311"}, {"place": "ger-pz1", "at": "1011"}]
    got = messages(GAME.check(data, state, "german", bad))
    assert "German units may not be stacked in their initial set-up (1311, 6.1 E)" in got
    assert "ger-pz1 sets up in the 5PZA area, and 1011 is in none (6.1 A)" in got
    assert "ger-pz1 must set up at least 2 hex(es) east of the Westwall; 1011 is 0 (6.1 B/C)" in got
    good = [{"place": "ger-inf1", "at": "1311"}, {"place": "ger-inf2", "at": "1313"}, {"place": "ger-pz1", "at": "1412"},
            {"place": "ger-pz2", "at": "1414"}]
    apply(data, state, "german", good)
    assert state["phase"] == "movement" and state["units"]["ger-pz1"]["hex"] == "1412"


def test_historical_setup_needs_the_counters_hexes(data):
    """6.2 A: the historical locations are on the counters; a counter without one refuses naming its path."""
    data = changed(data, {"units.units.counters.us-inf1.setup_hex": "1111", "units.units.counters.us-inf2.setup_hex": "1013",
                          "units.units.counters.us-eng1.setup_hex": "1113"})
    scenario = load_scenario("dark-december", "herbstnebel")[0]
    with pytest.raises(UnknownDataError, match=r"units.counters.ger-inf1.historical_hex"):
        GAME.setup(data, scenario, ["allies", "german"], {"setup": "historical"})


# -- movement (10.0-12.0) ----------------------------------------------------------------------

def test_units_stop_on_entering_an_enemy_zoc(data):
    """7.1.3.2 E, 12.1 A: units must cease movement upon entering an enemy ZOC."""
    state = position(data, {"ger-inf1": "1311", "us-inf1": "1111"})
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1311", "1211", "1112"]}]))
    assert got == ["ger-inf1 must stop on entering the enemy ZOC at 1211 (7.1.3.2 E, 12.1 A)"]


def test_no_move_from_one_enemy_zoc_to_another(data):
    """10.2 F: units may not move from one enemy ZOC to another."""
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111"})
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1211", "1210"]}]))
    assert got == ["ger-inf1 leaves an enemy ZOC only directly into a hex no enemy controls (10.2 F)"]
    assert GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1211", "1311", "1310"]}]) == []


def test_movement_allowance_and_the_one_hex_minimum(data):
    """10.2 B never exceed the MA; 10.2 A one hex always. The woods hex costs 3 (10.4.4 example)."""
    data = changed(data, {"units.units.counters.ger-inf1.movement": 3})
    state = position(data, {"ger-inf1": "1313"})
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1313", "1413", "1412", "1411"]}])) == []
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1313", "1212", "1211"]}]))
    assert got == ["ger-inf1 needs 4 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]
    data2 = changed(data, {"units.units.counters.ger-inf1.movement": 2})
    assert GAME.check(data2, position(data2, {"ger-inf1": "1313"}), "german", [{"move": "ger-inf1", "path": ["1313", "1212"]}]) == []


def test_no_entry_into_enemy_hexes(data):
    """10.2 D: a friendly unit may never enter a hex occupied by an enemy unit."""
    state = position(data, {"ger-inf1": "1311", "us-inf1": "1211"})
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1311", "1211"]}])) == ["1211 holds enemy units (10.2 D)"]


def test_river_crossing_costs_and_blown_bridges(data):
    """10.5.3 a bridged river hexside costs 2 MPs more (reading DD1); 16.1 E a blown bridge as if
    no bridge was there: the TEC's river cost (the demo's 2)."""
    data = changed(data, {"units.units.counters.ger-inf1.movement": 3})
    state = position(data, {"ger-inf1": "1313"})
    assert GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1313", "1312"]}]) == []     # 1 + 2 = 3
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1313", "1312", "1311"]}]))
    assert got == ["ger-inf1 needs 4 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]
    state["blown"] = ["1312|1313"]
    data = changed(data, {"terrain.terrain.hexsides.river.movement": 3})
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1313", "1312", "1311"]}]))
    assert got == ["ger-inf1 needs 5 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]


def test_unknown_river_cost_refuses_naming_its_path(base):
    """The TEC's river cost is not in the text: a move across an unbridged river refuses naming it."""
    data = load_game_data("dark-december", DEMO)
    data = changed(data, {"terrain.terrain.hexsides.river.movement": "unknown"})
    state = position(data, {"ger-inf1": "1313"})
    state["blown"] = ["1312|1313"]
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1313", "1312"]}]))
    assert len(got) == 1 and "terrain.hexsides.river.movement" in got[0]


def test_ground_freeze_example(data):
    """21.0 A: "The movement costs for all terrain except road and clear hexes are reduced by 1.
    Example: It would cost 3 MPs to enter a dense forest hex." (AM 24 - PM 28 December, 21.0 B;
    22.0 A heavy snow from AM 29 December removes the benefit)."""
    from pbem.games.dark_december.movement import terrain_cost
    assert terrain_cost(data, {"turn": 17}, "dense_forest") == 3           # AM 24 December
    assert terrain_cost(data, {"turn": 17}, "clear") == 1
    assert terrain_cost(data, {"turn": 16}, "dense_forest") == 4           # PM 23 December: not yet
    assert terrain_cost(data, {"turn": 27}, "dense_forest") == 4           # AM 29 December: heavy snow


def test_stacking_limit_and_inter_allied_stacking(data):
    """11.0 A no more than three units a hex in a friendly Movement Phase; 11.4 British and US units
    may not stack together."""
    data = changed(data, {"units.units.counters.br-inf1": {"side": "allies", "nationality": "british", "type": "infantry",
                                                            "division": "none", "attack": 2, "defense": 2, "movement": 4,
                                                            "reduced": "none", "reinforcement": "none"},
                          "units.units.counters.us-inf3": {"side": "allies", "nationality": "us", "type": "infantry",
                                                            "division": "none", "attack": 2, "defense": 2, "movement": 4,
                                                            "reduced": "none", "reinforcement": "none"}})
    state = position(data, {"us-inf1": "1012", "us-inf2": "1012", "us-eng1": "1012", "us-inf3": "1013", "br-inf1": "1113"},
                     side="allies")
    got = messages(GAME.check(data, state, "allies", [{"move": "us-inf3", "path": ["1013", "1012"]}]))
    assert got == ["1012 would hold 4 units; the limit is 3 (11.0 A)"]
    got = messages(GAME.check(data, state, "allies", [{"move": "br-inf1", "path": ["1113", "1013"]}]))
    assert got == ["British and US units may not stack together in 1013 (11.4)"]


def test_restricted_allied_movement_on_16_december(data):
    """18.3 B: on the 16 December turns only Allied units attacked by Germany may move, infantry one hex;
    18.3 C armor moves normally from PM 16 December; 26.1 C lifts the restriction."""
    state = position(data, {"us-inf1": "1111", "us-inf2": "1013"}, turn=1, side="allies")
    state["attacked"] = ["us-inf1"]
    got = messages(GAME.check(data, state, "allies", [{"move": "us-inf2", "path": ["1013", "1012"]}]))
    assert got == ["us-inf2 has not been attacked by Germany and may not move on the 16 December turns (18.3 B)"]
    got = messages(GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1111", "1112", "1113"]}]))
    assert got == ["us-inf1 may move only one hex this turn (18.3 B)"]
    assert GAME.check(data, state, "allies", [{"move": "us-inf1", "path": ["1111", "1112"]}]) == []
    warned = position(data, {"us-inf2": "1013"}, turn=1, side="allies", variants="26.1")
    assert GAME.check(data, warned, "allies", [{"move": "us-inf2", "path": ["1013", "1012", "1011"]}]) == []


# -- reserves and the Reaction Phase (7.1.4, 14.x) -----------------------------------------------

def test_reserves_and_the_reaction_phase(data):
    """14.1 D no reserve from a unit starting in an enemy ZOC; 14.1 B a new reserve may not attack;
    7.1.4 A/14.4 the non-phasing reserves move in the Reaction Phase at half their MA (14.4 C,
    rounded up); 14.5 C moving ends the reserve status."""
    state = position(data, {"ger-pz1": "1412", "ger-inf1": "1211", "us-inf1": "1111"})
    got = messages(GAME.check(data, state, "german", [{"reserve": "ger-inf1"}]))
    assert got == ["ger-inf1 starts its player turn in an enemy ZOC and may not form a reserve (14.1 D)"]
    apply(data, state, "german", [{"reserve": "ger-pz1"}])
    assert state["units"]["ger-pz1"]["reserve"] is True and state["phase"] == "combat"   # no Allied reserve: no pause
    got = messages(GAME.check(data, state, "german", [{"attack": "1111", "with": ["ger-inf1", "ger-pz1"]}]))
    assert ("ger-pz1 may not attack this player turn: in reserve or placed in it (14.1 B, E), building a bridge (16.2.3 A) "
            "or involved in a counterattack (13.5.5 H)") in got
    # the Allied player turn: the German reserve reacts after the Allied movement (ger-pz1 MA 6: 3 in reaction)
    state.update(side="allies", phase="movement", no_attack=[])
    apply(data, state, "allies", [])
    assert state["phase"] == "reaction" and GAME.awaiting(state).side == "german" and GAME.awaiting(state).kind == "response"
    got = messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1412", "1413", "1414", "1314", "1214"]}]))
    assert got == ["ger-pz1 needs 4 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]
    apply(data, state, "german", [{"move": "ger-pz1", "path": ["1412", "1413", "1414", "1314"]}])
    assert state["units"]["ger-pz1"] == {"side": "german", "hex": "1314", "steps": 2, "reserve": False}
    assert state["phase"] == "combat"


def test_reserve_limit(data):
    """14.5 D: neither side may have more than ten reserve units at one time."""
    data = changed(data, {"special.reserves_optional.max_reserve_units": 1})
    state = position(data, {"ger-pz1": "1412", "ger-inf2": "1414"})
    got = messages(GAME.check(data, state, "german", [{"reserve": "ger-pz1"}, {"reserve": "ger-inf2"}]))
    assert got == ["german may have no more than 1 reserve units (14.5 D)"]


def test_reserves_need_the_optional_rule(data):
    """14.0 is optional: without `reserves=true` at `pbem new`, no reserve."""
    state = position(data, {"ger-pz1": "1412"}, reserves="false")
    got = messages(GAME.check(data, state, "german", [{"reserve": "ger-pz1"}]))
    assert got == ["reserves are the optional rule 14.0, not chosen for this campaign (--option reserves=true)"]


# -- combat declarations (13.0, 13.1, 18.2) ------------------------------------------------------

def test_every_adjacent_enemy_must_be_attacked(data):
    """13.0 B, 13.1 A: if electing to attack with a unit, every enemy unit adjacent to it must be attacked."""
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111", "us-inf2": "1112"}, phase="combat")
    got = messages(GAME.check(data, state, "german", [{"attack": "1111", "with": ["ger-inf1"]}]))
    assert got == ["every enemy unit adjacent to an attacking unit must be attacked: 1112 (13.0 B, 13.1 A)"]
    assert GAME.check(data, state, "german", [{"attack": ["1111", "1112"], "with": ["ger-inf1"]}]) == []


def test_attackers_adjacent_to_every_defender_and_attack_once(data):
    """13.1 A every attacking unit adjacent to every defending unit it attacks; 13.1 E a unit's strength
    is never divided (it attacks once, 13.2 A)."""
    state = position(data, {"ger-inf1": "1211", "ger-inf2": "1313", "us-inf1": "1111", "us-inf2": "1212"}, phase="combat")
    got = messages(GAME.check(data, state, "german", [{"attack": ["1111", "1212"], "with": ["ger-inf1", "ger-inf2"]}]))
    assert got == ["ger-inf2 is not adjacent to 1111 (13.1 A)"]
    got = messages(GAME.check(data, state, "german", [{"attack": "1111", "with": ["ger-inf1"]}, {"attack": "1212", "with": ["ger-inf1", "ger-inf2"]}]))
    assert "ger-inf1 attacks once a Combat Phase (13.1 E, 13.2 A)" in got


def test_five_attacks_on_am_16_december(data):
    """18.2 B: Germany must make a minimum of five attacks on the AM 16 December game turn."""
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111"}, turn=1, phase="combat")
    got = messages(GAME.check(data, state, "german", [{"attack": "1111", "with": ["ger-inf1"]}]))
    assert got == ["Germany must make a minimum of 5 attacks on AM 16 December (18.2 B)"]


def test_attacker_integrity_needs_the_whole_division(data):
    """13.8.1 A: -1 DRM only when all the components of an attacking division take part."""
    state = position(data, {"ger-inf1": "1211", "ger-inf2": "1313", "us-inf1": "1111"}, phase="combat")
    got = messages(GAME.check(data, state, "german", [{"attack": "1111", "with": ["ger-inf1"], "integrity": True}]))
    assert got == ["no attacking division has all its regiments or brigades in this battle (13.8.1 A; 14.3 B: or the others in "
                   "reserve within three hexes of a defending hex)"]


def test_integrity_from_reserves_within_three_hexes(data):
    """14.3 B (optional reserves, behaviour 3): "Any unit(s) of a division may receive divisional integrity in a
    standard attack, if and only if, the other unit(s) of that division are in reserve and within three hexes of
    the defending unit(s)." ger-inf2 in reserve at 1313 is three hexes from 1111; at 1413 four."""
    state = position(data, {"ger-inf1": "1211", "ger-inf2": "1313", "us-inf1": "1111"}, phase="combat")
    state["units"]["ger-inf2"]["reserve"] = True
    order = {"attack": "1111", "with": ["ger-inf1"], "integrity": True}
    assert GAME.check(data, state, "german", [order]) == []
    state["units"]["ger-inf2"]["hex"] = "1413"
    assert len(GAME.check(data, state, "german", [order])) == 1
    state["units"]["ger-inf2"]["hex"] = "1313"
    old = changed(data, {})
    old.behaviour = 2
    assert len(GAME.check(old, {k: v for k, v in state.items() if k not in ("strategic", "road_control", "clear_arrivals", "interdicted")},
                          "german", [order])) == 1


# -- battle resolution (13.3-13.5) --------------------------------------------------------------

def test_odds_round_for_the_defender_and_clamp(data):
    """13.4.1 C fractions rounded in favour of the defender; 13.5 A above 9:1 is 9:1, B below 1:3 is 1:3;
    15.5 A a defense of zero at maximum odds."""
    from pbem.games.dark_december.combat import column
    assert column(data, 2, 3) == "1:2"
    assert column(data, 5, 2) == "2:1"
    assert column(data, 30, 2) == "9:1"
    assert column(data, 1, 9) == "1:3"
    assert column(data, 1, 0) == "9:1"


def test_defense_level_examples(data):
    """13.3.1 A: "Example: A town in a woods hex would not increase the town's defense level; it would
    remain four." 13.9.1 A: "Example: An attack with at least one armor units against defenders in a town
    lacking armor yields a terrain defense level of 3 if the attacker uses armor superiority.\""""
    from pbem.games.dark_december.combat import defense_level
    data = changed(data, {"map.hexes.1212": {"terrain": "woods", "town": True}})
    state = position(data, {"us-inf1": "1212", "ger-pz1": "1313"})
    battle = {"minus_one": ["1313"], "hexes": ["1212"], "armor_superiority": False, "first": True, "reduce": {}}
    assert defense_level(data, state, battle, "1212", ["ger-pz1"]) == 4
    battle["armor_superiority"] = True
    assert defense_level(data, state, battle, "1212", ["ger-pz1"]) == 3
    battle["reduce"] = {"1212": 1}                                           # 13.3.3 a voluntary reduction
    assert defense_level(data, state, battle, "1212", ["ger-pz1"]) == 1


def test_attacker_hex_level_reduced_and_river_level(data):
    """13.3.2 A attacking units' hexes one level lower (never below 0, 13.3.2 C); 13.3.1 C the river
    level only if all enemy units are across river hexsides; 17.1 a fortification is level 4."""
    from pbem.games.dark_december.combat import defense_level
    state = position(data, {"us-inf1": "1313", "ger-inf1": "1312", "ger-inf2": "1412"})
    battle = {"minus_one": ["1312", "1412"], "hexes": ["1313"], "armor_superiority": False, "first": True, "reduce": {}}
    assert defense_level(data, state, battle, "1412", ["us-inf1"]) == 0                  # clear 1 - 1
    assert defense_level(data, state, battle, "1312", ["us-inf1"]) == 2                  # river 3 (us-inf1 across it) - 1
    assert defense_level(data, state, battle, "1313", ["ger-inf1"]) == 3                 # across the river: 3
    assert defense_level(data, state, battle, "1313", ["ger-inf1", "ger-inf2"]) == 1     # 1412 is not across it
    state["forts"] = ["1313"]
    assert defense_level(data, state, battle, "1313", ["ger-inf2"]) == 4


def declared_battle(data, state, orders, declare=(), dice=None):
    apply(data, state, "german", orders)
    return apply(data, state, "allies", list(declare), dice)


def test_counterattack_by_the_defender(data):
    """13.5.5 A-B, G: on CA the defender immediately counterattacks with all defending units at least one
    hex of the original attackers it chooses; C/K no DRM; D/E the original attackers' hexes stay -1."""
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111"}, phase="combat")
    events = declared_battle(data, state, [{"attack": "1111", "with": ["ger-inf1"]}], dice=ScriptedDice(3, 3))
    assert [e["result"] for e in events if e["event"] == "battle"] == ["CA"]            # 2:3 -> 1:2, all CA
    assert state["pending"]["kind"] == "CA" and GAME.awaiting(state).side == "allies"
    assert messages(GAME.check(data, state, "allies", [{"counterattack": ["1311"]}])) == [
        "`counterattack:` lists at least one hex of the original attackers: 1211 (13.5.5 B, G)"]
    events = apply(data, state, "allies", [{"counterattack": ["1211"]}], ScriptedDice(1, 1))
    battle = next(e for e in events if e["event"] == "battle")
    assert (battle["attackers"], battle["defenders"], battle["column"], battle["drm"], battle["result"]) == (
        ["us-inf1"], ["ger-inf1"], "1:1", 0, "D3")
    due = state["pending"]
    assert (due["kind"], due["side"], due["hex"], due["defense"], due["options"]) == (
        "loss", "german", "1211", 0, ["retreat2", "loss2", "retreat1_loss1"])


def test_a_counterattack_answered_by_a_counterattack(data):
    """13.5.5 I: if the first counterattack results in a further counterattack, only the units
    counterattacked are involved in the continuing battle (here the original attacker, choosing again)."""
    data = changed(data, {"units.units.counters.us-inf1.attack": 1})          # 1:2 both ways: CA, CA
    state = position(data, {"ger-inf1": "1211", "ger-inf2": "1210", "us-inf1": "1111"}, phase="combat")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-inf1"]}], dice=ScriptedDice(3, 3))
    apply(data, state, "allies", [{"counterattack": ["1211"]}], ScriptedDice(2, 2))
    due = state["pending"]
    assert (due["kind"], due["side"], due["hexes"]) == ("CA", "german", ["1111"])
    events = apply(data, state, "german", [{"counterattack": ["1111"]}], ScriptedDice(2, 2))
    battle = next(e for e in events if e["event"] == "battle")
    assert (battle["attackers"], battle["defenders"]) == (["ger-inf1"], ["us-inf1"])     # ger-inf2 takes no part


def test_retreat_or_loss_and_the_victorious_defenders_advance(data):
    """13.5.1 B: the assault level greater than the defense level: retreat two, two steps, or one and one;
    13.6 A the path is as long as the retreat; 13.7.5 a victorious defender may advance (13.7.1 A one hex)."""
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111"}, phase="combat")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-inf1"]}], dice=ScriptedDice(3, 3))
    apply(data, state, "allies", [{"counterattack": ["1211"]}], ScriptedDice(1, 1))
    assert messages(GAME.check(data, state, "german", [{"choose": "retreat2", "path": ["1311"]}])) == [
        "the retreat is 2 hex(es) (13.6 A), not 1"]
    assert messages(GAME.check(data, state, "german", [{"choose": "loss2", "losses": ["ger-inf1"]}])) == [
        "2 step(s) are due at 1211 (13.5.1, 13.5.4); `losses:` lists 1"]
    apply(data, state, "german", [{"choose": "retreat2", "path": ["1311", "1411"]}])
    assert state["units"]["ger-inf1"]["hex"] == "1411"
    assert state["pending"]["kind"] == "advance" and GAME.awaiting(state).side == "allies"
    assert messages(GAME.check(data, state, "allies", [{"advance": "us-inf1", "path": ["1211", "1311"]}])) == [
        "us-inf1 may advance 1 hex(es) here (13.7.1, 13.7.6)"]
    apply(data, state, "allies", [{"advance": "us-inf1", "path": ["1211"]}])
    assert state["units"]["us-inf1"]["hex"] == "1211" and state["phase"] == "construction"


def test_retreat_must_avoid_enemy_zoc_where_it_can_and_loses_a_step_in_it(data):
    """13.6 B first priority: a hex not in an enemy ZOC; 13.6.1 A one step per hex retreated into an enemy
    ZOC when nothing else is open; 13.6.4 friendly units negate it."""
    from pbem.games.dark_december.answers import retreat_problem
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111", "us-inf2": "1313"})
    # next to 1211: 1210 and 1112 in us-inf1's ZOC, 1312 and 1212 in us-inf2's; only 1311 is free
    assert retreat_problem(data, state, "german", ["ger-inf1"], "1211", ["1312"], 1) == (
        "the retreat must go to a hex not in an enemy ZOC where one is open (1311; 13.6 B)")
    state["units"]["ger-inf2"] = {"side": "german", "hex": "1312", "steps": 2, "reserve": False}
    assert retreat_problem(data, state, "german", ["ger-inf1"], "1211", ["1312"], 1) is None   # 13.6.4


def test_retreat_zoc_step_loss_applied(data):
    """13.6.1 A: one unit in a retreating stack loses one step per hex entered in an enemy ZOC, the
    owner's choice (`retreat_losses:`)."""
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111", "us-inf2": "1313", "us-eng1": "1310"}, phase="combat")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-inf1"]}], dice=ScriptedDice(3, 3))
    apply(data, state, "allies", [{"counterattack": ["1211"]}], ScriptedDice(1, 1))
    # every hex next to 1211 is in an Allied ZOC (1111: 1210, 1112; 1313: 1312, 1212; 1310: 1311)
    apply(data, state, "german", [{"choose": "retreat1_loss1", "losses": ["ger-inf1"], "path": ["1311"]}])
    assert "ger-inf1" not in state["units"] and "ger-inf1" in state["eliminated"]


def test_armor_may_not_retreat_across_an_unbridged_river(data):
    """13.6.2 D: armored units may not retreat across unbridged river hexsides; 13.6.2 B infantry go no
    further than the hex beyond the river."""
    from pbem.games.dark_december.answers import retreat_problem
    state = position(data, {"ger-pz1": "1313", "ger-inf1": "1313", "us-inf1": "1214"})
    state["blown"] = ["1312|1313"]
    assert retreat_problem(data, state, "german", ["ger-pz1"], "1313", ["1312", "1311"], 2) == (
        "ger-pz1 may not retreat across an unbridged river; take step losses instead (13.6.2 D)")
    # 13.6 B: not over an unbridged river while another hex is open
    assert retreat_problem(data, state, "german", ["ger-inf1"], "1313", ["1312"], 2) == (
        "the retreat may not cross an unbridged river where another hex is open (1212, 1412, 1413; 13.6 B)")
    cornered = changed(data, {f"map.hexes.{h}": None for h in ("1412", "1413", "1314", "1213", "1212")})   # off the map
    state = position(data, {"ger-inf1": "1313", "us-inf1": "1214"})
    state["blown"] = ["1312|1313"]
    assert retreat_problem(cornered, state, "german", ["ger-inf1"], "1313", ["1312"], 2) is None
    assert retreat_problem(cornered, state, "german", ["ger-inf1"], "1313", ["1312", "1311"], 2) == (
        "a unit retreating across an unbridged river goes no further than the hex beyond it (13.6.2 B)")


def test_motorized_retreat_to_the_lowest_cost_hex(data):
    """13.6 B: motorized units retreat to the hex with the lowest MP cost (clear 1 before the woods' 3)."""
    from pbem.games.dark_december.answers import retreat_problem
    state = position(data, {"ger-pz1": "1312", "us-inf1": "1110"})
    assert retreat_problem(data, state, "german", ["ger-pz1"], "1312", ["1212"], 1) == (
        "motorized units retreat to the hex with the lowest MP cost (1211, 1311, 1411, 1412; 13.6 B)")
    assert retreat_problem(data, state, "german", ["ger-pz1"], "1312", ["1412"], 1) is None


def test_river_retreat_roll(data):
    """13.6.2 C: a die for each unit retreating across an unbridged or non-ford river hexside; on a 1 an
    infantry unit loses a step."""
    state = position(data, {"ger-inf1": "1412", "us-inf1": "1313"}, side="allies", phase="combat")
    state["blown"] = ["1312|1313"]
    data = changed(data, {"units.units.counters.ger-inf1.defense": 3})      # 3:3 -> 1:1, all D3
    apply(data, state, "allies", [{"attack": "1412", "with": ["us-inf1"]}])
    apply(data, state, "german", [], ScriptedDice(2, 2))
    assert state["pending"]["options"] == ["retreat2", "loss2", "retreat1_loss1"]
    events = apply(data, state, "german", [{"choose": "retreat2", "path": ["1411", "1311"]}])
    assert state["units"]["ger-inf1"]["hex"] == "1311" and not any(e["event"] == "river_roll" for e in events)


def test_fire_fight(data):
    """13.5.6 A: one defending unit must take a step loss (the defender's choice); then the attacker takes
    steps until its loss in defense strength is at least the defender's."""
    data = changed(data, {"units.units.counters.ger-inf1.attack": 6})        # 6:3 = 2:1; roll 10 is FF
    state = position(data, {"ger-inf1": "1211", "ger-inf2": "1210", "us-inf1": "1111"}, phase="combat")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-inf1", "ger-inf2"], "firefight": ["ger-inf2", "ger-inf1"]}],
                    dice=ScriptedDice(5, 5))
    assert state["pending"]["kind"] == "FF"
    apply(data, state, "allies", [{"lose": "us-inf1"}])
    assert state["units"]["us-inf1"]["steps"] == 1                           # defense 3 -> 2: one point lost
    assert state["units"]["ger-inf2"]["steps"] == 1 and state["units"]["ger-inf1"]["steps"] == 2


def test_no_effect_when_the_assault_level_is_below_the_defense_level(data):
    """13.5.1 B: if the assault level is less than the defense level, the attack has no effect."""
    data = changed(data, {"units.units.counters.ger-inf1.attack": 6})        # 2:1, roll 8 = D2 vs the town's 4
    state = position(data, {"ger-inf1": "1111", "us-inf1": "1011"}, phase="combat")
    events = declared_battle(data, state, [{"attack": "1011", "with": ["ger-inf1"]}], dice=ScriptedDice(4, 4))
    assert [e for e in events if e["event"] == "no_effect"] == [{"event": "no_effect", "hex": "1011", "assault": 2, "defense": 4}]
    assert state["phase"] == "construction"


def test_split_result_defender_first_and_attacker_hex_minus_one(data):
    """13.5.3 A: D3/A1, the defender's result first, then the attacker's; 13.5.2 B compared with the
    attacker's hex level reduced by one (clear 1 - 1 = 0 < 1: retreat or a step)."""
    data = changed(data, {"units.units.counters.ger-inf1.attack": 6})        # 2:1, roll 12 = D3/A1
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111"}, phase="combat")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-inf1"], "advance": {"ger-inf1": ["1111"]}}], dice=ScriptedDice(6, 6))
    assert (state["pending"]["side"], state["pending"]["hex"]) == ("allies", "1111")
    apply(data, state, "allies", [{"choose": "loss2", "losses": ["us-inf1", "us-inf1"]}])
    assert "us-inf1" in state["eliminated"]
    assert (state["pending"]["side"], state["pending"]["hex"], state["pending"]["options"]) == ("german", "1211", ["retreat2", "loss2", "retreat1_loss1"])
    events = apply(data, state, "german", [{"choose": "loss2", "losses": ["ger-inf1", "ger-inf1"]}])
    assert "ger-inf1" in state["eliminated"] and not any(e["event"] == "advance" for e in events)


def test_attacker_advance_declared_with_the_battle(data):
    """13.7.1 C armor advance one more hex than the retreat; 13.7.3 the first hex a vacated defender hex;
    13.7.7 advancing units stop on entering an enemy ZOC."""
    data = changed(data, {"units.units.counters.ger-pz1.attack": 9})         # 9:3 = 3:1, roll 8 = D2 vs clear 1
    state = position(data, {"ger-pz1": "1211", "us-inf1": "1111"}, phase="combat")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-pz1"], "advance": {"ger-pz1": ["1111", "1011", "1012"]}}],
                    dice=ScriptedDice(4, 4))
    apply(data, state, "allies", [{"choose": "retreat2", "path": ["1110", "1010"]}])
    # 1011 is next to us-inf1 in 1010: the advance stops there
    assert state["units"]["ger-pz1"]["hex"] == "1211"
    assert state["phase"] == "construction"


def test_attacker_advance_taken(data):
    """13.7.6: when the defender is eliminated, victorious armored units may advance two hexes."""
    data = changed(data, {"units.units.counters.ger-pz1.attack": 9})
    state = position(data, {"ger-pz1": "1211", "us-inf1": "1111"}, phase="combat")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-pz1"], "advance": {"ger-pz1": ["1111", "1112"]}}],
                    dice=ScriptedDice(4, 4))
    apply(data, state, "allies", [{"choose": "loss2", "losses": ["us-inf1", "us-inf1"]}])
    assert "us-inf1" in state["eliminated"] and state["units"]["ger-pz1"]["hex"] == "1112"


def test_heavy_snow_shortens_advances(data):
    """22.0 B: for the remainder of the game heavy snows reduce advances after combat by one hex, with a
    minimum of one hex regardless of unit type."""
    from pbem.games.dark_december.answers import advance_limit
    assert advance_limit(data, "ger-pz1", 2, 9) == 3 and advance_limit(data, "ger-pz1", 2, 27) == 2
    assert advance_limit(data, "ger-inf1", 2, 27) == 1
    assert advance_limit(data, "ger-pz1", "eliminated", 9) == 2          # 13.7.6


def test_tactical_advantage_and_surprise(data):
    """13.4.2/18.1 A Germany uses the tactical advantage column AM 16 - PM 22 December, the Allies on clear
    turns after; 18.2 A the German surprise -1 DRM on AM 16 December (26.1 B: not when the Allies are warned)."""
    from pbem.games.dark_december.common import tactical_advantage
    from pbem.games.dark_december.combat import drm
    historical = {"options": {}}
    assert tactical_advantage(data, 14, "german", historical) and not tactical_advantage(data, 15, "german", historical)
    assert tactical_advantage(data, 15, "allies", historical) and not tactical_advantage(data, 24, "allies", historical)    # clear to AM 27 December
    battle = {"first": True, "attacker": "german", "integrity": False, "defence_integrity": False}
    assert drm(data, {"turn": 1, "options": {"variants": []}}, battle) == (-1, ["German surprise (18.2 A)"])
    assert drm(data, {"turn": 1, "options": {"variants": ["26.1"]}}, battle) == (0, [])
    assert drm(data, {"turn": 1, "options": {"variants": []}}, {**battle, "integrity": True})[0] == -1   # not in addition
    assert drm(data, {"turn": 2, "options": {"variants": []}}, {**battle, "integrity": True, "defence_integrity": True})[0] == 0


def test_crt_column_must_be_complete_before_the_dice(data):
    """Every cell the battle's roll may reach is known before any die (pbem.kit.combat.whole_column)."""
    data = changed(data, {"crt.crt.cells.tactical_advantage.1:2.7": "unknown"})
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111"}, phase="combat")
    apply(data, state, "german", [{"attack": "1111", "with": ["ger-inf1"]}])
    dice = ScriptedDice()
    with pytest.raises(UnknownDataError, match=r"crt.cells.tactical_advantage.1:2.7"):
        apply(data, state, "allies", [], dice)
    assert dice.asked == []


# -- bridges and fortifications (16.1, 17.0) ----------------------------------------------------

def test_bridge_demolition_roll_and_drm(data):
    """16.1 B a unit adjacent to the bridge may always try; 16.1 D 1-3 blows it, -1 DRM when adjacent or an
    Allied engineer; one attempt per bridge a player turn."""
    state = position(data, {"ger-inf2": "1313", "us-inf1": "1111"}, phase="construction")
    got = messages(GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}, {"demolish": "1313|1312", "by": "ger-inf2"}]))
    assert got == ["only one attempt may be made to demolish each bridge in any player turn (1313|1312, 16.1 D)"]
    events = apply(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}], ScriptedDice(4))
    assert [(e["face"], e["drm"], e["blown"]) for e in events if e["event"] == "demolition"] == [(4, -1, True)]
    assert state["blown"] == ["1312|1313"] and state["side"] == "allies" and state["phase"] == "movement"


def test_bridge_demolition_range(data):
    """16.1 A: within one hex of a hex of the bridge hexside, that hex free of enemy units, an enemy unit
    within two hexes of it."""
    state = position(data, {"ger-inf2": "1314", "ger-inf1": "1411"}, phase="construction")
    got = messages(GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}]))
    assert got == ["ger-inf2 is not within 1 hex of a bridge hex free of enemy units with an enemy unit within 2 hexes of it (16.1 A)"]
    state["units"]["us-inf1"] = {"side": "allies", "hex": "1211", "steps": 2, "reserve": False}
    assert GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}]) == []
    events = apply(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}], ScriptedDice(4))
    assert [(e["drm"], e["blown"]) for e in events if e["event"] == "demolition"] == [(0, False)]


def test_no_demolition_on_16_december_reading_dd7(data):
    """16.1 H: no units may attempt to demolish bridges on the 16 December turns (the default reading
    of DD7); with the 18.3 D reading they may."""
    state = position(data, {"ger-inf2": "1313"}, turn=2, phase="construction")
    got = messages(GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}]))
    assert got == ["no units may attempt to demolish bridges on the 16 December turns (16.1 H; reading DD7)"]
    from pbem.gamedata import apply_readings
    read = copy.deepcopy(data)
    apply_readings(read, {"DD7": "rule-18-3-D"})
    assert GAME.check(read, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}]) == []


def test_reserves_may_not_demolish(data):
    """16.1 G: units in reserve may not attempt to demolish bridges."""
    state = position(data, {"ger-inf2": "1313"}, phase="construction")
    state["units"]["ger-inf2"]["reserve"] = True
    got = messages(GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}]))
    assert got == ["ger-inf2 is in reserve and may not attempt to demolish bridges (16.1 G)"]


def test_fortifications(data):
    """17.0 A not in town or dense forest; 17.0 B by a unit not in an enemy ZOC that has not moved or fought;
    17.1 level 4; 17.2 removed when vacant at the end of a Movement Phase."""
    state = position(data, {"ger-inf2": "1313", "ger-inf1": "1211", "us-inf1": "1111", "us-inf2": "1011"}, side="allies",
                     phase="construction")
    got = messages(GAME.check(data, state, "allies", [{"fortify": "1011"}, {"fortify": "1111"}]))
    assert got == ["fortifications may not be built in town or dense forest hexes (1011, 17.0 A)",
                   "the units in 1111 are in an enemy ZOC (17.0 B)"]
    state["units"]["us-inf1"]["hex"] = "1010"
    state["moved"] = ["us-inf1"]
    assert messages(GAME.check(data, state, "allies", [{"fortify": "1010"}])) == [
        "no allies unit in 1010 that has not moved or fought this player turn (17.0 B)"]
    state["moved"] = []
    apply(data, state, "allies", [{"fortify": "1010"}], ScriptedDice(by_key={"fuel/": [6]}))
    assert state["forts"] == ["1010"] and state["turn"] == 10 and state["side"] == "german"
    state["phase"] = "movement"
    state["side"] = "allies"
    apply(data, state, "allies", [{"move": "us-inf1", "path": ["1010", "1110"]}])
    assert state["forts"] == []


def test_the_last_turn_ends_the_game(data):
    """7.2 F: play continues to the end of the final game turn, printed on the Game Turn Record Track
    (group data game.turns.last_turn_turning_point: the demo's 10)."""
    data = changed(data, {"game.victory.turning_point": [{"level": "Draw", "winner": "none"}]})   # 7.2 F (group data; test values)
    state = position(data, {"us-inf1": "1111"}, turn=10, side="allies", phase="construction")
    apply(data, state, "allies", [])
    assert state["game_over"] is True and GAME.awaiting(state).done and state["victory"] == {"level": "Draw", "winner": "none"}


def test_unknown_last_turn_refuses(base):
    """The Campaign Game's length is printed on the Game Turn Record Track: unknown until the group enters it."""
    state = position(base, {"us-inf1": "1111"}, turn=10, side="allies", phase="construction")
    state["scenario"] = "campaign"
    with pytest.raises(UnknownDataError, match="game.turns.last_turn_campaign"):
        apply(base, state, "allies", [])


# -- German fuel shortages (8.7) ------------------------------------------------------------------

def test_fuel_roll_and_the_allies_choice(data):
    """8.7: from AM 20 December Germany rolls on the Fuel Depletion Table after its Supply Determination
    Phase; 8.7.1 A the Allies may choose one German motorized division (here from their ordered
    `fuel_choice:`, given with their Construction/Demolition orders); 8.7.4, 8.4 B its units' MA and
    attack are halved, rounded up."""
    data = changed(data, {"supply.fuel_depletion.divisions_by_roll": {str(f): 2 for f in range(1, 7)}})
    state = position(data, {"ger-pz1": "1412", "ger-pz2": "1414", "us-inf1": "1111"}, turn=9, side="allies", phase="construction")
    apply(data, state, "allies", [{"fuel_choice": ["ger-demo-vg", "ger-demo-pz"]}], ScriptedDice(by_key={"fuel/": [3]}))
    assert state["fuel_out"] == ["ger-demo-pz"] and state["fuel_due"] == 0      # 8.7.5: no second division eligible
    from pbem.games.dark_december.movement import allowance
    assert allowance(data, state, "ger-pz1") == 3 and allowance(data, state, "ger-pz1", reaction=True) == 2
    from pbem.games.dark_december.combat import strength
    assert strength(data, state, ["ger-pz1"], "attack") == 2 and strength(data, state, ["ger-pz1"], "defense") == 3
    assert strength(data, state, ["ger-pz1"], "attack", supply=False) == 4       # 13.5.5 C: a counterattack's is not


def test_two_independent_brigades_instead_of_a_division(data):
    """8.7.2 D (behaviour 3): "Either side may choose to place two of the three German independent brigades out
    of supply instead of a division." The three counters are group data (`supply.fuel_depletion.independent_brigades`);
    a pair is written `[B1, B2]` in `deplete:`, `fuel:` and `fuel_choice:`; 8.7.5 the brigades count as one choice."""
    from pbem.games.dark_december import fuel
    brigade = {"side": "german", "nationality": "wehrmacht", "type": "armor", "division": "none", "attack": 4, "defense": 3,
               "movement": 6, "reduced": "none", "reinforcement": "none"}
    data = changed(data, {**{f"units.units.counters.ger-b{n}": dict(brigade) for n in (1, 2, 3)},
                          "supply.fuel_depletion.independent_brigades": ["ger-b1", "ger-b2", "ger-b3"],
                          "supply.fuel_depletion.divisions_by_roll": {str(f): 2 for f in range(1, 7)}})
    state = position(data, {"ger-pz1": "1412", "ger-pz2": "1414", "ger-b1": "1310", "ger-b2": "1311", "ger-b3": "1313",
                            "us-inf1": "1111"}, turn=9, side="allies", phase="construction")
    assert fuel.eligible(data, state) == ["ger-demo-pz", "ger-b1+ger-b2", "ger-b1+ger-b3", "ger-b2+ger-b3"]
    assert fuel.capacity(data, state) == 2
    apply(data, state, "allies", [{"fuel_choice": [["ger-b3", "ger-b1"], "ger-demo-pz"]}], ScriptedDice(by_key={"fuel/": [3]}))
    assert state["fuel_out"] == ["ger-b1", "ger-b3"] and state["fuel_due"] == 1
    from pbem.games.dark_december.combat import strength
    assert [strength(data, state, [u], "attack") for u in ("ger-b1", "ger-b2", "ger-b3")] == [2, 4, 2]
    assert fuel.eligible(data, state) == ["ger-demo-pz"]                          # one brigade left: no pair
    assert messages(GAME.check(data, state, "german", [{"fuel": ["ger-b2", "ger-b1"]}]))[0] == (
        "'ger-b1+ger-b2' cannot be put out of supply (8.7.1 C, 8.7.2 A, 8.7.3): ger-demo-pz")
    old = changed(data, {"supply.fuel_depletion.independent_brigades": "unknown"})
    old.behaviour = 2
    assert fuel.eligible(old, {k: v for k, v in state.items() if k != "strategic"}) == ["ger-demo-pz"]


def test_germany_names_the_other_divisions(data):
    """8.7.1 B Germany determines the additional divisions (`fuel: DIV` in its movement orders); 8.7.2 A
    not a division with fewer than two units on the map; 8.7.1 C only divisions listed with the table."""
    data = changed(data, {"supply.fuel_depletion.eligible_divisions_listed": ["ger-demo-pz", "ger-demo-vg"]})
    state = position(data, {"ger-pz1": "1412", "ger-pz2": "1414", "ger-inf1": "1311", "ger-inf2": "1313"})
    state["fuel_due"] = 1
    got = messages(GAME.check(data, state, "german", []))
    assert got == ["Germany puts 1 more motorized division(s) out of supply with `fuel: DIV` (8.7.1 B)"]
    got = messages(GAME.check(data, state, "german", [{"fuel": "ger-demo-xx"}]))
    assert got[0] == "'ger-demo-xx' cannot be put out of supply (8.7.1 C, 8.7.2 A, 8.7.3): ger-demo-pz, ger-demo-vg"
    # picked in the same orders, the MA is halved for this Movement Phase: ger-pz1 has 3, not 6
    got = messages(GAME.check(data, state, "german", [{"fuel": "ger-demo-pz"}, {"move": "ger-pz1", "path": ["1412", "1411", "1311", "1310", "1210"]}]))
    assert got == ["ger-pz1 needs 4 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]
    del state["units"]["ger-pz2"]
    got = messages(GAME.check(data, state, "german", [{"fuel": "ger-demo-pz"}]))
    assert got[0].startswith("'ger-demo-pz' cannot be put out of supply")          # 8.7.2 A: one unit left


def test_fuel_depletion_lasts_until_the_following_german_player_turn(data):
    """8.7.2 B: a division put out of supply remains so until the following German player turn; before
    AM 20 December there is no roll (8.7)."""
    state = position(data, {"ger-pz1": "1412", "ger-pz2": "1414"}, turn=7, side="allies", phase="construction")
    state["fuel_out"] = ["ger-demo-pz"]
    dice = ScriptedDice()
    apply(data, state, "allies", [], dice)
    assert state["fuel_out"] == [] and dice.asked == [] and state["turn"] == 8


def test_the_allies_may_decline_their_choice(data):
    """8.7.1 A "the Allies may choose": with no (eligible) choice, Germany names every division (8.7.1 B)."""
    state = position(data, {"ger-pz1": "1412", "ger-pz2": "1414"}, turn=9, side="allies", phase="construction")
    apply(data, state, "allies", [], ScriptedDice(by_key={"fuel/": [2]}))
    assert state["fuel_out"] == [] and state["fuel_due"] == 1


# -- air attacks (20.4.1, 20.4.2 E/F) -------------------------------------------------------------

def test_air_attacks_only_on_their_turns(data):
    """20.0/20.4: the Allies on clear weather turns (AM 23 - AM 27 December) and on AM 17 December
    (20.4.2 F); Germany on PM 30 December (20.4.2 E); one a turn."""
    state = position(data, {"us-inf1": "1111", "ger-pz1": "1412"}, turn=9, side="allies")
    got = messages(GAME.check(data, state, "allies", [{"air_attack": "1412"}]))
    assert got == ["allies has no air attack on AM 20 December (20.0, 20.4, 20.4.2 E/F)"]
    state["turn"] = 3                                                         # AM 17 December
    assert GAME.check(data, state, "allies", [{"air_attack": "1412"}]) == []
    state["turn"] = 15                                                        # AM 23 December, clear
    got = messages(GAME.check(data, state, "allies", [{"air_attack": "1412"}, {"air_attack": "1412"}]))
    assert got == ["one air attack a turn (20.4)"]
    german = position(data, {"us-inf1": "1111", "ger-pz1": "1412"}, turn=30)     # PM 30 December
    assert GAME.check(data, german, "german", [{"air_attack": "1111"}]) == []


def test_air_attack_hit_and_the_german_loss_pick(data):
    """20.4.1 A a hit on 1-2; D the DRMs (+1 not in strategic movement, +1 woods: never more than +1);
    B the unit is chosen by Germany, motorized if possible: a response when there is a choice."""
    state = position(data, {"us-inf1": "1111", "ger-pz1": "1212", "ger-pz2": "1212", "ger-inf1": "1212"}, turn=15, side="allies")
    events = apply(data, state, "allies", [{"air_attack": "1212"}], ScriptedDice(1))
    assert [(e["face"], e["drm"], e["hit"], e["candidates"]) for e in events if e["event"] == "air_attack"] == [
        (1, 1, True, ["ger-pz1", "ger-pz2"])]
    assert state["phase"] == "answer" and GAME.awaiting(state).side == "german"
    assert messages(GAME.check(data, state, "german", [{"lose": "ger-inf1"}]))[0].startswith("`lose:` names the unit")
    apply(data, state, "german", [{"lose": "ger-pz2"}])
    assert state["units"]["ger-pz2"]["steps"] == 1 and state["phase"] == "combat"


def test_air_attack_never_eliminates_a_reduced_unit(data):
    """20.4.1 C: a unit already reduced cannot be eliminated by an air attack nor chosen in a stack;
    a roll of 2 with the +1 DRM misses (20.4.1 A)."""
    state = position(data, {"us-inf1": "1111", "ger-pz1": ("1412", 1), "ger-inf1": "1412"}, turn=15, side="allies")
    apply(data, state, "allies", [{"air_attack": "1412"}], ScriptedDice(1))
    assert state["units"]["ger-pz1"]["steps"] == 1 and state["units"]["ger-inf1"]["steps"] == 1    # infantry took it
    state = position(data, {"us-inf1": "1111", "ger-pz1": ("1412", 1)}, turn=15, side="allies")
    events = apply(data, state, "allies", [{"air_attack": "1412"}], ScriptedDice(1))
    assert state["units"]["ger-pz1"]["steps"] == 1 and [e["candidates"] for e in events if e["event"] == "air_attack"] == [[]]
    state = position(data, {"us-inf1": "1111", "ger-pz1": "1412"}, turn=15, side="allies")
    events = apply(data, state, "allies", [{"air_attack": "1412"}], ScriptedDice(2))
    assert [e["hit"] for e in events if e["event"] == "air_attack"] == [False]


# -- reinforcements (10.6) and the variants that move them ---------------------------------------

REINFORCEMENT = {"side": "allies", "nationality": "us", "type": "infantry", "division": "none", "attack": 2, "defense": 2,
                 "movement": 4, "reduced": "none", "reinforcement": {"turn": "PM 20 December", "areas": ["W"]},
                 "restricted": False}   # 5.5.2 A: no solid line (10.9)


def with_reinforcement(data, **changes):
    return changed(data, {"units.units.counters.us-rf1": {**REINFORCEMENT, **changes}, "map.hexes.1012": {"terrain": "clear", "entry": "W"},
                          "map.hexes.1014": {"terrain": "woods", "entry": "W"}})


def test_reinforcement_schedule_and_variants(data):
    """10.6 A the turn on the counter (PM 20 December = Game-Turn 10); 26.1 A one turn earlier for the
    Allies; 26.2 one turn later through PM 18 December only; 26.5 A the German two days earlier; 26.14 A no
    German reinforcement after AM 20 December."""
    from pbem.games.dark_december.reinforcements import schedule
    data = with_reinforcement(data)
    counters = data.get("units.counters")
    assert schedule(data, counters, {"variants": []}) == {"us-rf1": 10}
    assert schedule(data, counters, {"variants": ["26.1"]}) == {"us-rf1": 9}
    assert schedule(data, counters, {"variants": ["26.2"]}) == {"us-rf1": 10}
    early = changed(data, {"units.units.counters.us-rf1.reinforcement": {"turn": "PM 18 December", "areas": ["W"]}})
    assert schedule(early, early.get("units.counters"), {"variants": ["26.2"]}) == {"us-rf1": 7}
    german = changed(data, {"units.units.counters.us-rf1.side": "german"})
    assert schedule(german, german.get("units.counters"), {"variants": ["26.5"]}) == {"us-rf1": 6}
    assert schedule(german, german.get("units.counters"), {"variants": ["26.14"]}) == {}


def test_reinforcements_enter_on_their_area_and_may_not_be_withheld(data):
    """10.6.1 A on an entry hex of the counter's areas; 10.6.1 B the entry hex is the first hex of movement
    (the woods entry hex costs 3 of the MA 4); 10.6.3 A none withheld unless blocked by enemy units (B)."""
    data = with_reinforcement(data)
    state = position(data, {"us-inf1": "1111"}, turn=10, side="allies")
    state["reinforcements"] = {"us-rf1": 10}
    assert messages(GAME.check(data, state, "allies", [])) == ["us-rf1 is due and may not be withheld (10.6.3 A)"]
    got = messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1013"]}]))
    assert got == ["us-rf1 enters on an entry hex of its areas ['W']: 1012, 1014 (10.6.1 A)", "us-rf1 is due and may not be withheld (10.6.3 A)"]
    got = messages(GAME.check(data, state, "allies", [{"enter": "us-rf1", "path": ["1014", "1013", "1012"]}]))
    assert got == ["us-rf1 needs 5 MP to enter on 1014 and follow this path but has 4 (10.6.1 B, 10.2 B)"]
    apply(data, state, "allies", [{"enter": "us-rf1", "path": ["1014", "1013"]}])
    assert state["units"]["us-rf1"] == {"side": "allies", "hex": "1013", "steps": 1, "reserve": False} and state["reinforcements"] == {}
    blocked = position(data, {"ger-inf1": "1012", "ger-inf2": "1014"}, turn=10, side="allies")
    blocked["reinforcements"] = {"us-rf1": 10}
    assert GAME.check(data, blocked, "allies", []) == []                      # 10.6.3 B: every entry hex blocked


# -- exploitation (7.1.6, 14.2) and bridge construction (16.2) -----------------------------------

def test_exploitation_moves_reserves_at_full_ma(data):
    """7.1.6, 14.2 B: after combat the phasing player's reserves may move their full MA, and their reserve
    status is removed; other units do not move then."""
    state = position(data, {"ger-pz1": "1412", "ger-inf2": "1414"}, phase="construction")
    state["units"]["ger-pz1"]["reserve"] = True
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf2", "path": ["1414", "1314"]}]))
    assert got == ["ger-inf2 is not in reserve; only reserves move in the Reaction and Exploitation Phases (7.1.4 A, 7.1.6, 14.2, 14.4 A)"]
    path = ["1412", "1411", "1311", "1310", "1210", "1110", "1010"]                      # six clear hexes: MA 6
    apply(data, state, "german", [{"move": "ger-pz1", "path": path}])
    assert state["units"]["ger-pz1"] == {"side": "german", "hex": "1010", "steps": 2, "reserve": False}


def test_bridge_construction(data):
    """16.2.2 A a unit builds a bridge by moving across the river hexside it began next to, spending its
    entire MA; 16.2.2 B the bridge is built in the Construction/Demolition Phase; 16.2.3 A the builder does
    not fight that player turn; 16.2.1 German infantry only the named regiments (marked `bridge_builder`)."""
    state = position(data, {"ger-pz1": "1313", "ger-inf2": "1313", "us-inf1": "1211"})
    state["blown"] = ["1312|1313"]
    got = messages(GAME.check(data, state, "german", [{"move": "ger-inf2", "path": ["1313", "1312"], "build_bridge": True}]))
    assert len(got) == 1 and "units.counters.ger-inf2.bridge_builder" in got[0]
    apply(data, state, "german", [{"move": "ger-pz1", "path": ["1313", "1312"], "build_bridge": True}])
    assert state["units"]["ger-pz1"]["hex"] == "1312" and state["bridging"] == [{"unit": "ger-pz1", "side": "german", "hexside": "1312|1313"}]
    got = messages(GAME.check(data, state, "german", [{"attack": "1211", "with": ["ger-pz1"]}]))
    assert got == ["ger-pz1 may not attack this player turn: in reserve or placed in it (14.1 B, E), building a bridge (16.2.3 A) "
                   "or involved in a counterattack (13.5.5 H)"]
    state["phase"] = "combat"
    apply(data, state, "german", [])
    state["phase"] = "construction"
    events = apply(data, state, "german", [], ScriptedDice())
    assert [e["bridge"] for e in events if e["event"] == "bridge_built"] == ["1312|1313"]
    assert state["blown"] == [] and state["built"] == ["1312|1313"] and state["german_bridges"] == ["1312|1313"]


def test_german_bridge_markers_limit(data):
    """16.2.4 C: Germany must use the German bridge markers and is limited to seven bridges."""
    data = changed(data, {"special.bridges.construction.german_limit": 1})
    state = position(data, {"ger-pz1": "1313"})
    state["blown"], state["german_bridges"] = ["1312|1313"], ["1113|1114"]
    got = messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1313", "1312"], "build_bridge": True}]))
    assert got == ["Germany has used its 1 bridge markers (16.2.4 C)"]


# -- supply (8.1-8.5) ----------------------------------------------------------------------------
# The demo's supply sources: 1412 and 1413 German, 1012 and 1013 Allied (8.3); it has no road hexsides,
# so a line is the three off-road hexes to a source (8.2 B, C) unless a test adds roads.

def test_supply_line_three_hexes_then_the_road(data):
    """8.2 B no more than three hexes from the unit to a road hex, then along the road to a source; 8.2 C
    the off-road hexes are blocked by enemy ZOCs and enemy units; 8.2 D friendly units negate enemy ZOCs."""
    from pbem.games.dark_december.supply import traces
    state = position(data, {"ger-inf1": "1211"})
    assert traces(data, state, "german", "1211")                  # 1211-1311-1412: two hexes to the source
    assert not traces(data, state, "german", "1010")              # 1010 is four hexes from 1412/1413
    roads = changed(data, {"map.hexsides.1010|1110": ["road"], "map.hexsides.1110|1210": ["road"], "map.hexsides.1210|1310": ["road"],
                           "map.hexsides.1310|1410": ["road"], "map.hexsides.1410|1411": ["road"], "map.hexsides.1411|1412": ["road"]})
    assert traces(roads, state, "german", "1010")                 # on the road from its own hex
    blocked = position(roads, {"ger-inf1": "1010", "us-inf1": "1209"})      # 1209's ZOC covers 1210 and 1310
    assert not traces(roads, blocked, "german", "1010")
    blocked["units"]["ger-inf2"] = {"side": "german", "hex": "1210", "steps": 2, "reserve": False}
    blocked["units"]["ger-pz1"] = {"side": "german", "hex": "1310", "steps": 2, "reserve": False}
    assert traces(roads, blocked, "german", "1010")               # 8.2 D


def test_unsupplied_units_attack_and_move_at_half(data):
    """8.0: units must be in supply to use their full combat strength and MA (the supplied us-inf1: 3 and 4;
    the unsupplied us-inf2: 2 and 2);
    8.1 A supply is judged at the start of the side's player turn; 8.4 B unsupplied units have their
    attack strength and MA halved (fractions rounded up), their defense unaffected."""
    from pbem.games.dark_december.combat import strength
    from pbem.games.dark_december.movement import allowance
    from pbem.games.dark_december.supply import determine
    state = position(data, {"us-inf1": "1111", "us-inf2": "1014"})
    determine(data, state, "allies", [])
    assert state["supply"] == {"us-inf1": "supplied", "us-inf2": "supplied"}        # 1014 is next to the source 1013
    state = position(data, {"us-inf1": "1111", "us-inf2": "1414"})
    determine(data, state, "allies", [])
    assert state["supply"]["us-inf2"] == "unsupplied"
    assert allowance(data, state, "us-inf2") == 2 and strength(data, state, ["us-inf2"], "attack") == 2
    assert strength(data, state, ["us-inf2"], "defense") == 3
    assert allowance(data, state, "us-inf1") == 4 and strength(data, state, ["us-inf1"], "attack") == 3    # 8.0


def test_isolated_units(data):
    """8.5 A isolated: no supply line, all six neighbours enemy units or enemy ZOCs, more than three hexes
    from any supplied friendly unit; 8.5 D no attack; 8.5 E defense and MA halved; 8.5 C never next to the
    map edge; 8.5 B never Allied units in clear weather."""
    from pbem.games.dark_december.supply import determine
    ring = {"ger-inf1": "1311", "ger-inf2": "1213", "ger-pz1": "1111", "ger-pz2": "1313"}   # ZOCs all around 1212
    state = position(data, {"us-inf1": "1212", **ring}, side="allies")
    determine(data, state, "allies", [])
    assert state["supply"]["us-inf1"] == "isolated"
    from pbem.games.dark_december.combat import strength
    assert strength(data, state, ["us-inf1"], "defense") == 2
    got = messages(GAME.check(data, {**state, "phase": "combat"}, "allies", [{"attack": ["1111", "1311", "1213", "1313"], "with": ["us-inf1"]}]))
    assert "us-inf1 is isolated and may not attack (8.5 D)" in got
    clear = position(data, {"us-inf1": "1212", **ring}, turn=15, side="allies")
    determine(data, clear, "allies", [])
    assert clear["supply"]["us-inf1"] == "unsupplied"                                     # 8.5 B, 20.2
    edge = position(data, {"ger-inf1": "1010", "us-inf1": "1110", "us-inf2": "1011"})
    determine(data, edge, "german", [])
    assert edge["supply"]["ger-inf1"] == "unsupplied"                                     # 8.5 C: 1009 is off the map


def test_supply_status_lasts_until_the_sides_next_player_turn(data):
    """8.1 B: the status found at the start of a side's player turn stays until its next player turn;
    7.1.1 A the phasing side determines its own units' supply (reading DD8)."""
    state = position(data, {"us-inf1": "1111", "ger-inf1": "1414"}, side="german", phase="construction")
    state["supply"] = {"ger-inf1": "supplied", "us-inf1": "supplied"}
    apply(data, state, "german", [])
    assert state["side"] == "allies" and state["supply"]["ger-inf1"] == "supplied"      # German status kept
    assert state["supply"]["us-inf1"] == "supplied"


def test_unsupplied_units_may_not_demolish(data):
    """16.1 G: unsupplied and isolated units may not attempt to demolish bridges."""
    state = position(data, {"ger-inf2": "1313", "us-inf1": "1211"}, phase="construction")
    state["supply"] = {"ger-inf2": "unsupplied"}
    got = messages(GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-inf2"}]))
    assert got == ["ger-inf2 is unsupplied and may not attempt to demolish bridges (16.1 G)"]


# -- replacements (9.0-9.4) ----------------------------------------------------------------------

def replacement_data(data, german=1, allies=1):
    return changed(data, {f"supply.replacements.initial.amounts.turning_point.{s}.{k}": n
                          for s, n in (("german", german), ("allies", allies)) for k in ("motorized", "infantry")})


def test_refit_a_reduced_unit(data):
    """9.0 C one replacement of its type brings a reduced unit to full strength; 9.1 A not in an enemy ZOC;
    9.1 B not unsupplied; 9.1 C it then moves normally; 9.0 B motorized replacements for armor. 7.1.2: the
    replacement is incorporated in the Replacement Phase, before the move of the same orders; 9.3 A the side
    begins the scenario with its accumulated replacements (group data `supply.replacements.initial`)."""
    data = replacement_data(data)
    state = position(data, {"ger-pz1": ("1412", 1), "ger-inf1": ("1211", 1), "us-inf1": "1111"})
    assert messages(GAME.check(data, state, "german", [{"refit": "ger-inf1"}])) == [
        "ger-inf1 is in an enemy ZOC and may not receive replacements (9.1 A)"]
    apply(data, state, "german", [{"refit": "ger-pz1"}, {"move": "ger-pz1", "path": ["1412", "1413", "1414", "1314", "1214", "1114", "1014"]}])
    assert state["units"]["ger-pz1"] == {"side": "german", "hex": "1014", "steps": 2, "reserve": False}
    assert state["replacements"]["german"] == {"motorized": -1, "infantry": 0}      # one of the initial one spent
    state = position(data, {"ger-pz1": ("1412", 1), "ger-pz2": ("1414", 1)})
    assert messages(GAME.check(data, state, "german", [{"refit": "ger-pz1"}, {"refit": "ger-pz2"}])) == [
        "german has 1 motorized replacement(s) (9.0 C, D; 9.2)"]


def test_engineers_british_and_french_are_not_replaceable(data):
    """9.1 D: engineer, British and French units are not replaceable."""
    data = replacement_data(data)
    state = position(data, {"us-eng1": "1113"}, side="allies")
    assert messages(GAME.check(data, state, "allies", [{"reform": "us-eng1", "at": "1011"}])) == [
        "'us-eng1' is not replaceable: engineer, British and French units are not (9.1 D)"]


def test_reform_a_destroyed_unit_in_the_nearest_town(data):
    """9.0 D two replacements bring a destroyed unit back at reduced strength; 9.1 F in the nearest town to
    a unit of its division, at least three hexes from the nearest enemy unit; 9.0 E refitted only later."""
    data = replacement_data(data, allies=2)
    data = changed(data, {"map.hexes.1014": {"terrain": "clear", "town": True}})
    state = position(data, {"us-inf2": "1013", "ger-inf1": "1411"}, side="allies")
    state["eliminated"] = ["us-inf1"]
    got = messages(GAME.check(data, state, "allies", [{"reform": "us-inf1", "at": "1011"}]))
    assert got == ["us-inf1 reforms in the nearest town to a unit of its division at least 3 hexes from the enemy: 1014 (9.1 F)"]
    apply(data, state, "allies", [{"reform": "us-inf1", "at": "1014"}])
    assert state["units"]["us-inf1"] == {"side": "allies", "hex": "1014", "steps": 1, "reserve": False}
    assert state["eliminated"] == [] and state["reformed"] == {"us-inf1": 9}


def test_replacement_schedule(data):
    """9.4.1 A the Allies one armored (motorized) replacement each PM turn from PM 19 December; B one
    infantry each turn from PM 24 December; C from AM 2 January two per AM and one per PM turn; 9.4.2 Germany
    one infantry each AM turn from AM 27 December."""
    from pbem.games.dark_december.replacements import receive

    def got(turn, side):
        state = {"turn": turn, "replacements": {s: {"motorized": 0, "infantry": 0} for s in ("german", "allies")}}
        receive(data, state, side, [])
        return state["replacements"][side]
    assert got(8, "allies") == {"motorized": 1, "infantry": 0}               # PM 19 December
    assert got(9, "allies") == {"motorized": 0, "infantry": 0}
    assert got(18, "allies") == {"motorized": 1, "infantry": 1}              # PM 24 December
    assert got(35, "allies") == {"motorized": 0, "infantry": 2}              # AM 2 January
    assert got(36, "allies") == {"motorized": 1, "infantry": 1}
    assert got(23, "german") == {"motorized": 0, "infantry": 1} and got(24, "german")["infantry"] == 0   # AM/PM 27 December


def test_armor_may_ignore_the_first_zoc_of_an_advance(data):
    """13.7.7 exception: armored units may ignore enemy ZOCs in the first hex of an advance if it and the
    intended second hex are clear or rough, not town or Westwall, and no bridge or ford is crossed."""
    from pbem.games.dark_december.answers import advance_problem
    state = position(data, {"ger-pz1": "1211", "ger-inf1": "1211", "us-inf2": "1010"})
    vacated = {"1111": 2}
    assert advance_problem(data, state, "german", "ger-pz1", vacated, ["1111", "1112", "1113"]) is None
    assert advance_problem(data, state, "german", "ger-inf1", vacated, ["1111"]) is None
    assert advance_problem(data, state, "german", "ger-pz1", vacated, ["1111", "1011"]) == (
        "advancing units stop on entering an enemy ZOC (1111, 13.7.7)")                        # 1011 is a town
    woods = changed(data, {"map.hexes.1112": {"terrain": "woods"}})
    assert advance_problem(woods, state, "german", "ger-pz1", vacated, ["1111", "1112"]) == (
        "advancing units stop on entering an enemy ZOC (1111, 13.7.7)")


def test_no_allied_armor_superiority_against_the_westwall_across_a_river(data):
    """13.3.1 D: when Germany uses the Westwall terrain defense level, the Allies lose the benefit of armor
    superiority for attacking across a river hexside. 13.9: armor among the attackers and none among the
    defenders: the attacker possesses armor superiority ((True, False) from 1412)."""
    from pbem.games.dark_december.combat import armor_superiority
    data = changed(data, {"units.units.counters.us-arm1": {"side": "allies", "nationality": "us", "type": "armor", "division": "none",
                                                            "attack": 6, "defense": 4, "movement": 6, "reduced": "none", "reinforcement": "none"},
                          "map.hexes.1313": {"terrain": "westwall"}})
    state = position(data, {"us-arm1": "1312", "ger-inf2": "1313"}, side="allies")
    assert armor_superiority(data, state, ["us-arm1"], ["1313"]) == (False, False)
    state = position(data, {"us-arm1": "1412", "ger-inf2": "1313"}, side="allies")             # no river between
    assert armor_superiority(data, state, ["us-arm1"], ["1313"]) == (True, False)


def test_airborne_integrity_three_of_four(data):
    """13.8.5 C: divisions of four composite units receive the divisional integrity bonus as long as three of
    their four regiments qualify."""
    from pbem.games.dark_december.combat import integrity
    extra = {f"units.units.counters.ab-{n}": {"side": "allies", "nationality": "us", "type": "parachute_infantry", "division": "us-82",
                                             "attack": 3, "defense": 3, "movement": 4, "reduced": "none", "reinforcement": "none"}
             for n in range(1, 5)}
    data = changed(data, extra)
    state = position(data, {"ab-1": "1111", "ab-2": "1112", "ab-3": "1111", "ab-4": "1014"})
    assert integrity(data, state, ["ab-1", "ab-2", "ab-3"], "attack")
    assert not integrity(data, state, ["ab-1", "ab-2"], "attack")
    assert integrity(data, state, ["ab-1"], "defend")                      # 1111, 1112, 1111 together; 1014 apart


def test_road_march(data):
    """10.5.1: along contiguous road hexes, the mover the sole occupant of the hex it leaves and the hex it
    enters, one MP a road hex (the errata rate); 11.2 A not with other friendly units there; 10.5.3 a bridge
    on the road costs nothing more (16.0 A, read with 10.5.3 by DD1: no additional MP in road march); 16.1 E a
    blown bridge interdicts the road. 10.5.2 B road march and non-road movement in the same Movement Phase
    (woods by road, then a clear hex off it); 10.5.2 A a unit that cannot road march (ger-inf2 in 1312) pays the
    full costs."""
    roads = changed(data, {"map.hexsides.1212|1313": ["road"], "map.hexsides.1312|1313": ["river", "bridge", "road"],
                           "map.hexsides.1211|1312": ["road"], "map.hexes.1212": {"terrain": "woods"}})
    roads = changed(roads, {"units.units.counters.ger-inf1.movement": 3})
    state = position(roads, {"ger-inf1": "1313"})
    assert GAME.check(roads, state, "german", [{"move": "ger-inf1", "path": ["1313", "1312", "1211"]}]) == []   # 1 + 1
    assert GAME.check(roads, state, "german", [{"move": "ger-inf1", "path": ["1313", "1212", "1112"]}]) == []   # woods by road 1, + 1
    no_road = changed(roads, {"map.hexsides.1212|1313": []})
    got = messages(GAME.check(no_road, state, "german", [{"move": "ger-inf1", "path": ["1313", "1212", "1112"]}]))
    assert got == ["ger-inf1 needs 4 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]   # woods 3, + 1
    state["units"]["ger-inf2"] = {"side": "german", "hex": "1312", "steps": 2, "reserve": False}
    got = messages(GAME.check(roads, state, "german", [{"move": "ger-inf1", "path": ["1313", "1312", "1211"]}]))
    assert got == ["ger-inf1 needs 4 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]   # 1+2 bridge, then 1
    del state["units"]["ger-inf2"]
    state["blown"] = ["1312|1313"]
    got = messages(GAME.check(roads, state, "german", [{"move": "ger-inf1", "path": ["1313", "1312", "1211"]}]))
    assert got == ["ger-inf1 needs 4 MP for this path but has 3 (10.2 B; 10.2 A guarantees one hex only)"]   # 1+2 river, then 1



def test_disengagement_costs_one_mp(data):
    """10.3 A (optional): one MP above the first hex's cost to move from an enemy ZOC, except armored types
    and units in a hex of terrain defense level four or more (a town here)."""
    data = changed(data, {"units.units.counters.us-inf2.movement": 1})
    state = position(data, {"us-inf2": "1112", "ger-inf1": "1212"}, side="allies", disengagement="true")
    assert messages(GAME.check(data, state, "allies", [{"move": "us-inf2", "path": ["1112", "1011", "1010"]}])) == [
        "us-inf2 needs 3 MP for this path but has 1 (10.2 B; 10.2 A guarantees one hex only)"]
    plain = position(data, {"us-inf2": "1112", "ger-inf1": "1212"}, side="allies")
    data2 = changed(data, {"units.units.counters.us-inf2.movement": 2})
    assert GAME.check(data2, plain, "allies", [{"move": "us-inf2", "path": ["1112", "1011", "1010"]}]) == []
    town = position(data2, {"us-inf2": "1011", "ger-inf1": "1111"}, side="allies", disengagement="true")
    assert GAME.check(data2, town, "allies", [{"move": "us-inf2", "path": ["1011", "1012", "1013"]}]) == []     # a town: level 4
    open_ = position(data2, {"us-inf2": "1012", "ger-inf1": "1112"}, side="allies", disengagement="true")
    assert messages(GAME.check(data2, open_, "allies", [{"move": "us-inf2", "path": ["1012", "1013", "1014"]}])) == [
        "us-inf2 needs 3 MP for this path but has 2 (10.2 B; 10.2 A guarantees one hex only)"]


def test_armored_zoc_optional(data):
    """12.3 A (optional): an armored unit's ZOC does not extend across unbridged river hexsides or into dense
    forest or marsh hexes, except along roads; 12.3 B armored infantry and cavalry are unaffected.
    12.3 A: "Example: If an armored unit is on a road and the road leads directly into an adjacent dense forest
    hex, the ZOC of the armored unit would extend into that hex. Without a road, it would not." """
    from pbem.games.dark_december.common import enemy_zoc
    forest = changed(data, {"map.hexes.1212": {"terrain": "dense_forest"}})
    state = position(forest, {"ger-pz1": "1313", "us-inf1": "1010"}, armored_zoc="true")
    state["blown"] = ["1312|1313"]
    zoc = enemy_zoc(forest, state, "allies")
    assert "1312" not in zoc and "1212" not in zoc and "1412" in zoc
    road = changed(forest, {"map.hexsides.1212|1313": ["road"]})
    assert "1212" in enemy_zoc(road, state, "allies")
    plain = position(forest, {"ger-pz1": "1313", "us-inf1": "1010"})
    assert {"1312", "1212"} <= enemy_zoc(forest, plain, "allies")


def test_defender_armor_superiority(data):
    """13.9.1 B: if the defender possesses armor superiority, the defense level of its terrain rises by one
    (clear 1 -> 2: a D2 is then a retreat-or-step, not the greater result)."""
    data = changed(data, {"units.units.counters.ger-inf1.attack": 9})            # 9:3 = 3:1, roll 8 = D2
    state = position(data, {"ger-inf1": "1211", "us-inf1": "1111"}, phase="combat")
    data = changed(data, {"units.units.counters.us-inf1.type": "armor"})
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-inf1"]}], dice=ScriptedDice(4, 4))
    assert (state["pending"]["defense"], state["pending"]["options"]) == (2, ["retreat1", "loss1"])


# -- surrender (8.6, optional) ------------------------------------------------------------------

RING = {"ger-inf1": "1311", "ger-inf2": "1213", "ger-pz1": "1111", "ger-pz2": "1313"}     # enemy ZOCs all round 1212


def test_surrender_after_three_isolated_supply_phases(data):
    """8.6 A-E: an isolated marker in each consecutive enemy Supply Determination Phase; from the third, the
    enemy side rolls a die for the unit, stack or group (reading DD10), and on a 1 they surrender (9.1 E:
    never replaced); 8.6 F again each phase they stay isolated."""
    from pbem.games.dark_december import surrender
    state = position(data, {"us-inf1": "1212", **RING}, surrender="true")
    events: list = []
    for turn in (9, 10):
        state["turn"] = turn
        surrender.check(data, state, "german", ScriptedDice(), events)
    assert state["isolated_turns"] == {"us-inf1": 2} and events == []
    state["turn"] = 11
    surrender.check(data, state, "german", ScriptedDice(2), events)
    assert [(e["units"], e["face"], e["surrender"]) for e in events] == [(["us-inf1"], 2, False)]
    state["turn"] = 12
    surrender.check(data, state, "german", ScriptedDice(1), events)
    assert "us-inf1" not in state["units"] and state["surrendered"] == ["us-inf1"]
    state["phase"], state["side"] = "movement", "allies"
    data2 = changed(data, {"supply.replacements.initial.amounts.turning_point.allies.infantry": 5})
    assert messages(GAME.check(data2, state, "allies", [{"reform": "us-inf1", "at": "1011"}])) == [
        "us-inf1 surrendered and may not be replaced (9.1 E)"]


def test_surrender_count_restarts_and_elites_never_surrender(data):
    """8.6 H restored to a supplied or unsupplied state, the count begins anew; 8.6 I Allied units do not
    count clear weather turns (and are not rolled for); 8.6 J a group with an Allied parachute or glider unit
    (or an SS unit) never surrenders."""
    from pbem.games.dark_december import surrender
    state = position(data, {"us-inf1": "1212", **RING}, surrender="true")
    state["isolated_turns"] = {"us-inf1": 2}
    state["units"]["us-inf1"]["hex"] = "1013"                               # next to its source: supplied
    surrender.check(data, state, "german", ScriptedDice(), [])
    assert state["isolated_turns"] == {}
    clear = position(data, {"us-inf1": "1212", **RING}, turn=15, surrender="true")
    clear["isolated_turns"] = {"us-inf1": 2}
    surrender.check(data, clear, "german", ScriptedDice(), [])
    assert clear["isolated_turns"] == {"us-inf1": 2}
    para = changed(data, {"units.units.counters.us-inf1.type": "parachute_infantry"})
    state = position(para, {"us-inf1": "1212", **RING}, surrender="true")
    state["isolated_turns"] = {"us-inf1": 5}
    dice = ScriptedDice()
    surrender.check(para, state, "german", dice, [])
    assert dice.asked == [] and "us-inf1" in state["units"]


def test_clear_weather_slows_german_motorized_units(data):
    """20.1 A: on clear weather turns (AM 23 - AM 27 December) the MA of German motorized units is one less
    (outside strategic movement); infantry types are unaffected."""
    from pbem.games.dark_december.movement import allowance
    state = position(data, {"ger-pz1": "1412", "ger-inf1": "1311"}, turn=15)
    assert allowance(data, state, "ger-pz1") == 5 and allowance(data, state, "ger-inf1") == 4
    state["turn"] = 14
    assert allowance(data, state, "ger-pz1") == 6


def test_overstacked_units_are_eliminated_at_the_end_of_movement(data):
    """11.0 B units may exceed the limit after a retreat but must rectify it in their next Movement Phase;
    11.0 C those unable to comply are eliminated at its end, the owner selecting them."""
    data = changed(data, {"game.stacking.limit": 2})
    state = position(data, {"ger-inf1": "1311", "ger-inf2": "1311", "ger-pz1": "1311"})
    got = messages(GAME.check(data, state, "german", []))
    assert got == ["1311 holds 3 units after the Movement Phase: eliminate 1 of ger-inf1, ger-inf2, ger-pz1 with `eliminate: UNIT` (11.0 C)"]
    assert GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1311", "1411"]}]) == []
    assert messages(GAME.check(data, state, "german", [{"eliminate": "us-inf9"}, {"eliminate": "ger-inf2"}])) == [
        "`eliminate:` names a german unit on the map, not 'us-inf9' (11.0 C)"]
    apply(data, state, "german", [{"eliminate": "ger-inf2"}])
    assert "ger-inf2" in state["eliminated"] and sorted(state["units"]) == ["ger-inf1", "ger-pz1"]


# -- the German parachute drop (19.0) -------------------------------------------------------------

PARA = {"units.units.counters.ger-fj1": {"side": "german", "nationality": "luftwaffe", "type": "parachute_infantry",
                                         "division": "none", "attack": 2, "defense": 2, "movement": 4,
                                         "reduced": {"attack": 1, "defense": 1, "movement": 4}, "reinforcement": "none"},
        "special.parachute_drop.unit_id": "ger-fj1",
        "special.parachute_drop.survival_results": {"1": 2, "2": 1, "3": 0, "4": 0, "5": 0, "6": 0}}


def test_the_mandatory_parachute_drop(data):
    """19.1 on AM 17 December Germany must drop its paratroop unit; 19.2 A onto a clear hex free of enemy
    units and enemy ZOCs, before movement; 19.2 B a die on the Paradrop Table; 19.2 C no move that turn;
    19.4 no demolition attempt that turn; 19.3 supplied through PM 18 December."""
    data = changed(data, PARA)
    state = position(data, {"ger-inf1": "1313", "us-inf1": "1111"}, turn=3)
    assert messages(GAME.check(data, state, "german", [])) == [
        "Germany must drop ger-fj1 this Game-Turn: `drop: ger-fj1` / `at: HEX` (19.1)"]
    assert messages(GAME.check(data, state, "german", [{"drop": "ger-fj1", "at": "1211"}])) == [
        "the drop is onto a clear hex not occupied by an enemy unit or enemy ZOC; 1211 is not (19.2 A)"]
    assert messages(GAME.check(data, state, "german", [{"drop": "ger-fj1", "at": "1212"}])) == [
        "the drop is onto a clear hex not occupied by an enemy unit or enemy ZOC; 1212 is not (19.2 A)"]    # woods
    assert messages(GAME.check(data, state, "german", [{"drop": "ger-fj1", "at": "1413"}, {"move": "ger-fj1", "path": ["1413", "1414"]}])) == [
        "ger-fj1 may not move the Game-Turn it is dropped (19.2 C)", "'ger-fj1' is not a german unit on the map"]
    events = apply(data, state, "german", [{"drop": "ger-fj1", "at": "1413"}], ScriptedDice(2))
    assert [(e["face"], e["steps_lost"]) for e in events if e["event"] == "paradrop"] == [(2, 1)]
    assert state["units"]["ger-fj1"] == {"side": "german", "hex": "1413", "steps": 1, "reserve": False}
    state["phase"] = "construction"
    state["blown"] = []
    assert "may not attempt to demolish bridges on the turn it is dropped (19.4)" in messages(
        GAME.check(data, state, "german", [{"demolish": "1312|1313", "by": "ger-fj1"}]))[0]
    from pbem.games.dark_december.supply import determine
    state["units"]["ger-fj1"]["hex"] = "1010"                              # far from any source
    determine(data, state, "german", [])
    assert state["supply"]["ger-fj1"] == "supplied"                         # 19.3, AM 17 December
    state["turn"] = 7
    determine(data, state, "german", [])
    assert state["supply"]["ger-fj1"] == "unsupplied"                       # AM 19 December: normal rules


def test_the_paratroop_unit_id_is_group_data(data):
    """19.1 names von der Heydte; the campaign's counter id is refused naming its data path until entered."""
    state = position(data, {"ger-inf1": "1313"}, turn=3)
    got = messages(GAME.check(data, state, "german", []))
    assert len(got) == 1 and "special.parachute_drop.unit_id" in got[0]


# -- 13.2 all out assault with the optional commanders (15.1 A, 15.3, 15.8) ------------------------------

LEADER = {"side": "german", "nationality": "wehrmacht", "type": "leader", "division": "none", "attack": 0, "defense": 0,
          "movement": 4, "reduced": "none", "reinforcement": "none", "attack_option": 1, "command_limit": "none"}


def with_leader(data, **fields):
    """A German leader (DEMONSTRATION values, not a counter of the game) for the commander rules."""
    return changed(data, {"units.units.counters.ger-ldr": {**LEADER, **fields}})


def all_out_battle(data, **options):
    state = position(data, {"ger-pz1": "1211", "ger-inf1": "1210", "ger-ldr": "1311", "us-inf1": "1111"}, phase="combat",
                     commanders="true", **options)
    return state, [{"attack": "1111", "with": ["ger-pz1", "ger-inf1"], "all_out": "ger-ldr", "all_out_loss": "ger-inf1"}]


def test_all_out_assault_after_an_indecisive_attack(data):
    """13.2 B declared before the battle, all attackers within the leader's range (15.3 A: twice its MA);
    13.2.1 A the first attack indecisive (6:3 is 2:1, roll 6: '-'), so 13.2.2 A-C at once the same attack
    at the same odds, rolled again (8: D2), after 13.2.3 A the mandatory step of the attacker's pick."""
    data = with_leader(data)
    state, orders = all_out_battle(data)
    events = declared_battle(data, state, orders, dice=ScriptedDice(3, 3, 4, 4))
    battles = [e for e in events if e["event"] == "battle"]
    assert [(b["column"], b["roll"], b["result"]) for b in battles] == [("2:1", 6, "-"), ("2:1", 8, "D2")]
    assert battles[1]["attack"] == 5                                    # ger-inf1 reduced; the odds stay 2:1 (13.2.2 B)
    assert [e for e in events if e["event"] == "all_out"] == [{"event": "all_out", "number": 1, "leader": "ger-ldr", "loses": "ger-inf1"}]
    assert {"event": "step", "unit": "ger-inf1", "why": "the all out assault's mandatory loss (13.2.3 A)"} in events
    assert state["pending"]["kind"] == "loss" and state["pending"]["side"] == "allies" and state["all_out_used"] == {"ger-ldr": 1}


def test_no_all_out_assault_after_a_decisive_result_nor_twice(data):
    """13.2.1 A: a result that makes the defender retreat or lose steps (D2) is not indecisive; 13.2.3 B no
    mandatory loss then; 13.2.1 B an indecisive all out assault is not repeated."""
    data = with_leader(data)
    state, orders = all_out_battle(data)
    events = declared_battle(data, state, orders, dice=ScriptedDice(4, 4))
    assert [e["result"] for e in events if e["event"] == "battle"] == ["D2"] and not any(e["event"] == "all_out" for e in events)
    assert state["units"]["ger-inf1"]["steps"] == 2
    state, orders = all_out_battle(data)
    events = declared_battle(data, state, orders, dice=ScriptedDice(3, 3, 3, 3))
    assert [e["result"] for e in events if e["event"] == "battle"] == ["-", "-"] and state["phase"] == "construction"


def test_all_out_assault_needs_the_commanders_option_and_an_eligible_leader(data):
    """13.2 B an eligible leader: the optional commanders (15.0); 15.1 A its attack option capability in
    battles; 15.3 A every attacking unit within range (the MA if the leader is adjacent to an enemy); 15.8 A
    the British leader commands British units only, B the 6th Panzer Army leader no non-SS armored division."""
    data = with_leader(data)
    state, orders = all_out_battle(data)
    state["options"]["commanders"] = False
    assert messages(GAME.check(data, state, "german", orders)) == [
        "an all out assault needs an eligible leader: play with the optional commanders (--option commanders=true, 13.2 B, 15.0)"]
    state, orders = all_out_battle(with_leader(data, movement=1))
    assert messages(GAME.check(with_leader(data, movement=1), state, "german", orders)) == []      # range 2
    state["units"]["ger-ldr"]["hex"] = "1412"
    assert messages(GAME.check(with_leader(data, movement=1), state, "german", orders)) == [
        "every attacking unit must be within ger-ldr's command range of 2 hexes (13.2 B, 15.3 A): ger-inf1"]
    state["units"]["ger-ldr"]["hex"] = "1110"                          # next to us-inf1: range = MA
    assert messages(GAME.check(with_leader(data, movement=1), state, "german", orders)) == [
        "every attacking unit must be within ger-ldr's command range of 1 hexes (13.2 B, 15.3 A): ger-pz1"]
    limited = with_leader(data, command_limit="no_non_ss_armor")
    state, orders = all_out_battle(limited)
    assert messages(GAME.check(limited, state, "german", orders)) == []            # ger-pz1 is SS armor
    limited = changed(limited, {"units.units.counters.ger-pz1.nationality": "wehrmacht"})
    assert messages(GAME.check(limited, state, "german", orders)) == ["ger-ldr may not command ger-pz1 (15.8)"]
    limited = with_leader(data, command_limit="british_only")
    state, orders = all_out_battle(limited)
    assert messages(GAME.check(limited, state, "german", orders)) == ["ger-ldr may not command ger-pz1, ger-inf1 (15.8)"]
    state, orders = all_out_battle(data)
    state["all_out_used"] = {"ger-ldr": 1}
    assert messages(GAME.check(data, state, "german", orders)) == ["ger-ldr's attack option capability is 1 battle(s) a player turn (15.1 A)"]
    unknown = changed(data, {"units.units.counters.ger-ldr": {k: v for k, v in LEADER.items() if k != "attack_option"}})
    state, orders = all_out_battle(unknown)
    assert "units.counters.ger-ldr.attack_option" in messages(GAME.check(unknown, state, "german", orders))[0]


# -- 14.3 shock combat (optional reserves; behaviour 2) -----------------------------------------------------

def shock_position(data):
    """An Allied reserve (us-inf2, designated in an earlier player turn) that exploits next to ger-inf1."""
    state = position(data, {"us-inf2": "1013", "ger-inf1": "1211"}, side="allies", phase="construction")
    state["units"]["us-inf2"]["reserve"] = True
    return state, [{"move": "us-inf2", "path": ["1013", "1012", "1112"]}, {"shock": "1211", "with": ["us-inf2"]}]


def test_shock_combat_after_exploitation(data):
    """14.3 A reserves that move in the Exploitation Phase attack at its end; 14.3 B resolved as standard
    combat (the defender declares first, 13.3.3 A) but always on the Tactical Advantage column (the Allies
    have none on AM 20 December) with the attack doubled (3 x 2 = 6 against 2: 3:1); then the
    Construction/Demolition Phase in its own step (7.1.7), with no more exploitation."""
    state, orders = shock_position(data)
    apply(data, state, "allies", orders)
    assert state["phase"] == "declare" and state["units"]["us-inf2"] == {"side": "allies", "hex": "1112", "steps": 2, "reserve": False}
    assert GAME.awaiting(state).side == "german"
    events = apply(data, state, "german", [], ScriptedDice(4, 4))
    battle = next(e for e in events if e["event"] == "battle")
    assert (battle["attack"], battle["defence"], battle["column"], battle["line"], battle["result"]) == (
        6, 2, "3:1", "tactical_advantage", "D2")
    assert state["pending"]["kind"] == "loss" and state["pending"]["side"] == "german"
    apply(data, state, "german", [{"choose": "loss2", "losses": ["ger-inf1", "ger-inf1"]}])
    assert state["phase"] == "construction" and state["side"] == "allies" and "ger-inf1" in state["eliminated"]
    assert messages(GAME.check(data, state, "allies", [{"move": "us-inf2", "path": ["1112", "1211"]}])) == [
        "after the Shock Combat Phase only the Construction/Demolition Phase is left (7.1.7, 14.3 B)"]
    apply(data, state, "allies", [], ScriptedDice(1))                  # the German fuel roll of the next Game-Turn (8.7)
    assert state["side"] == "german" and "shock_fought" not in state


def test_shock_combat_limits(data):
    """14.3 A only reserves that moved in this Exploitation Phase; B one unit a battle; the Construction/
    Demolition orders wait for their own step; the optional reserves (14.0); behaviour 1 campaigns (begun
    before pbem played 14.3) have no Shock Combat Phase."""
    state, orders = shock_position(data)
    state["units"]["us-eng1"] = {"side": "allies", "hex": "1111", "steps": 1, "reserve": False}
    assert messages(GAME.check(data, state, "allies", [orders[0], {"shock": "1211", "with": ["us-eng1"]}])) == [
        "only reserve units that move in this Exploitation Phase perform shock combat (14.3 A)"]
    assert messages(GAME.check(data, state, "allies", [orders[0], {"shock": "1211", "with": ["us-inf2", "us-eng1"]}])) == [
        "no more than 1 unit may perform shock combat in a single battle (14.3 B)"]
    assert messages(GAME.check(data, state, "allies", orders + [{"fortify": "1013"}])) == [
        "with shock combat the Construction/Demolition Phase orders come in their own step, after the battles (7.1.6, 7.1.7, 14.3 B)"]
    assert messages(GAME.check(data, state, "allies", [orders[0], {"shock": "1311", "with": ["us-inf2"]}])) == [
        "1311 holds no enemy unit to attack (7.1.5 B)", "us-inf2 is not adjacent to 1311 (13.1 A)",
        "every enemy unit adjacent to an attacking unit must be attacked: 1211 (13.0 B, 13.1 A)"]
    old = copy.deepcopy(data)
    old.behaviour = 1
    refusal = ["shock combat (14.3) needs the optional reserves (--option reserves=true) in a campaign begun with pbem 0.5 "
               "or later (behaviour 2)"]
    assert messages(GAME.check(old, state, "allies", orders)) == refusal
    state["options"]["reserves"] = False
    assert messages(GAME.check(data, state, "allies", orders))[-1] == refusal[0]


# -- 24.0 uncertain weather (optional) -----------------------------------------------------------------------

def test_uncertain_weather_rolls_from_am_22_december_until_clear(data):
    """24.0 A: "roll the die at the start of each game turn commencing with the AM 22 December game turn";
    B clear weather brings the Allied air superiority rules at once (20.4: an Allied air attack; 20.3 Germany
    loses the tactical advantage); C "Once clear, the weather remains as such until the beginning of the AM 29
    December game turn". The Uncertain Weather Table is group data (here DEMONSTRATION faces 1-2 clear)."""
    from pbem.games.dark_december.air import allowed
    from pbem.games.dark_december.common import clear_weather, tactical_advantage
    data = changed(data, {"weather.weather.uncertain_weather_optional.clear_on": "1-2", "game.turns.last_turn_turning_point": 30})
    state = position(data, {"us-inf1": "1111", "ger-inf1": "1311"}, turn=11, side="allies", phase="construction",
                     uncertain_weather="true")
    assert state["clear_from"] is None and not clear_weather(data, 15, state)          # AM 23 December: not yet clear
    dice = ScriptedDice(by_key={"weather/": [], "fuel/": [1]})
    events = apply(data, state, "allies", [], dice)                                    # AM 21 -> PM 21 December: no roll
    assert state["turn"] == 12 and not any(e["event"] == "weather" for e in events) and "weather/12" not in dice.keys()
    state.update(side="allies", phase="construction")
    events = apply(data, state, "allies", [], ScriptedDice(by_key={"weather/": [5], "fuel/": [1]}))
    assert state["turn"] == 13 and [e for e in events if e["event"] == "weather"] == [
        {"event": "weather", "turn": 13, "face": 5, "clear": False}]
    assert tactical_advantage(data, 13, "german", state) and not allowed(data, state, "allies")
    state.update(side="allies", phase="construction")
    events = apply(data, state, "allies", [], ScriptedDice(by_key={"weather/": [2], "fuel/": [1]}))
    assert state["turn"] == 14 and state["clear_from"] == 14 and allowed(data, state, "allies")
    assert not tactical_advantage(data, 14, "german", state)                          # 20.3: lost with the clear weather
    assert tactical_advantage(data, 15, "allies", state) and clear_weather(data, 26, state) and not clear_weather(data, 27, state)   # PM 28, AM 29 December
    state.update(side="allies", phase="construction")
    dice = ScriptedDice(by_key={"fuel/": [1]})
    apply(data, state, "allies", [], dice)                                             # once clear, no more rolls
    assert state["turn"] == 15 and not any(k.startswith("weather/") for k in dice.keys())


def test_uncertain_weather_needs_its_table_and_an_early_scenario(data):
    """24.0: the Uncertain Weather Table is not in the text: the roll refuses naming its data path (and `check`
    says so before); a scenario starting on or after AM 22 December would roll before any player takes part."""
    data = changed(data, {"game.turns.last_turn_turning_point": 30})
    state = position(data, {"us-inf1": "1111"}, turn=12, side="allies", phase="construction", uncertain_weather="true")
    assert any("weather.uncertain_weather_optional.clear_on" in m for m in messages(GAME.check(data, state, "allies", [])))
    with pytest.raises(UnknownDataError, match="weather.uncertain_weather_optional.clear_on"):
        apply(data, state, "allies", [], ScriptedDice(default=1))
    late = changed(data, {"game.turns.first_turn_turning_point": 13})
    with pytest.raises(Exception, match="24.0 A rolls the weather at the start of each Game-Turn from AM 22 December"):
        position(late, {}, uncertain_weather="true")


# -- 12.4 infiltration by the 150th Panzer Brigade (optional) ---------------------------------------------

def infiltrator(data, turn=4, **fields):
    """ger-pz2 stands in for the 150th Panzer Brigade (DEMONSTRATION: the counter id is group data)."""
    data = changed(data, {"game.zones_of_control.infiltration_150th_panzer_brigade.unit_id": "ger-pz2"})
    state = position(data, {"ger-pz2": "1311", "us-inf1": "1111"}, turn=turn, infiltration="true", **fields)
    return data, state, [{"move": "ger-pz2", "path": ["1311", "1211", "1112", "1113"], "infiltrate": True}]


def test_infiltration_rolls_for_each_zoc_left(data):
    """12.4 A/B: after entering the first enemy ZOC (1211) Germany rolls to leave it; C on success it goes
    on and may enter another (1112), rolling again to leave that one; PM 17 December succeeds on 1-2: die 1
    leaves 1211, die 5 stops the brigade in 1112. Both attempts count against D's three a game."""
    data, state, orders = infiltrator(data)
    assert messages(GAME.check(data, state, "german", orders)) == []
    events = apply(data, state, "german", orders, ScriptedDice(by_key={"infiltration/": [1, 5]}))
    assert [(e["hex"], e["face"], e["left"]) for e in events if e["event"] == "infiltration"] == [("1211", 1, True), ("1112", 5, False)]
    assert state["units"]["ger-pz2"]["hex"] == "1112" and state["infiltrations"] == 2
    move = next(e for e in events if e["event"] == "move")
    assert move["path"] == ["1311", "1211", "1112"]


def test_infiltration_limits(data):
    """12.4: the optional rule; only the 150th Panzer Brigade (A); three attempts a game, by the end of PM 18
    December (D); without `infiltrate` the brigade stops in the first ZOC like any unit (12.1 A)."""
    data, state, orders = infiltrator(data)
    plain = [{k: v for k, v in orders[0].items() if k != "infiltrate"}]
    assert "1211" in messages(GAME.check(data, state, "german", plain))[0]                  # stops on entering a ZOC
    state["infiltrations"] = 2
    assert messages(GAME.check(data, state, "german", orders)) == [
        "this path attempts 2 infiltration(s); 1 of the game's 3 are left (12.4 D)"]
    data, state, orders = infiltrator(data, turn=7)                                         # AM 19 December
    assert messages(GAME.check(data, state, "german", orders)) == [
        "infiltration attempts must be made by the end of the PM 18 December game turn (12.4 D)"]
    data, state, orders = infiltrator(data)
    state["units"]["ger-inf1"] = {"side": "german", "hex": "1311", "steps": 2, "reserve": False}
    del state["units"]["ger-pz2"]
    orders[0]["move"] = "ger-inf1"
    assert messages(GAME.check(data, state, "german", orders)) == ["only the 150th Panzer Brigade (ger-pz2) may infiltrate (12.4 A)"]
    data, state, orders = infiltrator(data)
    state["options"].pop("infiltration")
    assert messages(GAME.check(data, state, "german", orders)) == [
        "infiltration is the optional rule 12.4, not chosen for this campaign (--option infiltration=true)"]
    state = position(data, {"ger-pz2": "1311", "us-inf1": "1111"}, turn=4, infiltration="true")
    unknown = changed(data, {"game.zones_of_control.infiltration_150th_panzer_brigade.unit_id": "unknown"})
    assert "game.zones_of_control.infiltration_150th_panzer_brigade.unit_id" in messages(GAME.check(unknown, state, "german", orders))[0]


# -- 10.8 withdrawals (behaviour 2) -------------------------------------------------------------------------

def test_the_10th_armored_division_is_withdrawn_from_pm_26_december(data):
    """10.8 A "simply removed from the map by the owning side ... nor is it required that any route exists";
    B "On or as soon as possible after PM 26 December the Allies must withdraw the 10th Armored Division":
    at the start of the Allied player turn of PM 26 December (Game-Turn 22), its units on the map and those
    still to come; withdrawn, not eliminated. The division id is group data (here the demo's us-demo-a)."""
    data = changed(data, {"game.turns.last_turn_turning_point": 30})
    state = position(data, {"us-inf1": "1111", "us-inf2": "1013", "us-eng1": "1113", "ger-inf1": "1311"}, turn=21, side="german",
                     phase="construction")
    assert state["withdrawn"] == []
    apply(data, state, "german", [])                                              # AM 26: the Allied turn, not yet
    assert set(state["units"]) == {"us-inf1", "us-inf2", "us-eng1", "ger-inf1"}
    state.update(turn=22, side="german", phase="construction")
    assert any("game.movement.withdrawals.allied_10th_armored_division" in m for m in messages(GAME.check(data, state, "german", [])))
    data = changed(data, {"game.movement.withdrawals.allied_10th_armored_division": "us-demo-a"})
    assert messages(GAME.check(data, state, "german", [])) == []
    events = apply(data, state, "german", [])
    assert {"event": "withdrawn", "units": ["us-inf1", "us-inf2"], "division": "us-demo-a", "rule": "10.8 B"} in events
    assert set(state["units"]) == {"us-eng1", "ger-inf1"} and state["withdrawn"] == ["us-inf1", "us-inf2"]
    assert "us-inf1" not in state["eliminated"]


def test_campaigns_of_behaviour_1_keep_the_10th_armored_division(data):
    """Running campaigns must not break: a campaign set up by behaviour 1 has no withdrawal (10.8 was not enforced)."""
    old = changed(data, {"game.turns.last_turn_turning_point": 30})
    old.behaviour = 1
    state = position(old, {"us-inf1": "1111", "ger-inf1": "1311"}, turn=22, side="german", phase="construction")
    assert "withdrawn" not in state
    apply(old, state, "german", [])
    assert "us-inf1" in state["units"]


# -- 26.3, 26.4 A, 26.8 B/C, 26.12 A: variants naming divisions (behaviour 2) --------------------------------

def test_variants_that_delay_withhold_or_remove_divisions(data):
    """26.3 "Delay the arrival times of the following Divisions ... by two turns each"; 26.8 B/C and 26.12 A
    "These ... units do not appear as reinforcements"; 26.4 A "Remove the US 2nd Infantry Division from the
    Allied at start forces". The divisions are named in the text but the counters' division ids are group
    data (variants.division_variants; DEMONSTRATION ids here). Behaviour 1 campaigns keep the old schedule."""
    from pbem.games.dark_december.reinforcements import schedule
    arriving = {"turn": "AM 18 December", "areas": ["A"]}
    counters = {"us-a": {"side": "allies", "division": "us-4ad", "reinforcement": arriving},
                "us-b": {"side": "allies", "division": "us-1id", "reinforcement": arriving},
                "ger-c": {"side": "german", "division": "ger-9ss", "reinforcement": arriving},
                "us-d": {"side": "allies", "division": "us-other", "reinforcement": arriving}}
    named = changed(data, {"variants.division_variants.26_3.divisions": ["us-4ad"],
                           "variants.division_variants.26_8.withheld": ["us-1id", "ger-9ss"],
                           "variants.division_variants.26_12.withheld": ["us-other"]})
    assert schedule(named, counters, {"variants": []}, True) == {"us-a": 5, "us-b": 5, "ger-c": 5, "us-d": 5}
    assert schedule(named, counters, {"variants": ["26.3", "26.8"]}, True) == {"us-a": 7, "us-d": 5}
    assert schedule(named, counters, {"variants": ["26.12"]}, True) == {"us-a": 5, "us-b": 5, "ger-c": 5}
    assert schedule(named, counters, {"variants": ["26.3", "26.8"]}, False) == {"us-a": 5, "us-b": 5, "ger-c": 5, "us-d": 5}
    with pytest.raises(UnknownDataError, match="variants.division_variants.26_3.divisions"):
        schedule(data, counters, {"variants": ["26.3"]}, True)
    removed = changed(data, {"variants.division_variants.26_4.removed": ["us-demo-a"],
                             "variants.division_variants.26_4.free_setup": ["none-here"],   # 26.4 B (behaviour 3)
                             "units.counters.us-inf1.setup_hex": "1111", "units.counters.us-eng1.setup_hex": "1113"})
    counters = removed.get("units.counters")
    options = GAME.options({"variants": "26.4"})
    start = {u: GAME._start_hex(removed, {"id": "campaign"}, u, counters[u], options) for u in ("us-inf1", "us-eng1")}
    assert start == {"us-inf1": None, "us-eng1": "1113"}               # us-inf1 is of the removed division
    assert GAME._start_hex(removed, {"id": "campaign"}, "us-inf1", counters["us-inf1"], GAME.options({})) == "1111"


def test_defenders_retreat_in_full_unless_a_commander_uses_its_defense_option(data):
    """13.5.1 E (optional, with the commanders): "Units must retreat their full distance unless a friendly
    commander is within command range"; 15.2 A "the number of battles that the defender may choose to lose
    steps from attacked units rather than retreating. All defending units must be within command range"
    (reading DD12). D2 against clear (level 1): retreat two, or with us-ldr's defense option two steps."""
    data = changed(with_leader(data), {"units.units.counters.us-ldr": {**LEADER, "side": "allies", "nationality": "us",
                                                                      "defense_option": 1}})
    state = position(data, {"ger-pz1": "1211", "ger-inf1": "1210", "us-ldr": "1011", "us-inf1": "1111"}, phase="combat",
                     commanders="true")
    declared_battle(data, state, [{"attack": "1111", "with": ["ger-pz1", "ger-inf1"]}], dice=ScriptedDice(4, 4))
    due = state["pending"]
    assert (due["kind"], due["side"], due["options"]) == ("loss", "allies", ["retreat2", "loss2", "retreat1_loss1"])
    stay = {"choose": "loss2", "losses": ["us-inf1", "us-inf1"]}
    assert messages(GAME.check(data, state, "allies", [stay])) == [
        "units must retreat their full distance (retreat2) unless a friendly commander within command range uses its "
        "defense option: name it with `commander: LEADER` (13.5.1 E, 15.2 A)"]
    assert messages(GAME.check(data, state, "allies", [{**stay, "commander": "us-ldr"}])) == []
    state["defence_used"] = {"us-ldr": 1}
    assert messages(GAME.check(data, state, "allies", [{**stay, "commander": "us-ldr"}])) == [
        "us-ldr's defense option capability is 1 battle(s) a player turn (15.2 A)"]
    state["defence_used"] = {}
    apply(data, state, "allies", [{**stay, "commander": "us-ldr"}])
    assert state["defence_used"] == {"us-ldr": 1} and "us-inf1" in state["eliminated"]


def test_the_150th_panzer_brigade_is_withdrawn_on_am_27_december(data):
    """10.8 C (optional): "On AM 27 December Germany must withdraw 150th Panzer Brigade. If already destroyed no
    withdrawal is necessary." (ger-pz2 stands in for it: DEMONSTRATION; the id is the one 12.4 names.)"""
    data = changed(data, {"game.turns.last_turn_turning_point": 30})
    state = position(data, {"ger-pz2": "1311", "us-inf1": "1111"}, turn=22, side="allies", phase="construction",
                     brigade_withdrawal="true")
    assert any("infiltration_150th_panzer_brigade.unit_id" in m for m in messages(GAME.check(data, state, "allies", [])))
    data = changed(data, {"game.zones_of_control.infiltration_150th_panzer_brigade.unit_id": "ger-pz2"})
    events = apply(data, state, "allies", [], ScriptedDice(by_key={"fuel/": [1]}))
    assert state["turn"] == 23 and "ger-pz2" not in state["units"] and state["withdrawn"] == ["ger-pz2"]
    assert {"event": "withdrawn", "units": ["ger-pz2"], "division": "the 150th Panzer Brigade", "rule": "10.8 C"} in events
    state = position(data, {"us-inf1": "1111"}, turn=22, side="allies", phase="construction", brigade_withdrawal="true")
    state["eliminated"] = ["ger-pz2"]                                  # already destroyed: nothing to do
    events = apply(data, state, "allies", [], ScriptedDice(by_key={"fuel/": [1]}))
    assert state["withdrawn"] == [] and not any(e["event"] == "withdrawn" for e in events)


# -- 15.x commanders (optional), behaviour 3: strengths, road rate, set-up; 15.9 -------------------------------

def test_leaders_add_their_options_as_strength(data):
    """15.1 B: "The attack option capability may also be added as attack strength to a battle in which the leader
    participates. Only Patton and Manteuffel may use this capability and they must be stacked with another friendly
    unit involved in the attack to do so." 15.2 B the defense option capability added as defense strength when the
    leader is stacked with a defending unit; 15.5 A a leader attacked alone has a defense of zero. The counter ids
    of Patton and Manteuffel are group data (`special.commanders_optional.patton_unit_id`, `manteuffel_unit_id`)."""
    from pbem.games.dark_december.combat import strength
    data = changed(with_leader(data, attack_option=2, defense_option=3), {"special.commanders_optional.manteuffel_unit_id": "ger-ldr",
                                                                         "special.commanders_optional.patton_unit_id": "us-ldr"})
    state = position(data, {"ger-pz1": "1211", "ger-ldr": "1211", "us-inf1": "1111"}, commanders="true")
    assert strength(data, state, ["ger-pz1", "ger-ldr"], "attack") == 4 + 2
    assert strength(data, state, ["ger-pz1", "ger-ldr"], "defense") == 3 + 3
    assert strength(data, state, ["ger-ldr"], "defense") == 0 and strength(data, state, ["ger-ldr"], "attack") == 0
    other = changed(data, {"special.commanders_optional.manteuffel_unit_id": "ger-mant"})
    assert strength(other, state, ["ger-pz1", "ger-ldr"], "attack") == 4                 # not Patton nor Manteuffel
    unknown = changed(data, {"special.commanders_optional.manteuffel_unit_id": "unknown"})
    with pytest.raises(UnknownDataError, match=r"special.commanders_optional.manteuffel_unit_id"):
        strength(unknown, state, ["ger-pz1", "ger-ldr"], "attack")
    old = changed(data, {})
    old.behaviour = 2                                                                      # campaigns begun before: the counter's values
    state_2 = {k: v for k, v in state.items() if k not in ("strategic", "road_control", "clear_arrivals", "interdicted")}
    assert strength(old, state_2, ["ger-pz1", "ger-ldr"], "defense") == 3


def test_leaders_move_over_friendly_units_at_the_road_rate(data):
    """15.4 B: "Leaders move as infantry units except that they may move over friendly units at the road movement
    rate (and vice versa)." (10.5.1 B otherwise: the sole occupant of both hexes)."""
    from pbem.games.dark_december.movement import entry_cost
    data = changed(with_leader(data), {"map.hexsides.1211|1212": ["road"], "map.hexsides.1210|1211": ["road"]})
    state = position(data, {"ger-ldr": "1211", "ger-inf1": "1212", "us-inf1": "1414"}, commanders="true")
    assert entry_cost(data, state, "german", "1211", "1212", "ger-ldr")[0] == 1        # woods, but the road rate
    state["units"]["ger-ldr"]["hex"], state["units"]["ger-inf1"]["hex"] = "1212", "1211"
    assert entry_cost(data, state, "german", "1211", "1210", "ger-inf1")[0] == 1
    plain = position(data, {"ger-inf2": "1211", "ger-inf1": "1212", "us-inf1": "1414"}, commanders="true")
    assert entry_cost(data, plain, "german", "1211", "1212", "ger-inf2")[0] == 3        # woods: another unit there


def test_allied_initial_leaders_wait_for_am_18_december(data):
    """15.7 B: "The Allied 1st Army commander sets up in the town of Spa. The Allied VII Corps commander sets up in
    the town of Bastogne. They are not eligible to move until the 18 AM December game turn." (their counter ids:
    `special.commanders_optional.allied_initial_leader_ids`; the set-up hexes are on their counters, 5.6.2 A)"""
    data = changed(data, {"units.units.counters.us-ldr": {**LEADER, "side": "allies", "nationality": "us"},
                          "special.commanders_optional.allied_initial_leader_ids": ["us-ldr"]})
    state = position(data, {"us-ldr": "1111", "ger-inf1": "1414"}, turn=4, side="allies", commanders="true")
    order = [{"move": "us-ldr", "path": ["1111", "1011"]}]
    assert messages(GAME.check(data, state, "allies", order)) == ["us-ldr is not eligible to move until the AM 18 December Game-Turn (15.7 B)"]
    state["turn"] = 5
    assert messages(GAME.check(data, state, "allies", order)) == []


def test_dietrich_tactical_incompetency(data):
    """15.9 (optional, `--option dietrich=true`): "A. The 150th Panzer Brigade and all SS units may not move or attack
    in the standard Movement and Combat phases of the 16 AM and 16 PM turns. B. They may not perform shock combat at
    the end of Exploitation Movement until after the 16 PM Exploitation Phase." (ger-pz1 is SS in the demonstration)"""
    assert GAME.options({"dietrich": "true"})["dietrich"] is True
    data = changed(data, {"game.zones_of_control.infiltration_150th_panzer_brigade.unit_id": "ger-150"})
    state = position(data, {"ger-pz1": "1311", "ger-inf1": "1312", "us-inf1": "1111"}, turn=2, dietrich="true")
    got = messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1311", "1310"]}, {"move": "ger-inf1", "path": ["1312", "1313"]}]))
    assert got == ["ger-pz1 may not move on the 16 December turns (Dietrich's tactical incompetency, 15.9 A)"]
    state.update(turn=4)                                                   # PM 17 December
    assert messages(GAME.check(data, state, "german", [{"move": "ger-pz1", "path": ["1311", "1310"]}])) == []
    battle = position(data, {"ger-pz1": "1211", "us-inf1": "1111"}, turn=1, phase="combat", dietrich="true")
    assert messages(GAME.check(data, battle, "german", [{"attack": "1111", "with": ["ger-pz1"]}]))[0] == (
        "ger-pz1 may not attack on the 16 December turns (Dietrich's tactical incompetency, 15.9 A)")


def test_armor_advances_through_one_dense_forest_hex_unless_along_a_road(data):
    """13.7.4 C (behaviour 3, roads read from the map): "Armored, armored cavalry, and armored infantry units may
    not advance into or through more than one dense forest hex unless along a road." ger-pz1 at 1211 advancing
    into vacated 1111 then 1112, both dense forest; a road 1111|1112 lets it."""
    from pbem.games.dark_december.answers import advance_problem
    forest = changed(data, {"map.hexes.1111.terrain": "dense_forest", "map.hexes.1112.terrain": "dense_forest"})
    state = position(forest, {"ger-pz1": "1211", "ger-inf1": "1311"})
    vacated = {"1111": "eliminated"}
    assert advance_problem(forest, state, "german", "ger-pz1", vacated, ["1111", "1112"]) == (
        "ger-pz1 may not advance into more than one dense forest hex unless along a road (1111, 1112, 13.7.4 C)")
    assert advance_problem(forest, state, "german", "ger-pz1", vacated, ["1111"]) is None
    road = changed(forest, {"map.hexsides.1111|1112": ["road"]})
    assert advance_problem(road, state, "german", "ger-pz1", vacated, ["1111", "1112"]) is None
    old = changed(forest, {})
    old.behaviour = 2
    state_2 = {k: v for k, v in state.items() if k not in ("strategic", "road_control", "clear_arrivals", "interdicted")}
    assert advance_problem(old, state_2, "german", "ger-pz1", vacated, ["1111", "1112"]) is None


def test_german_leaders_set_up_anywhere_in_their_army_area(data):
    """15.7 A (behaviour 3): "All German leaders start the game anywhere within their respective army boundaries."
    (6.1 B/C keep the other units a hex or two east of the Westwall); here 1313 lies on the Westwall line (0 east)."""
    data = changed(with_leader(data, army="5PZA"), {
        **{f"units.units.counters.{u}.setup_hex": h for u, h in (("us-inf1", "1111"), ("us-inf2", "1013"), ("us-eng1", "1113"))},
        **{f"units.units.counters.{u}.army": "5PZA" for u in ("ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2")},
        "map.hexes.1313.hexes_east_of_westwall": 0, "map.hexes.1314.hexes_east_of_westwall": 0})
    scenario = load_scenario("dark-december", "campaign")[0]
    state = GAME.setup(data, scenario, ["allies", "german"], {})
    orders = [{"place": "ger-inf1", "at": "1311"}, {"place": "ger-inf2", "at": "1314"}, {"place": "ger-pz1", "at": "1412"},
              {"place": "ger-pz2", "at": "1414"}, {"place": "ger-ldr", "at": "1313"}]
    assert messages(GAME.check(data, state, "german", orders)) == [
        "ger-inf2 must set up at least 1 hex(es) east of the Westwall; 1314 is 0 (6.1 B/C)"]


# -- 13.8.4.1/13.8.4.2 two integrity bonuses, 15.6 A-C the second all out assault (commanders, behaviour 3) ----------

def _captains(data):
    return changed(with_leader(data, movement=4, attack_option=2), {
        "special.commanders_optional.manteuffel_unit_id": "ger-ldr", "special.commanders_optional.patton_unit_id": "us-ldr",
        "units.units.counters.us-ldr": {**LEADER, "side": "allies", "nationality": "us", "attack_option": 2}})


def test_two_integrity_bonuses_within_manteuffels_range(data):
    """13.8.4.1: "During the period of German tactical advantage, Germany may receive up to two divisional integrity
    bonus DRMs for one attack (not all out assault) within the command range of Manteuffel." (`integrity: 2`; read:
    every attacking unit within his range, one such attack a Combat Phase). AM 20 December, 12 against 3 (4:1)."""
    data = changed(_captains(data), {"crt.cells.tactical_advantage.4:1.0": "A1", "crt.cells.tactical_advantage.4:1.1": "A1"})
    units = {"ger-inf1": "1210", "ger-inf2": "1211", "ger-pz1": "1112", "ger-pz2": "1110", "ger-ldr": "1311", "us-inf1": "1111"}
    state = position(data, units, phase="combat", commanders="true")
    order = {"attack": "1111", "with": ["ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2"], "integrity": 2}
    assert messages(GAME.check(data, state, "german", [order])) == []
    events = declared_battle(data, state, [order], dice=ScriptedDice(5, 5))
    battle = [e for e in events if e["event"] == "battle"][0]
    assert (battle["drm"], battle["roll"], battle["drm_why"]) == (-2, 8, ["attacker's two divisional integrity bonuses (13.8.4.1, 13.8.4.2)"])
    three = position(data, {**units, "ger-pz2": "1414"}, phase="combat", commanders="true")
    assert messages(GAME.check(data, three, "german", [{**order, "with": ["ger-inf1", "ger-inf2", "ger-pz1"]}])) == [
        "two attacking divisions must each have divisional integrity for two bonuses (13.8.1 A, 13.8.4.1)"]
    late = position(data, units, turn=15, phase="combat", commanders="true")     # AM 23 December: no German tactical advantage
    assert messages(GAME.check(data, late, "german", [order])) == [
        "two divisional integrity bonuses only during the German tactical advantage (13.8.4.1) or for the Allies in clear weather (13.8.4.2)"]


def test_the_allies_may_ignore_the_second_bonus_when_it_gives_a_fire_fight(data):
    """13.8.4.2: "A. During clear weather the Allies may receive up to two divisional integrity bonus DRMs for one
    attack (not all out assault) within the command range of Patton. B. The second divisional integrity bonus may
    be ignored at the attacker's option if this leads to a fire fight combat result." (declared with the battle,
    `drop_second_on_firefight: true`). 12 against 2 is 6:1; dice 12: -2 gives 10, FF; -1 gives 11, here D2."""
    us = {"side": "allies", "nationality": "us", "type": "infantry", "division": "us-demo-b", "attack": 3, "defense": 3,
          "movement": 4, "reduced": {"attack": 2, "defense": 2, "movement": 4}, "reinforcement": "none"}
    data = changed(_captains(data), {"units.units.counters.us-inf3": dict(us), "units.units.counters.us-inf4": dict(us),
                                     "crt.cells.tactical_advantage.6:1.11": "D2", "crt.cells.tactical_advantage.6:1.0": "A1",
                                     "crt.cells.tactical_advantage.6:1.1": "A1"})
    state = position(data, {"us-inf1": "1210", "us-inf2": "1211", "us-inf3": "1112", "us-inf4": "1110", "us-ldr": "1010",
                            "ger-inf1": "1111"}, turn=15, side="allies", phase="combat", commanders="true")
    order = {"attack": "1111", "with": ["us-inf1", "us-inf2", "us-inf3", "us-inf4"], "integrity": 2, "drop_second_on_firefight": True}
    assert messages(GAME.check(data, state, "allies", [order])) == []
    apply(data, state, "allies", [order])
    events = apply(data, state, "german", [], ScriptedDice(6, 6))
    battle = [e for e in events if e["event"] == "battle"][0]
    assert (battle["column"], battle["drm"], battle["roll"], battle["result"]) == ("6:1", -1, 11, "D2")
    assert battle["drm_why"][-1] == "the second integrity bonus ignored: it gave a fire fight (13.8.4.2 B)"


def test_manteuffels_second_all_out_assault(data):
    """15.6: "A. During the German tactical initiative, Manteuffel may use his attack option capability to make a
    second all out assault on a hex if the preconditions exist. ... C. The preconditions in both cases are that the
    initial attack and the first all out assault have both failed to affect the defender." (`all_out_again: UNIT`,
    the unit taking the second mandatory step; one more use of his capability). 6:3 is 2:1; rolls 6, 6, then 8 (D2)."""
    data = _captains(data)
    state, orders = all_out_battle(data)
    order = {**orders[0], "all_out_again": "ger-pz1"}
    assert messages(GAME.check(data, state, "german", [order])) == []
    events = declared_battle(data, state, [order], dice=ScriptedDice(3, 3, 3, 3, 4, 4))
    assert [(b["roll"], b["result"]) for b in events if b["event"] == "battle"] == [(6, "-"), (6, "-"), (8, "D2")]
    assert [e.get("second", False) for e in events if e["event"] == "all_out"] == [False, True]
    assert state["units"]["ger-inf1"]["steps"] == 1 and state["units"]["ger-pz1"]["steps"] == 1 and state["all_out_used"] == {"ger-ldr": 2}
    single = changed(data, {"units.units.counters.ger-ldr.attack_option": 1})
    state, orders = all_out_battle(single)
    assert messages(GAME.check(single, state, "german", [{**orders[0], "all_out_again": "ger-pz1"}])) == [
        "ger-ldr's attack option capability is 1 battle(s) a player turn, the second assault one more (15.6, 15.1 A)"]


def test_manteuffels_fuel_exemption(data):
    """15.6 E: "Once Germany begins rolling on the Fuel Depletion Table, it may designate one non SS motorized
    division within Manteuffel's present command range that the Allies cannot choose to be put out of supply."
    (`fuel_exempt: DIV` with the German construction orders, standing; judged at the roll: every unit of the division
    on the map within his range). ger-demo-vg is read here as a listed motorized division; ger-demo-pz is SS."""
    from pbem.games.dark_december import fuel
    data = changed(_captains(data), {"supply.fuel_depletion.eligible_divisions_listed": ["ger-demo-pz", "ger-demo-vg"]})
    state = position(data, {"ger-inf1": "1311", "ger-inf2": "1313", "ger-pz1": "1412", "ger-pz2": "1414", "ger-ldr": "1312",
                            "us-inf1": "1111"}, phase="construction", commanders="true")
    assert messages(GAME.check(data, state, "german", [{"fuel_exempt": "ger-demo-pz"}])) == [
        "Manteuffel exempts one non-SS motorized division listed with the Fuel Depletion Table, not 'ger-demo-pz' (15.6 E, 8.7.1 C)"]
    apply(data, state, "german", [{"fuel_exempt": "ger-demo-vg"}])
    assert state["fuel_exempt"] == "ger-demo-vg"
    assert fuel.allied_choices(data, state) == ["ger-demo-pz"] and fuel.eligible(data, state) == ["ger-demo-pz", "ger-demo-vg"]
    state["units"]["ger-ldr"]["hex"] = "1010"                                   # out of range (MA 4 next to us-inf1: 4)
    state["units"]["ger-inf2"]["hex"] = "1414"
    assert fuel.allied_choices(data, state) == ["ger-demo-pz", "ger-demo-vg"]


def test_ss_panzer_reserve_deployment(data):
    """26.7 (and 26.9 A "as in 26.7"; behaviour 3, free set-up): "Germany may set up the 1st SS and 12th SS Panzer
    Divisions within any of the army boundaries as long as they are at least two hexes east of the Westwall hexes."
    (their division ids: `variants.division_variants.26_7.divisions`); here ger-demo-pz, the 5PZA counters set up
    in a 6PZA hex."""
    data = changed(data, {
        **{f"units.units.counters.{u}.setup_hex": h for u, h in (("us-inf1", "1111"), ("us-inf2", "1013"), ("us-eng1", "1113"))},
        **{f"units.units.counters.{u}.army": "5PZA" for u in ("ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2")},
        "map.hexes.1414.army": "6PZA", "variants.division_variants.26_7.divisions": ["ger-demo-pz"]})
    scenario = load_scenario("dark-december", "campaign")[0]
    orders = [{"place": "ger-inf1", "at": "1311"}, {"place": "ger-inf2", "at": "1313"}, {"place": "ger-pz1", "at": "1412"},
              {"place": "ger-pz2", "at": "1414"}]
    plain = GAME.setup(data, scenario, ["allies", "german"], {})
    assert messages(GAME.check(data, plain, "german", orders)) == ["ger-pz2 sets up in the 5PZA area, and 1414 is in 6PZA (6.1 A)"]
    redeployed = GAME.setup(data, scenario, ["allies", "german"], {"variants": "26.7"})
    assert messages(GAME.check(data, redeployed, "german", orders)) == []
    wrong = [o if o["place"] != "ger-inf2" else {"place": "ger-inf2", "at": "1414"} for o in orders[:2]] + orders[2:3]
    assert "ger-inf2 sets up in the 5PZA area, and 1414 is in 6PZA (6.1 A)" in messages(GAME.check(data, redeployed, "german", wrong))


def test_check_names_the_brigades_the_next_fuel_roll_reads(data):
    """`check` reports what adjudication would refuse: the Allied construction step ends the Game-Turn and the next
    German player turn rolls on the Fuel Depletion Table (8.7), which reads the brigades of 8.7.2 D (behaviour 3)."""
    unknown = changed(data, {"supply.fuel_depletion.independent_brigades": "unknown"})
    state = position(unknown, {"ger-pz1": "1412", "ger-pz2": "1414", "us-inf1": "1111"}, turn=9, side="allies", phase="construction")
    unknown = changed(unknown, {"game.turns.last_turn_turning_point": 12})
    got = messages(GAME.check(unknown, state, "allies", []))
    assert len(got) == 1 and "`supply.fuel_depletion.independent_brigades`" in got[0]


def test_luftwaffe_air_contention(data):
    """26.11 (variant, behaviour 3): "A. Allow Germany to nullify the effects of Allied Air Superiority for any two
    consecutive turns, once the weather is clear. B. If Luftwaffe Air Contention is used on the 23 December turn
    along with the historical weather, then Germany does not lose the use of the Tactical Advantage CRT until the AM
    24 December turn." (`luftwaffe: true` in a German Movement Phase; the 20.x rules, 8.5 B and 8.6 I lapse for
    that Game-Turn and the next; "the 23 December turn" read as AM 23 December). AM 23 December is Game-Turn 15."""
    from pbem.games.dark_december.air import allowed
    from pbem.games.dark_december.common import tactical_advantage
    from pbem.games.dark_december.movement import allowance
    state = position(data, {"ger-pz1": "1412", "us-inf1": "1111"}, turn=14, variants="26.11")
    assert state["luftwaffe_from"] is None
    assert messages(GAME.check(data, state, "german", [{"luftwaffe": True}])) == [
        "the Luftwaffe contends Allied air superiority once the weather is clear (26.11 A)"]
    state["turn"] = 15
    assert messages(GAME.check(data, state, "german", [{"luftwaffe": True}])) == []
    apply(data, state, "german", [{"luftwaffe": True}])
    assert state["luftwaffe_from"] == 15
    assert [tactical_advantage(data, t, "german", state) for t in (15, 16, 17)] == [True, True, False]
    assert [tactical_advantage(data, t, "allies", state) for t in (15, 16, 17)] == [False, False, True]
    assert [allowed(data, {**state, "turn": t}, "allies") for t in (15, 16, 17)] == [False, False, True]
    assert [allowance(data, {**state, "turn": t}, "ger-pz1") for t in (15, 16, 17)] == [6, 6, 5]
    state.update(phase="movement", side="german", turn=17)
    assert messages(GAME.check(data, state, "german", [{"luftwaffe": True}])) == [
        "the Luftwaffe contends Allied air superiority once, for two consecutive turns (26.11 A)"]
    later = position(data, {"ger-pz1": "1412", "us-inf1": "1111"}, turn=19, variants="26.11")
    later["luftwaffe_from"] = 19                                          # from AM 25 December: 26.11 B does not apply
    assert not tactical_advantage(data, 19, "german", later) and not tactical_advantage(data, 19, "allies", later)
    assert messages(GAME.check(data, position(data, {"ger-pz1": "1412"}, turn=15), "german", [{"luftwaffe": True}])) == [
        "`luftwaffe: true` is Germany's, in its Movement Phase, with variant 26.11 in a campaign of Dark December behaviour 3"]
