"""Operation Grenade, issue 20: the flash-flood valley (17.11, 17.14), retreats off the map (9.96),
combat in a hex holding retreated units (9.93), the ruse for a bridge roll set off by an advance or
a retreat (22.23), and the retreat and advance answers inside a combat (9.91, 9.94, 9.95, 9.97).

Driven on the demonstration data (examples/operation-grenade-demo/data-override.yaml: its Roer
valley is 0207 0307 0407 0507 1108 and its extent xx 01-26, yy 01-22, both invented) with the
helpers of tests/test_operation_grenade_rules.py."""

from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import apply_override, load_game_data
from pbem.games.operation_grenade import GAME, crt, flood
from tests.test_operation_grenade_fixes import without
from tests.test_operation_grenade_rules import (DEMO, ScriptedDice, answer, attack, loss_problems, move, no_support, position,
                                                problems, scenario)  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def data():
    return load_game_data("operation-grenade", DEMO)


def flood_position(data, scenario, units, flood_kind, **kw):
    d_day = "1945-02-17" if flood_kind == "gradual_flood" else None
    return position(data, scenario, units, flood=flood_kind, d_day=d_day, **kw)


# -- 17.11 / 17.14 the flash flood's Roer valley --------------------------------------------------

@pytest.mark.parametrize("flood_kind, refusal", [("flash_flood", "(27.1)"), ("gradual_flood", None)])
def test_17_11_a_flash_flood_makes_the_valley_swamp(data, scenario, flood_kind, refusal):
    """17.11 "all hexes shaded ... part of the Roer River Valley become swamp hexes": 0407 (clear,
    in the demo valley) is swamp for a mechanized unit (27.1: only through a road hexside); a
    gradual flood keeps its terrain (17.2)."""
    state = flood_position(data, scenario, {"R/2A/19": "0406"}, flood_kind, turn=4)
    messages = problems(data, state, [move("R/2A/19", "0406", "0407")])
    assert (messages == []) if refusal is None else (len(messages) == 1 and refusal in messages[0])
    assert flood.ground(GAME, data, state, "0407") == ("swamp" if flood_kind == "flash_flood" else "clear")
    assert flood.ground(GAME, data, state, "0406") == "clear"                    # outside the valley


@pytest.mark.parametrize("flood_kind, lines", [
    ("flash_flood", {"0507": "hilltop_city", "0407": "woods_swamp_town", "0406": "clear"}),
    ("gradual_flood", {"0507": "woods_swamp_town", "0407": "clear", "0406": "clear"}),
])
def test_17_14_originally_swamp_valley_hexes_defend_on_the_hilltop_line(data, scenario, flood_kind, lines):
    """17.14 "all units that are defending in hexes that were originally swamp hexes within the Roer
    valley use the CRT line entitled Hilltop" (errata E6: the literal text): 0507 was swamp; 0407,
    clear before the flood, is swamp now (27.1: the Woods/Swamp/Town line)."""
    state = flood_position(data, scenario, {}, flood_kind, phase="combat")
    assert {h: crt.crt_line(GAME, data, state, [h]) for h in lines} == lines


def test_17_14_a_flooded_hilltop_is_no_hilltop(data, scenario):
    """17.14 "these hexes are not considered hilltops for movement or observation purposes"; 17.11
    makes every valley hex swamp: a valley hex is never a hilltop for 9.33 while flooded."""
    state = flood_position(data, scenario, {}, "flash_flood")
    hexes = {h for h in flood.valley_hexes(GAME, data)}
    assert hexes == {"0207", "0307", "0407", "0507", "1108"}
    assert all(flood.ground(GAME, data, state, h) == "swamp" for h in hexes)


@pytest.mark.parametrize("flood_kind, kept", [("flash_flood", ("road",)), ("gradual_flood", ("stream", "road"))])
def test_17_11_only_roads_remain_of_the_features_within_the_valley(data, scenario, flood_kind, kept):
    """17.11 "Except for roads, all other terrain features lying within the valley should be
    ignored" (0307|0407: a stream and a road, TEST DATA); 17.13: the Roer stays a river (1007|1108
    lies on the valley's edge, lower Roer)."""
    extra = load_game_data("operation-grenade", DEMO)
    apply_override(extra, ROOT / "tests" / "data" / "og-valley-extra.yaml")
    state = flood_position(extra, scenario, {}, flood_kind)
    assert flood.features(GAME, extra, state, "0307", "0407") == kept
    assert flood.features(GAME, extra, state, "1007", "1108") == ("roer_lower",)


