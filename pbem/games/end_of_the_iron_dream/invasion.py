"""End of the Iron Dream, behaviour 3: WA amphibious invasions (14.8-14.17, 14.24; 6.3, 26.6.12),
an order of the WA Naval Movement Phase (sea.py): `invade: HEX, with: [UNIT, ...], from: eto|mto`.

An invasion-port counter of the box (14.8 A, state["invasion_ports"]) goes with one to four
corps of that box (14.16 A-E; C: never an SU) to an invadable coastal
hex of the box's theater (14.9: the map's white arrows, `invasions.invasions.invadable_hexes`;
4.9: the hex's sea). An empty hex (no enemy combat unit and no fort, 14.17 C-D) is taken at once: the force
goes ashore and neither moves nor attacks further this player-turn; the counter stays there for
the game, a WA GS source and landing hex (14.10, 14.24 A, 14.25). A hex "defended by an enemy
combat unit or fortification" (a garrisoned or a vacant fort, forts.py): the force waits at sea for
its battle (14.17 D, 14.18: invasion_battle.py). One counter a turn (14.1); its corps
count among the four at sea (14.1).
- Iron Dream: the first invasion is Turn 1's, required, on a hex between T2 and Z13 inclusive
  (6.3 A, 14.11 A: read as rows T-Z, columns 2-13), with two corps of each army group (4.10 C;
  the paratroops either, 4.10 D); any invasion after Turn 9 is a third invasion (14.13 A-B): it
  costs the WA 10 VPs (14.14, 26.6.12) and is not possible in the two-player game (14.13 C).
- Let History Judge: three invasions, one a turn at most (14.15).
The second invasion's turn comes from its chit (14.12, chit.py); paratroops with a second or third
invasion: airborne.py (17.3)."""

from __future__ import annotations

from fractions import Fraction

from .abomb import cloud_problem
from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import airborne, boxes, chit, combat, ebs, forts, volkssturm
from .common import army_of, board, counter, enemies, grid, plays, stacking_problem
from .supply_play import LHJ, entered

ORDER = "an invasion is `invade: HEX, with: [UNIT, ...], from: eto|mto` (14.16)"
DATA = "invasions.invasions"


def launched(state: dict) -> list[dict]:
    return list(state.get("invasions", []))


def required_problem(data: GameData, state: dict, orders: list) -> str | None:
    """6.3 A, 14.11 A: the WA start Iron Dream on Turn 1 by launching an invasion."""
    if state["scenario"] == LHJ or state["turn"] != 1 or launched(state) or any("invade" in o for o in orders):
        return None
    return "the WA must launch an invasion on Turn 1: `invade: HEX, with: [UNIT, ...], from: eto` (6.3 A, 14.11 A)"


def invade_problem(data: GameData, trial: dict, rec: dict, order: dict) -> str | None:
    """14.1, 14.8-14.17, 6.3, 4.10 C for one invasion; a legal one lands on `trial`."""
    target, units, box = order.get("invade"), order.get("with"), order.get("from")
    if target == "greece":                                                   # 27.9 B (Let History Judge)
        from .greece_lhj import invade_problem as greece_problem
        why = greece_problem(data, trial, order)
        if not why:
            rec.setdefault("invaded", []).append({"hex": "greece", "units": [], "from": str(box),
                                                  "number": len(launched(trial))})
        return why
    if set(order) - {"paratroops"} != {"invade", "with", "from"} or not isinstance(target, str) or not isinstance(units, list) \
            or not units or box not in boxes.THEATERS:
        return ORDER
    if trial["army"] != "western":
        return "only the WA invade (14.0)"
    if any(i["turn"] == trial["turn"] for i in launched(trial)) or rec.get("ports"):
        return "one invasion-port counter a turn goes to sea (14.1, 14.15)"
    if trial["invasion_ports"][box] < 1:
        return f"no invasion-port counter is in the {box} box (14.8, 14.16 A)"
    if ebs.used(trial):
        return "no invasion on a turn of emergency beach supply (14.32 B)"
    try:
        hex_id = grid(data).canonical(target)
    except ValueError as exc:
        return str(exc)
    why = scenario_problem(data, trial, hex_id, [str(u) for u in units]) \
        or force_problem(data, trial, rec, [str(u) for u in units], str(box)) or target_problem(data, trial, hex_id, str(box))
    if why:
        return why
    why, dropping = airborne.with_invasion(data, trial, order.get("paratroops", []), hex_id, kind_of(data, trial))   # 17.3 A
    if why:
        return why
    crowd = stacking_problem(data, trial, "western", [*map(str, units), *dropping], hex_id)
    if crowd:
        return f"{crowd} (14.16 D: the invasion-port counter does not count; 17.3 B: the paratroops do)"
    land(data, trial, rec, hex_id, [str(u) for u in units], str(box), kind_of(data, trial), dropping)
    return None


