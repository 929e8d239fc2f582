"""11.19 fortress declarations at the start of a Soviet or Western player turn (behaviour 4).

11.19: "At the start of any player's player turn, the German may declare any of the cities his
units occupy to be fortresses." At the start of his own player turn the German declares in his
movement orders (`declare_fortress: HEX`, movement.py). For the start of the next Soviet or Western
player turn he writes the declaration beforehand, without an extra message, in the orders of his
own Movement Phase or of his Prepared Assault Phase (his last file before them):
`declare_fortress: HEX` with `player_turn: soviet` (or `western`). It is checked when written, on
the position at that point of the file (a start-German city, never captured, that his units
occupy; six fortresses at most with the others declared for that player turn, in either file),
and takes effect at the start of that player turn if it still holds then (a German unit in the
city, not captured since, room under the limit); else it lapses, and the report says so. Reading:
the player turn begins after the units off the map have come back (10.29, 10.31), when the army
changes. The German Movement Phase always awaits his file, so the declaration never needs a
message of its own, even when his Prepared Assault Phase passes by itself (11.1). A pending
declaration is public (the save's `fortresses_due`); it shows no more than the top units under fog
of war do: that a German unit is in the city. Behaviour 5: the German's set-up placement orders (3.6)
may carry such declarations too, for the Soviet and Western player turns of Game Turn 2: Game Turn 1
has no German Movement Phase (3.10) and its Prepared Assault Phase may pass by itself (11.1), so the
placement is then his last file before them.
"""

from ...dice import Dice
from ...gamedata import GameData
from ..base import Problem
from .naval import NavalDefenseRules

LATER = ("soviet", "western")
SHAPE = ("a German declaration for a later player turn is `declare_fortress: HEX` with `player_turn: soviet` or "
         "`western`, in his movement or prepared assault orders (11.19)")


def deferred(order: object) -> bool:
    return isinstance(order, dict) and "declare_fortress" in order and "player_turn" in order