def test_17_11_a_flash_flood_refuses_until_the_valley_hexes_are_given(tmp_path, scenario):
    """17.11: the valley is shaded on the printed map; without `map.roer_valley.hexes` a flash-flood
    game refuses a move naming it, a gradual-flood game never needs it."""
    bare = without(tmp_path, "map.roer_valley.hexes")
    state = flood_position(bare, scenario, {"119/30/19": "1112"}, "flash_flood")
    [message] = problems(bare, state, [move("119/30/19", "1112", "1113")])
    assert "`map.roer_valley.hexes`" in message and "(17.11)" in message
    with pytest.raises(UnknownDataError) as refused:
        flood.ground(GAME, bare, state, "1113")
    assert refused.value.path == "map.roer_valley.hexes"
    state = flood_position(bare, scenario, {"119/30/19": "1112"}, "gradual_flood")
    assert problems(bare, state, [move("119/30/19", "1112", "1113")]) == []


# -- 9.96 retreat off the map -----------------------------------------------------------------------

def edge_result(data, scenario):
    """119/30/19 (A8, 1021) attacks 1150/183/12 (1022, woods, on the map's yy 22 edge): D1 (4, 4)."""
    state = position(data, scenario, {"119/30/19": ("1021", "3-06"), "1150/183/12": ("1022", "2-01")}, phase="combat")
    _, _, event = attack(data, state, "1022", ["119/30/19"], 4, 4)
    assert event["result"] == "D1"
    return state


def test_9_96_units_forced_to_retreat_off_the_map_are_eliminated(data, scenario):
    """9.96 "Units forced to retreat off the map are eliminated": 1023 lies beyond yy 22 (the demo's
    `map.extent`); the retreat ends there, the unit is eliminated and its chit returns (8.52)."""
    state = edge_result(data, scenario)
    assert loss_problems(data, state, "1022", [], ["1023"]) == []
    outcome = answer(data, state, "1022", [], ["1023"])
    assert "1150/183/12" not in state["units"] and state["pools_out"]["2"] == []
    gone = [e for e in outcome.events if e["event"] == "eliminated"]
    assert [(e["unit"], e["rule"]) for e in gone] == [("1150/183/12", "9.96")]


def test_9_96_a_retreat_off_the_map_ends_there(data, scenario):
    state = edge_result(data, scenario)
    state["combats"][0]["result"]["D"]["flexible"] = 2                         # D2, set by hand
    [message] = loss_problems(data, state, "1022", [], ["1023", "1024"])
    assert "1023 is off the map" in message and "(9.96)" in message


def test_9_96_the_map_extent_is_data_refused_while_unknown(tmp_path, scenario):
    """An unlisted hex is off the map only by `map.extent`; without it the answer is refused naming it."""
    bare = without(tmp_path, "map.extent.xx.first")
    state = edge_result(bare, scenario)
    [message] = loss_problems(bare, state, "1022", [], ["1023"])
    assert "map.extent.xx.first" in message


# -- 9.93 combat in a hex holding retreated units ---------------------------------------------------

