"""End of the Iron Dream, behaviour 3: the satellite armies that come back in a Replacement Phase
(5.1.1, 5.3.1), as a leading order of the first Operational Movement file, `recreate: UNIT`:

- 19.1.1 D: after Romania's defection, from the Soviet Replacement Phase after Bucharest is
  liberated, while it has regular GS to the eastern board edge (the Soviet GS lines, 15.13), one
  Romanian army a turn is placed in Bucharest, now Soviet; 19.1.3: only the ones taken off at the
  defection (19.1.1 C) — a Romanian army destroyed after its return is never replaced, and none
  uses replacement capacity;
- 19.3 F: one Hungarian unit a game is replaced from the dead pile; it appears at Budapest, if
  Axis-controlled, two turns after its destruction (on that turn's Axis Replacement Phase: a
  reading of "appears ... two turns after"), using no German replacement steps.

Both come back at full strength (28.1: one-step armies), stacking observed (7.10). The hexes are
`map.places.bucharest.hex` and `map.places.budapest.hex`."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import counter, full_steps, grid, plays, stacking_problem
from .supply_play import control, lines

ORDER = "`recreate: UNIT` places a Romanian army in Bucharest (19.1.1 D) or the Hungarian replacement in Budapest (19.3 F)"
HUNGARY = "special.satellites.hungary"


def city(data: GameData, name: str, rule: str) -> str:
    return grid(data).canonical(numbers.text(data, f"map.places.{name}.hex", f"the hex of {name.title()} ({rule})"))


def book(state: dict) -> dict:
    """The satellites' record (behaviour 3): Hungarian deaths by turn, the Hungarian replacement used,
    the turn of the last Romanian return."""
    return state.setdefault("satellites", {})


def nation(data: GameData, unit_id: str) -> str:
    return str(unwrap(counter(data, unit_id).get("nation")))


def problem(data: GameData, trial: dict, order: dict) -> str | None:
    """One `recreate:` order; a legal one places the unit on `trial`."""
    unit_id = order.get("recreate")
    if set(order) != {"recreate"} or not isinstance(unit_id, str):
        return ORDER
    if not plays(data, 3):
        return "recreating satellite units is played from End of the Iron Dream behaviour 3 (this campaign plays an earlier one)"
    if unit_id in trial["units"]:
        return f"{unit_id} is on the map"
    kind = nation(data, unit_id) if unit_id in data.get("units.counters", "the unit counters") else "none"
    if kind == "romanian" and trial["army"] == "soviet":
        why, hex_id, side = romanian_problem(data, trial, unit_id), city(data, "bucharest", "19.1.1 D"), "soviet"
    elif kind == "hungarian" and trial["army"] == "axis":
        why, hex_id, side = hungarian_problem(data, trial, unit_id), city(data, "budapest", "19.3 F"), "axis"
    else:
        return f"{unit_id}: only the Soviets recreate Romanian armies (19.1.1 D) and the Axis one Hungarian unit (19.3 F)"
    why = why or stacking_problem(data, trial, side, [unit_id], hex_id)
    if why:
        return why
    trial["units"][unit_id] = {"side": side, "hex": hex_id, "steps": full_steps(data, unit_id)}
    trial["dead"] = [d for d in trial["dead"] if d["unit"] != unit_id]
    record = {**book(trial)}
    if side == "soviet":
        record["romanian_returned"] = trial["turn"]
    else:
        record["hungarian_replaced"] = unit_id
        record["hungarian_dead"] = {u: t for u, t in record.get("hungarian_dead", {}).items() if u != unit_id}
    trial["satellites"] = record
    return None


def romanian_problem(data: GameData, trial: dict, unit_id: str) -> str | None:
    """19.1.1 D, 19.1.3."""
    if "romania" not in trial.get("victory", {}).get("defected", {}):
        return f"{unit_id}: Romanian armies return to play only after Romania's defection (19.1.1 C-D)"
    if any(d["unit"] == unit_id for d in trial["dead"]):
        return f"{unit_id} was destroyed after the alliance switch: Romanian armies are never replaced (19.1.3)"
    if book(trial).get("romanian_returned") == trial["turn"]:
        return "one Romanian army a turn returns to play (19.1.1 D)"
    bucharest = city(data, "bucharest", "19.1.1 D")
    if control(data, trial).get(bucharest) != "soviet":
        return f"Bucharest ({bucharest}) is not liberated: the Romanian armies return there (19.1.1 D)"
    reach = lines(data, trial, "soviet")[4]
    if bucharest not in reach:
        return f"Bucharest ({bucharest}) has no regular GS line to the eastern board edge (19.1.1 D, 15.13)"
    return None


def hungarian_problem(data: GameData, trial: dict, unit_id: str) -> str | None:
    """19.3 F."""
    done = book(trial).get("hungarian_replaced")
    if done:
        return f"the one Hungarian replacement of the game was {done} (19.3 F)"
    died = book(trial).get("hungarian_dead", {}).get(unit_id)
    if died is None:
        return f"{unit_id} is not a Hungarian unit in the dead pile (19.3 F)"
    delay = numbers.integer(data, f"{HUNGARY}.replacement_delay_turns", "the turns a Hungarian replacement waits (19.3 F)")
    if trial["turn"] != died + delay:
        return f"{unit_id}, destroyed on Turn {died}, appears at Budapest on Turn {died + delay} (19.3 F)"
    budapest = city(data, "budapest", "19.3 F")
    if control(data, trial).get(budapest) != "axis":
        return f"Budapest ({budapest}) is not under Axis control: the Hungarian replacement appears there (19.3 F)"
    return None


def event(state: dict, unit_id: str) -> dict:
    unit = state["units"][unit_id]
    rule = "19.1.1 D" if unit["side"] == "soviet" else "19.3 F"
    return {"event": "recreated", "unit": unit_id, "hex": unit["hex"], "side": unit["side"], "rule": rule}


def watch(data: GameData, state: dict, events: list) -> None:
    """After every step (behaviour 3): the turn each Hungarian unit reached the dead pile (19.3 F),
    the turn of the next `player_turn_over` event after its elimination (a step may end the turn)."""
    dead = {d["unit"] for d in state["dead"] if unwrap(counter(data, d["unit"]).get("nation")) == "hungarian"}
    known = state.get("satellites", {}).get("hungarian_dead", {})
    new = {}
    for unit_id in sorted(dead - set(known)):
        turn = state["turn"]
        for index, e in enumerate(events):
            if e.get("event") == "eliminated" and e.get("unit") == unit_id:
                later = [x["turn"] for x in events[index:] if x.get("event") == "player_turn_over"]
                turn = later[0] if later else state["turn"]
        new[unit_id] = turn
    if new:
        book(state)["hungarian_dead"] = dict(sorted({**known, **new}.items()))
