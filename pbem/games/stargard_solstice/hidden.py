"""What Stargard Solstice hides, on the hidden-information core (pbem.hidden, docs/hidden-information.md).

12.6 Zhukov's Report and 16.1 Stavka Orders: the Soviet's withdrawn chit (withdrawal.py) is the
item `withdrawn/TURN` of the Soviet, holding the chit and the Soviet's secret order of the other
Soviet chits in the cup. The `withdraw` step is a Soviet owner step (its machine applies it and
signs the public result: the fact of the withdrawal, never the chit); an empty `withdraw` file
draws the first chit at once, so it rolls a die and is played in the open. The `return_chit`
step opens the item (the Soviet's own signed empty file carries the opening).

1.1.4 fog of war (campaign option `fog=true`): the units under a stack's top, items `HEX/1`
(fog.py); each Movement segment is an owner step of the active player.

Campaign options `withdrawal` (recorded `true` in every campaign begun at behaviour 3) and `fog`;
a campaign begun before has neither and hides nothing, as it was recorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...errors import PbemError
from ...gamedata import GameData
from ...hidden.rules import HiddenRules
from . import fog, withdrawal

if TYPE_CHECKING:
    from .game import StargardSolstice

HIDDEN_KEYS = ("chit", "order")


class StargardHidden(HiddenRules):
    def __init__(self, game: "StargardSolstice") -> None:
        self.game = game

    def active(self, options: Mapping[str, Any]) -> bool:
        return options.get("withdrawal") is True or options.get("fog") is True

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        if state.get("game_over"):
            return False
        if state["phase"] == "withdraw":
            return side == "soviet"
        return fog.active(state) and state["phase"] in fog.OWNER_PHASES and state["active"] == side

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        items = fog.split(data, state, side) if fog.active(state) else {}
        record = state.get("withdrawal")
        if side == "soviet" and record is not None and "chit" in record:
            items[withdrawal.item(record["turn"])] = {k: record.pop(k) for k in HIDDEN_KEYS}
        return state, items

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        units = {i: v for i, v in items.items() if not i.startswith("withdrawn/")}
        for item, value in sorted(items.items()):
            if item in units:
                continue
            record = state.get("withdrawal")
            if (side != "soviet" or record is None or withdrawal.item(record["turn"]) != item
                    or not isinstance(value, dict) or set(value) != set(HIDDEN_KEYS)
                    or not isinstance(value["chit"], str) or not isinstance(value["order"], list)):
                raise PbemError(f"hidden item {item!r} of {side} is not this turn's withdrawn chit (12.6, 16.1)")
            record.update({"chit": value["chit"], "order": [str(c) for c in value["order"]]})
        if units:
            if not fog.active(state):
                raise PbemError(f"hidden items {sorted(units)} of {side}: this campaign plays without fog of war (1.1.4)")
            fog.merge(data, state, side, units)
        return state

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        """2.6.2: the withdrawn chit goes back, opened by the Soviet's return_chit message; 1.1.4
        what an attack (or a bombardment) reads (fog.opens)."""
        wanted = fog.opens(data, state, hidden, side, orders) if fog.active(state) else {}
        if state["phase"] == "return_chit":
            wanted["soviet"] = [*wanted.get("soviet", []), *(i for i in hidden.get("soviet", []) if i.startswith("withdrawn/"))]
        return wanted

    def mover_opens(self, data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
        return fog.mover_opens(data, view, items, side, orders) if fog.active(view) else []

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        if any(e.get("event") in ("chit_withdrawn", "no_withdrawal") for e in events):
            return [withdrawal.public_event(e) for e in events if e.get("event") == "chit_withdrawn"]
        return fog.public_events(state, side, events)

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        if before["phase"] == "withdraw":
            return self.withdrawal_problems(data, before, after)
        return fog.public_problems(data, before, after, side)

    def withdrawal_problems(self, data: GameData, before: dict, after: dict) -> list[str]:
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
        if fog.active(before):             # 1.1.4: the Soviet's owner step hides its stacks again
            problem = fog.only_hidden(before, after, "soviet")
            if problem:
                return [problem]
            expected.update({k: after[k] for k in ("units", "fog_hidden", *fog.LISTS) if k in after})
        if after != expected:
            return ["the public result is not a chit withdrawn this turn (12.6, 16.1): only the withdrawal, its turn and "
                    "rule, and the wait for the first draw may change"]
        return []
