"""13.9 mission 2's movement (behaviour 4): one Western Allied stack moves across a lake or
all-sea hexside as across a non-Rhine river hexside.

13.9: "2. In a similar fashion, it can allow any one stack of Western Allied units to move and/or PA
across any lake or all-sea hexside as if it were a non-Rhine river hexside." A Western `move:` order
may carry `riverine: true`: that unit's path may cross lake and all-sea hexsides, paying the river's
extra MPs (10.16); the units so ordered in a Movement Phase are one stack (they begin their moves in
one hex) of one grouping (Commonwealth or US, 13.9), from Game Turn 7, and the marker flies one
mission a game turn, this one or a PA's (`riverine_turns`). A hex of sea, or one no unit may enter
(10.17, 10.18), stays closed.

Mission 3 (behaviour 4): "3. Placed astride a lake or all-sea hexside at the start of a Western Allied
movement phase, it allows those units' supply lines to be traced across that hexside as if it were a
land hexside." `riverine_supply: "HEX|HEX"` in the Western Movement Phase's first orders file
(before its moves, like 6.10's airdrop supply); Western supply lines (6.2) cross that hexside until
the next player turn begins (reading: for the rest of that Western player turn).
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .fortress import FortressDeclarationRules

MARKER = "special.amphibious_riverine"


SUPPLY = "riverine_supply"


class RiverineMoveRules(FortressDeclarationRules):
    # -- mission 3: supply across the water ----------------------------------------------------
    def special_key(self, data: GameData, order: dict) -> str | None:
        return SUPPLY if SUPPLY in order and self.plays(data, 4) else super().special_key(data, order)

    def special_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        if self.special_key(data, order) != SUPPLY:
            return super().special_problem(data, view, army, order, moved)
        value = order[SUPPLY]
        hexes = value.split("|") if isinstance(value, str) else []
        if set(order) != {SUPPLY} or len(hexes) != 2:
            return "`riverine_supply: \"HEX|HEX\"` names one lake or all-sea hexside (13.9 mission 3)"
        if army != "western" or view.get("mobile") or moved:
            return "the Amphibious & Riverine marker is placed astride a hexside at the start of a Western Allied movement phase, in its first file before any move (13.9)"
        reason = self.marker_problem(data, view, mine=True)
        if reason:
            return reason
        try:
            a, b = (self.grid(data).canonical(h) for h in hexes)
        except ValueError as exc:
            return str(exc)
        if not self.grid(data).adjacent(a, b) or not {"lake", "sea"} & set(self.hexside(data, a, b)):
            return f"{a}|{b} is not a lake or all-sea hexside (13.9 mission 3)"
        return None

    def marker_problem(self, data: GameData, view: dict, mine: bool = False) -> str | None:
        """13.9: from Game Turn 7, one mission a game turn (a marker this file places counts but for its own order)."""
        first = numbers.integer(data, f"{MARKER}.from_turn", "the turn the Amphibious & Riverine marker arrives (13.9)")
        if view["turn"] < first:
            return f"the Amphibious & Riverine marker arrives on Game Turn {first} (13.9)"
        per_turn = numbers.integer(data, f"{MARKER}.uses_per_game_turn", "the marker's missions per game turn (13.9)")
        used = view.get("riverine_turns", []).count(view["turn"]) + (1 if view.get("riverine_placed_now") and not mine else 0)
        if used >= per_turn:
            return f"the Amphibious & Riverine marker flies {per_turn} mission a game turn (13.9)"
        return None

    def pick_up(self, data: GameData, state: dict, order: dict, events: list) -> None:
        if self.special_key(data, order) != SUPPLY:
            super().pick_up(data, state, order, events)      # the marker is placed in apply_movement

    def placed(self, data: GameData, state: dict, orders: list) -> dict:
        """The state with this file's marker astride its hexside (at the start of the player turn)."""
        order = next((o for o in orders if isinstance(o, dict) and self.special_key(data, o) == SUPPLY), None)
        if order is None:
            return state
        try:
            hexside = sorted(self.grid(data).canonical(h) for h in str(order[SUPPLY]).split("|"))
        except ValueError:
            return state                               # refused by special_problem, naming the id
        return dict(state, **{SUPPLY: hexside, "riverine_placed_now": True})

    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        return super().check_movement(data, self.placed(data, state, orders), side, orders)

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        made = self.placed(data, state, orders)
        events: list[dict] = []
        if made is not state:
            state[SUPPLY] = made[SUPPLY]
            state["riverine_turns"] = [*state.get("riverine_turns", []), state["turn"]]
            events.append({"event": SUPPLY, "hexside": state[SUPPLY], "rule": "13.9"})
        return events + super().apply_movement(data, state, side, orders, dice)

    def water_open(self, state: dict, army: str, a: str, b: str) -> bool:
        return army == "western" and sorted((a, b)) == state.get(SUPPLY)

    def next_player_turn(self, data: GameData, state: dict) -> None:
        super().next_player_turn(data, state)
        state.pop(SUPPLY, None)                          # until the next player turn begins (reading)

    # -- mission 2: a stack moves across the water -------------------------------------------------
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
        reason = self.marker_problem(data, view)
        if reason:
            return reason
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
            if event["event"] == SUPPLY:
                blocks.append(("item", f"The Amphibious & Riverine marker astride {'|'.join(event['hexside'])}: Western supply "
                                       "lines may cross it this player turn (13.9 mission 3)"))
            elif event["event"] == "riverine_move":
                blocks.append(("item", f"The Amphibious & Riverine marker carries {', '.join(event['units'])} across the water "
                                       "(13.9 mission 2)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
