"""19.1.3 Defend the Reich and its VPs (14.3.2).

"Immediately remove the 39th Panzer Corps' draw chit from the cup"; the units of the divisions it
names (module.defend_the_reich.formations, by their printed suffix) and the 39th Panzer Corps HQ
are picked up when they reach 0716; "in the turn end phase of the turn after the event was drawn,
any remaining units on the map are removed and eliminated from the game. The Soviet player earns 1
VP per unit" — for the units 14.3.2 lists (reading SS4, victory.other_soviet_vps). From the event
on, no unit of the 39th Panzer Corps, FB or FG attacks, and the Munzel HQ's range is 6. The extra
move of the withdrawing units with each German chit is not built (not_enforced)."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import counter

REICH = "module.defend_the_reich"
VPS = "victory.other_soviet_vps"


def needs(data: GameData) -> None:
    """What the event needs known, asked before its die (19.1.3, 14.3.2)."""
    numbers.text(data, f"{REICH}.hq", "the HQ Defend the Reich withdraws (19.1.3)")
    numbers.texts(data, f"{REICH}.formations", "the divisions Defend the Reich withdraws (19.1.3)")
    numbers.text(data, f"{REICH}.pickup_hex", "the hex where withdrawn units are picked up (19.1.3)")
    numbers.integer(data, f"{REICH}.turns_to_withdraw", "the turns to withdraw (19.1.3)")
    numbers.texts(data, f"{VPS}.vp_formations", "the units whose remaining scores (14.3.2, SS4)")
    numbers.flag(data, f"{VPS}.vp_counts_hq", "whether the 39th Panzer Corps HQ scores (14.3.2, SS4)")
    numbers.integer(data, f"{VPS}.vp_per_unit", "the VPs per remaining unit (14.3.2)")
    numbers.text(data, f"{REICH}.no_attack_hq", "the corps whose units no longer attack (19.1.3)")
    numbers.texts(data, f"{REICH}.no_attack_formations", "the divisions that no longer attack (19.1.3)")
    hq = numbers.text(data, f"{REICH}.reduced_range_hq", "the HQ whose range 19.1.3 reduces")
    numbers.integer(data, f"units.counters.{hq}.command_range_after_defend_the_reich",
                    f"the command range of {hq} after Defend the Reich (19.1.3)")


def trigger(data: GameData, state: dict, events: list) -> None:
    """19.1.3: the event occurs; the 39th Panzer Corps' chit leaves the cup for good."""
    hq = numbers.text(data, f"{REICH}.hq", "the HQ Defend the Reich withdraws (19.1.3)")
    state["reich"] = {"turn": state["turn"]}
    state["chits"] = [c for c in state["chits"] if c != hq]
    state["cup"] = [c for c in state["cup"] if c != hq]
    events.append({"event": "defend_the_reich", "chit": hq, "rule": "19.1.3"})


def withdrawing(data: GameData, state: dict, unit_id: str) -> bool:
    """A unit 19.1.3 withdraws: one of its divisions, or the 39th Panzer Corps HQ."""
    if "reich" not in state:
        return False
    if unit_id == numbers.text(data, f"{REICH}.hq", "the HQ Defend the Reich withdraws (19.1.3)"):
        return True
    formations = numbers.texts(data, f"{REICH}.formations", "the divisions Defend the Reich withdraws (19.1.3)")
    return unwrap(counter(data, unit_id).get("formation")) in formations


def pickup(data: GameData, state: dict, unit_id: str, path: list[str], events: list) -> str | None:
    """19.1.3 "When units reach hex 07.16, they are picked up and removed from the map": a
    withdrawing unit's move ends there."""
    if not withdrawing(data, state, unit_id):
        return None
    hex_id = numbers.text(data, f"{REICH}.pickup_hex", "the hex where withdrawn units are picked up (19.1.3)")
    if hex_id not in path:
        return None
    if path[-1] != hex_id:
        return f"{unit_id} is picked up when it reaches {hex_id} (19.1.3): end its path there"
    state["units"].pop(unit_id)
    state.setdefault("withdrawn", []).append(unit_id)
    events.append({"event": "withdrawn", "unit": unit_id, "hex": hex_id, "rule": "19.1.3"})
    return None


