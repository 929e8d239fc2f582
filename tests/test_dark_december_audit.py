"""Dark December: the numbered rules the rule-coverage audit (tests/test_dark_december_rule_coverage.py)
found enforced but cited by no test, each with a concrete outcome. The DEMONSTRATION data of
tests/test_dark_december_rules.py (a 5x5 block of clear hexes, 1212 woods, 1011 a town; its CRT: 1:1 all
D3, 1:2 all CA, 2:1 and 3:1 A1 on 2-4, D2 on 8-9, D3/A1 on 12)."""

import pytest

from pbem.gamedata import load_game_data, load_scenario
from pbem.games.dark_december import GAME
from pbem.games.dark_december.common import in_class, turn_of
from tests.dicehelp import ScriptedDice
from tests.test_dark_december_rules import apply, base, changed, data, messages, position  # noqa: F401


@pytest.fixture(scope="module")
def rules_only():
    return load_game_data("dark-december")


def test_the_map_and_counter_errata_are_the_rules_data(rules_only):
    """4.1.2 B La Roche (hex 2516) is a town hex in clear terrain; C hex 1010 is clear; D hexes 2111 and
    2112 are woods (A, the two Motorized Replacement Tracks mislabelled, changes no rule: pbem keeps each
    side's replacements by side, `state.replacements.SIDE`). 4.2.2 the counter errata a campaign's
    counters follow: B the 354th Engineer 0-1-3 entering AM 20 December, C the 1107th one step, D Middleton
    at 3022."""
    assert rules_only.get("map.hexes.2516.terrain") == "clear" and rules_only.get("map.hexes.2516.town") is True
    assert rules_only.get("map.hexes.1010.terrain") == "clear"
    assert [rules_only.get(f"map.hexes.{h}.terrain") for h in ("2111", "2112")] == ["woods", "woods"]
    errata = "units.units.counter_errata"
    assert rules_only.get(f"{errata}.us_354th_engineer") == {"attack": 0, "defense": 1, "movement": 3, "enters": "AM 20 December"}
    assert rules_only.get(f"{errata}.us_1107th_engineer") == "no reduced strength (one step)"
    assert rules_only.get(f"{errata}.us_middleton_setup_hex") == "3022"


def test_unit_classes(data):
    """5.2: every unit type is motorized (armor, armored infantry, armored cavalry) or infantry
    (infantry, volksgrenadier, parachute and glider infantry); engineers are listed apart."""
    assert in_class(data, "ger-pz1", "motorized") and not in_class(data, "ger-pz1", "infantry")
    assert in_class(data, "ger-inf1", "infantry") and not in_class(data, "ger-inf1", "motorized")
    assert not in_class(data, "us-eng1", "motorized") and not in_class(data, "us-eng1", "infantry")


def test_bracketed_allied_units_begin_in_fortifications(data):
    """5.5.3, 5.6.3 A: Allied units with their set-up hex in brackets (`fortified: true`) begin the Campaign
    Game in fortifications; the others do not."""
    data = changed(data, {f"units.units.counters.{u}.setup_hex": h for u, h in (("us-inf1", "1111"), ("us-inf2", "1013"), ("us-eng1", "1113"))}
                   | {f"units.units.counters.{u}.army": "5PZA" for u in ("ger-inf1", "ger-inf2", "ger-pz1", "ger-pz2")}
                   | {"units.units.counters.us-inf1.fortified": True})
    state = GAME.setup(data, load_scenario("dark-december", "campaign")[0], ["allies", "german"], {})
    assert state["forts"] == ["1111"]


def test_one_division_more_from_am_10_january(data):
    """8.7.6: from AM 10 January onward Germany adds one division to the result of the Fuel Depletion
    Table die roll (the demonstration table gives one division on every face)."""
    from pbem.games.dark_december import fuel
    counts = []
    for label in ("PM 9 January", "AM 10 January"):
        state = position(data, {"ger-pz1": "1412", "ger-pz2": "1414"}, turn=turn_of(data, label))
        events: list = []
        fuel.roll(data, state, ScriptedDice(by_key={"fuel/": [4]}), events)
        counts.append(events[0]["divisions"])
    assert counts == [1, 2]


def allied_attack_on_1412(data, germans):
    """us-inf1 from 1313 on the German units in 1412 (defense 3 each), its attack 3 for each: 1:1, all D3."""
    defending = [u for u, h in germans.items() if h == "1412"]
    data = changed(data, {"units.units.counters.us-inf1.attack": 3 * len(defending)}
                   | {f"units.units.counters.{u}.defense": 3 for u in defending})
    state = position(data, {"us-inf1": "1313", **germans}, side="allies", phase="combat")
    apply(data, state, "allies", [{"attack": "1412", "with": ["us-inf1"]}])
    apply(data, state, "german", [], ScriptedDice(2, 2))
    assert state["pending"]["options"] == ["retreat2", "loss2", "retreat1_loss1"]
    return data, state