def test_9_93_a_retreat_onto_a_friendly_occupied_hex_is_recorded_for_the_phase(data, scenario):
    """9.93 "if a unit retreats onto a Friendly occupied hex": D2 at 1012 (4, 4); the German retreats
    1150/183/12 1013-1014 onto Pol/12 (1014 as far from 119/30/19 as two hexes get, 9.91)."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01"), "Pol/12": "1014"},
                     phase="combat")
    attack(data, state, "1012", ["119/30/19"], 4, 4)
    answer(data, state, "1012", [], ["1013", "1014"])
    assert state["retreated_onto"] == {"1150/183/12": "1014"}
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")}, phase="combat")
    attack(data, state, "1012", ["119/30/19"], 4, 4)
    answer(data, state, "1012", [], ["1013", "1014"])                          # onto an empty hex: not recorded
    assert state["retreated_onto"] == {}


def attack_on_retreated(data, scenario, attacker, roll, recorded=True):
    """1150/183/12 (a cadre, strength 1) retreated onto Pol/12 (strength 1) at 1013 this phase (as
    recorded by a retreat); `attacker` (HEX 1114) attacks 1013 in the same Combat Phase."""
    unit_id, spec = attacker
    state = position(data, scenario, {"1150/183/12": ("1013", None, "cadre"), "Pol/12": "1013", unit_id: spec}, phase="combat")
    orders = [{"attack": "1013", "with": [unit_id]}]
    dice = ScriptedDice(*roll)
    if recorded:
        state["retreated_onto"] = {"1150/183/12": "1013"}
    from pbem.games.operation_grenade import combat as combat_mod
    events: list = []
    state["combats"] = [combat_mod.declared(GAME, data, state, o) for o in orders]
    combat_mod.run_combats(GAME, data, state, dice, events)
    return state, events


def test_9_93_a_retreated_unit_never_adds_its_strength_and_dies_on_an_adverse_result(data, scenario):
    """9.93 "if a unit retreats onto a Friendly occupied hex and that hex then undergoes an attack in
    the same Phase, the retreated unit may never add its Combat Strength to those of the units already
    in the hex. If units in that hex then suffer an adverse combat result, the previously retreated
    unit is eliminated from play (its step losses do not count in the determination of step losses
    in the new combat)": 120/30/19 (B6) against Pol/12's 1 alone (6-1), D1(1) (3, 3): the retreated
    cadre is eliminated and Pol/12 alone answers the result."""
    state, events = attack_on_retreated(data, scenario, ("120/30/19", ("1114", "3-08")), (3, 3))
    combat = next(e for e in events if e["event"] == "combat")
    assert (combat["defenders"], combat["ratio"], combat["result"]) == ({"Pol/12": 1}, "6-1", "D1(1)")
    gone = next(e for e in events if e["event"] == "eliminated")
    assert (gone["unit"], gone["rule"]) == ("1150/183/12", "9.93")
    assert state["awaiting_choice"] == {"kind": "losses", "side": "german", "hex": "1013", "result": "D"}
    assert loss_problems(data, state, "1013", ["Pol/12"]) == []
    state, events = attack_on_retreated(data, scenario, ("120/30/19", ("1114", "3-08")), (3, 3), recorded=False)
    combat = next(e for e in events if e["event"] == "combat")               # not retreated: it defends (7.21)
    assert combat["defenders"] == {"1150/183/12": 1, "Pol/12": 1} and combat["ratio"] == "6-2"


def test_9_93_without_an_adverse_result_the_retreated_unit_stays(data, scenario):
    """9.93: only an adverse result eliminates it: 113/19 (strength 3) against Pol/12 alone, 3-1,
    roll 2: "-" (demo CRT)."""
    state, events = attack_on_retreated(data, scenario, ("113/19", "1114"), (1, 1))
    combat = next(e for e in events if e["event"] == "combat")
    assert (combat["defenders"], combat["ratio"], combat["result"]) == ({"Pol/12": 1}, "3-1", "-")
    assert state["units"]["1150/183/12"]["hex"] == "1013" and not any(e["event"] == "eliminated" for e in events)


def test_9_93_once_the_units_already_there_have_gone_the_retreated_unit_defends(data, scenario):
    """9.93 speaks of "the units already in the hex": if they have left it (retreated from a combat of
    their own), the retreated unit alone holds the hex and defends it as usual."""
    state = position(data, scenario, {"1150/183/12": ("1013", None, "cadre"), "113/19": "1114"}, phase="combat")
    state["retreated_onto"] = {"1150/183/12": "1013"}
    from pbem.games.operation_grenade import combat as combat_mod
    events: list = []
    state["combats"] = [combat_mod.declared(GAME, data, state, {"attack": "1013", "with": ["113/19"]})]
    combat_mod.run_combats(GAME, data, state, ScriptedDice(1, 1), events)
    combat = next(e for e in events if e["event"] == "combat")
    assert combat["defenders"] == {"1150/183/12": 1} and combat["ratio"] == "3-1"


def test_9_93_the_record_ends_with_the_combat_phase(data, scenario):
    """9.93 "in the same Phase": the next Combat Phase starts with no retreated units recorded."""
    state = position(data, scenario, {"1150/183/12": ("1013", None, "cadre"), "Pol/12": "1013", "113/19": "1114"},
                     phase="combat")
    state["retreated_onto"] = {"1150/183/12": "1013"}
    GAME.apply(data, state, "allied", [{"attack": "1013", "with": ["113/19"]}], ScriptedDice(1, 1))
    assert state["retreated_onto"] == {}


# -- 22.23 a ruse for a bridge roll set off by an advance or a retreat -----------------------------------

def koeln_advance(data, scenario, ruse):
    """As tests/test_operation_grenade_fixes.koeln_advance, the attack carrying `ruse: true`."""
    state = position(data, scenario, {"119/30/19": ("0519", "3-06"), "1150/183/12": ("0419", "2-01")},
                     phase="combat", weather="heavy_overcast")
    order = {"attack": "0419", "with": ["119/30/19"], "advance": ["119/30/19"]}
    if ruse is not None:
        order["ruse"] = ruse
    GAME.apply(data, state, "allied", [order], ScriptedDice(5, 6))
    GAME.apply(data, state, "german", [{"combat": "0419", "losses": [], "retreat": ["0320", "0321"]}], ScriptedDice())
    return state


@pytest.mark.parametrize("ruse, blown", [(True, False), (None, True)])
def test_22_23_a_ruse_declared_with_the_attack_goes_with_its_advances_bridge_roll(data, scenario, ruse, blown):
    """22.23 "the US player may declare a 'ruse' immediately before the German player is about to
    roll the dice": declared with the attack whose advance enters 0419 (the German answers knowing
    of it, as after a move); 4 (2, 2) blows the bridge only without the ruse (22.22b 4-11, 22.22c 5-11)."""
    state = koeln_advance(data, scenario, ruse)
    assert state["awaiting_choice"]["kind"] == "bridge" and state["awaiting_choice"]["ruse"] is bool(ruse)
    if ruse:
        assert "declared a ruse" in GAME.template(data, state, "german")["notes"][1]
    GAME.apply(data, state, "german", [{"bridge": "koeln", "attempt": True}], ScriptedDice(2, 2))
    assert state["bridges"] == {"koeln": "blown" if blown else "intact"} and state["ruse_used"] is bool(ruse)


def test_22_23_the_ruse_on_an_attack_is_the_us_players_once_a_game(data, scenario):
    state = position(data, scenario, {"119/30/19": ("0519", "3-06"), "1150/183/12": ("0419", "2-01")}, phase="combat")
    order = {"attack": "0419", "with": ["119/30/19"], "advance": ["119/30/19"], "ruse": "yes"}
    [message] = problems(data, state, [order])
    assert "(22.23)" in message
    state["ruse_used"] = True
    [message] = problems(data, state, [dict(order, ruse=True)])
    assert "once per game (22.23)" in message


def test_22_23_a_ruse_declared_with_a_us_retreat_into_a_western_terminus(data, scenario):
    """22.23 with the US retreat 0418-0419 (an A1 set by hand, as the fixes tests do): `ruse: true`
    in the US answer goes with the roll; 4 (2, 2) is outside 5-11 (22.22c): the bridge stands. A
    ruse on a retreat that enters no western terminus is refused."""
    from tests.test_operation_grenade_fixes import us_retreat
    state, _, _ = us_retreat(data, scenario, ["0419"])
    assert state["awaiting_choice"]["ruse"] is False          # declared nothing
    state = position(data, scenario, {"119/30/19": ("0418", "3-01"), "1150/183/12": ("0417", "2-04")}, phase="combat")
    state["volkssturm_units"] = []
    state["combats"] = [{"hex": "0417", "hexes": ["0417"], "attackers": ["119/30/19"], "defenders": ["1150/183/12"],
                         "advance": [], "chosen": {"0417": "1150/183/12"}, "advance_path": [], "attacker_side": "allied",
                         "result": {"A": {"flexible": 1, "mandatory": 0, "breakthrough": False}, "text": "A1"}}]
    state["awaiting_choice"] = {"kind": "losses", "side": "allied", "hex": "0417", "result": "A"}
    [message] = problems(data, state, [{"combat": "0417", "losses": [], "retreat": ["0518"], "ruse": True}])
    assert "(22.23)" in message
    GAME.apply(data, state, "allied", [{"combat": "0417", "losses": [], "retreat": ["0419"], "ruse": True}], ScriptedDice())
    assert state["awaiting_choice"]["ruse"] is True
    GAME.apply(data, state, "german", [{"bridge": "koeln", "attempt": True}], ScriptedDice(2, 2))
    assert state["bridges"] == {"koeln": "intact"} and state["ruse_used"] is True


# -- 9.91 retreat priorities ------------------------------------------------------------------------

def d_result(data, scenario, roll, extra=None):
    from tests.test_operation_grenade_rules import d_result as rules_d_result
    return rules_d_result(data, scenario, roll, extra=extra)


def test_9_91_the_retreat_ends_at_the_greatest_distance_from_the_enemy(data, scenario):
    """9.91 "move the stack as a whole ... according to the following priorities: To a hex that is
    the maximum possible distance from any Enemy unit. ... the owning Player may retreat his units in
    any way he sees fit": D2 at 1012 (4, 4), 119/30/19 at 1112: 1014 is three hexes from it, 1114
    only two."""
    state = d_result(data, scenario, (4, 4))
    [message] = loss_problems(data, state, "1012", ["1150/183/12"], ["1113", "1114"])
    assert "1114 is 2 hex(es) from the nearest enemy unit" in message and "end 3 away, e.g. at 1014" in message
    assert "(9.91" in message
    assert loss_problems(data, state, "1012", [], ["1013", "1014"]) == []
    # 120/30/19 at 0813 brings 1014 to two hexes: any route to a hex two away will do
    state = d_result(data, scenario, (4, 4), extra={"120/30/19": "0813"})
    assert loss_problems(data, state, "1012", ["1150/183/12"], ["1113", "1114"]) == []
    assert loss_problems(data, state, "1012", [], ["1013", "1114"]) == []


def test_9_91_then_to_a_hex_no_enemy_controls(data, scenario):
    """9.91 second priority "To a non-Enemy-controlled hex": D1 at 1012 (2, 3); with 120/30/19 at
    0914 and 113/19 (a battalion: no ZOC, 6.1) at 0812, every hex next to 1012 is one hex from an
    enemy unit, and only 0912 is not enemy-controlled."""
    state = d_result(data, scenario, (2, 3), extra={"120/30/19": "0914", "113/19": "0812"})
    assert state["combats"][0]["result"]["text"] == "D1"
    [message] = loss_problems(data, state, "1012", ["1150/183/12"], ["1013"])
    assert "1013 is enemy-controlled; 0912 is as far from the enemy and is not" in message and "(9.91" in message
    assert loss_problems(data, state, "1012", [], ["0912"]) == []


def test_9_85_example_a_d2_2_result_mandatory_steps_then_steps_or_hexes(data, scenario):
    """9.85 Example: "A German stack receives a D2(2) result. Immediately, the German Player reduces
    two units in the stack by one step each. (Alternatively, he could have chosen to reduce one unit
    by two steps instead.) Next, the German Player must choose one of the following options: He may
    take two more step losses and not retreat (only, of course, if he has these steps available to
    him in the stack). He may retreat two hexes (see 9.9). He may lose one step of strength and
    retreat one hex (or vice versa)." The D2(2) is set by hand on 1150/183/12 (three steps) and
    Pol/12 (a battalion, one step), both defending 1012 (7.21: a battalion always defends)."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01"), "Pol/12": "1012"},
                     phase="combat")
    state["combats"] = [{"hex": "1012", "hexes": ["1012"], "attackers": ["119/30/19"], "defenders": ["1150/183/12", "Pol/12"],
                         "advance": [], "chosen": {"1012": "1150/183/12"}, "advance_path": [], "attacker_side": "allied",
                         "attack_hexes": ["1112"],
                         "result": {"D": {"flexible": 2, "mandatory": 2, "breakthrough": False}, "text": "D2(2)"}}]
    state["awaiting_choice"] = {"kind": "losses", "side": "german", "hex": "1012", "result": "D"}
    both, one = ["1150/183/12", "Pol/12"], ["1150/183/12", "1150/183/12"]
    assert loss_problems(data, state, "1012", both + ["1150/183/12", "1150/183/12"]) == []     # two more, no retreat
    assert loss_problems(data, state, "1012", one, ["1013", "1014"]) == []                      # retreat two hexes
    assert loss_problems(data, state, "1012", both + ["1150/183/12"], ["1013"]) == []            # one step and one hex
    [message] = loss_problems(data, state, "1012", both)                                       # neither
    assert "4 step(s) must be lost: 2 mandatory + 2 in lieu" in message


