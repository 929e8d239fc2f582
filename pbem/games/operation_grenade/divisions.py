"""Divisional integrity (9.41-9.44) with the special German divisions (27.21, 27.22).

`divisional_integrity_shifts` returns shift dicts like shifts.column_shifts: {"shift": +N/-N
(positive = right, the attacker's favour), "why": text, "rule": "9.43"}.

The data (rules/operation-grenade/units.yaml `divisions:`): the text names each division's units
(`german:` / `us:`, a list or {units: [...]}), but a division's full composition is printed only on
the Divisional Integrity Requirements diagram. A division's regiments for the 9.41 attack bonus:
  1. `units.divisions.requirements.<german|us>.<division>` if the campaign's override gives it
     (copied from the diagram), else
  2. the text's list, if the text itself says it is the whole division (`complete: true`: the
     two-regiment divisions of 27.21, the 99th and 95th of 27.31/27.32), else
  3. the text's list, if the override confirms `units.divisions.composition_complete: true`;
     while that is `unknown` the combat stops with UnknownDataError naming it.
Battalion-sized counters are never among the regiments (9.41 speaks of regiments; the 9.4 note:
panzer divisions need not employ their tank battalions).

Readings of the text:
- "All the regiments of a particular division" (9.41) is the division's composition, not its
  survivors: a regiment that is eliminated, or has not yet entered the map, is not adjacent, so
  the division has no attack bonus. 27.21 ("even though only two regiments are adjacent")
  measures the requirement against the composition, not against what is left.
- A cadre (10.0) is still its regiment: the cadre side is the regiment's last step, and it
  counts as a battalion only "for stacking purposes" (10.0, 7.13). So a cadre fulfils 9.41, may
  be the participating regiment, and is a regiment for 9.42 (defending or as the division-mate).
- Regiment means regiment or brigade (the 7.21 / 8.0 pairing): the U.S. armoured divisions'
  combat commands are brigade counters, and the diagram gives an Armored Division (U.S.).
- Non-participants count (7.22): any regiment of the division on the map that is adjacent to a
  hex under attack, whether or not it attacks, and whether or not it is stacked with another.
  In a multi-hex attack (9.21) a regiment must be adjacent to at least one of the attacked hexes
  ("adjacent to the Enemy units that are the subject of the attack"); the participating ones are
  adjacent to all of them anyway (9.25).
- At least one of the division's regiments must participate (9.41): a battalion of the division
  attacking alone does not make it a participating division.
- 9.42: the defending regiment is one of the combat's defenders (the one regiment chosen under
  7.21/7.22, or a cadre); its division-mate may be a non-participating hex-mate (7.22) or any
  regiment of the same division in an adjacent hex. Division membership comes from the
  designation (2.22: division/corps), so the defence bonus needs no composition data.
- 27.22: a kampfgruppe "represents only portions of its parent division" and "may never receive
  a divisional integrity combat bonus". Read for the whole parent division (named by the
  kampfgruppe's designation: 9P/81 -> 9P): its division is never whole, so no unit of it gives or
  gets either bonus (e.g. 33/9P/81 defending next to 244/9P/81: no shift).
"""

from ...errors import UnknownDataError
from ...gamedata import unwrap

DATA_SIDE = {"allied": "us", "german": "german"}       # state sides -> units.divisions keys
NOT_REGIMENTS = ("battalion",)                         # 2.22 sizes; a cadre stays its regiment (10.0)
RULE = "9.43"


def divisional_integrity_shifts(game, data, state, combat) -> list:
    return attack_shifts(game, data, state, combat) + defence_shifts(game, data, state, combat)


# -- 9.41, 9.43, 9.44: the attacker ----------------------------------------------------------------
def attack_shifts(game, data, state, combat) -> list:
    size = int(unwrap(data.get("crt.column_shifts.divisional_integrity.attack.shift", "the divisional integrity shift (9.43)")))
    most = int(unwrap(data.get("crt.column_shifts.divisional_integrity.attack.max_total", "the most divisional integrity shifts in an attack (9.44)")))
    side = combat["attacker_side"]
    grid = game.grid(data)
    kampfgruppen = kampfgruppe_divisions(data)
    shifts: list[dict] = []
    names: list[str] = []
    seen: set[str] = set()
    for unit_id in combat["attackers"]:
        division = division_of(data, unit_id, side)
        if unit_id not in state["units"] or division is None or division in seen or division in kampfgruppen:
            continue
        regiments = division_regiments(game, data, side, division)
        if unit_id not in regiments:
            continue                                          # a battalion of it: not a participating regiment
        seen.add(division)
        away = [r for r in regiments if not _adjacent_to_attack(grid, state, side, r, combat["hexes"])]
        if away:
            continue
        names.append(division)
        shifts.append({"shift": size, "rule": RULE,
                       "why": f"divisional integrity: all regiments of division {division} ({', '.join(regiments)}) "
                              f"adjacent to {'+'.join(combat['hexes'])}, {unit_id} participating (9.41)"})
    if len(shifts) > most:
        shifts = shifts[:most]
        if shifts:
            shifts[-1]["why"] += (f"; at most {most} divisional integrity shifts in an attack, none for "
                                  f"division {', '.join(names[most:])} (9.44)")
    return shifts


