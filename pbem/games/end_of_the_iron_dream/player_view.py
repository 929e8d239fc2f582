"""End of the Iron Dream: what a player reads to write a file, from the state as that seat may see
it (pbem.hidden.steps.view_for: its own hidden units and chits, never another camp's).

- The order templates' notes: the mover's units on the map and in its holding boxes (7.1, 7.22),
  the invasion-port counters (14.8 A, 4.10 C), what it may bring on in its first file (5.x.1:
  7.1 A, 7.3, 7.5, 15.23.3 B, 16.4 A) and, in the Prepared Assault Phase, the AS burn-off (15.22);
  each mid-phase answer names only the forms of its own step (18.14, 18.16, 18.20).
- The report (`off_map`): behaviour 4 shows the holding boxes and the invasion-port counters in the
  public report (written into every step folder, so older revisions keep their bytes); a seat's own
  report adds its drawn chits (14.12 A, 27.6 A), which `report --side` alone shows.

`pbem orders` prints the templates and `report --side` is never saved: neither is behaviour-gated.
"""

from __future__ import annotations

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from . import abomb, airborne, boxes, chit, invasion, reinforcements, sea, supply_units
from .common import counter, full_steps, plays
from .sea_report import BOX

Block = tuple
BOX_ORDER = ("eto", "mto", "german")
OWN_BOXES = {"western": ("eto", "mto"), "axis": ("german",), "soviet": ()}


def unit_text(data: GameData, unit_id: str, steps: int) -> str:
    """`UNIT steps/full`; a WA corps with its army group (4.10 A), which 4.10 C-E's limits read."""
    text = f"{unit_id} {steps}/{full_steps(data, unit_id)}"
    group = unwrap(counter(data, unit_id).get("group")) if str(counter(data, unit_id)["side"]) == "western" else None
    return f"{text} {group}" if group in ("tan", "green", "either") else text


def map_lines(data: GameData, state: dict, army: str) -> list[str]:
    """The army's units on the map, one line per hex."""
    by_hex: dict[str, list[str]] = {}
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] == army:
            by_hex.setdefault(str(unit["hex"]), []).append(unit_text(data, unit_id, int(unit["steps"])))
    if not by_hex:
        return ["your units on the map: none"]
    return ["your units on the map (HEX: UNIT steps/full" + (", army group" if army == "western" else "") + "):",
            *(f"  {hex_id}: {', '.join(units)}" for hex_id, units in sorted(by_hex.items()))]


def box_lines(data: GameData, state: dict, army: str) -> list[str]:
    """The army's holding boxes (7.1, 7.22) and, for the WA, the invasion-port counters (14.8 A)."""
    if "boxes" not in state:
        return []
    lines = []
    for box in OWN_BOXES[army]:
        units = [unit_text(data, u, int(s)) for u, s in sorted(state["boxes"].get(box, {}).items())]
        out = " (`replace: UNIT` fleshes one out, `place: UNIT, at: HEX` brings one out, 7.22 A)" if box == "german" and units else ""
        lines.append(f"{BOX[box]}: {', '.join(units) or 'empty'}{out}")
    ports = state.get("invasion_ports")
    if army == "western" and ports:
        held = ", ".join(f"{n} in the {box.upper()} box" for box, n in sorted(ports.items()) if box != "ashore")
        ashore = ", ".join(ports["ashore"]) or "none"
        lines.append(f"invasion-port counters (14.8 A): {held}; ashore: {ashore} (4.10 C: the units beneath one count "
                     "as one army group)")
        lines.append(f"out of the boxes: {invasion.ORDER}; {sea.ORDER}; {airborne.ORDER}")
    return lines


def arrival_lines(data: GameData, state: dict, army: str) -> list[str]:
    """5.x.1, the first file of the player-turn: what the army may or must bring on."""
    if not plays(data, 2) or state["phase"] != "movement" or state.get("movement"):
        return []
    try:
        due = reinforcements.due(data, state, army)
        if army == "western" and plays(data, 3):
            due = [u for u in due if u not in boxes.french_units(data)]          # 7.25 C: they come by conversion
    except PbemError as exc:
        return [f"the reinforcements due are not known: {exc}"]
    sus = supply_units.due(state, army) if plays(data, 3) else []
    lines = []
    if army == "soviet" and (due or sus):
        lines.append(f"to bring on (5.3.1, 7.3, 15.23.3 B): {', '.join([*sus, *due])}: `enter: UNIT, path: [EDGE HEX, "
                     "...]` from a Soviet-controlled hex of the east edge" + ("; one reinforcement may instead enter "
                                                                                "strategically, `strategic: UNIT, path: "
                                                                                "[EDGE HEX, ...]` (5.3.3 C)" if due else ""))
    if army == "axis" and sus:
        lines.append(f"SUs of the turn (16.4 A): {', '.join(sus)}: `place: SU, at: HEX` "
                     f"({' or '.join(state['su_due']['axis']['at'])})")
    if army == "axis" and due:
        lines.append(f"reinforcements due (7.5, 7.8): {', '.join(due)}: `place: UNIT, at: HEX`, a Wehrkreis city, "
                     "Warsaw or Prague")
    burned = boxes.burned(state) if army == "western" and plays(data, 3) else []
    if burned or (army == "western" and due and plays(data, 3)):
        lines.append(f"to place in a theater holding box now (7.1 A, 5.2.1 A): {', '.join([*burned, *due])}: "
                     "`arrive: UNIT, box: eto|mto`")
    return lines


