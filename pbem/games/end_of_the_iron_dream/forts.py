"""End of the Iron Dream, behaviour 3: German fortifications (5.1.1 A, 11.3, 22.x, 25.5 F).

The text prints no fort's hex: the forts on the map at the start (22.13) are the campaign's
`special.fortifications.at_start: {HEX: LEVEL}` ({} for none; unknown refuses naming that path,
from the set-up of a behaviour-3 Iron Dream campaign on); Let History Judge has none (22.15). The forts built in play and the ones destroyed are
state["forts"] {HEX: LEVEL, 0 once destroyed}, created by the first change (older saves never
have it).

- 5.1.1 A, 22.1-22.2, 22.11-22.13: `fort: HEX`, an Axis order of the Replacement Phase (the first
  orders of its movement file): one factor, a new Level 1 fort or one level more, from Turn 2,
  0-4 a turn, one a hex a turn, 36 in all, Level 3 at most; in Greater Germany or Italy
  (map.countries) but never Berlin, German-controlled (22.12: EZOCs allowed) and in GS (22.1 D);
  none once all three secondary economic hexes are liberated or the economy has collapsed (22.11).
- 28.5: the counter mix holds 16 fort markers (`units.roster.fortification_markers`). A reading: a
  marker stands on every hex whose fort was built or enhanced in play and still stands (a fort
  printed on the map needs none until enhanced); a destroyed fort's marker comes back. A factor
  that needs a 17th marker is refused; one enhancing a marked fort is not.
- 11.3, 22.4: no mobile assault into a Level 3 fort.
- 22.5: a vacant fort defends with 1 DF (a prepared assault, not a probe, 18.21), never retreats
  and is destroyed by any result but 0; C: it gives its level's shifts.
- 22.6: each level 1L for the defenders (A); its 1 DF is not added to a garrison's (B).
- 22.7: destroyed when victorious Alliance attackers advance into it (A) or with its garrison's
  last step (B).
- 22.14: +1 on the die whenever a fort is assaulted; a reading: a modified roll above 6 reads the
  die-6 row (the CRT has rows 1-6 only).
- 25.5 F: `bomb: HEX` strikes a vacant fort (removed); a garrisoned fort cannot be struck."""

from __future__ import annotations

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.combat import Shift
from .common import ALLIANCE, army_of, board, enemies, grid, mapdata, plays

DATA = "special.fortifications"
LHJ = "let-history-judge"


def level(data: GameData, state: dict, hex_id: str) -> int:
    """The fort level in a hex now (0: none)."""
    if not plays(data, 3) or state["scenario"] == LHJ:                       # 22.15
        return 0
    built = state.get("forts", {})
    if hex_id in built:
        return int(built[hex_id])
    return printed(data, hex_id)


def printed(data: GameData, hex_id: str) -> int:
    """22.13: the fort in a hex at the start (special.fortifications.at_start)."""
    return printed_forts(data).get(hex_id, 0)


def printed_forts(data: GameData) -> dict[str, int]:
    """22.13: the forts printed on the map, {HEX: LEVEL}: `special.fortifications.at_start`, which
    the text does not give (unknown refuses naming the path; {} for none)."""
    def build() -> dict[str, int]:
        value = unwrap(data.get(f"{DATA}.at_start", "the forts printed on the map at the start, {HEX: LEVEL} (22.13)"))
        if not isinstance(value, dict):
            raise PbemError(f"data `{DATA}.at_start` must map a hex to its fort level 1-3 ({{}} for none), not {value!r}",
                            data.override_file)
        g, top = grid(data), numbers.integer(data, f"{DATA}.max_level", "the highest fort level (22.3 A)")
        out = {}
        for hex_id, level_now in sorted(value.items()):
            hex_id = g.canonical(str(hex_id))
            mapdata(data).entry(hex_id)                                          # a hex of the map
            if not isinstance(level_now, int) or not 1 <= level_now <= top:
                raise PbemError(f"data `{DATA}.at_start.{hex_id}` must be a fort level 1-{top}, not {level_now!r}",
                                data.override_file)
            out[hex_id] = level_now
        return out
    return data.derived("eid.printed_forts", build)


def standing(data: GameData, state: dict) -> set[str]:
    """The hexes with a fort now."""
    if not plays(data, 3) or state["scenario"] == LHJ:
        return set()
    return {h for h in {*printed_forts(data), *state.get("forts", {})} if level(data, state, h)}