def _adjacent_to_attack(grid, state, side, unit_id, hexes) -> bool:
    unit = state["units"].get(unit_id)
    return unit is not None and unit["side"] == side and any(grid.adjacent(unit["hex"], h) for h in hexes)


# -- 9.42, 9.43, 9.44: the defender ----------------------------------------------------------------
def defence_shifts(game, data, state, combat) -> list:
    size = int(unwrap(data.get("crt.column_shifts.divisional_integrity.defence.shift", "the divisional integrity shift (9.43)")))
    most = int(unwrap(data.get("crt.column_shifts.divisional_integrity.defence.max_total", "the most divisional integrity shifts in a defence (9.44)")))
    side = "german" if combat["attacker_side"] == "allied" else "allied"
    grid = game.grid(data)
    kampfgruppen = kampfgruppe_divisions(data)
    for unit_id in combat["defenders"] or []:
        unit = state["units"].get(unit_id)
        division = division_of(data, unit_id, side)
        if unit is None or division is None or division in kampfgruppen or not is_regiment(game, data, unit_id):
            continue
        for mate, other in sorted(state["units"].items()):
            if (mate == unit_id or other["side"] != side or division_of(data, mate, side) != division
                    or not (other["hex"] == unit["hex"] or grid.adjacent(other["hex"], unit["hex"]))
                    or not is_regiment(game, data, mate)):
                continue
            where = "stacked with" if other["hex"] == unit["hex"] else "adjacent to"
            return [{"shift": size, "rule": RULE,
                     "why": f"divisional integrity: defending {unit_id} in {unit['hex']} is {where} {mate} "
                            f"({other['hex']}) of the same division {division} (9.42)"}][:most]
    return []


# -- data ------------------------------------------------------------------------------------------
def is_regiment(game, data, unit_id) -> bool:
    """A regiment or brigade counter (2.22); its cadre side stays the regiment (10.0)."""
    return game.counter(data, unit_id)["size"] not in NOT_REGIMENTS


def kampfgruppe_divisions(data) -> set:
    """27.22: the parent divisions of the kampfgruppen (9P/81 -> 9P), read from the designation."""
    units = data.get("restrictions.special_german_divisions.kampfgruppen.units", "the kampfgruppen (27.22)")
    return {division_of(data, u, "german") or u.split("/", 1)[0] for u in units}


def division_lists(data, side) -> dict:
    """division -> the units the text names for it (units.divisions.<german|us>)."""
    key = DATA_SIDE[side]
    named = data.get(f"units.divisions.{key}", "the divisions named in the text (9.4)")
    return {division: _units(entry) for division, entry in named.items()}


def division_of(data, unit_id, side) -> str | None:
    """The division named in the designation (2.22 'unit/division/corps'), or the text's lists."""
    for division, units in division_lists(data, side).items():
        if unit_id in units:
            return division
    for division, units in _requirements(data, side).items():
        if unit_id in units:
            return division
    parts = unit_id.split("/")
    return parts[1] if len(parts) == 3 else None


def division_regiments(game, data, side, division) -> list:
    """All the regiments of `division` (9.41), or UnknownDataError saying where they are printed."""
    key = DATA_SIDE[side]
    given = _requirements(data, side)
    if division in given:
        units = given[division]
        data.get(f"units.divisions.requirements.{key}.{division}")       # notes the override's use
    else:
        entry = data.get(f"units.divisions.{key}", "the divisions named in the text (9.4)").get(division)
        if entry is None:
            raise UnknownDataError(f"units.divisions.requirements.{key}.{division}",
                                   f"the regiments of division {division} (9.41)",
                                   "Divisional Integrity Requirements diagram (9.4)", data.override_file)
        if not (isinstance(entry, dict) and unwrap(entry.get("complete")) is True):
            _confirm_complete(data, key, division, _units(entry))
        units = _units(entry)
    return [u for u in units if is_regiment(game, data, u)]


def _confirm_complete(data, key, division, units) -> None:
    path = "units.divisions.composition_complete"
    what = (f"whether the text's units of division {division} ({', '.join(units)}) are all its regiments, "
            f"for divisional integrity (9.41): `true` if the diagram shows no others, or list the division's "
            f"regiments as `units.divisions.requirements.{key}.{division}`")
    where = "Divisional Integrity Requirements diagram (9.4), printed on the map"
    try:
        complete = data.get(path, what)
    except UnknownDataError:
        raise UnknownDataError(path, what, where, data.override_file) from None
    if complete is not True:
        raise UnknownDataError(f"units.divisions.requirements.{key}.{division}",
                               f"the regiments of division {division} (9.41)", where, data.override_file)


def _requirements(data, side) -> dict:
    given = data.get(f"units.divisions.requirements.{DATA_SIDE[side]}", "9.41", default={}) or {}
    return {division: _units(entry) for division, entry in given.items() if unwrap(entry) != "unknown"}


def _units(entry) -> list:
    entry = unwrap(entry)
    units = entry.get("units", []) if isinstance(entry, dict) else entry
    return [str(u) for u in unwrap(units)] if isinstance(unwrap(units), list) else []