# -- 9.97 the attacker determines the path of retreat ---------------------------------------------------

def breakthrough(data, scenario, extra=None):
    """As tests/test_operation_grenade_rules.breakthrough: 15:3 -> 5-1, roll 12: D3(1)*."""
    from tests.test_operation_grenade_rules import breakthrough as rules_breakthrough
    return rules_breakthrough(data, scenario, extra)


def test_9_97_the_attacking_player_determines_the_path_of_retreat(data, scenario):
    """9.97 "The attacking Player determines the path of retreat": after D3(1)* the US player is
    asked (a `path` answer); he may send the stack through his own ZOC (1113, next to 119/30/19 at
    1112: a step, 9.92), which 9.91 would not let the German choose; the path is the full three
    hexes (no steps in lieu, 9.97). One German unit: its losses need no answer (mandatory 1 + ZOC 1)."""
    state = breakthrough(data, scenario)
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind, state["awaiting_choice"]["kind"]) == ("allied", "response", "path")
    assert "(9.97)" in waiting.phase and "you determine the path of retreat" in GAME.template(data, state, "allied")["notes"][1]
    [message] = problems(data, state, [{"combat": "1012", "retreat": ["1013", "1014"]}])
    assert "3 hex(es) long" in message and "(9.97" in message
    [message] = problems(data, state, [{"combat": "1012", "retreat": ["1112", "1111", "1110"]}])
    assert "holds enemy units" in message
    assert problems(data, state, [{"combat": "1012", "retreat": ["1113", "1213", "1214"]}]) == []
    outcome = GAME.apply(data, state, "allied", [{"combat": "1012", "retreat": ["1113", "1213", "1214"]}], ScriptedDice())
    unit = state["units"]["1150/183/12"]
    assert (unit["hex"], unit["form"]) == ("1214", "cadre")                   # two steps: mandatory + 1113 (9.92)
    assert [e["event"] for e in outcome.events][:2] == ["breakthrough_path", "loss_choice"]