def destroy(state: dict, hex_id: str, events: list, why: str) -> None:
    state["forts"] = {**state.get("forts", {}), hex_id: 0}
    events.append({"event": "fort_destroyed", "hex": hex_id, "why": why})


# -- 5.1.1 A, 22.1-22.2, 22.11-22.13: building ----------------------------------------------
ORDER = "a fort factor is `fort: HEX` (5.1.1 A, 22.1)"


def build_problem(data: GameData, trial: dict, order: dict) -> str | None:
    """One fort factor, placed on `trial` when legal."""
    hex_id = order.get("fort")
    if set(order) != {"fort"} or not isinstance(hex_id, str):
        return ORDER
    if not plays(data, 3):
        return "forts are built from behaviour 3 (docs/upgrading.md)"
    if trial["army"] != "axis" or trial["scenario"] == LHJ:
        return "only Germany builds forts, in its Replacement Phase (5.1.1 A, 22.1; 22.15: none in Let History Judge)"
    g = grid(data)
    hex_id = g.canonical(hex_id)
    if trial["turn"] < numbers.integer(data, f"{DATA}.from_turn", "the first turn of fort building (22.1 B)"):
        return "fort factors are deployed from the Turn 2 Replacement Phase (22.1 B)"
    done = trial.get("fort_turn")
    record: dict = done if isinstance(done, dict) and done["turn"] == trial["turn"] else {"turn": trial["turn"], "hexes": []}
    if len(record["hexes"]) >= numbers.integer(data, f"{DATA}.max_factors_per_turn", "the fort factors a turn (22.1 B)"):
        return "Germany deploys 0-4 fort factors a turn (22.1 B)"
    if hex_id in record["hexes"]:
        return f"only one fort factor a turn in a hex, {hex_id} has had one (22.2 B)"
    if len(trial.get("fort_factors", [])) >= numbers.integer(data, f"{DATA}.factors", "the fort factors (22.1 A)"):
        return "Germany's 36 fort factors are all used (22.1 A)"
    why = where_problem(data, trial, hex_id)
    if why:
        return why
    from .fort_supply import read_ports
    read_ports(data)                                                         # 15.16 A (behaviour 4)
    now = level(data, trial, hex_id)
    if now >= numbers.integer(data, f"{DATA}.max_level", "the highest fort level (22.3 A)"):
        return f"the fort in {hex_id} is at Level {now}, the highest (22.3 A)"
    markers = numbers.integer(data, "units.roster.fortification_markers", "the fort markers of the counter mix (28.5)")
    if hex_id not in marked(data, trial) and len(marked(data, trial)) >= markers:
        return f"all {markers} fort markers are on the map: no new fort in {hex_id} until one is destroyed (28.5)"
    trial["forts"] = {**trial.get("forts", {}), hex_id: now + 1}
    trial["fort_turn"] = {"turn": trial["turn"], "hexes": [*record["hexes"], hex_id]}
    trial["fort_factors"] = [*trial.get("fort_factors", []), hex_id]
    return None


def marked(data: GameData, state: dict) -> set[str]:
    """28.5: the hexes holding a fort marker: a fort built or enhanced in play, still standing."""
    return {h for h, n in state.get("forts", {}).items() if n and n != printed(data, h)}


def where_problem(data: GameData, trial: dict, hex_id: str) -> str | None:
    """22.1 A, D-E, 22.11, 22.12, 22.13, 25.1 A for the hex of one fort factor."""
    from . import economy
    from .supply_play import berlin_hex, lines
    econ = trial.get("economy", {})
    if econ.get("collapsed") is not None or len(econ.get("liberated", [])) >= len(economy.secondary_names(data)):
        return "no more forts: the economy has collapsed or all three secondary economic hexes are liberated (22.11)"
    g = grid(data)
    lands = {g.canonical(h) for c in ("greater_germany", "italy")
             for h in numbers.texts(data, f"map.countries.{c}", f"the hexes of {c.replace('_', ' ').title()} (22.1 A)")}
    if hex_id not in lands or hex_id == berlin_hex(data):
        return f"{hex_id} is not a hex of Greater Germany or Italy other than Berlin (22.1 A, 22.13, 25.1 A)"
    owner, _, _, _, reach = lines(data, trial, "axis")
    if owner.get(hex_id) != "axis" or hex_id not in reach:
        return f"{hex_id} must be German-controlled (22.12) and have GS (22.1 D)"
    if any(army_of(trial, u) != "axis" for u in board(trial).units_in(hex_id)):
        return f"{hex_id} holds enemy units (22.12)"
    return None


