"""Column shifts beyond mud (24.22) and surprise (18.21): hilltops (9.33-9.35), combined arms (9.5).

`column_shifts` returns a list of {"shift": +N/-N (positive = right, the attacker's favour),
"why": text, "rule": "9.xx"}; game.resolve() adds them to the mud and surprise shifts.

Readings of the text (see also docs in the module functions):
- Hilltop (9.33): any unit of a player on a hilltop hex within two hexes of a defending hex counts;
  it need not take part in the combat. A hilltop hex never counts for its own defence (9.34), but
  it may count for another defending hex of the same multi-hex combat.
- Combined arms: the "attacking stack" (9.53) and the "stack of defending units" (9.54) are the
  units of one hex that take part in the combat; units sitting out under 7.21/7.22 count only for
  divisional integrity (7.22), so they neither give nor deny a combined arms bonus. The 9.5
  example (regiment 10/5/20 with tank battalion 737/12) is such a pair of participants.
- A stack gives at most one combined arms shift (9.53), whether it qualifies by 9.51 or 9.52.
- A cadre has no printed combat class (10.0), so neither gives (9.52) nor denies (9.54) a bonus
  through a parenthesized class; it still counts as a tank or non-tank unit for 9.51/9.54.
- 20.2: an improved positions hex is ignored when 739/19 takes part and 739/19 itself does not
  attack across a river hexside into it.
"""

from ...errors import UnknownDataError
from ...gamedata import unwrap
from . import flood
from .divisions import divisional_integrity_shifts

MINE_CLEARER = "739/19"      # 20.2: the US 739th (Mine-Clearing) Tank Battalion

RIVER_FEATURES = ("river", "roer_upper", "roer_lower", "rhine")        # 9.32, 18.14, 22.12


def column_shifts(game, data, state, combat) -> list:
    """Hilltops (9.35), combined arms (9.53), divisional integrity (9.43)."""
    return (hilltop_shifts(game, data, state, combat) + combined_arms_shifts(game, data, state, combat)
            + divisional_integrity_shifts(game, data, state, combat))


# -- 9.33-9.35 hilltops ------------------------------------------------------------------------
def hilltop_shifts(game, data, state, combat) -> list:
    size = int(str(data.get("crt.column_shifts.hilltop.shift", "the hilltop shift (9.35)")).split()[0])  # "1 toward ..."
    most = int(data.get("crt.column_shifts.hilltop.max_per_combat", "the hilltop bonuses per combat (9.35)"))
    reach = int(data.get("crt.column_shifts.hilltop.range_hexes", "the hilltop bonus range (9.33)"))
    attacker = combat["attacker_side"]
    grid = game.grid(data)
    found: dict = {}                                          # side -> why
    for hex_id, units in sorted(game.stacks(state).items()):
        # 9.34: a hilltop never gives a bonus for itself when it is attacked
        near = [d for d in combat["hexes"] if d != hex_id and grid.distance(hex_id, d) <= reach]
        if not near or flood.ground(game, data, state, hex_id) != "hilltop":      # 17.14: no flooded hilltops
            continue
        side = state["units"][units[0]]["side"]               # 9.34: in an enemy ZOC or not
        found.setdefault(side, f"{side} unit on hilltop {hex_id}, within {reach} hexes of {near[0]}")
    shifts = []
    for side in sorted(found, key=lambda s: s == attacker):   # 9.35: the defender first: only he gets it if both may
        shifts.append({"shift": size if side == attacker else -size, "why": f"hilltop: {found[side]}", "rule": "9.35"})
    return shifts[:most]                                      # 9.35: at most one per combat


