"""End of the Iron Dream: a chit one side draws secretly, in two signed messages (docs/hidden-information.md).

Shared by the second-invasion chit (14.12 A, chit.py) and the A-bomb chit (27.6 A, abomb.py):
1. phase NAME, an owner step of the drawing side: `NAME_secret: HEX` (64 hex digits chosen at
   random), kept in its private part; the save holds its commitment;
2. phase `salt_phase`, a public response of the other side: `NAME_salt: TEXT`.
The state's record `state[NAME]` goes from stage `commit` (with `resume`, the phase to go on with)
to `salt` to `drawn`; the events are `NAME_committed` and `NAME_drawn`. CommittedPart is its side
on the hidden-information core (hidden_parts.py): the secret as the drawer's private item.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ...canonical import data_hash
from ...dice import Dice
from ...errors import PbemError
from ...gamedata import GameData
from ..base import Problem
from .hidden_parts import Part

SECRET = re.compile(r"[0-9a-f]{64}")
CHITS = "ABC"
TOKEN_HEX = "`python3 -c \"import secrets; print(secrets.token_hex(32))\"`"


def letter(secret: str, salt: str) -> str:
    """The chit drawn: "ABC"[SHA-256("SECRET|SALT") mod 3]."""
    digest = hashlib.sha256(f"{secret}|{salt}".encode()).digest()
    return CHITS[int.from_bytes(digest, "big") % len(CHITS)]


@dataclass(frozen=True)
class CommittedDraw:
    name: str                    # the state record, the secret's phase and the prefix of keys and events
    rule: str                    # e.g. "14.12 A"
    salt_phase: str              # the other side's response phase
    after_secret: str            # the secret's note, after "kept in your private part; the "
    salt_draws: str              # the salt's note, after "with "
    drawn: Callable[[dict, dict, str], dict]   # (record, state, salt) -> the record once drawn

    @property
    def secret_key(self) -> str:
        return f"{self.name}_secret"

    @property
    def salt_key(self) -> str:
        return f"{self.name}_salt"

    @property
    def committed(self) -> str:
        return f"{self.name}_committed"

    def chit(self, state: dict) -> str | None:
        """The chit, where this state shows it (the drawer's own view, or once opened)."""
        record = state.get(self.name) or {}
        if self.secret_key not in state or "salt" not in record:
            return None
        return letter(str(state[self.secret_key]), str(record["salt"]))

    # -- step 1: the drawing side commits to its secret --------------------------------------
    def secret_template(self, game: Any, data: GameData, state: dict, side: str) -> dict:
        return {"orders": [], "notes": [f"{self.rule}: `{self.secret_key}: HEX`, 64 hex digits chosen at random (e.g. "
                                        f"{TOKEN_HEX}): kept in your private part; the {self.after_secret}"]}

    def check_secret(self, game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        key = self.secret_key
        if len(orders) != 1 or set(orders[0]) != {key} or not SECRET.fullmatch(str(orders[0][key])):
            return [Problem(None, f"one order: `{key}: HEX`, 64 lowercase hex digits chosen at random ({self.rule})")]
        return []

    def apply_secret(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        state[self.secret_key] = str(orders[0][self.secret_key])
        state[self.name] = {**state[self.name], "stage": "salt"}
        state["phase"] = self.salt_phase
        return [{"event": self.committed, "rule": self.rule}]

    # -- step 2: the other side adds its salt ------------------------------------------------
    def salt_template(self, game: Any, data: GameData, state: dict, side: str) -> dict:
        return {"orders": [{self.salt_key: ""}], "notes": [f"{self.rule}: `{self.salt_key}: TEXT`, any text you choose "
                                                           f"(replace the empty '' with it): with {self.salt_draws}"]}

    def check_salt(self, game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        key = self.salt_key
        if len(orders) != 1 or set(orders[0]) != {key} or not isinstance(orders[0][key], str) or not orders[0][key].strip():
            return [Problem(None, f"one order: `{key}: TEXT`, any text you choose, not empty ({self.rule})")]
        return []

    def apply_salt(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        record = state[self.name]
        state[self.name] = self.drawn(record, state, orders[0][self.salt_key].strip())
        state["phase"] = record["resume"]
        return [{"event": f"{self.name}_drawn", "rule": self.rule}]


class CommittedPart(Part):
    """The hidden-information side of a CommittedDraw: the drawer's secret is its private item ITEM."""
    DRAW: CommittedDraw
    ITEM: str
    NOT_MINE: str                        # merge's refusal, after "is not "
    OVERSTEP: str                        # the other side's refusal of an owner step that did more

    def owns(self, item: str) -> bool:
        return item == self.ITEM

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        for item, value in items.items():
            if item != self.ITEM or not SECRET.fullmatch(str(value)):
                raise PbemError(f"hidden item {item!r} of {side} is not {self.NOT_MINE}")
            state[self.DRAW.secret_key] = str(value)
        return state

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        return [e for e in events if e.get("event") == self.DRAW.committed]

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        """The other side checks at once that the drawer's hidden step did nothing but commit the
        secret: the units, boxes, dead and counters as they were, the draw waiting for its part (the
        rest the drawer's private part lets `verify --private` check)."""
        from .fog import hidden_again
        before = hidden_again(before, after, side)                      # 25.3 B, G: the drawer's stacks hidden again
        keys = ("units", "boxes", "dead", "invasion_ports", "turn", "army")
        name = self.DRAW.name
        if any(data_hash(before.get(k)) != data_hash(after.get(k)) for k in keys) \
                or after.get("phase") != self.DRAW.salt_phase or after.get(name) != {**before[name], "stage": "salt"}:
            return [self.OVERSTEP]
        return []
