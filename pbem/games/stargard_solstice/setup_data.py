"""Stargard Solstice: reading the counters (rules/stargard-solstice/units.yaml) and the campaign
set-up (scenarios/stargard-solstice/campaign.yaml: 15.0 start state, 15.1 German and 15.2 Soviet
set-up). Readings of the text are in docs/errata-stargard-solstice.md (hex ids, SS9-SS12).

Interface (stable; the game module builds on it):

- `units(data) -> dict[str, dict]`: unit id -> its counter, {value, rule} wrappers unwrapped:
  `printed` (the rulebook's name), `side` (german | soviet), `type` (hq | combat | festung |
  air), `formation` (the suffix after the last "/" of the printed name, "Den" for the printed
  "DEN"; None without one), `independent` (combat units: no divisional number, 3.3.2),
  `listed_under` (set-up units: the HQ id whose set-up paragraph lists the unit; None for the
  Polish units), `arrives` (reinforcements, 15.3: {"turn", "area"} or {"turn", "hex"}), `rule`
  ("15.1", "15.2", "15.3", "16.3"), plus `attack`, `defense`, `movement`, `steps`,
  `mechanized`, `command_range`, `full_attack` ... as the data has them. The reinforcement
  groups of rules/stargard-solstice/reinforcements.yaml name units by these ids. A value the text lacks is the string "unknown" here: read it through
  `counter_value`, which refuses naming its data path, never with a default.
- `counter_value(data, unit_id, key)`: one value of one counter (data.get: UnknownDataError
  naming `units.counters.ID.KEY` and the override to fill it).
- `fixed_placements(scenario) -> dict[str, str]`: unit id -> hex for every unit the text puts
  in one named hex (15.1, 15.2); refuses a unit placed twice.
- `choice_groups(scenario) -> list[dict]`: the "w/i 1 of HEX" groups, in printed order, each
  {"side", "units", "of", "within", "rule", "as_printed"}; the placing player (`side`) chooses
  each unit's hex, `of` itself or a hex at most `within` hexes from it (a signed placement).
- `start_state(scenario) -> dict`: the 15.0 start: {"turn", "first_turn", "last_turn",
  "units": {"strength", "in_supply", "in_command", "within_stacking_limits"},
  "vp_hexes_controlled_by", "first_chit", "cup": {"german": [...], "soviet": [...]},
  "air_units": {"german": {"luftflotte_6": [...], "grounded": [...]}, "soviet": {"air_army_16": [...]}},
  "holding_boxes": {...}}.
- `setup_problems(data, scenario) -> list[str]`: what makes the set-up impossible (a unit that
  is not a counter, placed twice or by the other side, a set-up unit left unplaced, a hex id not
  in pbem's spelling, a start-state chit or air unit that is not such a counter); empty for the
  bundled data.
- `hex_id(text) -> str`: a hex as pbem spells it ("0418"); refuses the printed "04.18" with a
  message naming the right spelling.

Hex ids are pbem's one spelling, four digits without the rulebook's dot ("04.18" is "0418",
rules/stargard-solstice/map.yaml). Nothing here needs the grid's offset (`unknown` until a group
enters it): whether a chosen hex is within 1 of `of` is the module's check, through its grid.
"""

from __future__ import annotations

import re

from ...errors import PbemError
from ...gamedata import GameData, unwrap

SIDES = ("german", "soviet")
_HEX = re.compile(r"[0-9]{4}")
_PRINTED_HEX = re.compile(r"([0-9]{2})\.([0-9]{2})")


def hex_id(text: str) -> str:
    """A hex in pbem's spelling; "04.18" (as printed) is refused naming "0418"."""
    if isinstance(text, str) and _HEX.fullmatch(text):
        return text
    printed = _PRINTED_HEX.fullmatch(text) if isinstance(text, str) else None
    if printed:
        raise PbemError(f"hex {text!r}: pbem writes Stargard Solstice hexes without the dot, "
                        f"as {printed.group(1)}{printed.group(2)} (docs/errata-stargard-solstice.md)")
    raise PbemError(f"hex {text!r}: expected four digits CCRR, e.g. 0418 (the rulebook's 04.18)")


def units(data: GameData) -> dict[str, dict]:
    """Unit id -> its counter (units.yaml `counters`, plus any the override adds), unwrapped.
    Worked out once per data (issue 13: the reinforcement rules asked for it hundreds of times in a
    replay); callers only read it."""
    def build() -> dict[str, dict]:
        value = data.get("units.counters", "the counter list (15.1, 15.2)")
        return {uid: {k: unwrap(v) for k, v in c.items()} for uid, c in value.items() if isinstance(c, dict)}
    return data.derived("stargard-solstice.units", build)


