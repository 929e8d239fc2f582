"""End of the Iron Dream, behaviour 3: the WA army groups' cooperation limits (4.2 C, 4.10 C-F).

Each WA counter names its group (units.counters.UNIT.group: tan, green, or `either` for the
airborne corps, 4.10 D "whichever is most convenient for the WA at any instant").

- Mobile assaults (4.10 E, 4.2 C): the two groups "may never mobile assault together, nor may
  the same Axis-controlled hex be mobile assaulted by units of the two groups during one single
  WA Operational Movement Phase" (the phase's record keeps each hex's group).
- Prepared assaults (4.10 E): "In each theater of operations, the WA may each turn declare one
  cooperative prepared assault". Every prepared assault of the phase is announced in one file
  (18.10 A), so the limit is checked there: each assault with units of both groups needs a
  theater of its own (4.9 B-C: the theaters all its attackers trace GS to, by the sea of each
  source, map.hexes.HEX.coast; 4.9 E: where two fit, pbem takes any that leaves the limit kept,
  as "whichever is more convenient").
- 4.10 C, F: units beneath an invasion-port counter (state["invasion_ports"]["ashore"], 14.x)
  count as one group: their stack neither mixes groups nor uses up the theater's cooperative
  assault when it assaults out of that hex together."""

from __future__ import annotations

from itertools import product

from ...errors import UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from . import lake_supply, supply
from .common import PRINTED_ON, counter, grid, mapdata
from .supply_play import LHJ, blocked, coastal, lines

# 4.9 B-D: an Atlantic port or coastal hex is in the ETO, a Mediterranean or Adriatic one in the
# MTO; in Let History Judge the Baltic is the ETO's and the Black Sea the MTO's
THEATER_OF_SEA = {"atlantic": "eto", "mediterranean": "mto", "adriatic": "mto", "baltic": "eto", "black": "mto"}
PER_THEATER = "game.sides.western_allies.army_groups.cooperative_prepared_assaults_per_theater"


def group(data: GameData, unit_id: str) -> str:
    value = str(unwrap(counter(data, unit_id).get("group", "unknown")))
    if value not in ("tan", "green", "either"):
        raise UnknownDataError(f"units.counters.{unit_id}.group", f"the army group of {unit_id} (tan or green, 4.10 A)",
                               PRINTED_ON, data.override_file)
    return value


def port_hexes(state: dict) -> set[str]:
    """The hexes of the invasion-port counters ashore (14.x keeps them; none before)."""
    return set((state.get("invasion_ports") or {}).get("ashore", []))


def groups(data: GameData, state: dict, units: list[str]) -> set[str]:
    """The groups a stack of WA units mixes (4.10 D: `either` joins any; 4.10 C: beneath an
    invasion-port counter, one group)."""
    if units and all(state["units"][u]["hex"] in port_hexes(state) for u in units) \
            and len({state["units"][u]["hex"] for u in units}) == 1:
        return set()
    return {group(data, u) for u in units} - {"either"}


def egs_groups(data: GameData, state: dict, units: list[str]) -> set[str]:
    """Behaviour 4, the groups one EGS burn-off supplies (4.2 B, 4.10 B): 4.10 C "WA units beneath an
    invasion-port counter are always considered to belong to the same army group, regardless of
    their actual colors"; the text names no colour for that group, so a reading (docs/end-of-the-iron-dream.md):
    as 4.10 D's airborne corps, the port stack takes the group of the other hex's units the SU
    supplies. Only the units outside the port hexes count their colours."""
    ports = port_hexes(state)
    return {group(data, u) for u in units if state["units"][u]["hex"] not in ports} - {"either"}


# -- mobile assaults (4.2 C, 4.10 E) -------------------------------------------------------
def mobile_problem(data: GameData, state: dict, rec: dict, units: list[str], target: str) -> str | None:
    mixed = groups(data, state, units)
    if len(mixed) > 1:
        return "tan and green WA units may never mobile assault together (4.10 E)"
    done = rec.get("groups", {}).get(target)
    if mixed and done and done != next(iter(mixed)):
        return (f"{target} was mobile assaulted by the {done} army group this phase: the {next(iter(mixed))} group may "
                "not mobile assault it in the same WA Operational Movement Phase (4.2 C, 4.10 E)")
    return None


def record_mobile(data: GameData, state: dict, rec: dict, units: list[str], target: str) -> None:
    mixed = groups(data, state, units)
    if mixed and not rec.get("groups", {}).get(target):
        rec["groups"] = {**rec.get("groups", {}), target: next(iter(mixed))}