def test_a_stack_retreating_through_an_overstacked_hex_loses_one_step(data):
    """13.6.3: units may retreat in excess of stacking limitations, but one step is lost from a retreating
    unit in the stack (not each retreating unit) per hex retreated into or through in violation (two
    retreating units through 1411, where two friendly units are: four, over the limit of three)."""
    data, state = allied_attack_on_1412(data, {"ger-inf1": "1412", "ger-inf2": "1412", "ger-pz1": "1411", "ger-pz2": "1411"})
    events = apply(data, state, "german", [{"choose": "retreat2", "path": ["1411", "1311"]}])
    assert [(state["units"][u]["hex"], state["units"][u]["steps"]) for u in ("ger-inf1", "ger-inf2")] == [("1311", 1), ("1311", 2)]
    assert [e["why"] for e in events if e["event"] == "step"] == ["retreat over the stacking limit at 1411 (13.6.3)"]


def test_a_unit_retreated_into_a_friendly_hex_adds_no_strength_and_never_advances(data):
    """13.6.5: a unit forced to retreat into a friendly occupied hex adds no combat strength to the units
    there if that hex is attacked, suffers the result, and may never advance after combat (the advance of a
    victorious counterattack refused for it from behaviour 6; campaigns begun before replay as recorded)."""
    from pbem.games.dark_december.combat import strength
    data, state = allied_attack_on_1412(data, {"ger-inf1": "1412", "ger-pz1": "1411"})
    apply(data, state, "german", [{"choose": "retreat1_loss1", "losses": ["ger-inf1"], "path": ["1411"]}])
    assert state["units"]["ger-inf1"] == {"side": "german", "hex": "1411", "steps": 1, "reserve": False}
    assert state["retreated"] == ["ger-inf1"]
    assert strength(data, state, ["ger-inf1", "ger-pz1"], "defense") == strength(data, state, ["ger-pz1"], "defense")
    state["phase"], state["pending"] = "answer", {"kind": "advance", "side": "german", "units": ["ger-inf1", "ger-pz1"], "vacated": {"1312": 1}, "battle": 2}
    order = [{"advance": "ger-inf1", "path": ["1312"]}]
    assert messages(GAME.check(data, state, "german", order)) == [
        "ger-inf1 retreated into a friendly occupied hex this player turn and may never advance after combat (13.6.5)"]
    assert GAME.check(data, state, "german", [{"advance": "ger-pz1", "path": ["1312"]}]) == []
    old = changed(data, {})
    old.behaviour = 5
    assert GAME.check(old, state, "german", order) == []


def test_no_exit_from_the_map_in_retreat(data):
    """10.7.1: no unit may exit from the map in fulfilment of a retreat; it must lose steps instead (1009 is
    off the demonstration map)."""
    from pbem.games.dark_december.answers import retreat_problem
    state = position(data, {"ger-inf1": "1010", "us-inf1": "1110"})
    assert retreat_problem(data, state, "german", ["ger-inf1"], "1010", ["1009"], 1) == (
        "units may not retreat into enemy units or off the map; they lose steps instead (1009, 13.6.1 B)")


def test_advancing_is_optional_and_may_stop_short(data):
    """13.7: the opposing units that took part become eligible to advance when a defender is eliminated;
    13.7.2 A the attacker's advance is declared with the battle and taken as it ends, before any other
    combat; B never forced, and fewer hexes than allowed (armor after an elimination: two, 13.7.6)."""
    data = changed(data, {"units.units.counters.ger-pz1.attack": 9})              # 9:3 = 3:1, roll 8 = D2
    for advance, where in (({"ger-pz1": ["1111"]}, "1111"), ({}, "1211")):
        state = position(data, {"ger-pz1": "1211", "us-inf1": "1111"}, phase="combat")
        apply(data, state, "german", [{"attack": "1111", "with": ["ger-pz1"], "advance": advance}])
        apply(data, state, "allies", [], ScriptedDice(4, 4))
        events = apply(data, state, "allies", [{"choose": "loss2", "losses": ["us-inf1", "us-inf1"]}])
        assert "us-inf1" in state["eliminated"] and state["units"]["ger-pz1"]["hex"] == where
        assert [e["event"] for e in events if e["event"] == "advance"] == (["advance"] if advance else [])
        assert state["phase"] == "construction" and state["battles"] == []


