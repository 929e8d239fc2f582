"""End of the Iron Dream, behaviour 3: the WA Naval Movement Phase (5.2.4; 14.1-14.7, 14.25,
14.26, 14.29; 7.1 B, 7.2, 7.21).

Its orders follow the Strategic Land Movement Phase's in the WA's first Operational Movement
file: `sail: UNIT, to: eto|mto|HEX`.
- From a theater holding box (14.2): to the other box, or ashore at a landing hex of the same
  theater: an opened port or invasion-port of the position (positions.NAME.wa_supply_sources,
  15.14 A) or an invasion-port counter ashore (14.24). Landing costs 1 MP (7.1 B) and the unit
  moves on (5.2.4 D, 14.5), unless it fleshed out in the box this player-turn (7.21, 14.25 B).
- From a landing hex on the map (14.4): to another landing hex of its theater, or to its
  theater's box; from a coastal hex without one (14.6): to its theater's box. These units take
  part in nothing else this player-turn (5.2.4 D, 14.5).
Each landing hex lands one corps and one SU a turn (14.25 A, 14.26 B), two and two with an
invasion-port counter in an opened port (14.29), opened Antwerp one corps and three SUs (14.30;
its hex: the 14.31 A inland port named Antwerp); at most four corps and four SUs at sea in a turn
(14.1, 5.2.4 E); SUs sail as corps do (13.3 "just as combat class units"), from the holding boxes
where 3.11 A-B and 15.23.3 C put them, never with an invasion (14.16 C); a port city's hex in a German ZOC needs a WA combat unit already there (7.2 B;
an invasion-port counter's hex never, 7.2 A, 14.24 B); stacking on landing (7.10). The theater of
a hex is its sea's (map.hexes.HEX.coast, 4.9 B-D; 14.7: no WA sea movement in the Baltic and
Black Seas of Iron Dream). The Axis `sail:` orders of its Sea Movement Phase (5.1.4) are german_sea.py's; invasions
(`invade:`) invasion.py's."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from ...dice import Dice
from . import abomb, airborne, boxes, ebs, german_sea, invasion, italy, ports, strategic
from .common import army_of, board, enemies, enemy_zoc, grid, is_type, mapdata, plays, stacking_problem
from .supply_play import control

KEYS = ("sail",)
PORT = "invasion-port"                     # `sail: invasion-port, from: BOX, to: BOX` (14.10)
ORDER = "a sea move is `sail: UNIT, to: eto|mto|HEX` (5.2.4, 14.2, 14.4, 14.6)"
LIMIT = "invasions.sea_movement.per_turn_limit"


def leading(orders: list) -> int:
    """How many of the orders (after the Strategic Land Movement Phase's) are sea moves."""
    count = 0
    while count < len(orders) and {"sail", "invade", "drop", "ebs"} & set(orders[count]):
        count += 1
    return count


def record(state: dict) -> dict:
    """This player-turn's sea movers: every one, those that landed from a box and may go on, and
    the corps landed at each hex."""
    found = state.get("sea")
    if not found or found["turn"] != state["turn"] or found["army"] != state["army"]:
        found = {"turn": state["turn"], "army": state["army"], "units": [], "go_on": [], "landed": {}}
    return {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in found.items()}


def done_problem(state: dict, unit_id: str, prepared: bool = False) -> str | None:
    """5.2.4 D, 14.5: a sea mover that did not land from a box takes part in nothing else; 7.21:
    one that fleshed out in the box and landed moves no further but may make a prepared assault
    (14.25 B bars it any attack: the two rules disagree, docs/errata.md ID9)."""
    found = record(state)
    if prepared and airborne.attack_problem(state, unit_id):
        return airborne.attack_problem(state, unit_id)                 # 17.5 F
    if unit_id in found.get("fleshed", []):
        return None if prepared else f"{unit_id} fleshed out in its box and landed: it moves no further this player-turn (7.21, 14.25 B)"
    if unit_id in found["units"] and unit_id not in found["go_on"]:
        return f"{unit_id} moved by sea and takes part in nothing else this player-turn (5.2.4 D, 14.5)"
    return None


def landed_spent(state: dict) -> dict[str, int]:
    """The MPs the units landed from a box spent coming ashore (7.1 B)."""
    found = record(state)
    return {u: int(found["spent"][u]) for u in found["go_on"]} if "spent" in found else {}


def landing_hexes(data: GameData, state: dict) -> dict[str, int]:
    """14.25 A, 14.26 B, 14.29: each opened port or invasion-port lands one corps a turn; an
    invasion-port counter in an opened port two."""
    g = grid(data)
    given = [g.canonical(h) for h in numbers.texts(data, f"positions.{state['position']}.wa_supply_sources",
                                                   "the WA opened ports and invasion-port counters of the position (15.14 A)")]
    opened = ports.opened(data, state, control(data, state)) if state.get("ports", {}).get("opening") else []
    given = abomb.working_ports(state, given)                                   # 27.6 J (behaviour 4)
    found: dict[str, int] = {}
    for hex_id in [*given, *opened, *state["invasion_ports"]["ashore"]]:
        found[hex_id] = found.get(hex_id, 0) + 1
    return found


def kind_of(data: GameData, unit_id: str) -> str:
    """14.1, 14.25-14.30: SUs and corps are counted apart at sea and on landing."""
    from .supply_units import is_su
    return "sus" if is_su(data, unit_id) else "corps"


def at_sea_problem(data: GameData, rec: dict, unit_id: str) -> str | None:
    """14.1, 5.2.4 E: four corps and four SUs at sea in a turn."""
    kind = kind_of(data, unit_id)
    already = [u for u in rec["units"] if kind_of(data, u) == kind]
    if len(already) + 1 > numbers.integer(data, f"{LIMIT}.{kind}", f"the {WORD[kind]} at sea in a turn (14.1)"):
        return f"{unit_id}: the WA have {len(already)} {WORD[kind]} in sea movement this turn, the limit (14.1, 5.2.4 E)"
    return None


WORD = {"corps": "corps", "sus": "SUs"}
LANDED = {"corps": "landed", "sus": "landed_sus"}


def capacity(data: GameData, state: dict, hex_id: str, kind: str) -> int:
    """14.25 A, 14.26 B, 14.29, 14.30: the corps or SUs a landing hex takes a turn."""
    count = landing_hexes(data, state)[hex_id]
    if count > 1:
        key = "invasion_port_in_opened_port_city"                            # 14.29
    elif hex_id in state["invasion_ports"]["ashore"]:
        key = "invasion_port_landing_capacity"                               # 14.25 A
    else:
        key = "antwerp" if hex_id == antwerp(data) else "landing_capacity"   # 14.30, 14.26 B
    return numbers.integer(data, f"invasions.ports.{key}.{kind}", f"the {WORD[kind]} a landing hex takes a turn (14.25-14.30)")


def antwerp(data: GameData) -> str | None:
    """14.31 A: "Antwerp (V12)", among the inland ports."""
    named = data.get("invasions.ports.inland_ports.ports", "the inland ports (14.31 A)")
    return next((grid(data).canonical(str(h)) for h, name in named.items() if str(name) == "Antwerp"), None)


def capacity_problem(data: GameData, state: dict, rec: dict, unit_id: str, hex_id: str, rule: str = "14.25 A, 14.26 B, 14.29") -> str | None:
    kind = kind_of(data, unit_id)
    done = rec.get(LANDED[kind], {}).get(hex_id, 0)
    if done + 1 > capacity(data, state, hex_id, kind):
        return f"{hex_id} has landed {done} {WORD[kind] if kind == 'corps' else 'SU(s)'} this turn, its capacity ({rule}{', 14.30' if kind == 'sus' else ''})"
    return None


def count_landing(data: GameData, rec: dict, unit_id: str, hex_id: str) -> None:
    key = LANDED[kind_of(data, unit_id)]
    rec[key] = {**rec.get(key, {}), hex_id: rec.get(key, {}).get(hex_id, 0) + 1}


def problems(data: GameData, trial: dict, orders: list) -> list[tuple[int, str]]:
    """Each sea move tried on `trial` in turn (changed as apply would)."""
    for index, order in enumerate(orders):
        why = invade(data, trial, order) if "invade" in order else airborne.drop_problem(data, trial, order) \
            if "drop" in order else ebs.order_problem(data, trial, order) if "ebs" in order else sail_problem(data, trial, order)
        if why:
            return [(index, why)]
    return []


def invade(data: GameData, trial: dict, order: dict) -> str | None:
    rec = record(trial)
    why = invasion.invade_problem(data, trial, rec, order)
    if not why:
        trial["sea"] = rec
    return why


def sail_problem(data: GameData, trial: dict, order: dict) -> str | None:
    unit_id, to = order.get("sail"), order.get("to")
    if order.get("sail") == PORT:
        return port_problem(data, trial, order)
    if set(order) != {"sail", "to"} or not isinstance(unit_id, str) or not isinstance(to, str):
        return ORDER
    if trial["army"] == "axis":                                     # 5.1.4, 13.x
        rec = record(trial)
        why = german_sea.sail_problem(data, trial, rec, unit_id, to)
        if not why:
            rec["units"].append(unit_id)
            trial["sea"] = rec
        return why
    if trial["army"] != "western":
        return "the Soviets have no sea movement capabilities at all (13.0 A, 5.3.3 B)"
    rec = record(trial)
    if unit_id in rec["units"]:
        return f"{unit_id} has moved by sea this player-turn (14.3)"
    why = at_sea_problem(data, rec, unit_id)
    if why:
        return why
    box = boxes.holds(trial, unit_id)
    if box in boxes.THEATERS:
        why = from_box(data, trial, rec, unit_id, str(box), to)
    elif unit_id in trial["units"] and army_of(trial, unit_id) == "western":
        why = strategic.done_problem(trial, unit_id) or from_coast(data, trial, rec, unit_id, to)
    elif unit_id in italy.off_map(trial):
        why = strategic.done_problem(trial, unit_id) or from_southern_italy(data, trial, rec, unit_id, to)   # 25.12 A, 14.4
    else:
        why = f"{unit_id} is not a WA unit on the map or in a theater holding box"
    if why:
        return why
    rec["units"].append(unit_id)
    trial["sea"] = rec
    return None


def port_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """14.10: an invasion-port counter moves from box to box "any number of times"; 14.1: one
    counter in sea movement a turn (an invasion's included)."""
    box, to = order.get("from"), order.get("to")
    if set(order) != {"sail", "from", "to"} or box not in boxes.THEATERS or to not in boxes.THEATERS or box == to:
        return f"an invasion-port counter moves between the boxes: `sail: {PORT}, from: eto|mto, to: mto|eto` (14.10)"
    if trial["army"] != "western":
        return "only the WA have invasion-port counters (14.8)"
    rec = record(trial)
    most = numbers.integer(data, f"{LIMIT}.invasion_ports", "the invasion-port counters at sea in a turn (14.1)")
    if rec.get("ports", 0) + len([i for i in trial.get("invasions", []) if i["turn"] == trial["turn"]]) >= most:
        return f"the WA have {most} invasion-port counter in sea movement this turn, the limit (14.1)"
    if trial["invasion_ports"][box] < 1:
        return f"no invasion-port counter is in the {box} box (14.8)"
    trial["invasion_ports"] = {**trial["invasion_ports"], box: trial["invasion_ports"][box] - 1, to: trial["invasion_ports"][to] + 1}
    rec["ports"] = rec.get("ports", 0) + 1
    trial["sea"] = rec
    return None


def from_box(data: GameData, trial: dict, rec: dict, unit_id: str, box: str, to: str) -> str | None:
    """14.2: to the other box, or ashore in the box's theater (7.1 B, 7.2, 7.10, 7.21, 14.25)."""
    if to in boxes.THEATERS:
        if to == box:
            return f"{unit_id} is in the {box} box already"
        trial["boxes"][to][unit_id] = trial["boxes"][box].pop(unit_id)
        return None
    if to == italy.PLACE and plays(data, 4):                                   # 25.12 A, 14.2
        why = southern_italy_problem(data, trial, rec, unit_id, box)
        if why:
            return why
        trial["southern_italy"] = {**italy.off_map(trial), unit_id: trial["boxes"][box].pop(unit_id)}
    else:
        why, hex_id = landing_problem(data, trial, rec, unit_id, box, to)
        if why:
            return why
        steps = trial["boxes"][box].pop(unit_id)
        trial["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": steps}
    done = trial.get("replaced")
    if not (done and done["turn"] == trial["turn"] and done["army"] == "western" and unit_id in done["units"]):
        cost = numbers.integer(data, "reinforcements.reinforcements.western_allies.landing_cost_mp", "the MP to land (7.1 B)")
        rec["go_on"].append(unit_id)                                   # 5.2.4 D: it moves on
        rec.setdefault("spent", {})[unit_id] = cost
    else:
        rec.setdefault("fleshed", []).append(unit_id)                  # 7.21
    return None


def landing_problem(data: GameData, trial: dict, rec: dict, unit_id: str, theater: str, to: str) -> tuple[str | None, str]:
    """A landing at `to`: a landing hex of `theater` with a corps' capacity left this turn."""
    try:
        hex_id = grid(data).canonical(to)
    except ValueError as exc:
        return str(exc), ""
    ports = landing_hexes(data, trial)
    if abomb.cloud_problem(trial, hex_id):                                     # 27.6 I (behaviour 4)
        return abomb.cloud_problem(trial, hex_id), ""
    if hex_id not in ports:
        return (f"{hex_id} is not an opened port or invasion-port of the WA (14.2, 14.4; opened: "
                f"{', '.join(sorted(ports)) or 'none'})"), ""
    if boxes.coast_theater(data, trial, hex_id) != theater:
        return f"{hex_id} is not in the {theater} (4.9, 14.2, 14.4: the same theater of operations)", ""
    if any(army_of(trial, u) in enemies(trial, "western") for u in board(trial).units_in(hex_id)):
        return f"{hex_id} holds enemy units: no landing there (14.2, 14.4)", ""
    why = capacity_problem(data, trial, rec, unit_id, hex_id)
    if why:
        return why, ""
    if hex_id not in trial["invasion_ports"]["ashore"] and hex_id in enemy_zoc(data, trial, "western") and not any(
            u["hex"] == hex_id and u["side"] == "western" and not is_type(data, k, "supply_unit") for k, u in trial["units"].items()):
        return f"{hex_id} is a port in a German ZOC: a WA combat unit must be there already to land (7.2 B)", ""
    crowd = stacking_problem(data, trial, "western", [unit_id], hex_id)
    if crowd:
        return f"{crowd} (7.10)", ""
    count_landing(data, rec, unit_id, hex_id)
    return None, hex_id


def from_coast(data: GameData, trial: dict, rec: dict, unit_id: str, to: str) -> str | None:
    """14.4 from a landing hex to another of its theater or its box; 14.6 from another coastal
    hex to its box."""
    here = trial["units"][unit_id]["hex"]
    info = mapdata(data).info(here)
    if "coast" not in info:
        return f"{unit_id} is not on a coastal hex: only units on the coast move by sea (14.4, 14.6)"
    theater = boxes.coast_theater(data, trial, here)
    if theater is None:
        return f"{here} is on the {info['coast']}: no WA sea movement there (14.7)"
    port = here in landing_hexes(data, trial)
    if to in boxes.THEATERS:
        if to != theater:
            return f"{unit_id} sails from the {theater} to its own theater's box only (14.4, 14.6)"
        trial["boxes"][to][unit_id] = trial["units"].pop(unit_id)["steps"]
        return None
    if not port:
        return f"{here} has no opened port or invasion-port: a unit there is evacuated to the {theater} box only (14.6)"
    if to == italy.PLACE and plays(data, 4):                                   # 25.12 A, 14.4
        why = southern_italy_problem(data, trial, rec, unit_id, theater)
        if not why:
            trial["southern_italy"] = {**italy.off_map(trial), unit_id: trial["units"].pop(unit_id)["steps"]}
        return why
    why, hex_id = landing_problem(data, trial, rec, unit_id, theater, to)
    if why:
        return why
    trial["units"][unit_id]["hex"] = hex_id
    return None


def southern_italy_problem(data: GameData, trial: dict, rec: dict, unit_id: str, theater: str) -> str | None:
    """25.12 A: Southern Italy, a WA port of the MTO (4.9 C), lands one corps and one SU a turn (14.26 B)."""
    why = italy.open_problem(data, trial)
    if why:
        return why
    if theater != "mto":
        return f"Southern Italy is a port of the MTO, not of the {theater} (4.9 C, 14.2, 14.4)"
    kind = kind_of(data, unit_id)
    done = rec.get(LANDED[kind], {}).get(italy.PLACE, 0)
    most = numbers.integer(data, f"invasions.ports.landing_capacity.{kind}", f"the {WORD[kind]} a port city lands a turn (14.26 B)")
    if done + 1 > most:
        return f"Southern Italy has landed {done} {WORD[kind] if kind == 'corps' else 'SU(s)'} this turn, its capacity (14.26 B)"
    count_landing(data, rec, unit_id, italy.PLACE)
    return None


def from_southern_italy(data: GameData, trial: dict, rec: dict, unit_id: str, to: str) -> str | None:
    """14.4: from the port of Southern Italy to the MTO box or another landing hex of the MTO."""
    units = italy.off_map(trial)
    if to in boxes.THEATERS:
        if to != "mto":
            return f"{unit_id} sails from the mto to its own theater's box only (14.4, 14.6)"
        trial["boxes"][to][unit_id] = units.pop(unit_id)
        trial["southern_italy"] = units
        return None
    if to == italy.PLACE:
        return f"{unit_id} is in Southern Italy already"
    why, hex_id = landing_problem(data, trial, rec, unit_id, "mto", to)
    if why:
        return why
    trial["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": units.pop(unit_id)}
    trial["southern_italy"] = units
    return None


def where(state: dict, unit_id: str) -> str:
    """A sea mover's box, Southern Italy (25.12 A) or hex."""
    if unit_id in italy.off_map(state):
        return italy.PLACE
    return boxes.holds(state, unit_id) or state["units"][unit_id]["hex"]


def apply(data: GameData, state: dict, orders: list, events: list, dice: Dice) -> None:
    for order in orders:
        if "ebs" in order:                                             # 14.32
            ebs.order_problem(data, state, order)
            events.append(ebs.event(state, str(order["ebs"])))
            continue
        if "drop" in order:                                            # 17.3 A
            unit_id = str(order["drop"])
            before = boxes.holds(state, unit_id) or state["units"][unit_id]["hex"]
            airborne.drop_problem(data, state, order)
            at = state["units"][unit_id]["hex"] if unit_id in state["units"] else \
                state["pledges"][unit_id]["hex"] if unit_id in state.get("pledges", {}) else state["air_assault"]["hex"]  # 17.6
            if unit_id in state.get("pledges", {}):
                events.append({"event": "drop", "unit": unit_id, "from": before, "at": at, "rule": "17.3 A",
                               "combat": "ground", "awaits": "the WA Prepared Assault Phase (17.6.2 A)"})
                continue
            events.append({"event": "drop", "unit": unit_id, "from": before, "at": at, "rule": "17.3 A"})
            continue
        if order.get("sail") == PORT:
            sail_problem(data, state, order)
            events.append({"event": "sail", "unit": PORT, "from": order["from"], "to": order["to"], "rule": "14.10"})
            continue
        if "invade" in order:
            count = len(record(state).get("invaded", []))
            invade(data, state, order)
            invasion.events_of(data, state, {"invaded": record(state)["invaded"][count:]}, events)
            continue
        unit_id = str(order["sail"])
        before = where(state, unit_id)
        sail_problem(data, state, order)
        after = where(state, unit_id)
        events.append({"event": "sail", "unit": unit_id, "from": before, "to": after,
                       **({"mp": record(state)["spent"][unit_id]} if unit_id in record(state)["go_on"] else {}),
                       "rule": "5.2.4" if state["army"] == "western" else "13.7" if unit_id in record(state).get("scheldt", []) else "13.1"})
        if state["army"] == "axis" and unit_id not in record(state).get("scheldt", []):
            german_sea.disembark(data, state, unit_id, dice, events)              # 13.4

