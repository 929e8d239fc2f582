"""1.1.4 Fog of War (campaign option `fog=true`, behaviour 3) on the hidden-information core.

"Except when calculating the ratio for an attack that has been committed to, a player may not
examine the units that make up an enemy stack. They may observe only the unit that occupies the
top of the stack."

What the enemy sees of a side's stack of two combat units: its hex, its top unit with its steps,
and that one unit lies under it (the item `HEX/1`). The top is the unit its owner put on top
(`on_top: true`, 6.3.1), else the one with a ZOC (4.2), else the lower unit id: every ZOC, and
6.3.1's capped stack, reads the same from the public state as from the whole one. Never hidden
(pbem's readings, docs/stargard-solstice.md): HQs (every activation measures the command range
from the HQ's hex in the open, 3.3.3, and relocations place them, 12.2), Festungs (fixed, 12.3),
and, once Defend the Reich has occurred, the withdrawing divisions (19.1.3: their count at the
turn end is public).

Owner steps: each Movement segment (2.3.2) of the active player; it rolls no die. Public steps
open what they read: an attack committed opens the defending stack (the defender's reveal) and
the stacks its attackers come from (the attacker's orders); a bombardment the targets' stacks
(8.5: the top may go); any other public step the mover's stacks at each hex its orders name and
those of the units they name (advances, retreats, reinforcements, rebuilt units).

The Supply Phase (2.4) is public: pbem traces the shown units as before and records, for each
hex holding a hidden unit, whether each of that side's supply goals (its sources; Kolberg,
11.2.4; a counter's own, 11.2.2) is reached, and the HQs' statuses (11.3.2). A hidden unit takes
those results when it is next put back (its owner's next step, or an opening), as it would have
at the Supply Phase: its hex did not change while it was hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from .common import canonical, commanded_by, counter, exerts_zoc, is_hq, kind, other, side_of

LISTS = ("activated", "independents", "moved", "attackers", "attacked", "reich_movers")
OWNER_PHASES = ("movement",)
# what an owner step's events may show the enemy besides the moves of units still shown
PUBLIC_EVENTS = ("movement_over", "overrun", "vp_hex", "exited", "sudden_death", "relieved", "withdrawn")
UNIT_KEYS = ("with", "move", "advance", "rebuild", "replace", "activate")     # orders naming a unit of the mover
HEX_KEYS = ("path", "at", "to", "retreat")                                   # orders naming hexes of the mover
WORSE = {"in": "oos", "oos": "isolated", "isolated": "isolated"}


def active(state: dict) -> bool:
    return "fog_segment" in state


def exempt(data: GameData, state: dict, unit_id: str) -> bool:
    from .reich import withdrawing
    return is_hq(data, unit_id) or kind(data, unit_id) == "festung" or withdrawing(data, state, unit_id)


def top_key(data: GameData, state: dict, unit_id: str) -> tuple:
    unit = state["units"][unit_id]
    on_top = unit.get("on_top") == unit["hex"]
    zoc = exerts_zoc(data, state, unit_id)
    return (not on_top, zoc if on_top else not zoc, unit_id)       # 6.3.1 the owner's top, then 4.2


# -- split and merge -------------------------------------------------------------------------
def split(data: GameData, state: dict, side: str) -> dict[str, Any]:
    stacks: dict[str, list[str]] = {}
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] == side and not exempt(data, state, unit_id):
            stacks.setdefault(unit["hex"], []).append(unit_id)
    supplied = max((r["turn"] for r in state["fog_supply"]), default=0)
    items: dict[str, Any] = {}
    for hex_id, units in sorted(stacks.items()):
        if len(units) < 2:
            continue
        top = min(units, key=lambda u: top_key(data, state, u))
        for slot, unit_id in enumerate(sorted(u for u in units if u != top), start=1):
            lists = [name for name in LISTS if unit_id in state.get(name, [])]
            for name in lists:
                state[name] = [u for u in state[name] if u != unit_id]
            items[f"{hex_id}/{slot}"] = {"unit": unit_id, **state["units"].pop(unit_id), "lists": lists,
                                         "segment": state["fog_segment"], "turn": state["turn"], "supplied": supplied}
    state["fog_hidden"] = {**state["fog_hidden"], side: sorted({i.rsplit("/", 1)[0] for i in items})}
    return items


def merge(data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> None:
    merged = []
    for item, value in sorted(items.items()):
        if (not isinstance(value, dict) or not isinstance(value.get("unit"), str) or value["unit"] in state["units"]
                or not isinstance(value.get("lists"), list)):
            raise PbemError(f"hidden item {item!r} of {side} is not a unit under fog of war (1.1.4)")
        unit_id = value["unit"]
        unit = {k: v for k, v in value.items() if k not in ("unit", "lists", "segment", "turn", "supplied")}
        if value["turn"] != state["turn"]:
            unit.pop("pinned", None)                       # 2.6.2: the turn end removed the Pinned markers
        state["units"][unit_id] = unit
        supply_since(data, state, unit_id, value["supplied"])
        if value["segment"] == state["fog_segment"]:      # the activation it was hidden in goes on
            for name in value["lists"]:
                state[name] = sorted({*state.get(name, []), unit_id})
        merged.append(unit_id)
    state["units"] = dict(sorted(state["units"].items()))       # the order every state keeps
    opened = {i.rsplit("/", 1)[0] for i in items}
    state["fog_hidden"] = {**state["fog_hidden"], side: [h for h in state["fog_hidden"][side] if h not in opened]}
    if state["phase"] == "movement" and not state["moved"] and state.get("hq") and state["active"] == side:
        complete_activation(data, state, merged)


def complete_activation(data: GameData, state: dict, merged: list[str]) -> None:
    """3.3.3: the draw activated the units it saw; the hidden ones in range, whose hexes have not
    changed since, join the activated units before anything moves."""
    from .cup import commanded_units
    from .reich import command_range
    found = commanded_units(data, state, state["hq"], state["hq_hex"], command_range(data, state, state["hq"]))
    state["activated"] = sorted({*state["activated"], *(u for u in merged if u in found)})


# -- the Supply Phase for hidden units ------------------------------------------------------------
def goal_key(data: GameData, state: dict, unit_id: str) -> str:
    """Which of its side's supply goals a unit traces to (supply.sources)."""
    own = unwrap(counter(data, unit_id).get("supply_source"))
    if own:
        return f"own:{own}"
    if unwrap(counter(data, unit_id).get("formation")) == "10SS" or unit_id in state.get("tettau_units", []):
        return "kolberg"
    return "side"


