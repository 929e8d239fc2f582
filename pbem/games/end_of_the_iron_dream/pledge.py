"""End of the Iron Dream, behaviour 4: paratroops attacking with other combat units (17.6, 17.6.2,
18.22 C).

17.6 B: the drop onto enemy defenders declares its attack at the instant of the drop:
`drop: UNIT, at: HEX, combat: ground` (17.6.2) or `combat: alone` (17.6.1, air_assault.py).
- 17.6.2 A: "they simply sit in the hex, atop the enemy defenders, and await the start of the WA
  Prepared Assault Phase": state["pledges"] = {UNIT: {hex, steps}}, off the map until their battle
  (they are in none of the hex's control, supply or stacking until then; 17.3 B was checked at
  the drop; 17.5 E: their ZOC is their own hex, already the enemy's);
- the Prepared Assault Phase: an announced assault on the drop hex names the paratroops in its
  `with:` with at least one ground unit ("ground units move up and assist in the attack"); they
  attack from atop the defenders (18.3: in the hex, not next to it), with AS and EGS (17.5 G) and
  no TAC AIR (25.8 B: EGS only, no regular GS line to a hex the enemy holds);
- 17.6.2 B: "If the start of that phase finds the WA unable or unwilling to meet their earlier
  pledge of support for the paratroops, the paratroops are destroyed and the enemy defenders
  remain unscathed": a paratroop corps no assault of the file names is destroyed at once (the
  phase waits for the WA file even when it would pass by itself, `waiting`);
- 17.6.2 C, 18.22 C: "Any paratroops, regardless of their numeric strength, dropped atop
  defenders serve to undouble them" (assault.plan_battle);
- after the defender's result: a cleared hex is the paratroops' (they take the attacker's result
  there as step losses: 17.5 D, no retreat before a GS line reaches them); defenders still under
  them (or the city's Volkssturm, 25.7 B) eliminate them (a reading: the text is silent; 17.6.1 C
  ends the lone air assault so, and they cannot stay in a hex the enemy holds);
- 18.23 concentric: the ring is made by the units around the hex (a reading: the paratroops are
  atop it, not around it);
- defenders gone before the phase (a mobile assault drove them off): the paratroops land in the
  empty hex (17.5 F: they may not attack)."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit.combat import Shift
from . import forts, volkssturm
from .common import army_of, board, enemies, plays, set_steps

COMBAT = ("a drop onto enemy defenders declares its attack at the instant of the drop: `combat: alone` (17.6.1) or "
          "`combat: ground` (17.6.2) (17.6 A-B)")


def pledged(state: dict) -> dict[str, dict]:
    return dict(state.get("pledges") or {})


def waiting(state: dict) -> bool:
    return bool(state.get("pledges"))


def declared(data: GameData, trial: dict, order: dict, hex_id: str, fight: bool) -> tuple[str | None, str | None]:
    """17.6 A-B: the way a drop fights ("alone" or "ground"; None for a drop into an empty hex)."""
    if not fight:
        return None, ("`combat:` and `losses:` are given for a drop onto enemy defenders only (17.6 A)"
                      if {"combat", "losses"} & set(order) else None)
    if not plays(data, 4):
        return "alone", None
    way = order.get("combat")
    if way not in ("alone", "ground"):
        return None, COMBAT
    fighting = trial.get("air_assault") or {}
    if way == "ground" and fighting.get("hex") == hex_id or way == "alone" and any(
            p["hex"] == hex_id for p in pledged(trial).values()):
        return None, f"both corps dropping onto {hex_id} attack the same way (17.6 A-B)"
    if way == "ground" and "losses" in order:
        return None, "`losses:` goes with the second corps of an air assault alone (17.5 A, 17.6.1)"
    return way, None


def pledge(trial: dict, unit_id: str, hex_id: str, steps: int) -> None:
    """17.6.2 A: the corps sits atop the defenders until the Prepared Assault Phase."""
    trial["pledges"] = {**pledged(trial), unit_id: {"hex": hex_id, "steps": steps}}


def held(data: GameData, state: dict, hex_id: str) -> bool:
    """Enemy units under the paratroops, or the city's Volkssturm (25.7 B)."""
    return any(army_of(state, u) in enemies(state, "western") for u in board(state).units_in(hex_id)) \
        or volkssturm.df(data, state, hex_id) > 0


def view(data: GameData, state: dict) -> dict:
    """The state with the pledged paratroops atop their defenders (for the phase's check and
    each battle's odds)."""
    placed = {u: {"side": "western", "hex": p["hex"], "steps": p["steps"]} for u, p in pledged(state).items()
              if held(data, state, p["hex"])}
    return {**state, "units": {**state["units"], **placed}} if placed else state


def without(state: dict) -> dict:
    """The state with the pledged paratroops off the map again: the battle's shifts read the hex as
    it is (the defenders' GS, 15.4; the ring, 18.23; no TAC AIR for them, 25.8 B: no_tac_air)."""
    if not pledged(state):
        return state
    return {**state, "units": {u: v for u, v in state["units"].items() if u not in pledged(state)}}


