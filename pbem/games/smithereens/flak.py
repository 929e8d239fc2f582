"""9.6 the Flak Korps' entry at the German economic collapse, and 13.13 their combat properties.

9.6: "All five of the FK units enter play the instant the German economy collapses (see 7.3). The
German player immediately places them, observing normal stacking limits and no more than one per
hex, in any German controlled Wehrkreis cities, and/or in any German occupied fortification and
heavy fortification hexes. (If there aren't enough cities/fortifications left at the moment of
placement, the surplus FK are forfeit.)"

A `flak` counter with no set-up hex waits off the map (state["variable"], trigger "flak"). The
step at whose end the collapse is found (7.3) pauses for the German's signed placement
(`place: UNIT` / `at: HEX`, one order per Flak Korps placed, as many as there are hexes to take
them); then the step awaited before goes on. 13.13: no more than one Flak unit in a hex (with
stacking, 8.x); a defending German stack holding a Flak unit and a non-Flak unit shifts one column
left (crt.shifts.non_terrain.german_flak_defense); a Flak unit's step is the first lost on defense.
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from .steiner import SteinerRules


class FlakRules(SteinerRules):
    def is_flak(self, data: GameData, unit_id: str) -> bool:
        return str(self.counter(data, unit_id)["type"]) == "flak"

    def flak_waiting(self, state: dict) -> list[str]:
        return [u for u, v in sorted(state.get("variable", {}).items()) if v["trigger"] == "flak"]

    def flak_entry(self, data: GameData, state: dict, events: list) -> None:
        """At the end of the step in which the collapse is found (7.3, after it): the placement."""
        if state.get("collapsed") and self.flak_waiting(state) and state.get("phase") != "flak" and not state.get("game_over"):
            places = self.flak_hexes(data, state)
            if not places:
                self.forfeit_flak(state, self.flak_waiting(state), events)
                return
            state["flak_resume"] = state["phase"]
            state["phase"] = "flak"
            events.append({"event": "awaiting_flak", "units": self.flak_waiting(state), "rule": "9.6"})

    def flak_hexes(self, data: GameData, state: dict) -> list[str]:
        """German-controlled Wehrkreis cities and German-occupied (intact) fortification hexes where
        one Flak unit fits: none there yet, stacking observed (8.1, 13.13)."""
        stacks = self.stacks(state)
        sample = self.flak_waiting(state)[0]
        found = []
        candidates = self.wehrkreis_cities(data, "9.6") | {h for h, units in stacks.items()
                                                            if any(self.army_of(data, u) == "german" for u in units)}
        for hex_id in sorted(candidates):
            units = stacks.get(hex_id, [])
            if self.enemies_in(data, state, hex_id, "german"):
                continue
            german_held = hex_id in self.wehrkreis_cities(data, "9.6") and self.controller(data, state, hex_id, "9.6") == "german"
            fortified = bool(units) and self.works(data, hex_id, "9.6") in ("fortification", "heavy_fortification") \
                and not state["destroyed"].get(hex_id)
            if (german_held or fortified) and not self.stacking_problem(data, units + [sample]):
                found.append(hex_id)
        return found

    def forfeit_flak(self, state: dict, units: list[str], events: list) -> None:
        for unit_id in units:
            del state["variable"][unit_id]
            events.append({"event": "forfeit", "unit": unit_id, "rule": "9.6"})
        if not state["variable"]:
            del state["variable"]

    def stacking_problem(self, data: GameData, units: list[str]) -> str | None:
        if sum(1 for u in units if self.is_flak(data, u)) > 1:
            return "no more than one Flak unit in a hex (13.13)"
        return super().stacking_problem(data, units)

    # -- the German's placement -------------------------------------------------------------
    def flak_label(self, state: dict) -> str:
        return f"Turn {state['turn']} {state['army'].capitalize()}: the Flak Korps enter at the economic collapse (9.6)"

    def check_flak(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        waiting, places = self.flak_waiting(state), self.flak_hexes(data, state)
        due = min(len(waiting), len(places))
        if len(orders) != due or any(set(o) != {"place", "at"} for o in orders):
            return [Problem(None, f"place {due} Flak Korps, one `place: UNIT` / `at: HEX` each, in {', '.join(places)} (9.6)")]
        used: set[str] = set()
        for index, order in enumerate(orders):
            try:
                at = self.grid(data).canonical(str(order["at"]))
            except ValueError as exc:
                return [Problem(index, str(exc))]
            if order["place"] not in waiting or order["place"] in used:
                return [Problem(index, f"{order['place']} is not a Flak Korps waiting to enter (9.6)")]
            if at not in places or at in {self.grid(data).canonical(str(o["at"])) for o in orders[:index]}:
                return [Problem(index, f"a Flak Korps enters a German-controlled Wehrkreis city or a German-occupied fortification "
                                       f"hex, one per hex, stacking observed: {', '.join(places)}, not {at} (9.6, 13.13)")]
            used.add(order["place"])
        return []

    def apply_flak(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        for order in orders:
            unit_id, at = str(order["place"]), self.grid(data).canonical(str(order["at"]))
            entry = state["variable"].pop(unit_id)
            state["units"][unit_id] = {"hex": at, "steps": entry["steps"]}
            events.append({"event": "placed", "unit": unit_id, "hex": at, "rule": "9.6"})
        if not state["variable"]:
            del state["variable"]
        else:
            self.forfeit_flak(state, self.flak_waiting(state), events)      # 9.6: the surplus
        state["phase"] = state.pop("flak_resume")
        return events

    def flak_template(self, data: GameData, state: dict, side: str) -> dict:
        waiting, places = self.flak_waiting(state), self.flak_hexes(data, state)
        return {"notes": [self.awaiting(state).phase, f"Places: {', '.join(places)}; one Flak Korps per hex (9.6, 13.13)."],
                "orders": [{"place": u, "at": h} for u, h in zip(waiting, places)]}

    def flak_first(self, data: GameData, units: list[str]) -> list[str]:
        """13.13: a Flak unit's step is the first given up on defense."""
        return [u for u in units if self.is_flak(data, u)] + [u for u in units if not self.is_flak(data, u)]

    def flak_shift(self, data: GameData, defenders: list[str]) -> int:
        """13.13: one column left for a defending German stack holding Flak and a non-Flak unit."""
        flak = [u for u in defenders if self.is_flak(data, u)]
        if flak and len(flak) < len(defenders) and self.army_of(data, defenders[0]) == "german":
            return numbers.integer(data, "crt.shifts.non_terrain.german_flak_defense.shift", "the Flak Korps' defensive shift (13.13)")
        return 0

    # -- 13.13 in combat ----------------------------------------------------------------------
    def column_shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list[Shift]:
        return super().column_shifts(data, state, attack, defender_hex, army) + self.flak_shifts(data, state, defender_hex, army)

    def ma_shifts(self, data: GameData, state: dict, target: str, army: str, across_river: bool) -> list[Shift]:
        return super().ma_shifts(data, state, target, army, across_river) + self.flak_shifts(data, state, target, army)

    def flak_shifts(self, data: GameData, state: dict, hex_id: str, army: str) -> list[Shift]:
        shift = self.flak_shift(data, self.enemies_in(data, state, hex_id, army))
        return [Shift(shift, "Flak Korps", "13.13")] if shift else []

    def defender_loss_order(self, data: GameData, units: list[str]) -> list[str]:
        return self.flak_first(data, units)                 # 13.13

    def response_problems(self, data: GameData, state: dict, battle: dict, order: dict) -> list[str]:
        problems = super().response_problems(data, state, battle, order)
        steps = order.get("steps") or {}
        if not problems and isinstance(steps, dict):
            flak = [u for u in battle["defenders"] if u in state["units"] and self.is_flak(data, u)]
            others = [u for u, n in steps.items() if n and not self.is_flak(data, u)]
            if flak and others and steps.get(flak[0], 0) < state["units"][flak[0]]["steps"]:
                problems.append(f"{flak[0]} is Flak: its step is the first given up on defense (13.13)")
        return problems

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "awaiting_flak":
                blocks.append(("p", f"The German economy has collapsed: the German places the Flak Korps {', '.join(event['units'])} (9.6)."))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
