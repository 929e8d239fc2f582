"""End of the Iron Dream, behaviour 3: German sea movement (13.0-13.7; 5.1.4), the Axis orders
of the Sea Movement Phase (after the strategic moves, before any operational move, in the first
file): `sail: UNIT, to: HEX`.

- Baltic (13.1-13.6): one German unit a player-turn, starting in a Baltic port or on a Baltic
  coastal hex (map.hexes.HEX.coast: baltic), to another German-controlled Baltic port (the hexes
  of the 13.1 B ports, `game.movement.german_sea_movement.baltic_port_hexes`, printed on the
  map); not after a strategic move (13.2); supply does not matter (13.6). At disembarkation one
  die on the German Sea Movement Chart (13.4 A: `...losses.results.DIE`, the steps the unit
  loses; a unit losing all its steps goes to the Permanently Destroyed Units Box, 13.4 B). The
  unit takes part in nothing else this player-turn (13.5 B).
- The Scheldt (13.7): once in the game, on one turn of fair weather in 1944 (before
  game.turns.iron_dream.first_turn_of_1945), one or two non-mechanized steps starting in X11
  or X12 cross to the other hex, both German-controlled; no die.
SUs, OKH included, sail as combat units do (13.3; an SU losing its step on the chart is
permanently destroyed, 13.4 B)."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import calendar, strategic
from .common import counter, grid, is_type, mapdata, set_steps, stacking_problem
from .supply_play import control

DATA = "game.movement.german_sea_movement"


def ports(data: GameData) -> set[str]:
    return {grid(data).canonical(h) for h in numbers.texts(data, f"{DATA}.baltic_port_hexes",
                                                            "the hexes of the Baltic ports of 13.1 B")}


def chart(data: GameData) -> dict[int, int]:
    """13.4 A: the German Sea Movement Chart, die -> steps lost (read whole before the die)."""
    return {die: numbers.integer(data, f"{DATA}.losses.results.{die}", f"the German Sea Movement Chart's {die} (13.4 A)")
            for die in range(1, 7)}


def scheldt(data: GameData) -> tuple[str, str]:
    a, b = numbers.texts(data, f"{DATA}.scheldt.hexes", "the two hexes of the Scheldt estuary crossing (13.7 C)")
    return grid(data).canonical(a), grid(data).canonical(b)


def sail_problem(data: GameData, trial: dict, rec: dict, unit_id: str, to: str) -> str | None:
    """13.1-13.7 for one German sea move; a legal one moves the unit on `trial` (the die comes at
    apply)."""
    if unit_id not in trial["units"] or trial["units"][unit_id]["side"] != "axis":
        return f"{unit_id} is not an Axis unit on the map"
    if unwrap(counter(data, unit_id).get("nation")) != "german":
        return f"{unit_id} is not German: only Germany moves by sea (13.1 A, 4.6)"
    why = strategic.done_problem(trial, unit_id)
    if why:
        return f"{why}; nor may it sea move (13.2)"
    try:
        hex_id = grid(data).canonical(to)
    except ValueError as exc:
        return str(exc)
    here = trial["units"][unit_id]["hex"]
    if {here, hex_id} == set(scheldt(data)):
        why = scheldt_problem(data, trial, rec, unit_id)
    else:
        why = baltic_problem(data, trial, rec, here, hex_id)
    from .okh import enter_problem as okh_problem                            # 25.10 B (behaviour 4)
    why = why or okh_problem(data, unit_id, hex_id)
    if why:
        return why
    crowd = stacking_problem(data, trial, "axis", [unit_id], hex_id)
    if crowd:
        return crowd
    trial["units"][unit_id]["hex"] = hex_id
    return None


def baltic_problem(data: GameData, trial: dict, rec: dict, here: str, to: str) -> str | None:
    most = numbers.integer(data, f"{DATA}.units_per_turn", "the German units sea moving a turn (13.1 A)")
    if len([u for u in rec["units"] if u not in rec.get("scheldt", [])]) >= most:
        return f"Germany sea moves {most} unit a turn in the Baltic (13.1 A, 5.1.4 A)"
    baltic = ports(data)
    if here not in baltic and mapdata(data).info(here).get("coast") != "baltic":
        return f"{here} is not a Baltic port or Baltic coastal hex (13.1 A)"
    if to not in baltic or to == here or control(data, trial).get(to) != "axis":
        return f"{to} is not another German-controlled Baltic port (13.1 A: not a coastal hex without a port)"
    chart(data)
    return None


def scheldt_problem(data: GameData, trial: dict, rec: dict, unit_id: str) -> str | None:
    """13.7 B-F."""
    done = trial.get("scheldt")
    if done is not None and done != trial["turn"]:
        return f"the Scheldt crossing was used on Turn {done}: only once (13.7 B)"
    last = numbers.integer(data, "game.turns.iron_dream.first_turn_of_1945", "the first turn of 1945 (13.7 B)")
    if trial["turn"] >= last or calendar.weather(data, trial["scenario"], trial["turn"]) != calendar.FAIR:
        return "the Scheldt crossing is made only in clear weather turns in 1944 (13.7 B)"
    if not is_type(data, unit_id, "non_mechanized"):
        return f"{unit_id} is not non-mechanized: only non-mechanized steps cross the Scheldt (13.7 C)"
    most = numbers.integer(data, f"{DATA}.scheldt.most_steps", "the steps crossing the Scheldt (13.7 C)")
    steps = sum(trial["units"][u]["steps"] for u in [*rec.get("scheldt", []), unit_id])
    if steps > most:
        return f"{steps} steps would cross the Scheldt: one or two (13.7 C)"
    owner = control(data, trial)
    if any(owner.get(h) != "axis" for h in scheldt(data)):
        return "both Scheldt hexes must be German-controlled at the crossing (13.7 D)"
    trial["scheldt"] = trial["turn"]
    rec["scheldt"] = [*rec.get("scheldt", []), unit_id]
    return None


def disembark(data: GameData, state: dict, unit_id: str, dice: Dice, events: list) -> None:
    """13.4 A-B: the German Sea Movement Chart's die at disembarkation."""
    table = chart(data)
    die = dice.roll(f"sea/{unit_id}", 6, about=f"German Sea Movement Chart for {unit_id} (13.4 A)")
    lost = table[die]
    events.append({"event": "sea_losses", "unit": unit_id, "die": die, "steps": lost, "rule": "13.4 A"})
    if lost:
        set_steps(state, unit_id, max(0, state["units"][unit_id]["steps"] - lost), events, "German Sea Movement Chart (13.4 A)")
    if unit_id not in state["units"]:
        state["dead"] = [{**d, "permanent": True} if d["unit"] == unit_id else d for d in state["dead"]]    # 13.4 B
