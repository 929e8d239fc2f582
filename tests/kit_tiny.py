"""A tiny two-phase game built on pbem.kit.sequence, for the kit's tests (and registered as a
game by the `pbem sequence` test). Not a real game: it has no rules data of its own.

Its sequence of play:
    Movement Phase (5.0)     orders of the mover; then the other side answers (6.0)
    Answer (6.0)             a response of the other side; then the next turn (game over after turn 2)
"""

from pbem.games.base import Problem
from pbem.kit.sequence import Phase, SequencedGame


def mover(state: dict) -> str:
    return state["mover"]


def other(state: dict) -> str:
    return next(s for s in state["seats"] if s != state["mover"])


def move_template(data, state: dict, side: str) -> dict:
    return {"orders": [{"move": u, "to": v["hex"]} for u, v in sorted(state["units"].items())],
            "notes": ["Movement Phase (5.0): each unit moves to one hex"]}


def move_check(data, state: dict, side: str, orders: list) -> list[Problem]:
    problems = []
    for index, order in enumerate(orders):
        if order.get("move") not in state["units"]:
            problems.append(Problem(index, f"no unit {order.get('move')!r} (5.1)"))
        if order.get("to") == "0909":
            data.get("map.hexes.0909", "hex 0909 and its terrain")      # unknown: UnknownDataError
        if order.get("cheat"):
            state["units"][order["move"]]["hex"] = order["to"]           # a check must never do this
    return problems


def move_apply(data, state: dict, side: str, orders: list, dice) -> list[dict]:
    events = []
    for order in orders:
        state["units"][order["move"]]["hex"] = order["to"]
        events.append({"moved": order["move"], "to": order["to"]})
    state["phase"] = "answer"
    return events


def answer_check(data, state: dict, side: str, orders: list) -> list[Problem]:
    return [Problem(i, "the only answer is `accept: true` (6.1)") for i, o in enumerate(orders) if o != {"accept": True}]


def answer_apply(data, state: dict, side: str, orders: list, dice) -> list[dict]:
    state["phase"], state["turn"] = "move", state["turn"] + 1
    if state["turn"] > 2:
        state["game_over"] = True
    return [{"answered": side}]


class Tiny(SequencedGame):
    id = "kit-tiny"
    game_over_rule = "9.1"
    sequence = (
        Phase("move", "Movement Phase (5.0)", "orders", awaited=mover,
              label=lambda s: f"Turn {s['turn']} {s['mover']} movement",
              template=move_template, check=move_check, apply=move_apply,
              then="the other side answers (6.0)", order_keys=frozenset({"move", "to", "cheat"})),
        Phase("answer", "Answer (6.0)", "response", awaited=other,
              label=lambda s: f"Turn {s['turn']} {other(s)} answer",
              template=lambda data, state, side: {"orders": [{"accept": True}], "notes": []},
              check=answer_check, apply=answer_apply, then="the next turn; the game ends after turn 2 (9.1)",
              opponents=lambda s: ()),
    )

    def seats(self, scenario: dict) -> list[list[str]]:
        return [["blue", "red"]]

    def setup(self, data, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        return {"seats": list(seats), "phase": "move", "turn": 1, "mover": "red", "steps": 0,
                "units": {"r1": {"hex": "0101"}, "r2": {"hex": "0102"}}}

    def normalise_orders(self, orders):
        """Hex ids written as numbers (to: 102) are read as text ("0102")."""
        if not isinstance(orders, list):
            return orders
        return [{**o, "to": f"{o['to']:04d}"} if isinstance(o, dict) and isinstance(o.get("to"), int) else o
                for o in orders]

    def after_step(self, data, state: dict, events: list) -> None:
        state["steps"] += 1


GAME = Tiny()

