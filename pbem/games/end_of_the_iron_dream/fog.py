"""25.3 Fog of War (campaign option `fog=true`, behaviour 4) on the hidden-information core
(pbem/hidden, docs/hidden-information.md), in the shape of Stargard Solstice's 1.1.4 (fog.py there).

25.3 B: "no player may examine the stacks of any other player until committing forces to a mobile
or prepared assault into the enemy-occupied hex." What another seat sees of a seat's stack: its
hex, its top unit with its steps, and how many counters lie under it (items `HEX/1`, `HEX/2`, ...
of the seat, each a unit or, for the Axis, a dummy: 25.3 D, fog_dummies.py).

The top (pbem's reading, so that every public step reads the same from the shown units as from the
whole stack): the unit with the most steps, then the lowest id, among the stack's units that are
neither SUs nor shown anyway. Shown anyway (never hidden): the units whose supply does not follow
their hex's -- the satellites' and Yugoslavia's (19.x, 20.x: their own sources), units on EGS,
on FS or just dropped (15.21, 15.16, 17.5 G), the 12th Army (25.9 C) --, the units a public VP
count names (26.6.3, 26.6.8 G, 26.6.10, 26.6.11) or whose steps it sums (26.6.9 B Warsaw's Germans,
26.6.4 the Soviet garrisons), the Axis stacks in a fortress supply source hex (15.16: its capacity
counts them) and, in the two-player game, German stacks in France and Italy (25.3
C, ULTRA: the Grand Alliance seat may always examine them). A ZOC, control and each supply line then read the same from the top (9.1 A: the
top is a combat unit; 4.1: the hex is occupied either way; 4.4 A: one camp per hex).

Owner steps: each Operational Movement file of the phasing seat that rolls no die (its moves,
reinforcements and dummies stay hidden); a file with a mobile assault is played in the open and
opens every stack of the mover. Public steps open what they read: an assault (mobile or prepared)
the defending stack (its owner's dice reveal, 25.3 B) and the mover's stacks at every hex and
unit its orders name (its orders).

The supply checks (5.x.2, 5.x.7) are public steps: pbem checks the shown units and records, for
each hex holding a hidden unit of the checked army, whether its top was left without GS; a hidden
unit takes each check it missed when it is put back (its owner's next step, or an opening): the
initial check's OOS marker for the player-turn still under way, the terminal check's step loss
(15.9 A), with the events that say so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import army_of_seat, counter, is_type, seat_of
from .supply import LHJ

SATELLITES = ("romanian", "bulgarian", "hungarian", "yugoslav")     # 19.1.4 B, 19.2.1, 19.3 D, 20.x
UNIT_FIELDS = ("unit", "refs", "seq")
OWNER_PHASES = ("movement",)
TOKEN = r"(?<![A-Za-z0-9_-]){}(?![A-Za-z0-9_-])"


def active(state: dict) -> bool:
    return "fog" in state


def start(state: dict) -> None:
    """25.3 A: chosen before play (campaign option `fog=true`): nothing is hidden until each
    seat's first owner step; 25.3 B: "The player may still examine Axis stacks during the setup"."""
    state["fog"] = {"hidden": {seat: [] for seat in sorted(state["seats"])}, "checks": [], "dummies": {}}


def hides(state: dict, seat: str) -> bool:
    """Whether the seat's stacks are hidden from the others. 25.3 G: "In the Let History Judge
    scenario there are no dummy units, and the WA may examine the stacks of the Soviets at any time.
    The Soviets may not do so with stacks, however, until committed to an assault in the hex": there
    only NATO's (the WA seat's) stacks are hidden, and the Soviet files are played in the open."""
    return state["scenario"] != LHJ or seat == "western"


def seat_of_unit(state: dict, unit_id: str) -> str:
    return seat_of({**state, "front": "west"}, str(state["units"][unit_id]["side"]))


