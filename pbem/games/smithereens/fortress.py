"""11.19 fortress declarations at the start of a Soviet or Western player turn (behaviour 4).

11.19: "At the start of any player's player turn, the German may declare any of the cities his
units occupy to be fortresses." At the start of his own player turn the German declares in his
movement orders (`declare_fortress: HEX`, movement.py). For the start of the next Soviet or Western
player turn he writes the declaration beforehand, without an extra message, in the orders file of
his own Prepared Assault Phase (his last file before them; public, unlike a movement file under
fog of war): `declare_fortress: HEX` with `player_turn: soviet` (or `western`). It is checked when written (a start-German city, never captured, that his units occupy;
six fortresses at most with the others declared for that player turn) and takes effect at the
start of that player turn if it still holds then (a German unit in the city, not captured since,
room under the limit); else it lapses, and the report says so. Reading: the player turn begins
after the units off the map have come back (10.29, 10.31), when the army changes. Not asked: a
declaration for those player turns when the German Prepared Assault Phase passes by itself (no
German unit next to an enemy, 11.1): there is no German file to write it in, and asking for one
would add a message to every such player turn (game.py not_enforced).
"""

from ...dice import Dice
from ...gamedata import GameData
from ..base import Problem
from .naval import NavalDefenseRules

LATER = ("soviet", "western")


def deferred(order: object) -> bool:
    return isinstance(order, dict) and "declare_fortress" in order and "player_turn" in order


class FortressDeclarationRules(NavalDefenseRules):
    def declaration_problems(self, data: GameData, state: dict, orders: list) -> list[Problem]:
        """11.19 for the declarations of a German file for a later player turn (behaviour 4)."""
        problems: list[Problem] = []
        planned: dict[str, list[str]] = {turn: [] for turn in LATER}
        for index, order in enumerate(orders):
            if not deferred(order):
                continue
            if not self.plays(data, 4) or state["army"] != "german" or set(order) != {"declare_fortress", "player_turn"} \
                    or order["player_turn"] not in LATER:
                problems.append(Problem(index, "a German declaration for a later player turn is `declare_fortress: HEX` with "
                                               "`player_turn: soviet` or `western`, in his prepared assault orders (11.19)"))
                continue
            turn = str(order["player_turn"])
            reason = self.fortress_problem(data, state, "german", {"declare_fortress": order["declare_fortress"]},
                                           set(state.get("fortresses", [])) | set(planned[turn]))
            if reason:
                problems.append(Problem(index, reason))
            else:
                planned[turn].append(self.grid(data).canonical(str(order["declare_fortress"])))
        return problems

    def note_declarations(self, data: GameData, state: dict, orders: list) -> list:
        """Keep the file's declarations for later player turns; return the file's other orders."""
        due = [{"hex": self.grid(data).canonical(str(o["declare_fortress"])), "player_turn": str(o["player_turn"])}
               for o in orders if deferred(o)]
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
