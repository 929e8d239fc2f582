"""What reports and the map picture show: event lines, positions, counter labels."""

from typing import Any

from ...errors import UnknownDataError
from ...gamedata import GameData
from ...report import plural
from ..base import MapArrow, MapUnit
from .assaults import AssaultRules

EVENT_LINES = {
    "passed": "{phase}: {side} has no choice, so the phase passes by itself: {why}",
    "fog": "The {side} moves under fog of war: only what the enemy sees on the map is shown ({rule})",
    "move": "{unit} moves {path}",
    "advance": "{units} advance into {hex} (11.33)",
    "advance_refused": "Advance into {hex} not made: it would overstack ({rule})",
    "eliminated": "{unit} eliminated in {hex} ({rule})",
    "placed": "{unit} placed in {hex} ({rule})",
    "replacement": "{unit} receives {steps} replacement step(s) ({rule})",
    "replacement_roll": "German replacements: {text} (9.15)",
    "forfeit": "{unit} was not entered on its turn and is forfeit (9.1)",
    "fortress": "{hex} declared a fortress (11.19)",
    "destroyed": "The {works} in {hex} is destroyed (11.20)",
    "control": "City {hex} now controlled by the {now} (3.9)",
    "fanaticism": "Nazi fanaticism: German gains {vp} VP for {hex} (4.3)",
    "hungarians_removed": "Budapest ({hex}) is Alliance controlled: the surviving Hungarian units are removed: {units} (13.14)",
    "oil": "Nagykanizsa (3130) lost: German mechanized movement factors are one less for good (7.2)",
    "collapse": "GERMAN ECONOMIC COLLAPSE: {why}; German units now draw only in-city or Courland supply (7.4)",
    "antwerp": "Antwerp captured: die roll {roll}, all Western Allied units out of supply through Game Turn {until} (6.9)",
}


def _steps_lost(state: dict, lost: dict) -> str:
    """`ger-73id −1 step (1 left)`, `sov-1pol −2 steps, eliminated` (from the state after the step)."""
    def left(unit_id: str) -> str:
        unit = state["units"].get(unit_id)
        return "eliminated" if unit is None else f"{unit['steps']} left"
    return ", ".join(f"{u} −{plural(n, 'step')} ({left(u)})" for u, n in sorted(lost.items()))


class _Readable(dict):
    """Event fields as report text: lists joined, paths with arrows, snake_case spelled out."""

    def __getitem__(self, key: str) -> Any:
        value = dict.__getitem__(self, key)
        if key == "path":
            return " → ".join(value)
        if isinstance(value, list):
            return ", ".join(value)
        return value.replace("_", " ") if key == "works" else value