# -- what stays shown ------------------------------------------------------------------------------
def ultra(data: GameData, state: dict) -> frozenset[str]:
    """25.3 C: the hexes of France and Italy, whose German stacks the two-player Alliance seat may
    always examine (the three-player WA's look is not enforced: game.FOG_ON)."""
    if "alliance" not in state["seats"]:
        return frozenset()
    from .satellites import country
    return country(data, "france") | country(data, "italy")


def exempt(data: GameData, state: dict, unit_id: str, shown: frozenset[str]) -> bool:
    """Never hidden: units whose supply does not follow their hex's (satellites, EGS, FS, just
    dropped, the 12th Army), units a public count names (26.6.3 the French mechanized corps, 26.6.8
    G the 65th Z.B.V., 26.6.10-11 victory.watched) and stacks whose steps a public count sums (26.6.9
    B Warsaw's Germans, 26.6.4 the Soviet garrisons, 15.16 an FS hex's capacity); German stacks in
    `shown` (25.3 C)."""
    from .victory import ZBV, watched
    unit = state["units"][unit_id]
    drops = state.get("drops") or {}
    nation = unwrap(counter(data, unit_id).get("nation"))
    if (nation in SATELLITES or unit_id in state.get("egs", []) or unit_id in state.get("fs", [])
            or (drops.get("turn") == state["turn"] and unit_id in drops.get("units", []))
            or unit_id == (state.get("twelfth_army") or {}).get("unit") or watched(data, unit_id)
            or (nation == "free_french" and is_type(data, unit_id, "mechanized"))
            or unit_id == numbers.text(data, ZBV, "the 65th Z.B.V.'s counter (2.4.3)")):
        return True
    if unit["side"] == "axis":
        from .fort_supply import baltic_source
        from .fortress import sources
        from .warsaw import hex_of
        return (unit["hex"] in shown or unit["hex"] == hex_of(data) or unit["hex"] in sources(data)      # 15.16 B: FS counts them
                or baltic_source(data, state, unit["hex"]))
    return unit["side"] == "soviet" and unit["hex"] in (state.get("victory") or {}).get("garrisons", [])


def top_key(state: dict, unit_id: str) -> tuple:
    return (-int(state["units"][unit_id]["steps"]), unit_id)


def stacks(data: GameData, state: dict, seat: str) -> dict[str, tuple[str, list[str]]]:
    """Each hex of the seat with units to hide: (its top, the units under it)."""
    if not hides(state, seat):
        return {}                                     # 25.3 G: the Soviets' stacks in Let History Judge
    armies = army_of_seat(state, seat)
    shown = ultra(data, state) if "axis" in armies else frozenset()
    found: dict[str, list[str]] = {}
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] in armies and not exempt(data, state, unit_id, shown):
            found.setdefault(unit["hex"], []).append(unit_id)
    out = {}
    for hex_id, units in sorted(found.items()):
        plain = [u for u in units if not is_type(data, u, "supply_unit")]
        if plain and len(units) > 1:
            top = min(plain, key=lambda u: top_key(state, u))
            out[hex_id] = (top, [u for u in units if u != top])
    return out


# -- split and merge -------------------------------------------------------------------------------
def split(data: GameData, state: dict, seat: str) -> dict[str, Any]:
    """The seat's units under each top (and the Axis dummies) taken out of the state, as items."""
    from . import fog_dummies
    items: dict[str, Any] = {}
    by_hex: dict[str, list[Any]] = {}
    for hex_id, (_, under) in stacks(data, state, seat).items():
        by_hex[hex_id] = [{"unit": u, **state["units"].pop(u)} for u in under]
    if "axis" in army_of_seat(state, seat):
        for dummy, hex_id in sorted(state["fog"]["dummies"].items()):
            by_hex.setdefault(hex_id, []).append({"dummy": dummy})
        state["fog"]["dummies"] = {}
    hidden_ids = [v["unit"] for values in by_hex.values() for v in values if "unit" in v]
    refs = scrub(state, hidden_ids)
    seq = len(state["fog"]["checks"])
    for hex_id, values in sorted(by_hex.items()):
        for slot, value in enumerate(values, start=1):
            if "unit" in value:
                value.update(refs=refs.get(value["unit"], []), seq=seq)
            items[f"{hex_id}/{slot}"] = value
    state["fog"]["hidden"] = {**state["fog"]["hidden"], seat: sorted(by_hex)}
    leaked = fog_dummies.named(state, hidden_ids)
    if leaked:
        raise PbemError(f"internal: fog of war cannot hide {leaked}: the public state still names it (25.3 B)")
    return items


