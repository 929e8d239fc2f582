"""What Stargard Solstice hides, on the hidden-information core (pbem.hidden, docs/hidden-information.md).

12.6 Zhukov's Report and 16.1 Stavka Orders: the Soviet's withdrawn chit (withdrawal.py) is the
item `withdrawn/TURN` of the Soviet, holding the chit and the Soviet's secret order of the other
Soviet chits in the cup. The `withdraw` step is a Soviet owner step (its machine applies it and
signs the public result: the fact of the withdrawal, never the chit); an empty `withdraw` file
draws the first chit at once, so it rolls a die and is played in the open. The `return_chit`
step opens the item (the Soviet's own signed empty file carries the opening).

Campaign option `withdrawal` (recorded `true` in every campaign begun at behaviour 3; a campaign
begun before has no such option and hides nothing, as it was recorded).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...errors import PbemError
from ...gamedata import GameData
from ...hidden.rules import HiddenRules
from . import withdrawal

if TYPE_CHECKING:
    from .game import StargardSolstice

HIDDEN_KEYS = ("chit", "order")


class StargardHidden(HiddenRules):
    def __init__(self, game: "StargardSolstice") -> None:
        self.game = game

    def active(self, options: Mapping[str, Any]) -> bool:
        return options.get("withdrawal") is True

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        return not state.get("game_over") and state["phase"] == "withdraw" and side == "soviet"

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        record = state.get("withdrawal")
        if side != "soviet" or record is None or "chit" not in record:
            return state, {}
        value = {k: record.pop(k) for k in HIDDEN_KEYS}
        return state, {withdrawal.item(record["turn"]): value}

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        for item, value in sorted(items.items()):
            record = state.get("withdrawal")
            if (side != "soviet" or record is None or withdrawal.item(record["turn"]) != item
                    or not isinstance(value, dict) or set(value) != set(HIDDEN_KEYS)
                    or not isinstance(value["chit"], str) or not isinstance(value["order"], list)):
                raise PbemError(f"hidden item {item!r} of {side} is not this turn's withdrawn chit (12.6, 16.1)")
            record.update({"chit": value["chit"], "order": [str(c) for c in value["order"]]})
        return state

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        """2.6.2: the withdrawn chit goes back, opened by the Soviet's return_chit message."""
        if state["phase"] == "return_chit":
            return {"soviet": [i for i in hidden.get("soviet", []) if i.startswith("withdrawn/")]}
        return {}

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        return [withdrawal.public_event(e) for e in events if e.get("event") == "chit_withdrawn"]

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        """The German checks at once that the step did only what a withdrawal does: set a chit aside
        this turn (the fact, the turn, the Soviet chits in the cup) and wait for the first draw."""
        import copy
        expected = copy.deepcopy(before)
        rule = withdrawal.rule_now(data, before)
        if rule is None:
            return ["no chit may be withdrawn this turn (12.6, 16.1)"]
        expected.update(withdraw_asked=before["turn"], phase="draw",
                        withdrawals=[*before["withdrawals"], {"turn": before["turn"], "rule": rule}],
                        withdrawal={"turn": before["turn"], "rule": rule, "cup": withdrawal.soviet_cup(data, before),
                                    "named": []})
        if after != expected:
            return ["the public result is not a chit withdrawn this turn (12.6, 16.1): only the withdrawal, its turn and "
                    "rule, and the wait for the first draw may change"]
        return []