def force_problem(data: GameData, trial: dict, rec: dict, units: list[str], box: str) -> str | None:
    """14.16 B-E: one to four corps of the box; 14.1: four corps at sea a turn."""
    low = numbers.integer(data, f"{DATA}.force.corps_min", "the fewest corps of an invasion (14.16 E)")
    high = numbers.integer(data, f"{DATA}.force.corps_max", "the most corps of an invasion (14.16 B)")
    if not low <= len(units) <= high or len(set(units)) != len(units):
        return f"an invasion-port goes with {low} to {high} corps, each once (14.16 B, E)"
    away = [u for u in units if boxes.holds(trial, u) != box]
    if away:
        return f"{away[0]} is not in the {box} box (14.16 A: the force sails from the counter's box)"
    from .supply_units import is_su
    sus = [u for u in units if is_su(data, u)]
    if sus:
        return f"{sus[0]} is an SU: SUs may never be carried along on an invasion (14.16 C)"
    limit = numbers.integer(data, "invasions.sea_movement.per_turn_limit.corps", "the corps at sea in a turn (14.1)")
    corps = [u for u in rec["units"] if not is_su(data, u)]
    if len(corps) + len(units) > limit:
        return f"the WA have {len(corps)} corps in sea movement this turn: {len(units)} more pass the limit of {limit} (14.1)"
    return None


def target_problem(data: GameData, trial: dict, hex_id: str, box: str) -> str | None:
    """14.9 invadable; 14.16 A the box's theater; 14.17 C-D empty of enemy combat units."""
    invadable = {grid(data).canonical(h) for h in numbers.texts(data, f"{DATA}.invadable_hexes",
                                                                "the invadable coastal hexes: the map's white arrows (14.9)")}
    if hex_id not in invadable:
        return f"{hex_id} is not an invadable coastal hex (14.9: a white arrow points to it)"
    if cloud_problem(trial, hex_id):                                           # 27.6 I (behaviour 4)
        return cloud_problem(trial, hex_id)
    if boxes.coast_theater(data, trial, hex_id) != box:
        return f"{hex_id} is not in the {box} (14.16 A: an invadable hex within the same theater of operations)"
    if trial.get("invasion_force"):
        return "one invasion force at sea at a time (14.1)"
    if defended(data, trial, hex_id):                # its battle (14.18) may need any column of the hex's line
        line = combat.line_of(data, hex_id)
        for column in combat.columns(data, line):
            combat.column_cells(data, line, column)
    return None


def scenario_problem(data: GameData, trial: dict, hex_id: str, units: list[str]) -> str | None:
    """6.3, 14.11-14.15: which invasion this is, and what it may be."""
    count = len(launched(trial))
    if trial["scenario"] == LHJ:
        most = numbers.integer(data, f"{DATA}.invasion_port_counters", "the invasion-port counters (14.8, 14.15)")
        return f"NATO has made its {most} invasions (14.15)" if count >= most else None
    if trial["turn"] == 1:
        return first_problem(data, hex_id, units)
    last = numbers.integer(data, f"{DATA}.second_latest_turn", "the last turn of a second invasion (14.13 A)")
    if trial["turn"] <= last and "chit" not in trial:
        return "the second invasion needs its chit (14.12), which this campaign does not draw (its option `chit` is not set)"
    if trial["turn"] <= last:
        return chit.second_problem(data, trial)                           # 14.12 B-D
    if "alliance" in trial["seats"]:
        return "a WA third invasion is not possible in the two-player game (14.13 C)"
    return None


def first_problem(data: GameData, hex_id: str, units: list[str]) -> str | None:
    """6.3 A, 14.11 A: between T2 and Z13 inclusive; 4.10 C: two corps from each army group."""
    first = unwrap(data.get(f"{DATA}.first.hexes", "the Turn 1 invasion's hexes (14.11 A)"))
    low, high = str(first["from"]), str(first["to"])
    row, col = hex_id.rstrip("0123456789"), int(hex_id[len(hex_id.rstrip("0123456789")):])
    if not (low[0] <= row <= high[0] and int(low[1:]) <= col <= int(high[1:])):
        return f"{hex_id} is not on the French, Belgian or Dutch coast between {low} and {high} (6.3 A, 14.11 A)"
    groups = [str(unwrap(counter(data, u).get("group"))) for u in units]
    tan, green, either = groups.count("tan"), groups.count("green"), groups.count("either")
    need = numbers.integer(data, f"{DATA}.first.corps_per_group", "the corps of each group on Turn 1 (4.10 C)")
    if max(0, need - tan) + max(0, need - green) > either or len(units) != 2 * need:
        named = "; ".join(f"{g}: {', '.join(u for u, h in zip(units, groups) if h == g)}" for g in sorted(set(groups)))
        return f"the Turn 1 invasion is made with {need} corps from each army group (4.10 C); the corps named by group: {named}"
    return None


def kind_of(data: GameData, state: dict) -> str:
    """Which invasion a legal one launched now is: Iron Dream's first (Turn 1), second (by Turn 9,
    with the chit) or third (14.13 A); Let History Judge's are all alike (14.15)."""
    if state["scenario"] == LHJ:
        return "lhj"
    last = numbers.integer(data, f"{DATA}.second_latest_turn", "the last turn of a second invasion (14.13 A)")
    return "first" if state["turn"] == 1 else "second" if state["turn"] <= last else "third"


