"""End of the Iron Dream, behaviour 4: forts and supply (15.16 A, 15.18).

- 15.16 A: "German units may draw FS from ... Königsburg, and any other Baltic port that becomes
  fortified." A reading of "becomes": a fort built in play (forts.py, 22.1) in a hex of a Baltic
  port (13.1 B: `game.movement.german_sea_movement.baltic_port_hexes`, the map's; read when a fort
  factor is placed, so `check` refuses it naming that path) makes the port an FS source of one
  step (15.16 B) while the fort stands; a fort printed on the map (22.13) does not. The other
  sources stay fortress.py's (the map data's `fortress_supply` hexes and Königsburg).
- 15.18 A: "German fortification counters need GS just as combat units. If such counters were cut
  off in a hex that had no FS capabilities, the fortress counters would be removed along with the
  last mobile German defenders in the hex, or at the end of the first turn of isolation if
  ungarrisoned by German field units." B: "A Level 3 fort would not attrite down to Level 2, then
  to Level 1. It would simply come off the board." Checked at the Axis Terminal Supply Check, where
  combat units attrite (15.9 A; a reading of "the end of the first turn of isolation"): a fort
  whose hex has no German GS line (15.12, 15.15 B Baltic coastal GS, 16.9 Berlin after the
  collapse) and no FS capability is removed whole when no German combat unit is left in its hex
  after the attrition. A reading: EGS goes "to all the units" of its hexes (15.21.1 B), so a fort
  keeps it only through its garrison."""

from __future__ import annotations

from ...gamedata import GameData, unwrap
from .common import counter, grid, plays


def baltic_source(data: GameData, state: dict, hex_id: str) -> bool:
    """15.16 A: a Baltic port whose fort was built in play and stands."""
    from . import forts
    from .german_sea import ports
    if not plays(data, 4) or not state.get("forts", {}).get(hex_id) or hex_id in forts.printed_forts(data):
        return False
    return hex_id in ports(data)


def baltic_sources(data: GameData, state: dict) -> set[str]:
    """Every FS source of 15.16 A's Baltic ports now."""
    return {h for h in sorted(state.get("forts", {})) if baltic_source(data, state, h)}


def read_ports(data: GameData) -> None:
    """At a fort factor's placement (behaviour 4): the Baltic ports' hexes, so the FS source it may
    make is known (15.16 A; unknown refuses the order naming the path)."""
    from .german_sea import ports
    if plays(data, 4):
        ports(data)


def german_garrison(data: GameData, state: dict, hex_id: str) -> list[str]:
    """15.18 A: the German field units in a hex (SUs and OKH are not, 15.23 B)."""
    from .supply_units import is_su
    return sorted(u for u, v in state["units"].items() if v["hex"] == hex_id and v["side"] == "axis"
                  and unwrap(counter(data, u).get("nation")) == "german" and not is_su(data, u))


def cut_off(data: GameData, state: dict) -> dict[str, bool]:
    """15.18 A, before the Axis attrition: the forts with neither a German GS line nor FS capability
    in their hex -> whether German field units garrison them."""
    from . import forts
    from .fortress import coastal_gs, sources
    from .supply_play import berlin_hex, collapsed, lines
    if not plays(data, 4) or state["army"] != "axis":
        return {}
    standing = sorted(forts.standing(data, state))
    if not standing:
        return {}
    owner, _, _, _, reach = lines(data, state, "axis")
    found = {}
    for hex_id in standing:
        if hex_id in sources(data) or baltic_source(data, state, hex_id) or hex_id in reach:
            continue
        if coastal_gs(data, state, hex_id, owner, reach) or (collapsed(state) and hex_id == grid(data).canonical(berlin_hex(data))
                                                            and owner.get(hex_id) == "axis"):
            continue
        found[hex_id] = bool(german_garrison(data, state, hex_id))
    return found


def remove_cut(data: GameData, state: dict, cut: dict[str, bool], events: list) -> None:
    """15.18 A, B after the Axis attrition: each cut-off fort without German field units left goes."""
    from . import forts
    for hex_id, garrisoned in sorted(cut.items()):
        if german_garrison(data, state, hex_id):
            continue
        level = forts.level(data, state, hex_id)
        why = ("cut off from GS in a hex without FS: removed with the last German defenders (15.18 A)" if garrisoned else
               "cut off from GS in a hex without FS and ungarrisoned: removed at the end of its turn of isolation (15.18 A)")
        forts.destroy(state, hex_id, events, f"{why}; a Level {level} fort comes off whole (15.18 B)")
