"""9.6 SS Operational Group Steiner: it "enters play via any non-enemy occupied hex adjacent to
Berlin, at the first instant any Grand Alliance unit moves adjacent to Berlin ... (When the
triggering move occurs, the Alliance player should temporarily stop his move to allow for OGS
placement.)"

The counter whose set-up code is `reinforcements.german_variable.ogs.code` (*B) waits off the map
(state["variable"]). A Grand Alliance `move:` or `enter:` whose path reaches a hex next to Berlin
(or Berlin) ends there and is its file's last order; the step pauses for the German's signed
`place: UNIT` / `at: HEX`; then the Movement Phase goes on, the stopped unit with the MPs it has
left (as after a mobile assault, mobile.py). A 1AAA drop into or next to Berlin sets it off too
(airborne.py, behaviour 4). A mobile assault
whose path or target would first bring a unit next to Berlin is refused: move there first.
"""

import copy

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .components import ALLIANCE
from .mobile import MobileAssaultRules

OGS = "reinforcements.german_variable.ogs"


class SteinerRules(MobileAssaultRules):
    def ogs_code(self, data: GameData) -> str:
        return numbers.text(data, f"{OGS}.code", "the set-up code of Group Steiner (9.6)")

    def ogs_waiting(self, state: dict) -> str | None:
        waiting = [u for u, v in sorted(state.get("variable", {}).items()) if v["trigger"] == "ogs"]
        return waiting[0] if waiting else None

    def near_berlin(self, data: GameData, hex_id: str) -> bool:
        berlin = self.grid(data).canonical(self.berlin(data))
        return hex_id == berlin or self.grid(data).adjacent(hex_id, berlin)

    def steiner_stop(self, data: GameData, state: dict, order: dict) -> str | None:
        """The hex where an Alliance move sets off Group Steiner's entry, or None."""
        if state["army"] not in ALLIANCE or not self.ogs_waiting(state) or not isinstance(order.get("path"), list):
            return None
        path = [self.grid(data).canonical(str(h)) for h in order["path"]]
        start = 1 if "move" in order or "assault" in order else 0
        return next((h for h in path[start:] if self.near_berlin(data, h)), None)

    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        for index, order in enumerate(orders):
            if not isinstance(order, dict):
                continue
            try:
                stop = self.steiner_stop(data, state, order)
                assault = "assault" in order and self.ogs_waiting(state) and state["army"] in ALLIANCE \
                    and self.near_berlin(data, self.grid(data).canonical(str(order["assault"])))
            except ValueError:
                continue                      # a malformed hex: the movement checks name it
            if stop and "assault" in order or assault:
                return [Problem(index, f"a mobile assault may not be what first brings a unit next to Berlin ({stop or order['assault']}): "
                                       "move there first and Group Steiner enters (9.6)")]
            if stop and (order["path"][-1] != stop and self.grid(data).canonical(str(order["path"][-1])) != stop):
                return [Problem(index, f"{order.get('move') or order.get('enter')} must stop at {stop}, next to Berlin, while Group "
                                       "Steiner enters (9.6)")]
            if stop and index != len(orders) - 1:
                return [Problem(index, f"the move next to Berlin ({stop}) is its file's last order: Group Steiner enters, then "
                                       "the Movement Phase goes on (9.6)")]
        return super().check_movement(data, state, side, orders)

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        trigger = self.steiner_stop(data, state, orders[-1]) if orders and "assault" not in orders[-1] else None
        if not trigger:
            return super().apply_movement(data, state, side, orders, dice)
        spent = self.spent_on(data, state, orders[-1])
        record = copy.deepcopy(state.get("mobile")) or self.phase_start(data, state)    # as at the phase's start
        events = super().apply_movement(data, state, side, orders, dice)       # an Alliance phase: nothing forfeit
        unit_id = str(orders[-1].get("move") or orders[-1].get("enter"))
        record["moved"] = sorted(set(record["moved"]) | {str(o.get("move") or o.get("enter")) for o in orders if "move" in o or "enter" in o})
        record.update(going_on={unit_id: spent}, open=None, answer=None, last=trigger, why="Group Steiner's entry (9.6)")
        state["mobile"] = record
        state["phase"] = "ogs"
        state["last_combats"] = []
        events.append({"event": "steiner_called", "hex": trigger, "unit": unit_id, "rule": "9.6"})
        return events

    def spent_on(self, data: GameData, state: dict, order: dict) -> int:
        """The MPs the stopping move cost (10.x; 9.2: an edge entry pays its first hex)."""
        unit_id = str(order.get("move") or order.get("enter"))
        path = [self.grid(data).canonical(str(h)) for h in order["path"]]
        before = int((state.get("mobile") or {}).get("going_on", {}).get(unit_id, 0))
        if "enter" in order:
            entry = state["reinforcements"][unit_id]
            trial = self.with_arrival(data, state, unit_id, path[0], entry["steps"])
            first = 0 if self.entry_kind(data, state, state["army"], path[0]) == "city" or self.is_city(data, path[0], "9.2") \
                else self.terrain_cost(data, unit_id, self.terrain(data, path[0]))
            return first + int(self.walk_problem(data, trial, unit_id, path)[1])
        return before + int(self.walk_problem(data, state, unit_id, path)[1])

    # -- the German's answer ----------------------------------------------------------------
    def ogs_label(self, state: dict) -> str:
        return f"Turn {state['turn']} {state['army'].capitalize()} movement: Group Steiner enters next to Berlin (9.6)"

    def german_seat(self, state: dict) -> str:
        return self.seat_of(state, "german")

    def ogs_hexes(self, data: GameData, state: dict, unit_id: str) -> list[str]:
        """9.6: non-enemy-occupied hexes next to Berlin, stacking observed (8.1), enterable terrain."""
        berlin = self.grid(data).canonical(self.berlin(data))
        found = []
        for hex_id in sorted(self.grid(data).neighbours(berlin)):
            if self.enemies_in(data, state, hex_id, "german") or self.terrain(data, hex_id) in ("sea", "hook_of_holland") \
                    or self.prohibited(data, hex_id):
                continue
            if not self.stacking_problem(data, self.stacks(state).get(hex_id, []) + [unit_id]):
                found.append(hex_id)
        return found

    def check_ogs(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        unit_id = self.ogs_waiting(state)
        options = self.ogs_hexes(data, state, str(unit_id))
        if not options:
            return [] if orders == [] else [Problem(None, "no hex next to Berlin may take Group Steiner: send no orders (9.6)")]
        if len(orders) != 1 or set(orders[0]) != {"place", "at"} or orders[0]["place"] != unit_id:
            return [Problem(None, f"the answer is `place: {unit_id}` with `at: HEX`, one of {', '.join(options)} (9.6)")]
        try:
            at = self.grid(data).canonical(str(orders[0]["at"]))
        except ValueError as exc:
            return [Problem(0, str(exc))]
        if at not in options:
            return [Problem(0, f"Group Steiner enters next to Berlin in a hex without enemy units, stacking observed: "
                               f"{', '.join(options)}, not {at} (9.6, 8.1)")]
        return []

    def apply_ogs(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        unit_id = str(self.ogs_waiting(state))
        entry = state["variable"].pop(unit_id)
        if not state["variable"]:
            del state["variable"]
        state["phase"] = "movement"
        if not orders:                    # 9.6 names no other hex: it does not enter
            return [{"event": "steiner_not_placed", "unit": unit_id, "rule": "9.6"}]
        at = self.grid(data).canonical(str(orders[0]["at"]))
        state["units"][unit_id] = {"hex": at, "steps": entry["steps"]}
        return [{"event": "placed", "unit": unit_id, "hex": at, "rule": "9.6"}]

    def ogs_template(self, data: GameData, state: dict, side: str) -> dict:
        unit_id = str(self.ogs_waiting(state))
        options = self.ogs_hexes(data, state, unit_id)
        return {"notes": [self.awaiting(state).phase, f"Place {unit_id} in one of {', '.join(options) or '(none: send no orders)'} (9.6)."],
                "orders": [{"place": unit_id, "at": options[0]}] if options else []}