# -- prepared assaults (4.10 E-F) ----------------------------------------------------------
def theaters(data: GameData, state: dict, units: list[str]) -> set[str]:
    """4.9 B-C: the theaters every one of `units` traces its GS line to (a coastal hex of a
    theater's sea puts it in that theater, 15.14 C)."""
    owner, mine, ezoc, listed, _ = lines(data, state, "western")
    by_theater: dict[str, list[str]] = {}
    for hex_id in listed:
        by_theater.setdefault(source_theater(data, state, hex_id), []).append(hex_id)
    sides = lake_supply.blocked_for(data, state, "western", blocked(data))              # 15.14 F (behaviour 4)
    reach = {t: supply.general_supply(data, "western", state["scenario"], grid(data), hexes, mine, ezoc, sides)
             for t, hexes in sorted(by_theater.items())}
    common = {"eto", "mto"}
    for unit_id in units:
        here = state["units"][unit_id]["hex"]
        found = {t for t, hexes in reach.items() if here in hexes}
        if coastal(data, state, here):
            found.add(THEATER_OF_SEA[str(mapdata(data).info(here)["coast"])])
        common &= found
    return common


def source_theater(data: GameData, state: dict, hex_id: str) -> str:
    from .greece_lhj import edge_sources as greece_sources
    from .italy import edge_sources
    if hex_id in edge_sources(data, state) | greece_sources(data, state):
        return "mto"                                   # 25.12, 27.9 C: Southern Italy's and Greece's ports (4.9 C)
    sea = unwrap(mapdata(data).info(hex_id).get("coast", "unknown"))
    seas = ("atlantic", "mediterranean", "adriatic", *(("baltic", "black") if state["scenario"] == LHJ else ()))
    if sea not in seas:
        raise UnknownDataError(f"map.hexes.{hex_id}.coast", f"the sea of the WA supply source {hex_id} (4.9 B-D: its "
                               f"theater; {', '.join(seas)})", PRINTED_ON, data.override_file)
    return THEATER_OF_SEA[str(sea)]


def prepared_problem(data: GameData, state: dict, orders: list) -> tuple[int, str] | None:
    """4.10 E: at most N cooperative prepared assaults a theater a turn (N from the data), each in
    a theater all its attackers are in; 4.10 F: a port stack's own assault is not one."""
    limit = numbers.integer(data, PER_THEATER, "the cooperative prepared assaults per theater and turn (4.10 E)")
    mixed: list[tuple[int, set[str]]] = []
    for index, order in enumerate(orders):
        if "attack" not in order:
            continue
        units = [str(u) for u in order["with"]]
        if len(groups(data, state, units)) > 1:
            where = theaters(data, state, units)
            if not where:
                return index, ("a cooperative prepared assault of tan and green units is declared in a theater all its "
                               "attackers trace GS to; these share none (4.9, 4.10 E)")
            mixed.append((index, where))
    for choice in product(*[sorted(w) for _, w in mixed]):
        if all(choice.count(t) <= limit for t in set(choice)):
            return None
    last = mixed[-1][0]
    return last, (f"tan and green WA units assault together {len(mixed)} times: {limit} cooperative prepared assault per "
                  "theater of operations a turn (4.10 E)")


def as_groups_problem(data: GameData, state: dict, burns: list[dict], orders: list) -> tuple[int, str] | None:
    """4.2 B, 4.10 B: "the same SU may not provide ... Attack Supply (AS) to units of the two
    different groups on the same player-turn (with some exceptions)". Reading (docs/end-of-the-iron-dream.md,
    4.10 B): an SU provides AS to the units of its hexes that assault with it; the exceptions are
    4.10 C (a port stack is one group), 4.10 D (the airborne corps join either) and 4.10 E, the
    declared cooperative prepared assault: tan and green units fed by one SU are legal when all of
    them assault together in one battle. `burns` are the file's AS burn-offs, `orders` the file; an
    index into it is returned."""
    attacks = [(i, o) for i, o in enumerate(orders) if "attack" in o and isinstance(o.get("with"), list)]
    for burn in burns:
        hexes = {grid(data).canonical(str(h)) for h in burn["hexes"]}
        fed = [(i, [str(u) for u in o["with"] if state["units"][str(u)]["hex"] in hexes]) for i, o in attacks]
        fed = [(i, units) for i, units in fed if units]
        mixed = groups(data, state, [u for _, units in fed for u in units])
        if len(mixed) > 1 and len(fed) > 1:
            return fed[-1][0], (f"{burn['supply']} may not provide AS to units of both WA army groups "
                                f"({', '.join(sorted(mixed))}) in separate battles: only to one cooperative prepared "
                                "assault (4.2 B, 4.10 B, 4.10 E)")
    return None