class FortressDeclarationRules(NavalDefenseRules):
    def due_problem(self, data: GameData, state: dict, order: dict) -> str | None:
        """11.19 for one declaration for a later player turn, on `state` (its `fortresses_due` counts)."""
        if state["army"] != "german" or set(order) != {"declare_fortress", "player_turn"} or order["player_turn"] not in LATER:
            return SHAPE
        turn = str(order["player_turn"])
        planned = {e["hex"] for e in state.get("fortresses_due", []) if e["player_turn"] == turn}
        try:
            hex_id = self.grid(data).canonical(str(order["declare_fortress"]))
        except ValueError as exc:
            return str(exc)
        if hex_id in planned:
            return f"{hex_id} is already declared a fortress for the {turn} player turn (11.19)"
        return self.fortress_problem(data, state, "german", {"declare_fortress": hex_id},
                                     set(state.get("fortresses", [])) | planned)

    def due_entry(self, data: GameData, order: dict) -> dict:
        return {"hex": self.grid(data).canonical(str(order["declare_fortress"])), "player_turn": str(order["player_turn"])}

    def declaration_problems(self, data: GameData, state: dict, orders: list) -> list[Problem]:
        """11.19 for the declarations of a German PA file for a later player turn (behaviour 4)."""
        problems: list[Problem] = []
        view = dict(state, fortresses_due=list(state.get("fortresses_due", [])))   # the movement file's count too
        for index, order in enumerate(orders):
            if not deferred(order):
                continue
            reason = self.due_problem(data, view, order) if self.plays(data, 4) else SHAPE
            if reason:
                problems.append(Problem(index, reason))
            else:
                view["fortresses_due"].append(self.due_entry(data, order))
        return problems

    # -- in the German movement orders ------------------------------------------------------------
    def later_fortress_problem(self, data: GameData, view: dict, army: str, order: dict) -> str | None:
        if not self.plays(data, 4):
            return super().later_fortress_problem(data, view, army, order)
        reason = self.due_problem(data, view, order)
        if not reason:                                  # a copy: the view shares the state's lists
            view["fortresses_due"] = [*view.get("fortresses_due", []), self.due_entry(data, order)]
        return reason

    def note_later_fortress(self, data: GameData, state: dict, order: dict) -> None:
        state["fortresses_due"] = [*state.get("fortresses_due", []), self.due_entry(data, order)]

    def note_declarations(self, data: GameData, state: dict, orders: list) -> list:
        """Keep the file's declarations for later player turns; return the file's other orders."""
        due = [self.due_entry(data, o) for o in orders if deferred(o)]
        if due:
            state["fortresses_due"] = [*state.get("fortresses_due", []), *due]
        return [o for o in orders if not deferred(o)]

    @staticmethod
    def others(orders: list) -> tuple[list, list[int]]:
        kept = [i for i, o in enumerate(orders) if not deferred(o)]
        return [orders[i] for i in kept], kept

    def check_attacks(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        problems = self.declaration_problems(data, state, orders)
        rest, kept = self.others(orders)
        return problems or [Problem(kept[p.index] if p.index is not None else None, p.message)
                            for p in super().check_attacks(data, state, side, rest)]

    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        return super().apply_assaults(data, state, side, self.note_declarations(data, state, orders), dice)

    # -- in the German set-up placement orders (behaviour 5) ----------------------------------------
    def check_placement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        """3.10: Game Turn 1 has no German Movement Phase, and its Prepared Assault Phase may pass by
        itself (11.1): the German's set-up placement file (3.6) is then his last file before the first
        Soviet player turn, so it may carry declarations for it (and the Western one after it), checked
        on the position once his units are placed."""
        if not (self.plays(data, 5) and state["army"] == "german" and any(deferred(o) for o in orders)):
            return super().check_placement(data, state, side, orders)
        rest, kept = self.others(orders)
        problems = [Problem(kept[p.index] if p.index is not None else None, p.message)
                    for p in super().check_placement(data, state, side, rest)]
        if problems:
            return problems
        placed = {str(o["place"]): {"hex": self.grid(data).canonical(str(o["at"])), "steps": self.counter(data, str(o["place"]))["steps"]}
                  for o in rest}
        return self.declaration_problems(data, dict(state, units={**state["units"], **placed}), orders)

    def apply_placement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if self.plays(data, 5) and state["army"] == "german":
            orders = self.note_declarations(data, state, orders)
        return super().apply_placement(data, state, side, orders, dice)

    def placement_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().placement_template(data, state, side)
        if self.plays(data, 5) and state["army"] == "german":
            template["notes"].append("Optional (11.19, 3.10): `- declare_fortress: HEX` with `player_turn: soviet` (or "
                                     "`western`) declares a city your units occupy once placed a fortress at the start of "
                                     "that player turn of Game Turn 2.")
        return template

    def end_player_turn(self, data: GameData, state: dict, events: list) -> None:
        super().end_player_turn(data, state, events)
        if state.get("phase") == "redeploy" or state.get("game_over") or not state.get("fortresses_due"):
            return                                   # the player turn has not begun yet
        army = state["army"]
        for entry in [e for e in state["fortresses_due"] if e["player_turn"] == army]:
            reason = self.fortress_problem(data, state, "german", {"declare_fortress": entry["hex"]}, set(state["fortresses"]))
            if reason:
                events.append({"event": "fortress_lapsed", "hex": entry["hex"], "why": reason, "rule": "11.19"})
            else:
                state["fortresses"] = sorted(set(state["fortresses"]) | {entry["hex"]})
                events.append({"event": "fortress", "hex": entry["hex"], "rule": "11.19"})
        state["fortresses_due"] = [e for e in state["fortresses_due"] if e["player_turn"] != army and army != "german"]
        if not state["fortresses_due"]:
            del state["fortresses_due"]

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "fortress_lapsed":
                blocks.append(("item", f"The German declaration of {event['hex']} as a fortress lapses: {event['why']}"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
