"""15.0 Commander Units (optional, `--option commanders=true`): the all out assault they make
possible (13.2, 7.1.5.2) and their command range (15.3, 15.8).

13.2 B: "An attacker may reserve the option for an all out assault, by declaring so before a
battle, if all attacking units are within range of an eligible leader." The battle order names
the leader (`all_out: LEADER`) and the attacking unit that takes the mandatory step (13.2.3 A,
`all_out_loss: UNIT`: the attacker's pick, made with the declaration so it costs no email). A
leader is eligible while battles declared with it this player turn are fewer than its attack
option capability (15.1 A, printed on the counter: `units.counters.ID.attack_option`). If the
battle's result is indecisive (13.2.1 A: no defender retreated or lost a step, no attacker did;
13.2.1 C not a fire fight nor a counterattack), the assault is made at once (13.2.2 A), the same
attack at the same odds, column and modifiers (13.2.2 B), after the mandatory step (13.2.3 A);
only once (13.2.1 B).
"""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from ...kit import numbers
from .common import board, counter, in_class, mapdata, unit_type

COUNTER = "the commander's counter (15.0 B)"
LIMITS = ("none", "british_only", "no_non_ss_armor")          # 15.8 A, 15.8 B


def on(state: dict) -> bool:
    return state["options"].get("commanders") is True              # absent in campaigns begun before the option


def command_range(data: GameData, state: dict, leader: str) -> int:
    """15.3 A: twice the MA, the MA if adjacent to an enemy unit; B nothing else changes it."""
    unit = state["units"][leader]
    ma = numbers.integer(data, f"units.counters.{leader}.movement", f"the MA of {leader} ({COUNTER})")
    grid, bd = mapdata(data).grid, board(state)
    adjacent = any(bd.enemies_in(n, unit["side"]) for n in grid.neighbours(unit["hex"]))
    key = "adjacent_to_enemy" if adjacent else "normal"
    return ma * numbers.integer(data, f"special.commanders_optional.command_range_factor.{key}",
                                "the command range as a multiple of the MA (15.3 A)")


def commands(data: GameData, leader: str, unit_id: str) -> bool:
    """15.8: the British leader commands British units only (A); the 6th Panzer Army leader no non-SS
    armored nor armored infantry division (B). The counter says which (`command_limit`)."""
    limit = numbers.text(data, f"units.counters.{leader}.command_limit",
                         f"which 15.8 limit applies to {leader}: one of {', '.join(LIMITS)}")
    c = counter(data, unit_id)
    if limit == "british_only":
        return str(c.get("nationality")) == "british"
    if limit == "no_non_ss_armor":
        return not (str(c.get("nationality")) != "ss" and unit_type(data, unit_id) in ("armor", "armored_infantry"))
    return True


def all_out_problems(data: GameData, state: dict, side: str, order: dict, units: list, used: dict[str, int]) -> list[str]:
    """13.2 B, 15.1 A, 15.3, 15.8: the declaration of an all out assault with a battle."""
    if "all_out" not in order and "all_out_loss" not in order:
        return []
    if not on(state):
        return ["an all out assault needs an eligible leader: play with the optional commanders (--option "
                "commanders=true, 13.2 B, 15.0)"]
    leader = str(order.get("all_out"))
    unit = state["units"].get(leader)
    if unit is None or unit["side"] != side or not in_class(data, leader, "leader"):
        return [f"`all_out:` names a {side} leader on the map (13.2 B), not {leader!r}"]
    if order.get("all_out_loss") not in units:
        return ["`all_out_loss:` names the attacking unit of this battle that takes the mandatory step (13.2.3 A)"]
    problems = []
    capacity = numbers.integer(data, f"units.counters.{leader}.attack_option", f"the attack option capability of {leader} ({COUNTER}, 15.1 A)")
    used[leader] = used.get(leader, 0) + 1
    if state["all_out_used"].get(leader, 0) + used[leader] > capacity:
        problems.append(f"{leader}'s attack option capability is {capacity} battle(s) a player turn (15.1 A)")
    reach = command_range(data, state, leader)
    grid = mapdata(data).grid
    far = [u for u in units if u in state["units"] and grid.distance(unit["hex"], state["units"][u]["hex"]) > reach]
    if far:
        problems.append(f"every attacking unit must be within {leader}'s command range of {reach} hexes (13.2 B, 15.3 A): {', '.join(far)}")
    barred = [u for u in units if not commands(data, leader, u)]
    if barred:
        problems.append(f"{leader} may not command {', '.join(barred)} (15.8)")
    return problems