def record_supply(data: GameData, state: dict, statuses: dict[str, str]) -> None:
    """2.4 under fog: for each hex with a hidden unit, whether each goal of its side is reached;
    every HQ's new status (11.3.2)."""
    from .supply import kolberg, sources_of_side, supplied_hexes
    from .setup_data import units as counters
    if not any(state["fog_hidden"].values()):
        return                                        # nothing hidden: nothing to record
    kolberg_hexes = kolberg(data)
    record: dict[str, Any] = {"turn": state["turn"], "hexes": {}, "hqs": {u: s for u, s in statuses.items() if is_hq(data, u)}}
    for side in sorted(state["fog_hidden"]):
        if not state["fog_hidden"][side]:
            continue
        goals = {"side": frozenset(sources_of_side(data, side))}
        if side == "german":
            goals["kolberg"] = kolberg_hexes
        for c in counters(data).values():
            own = unwrap(c.get("supply_source"))
            if own and c.get("side") == side:
                goals[f"own:{own}"] = frozenset({str(own)})
        reached = {k: supplied_hexes(data, state, side, g) for k, g in sorted(goals.items())}
        festung = {state["units"][u]["hex"] for u in state["units"] if kind(data, u) == "festung"}
        record["hexes"][side] = {h: {k: h in r or (side == "german" and h in festung) for k, r in reached.items()}
                                 for h in state["fog_hidden"][side]}
    state["fog_supply"] = [*state["fog_supply"], record]


def supply_since(data: GameData, state: dict, unit_id: str, supplied: int) -> None:
    """The Supply Phases a hidden unit missed, applied in turn (11.0, 11.3.2, 12.3)."""
    unit = state["units"][unit_id]
    for record in state["fog_supply"]:
        if record["turn"] <= supplied:
            continue
        traced = record["hexes"][unit["side"]][unit["hex"]][goal_key(data, state, unit_id)]
        status = "in" if traced else WORSE[unit.get("supply", "in")]
        hq = commanded_by(data, unit_id)
        if hq in record["hqs"] and record["hqs"][hq] == "isolated":
            status = "isolated"
        elif hq in record["hqs"] and record["hqs"][hq] == "oos" and status == "in":
            status = "oos"
        unit["supply"] = status


# -- what a step opens --------------------------------------------------------------------------
def opens(data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str, orders: list) -> dict[str, list[str]]:
    def at(owner: str, where: set[str]) -> list[str]:
        return [i for i in hidden.get(owner, []) if not i.startswith("withdrawn/") and i.rsplit("/", 1)[0] in where]

    if state["phase"] in OWNER_PHASES:          # played in the open: every stack of the mover
        return {side: [i for i in hidden.get(side, []) if not i.startswith("withdrawn/")]}
    if state["phase"] == "combat":              # 1.1.4: the stack an attack is committed to
        targets = {_hex(data, o.get("attack")) for o in orders if isinstance(o, dict) and "attack" in o}
        return {other(side): at(other(side), {t for t in targets if t})}
    if state["phase"] == "bombard":             # 8.5: the targets' stacks (the top may be eliminated)
        named = {str(u) for o in orders if isinstance(o, dict) for u in (o.get("bombard") or [])}
        where = {state["units"][u]["hex"] for u in named if u in state["units"]}
        return {other(side): at(other(side), where)}
    return {}


