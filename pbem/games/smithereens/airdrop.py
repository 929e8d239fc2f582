"""6.10 Western Allied airdrop supply (behaviour 3, standard level): "the Western Allied player can
provide supply to the units in any one hex occupied by his own units (only!) anywhere on the maps
via airdrop. The decision is announced at the start of any Western Allied player turn, and remains
in effect until the start of the next Allied player turn ... Such units can move and attack
normally (including MAs, see section 12.0), but must stay together as a stack if all are to retain
supply. (If the stack splits, the Western player chooses which unit keeps the marker.)"

- `airdrop_supply: HEX` in the first file of the Western Movement Phase marks the Western units
  in HEX (state["airdrop"]): they are in supply (6.4 at the start of their movement, and in every
  battle) while they stand in the marker's hex, until the next Western player turn begins (the
  "next Allied player turn" in which it "may conceivably be declared again").
- The marker moves with the marked stack when all its units end a movement file together; a file
  that splits them names the unit that keeps it, `airdrop_keeper: UNIT`: the marked units with
  that unit keep their supply, the others lose it.
- 13.1-13.3 (the 1AAA) are not played, so the 1AAA is never deployed and 6.10 is always open.
Reading (docs/smithereens.md): a stack split by a retreat leaves the marker in its hex (the
Western player is not asked for a keeper inside his retreat answer).
"""

import copy

from ...dice import Dice
from ...gamedata import GameData
from ..base import Problem
from .components import TRIAL_SEED
from .riverine import RiverineMoveRules

KEYS = ("airdrop_supply", "airdrop_keeper")


class AirdropSupplyRules(RiverineMoveRules):
    def special_key(self, data: GameData, order: dict) -> str | None:
        key = next((k for k in KEYS if k in order), None)
        return key if key and self.plays(data, 3) else super().special_key(data, order)

    def special_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        key = self.special_key(data, order)
        if key not in KEYS:
            return super().special_problem(data, view, army, order, moved)
        value = order.get(key)
        if set(order) != {key} or not isinstance(value, str):
            return f"`{key}:` takes a {'hex' if key == 'airdrop_supply' else 'unit'} alone (6.10)"
        if army != "western":
            return "only the Western Allied player has airdrop supply (6.10)"
        if view.get("level") != "standard":
            return "supply is not traced at the beginner level (6.0 Beginners Note), so there is no airdrop supply (6.10)"
        if key == "airdrop_keeper":
            marked = (view.get("airdrop") or {}).get("units", [])
            return None if value in marked else f"{value} is not a unit under the airdrop supply marker (6.10)"
        if view.get("mobile"):
            return "airdrop supply is declared at the start of the Western player turn, in the Movement Phase's first file (6.10)"
        try:
            hex_id = self.grid(data).canonical(value)
        except ValueError as exc:
            return str(exc)
        if not any(v["hex"] == hex_id and self.army_of(data, u) == "western" for u, v in view["units"].items()):
            return f"airdrop supply goes to a hex occupied by Western Allied units, not {hex_id} (6.10)"
        return None

    def pick_up(self, data: GameData, state: dict, order: dict, events: list) -> None:
        if self.special_key(data, order) not in KEYS:
            super().pick_up(data, state, order, events)      # the airdrop orders act in apply_movement

    def declared(self, data: GameData, state: dict, orders: list) -> dict:
        """The state with this file's `airdrop_supply:` made (6.10: at the start of the player turn)."""
        order = next((o for o in orders if isinstance(o, dict) and self.special_key(data, o) == "airdrop_supply"), None)
        if order is None or state.get("mobile"):
            return state
        hex_id = self.grid(data).canonical(str(order["airdrop_supply"]))
        units = sorted(u for u, v in state["units"].items() if v["hex"] == hex_id and self.army_of(data, u) == "western")
        return dict(state, airdrop={"hex": hex_id, "units": units})

    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        if not self.plays(data, 3):
            return super().check_movement(data, state, side, orders)
        declarations = [i for i, o in enumerate(orders) if isinstance(o, dict) and "airdrop_supply" in o]
        if len(declarations) > 1:
            return [Problem(declarations[1], "airdrop supply goes to any one hex (6.10)")]
        try:
            made = self.declared(data, state, orders)
        except ValueError:
            made = state                     # a malformed hex: the order's check names it
        problems = super().check_movement(data, made, side, orders)
        if problems or not (state.get("airdrop") or declarations):
            return problems
        trial = copy.deepcopy(state)
        self.apply_movement(data, trial, side, orders, Dice(seed=TRIAL_SEED))
        if (trial.get("airdrop") or {}).get("split"):
            return [Problem(None, "the stack under the airdrop supply marker split: name the unit that keeps it, "
                                  "`airdrop_keeper: UNIT` (6.10)")]
        return problems

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if not self.plays(data, 3):
            return super().apply_movement(data, state, side, orders, dice)
        events: list[dict] = []
        made = self.declared(data, state, orders)
        if made is not state:
            state["airdrop"] = made["airdrop"]
            events.append({"event": "airdrop_supply", "hex": state["airdrop"]["hex"], "units": state["airdrop"]["units"], "rule": "6.10"})
        events += super().apply_movement(data, state, side, orders, dice)
        if state.get("airdrop") and state["army"] == "western":
            keeper = next((str(o["airdrop_keeper"]) for o in orders if isinstance(o, dict) and "airdrop_keeper" in o), None)
            self.follow_marker(state, keeper)
        return events

    def follow_marker(self, state: dict, keeper: str | None) -> None:
        """6.10: the marker goes with its stack; split, with the unit the Western player names."""
        airdrop = state["airdrop"]
        alive = [u for u in airdrop["units"] if u in state["units"]]
        hexes = {state["units"][u]["hex"] for u in alive}
        airdrop.pop("split", None)
        if keeper is not None and keeper in alive:
            where = state["units"][keeper]["hex"]
            airdrop.update(hex=where, units=[u for u in alive if state["units"][u]["hex"] == where])
        elif len(hexes) == 1:
            airdrop.update(hex=hexes.pop(), units=alive)
        elif len(hexes) > 1:
            airdrop["split"] = True

    def in_supply(self, data: GameData, state: dict, unit_id: str, hex_id: str | None = None) -> bool:
        airdrop = state.get("airdrop")
        if airdrop and state.get("level") == "standard" and unit_id in airdrop["units"] and self.plays(data, 3):
            if (hex_id or state["units"][unit_id]["hex"]) == airdrop["hex"]:
                return True                                     # 6.10
        return super().in_supply(data, state, unit_id, hex_id)

    def oos_units(self, data: GameData, state: dict, units: list[str]) -> list[str]:
        """Units under the marker are supplied (6.10); the others trace as ever, apart from them."""
        airdrop = state.get("airdrop")
        if not airdrop or not self.plays(data, 3):
            return super().oos_units(data, state, units)
        marked = {u for u in airdrop["units"] if u in state["units"] and state["units"][u]["hex"] == airdrop["hex"]}
        return super().oos_units(data, state, [u for u in units if u not in marked])

    def next_player_turn(self, data: GameData, state: dict) -> None:
        super().next_player_turn(data, state)
        if state["army"] == "western":
            state.pop("airdrop", None)                          # 6.10: until the next Western player turn begins

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "airdrop_supply":
                blocks.append(("item", f"Airdrop supply for {', '.join(event['units'])} in {event['hex']} until the next Western "
                                       "player turn (6.10)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