def test_9_97_with_a_choice_of_unit_the_defender_answers_his_losses_on_the_attackers_path(data, scenario):
    """9.97 with 9.85/9.86: 1150/183/12 defended 1012 and 1035/59/81 (another division: no 9.43 shift) sat out there (7.21); after the
    attacker's path the German answers who loses the mandatory step (the unit that took part, 9.86);
    his `retreat:` is the attacker's path, no other."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "175/29/19": ("1011", "3-04"), "1150/183/12": ("1012", "2-01"),
                                      "1035/59/81": "1012"}, phase="combat")
    dice = ScriptedDice(6, 6)
    GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19", "175/29/19"]}], dice)
    GAME.apply(data, state, "german", [{"defend": "1012", "with": "1150/183/12"}], dice)       # 7.22
    assert state["combats"][0]["result"]["text"] == "D3(1)*"
    GAME.apply(data, state, "allied", [{"combat": "1012", "retreat": ["1013", "1014", "1015"]}], ScriptedDice())
    assert state["awaiting_choice"] == {"kind": "losses", "side": "german", "hex": "1012", "result": "D"}
    [message] = loss_problems(data, state, "1012", ["1150/183/12"], ["0913", "0912", "0911"])
    assert "the attacker determined the path of retreat" in message and "(9.97)" in message
    [message] = loss_problems(data, state, "1012", ["1035/59/81"], ["1013", "1014", "1015"])
    assert "(9.86)" in message
    answer(data, state, "1012", ["1150/183/12"], ["1013", "1014", "1015"])
    assert {state["units"][u]["hex"] for u in ("1150/183/12", "1035/59/81")} == {"1015"}


def test_9_97_a_surrounded_defender_is_not_given_a_path(data, scenario):
    """9.97 "(unless he is completely surrounded by Enemy Zones of Control)": no path is asked; the
    defender takes steps in lieu (tests/test_operation_grenade_rules.py checks the count)."""
    state = breakthrough(data, scenario, extra={"120/30/19": "0914"})
    assert state["awaiting_choice"]["kind"] == "losses"


# -- 9.94 a victorious defender's advance, 9.95 advances unit by unit ------------------------------------------

def us_repulsed(data, scenario):
    """119/30/19 (A5, 1112) attacks 1150/183/12 (B4, 1012): 5:4 -> 1-1, roll 2: A1; the US player
    retreats 1111 (as far from 1150/183/12 as one hex gets, 9.91)."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-01"), "1150/183/12": ("1012", "2-04")}, phase="combat")
    _, _, event = attack(data, state, "1012", ["119/30/19"], 1, 1)
    assert event["result"] == "A1"
    answer(data, state, "1012", [], ["1111"] if not loss_problems(data, state, "1012", [], ["1111"]) else ["1211"])
    return state


