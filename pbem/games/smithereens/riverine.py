"""13.9 mission 2's movement (behaviour 4): one Western Allied stack moves across a lake or
all-sea hexside as across a non-Rhine river hexside.

13.9: "2. In a similar fashion, it can allow any one stack of Western Allied units to move and/or PA
across any lake or all-sea hexside as if it were a non-Rhine river hexside." A Western `move:` order
may carry `riverine: true`: that unit's path may cross lake and all-sea hexsides, paying the river's
extra MPs (10.16); the units so ordered in a Movement Phase are one stack (they begin their moves in
one hex) of one grouping (Commonwealth or US, 13.9), from Game Turn 7, and the marker flies one
mission a game turn, this one or a PA's (`riverine_turns`). A hex of sea, or one no unit may enter
(10.17, 10.18), stays closed.
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from .fortress import FortressDeclarationRules

MARKER = "special.amphibious_riverine"


class RiverineMoveRules(FortressDeclarationRules):
    def move_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        if "riverine" not in order or not self.plays(data, 4):
            return super().move_problem(data, view, army, order, moved)
        reason = self.riverine_move_problem(data, view, army, order)
        if reason:
            return reason
        view["riverine_units"] = [*view.get("riverine_units", []), order["move"]]
        return super().move_problem(data, view, army, {k: v for k, v in order.items() if k != "riverine"}, moved)

    def riverine_move_problem(self, data: GameData, view: dict, army: str, order: dict) -> str | None:
        """13.9 mission 2 for one flagged move: Western, from turn 7, once a game turn, one stack, one grouping."""
        unit_id, path = order.get("move"), order.get("path")
        if order["riverine"] is not True or army != "western" or unit_id not in view["units"] or not isinstance(path, list):
            return "`riverine: true` on a Western Allied `move:` order crosses a lake or all-sea hexside as a river (13.9 mission 2)"
        first = numbers.integer(data, f"{MARKER}.from_turn", "the turn the Amphibious & Riverine marker arrives (13.9)")
        if view["turn"] < first:
            return f"the Amphibious & Riverine marker arrives on Game Turn {first} (13.9)"
        per_turn = numbers.integer(data, f"{MARKER}.uses_per_game_turn", "the marker's missions per game turn (13.9)")
        if view.get("riverine_turns", []).count(view["turn"]) >= per_turn:
            return f"the Amphibious & Riverine marker flies {per_turn} mission a game turn (13.9)"
        stack = {"hex": view["units"][str(unit_id)]["hex"], "grouping": str(self.grouping(data, str(unit_id)))}
        earlier = view.setdefault("riverine_stack", stack)
        if earlier != stack:
            return (f"the Amphibious & Riverine marker carries one stack of one grouping: {unit_id} is not of the stack "
                    f"that began in {earlier['hex']} ({earlier['grouping']}) (13.9)")
        return None

    def entry_cost(self, data: GameData, state: dict, unit_id: str, a: str, b: str) -> tuple[int | None, str]:
        water = {"lake", "sea"} & set(self.hexside(data, a, b))
        if not water or unit_id not in state.get("riverine_units", ()) or not self.grid(data).adjacent(a, b) \
                or self.prohibited(data, b) or self.terrain(data, b) in ("sea", "hook_of_holland"):
            return super().entry_cost(data, state, unit_id, a, b)
        if self.enemies_in(data, state, b, self.army_of(data, unit_id)):
            return None, f"{b} contains enemy units (10.3)"
        return self.terrain_cost(data, unit_id, self.terrain(data, b)) + self.river_extra_mp(data, state, unit_id), ""

    def apply_move_orders(self, data: GameData, state: dict, orders: list, dice: Dice, events: list) -> None:
        carried = [o["move"] for o in orders if isinstance(o, dict) and o.get("riverine") is True and "move" in o]
        if carried and self.plays(data, 4):
            state["riverine_turns"] = [*state.get("riverine_turns", []), state["turn"]]
            events.append({"event": "riverine_move", "units": carried, "rule": "13.9"})
        super().apply_move_orders(data, state, orders, dice, events)

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "riverine_move":
                blocks.append(("item", f"The Amphibious & Riverine marker carries {', '.join(event['units'])} across the water "
                                       "(13.9 mission 2)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