def declare(state: dict, battle: dict, order: dict) -> None:
    if "all_out" in order:
        battle["all_out"] = {"leader": str(order["all_out"]), "loses": str(order["all_out_loss"])}
        state["all_out_used"][battle["all_out"]["leader"]] = state["all_out_used"].get(battle["all_out"]["leader"], 0) + 1
        if "all_out_again" in order and revised(state):                     # 15.6: one more use of the capability
            battle["all_out"]["again"] = str(order["all_out_again"])
            state["all_out_used"][battle["all_out"]["leader"]] += 1


def snapshot(state: dict, battle: dict) -> dict[str, list]:
    return {u: [state["units"][u]["hex"], state["units"][u]["steps"]] for u in sorted(battle["attackers"] + battle["defenders"])
            if u in state["units"]}


def due(state: dict, battle: dict) -> bool:
    """13.2.1: declared, the first attack (not a counterattack, C), indecisive (A), not a fire fight (C), once (B);
    15.6 a second by Manteuffel or Patton."""
    if "all_out" not in battle or not battle["first"]:
        return False
    if battle.get("all_out_done"):
        return again_due(state, battle)
    if any(token in ("CA", "FF") for token in str(battle["result"]).split("/")):
        return False
    return snapshot(state, battle) == battle["before"] and set(battle["before"]) >= set(battle["attackers"] + battle["defenders"])


def start(data: GameData, state: dict, battle: dict, events: list) -> None:
    """13.2.2 A at once, 13.2.3 A the mandatory step first; the roll again at the same odds (13.2.2 B, C)."""
    from .answers import lose_step
    second = bool(battle.get("all_out_done"))                             # 15.6: the second all out assault
    battle["again_done" if second else "all_out_done"] = True
    loses = battle["all_out"]["again" if second else "loses"]
    events.append({"event": "all_out", "number": battle["number"], "leader": battle["all_out"]["leader"], "loses": loses,
                   **({"second": True} if second else {})})
    if loses in state["units"]:
        lose_step(data, state, loses, events, "the all out assault's mandatory loss (13.2.3 A" + (", 15.6)" if second else ")"))
    battle.update({"rolled": False, "round": battle.get("round", 0) + 1})


def fixed_roll(battle: dict) -> Any:
    """13.2.2 B: the all out assault rolls on the first attack's column with its modifiers."""
    return battle.get("same_odds") if battle.get("all_out_done") else None


# -- 13.5.1 E with 15.2 A: staying put needs a commander ----------------------------------------------
def defence_problem(data: GameData, state: dict, side: str, due: dict, order: dict, battle: dict) -> str | None:
    """13.5.1 E (optional, played with the commanders): "Units must retreat their full distance unless a
    friendly commander is within command range"; 15.2 A that commander's defense option capability is the
    number of battles in which the defender may lose steps rather than retreat, every defending unit within
    its range (reading DD12). `commander: LEADER` in the answer names it; once a battle, then free."""
    if not on(state) or due["attackers_result"] or not due["options"] or order.get("choose") == due["options"][0]:
        return None
    if battle.get("defence_commander"):
        return None
    leader = order.get("commander")
    unit = state["units"].get(leader) if isinstance(leader, str) else None
    if unit is None or unit["side"] != side or not in_class(data, str(leader), "leader"):
        return (f"units must retreat their full distance ({due['options'][0]}) unless a friendly commander within command range "
                f"uses its defense option: name it with `commander: LEADER` (13.5.1 E, 15.2 A)")
    capacity = numbers.integer(data, f"units.counters.{leader}.defense_option", f"the defense option capability of {leader} ({COUNTER}, 15.2 A)")
    if state["defence_used"].get(str(leader), 0) >= capacity:
        return f"{leader}'s defense option capability is {capacity} battle(s) a player turn (15.2 A)"
    reach = command_range(data, state, str(leader))
    grid = mapdata(data).grid
    far = [u for u in due["units"] if grid.distance(unit["hex"], state["units"][u]["hex"]) > reach]
    if far:
        return f"every defending unit must be within {leader}'s command range of {reach} hexes (15.2 A, 15.3 A): {', '.join(far)}"
    barred = [u for u in due["units"] if not commands(data, str(leader), u)]
    if barred:
        return f"{leader} may not command {', '.join(barred)} (15.8)"
    return None


def use_defence(state: dict, battle: dict, order: dict) -> None:
    if on(state) and "commander" in order and not battle.get("defence_commander"):
        battle["defence_commander"] = str(order["commander"])
        state["defence_used"][battle["defence_commander"]] = state["defence_used"].get(battle["defence_commander"], 0) + 1