def land(data: GameData, state: dict, rec: dict, hex_id: str, units: list[str], box: str, kind: str,
         paras: dict | None = None) -> None:
    """14.16 A: the counter leaves its box with the force, an invasion launched (14.22 B); 14.17 C:
    on an empty hex it goes ashore at once; 14.17 D: else it waits at sea for its battle, first in
    the Prepared Assault Phase (14.18, invasion_battle.py)."""
    state["invasion_ports"] = {**state["invasion_ports"], box: state["invasion_ports"][box] - 1}
    number = len(launched(state)) + 1
    opposed = defended(data, state, hex_id)
    state["invasions"] = [*launched(state), {"turn": state["turn"], "hex": hex_id, **({"third": True} if kind == "third" else {}),
                                             **({"opposed": True} if opposed else {})}]
    if kind == "second":
        state["chit"] = {**state["chit"], "second": state["turn"], "revealed": chit.drawn(state)}     # 14.12 C
    rec["units"] = [*rec["units"], *units]
    rec.setdefault("invaded", []).append({"hex": hex_id, "units": units, "from": box, "number": number,
                                          **({"opposed": True} if opposed else {})})
    paras = paras or {}
    if paras:
        rec["invaded"][-1]["paratroops"] = sorted(paras)
    if opposed:                                                    # 17.3 B: the paratroops join its battle
        state["invasion_force"] = {"hex": hex_id, "box": box, "kind": kind,
                                   "units": {**{u: state["boxes"][box].pop(u) for u in units}, **paras},
                                   **({"paratroops": sorted(paras)} if paras else {})}
        return
    for unit_id in units:
        state["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": state["boxes"][box].pop(unit_id)}
    for unit_id, steps in sorted(paras.items()):                   # 17.5 F: into an empty hex, no attack
        state["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": steps}
        state["drops"]["empty"] = sorted({*state["drops"]["empty"], unit_id})
    ashore(state, hex_id, kind)


def defended(data: GameData, state: dict, hex_id: str) -> bool:
    """14.17 D: "defended by an enemy combat unit or fortification"; behaviour 4: or a German city's
    Volkssturm (25.7 A: "intrinsic defense for each German city"; its city is assaulted, never
    entered: the force fights its way ashore, invasion_battle.py)."""
    return any(army_of(state, u) in enemies(state, "western") for u in board(state).units_in(hex_id)) \
        or forts.level(data, state, hex_id) > 0 or plays(data, 4) and volkssturm.df(data, state, hex_id) > 0


def ashore(state: dict, hex_id: str, kind: str) -> None:
    """14.24 A: the counter stays, a GS source; 14.12 A: the chit is drawn as the first force steps ashore."""
    state["invasion_ports"] = {**state["invasion_ports"], "ashore": sorted([*state["invasion_ports"]["ashore"], hex_id])}
    if kind == "first" and "chit" in state:
        state["chit"] = {**state["chit"], "stage": "draw"}
    entered(state, "western", [hex_id])


def events_of(data: GameData, state: dict, rec: dict, events: list) -> None:
    """The invasions of the phase; 14.14, 26.6.12: a third invasion costs the WA 10 VPs."""
    from .victory import add
    for done in rec.get("invaded", []):
        if done["hex"] == "greece":                                          # 27.9 B
            events.append({"event": "greece_invaded", "number": done["number"], "from": done["from"], "rule": "27.9 B"})
            continue
        events.append({"event": "invasion", **done, "rule": "14.17 D" if done.get("opposed") else "14.17 C"})
        if state.get("chit", {}).get("second") == state["turn"]:
            events.append({"event": "chit_revealed", "chit": state["chit"]["revealed"], "rule": "14.12 C"})
        if any(i["hex"] == done["hex"] and i.get("third") for i in launched(state)):
            vp = Fraction(numbers.integer(data, f"{DATA}.third.vp_cost", "the VPs of a third invasion (14.14, 26.6.12)"))
            events.append(add(state, "western", vp, "26.6.12", "the WA third invasion", done["hex"]))


def barred(state: dict, army: str, hex_id: str) -> bool:
    """14.24 C: only an advance after combat takes an enemy unit into a hex holding only a WA
    invasion-port counter (no move, no retreat)."""
    ashore = (state.get("invasion_ports") or {}).get("ashore", [])
    return army in enemies(state, "western") and hex_id in ashore and not board(state).units_in(hex_id)


def watch(state: dict, events: list) -> None:
    """14.24 C: an enemy unit advancing into a hex holding only the invasion-port counter removes it."""
    ports = state.get("invasion_ports")
    if not ports:
        return
    for hex_id in list(ports["ashore"]):
        if any(u["hex"] == hex_id and u["side"] in enemies(state, "western") for u in state["units"].values()):
            ports["ashore"] = [h for h in ports["ashore"] if h != hex_id]
            events.append({"event": "invasion_port_removed", "hex": hex_id, "rule": "14.24 C"})