def scrub(state: dict, hidden: list[str]) -> dict[str, list]:
    """Take the hidden units out of every list and mapping of the state but `units` (its OOS
    markers, 15.10 answers, ...): unit -> [[PATH..., INDEX or KEY, VALUE]] to put them back."""
    refs: dict[str, list] = {}
    wanted = set(hidden)

    def walk(node: Any, path: list) -> None:
        if isinstance(node, dict):
            for key in sorted(node):
                if key in wanted:
                    refs.setdefault(key, []).append([*path, ["key", key], node.pop(key)])
                else:
                    walk(node[key], [*path, key])
        elif isinstance(node, list):
            for index in reversed(range(len(node))):
                named = node[index].split("|", 1)[0] if isinstance(node[index], str) else None     # 15.10 "UNIT|HEX|..."
                if named in wanted:
                    refs.setdefault(str(named), []).append([*path, ["at", index], node.pop(index)])
            for index, value in enumerate(node):
                walk(value, [*path, index])

    for key in sorted(state):
        if key not in ("units", "fog"):
            walk(state[key], [key])
    return refs


def unscrub(state: dict, refs: list) -> None:
    for ref in sorted(refs, key=lambda r: (r[:-2] and json.dumps(r[:-2]), r[-2][1] if r[-2][0] == "at" else 0)):
        *path, (how, where), value = ref
        node: Any = state
        for step in path:
            if isinstance(node, dict) and step not in node:
                node[step] = [] if how == "at" else {}
            node = node[step]
        if how == "key":
            node[where] = value
        else:
            node.insert(min(where, len(node)), value)


def merge(data: GameData, state: dict, seat: str, items: Mapping[str, Any]) -> None:
    from . import fog_supply
    caught: list[dict] = []
    for item, value in sorted(items.items()):
        hex_id = item.rsplit("/", 1)[0]
        if isinstance(value, dict) and set(value) == {"dummy"} and "axis" in army_of_seat(state, seat):
            state["fog"]["dummies"] = {**state["fog"]["dummies"], str(value["dummy"]): hex_id}
            continue
        if (not isinstance(value, dict) or not isinstance(value.get("unit"), str) or value["unit"] in state["units"]
                or not set(UNIT_FIELDS) <= set(value)):
            raise PbemError(f"hidden item {item!r} of {seat} is not a unit or dummy under fog of war (25.3)")
        unit_id = value["unit"]
        state["units"][unit_id] = {k: v for k, v in value.items() if k not in UNIT_FIELDS}
        unscrub(state, value["refs"])
        fog_supply.catch_up(data, state, unit_id, int(value["seq"]), caught)
    state["units"] = dict(sorted(state["units"].items()))
    if caught:
        state["fog"]["caught"] = [*state["fog"].get("caught", []), *caught]
    opened = {i.rsplit("/", 1)[0] for i in items}
    state["fog"]["hidden"] = {**state["fog"]["hidden"], seat: [h for h in state["fog"]["hidden"][seat] if h not in opened]}


# -- what a step opens -----------------------------------------------------------------------------
def attacked(orders: list) -> set[str]:
    """The hexes a file assaults (11.x `assault:`, 18.x `attack:`, 14.x `invade:`, 17.6 a `drop:`'s
    `at:`): an enemy stack there is opened (25.3 B)."""
    found: set[str] = set()
    for order in orders:
        if isinstance(order, dict):
            for key in ("assault", "attack", "invade", *(("at",) if "drop" in order else ())):
                value = order.get(key)
                found |= {str(v) for v in (value if isinstance(value, list) else [value]) if v is not None}
    return found


def hex_of(item: str) -> str:
    return item.rsplit("/", 1)[0]


