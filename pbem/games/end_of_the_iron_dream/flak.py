"""End of the Iron Dream, behaviour 3: the Luftwaffe Reich Air Defense Flak corps (25.2).

- A-C, the arrival: from the German player-turn after the collapse (16.7) the Flak corps are
  reinforcements, six, or five if the collapse came before Turn 17 (the sixth, de-flak-6, is
  lost; the counters are the units of type flak, in id order); the Axis places them in its
  Replacement Phase, `place: de-flak-N, at: HEX`, each on a German city (a city hex of
  map.countries.germany) still German-controlled, not more than one per city; 7.7 A doubles
  their MA that turn like any German reinforcement's; 7.8: a withheld one stays due.
- D: no mobile assaults (movement.assaulters_problem); E: alone or with only Flak corps they make
  no prepared assault and defend with their printed 1 DF; F: ZOC, supply, stacking, one step as
  any combat unit.
- G-I: with a non-Flak combat unit, the "S" attack factor (2.1 H) is the Flak support: 1R for
  each Flak corps assaulting together with a non-Flak unit of its hex (H), 1L for each Flak corps
  defending with non-Flak units (I). A reading: a supporting Flak corps adds no AF (its AF is
  "S"), and in a combined stack it adds no DF either (its 1 DF is E's, for a Flak corps alone).
- J: an Alliance force containing mechanized units that suffers a result (any but 0) assaulting
  a combined Flak/non-Flak stack loses one more step of a mechanized unit; the Alliance picks
  it: in a prepared assault it is one more step in the attacker's `steps:` answer, in a mobile
  assault the first mechanized unit of `losses:`.
- K: when a German assault or defence has the Flak support, the Flak corps are eliminated before
  any non-Flak unit loses a step; L: a German retreat costs no extra step (nothing to do)."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from .common import ALLIANCE, COUNTER, army_of, board, full_steps, grid, is_type, mapdata, plays, stacking_problem

DATA = "special.special_units.flak_corps"


def flak(data: GameData, unit_id: str) -> bool:
    """A Flak corps (its counter's type; its other factors are not needed to say so)."""
    path = f"units.counters.{unit_id}"
    return str(data.require_keys(data.get(path, f"the counter of {unit_id}"), path, ("type",), f"unit {unit_id}",
                                 COUNTER)["type"]) == "flak"


# -- A-C: the arrival ------------------------------------------------------------------------
def available(data: GameData, state: dict) -> list[str]:
    """25.2 A-B: the Flak corps that arrive after a collapse (none before it)."""
    collapsed = state.get("economy", {}).get("collapsed")
    if collapsed is None or state["turn"] <= int(collapsed):
        return []
    counters = data.get("units.counters", "the unit counters")
    ids = sorted(u for u in counters if isinstance(counters[u], dict) and str(counters[u].get("type")) == "flak")
    before = numbers.integer(data, f"{DATA}.reduced_if_collapse_before_turn", "the turn before which a collapse brings five Flak corps (25.2 B)")
    count = numbers.integer(data, f"{DATA}.{'reduced_count' if int(collapsed) < before else 'count'}", "the Flak corps arriving (25.2 A-B)")
    gone = {d["unit"] for d in state["dead"]}
    return [u for u in ids[:count] if u not in state["units"] and u not in gone]


def place_problem(data: GameData, trial: dict, unit_id: str, at: str) -> str | None:
    """25.2 A-C for one Flak corps; a legal placement puts it on `trial`."""
    if unit_id not in available(data, trial):
        return (f"{unit_id} is not a Flak corps due: they arrive from the German player-turn after the economic "
                "collapse, five if it came before Turn 17 (25.2 A-B)")
    g = grid(data)
    hex_id = g.canonical(at)
    germany = {g.canonical(h) for h in numbers.texts(data, "map.countries.germany", "the hexes of Germany (25.2 C)")}
    from .supply_play import control
    if hex_id not in germany or not mapdata(data).has(hex_id, "city") or control(data, trial).get(hex_id) != "axis":
        return f"{unit_id} appears in a German city still under German control, not {hex_id} (25.2 C)"
    if any(flak(data, u) for u in board(trial).units_in(hex_id)):
        return f"{hex_id} already holds a Flak corps: not more than one per city (25.2 C)"
    crowd = stacking_problem(data, trial, "axis", [unit_id], hex_id)
    if crowd:
        return f"{crowd} (25.2 F, 7.10)"
    trial["units"][unit_id] = {"side": "axis", "hex": hex_id, "steps": full_steps(data, unit_id)}
    done = trial.get("arrived")
    trial["arrived"] = {"turn": trial["turn"], "units": [*(done["units"] if done and done["turn"] == trial["turn"] else []), unit_id]}
    return None


# -- D-K: in combat ----------------------------------------------------------------------------
def supporting(data: GameData, state: dict, units: list[str]) -> list[str]:
    """The Flak corps of `units` stacked with a non-Flak combat unit of `units` in their hex (25.2 G-I)."""
    if not plays(data, 3):
        return []
    return sorted(u for u in units if flak(data, u) and any(
        not flak(data, o) and state["units"][o]["hex"] == state["units"][u]["hex"] for o in units))


def attack_problem(data: GameData, state: dict, units: list[str]) -> str | None:
    """25.2 E: a Flak corps assaults only with a non-Flak unit of its hex (H: "in conjunction")."""
    alone = [u for u in units if flak(data, u) and u not in supporting(data, state, units)]
    if alone:
        return f"{alone[0]} may not make a prepared assault without a non-Flak combat unit of its hex (25.2 E, H)"
    return None


def shifts(data: GameData, state: dict, attackers: list[str], defenders: list[str]) -> list[Shift]:
    """25.2 H: 1R per supporting Flak corps attacking; I: 1L per one defending."""
    found = []
    up = supporting(data, state, attackers)
    if up:
        each = numbers.integer(data, "crt.shifts.flak_attacking", "the Flak attack shift (25.2 H)")
        found.append(Shift(each * len(up), f"{len(up)} Flak corps supporting the assault", "25.2 H"))
    down = supporting(data, state, defenders)
    if down:
        each = numbers.integer(data, "crt.shifts.flak_defending", "the Flak defence shift (25.2 I)")
        found.append(Shift(each * len(down), f"{len(down)} Flak corps supporting the defence", "25.2 I"))
    return found


def strength_units(data: GameData, state: dict, units: list[str]) -> list[str]:
    """The units whose factors count: a supporting Flak corps' are its shift instead (G)."""
    support = set(supporting(data, state, units))
    return [u for u in units if u not in support]


def extra_mechanized_step(data: GameData, state: dict, battle: dict) -> bool:
    """25.2 J: an Alliance force with mechanized units assaulting a combined Flak/non-Flak stack."""
    return bool(plays(data, 3) and battle["attackers"] and army_of(state, battle["attackers"][0]) in ALLIANCE
                and battle.get("flak_defence") and any(is_type(data, u, "mechanized") for u in battle["attackers"]
                                                       if u in state["units"]))


def extra_step_problem(data: GameData, state: dict, battle: dict, steps: list[str]) -> tuple[int, str | None]:
    """25.2 J in the attacker's answer: (the extra step it owes, why the answer is wrong)."""
    if not extra_mechanized_step(data, state, battle) or battle["result"]["attackers"] == "0":
        return 0, None
    if not any(is_type(data, u, "mechanized") for u in steps):
        return 1, ("one step of a mechanized unit more: the assault on a Flak/non-Flak stack costs the Alliance "
                   "force an extra mechanized step (25.2 J)")
    return 1, None


def first_losses_problem(data: GameData, state: dict, battle: dict, who: str, steps: list[str]) -> str | None:
    """25.2 K: with the Flak support, the Flak corps go first."""
    support = battle.get("flak_attack" if who == "attackers" else "flak_defence") or []
    others = [u for u in steps if u not in support]
    missing = [u for u in support if u in state["units"] and u not in steps]
    if others and missing:
        return f"{missing[0]} (Flak support) must be eliminated before {others[0]} loses a step (25.2 K)"
    return None


def without_extra(data: GameData, steps: list[str], extra: int) -> list[str]:
    """The steps of an answer less the 25.2 J mechanized step (the first mechanized one named)."""
    if not extra:
        return list(steps)
    index = next(i for i, u in enumerate(steps) if is_type(data, u, "mechanized"))
    return [*steps[:index], *steps[index + 1:]]
