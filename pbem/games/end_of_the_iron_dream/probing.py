"""End of the Iron Dream, behaviour 3: the Prepared Assault Phase's extras (assault.py calls them).

- 18.21 probing attacks: `attack: HEX` on hexes "totally empty of forts and combat units" needs
  no die; the assaulters may advance one or two hexes (the 18.16-18.18 strictures: the
  attacker's `pa_attacker` answer, its result 0/0). An announced assault whose hexes are empty
  when its turn comes (25.5 G: "if the strike leaves the hex empty of defenders, the assault
  becomes a probing attack") is a probe too; 25.5 H then halts the advance in the bombed hex.
  A reading, to keep round trips few: when no unit stands next to an enemy unit the phase still
  passes by itself (assault.no_choice), so a probe is made in a phase with a battle to fight.
- 18.4's exception: units that retreated in this Prepared Assault Phase into a hex assaulted
  later in it do not add their DFs to the other units there; if those suffer an adverse result
  (any result but 0: a step loss or a retreat, 18.14), the retreated units are eliminated. A
  reading: a hex holding only retreated units defends with their DFs (there are no "other
  units" to leave them out of).

State: state["pa_retreated"] (the defenders retreated in this phase), created by a retreat and
dropped at the end of the phase; behaviour-2 campaigns never have it."""

from __future__ import annotations

from ...gamedata import GameData
from . import forts, supply_units, volkssturm
from .common import army_of, board, enemies, plays, set_steps

RETREATED = "pa_retreated"


def probe_problem(data: GameData, state: dict, hexes: list[str]) -> str | None:
    """18.21 at the announcement: every hex of a probe empty of units (a hex with enemy units is
    an assault, one with friendly units is no target); behaviour 2 keeps the old refusal."""
    army = state["army"]
    for hex_id in hexes:
        units = board(state).units_in(hex_id)
        if forts.vacant(data, state, hex_id, army) or volkssturm.vacant(data, state, hex_id, army):
            continue                                                 # 22.5, 25.7: the vacant fort or Volkssturm defends
        if not plays(data, 3) and not any(army_of(state, u) in enemies(state, army) for u in units):
            return f"no enemy units in {hex_id} (18.1; 18.21 probing attacks are not enforced)"
        if units and not any(army_of(state, u) in enemies(state, army) for u in units):
            return f"{hex_id} holds no enemy units but {', '.join(sorted(units))}: no assault or probe into it (18.1, 18.21)"
    empty = [h for h in hexes if not board(state).units_in(h) and not forts.level(data, state, h)
             and not volkssturm.vacant(data, state, h, army)]
    if empty and len(empty) != len(hexes):
        return (f"{', '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty of combat units: a probing attack is an "
                "assault of its own, on empty hexes only (18.21)")
    return None


def is_probe(data: GameData, state: dict, hexes: list[str]) -> bool:
    """18.21: hexes "totally empty of forts and combat units" (enemy SUs left alone there by a
    strike, 25.5 G, are destroyed by the advance into them, 15.23 C)."""
    return all(not supply_units.fighting(data, board(state).units_in(h)) and not forts.level(data, state, h)
               and not volkssturm.vacant(data, state, h, state["army"]) for h in hexes)      # 25.7


def probe(state: dict, hexes: list[str], units: list[str], events: list) -> dict:
    """18.21: no die roll; the battle waits for the attacker's advance (phase `pa_attacker`),
    its result 0/0 so that only the advance is to be given (18.16 B: two hexes at most, as
    after an elimination; 18.16 D mechanized units only beyond the first)."""
    bombed = state.get("bombed")
    after_strike = bool(bombed and bombed["turn"] == state["turn"] and bombed["hex"] in hexes)
    events.append({"event": "probe", "hexes": hexes, "attackers": units,
                   "rule": "18.21, 25.5 G" if after_strike else "18.21"})
    return {"kind": "probe", "hexes": hexes, "attackers": units, "defenders": [], "defender_army": state["army"],
            "attack": 0, "defence": 0, "hex_of": {u: state["units"][u]["hex"] for u in units},
            "result": {"attackers": "0", "defenders": "0"}, "die": None, "taken": []}


def defenders(data: GameData, state: dict, hexes: list[str]) -> list[str]:
    """18.4: the defending units of the hexes; from behaviour 3 without the units retreated into
    a hex in this phase while other units defend it."""
    army = state["army"]
    found = []
    retreated = set(state.get(RETREATED, [])) if plays(data, 3) else set()
    for hex_id in hexes:
        here = [u for u in board(state).units_in(hex_id) if army_of(state, u) in enemies(state, army)]
        others = [u for u in here if u not in retreated]
        found += others or here
    return sorted(found)


def note_retreats(data: GameData, state: dict, answer: dict) -> None:
    """18.4: the defenders an answer retreats are remembered for the rest of the phase."""
    if plays(data, 3) and answer.get("retreat"):
        state[RETREATED] = sorted(set(state.get(RETREATED, [])) | {str(u) for u in answer["retreat"]})


def after_defender(data: GameData, state: dict, battle: dict, events: list) -> None:
    """18.4: once the defenders have taken an adverse result (anything but 0), the units that
    retreated into their hexes earlier in the phase are eliminated."""
    if not plays(data, 3) or battle["kind"] != "prepared" or battle["result"]["defenders"] == "0":
        return
    for unit_id in sorted(state.get(RETREATED, [])):
        if unit_id in state["units"] and unit_id not in battle["defenders"] \
                and state["units"][unit_id]["hex"] in battle["hexes"]:
            set_steps(state, unit_id, 0, events, "retreated into a hex assaulted in the same phase, whose "
                                                 "defenders suffered an adverse result (18.4)")


def phase_over(state: dict) -> None:
    state.pop(RETREATED, None)


def unflankable(data: GameData, state: dict, hexes: list[str]) -> str | None:
    """18.23 D: "Units drawing FS and WA units beneath invasion-port counters [cannot] be flanked"
    (the bracketed word supplied by the transcription; 15.19 B): behaviour 3, the first such
    defender, else None. state["fs"] lists the units drawing FS (15.16-15.20) and
    state["invasion_ports"]["ashore"] the hexes of the invasion-port counters on the map (14.x);
    both keys exist only while they hold something."""
    if not plays(data, 3):
        return None
    drawing = set(state.get("fs", []))
    ports = set(state.get("invasion_ports", {}).get("ashore", []))
    for unit_id in defenders(data, state, hexes):
        if unit_id in drawing or (army_of(state, unit_id) == "western" and state["units"][unit_id]["hex"] in ports):
            return unit_id
    return None