def test_9_94_a_victorious_defender_may_advance_along_the_attackers_path_of_retreat(data, scenario):
    """9.94 "Any victorious units which participated in the combat ... are allowed to advance along
    this path of retreat" — the defender's too: after the US retreat the German is asked (an `advance`
    answer), at most as far as the US retreated, the first hex the vacated one (9.95)."""
    state = us_repulsed(data, scenario)
    retreated = state["units"]["119/30/19"]["hex"]
    assert state["awaiting_choice"] == {"kind": "advance", "side": "german", "hex": "1012"}
    assert GAME.awaiting(state).side == "german" and "(9.94, 9.95)" in GAME.awaiting(state).phase
    [message] = problems(data, state, [{"advance": "1150/183/12", "path": ["1113"]}])
    assert "the hex the loser vacated: 1112 (9.95)" in message
    [message] = problems(data, state, [{"advance": "1150/183/12", "path": ["1112", retreated]}])
    assert "at most 1 hex(es)" in message
    [message] = problems(data, state, [{"advance": "119/30/19", "path": ["1112"]}])
    assert "may not advance" in message
    outcome = GAME.apply(data, state, "german", [{"advance": "1150/183/12", "path": ["1112"]}], ScriptedDice())
    assert state["units"]["1150/183/12"]["hex"] == "1112"
    assert [e["event"] for e in outcome.events][:2] == ["advance_answer", "advance"]
    assert state["awaiting_choice"] is None and state["side"] == "german"