# -- behaviour 3: the leaders' strengths (15.1 B, 15.2 B, 15.5 A), road rate (15.4 B), set-up (15.7 B) ------------
def revised(state: dict) -> bool:
    """The commanders played in a campaign of behaviour 3 (its state holds the strategic movement markers)."""
    return on(state) and "strategic" in state


def leader_strength(data: GameData, state: dict, leader: str, units: list, which: str) -> int:
    """15.1 B: Patton and Manteuffel only add their attack option capability as attack strength, stacked with
    another friendly unit of the attack (C: never alone); 15.2 B any leader stacked with a defending unit adds its
    defense option capability as defense strength; 15.5 A a leader attacked alone defends at zero."""
    here = state["units"][leader]["hex"]
    stacked = [u for u in units if u != leader and u in state["units"] and state["units"][u]["hex"] == here
               and not in_class(data, u, "leader")]
    if not stacked:
        return 0
    if which == "attack":
        named = {numbers.text(data, f"special.commanders_optional.{who}_unit_id", f"the counter id of {who.title()} (15.1 B)")
                 for who in ("patton", "manteuffel")}
        return numbers.integer(data, f"units.counters.{leader}.attack_option", f"the attack option capability of {leader} "
                               f"({COUNTER}, 15.1 B)") if leader in named else 0
    return numbers.integer(data, f"units.counters.{leader}.defense_option", f"the defense option capability of {leader} "
                           f"({COUNTER}, 15.2 B)")


def move_problem(data: GameData, state: dict, unit_id: str) -> str | None:
    """15.7 B: the Allied 1st Army and VII Corps commanders (set up in Spa and Bastogne) are not eligible to
    move until the AM 18 December Game-Turn (their counter ids: group data)."""
    from .common import turn_of
    if not revised(state) or not in_class(data, unit_id, "leader") or state["units"][unit_id]["side"] != "allies":
        return None
    fixed = numbers.texts(data, "special.commanders_optional.allied_initial_leader_ids",
                          "the counter ids of the Allied 1st Army and VII Corps commanders (15.7 B)")
    first = turn_of(data, numbers.text(data, "special.commanders_optional.allied_initial_may_move_from", "15.7 B"))
    if unit_id in fixed and state["turn"] < first:
        return f"{unit_id} is not eligible to move until the AM 18 December Game-Turn (15.7 B)"
    return None


def road_rate_over(data: GameData, state: dict, unit_id: str, others: list) -> list:
    """15.4 B: leaders move over friendly units at the road rate, and units over leaders (behaviour 3)."""
    if not revised(state):
        return others
    if in_class(data, unit_id, "leader"):
        return []
    return [u for u in others if not in_class(data, u, "leader")]


# -- 15.9 Dietrich's tactical incompetency (optional, `--option dietrich=true`) ---------------------------------
def dietrich_problem(data: GameData, state: dict, unit_id: str, what: str) -> str | None:
    """15.9 A: the 150th Panzer Brigade and all SS units may not move or attack in the standard Movement and
    Combat Phases of AM and PM 16 December; B no shock combat until after the PM 16 December Exploitation Phase."""
    from .common import turn_label
    if state["options"].get("dietrich") is not True or not turn_label(data, state["turn"]).endswith(" 16 December"):
        return None
    brigade = numbers.text(data, "game.zones_of_control.infiltration_150th_panzer_brigade.unit_id",
                           "the counter id of the 150th Panzer Brigade (12.4, 15.9 A)")
    if unit_id == brigade or str(counter(data, unit_id).get("nationality")) == "ss":
        rule = "15.9 B" if what == "perform shock combat" else "15.9 A"
        return f"{unit_id} may not {what} on the 16 December turns (Dietrich's tactical incompetency, {rule})"
    return None


# -- 13.8.4.1/13.8.4.2 two integrity bonuses, 15.6 A-C the second all out assault (behaviour 3) -------------------
def captain(data: GameData, state: dict, side: str) -> tuple[str, str] | None:
    """Manteuffel during the German tactical advantage (13.8.4.1, 15.6 A), Patton in clear weather (13.8.4.2, 15.6 B):
    the leader's counter id (group data) and the rules."""
    from .common import clear_weather, tactical_advantage
    if side == "german" and tactical_advantage(data, state["turn"], "german", state):
        return numbers.text(data, "special.commanders_optional.manteuffel_unit_id", "the counter id of Manteuffel (13.8.4.1)"), "13.8.4.1, 15.6 A"
    if side == "allies" and clear_weather(data, state["turn"], state):
        return numbers.text(data, "special.commanders_optional.patton_unit_id", "the counter id of Patton (13.8.4.2)"), "13.8.4.2, 15.6 B"
    return None