def turn_end(data: GameData, state: dict, events: list) -> None:
    """19.1.3, 14.3.2: in the turn end phase of the turn after the event, the units still on the
    map are eliminated, and the Soviet player earns 1 VP for each the VP list names."""
    if "reich" not in state:
        return
    turns = numbers.integer(data, f"{REICH}.turns_to_withdraw", "the turns to withdraw (19.1.3)")
    if state["turn"] != state["reich"]["turn"] + turns - 1:
        return
    hq = numbers.text(data, f"{REICH}.hq", "the HQ Defend the Reich withdraws (19.1.3)")
    counted = numbers.texts(data, f"{VPS}.vp_formations", "the units whose remaining scores (14.3.2, SS4)")
    with_hq = numbers.flag(data, f"{VPS}.vp_counts_hq", "whether the 39th Panzer Corps HQ scores (14.3.2, SS4)")
    per_unit = numbers.integer(data, f"{VPS}.vp_per_unit", "the VPs per remaining unit (14.3.2)")
    left = sorted(u for u in state["units"] if withdrawing(data, state, u))
    scoring = [u for u in left if (u == hq and with_hq) or unwrap(counter(data, u).get("formation")) in counted]
    for unit_id in left:
        side = state["units"].pop(unit_id)["side"]
        state["dead"].append({"unit": unit_id, "side": side})
    state["reich_vps"] = per_unit * len(scoring)
    events.append({"event": "reich_over", "eliminated": left, "vp": state["reich_vps"], "rule": "19.1.3, 14.3.2"})


def attack_ban(data: GameData, state: dict, unit_id: str) -> str | None:
    """19.1.3 "No unit under the 39th Panzer Corps, FB (3rd SS), and FG (Munzel Corps) divisions
    may attack any longer" — from the event on."""
    if "reich" not in state:
        return None
    from .common import commanded_by
    hq = numbers.text(data, f"{REICH}.no_attack_hq", "the corps whose units no longer attack (19.1.3)")
    formations = numbers.texts(data, f"{REICH}.no_attack_formations", "the divisions that no longer attack (19.1.3)")
    if commanded_by(data, unit_id) == hq or unwrap(counter(data, unit_id).get("formation")) in formations:
        return f"{unit_id} may not attack after Defend the Reich (19.1.3)"
    return None


def command_range(data: GameData, state: dict, hq: str) -> int:
    """3.2, 3.3.3 an HQ's command range; 19.1.3 "The Munzel HQ's command range is now reduced from
    "8" to "6"" once the event has occurred."""
    if "reich" in state and hq == numbers.text(data, f"{REICH}.reduced_range_hq", "the HQ whose range 19.1.3 reduces"):
        return numbers.integer(data, f"units.counters.{hq}.command_range_after_defend_the_reich",
                               f"the command range of {hq} after Defend the Reich (19.1.3)")
    return numbers.integer(data, f"units.counters.{hq}.command_range", f"the command range of {hq} (3.3.3)")


def movers(data: GameData, state: dict, hq: str) -> list[str]:
    """19.1.3 "Each time the German player draws a chit from the cup in a subsequent command phase,
    regardless of the corps, they may carry out a regular move (including rail movement but not
    strategic movement) with the units of the 39th PzK, FB (3rd SS), and FG (Munzel Corps)
    divisions, following all command range rules": those within their own HQ's range (3.3.3),
    beside the units `hq` activates; they may not attack (the ban above)."""
    if "reich" not in state or state["active"] != "german":
        return []
    from .common import commanded_by, grid, is_hq
    out = []
    for unit_id in sorted(state["units"]):
        if is_hq(data, unit_id) or state["units"][unit_id]["side"] != "german" or not attack_ban(data, state, unit_id):
            continue
        own = commanded_by(data, unit_id)
        if own is None or own not in state["units"] or own == hq:
            continue
        if grid(data).distance(state["units"][own]["hex"], state["units"][unit_id]["hex"]) <= command_range(data, state, own):
            out.append(unit_id)
    return out