class ReportRules(AssaultRules):
    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            kind = event["event"]
            if kind == "enter":
                moved = f" and moves {' → '.join(event['path'])}" if len(event["path"]) > 1 else ""
                blocks.append(("item", f"{event['unit']} enters at {event['path'][0]}{moved} (9.2)"))
            elif kind == "assault":
                shifts = ", ".join(f"{s['shift']:+d} {s['why']} ({s['rule']})" for s in event["shifts"]) or "none"
                blocks.append(("h4", f"Prepared assault on {event['hex']}"))
                blocks.append(("table", ["", ""], [
                    ["Attackers", f"{', '.join(event['attackers'])} — {event['attack']} attack factors"],
                    ["Defenders", f"{', '.join(event['defenders'])} — {event['defense']} defense factors"],
                    ["Odds", f"{event['odds']} (11.8/11.9) → column {event['base_column']}"
                     + (f"; out of supply, halved (6.3): {', '.join(event['out_of_supply'])}" if event.get("out_of_supply") else "")],
                    ["Shifts", shifts],
                    ["Final column", event["column"]],
                    ["Die roll", f"{event['roll']} (1d6, purpose crt/{event['hex']})"],
                    ["Result", f"{event['result']}: attacker {plural(event['attacker_lp'], 'loss point')}, defender "
                               f"{plural(event['defender_lp'], 'loss point')} (11.24; cell from {event['cell_provenance']})"],
                ]))
            elif kind in ("attacker_losses", "defender_losses"):
                who = "Attacker" if kind == "attacker_losses" else "Defender"
                lost = _steps_lost(state, event["steps_lost"]) or "none"
                blocks.append(("item", f"{who} losses at {event['hex']}: {lost} ({event['rule']})"))
            elif kind == "defender_choice":
                lost = _steps_lost(state, event["steps_lost"]) or "no steps"
                moved = ", ".join(f"{u} → {h}" for u, h in sorted(event["retreat"].items()))
                blocks.append(("item", f"Defender at {event['hex']} chose: {lost}" + (f"; retreat {moved} (11.25)" if moved else "")))
            elif kind in EVENT_LINES:
                blocks.append(("item", EVENT_LINES[kind].format_map(_Readable(event))))
            elif kind == "awaiting_response":
                blocks.append(("p", f"Waiting for {event['side']} to choose losses/retreats at {', '.join(event['battles'])}."))
            elif kind == "victory":
                blocks.append(("h4", "End of game (4.4)"))
                blocks.append(("p", f"German VPs: {event['city_vp']} for cities + {event['fanaticism_vp']} fanaticism = {event['total']}. "
                                    f"Winner: {event['winner']}."))
        return blocks

    def unit_side(self, data: GameData, state: dict, unit_id: str) -> str:
        return self.army_of(data, unit_id)

    def unit_label(self, data: GameData, state: dict, unit_id: str, side: str | None = None) -> str:
        """"attack-defense-movement" of the unit's current face (11.7 fog of war is not enforced);
        "?-?-?" says the data lacks the factors (the picture is drawn, the rules refuse); factors
        of the wrong type are refused like everywhere else."""
        try:
            f = self.factors(data, unit_id, state["units"][unit_id]["steps"])
            return f"{f['attack']}-{f['defense']}-{f['movement']}"
        except UnknownDataError:
            return "?-?-?"

    side_colours = {"german": "#c4ccd6", "soviet": "#f2c9bd", "western": "#d5e4b8"}

    hexside_lines = {"rhine": "rhine", "river": "river", "lake": "lake", "sea": "sea", "atc": "atc"}

    open_collections = ("map.hexes.<HEX>: {terrain: ...}, map.hexsides.<A|B>: river|rhine|lake|sea|atc, "
                        "units.counters.<ID>: {...}")

    def map_units(self, data: GameData, state: dict, side: str | None = None) -> list[MapUnit]:
        """Each counter with its face and its steps left of its printed steps (2.1; the
        positions table shows them too)."""
        return [MapUnit(u, v["hex"], self.unit_label(data, state, u, side), self.unit_side(data, state, u),
                        self._map_steps(data, u, v["steps"]))
                for u, v in sorted(state["units"].items())]

    def _map_steps(self, data: GameData, unit_id: str, left: int) -> tuple[int, int] | None:
        """(left, printed): no pips where the data lacks the counter's steps (the label says "?-?-?")."""
        try:
            full = self.counter(data, unit_id)["steps"]
        except UnknownDataError:
            return None
        return (left, full) if isinstance(full, int) and not isinstance(full, bool) else None

    def map_arrows(self, data: GameData, before: dict | None, state: dict, events: list,
                   side: str | None = None) -> list[MapArrow]:
        """Moves (10.x) along their paths, retreats (11.25) from the battle hex to where each
        unit ended, advances (11.33) from the hex each unit left."""
        arrows = []
        for event in events:
            kind = event.get("event")
            if kind == "move":
                arrows.append(MapArrow("move", tuple(event["path"]), (event["unit"],)))
            elif kind == "defender_choice":
                for unit_id, end in sorted(event["retreat"].items()):
                    arrows.append(MapArrow("retreat", (event["hex"], end), (unit_id,)))
            elif kind == "advance" and before is not None:
                for unit_id in event["units"]:
                    arrows.append(MapArrow("advance", (before["units"][unit_id]["hex"], event["hex"]), (unit_id,)))
        return arrows

    def map_marks(self, data: GameData, state: dict) -> dict[str, str]:
        marks: dict[str, str] = {}
        for combat in state["last_combats"]:
            label = str(combat["label"]).replace(" roll ", "\nroll ", 1)       # "COLUMN\nroll N: RESULT"
            marks[combat["hex"]] = f"{marks[combat['hex']]}\n{label}" if combat["hex"] in marks else label
        return marks

    def setup_note(self, data: GameData, state: dict) -> str | None:
        if state["units"] == {} and not state["to_place"]:
            return ("no units are on the map — counters are not in the rulebook text; add them to the data "
                    "override as units.counters.ID (see `pbem data missing` and docs/data-format.md)")
        return None

    def positions(self, data: GameData, state: dict, side: str | None = None) -> list:
        rows = []
        for hex_id, units in sorted(self.stacks(state).items()):
            for unit_id in units:
                unit = state["units"][unit_id]
                rows.append([hex_id, unit_id, self.army_of(data, unit_id), str(unit["steps"])])
        return rows