def test_divisional_integrity_declared_before_the_dice(data):
    """13.8 A: integrity bonuses are optional and declared before the combat die roll, the attacker first
    (with its attack), then the defender (`declare`); 13.8.2 if all units of a defending division are in one
    hex or adjacent to one another (1111 and 1011), +1 to the attacker's roll."""
    data = changed(data, {"units.units.counters.ger-pz1.attack": 9, "crt.crt.cells.standard.3:1.13": "D3/A1"})   # 12 + 1 reachable
    state = position(data, {"ger-pz1": "1211", "us-inf1": "1111", "us-inf2": "1011"}, turn=17, phase="combat")
    apply(data, state, "german", [{"attack": "1111", "with": ["ger-pz1"]}])
    assert GAME.awaiting(state).side == "allies" and state["phase"] == "declare"
    events = apply(data, state, "allies", [{"battle": 1, "integrity": True}], ScriptedDice(3, 4))
    battle = next(e for e in events if e["event"] == "battle")
    assert (battle["dice"], battle["drm"], battle["roll"], battle["drm_why"]) == ([3, 4], 1, 8, ["defender's divisional integrity (13.8.2)"])
    apart = position(data, {"ger-pz1": "1211", "us-inf1": "1111", "us-inf2": "1414"}, phase="combat")
    apply(data, apart, "german", [{"attack": "1111", "with": ["ger-pz1"]}])
    assert messages(GAME.check(data, apart, "allies", [{"battle": 1, "integrity": True}])) == [
        "no defending division in battle 1 is all in one hex or adjacent hexes (13.8.2)"]


def test_who_has_divisional_integrity(data):
    """13.8.3 unsupplied or isolated units may be components of a division with integrity; 13.8.4 B a unit
    with no parent division (the engineer) has none; 13.8.7 in a combat with British and US units no Allied
    unit has it."""
    from pbem.games.dark_december.combat import integrity
    state = position(data, {"us-inf1": "1111", "us-inf2": "1112", "us-eng1": "1011"}, side="allies")
    state["supply"] = {"us-inf1": "isolated", "us-inf2": "unsupplied"}
    assert integrity(data, state, ["us-inf1", "us-inf2"], "defend")
    assert integrity(data, state, ["us-inf1", "us-inf2"], "attack")
    assert not integrity(data, state, ["us-eng1"], "defend")
    mixed = changed(data, {"units.units.counters.us-eng1.nationality": "british"})
    assert not integrity(mixed, state, ["us-inf1", "us-inf2", "us-eng1"], "defend")
    assert integrity(mixed, state, ["us-inf1", "us-inf2"], "defend")


def test_one_integrity_bonus_per_attack_and_both_sides_cancel(data):
    """13.8.4 A: only one divisional integrity DRM per attack, however many divisions take part (a -1);
    13.8.6 attacker's and defender's integrity nullify each other, unless the attacker has double integrity
    (13.8.4.1): then -1."""
    from pbem.games.dark_december.combat import drm
    state = {"turn": 9, "options": {"variants": []}}
    battle = {"first": True, "attacker": "german", "integrity": True, "defence_integrity": False}
    assert drm(data, state, battle)[0] == -1
    assert drm(data, state, {**battle, "defence_integrity": True})[0] == 0
    assert drm(data, state, {**battle, "integrity": 2, "defence_integrity": True})[0] == -1


def test_armor_superiority_losses_fall_on_the_armor(data):
    """13.9.2 A: an attacker that used armor superiority against woods, dense forest, Westwall, fortification
    or town hexes takes its losses from its armored units; not against clear terrain; B not the defender
    using armor superiority."""
    from pbem.games.dark_december.answers import _armour_losses
    state = position(data, {"ger-pz1": "1211", "ger-inf1": "1211", "us-inf1": "1212"}, phase="combat")
    due = {"attackers_result": True, "units": ["ger-inf1", "ger-pz1"]}
    state["battles"] = [{"first": True, "armor_superiority": True, "hexes": ["1212"]}]      # 1212: woods
    assert _armour_losses(data, state, due) == ["ger-pz1"]
    state["battles"] = [{"first": True, "armor_superiority": True, "hexes": ["1111"]}]      # clear
    assert _armour_losses(data, state, due) == []
    state["battles"] = [{"first": True, "armor_superiority": True, "hexes": ["1212"]}]
    assert _armour_losses(data, state, {**due, "attackers_result": False}) == []