def opens(data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str, orders: list) -> dict[str, list[str]]:
    """25.3 B: the defending stacks of the assaults the orders commit to; a movement file played in
    the open (it rolls a die) opens every stack of the mover."""
    from .common import grid
    targets = set()
    for value in attacked(orders):
        try:
            targets.add(grid(data).canonical(value))
        except ValueError:
            continue                                  # not a hex: the game's check refuses it
    wanted = {owner: [i for i in ids if hex_of(i) in targets] for owner, ids in hidden.items() if owner != side}
    if state["phase"] in OWNER_PHASES:
        wanted[side] = list(hidden.get(side, []))
    return {o: [i for i in ids if re.fullmatch(r"[A-Za-z]+[0-9]+/[1-9][0-9]*", i)] for o, ids in wanted.items()}


def mover_opens(data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
    """The mover's stacks at every hex its orders name and those of the units they name (its
    attackers' stacks, a retreat's or an advance's path through its own stacks)."""
    from .common import grid
    where: set[str] = set()
    for value in _flat(orders):
        if value in view["units"]:
            where.add(view["units"][value]["hex"])
            continue
        try:
            where.add(grid(data).canonical(value))
        except ValueError:
            continue
    return sorted(i for i in items if "/" in i and hex_of(i) in where)


def _flat(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in (str(k), *_flat(v))]
    if isinstance(value, list):
        return [x for v in value for x in _flat(v)]
    return [] if value is None or isinstance(value, bool) else [str(value)]


# -- what the enemy reads and checks of an owner step ----------------------------------------------
def unseen(data: GameData, state: dict, seat: str) -> list[str]:
    """The seat's counters the public state does not show (hidden, or not on the map)."""
    armies = army_of_seat(state, seat)
    dead = {d["unit"] for d in state.get("dead", [])}
    counters = data.get("units.counters", "the unit counters")
    return [u for u in sorted(counters) if isinstance(counters[u], dict) and u not in state["units"] and u not in dead
            and unwrap(counters[u].get("side")) in armies]


def public_events(data: GameData, state: dict, seat: str, events: list) -> list:
    """The step's events the other seats may read: those naming no unit the public state does not
    show and no dummy (a move of a unit still shown is what the table sees), as played."""
    names = [TOKEN.format(re.escape(n)) for n in unseen(data, state, seat)] + [TOKEN.format(r"dummy-[0-9]+")]
    pattern = re.compile("|".join(names))
    return [e for e in events if not pattern.search(json.dumps(e, sort_keys=True))]


def hidden_again(before: dict, after: dict, seat: str) -> dict:
    """`before` less the seat's units another part's owner step hid again (25.3 B), for that part's
    own check of what its step changed (chit.py)."""
    if not active(before):
        return before
    gone = set(before["units"]) - set(after["units"])
    if any(seat_of_unit(before, u) != seat for u in gone):
        return before
    return {**before, "units": {u: v for u, v in before["units"].items() if u not in gone}}


def public_problems(data: GameData, before: dict, after: dict, seat: str) -> list[str]:
    """What the other seats check at once: no unit of theirs changed, and each hidden hex of the
    mover holds a shown unit of its (or, for the Axis, a fort: 25.3 D)."""
    from .forts import standing

    def theirs(state: dict) -> dict:
        return {u: v for u, v in state["units"].items() if seat_of_unit(state, u) != seat}
    if theirs(before) != theirs(after) or any(
            before["fog"]["hidden"].get(s) != after["fog"]["hidden"].get(s) for s in before["fog"]["hidden"] if s != seat):
        return ["another seat's units changed in an Operational Movement file, which moves only the phasing army's units (25.3 B)"]
    shown = {v["hex"] for k, v in after["units"].items() if seat_of_unit(after, k) == seat}
    forts = standing(data, after) if "axis" in army_of_seat(after, seat) else set()
    lone = [h for h in after["fog"]["hidden"][seat] if h not in shown and h not in forts]
    if lone:
        return [f"hidden counters in {lone[0]} without a shown unit of theirs (25.3 B: only a stack's top shows; 25.3 D)"]
    return []