# -- in combat ---------------------------------------------------------------------------------
def mobile_problem(data: GameData, state: dict, target: str) -> str | None:
    """11.3, 22.4: "Level 1 and 2 forts may be mobile assaulted; Level 3 forts may not be"."""
    now = level(data, state, target)
    if now > numbers.integer(data, f"{DATA}.max_mobile_assault_level", "the highest fort level mobile assaulted (22.4)"):
        return f"{target} holds a Level {now} fort: no mobile assault into it (11.3, 22.4)"
    return None


def held(data: GameData, state: dict, hexes: list[str]) -> dict[str, int]:
    """The forts of the assaulted hexes defended by the Axis: {HEX: LEVEL}."""
    return {h: n for h in hexes if (n := level(data, state, h))}


def vacant(data: GameData, state: dict, hex_id: str, army: str) -> bool:
    """22.5: a fort hex without units, assaulted by the Alliance."""
    return army in ALLIANCE and level(data, state, hex_id) > 0 and not board(state).units_in(hex_id)


def vacant_df(data: GameData) -> int:
    return numbers.integer(data, f"{DATA}.vacant_df", "the DF of a vacant fort (22.5 A)")


def shifts(data: GameData, state: dict, army: str, hexes: list[str]) -> list[Shift]:
    """22.6 A, 22.5 C: 1L per level (a reading for several hexes: the highest level among them)."""
    if army not in ALLIANCE:
        return []
    found = held(data, state, hexes)
    if not found:
        return []
    top = max(found.values())
    each = numbers.integer(data, "crt.shifts.fortification", "the fort shift per level (22.6 A)")
    return [Shift(each * top, f"Level {top} fort", "22.6 A")]


def die(data: GameData, state: dict, army: str, hexes: list[str], rolled: int) -> int:
    """22.14: +1 whenever a fort is assaulted (the die-6 row beyond 6, a reading)."""
    if army not in ALLIANCE or not held(data, state, hexes):
        return rolled
    return min(6, rolled + numbers.integer(data, "crt.die_modifiers.fortification_assaulted", "the fort DRM (22.14)"))


def falls(state: dict, battle: dict, hex_id: str) -> str | None:
    """How a defending hex's own strength (a fort, 22.5 B, 22.7 B; a Volkssturm, 25.7 B, D) is lost
    after the defender's result: `alone` when no unit defended the hex and the result was not 0,
    `with_garrison` when every unit that defended it is gone, else None."""
    garrison = [u for u in battle["defenders"] if battle["hex_of"][u] == hex_id]
    if not garrison:
        return "alone" if battle["result"]["defenders"] != "0" else None
    return "with_garrison" if all(u not in state["units"] for u in garrison) else None


def after_defender(data: GameData, state: dict, battle: dict, events: list) -> None:
    """22.5 B: a vacant fort is destroyed by any result but 0; 22.7 B: with its garrison's last step."""
    for hex_id in sorted(battle.get("forts", {})):
        if level(data, state, hex_id) == 0:
            continue
        fall = falls(state, battle, hex_id)
        if fall == "alone":
            destroy(state, hex_id, events, "a vacant fort: any step loss destroys it (22.5 B)")
        elif fall == "with_garrison":
            destroy(state, hex_id, events, "its last defending step is lost (22.7 B)")


def after_advance(data: GameData, state: dict, battle: dict, hexes: list[str], events: list) -> None:
    """22.7 A: the fort a garrison retreated from is destroyed when the Alliance advances into it."""
    if state["army"] not in ALLIANCE:
        return
    for hex_id in sorted(set(hexes) & set(battle.get("forts", {}))):
        if level(data, state, hex_id):
            destroy(state, hex_id, events, "victorious Alliance attackers advance into it (22.7 A)")


def bomb_problem(data: GameData, state: dict, hex_id: str, assaulted: set[str]) -> str | None:
    """25.5 F: a vacant fort in a hex this file assaults may be struck; a garrisoned one may not."""
    if not level(data, state, hex_id) or hex_id not in assaulted:
        return f"{hex_id} is not a German unit or a vacant fort in a hex this file assaults (25.5 C, F)"
    if any(army_of(state, u) in enemies(state, state["army"]) for u in board(state).units_in(hex_id)):
        return f"the fort in {hex_id} holds units: one of them takes the hit, not the fort (25.5 F)"
    return None