def counter_value(data: GameData, unit_id: str, key: str):
    """One value of one counter; refuses an unknown one naming `units.counters.ID.KEY`."""
    return data.get(f"units.counters.{unit_id}.{key}", f"the {key} of {unit_id}")


def _sides(scenario: dict) -> list[tuple[str, dict]]:
    setup = scenario["setup"]
    return [(side, setup[side]) for side in SIDES]


def placements(scenario: dict) -> list[tuple[str, str, dict]]:
    """(side, rule, placement) for every set-up placement, in printed order."""
    return [(side, str(block["rule"]), p) for side, block in _sides(scenario) for p in block["placements"]]


def fixed_placements(scenario: dict) -> dict[str, str]:
    """Unit id -> hex for every unit the text places in one named hex (15.1, 15.2)."""
    out: dict[str, str] = {}
    for _side, rule, placement in placements(scenario):
        if "hex" not in placement:
            continue
        for unit in placement["units"]:
            if unit in out:
                raise PbemError(f"set-up {rule}: {unit} is placed twice ({out[unit]}, {placement['hex']})")
            out[str(unit)] = hex_id(placement["hex"])
    return out


def choice_groups(scenario: dict) -> list[dict]:
    """The "w/i 1 of HEX" groups: the placing side picks each unit's hex (15.1, 15.2)."""
    out = []
    for side, rule, placement in placements(scenario):
        if "place" in placement:
            place = placement["place"]
            out.append({"side": side, "units": [str(u) for u in place["units"]], "of": hex_id(place["of"]),
                        "within": int(place["within"]), "rule": rule, "as_printed": str(placement["as_printed"])})
    return out


def start_state(scenario: dict) -> dict:
    """The 15.0 start state, wrappers unwrapped (see the module docstring for its keys)."""
    start = scenario["start_state"]
    air = start["air_units"]
    return {
        "turn": unwrap(start["turn"]),
        "first_turn": unwrap(scenario["first_turn"]),
        "last_turn": unwrap(scenario["last_turn"]),
        "units": {k: unwrap(v) for k, v in start["units"].items() if k != "rule"},
        "vp_hexes_controlled_by": unwrap(start["vp_hexes_controlled_by"]),
        "first_chit": unwrap(start["first_chit"]),
        "cup": {side: list(unwrap(start["cup"][side])) for side in SIDES},
        "air_units": {side: {box: list(ids) for box, ids in unwrap(air[side]).items()} for side in SIDES},
        "holding_boxes": {k: unwrap(v) for k, v in start["holding_boxes"].items() if k != "rule"},
    }


def setup_problems(data: GameData, scenario: dict) -> list[str]:
    """What would make the set-up impossible to carry out (15.0-15.2)."""
    known = units(data)
    problems: list[str] = []
    placed: dict[str, str] = {}
    for side, rule, placement in placements(scenario):
        where = placement["hex"] if "hex" in placement else placement["place"]["of"]
        try:
            hex_id(where)
        except PbemError as exc:
            problems.append(f"set-up {rule}: {exc}")
        ids = placement["units"] if "units" in placement else placement["place"]["units"]
        for unit in ids:
            if unit not in known:
                problems.append(f"set-up {rule}: {unit} is not a counter of units.counters")
                continue
            if unit in placed:
                problems.append(f"set-up {rule}: {unit} is placed twice")
            placed[unit] = rule
            if known[unit]["side"] != side:
                problems.append(f"set-up {rule}: {unit} belongs to {known[unit]['side']}, not {side}")
    start = start_state(scenario)
    in_boxes = {u for side in SIDES for ids in start["air_units"][side].values() for u in ids}
    problems += _start_problems(known, start)
    for unit, counter in known.items():
        # a counter a campaign's override adds (a reinforcement) carries no set-up rule
        is_setup_unit = "rule" in counter and str(counter["rule"]) in ("15.1", "15.2")
        if is_setup_unit and unit not in placed and unit not in in_boxes:
            problems.append(f"set-up {counter['rule']}: {unit} is never placed")
    return problems


def _start_problems(known: dict[str, dict], start: dict) -> list[str]:
    """The 15.0 start names HQ chits (1.4, 2.3.1) and air units (15.1, 15.2) that exist."""
    problems = []
    wanted = [(u, side, "hq", "the cup (1.4)") for side in SIDES for u in start["cup"][side]]
    wanted.append((start["first_chit"], "german", "hq", "the first chit (2.3.1)"))
    wanted += [(u, side, "air", "the air boxes (15.1, 15.2)") for side in SIDES
               for ids in start["air_units"][side].values() for u in ids]
    for unit, side, kind, where in wanted:
        counter = known.get(unit)
        if counter is None or counter["side"] != side or counter["type"] != kind:
            problems.append(f"start state: {unit} in {where} is not a {side} {kind} counter")
    return problems