def movement_notes(data: GameData, state: dict) -> list[str]:
    army = state["army"]
    return [*map_lines(data, state, army), *box_lines(data, state, army), *arrival_lines(data, state, army)]


def assault_notes(data: GameData, state: dict) -> list[str]:
    """The Prepared Assault file: 5.1.6 A its AS burn-offs first (15.22), then the assaults."""
    army = state["army"]
    notes = [f"burn-offs come first: {supply_units.AS}"] if plays(data, 3) else []
    return notes + map_lines(data, state, army)


ANSWER = "`steps: [UNIT, ...]` and/or `retreat: {UNIT: [HEX, ...]}` (18.14)"


def answer_notes(data: GameData, state: dict) -> list[str]:
    """Each answer names its own step's forms only (the attacker's never the defender's)."""
    battle = state["pending"]
    where = battle.get("hex") or battle["hexes"][0]
    result = battle["result"]
    head = (f"result {result['attackers']}/{result['defenders']} at {where}: attackers "
            f"{', '.join(battle.get('attackers', [])) or 'none'}; defenders {', '.join(battle.get('defenders', [])) or 'none'}")
    phase = state["phase"]
    if phase == "pa_attacker":
        ebs = "; an emergency beach supply landing after it, `ebs: {UNIT: HEX}` (14.32 C)" \
            if plays(data, 3) and state["army"] == "western" else ""
        return [head, f"the attackers' result is {result['attackers']}: {ANSWER}; then they may advance, "
                      f"`advance: {{UNIT: [HEX, ...]}}` from an attacker's original hex into a vacated defender's hex "
                      f"(18.16){ebs}; all in one order"]
    if phase == "pa_advance":
        return [head, "the defenders held and the attackers left: `advance: UNIT, to: HEX` into a vacated attacker's "
                      "hex, one order per unit, or `orders: []` (18.20)"]
    return [head, f"the defenders' result is {result['defenders']}: {ANSWER}, in one order; `orders: []` when the "
                  "result leaves no choice"]


# -- the report -------------------------------------------------------------------------------
def off_map(data: GameData, state: dict, side: str | None) -> list[Block]:
    blocks: list[Block] = []
    if plays(data, 4) and "boxes" in state:
        blocks += box_blocks(data, state)
    if side is not None:
        blocks += [("p", line) for line in own_chits(data, state, side)]
    return blocks


def box_blocks(data: GameData, state: dict) -> list[Block]:
    """The holding boxes (7.1, 7.22) and the invasion-port counters (14.8 A), public."""
    rows = [[BOX[box].removeprefix("the "), u, f"{s}/{full_steps(data, u)}"]
            for box in BOX_ORDER for u, s in sorted(state["boxes"].get(box, {}).items())]
    blocks: list[Block] = [("h3", "Holding boxes")]
    blocks.append(("table", ["Box", "Unit", "Steps"], rows) if rows else ("p", "Every holding box is empty."))
    ports = state.get("invasion_ports")
    if ports:
        held = ", ".join(f"{n} in the {box.upper()} holding box" for box, n in sorted(ports.items()) if box != "ashore")
        blocks.append(("p", f"Invasion-port counters (14.8 A): {held}; ashore: {', '.join(ports['ashore']) or 'none'}."))
    return blocks


def own_chits(data: GameData, state: dict, side: str) -> list[str]:
    """The WA's (NATO's) own view of their drawn chits: `state` is their view (14.12 A, 27.6 A)."""
    if side != chit.wa_seat(state):
        return []
    lines = []
    found = chit.drawn(state)
    if found and (state.get("chit") or {}).get("second") is None:
        lines.append(f"Your second-invasion chit is {found}: the second invasion from Turn {chit.earliest(data, found)} "
                     "(14.12 B).")
    bomb = abomb.drawn(state) if plays(data, 4) else None
    if bomb:
        lines.append(f"Your A-bomb chit is {bomb}: A-bombs from Turn {abomb.available(data, bomb)} (27.6 A).")
    return lines