# -- 9.5 combined arms ---------------------------------------------------------------------------
def combined_arms_shifts(game, data, state, combat) -> list:
    """9.51-9.53: +1 per attacking stack with a tank and a non-tank unit, or with a unit of
    parenthesized class (9.52); none against 9.54 / 12.22 / 20.1; at most 1 across rivers (9.55)."""
    negated = combined_arms_negated(game, data, state, combat)
    if negated:
        return []
    size = int(data.get("crt.column_shifts.combined_arms.shift", "the combined arms shift (9.53)"))
    tanks = data.get("units.unit_types.combined_arms_tank_role", "the tank units of 9.51")
    shifts: list[dict] = []
    for hex_id, units in participants_by_hex(state, combat["attackers"]).items():
        tank = [u for u in units if game.counter(data, u)["type"] in tanks]
        other = [u for u in units if u not in tank]
        parenthesized = [u for u in units if parenthesized_class(game, data, state, u)]
        if parenthesized:                                                          # 9.52
            why = f"{parenthesized[0]} in {hex_id} has a parenthesized combat class"
            rule = "9.52"
        elif tank and other:                                                       # 9.51
            why = f"tank {tank[0]} with non-tank {other[0]} attacking from {hex_id}"
            rule = "9.51"
        else:
            continue
        shifts.append({"shift": size, "why": f"combined arms: {why} ({rule})", "rule": "9.53"})
    limit = int(data.get("crt.column_shifts.combined_arms.max_if_entirely_across_river", "9.55"))
    if entirely_across_rivers(game, data, state, combat) and len(shifts) > limit:
        shifts = shifts[:limit]                                                    # 9.55
        shifts[-1]["why"] += "; attack entirely across river hexsides, at most one (9.55)"
    return shifts


def combined_arms_negated(game, data, state, combat) -> str | None:
    """Why no combined arms bonus may be won against the defending units, or None."""
    defence_role = data.get("units.unit_types.combined_arms_defence_role", "the tank and anti-tank units of 9.54")
    tanks = data.get("units.unit_types.combined_arms_tank_role", "the tank units of 9.51")
    for hex_id, units in participants_by_hex(state, combat["defenders"]).items():
        types = {u: game.counter(data, u)["type"] for u in units}
        armour = [u for u in units if types[u] in defence_role]
        if any(types[v] not in tanks for a in armour for v in units if v != a):       # 9.54 combined arms defence
            return f"combined arms defence in {hex_id} (9.54)"
        if any(parenthesized_class(game, data, state, u) for u in units):          # 9.54 / 9.52
            return f"parenthesized combat class defending in {hex_id} (9.54)"
        german = any(state["units"][u]["side"] == "german" for u in units)
        hexes = game.map(data)
        if german and hexes.has(hex_id, "entrenchment"):                           # 12.22, 9.54
            return f"German units in entrenchment {hex_id} (12.22)"
        if german and hexes.has(hex_id, "improved_positions") and not mine_cleared(game, data, state, combat, hex_id):
            return f"German units in improved positions {hex_id} (20.1, 20.2)"     # 20.1: an entrenchment
    return None


def mine_cleared(game, data, state, combat, hex_id) -> bool:
    """20.2: 739/19 takes part, and not across a river hexside, so the improved position is ignored."""
    if MINE_CLEARER not in combat["attackers"] or MINE_CLEARER not in state["units"]:
        return False
    return not river_hexside(game, data, state, state["units"][MINE_CLEARER]["hex"], hex_id)


def entirely_across_rivers(game, data, state, combat) -> bool:
    """9.55 (as 9.32): every attacking unit attacks across a river hexside into every defending hex."""
    pairs = [(state["units"][u]["hex"], d) for u in combat["attackers"] if u in state["units"] for d in combat["hexes"]]
    return bool(pairs) and all(river_hexside(game, data, state, a, d) for a, d in pairs)


def river_hexside(game, data, state, a, b) -> bool:
    """River hexsides (the Roer reaches and the Rhine are rivers); 24.22a: streams too in mud."""
    rivers = RIVER_FEATURES + (("stream",) if game.mud(state) else ())
    return any(f in rivers for f in flood.features(game, data, state, a, b))


def parenthesized_class(game, data, state, unit_id) -> bool:
    """9.52: `combined_arms: true` on the counter marks a parenthesized combat class; never on the
    cadre side (10.0: a cadre has no combat class)."""
    value = unwrap(game.counter(data, unit_id).get("combined_arms", False))
    if value == "unknown":
        raise UnknownDataError(f"units.counters.{unit_id}.combined_arms", f"whether {unit_id}'s combat class is parenthesized",
                               "the unit counter (2.22)", data.override_file)
    return value is True and state["units"][unit_id]["form"] != "cadre"


def participants_by_hex(state, units) -> dict:
    by_hex: dict = {}
    for unit_id in units:
        if unit_id in state["units"]:
            by_hex.setdefault(state["units"][unit_id]["hex"], []).append(unit_id)
    return dict(sorted(by_hex.items()))