def mover_opens(data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
    """The mover's stacks at every hex its orders name and those of the units they name."""
    where: set[str] = set()
    for order in orders:
        if not isinstance(order, dict):
            continue
        for key in UNIT_KEYS:
            for unit_id in _listed(order.get(key)):
                if unit_id in view["units"]:
                    where.add(view["units"][unit_id]["hex"])
        for key in HEX_KEYS:
            value = order.get(key)
            if key == "retreat" and isinstance(value, dict):
                where |= {view["units"][u]["hex"] for u in map(str, value) if u in view["units"]}
                value = list(value.values())
            where |= {h for h in map(lambda v: _hex(data, v), _flat(value)) if h}
    shown = [i for i in items if not i.startswith("withdrawn/") and i.rsplit("/", 1)[0] in where]
    return sorted({*shown, *reich_units(data, view, items, side)})


def reich_units(data: GameData, view: dict, items: Mapping[str, Any], side: str) -> list[str]:
    """19.1.3: a withdrawing division's unit still hidden since the event (no German Movement
    segment hid it again) is opened by the German's Supply Phase file, before the turn end counts
    those left on the map."""
    from .reich import withdrawing
    if side != "german" or "reich" not in view or view["phase"] != "supply":
        return []
    return [i for i, v in items.items() if isinstance(v, dict) and "unit" in v and withdrawing(data, view, v["unit"])]


def _listed(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [] if value is None else [str(value)]


def _flat(value: Any) -> list:
    if isinstance(value, list):
        return [x for v in value for x in _flat(v)]
    return [] if value is None or isinstance(value, (dict, bool)) else [value]


def _hex(data: GameData, value: Any) -> str | None:
    try:
        return canonical(data, value) if value is not None and not isinstance(value, bool) else None
    except ValueError:
        return None                                   # not a hex: the game's check refuses it


# -- what the enemy reads and checks of a movement segment ---------------------------------------
def public_events(state: dict, side: str, events: list) -> list:
    shown = [e for e in events if e.get("event") in PUBLIC_EVENTS
             or (e.get("event") in ("move", "independent") and e.get("unit") in state["units"])]
    return [{"event": "fog", "side": side, "rule": "1.1.4"}] + shown


def only_hidden(before: dict, after: dict, side: str) -> str | None:
    """A step that changes nothing but hides `side`'s stacks again: each unit it took out of the
    public state is one of `side`'s, in a hex the save lists as holding a hidden unit under a
    shown one; nothing else of the units changed."""
    gone = set(before["units"]) - set(after["units"])
    shown = {u["hex"] for u in after["units"].values() if u["side"] == side}
    if (set(after["units"]) - set(before["units"]) or any(after["units"][u] != before["units"][u] for u in after["units"])
            or any(before["units"][u]["side"] != side or before["units"][u]["hex"] not in after["fog_hidden"][side]
                   for u in gone)
            or not set(after["fog_hidden"][side]) <= shown or after["fog_hidden"][other(side)] != before["fog_hidden"][other(side)]
            or any(not set(after.get(n, [])) <= set(before.get(n, [])) for n in LISTS)):
        return f"the {side} step changed the units beyond hiding its stacks under their top units (1.1.4)"
    return None


def public_problems(data: GameData, before: dict, after: dict, side: str) -> list[str]:
    """The enemy checks at once that the segment changed none of its units and went on to the
    Combat segment of the same activation (or an overrun HQ's relocation, 12.2.6)."""
    def theirs(state: dict) -> dict:
        return {u: v for u, v in state["units"].items() if side_of(state, u) != side}
    if theirs(before) != theirs(after) or before["fog_hidden"][other(side)] != after["fog_hidden"][other(side)]:
        return ["the other side's units changed in a Movement segment, which moves only the active player's units"]
    if after["phase"] not in ("combat", "relocate") or (after["turn"], after["hq"]) != (before["turn"], before["hq"]):
        return ["after a Movement segment comes the Combat segment of the same activation (2.3.3), or a relocation (12.2.6)"]
    if any(h not in {u["hex"] for u in after["units"].values() if u["side"] == side} for h in after["fog_hidden"][side]):
        return ["a hidden unit lies in a hex without a shown unit of its side (1.1.4: only the top unit shows)"]
    return []