def atop(state: dict, unit_id: str, hex_id: str) -> bool:
    """A pledged corps attacking its own drop hex (18.3: from atop it)."""
    found = pledged(state).get(unit_id)
    return found is not None and found["hex"] == hex_id


def order_problem(data: GameData, state: dict, units: list[str], hexes: list[str]) -> str | None:
    """17.6.2 A for one announced assault naming pledged paratroops."""
    mine = [u for u in units if u in pledged(state)]
    for unit_id in mine:
        if pledged(state)[unit_id]["hex"] not in hexes:
            return f"{unit_id} attacks the defenders beneath it in {pledged(state)[unit_id]['hex']} (17.6.2 A)"
    if mine and not [u for u in units if u not in mine]:
        return (f"{', '.join(mine)} awaited ground units' support: the assault on {pledged(state)[mine[0]]['hex']} names "
                "at least one ground unit with them (17.6.2 A-B)")
    return None


def ground(state: dict, units: list[str]) -> list[str]:
    """The assaulters but the pledged paratroops (17.5 G: they have AS and EGS; no GS check)."""
    return [u for u in units if u not in pledged(state)]


def no_tac_air(state: dict, units: list[str], shifts: list[Shift]) -> list[Shift]:
    """25.8 B: "WA airborne corps are considered to be in EGS during the turn in which they air
    drop into any enemy-controlled hex. They therefore do not have TAC AIR benefits": an assault
    with pledged paratroops has none (25.8 A's reading: all of the assaulters in GS)."""
    if not any(u in pledged(state) for u in units):
        return shifts
    return [s for s in shifts if s.rule != "25.8 A"]


def begin(data: GameData, state: dict, battles: list[dict], events: list) -> None:
    """17.6.2 B at the start of the phase: a pledge no announced assault meets destroys its
    paratroops; a drop hex the enemy left takes them (17.5 F)."""
    for unit_id, found in sorted(pledged(state).items()):
        hex_id = found["hex"]
        if not held(data, state, hex_id):
            state["pledges"].pop(unit_id)
            state["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": found["steps"]}
            state["drops"]["empty"] = sorted({*state["drops"].get("empty", []), unit_id})
            events.append({"event": "paratroops_land", "units": [unit_id], "hex": hex_id,
                           "why": "17.6.2 A: the defenders are gone; 17.5 F: they may not attack"})
            continue
        met = any(unit_id in b["with"] and hex_id in b["hexes"] for b in battles)
        if not met:
            destroy(state, unit_id, events, "17.6.2 B: the WA did not meet their pledge of support")
    if "pledges" in state and not state["pledges"]:
        state.pop("pledges")


def destroy(state: dict, unit_id: str, events: list, why: str) -> None:
    found = state["pledges"].pop(unit_id)
    state["units"][unit_id] = {"side": "western", "hex": found["hex"], "steps": found["steps"]}
    set_steps(state, unit_id, 0, events, why)


def after_defender(data: GameData, state: dict, battle: dict, events: list) -> None:
    """After the defender's result: the cleared drop hex is the paratroops'; defenders still under
    them eliminate them."""
    for unit_id in [u for u in battle["attackers"] if u in pledged(state)]:
        hex_id = state["pledges"][unit_id]["hex"]
        if held(data, state, hex_id):
            destroy(state, unit_id, events, "17.6.2: enemy defenders still under them after the assault")
            continue
        found = state["pledges"].pop(unit_id)
        state["units"][unit_id] = {"side": "western", "hex": hex_id, "steps": found["steps"]}
        events.append({"event": "paratroops_land", "units": [unit_id], "hex": hex_id, "why": "17.6.2 A"})
        forts.after_advance(data, state, battle, [hex_id], events)               # 22.7 A: its garrison retreated
    if "pledges" in state and not state["pledges"]:
        state.pop("pledges")


def aloft(state: dict) -> dict[str, tuple[str, int, str]]:
    """The paratroop corps off the map but in play (behaviour 4, for 26.6.1's step count): those
    awaiting support and those of an air assault, {UNIT: (HEX, steps, side)}."""
    found = {u: (p["hex"], int(p["steps"]), "western") for u, p in pledged(state).items()}
    fight = state.get("air_assault") or {}
    if "steps" in fight:
        from .air_assault import corps
        found.update({u: (fight["hex"], n, "western") for u, n in corps(fight).items()})
    return found


def boarded(state: dict) -> dict[str, tuple[str, int, str]]:
    """The corps that took off from a holding box this player-turn, with their steps then."""
    drops = state.get("drops") or {}
    if drops.get("turn") != state["turn"] or drops.get("army") != state["army"]:
        return {}
    return {u: (str(box), int(steps), "western") for u, (box, steps) in sorted(drops.get("boarded", {}).items())}
