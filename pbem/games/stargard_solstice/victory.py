"""14.0 victory: the VP hexes (14.1, 14.1.1, 14.3.1), Arnswalde and Bahn relieved (14.1.2), the
count and the victory levels at the end (14.3).

At the start the German player controls every VP hex (14.1). A combat unit that exerts a ZOC
(a printed attack of 1 or more, 4.2) and has a defence of 1 or more (14.1.1) takes control of a
VP hex by entering it — moving, retreating or advancing. When a Soviet unit takes one, the
Soviet player picks up its marker "with its correct side showing (according to the marker's
historical capture date)": the higher value up to and on that turn, the lower after it (1.5.5,
14.3.1; victory.vp_hexes.capture_turns); the German player taking it back takes the marker
back. In the VP marker segment (2.6.1) a German-held Arnswalde or Bahn reached by an EZOC-free
German supply line shows its lower value from then on (14.1.2)."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import is_hq, printed, side_of, zoc_of, trial_copy

VICTORY = "victory.vp_hexes"


def towns(data: GameData) -> dict[str, dict]:
    """Hex -> (town key, its entry) of every VP hex (14.3.1)."""
    listed = data.get(f"{VICTORY}.hexes", "the VP hexes (14.3.1)")
    return {str(unwrap(v["hex"])): {"town": k, **v} for k, v in listed.items() if isinstance(v, dict)}


def marker(data: GameData, state: dict, town: str) -> int:
    """The value a Soviet player picks up now (1.5.5, 14.1, 14.1.2)."""
    side = "after" if town in state.get("relieved", []) else None
    if side is None:
        turn = numbers.integer(data, f"{VICTORY}.capture_turns.{town}", f"the historical capture turn of {town} (1.5.5)")
        side = "before" if state["turn"] <= turn else "after"
    return numbers.integer(data, f"{VICTORY}.hexes.{town}.vp.{side}", f"the {side} VP of {town} (14.3.1)")


def qualifies(data: GameData, state: dict, unit_id: str) -> bool:
    """14.1.1: a combat unit that exerts a ZOC and has a defence value of 1 or more."""
    return (not is_hq(data, unit_id) and printed(data, state, unit_id, "attack") >= 1
            and printed(data, state, unit_id, "defense") >= 1)


def enter(data: GameData, state: dict, unit_id: str, path: list[str], events: list) -> None:
    """A unit entering the hexes of `path` takes control of the VP hexes among them (14.1)."""
    if "vp" not in state:
        return
    vp = towns(data)
    for hex_id in path:
        if hex_id not in vp or not qualifies(data, state, unit_id):
            continue
        town, side = vp[hex_id]["town"], side_of(state, unit_id)
        if state["vp"][town] == side:
            continue
        state["vp"][town] = side
        if side == "soviet":
            state["vp_held"][town] = marker(data, state, town)
        else:
            state["vp_held"].pop(town, None)
        events.append({"event": "vp_hex", "town": town, "hex": hex_id, "side": side, "vp": state["vp_held"].get(town)})


def enter_check(data: GameData, state: dict, unit_id: str, path: list[str]) -> None:
    """What `enter` needs known, asked on a copy (a check never changes the state)."""
    enter(data, trial_copy(state), unit_id, path, [])


def relief(data: GameData, state: dict, events: list) -> None:
    """14.1.2: in the VP marker segment, a German-held Arnswalde or Bahn that an EZOC-free German
    supply line reaches shows its lower value from then on."""
    from .supply import sources_of_side, supplied_hexes
    if "vp" not in state:
        return
    ezoc = zoc_of(data, state, "soviet")          # the Soviet ZOCs the German line avoids
    reached: set[str] | None = None
    for hex_id, entry in sorted(towns(data).items()):
        town = entry["town"]
        if "festung_rule" not in entry or state["vp"][town] != "german" or town in state["relieved"] or hex_id in ezoc:
            continue           # the line reaches into the city: the city itself free of EZOCs too
        if reached is None:
            reached = supplied_hexes(data, state, "german", frozenset(sources_of_side(data, "german")), negate=False)
        if hex_id in reached:
            state["relieved"].append(town)
            events.append({"event": "relieved", "town": town, "rule": "14.1.2"})


OPTIONAL = "optional.optional_rules"
DELAYED = f"{OPTIONAL}.delayed_withdrawal_39th_panzer_corps"


def delayed_withdrawal(data: GameData, state: dict, events: list) -> None:
    """16.4 (optional): "At the start of turn 5, the Soviet player earns 1/2 VP if the withdrawal of
    the 39th Panzer Corps ... has not been triggered by the random event table, and continues
    earning 1/2 VP per turn until it is withdrawn" — counted at the start of each turn up to the
    last, while Defend the Reich (19.1.3) has not occurred."""
    if "16.4" not in state.get("optional", []) or "reich" in state or state["turn"] > state["last_turn"]:
        return
    if state["turn"] < numbers.integer(data, f"{DELAYED}.from_turn", "the first turn of the 16.4 VPs"):
        return
    state["delayed_turns"] = state.get("delayed_turns", 0) + 1
    events.append({"event": "delayed_withdrawal", "turn": state["turn"], "rule": "16.4"})


def terms(data: GameData, state: dict) -> dict[str, int]:
    """14.1: "the Soviet player totals their number of VPs, adding any VPs from 19.1.3 (Defend the
    Reich), and from this total subtracts any VPs caused by 12.6 and 16.1. Finally, subtract any
    German VPs (only available with optional rules 16.2 & 16.4)". 16.4's VPs, rounded up (16.4),
    are the Soviet player's unless the group reads 14.1's list (reading SS7). The 12.6/16.1
    penalties: the data's cost per turn the Soviet withdrew a chit (campaigns of behaviour 3)."""
    out = {}
    if "reich_vps" in state:
        out["defend_the_reich"] = int(state["reich_vps"])
    if "withdrawals" in state:
        from .withdrawal import penalty
        out.update(penalty(data, state))
    if "16.4" in state.get("optional", []):
        per_turn = numbers.fraction(data, f"{DELAYED}.soviet_vp_per_turn", "the 16.4 VPs per turn")
        earned = -(-(per_turn * state.get("delayed_turns", 0)) // 1)          # 16.4: round fractions up
        goes = numbers.text(data, "victory.score.optional_16_4_vps_go_to", "whose the 16.4 VPs are (SS7)")
        out["delayed_withdrawal"] = int(earned) if goes == "soviet" else -int(earned)
    if "german_vps" in state:
        out["german_vps"] = -int(state["german_vps"])                          # 16.2
    return out


def count(data: GameData, state: dict) -> dict:
    """14.1, 14.3: the Soviet VPs of the markers held and the other terms, and the victory level."""
    extra = terms(data, state)
    total = sum(state["vp_held"].values()) + sum(extra.values())
    levels = data.get("victory.levels.table", "the victory levels (14.3)")

    def within(bounds: dict) -> bool:          # the table's first and last levels are open-ended
        low, high = bounds.get("min"), bounds.get("max")
        return (low is None or total >= low) and (high is None or total <= high)
    level = next(str(unwrap(e["level"])) for e in levels if within(unwrap(e["vp"])))
    result = {"event": "victory", "vp": total, "level": level, "rule": "14.3"}
    if extra:
        result["terms"] = {"vp_markers": sum(state["vp_held"].values()), **extra}
    return result