def test_9_94_victorious_units_are_never_required_to_advance(data, scenario):
    """9.95 "Victorious units are never required to advance": an empty answer; nobody moves."""
    state = us_repulsed(data, scenario)
    GAME.apply(data, state, "german", [], ScriptedDice())
    assert state["units"]["1150/183/12"]["hex"] == "1012"


def us_advance_ask(data, scenario, roll=(3, 3), extra=None, retreat=("1013", "1014")):
    """119/30/19 (A8, 1112) and R/2A/19 (tank, 1011) attack 1150/183/12 (1012) with `advance: ask`:
    4-1, roll 6: D2 (roll 10: D3); the German retreats along `retreat`."""
    units = {"119/30/19": ("1112", "3-06"), "R/2A/19": ("1011", "3-01"), "1150/183/12": ("1012", "2-01")}
    units.update(extra or {})
    state = position(data, scenario, units, phase="combat")
    order = {"attack": "1012", "with": ["119/30/19", "R/2A/19"], "advance": "ask"}
    dice = ScriptedDice(*roll)
    no_support(data, state, GAME.apply(data, state, "allied", [order], dice), dice)
    assert state["combats"][0]["result"]["text"] == f"D{len(retreat)}"
    answer(data, state, "1012", [], list(retreat))
    return state


