"""End of the Iron Dream, behaviour 3: the second-invasion chit (14.12) on the hidden-information
core (pbem/hidden, docs/hidden-information.md), campaign option `chit=hidden` (every new campaign).

14.12 A: "At the instant the WA corps step ashore during the first invasion, the WA secretly draw
one of the second invasion chits ... The WA may immediately look at the drawn chit." B: A allows
the second invasion from Turn 3, B from Turn 5, C from Turn 7. C: "The instant the second invasion
is launched, the WA should reveal the chit to the Axis to certify the legality of the move."

A fair draw only the WA see, in two signed messages right after the WA file of the first landing:
1. phase `chit`, an owner step of the WA seat: `chit_secret: HEX` (64 hex digits the WA choose
   at random). It stays in the WA's private part; the save holds its commitment (item
   `invasion-chit`), so the WA can no longer change it.
2. phase `chit_axis`, a response of the Axis: `chit_salt: TEXT`, public, chosen after the
   commitment, so the WA could not aim their secret at a chit.
The chit is "ABC"[SHA-256("SECRET|SALT") mod 3]; the WA's own view (`pbem orders`, `pbem check`,
`report --side`) shows it. A second invasion's orders open the item (14.12 C: pbem sign puts the
opening in them) and every machine checks the turn against it. A first invasion that fails (14.22)
puts no corps ashore: no chit is drawn, and no second invasion can follow (a reading; any
invasion after Turn 9 is then a third, 14.13 A-B)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...gamedata import GameData
from ...kit import numbers
from .committed_draw import CommittedDraw, CommittedPart
from .common import seat_of

if TYPE_CHECKING:
    from .game import EndOfTheIronDream

ITEM = "invasion-chit"
BY_CHIT = "invasions.invasions.second.earliest_turn_by_chit"


def active(options: Mapping[str, Any]) -> bool:
    return options.get("chit") == "hidden"


def drawn(state: dict) -> str | None:
    """The chit, where this state shows it (the WA's own view, or once opened)."""
    return DRAW.chit(state)


def earliest(data: GameData, chit: str) -> int:
    return numbers.integer(data, f"{BY_CHIT}.{chit}", f"the earliest turn of a second invasion with chit {chit} (14.12 B)")


def second_problem(data: GameData, state: dict) -> str | None:
    """14.12 B-D for a second invasion on this turn (the chit opened or in the WA's own view)."""
    chit = state.get("chit") or {}
    if "salt" not in chit:
        return "the second invasion needs the second-invasion chit, drawn after the first landing (14.12 A)"
    if chit.get("second") is not None:
        return f"the second invasion was launched on Turn {chit['second']}: the next is a third, after Turn 9 (14.13 A)"
    found = drawn(state)
    if found is None:
        return "the second invasion reveals the chit (14.12 C): its orders must open the WA's item `invasion-chit`"
    first = earliest(data, found)
    if state["turn"] < first:
        return f"the second-invasion chit is {found}: the second invasion comes on Turn {first} at the earliest (14.12 B)"
    return None


# -- the two steps of the draw -------------------------------------------------------------------
def after_step(state: dict) -> None:
    """14.12 A: after the file of the first landing, the draw (its phase resumes after it)."""
    chit = state.get("chit")
    if chit and chit.get("stage") == "draw":
        state["chit"] = {"stage": "commit", "resume": state["phase"]}
        state["phase"] = "chit"


def wa_seat(state: dict) -> str:
    return seat_of(state, "western")


def axis_seat(state: dict) -> str:
    return seat_of({**state, "front": "west"}, "axis")


def _drawn(record: dict, state: dict, salt: str) -> dict:
    return {"stage": "drawn", "turn": state["turn"], "salt": salt, "second": None}


DRAW = CommittedDraw("chit", "14.12 A", "chit_axis", "Axis then adds its part and you alone see the chit",
                     "the WA's committed secret it draws their second-invasion chit", _drawn)


# -- the hidden-information core's interface ---------------------------------------------------
class InvasionChit(CommittedPart):
    PHASES = ("chit",)                   # its owner step (hidden_parts.py)
    DRAW, ITEM = DRAW, ITEM
    NOT_MINE = "the second-invasion chit (14.12)"
    OVERSTEP = "the second-invasion chit step changed more than the WA's committed secret (14.12 A)"

    def __init__(self, game: "EndOfTheIronDream") -> None:
        self.game = game

    def active(self, options: Mapping[str, Any]) -> bool:
        return active(options)

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        return not state.get("game_over") and state["phase"] == "chit" and wa_seat(state) == side

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        if side != wa_seat(state) or "chit_secret" not in state or (state.get("chit") or {}).get("second") is not None:
            return state, {}
        return state, {ITEM: state.pop("chit_secret")}

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        """14.12 C: a WA Movement file launching an invasion while the chit is still hidden."""
        invading = any(isinstance(o, dict) and "invade" in o for o in orders)
        if state["phase"] == "movement" and invading and side == wa_seat(state) and ITEM in hidden.get(side, []):
            return {side: [ITEM]}
        return {}