def _in_range(data: GameData, state: dict, side: str, leader: str, units: list, rule: str) -> list[str]:
    unit = state["units"].get(leader)
    if unit is None or unit["side"] != side:
        return [f"{leader} is not on the map ({rule})"]
    reach, grid = command_range(data, state, leader), mapdata(data).grid
    far = [u for u in units if u in state["units"] and grid.distance(unit["hex"], state["units"][u]["hex"]) > reach]
    barred = [u for u in units if u in state["units"] and not commands(data, leader, u)]
    return ([f"every attacking unit must be within {leader}'s command range of {reach} hexes ({rule}, 15.3 A): {', '.join(far)}"]
            if far else []) + ([f"{leader} may not command {', '.join(barred)} (15.8)"] if barred else [])


def double_integrity_problems(data: GameData, state: dict, side: str, order: dict, units: list, divisions: Any) -> list[str]:
    """`integrity: 2`: two bonuses in one attack, not an all out assault, every attacker within Manteuffel's range
    in the German tactical advantage or Patton's in clear weather, two divisions with integrity; 13.8.4.2 B
    `drop_second_on_firefight: true` (the Allies) ignores the second bonus where it gives a fire fight."""
    if order.get("integrity") != 2 and "drop_second_on_firefight" not in order:
        return []
    if not revised(state):
        return ["two divisional integrity bonuses (13.8.4.1, 13.8.4.2) need the optional commanders (--option commanders=true) "
                "in a campaign of Dark December behaviour 3"]
    if order.get("integrity") != 2 or (order.get("drop_second_on_firefight") is not None and side != "allies"):
        return ["`drop_second_on_firefight: true` goes with the Allies' `integrity: 2` (13.8.4.2 B)"]
    found = captain(data, state, side)
    if found is None:
        return ["two divisional integrity bonuses only during the German tactical advantage (13.8.4.1) or for the Allies in "
                "clear weather (13.8.4.2)"]
    leader, rule = found
    problems = ["two divisional integrity bonuses are not for an all out assault (13.8.4.1, 13.8.4.2)"] if "all_out" in order else []
    problems += _in_range(data, state, side, leader, units, rule.split(",")[0])
    if divisions() < 2:
        problems.append(f"two attacking divisions must each have divisional integrity for two bonuses (13.8.1 A, {rule.split(',')[0]})")
    return problems


def again_problems(data: GameData, state: dict, side: str, order: dict, units: list, used: dict[str, int]) -> list[str]:
    """15.6 A/B: `all_out_again: UNIT` with an all out assault led by Manteuffel (German tactical advantage) or Patton
    (clear weather): a second one if the first fails too, UNIT taking its mandatory step; one more use of his attack
    option capability."""
    if "all_out_again" not in order:
        return []
    if not revised(state) or "all_out" not in order:
        return ["`all_out_again:` goes with an all out assault (`all_out:`) in a campaign of Dark December behaviour 3 (15.6)"]
    found = captain(data, state, side)
    if found is None or found[0] != str(order["all_out"]):
        return ["only Manteuffel during the German tactical advantage (15.6 A) or Patton in clear weather (15.6 B) makes a "
                "second all out assault"]
    if order["all_out_again"] not in units:
        return ["`all_out_again:` names the attacking unit of this battle that takes the second mandatory step (15.6, 13.2.3 A)"]
    leader = found[0]
    capacity = numbers.integer(data, f"units.counters.{leader}.attack_option", f"the attack option capability of {leader} ({COUNTER}, 15.6)")
    used[leader] = used.get(leader, 0) + 1
    if state["all_out_used"].get(leader, 0) + used[leader] > capacity:
        return [f"{leader}'s attack option capability is {capacity} battle(s) a player turn, the second assault one more (15.6, 15.1 A)"]
    return []


def again_due(state: dict, battle: dict) -> bool:
    """15.6 C: the initial attack and the first all out assault both failed to affect the defender (and 13.2.1 the
    preconditions: no fire fight nor counterattack, no attacker retreated)."""
    if "again" not in battle["all_out"] or battle.get("again_done") or not battle.get("all_out_done"):
        return False
    if any(token in ("CA", "FF") for token in str(battle["last_result"]).split("/")):
        return False
    now = snapshot(state, battle)
    return all(now.get(u) == battle["before"][u] for u in battle["before"] if u in battle["defenders"]) and all(
        u in now and now[u][0] == battle["before"][u][0] for u in battle["before"] if u in battle["attackers"])