def test_9_95_tanks_may_deviate_from_the_path_of_retreat_other_units_may_not(data, scenario):
    """9.95 "The first hex entered must be the hex formerly occupied by the retreating units. All units
    except those bearing a tank or mechanized infantry symbol ... may not deviate from the path of
    retreat ... Units bearing a tank or mechanized infantry symbol ... may deviate from the path of
    retreat": with `advance: ask` the US player answers each unit's advance."""
    state = us_advance_ask(data, scenario)
    assert state["awaiting_choice"] == {"kind": "advance", "side": "allied", "hex": "1012"}
    [message] = problems(data, state, [{"advance": "119/30/19", "path": ["1012", "0913"]}])
    assert "follows the path of retreat (1012 1013 1014)" in message and "(9.95)" in message
    [message] = problems(data, state, [{"advance": "R/2A/19", "path": ["0913", "1012"]}])
    assert "the hex the loser vacated" in message
    orders = [{"advance": "R/2A/19", "path": ["1012", "0913"]}, {"advance": "119/30/19", "path": ["1012"]}]
    assert problems(data, state, orders) == []
    GAME.apply(data, state, "allied", orders, ScriptedDice())
    assert (state["units"]["R/2A/19"]["hex"], state["units"]["119/30/19"]["hex"]) == ("0913", "1012")   # 9.95: may halt


def test_9_95_an_advance_halts_on_entering_an_enemy_zoc_after_the_first_hex(data, scenario):
    """9.95 "Regardless of what type the advancing units are, they must halt their advance
    immediately upon entering an Enemy Zone of Control, exclusive of the first hex entered in this
    advance": D3 (5, 5), the German retreats 1013-1014-1015; 1035/59/81 at 0914 controls 1013."""
    state = us_advance_ask(data, scenario, roll=(5, 5), extra={"1035/59/81": "0914"}, retreat=("1013", "1014", "1015"))
    assert "1013" in GAME.enemy_zoc(data, state, "allied")
    [message] = problems(data, state, [{"advance": "119/30/19", "path": ["1012", "1013", "1014"]}])
    assert "halts on entering an enemy ZOC after the first hex: 1013 (9.95)" in message
    assert problems(data, state, [{"advance": "119/30/19", "path": ["1012", "1013"]}]) == []


def test_9_97_after_a_breakthrough_the_advance_goes_one_hex_further_and_may_deviate_in_the_last(data, scenario):
    """9.97 "The attacking Player may advance all his participating units one extra hex more than the
    advance normally permitted by this result (if the units are non-tank, non-mechanized infantry,
    they may deviate from the path of retreat in the last hex advanced into)": D3(1)* with `advance:
    ask`; the German retreats 1013-1014-1015 on the US path; 119/30/19 (infantry) may advance four
    hexes, the fourth off the path; the defender's form shows the attacker's path. 1035/59/81, which
    sat out in 1012 and retreats with the stack, loses its ZOC too ("All units retreating due to this
    combat"), so nothing halts the advance at 1014."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "175/29/19": ("1011", "3-04"),
                                      "1150/183/12": ("1012", "2-01"), "1035/59/81": "1012"}, phase="combat")
    dice = ScriptedDice(6, 6)
    GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19", "175/29/19"], "advance": "ask"}], dice)
    GAME.apply(data, state, "german", [{"defend": "1012", "with": "1150/183/12"}], dice)
    GAME.apply(data, state, "allied", [{"combat": "1012", "retreat": ["1013", "1014", "1015"]}], ScriptedDice())
    assert GAME.template(data, state, "german")["orders"][0]["retreat"] == ["1013", "1014", "1015"]
    answer(data, state, "1012", ["1150/183/12"], ["1013", "1014", "1015"])
    assert state["awaiting_choice"] == {"kind": "advance", "side": "allied", "hex": "1012"}
    assert {"1150/183/12", "1035/59/81"} <= set(state["no_zoc"])
    [message] = problems(data, state, [{"advance": "119/30/19", "path": ["1012", "0913", "0914"]}])
    assert "follows the path of retreat" in message
    [message] = problems(data, state, [{"advance": "119/30/19", "path": ["1012", "1013", "1014", "1015", "1016"]}])
    assert "at most 4 hex(es)" in message
    assert problems(data, state, [{"advance": "119/30/19", "path": ["1012", "1013", "1014", "0914"]}]) == []
    GAME.apply(data, state, "allied", [{"advance": "119/30/19", "path": ["1012", "1013", "1014", "0914"]}], ScriptedDice())
    assert state["units"]["119/30/19"]["hex"] == "0914"
