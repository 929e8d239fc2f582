"""12.6 Zhukov's Report and 16.1 Stavka Orders (optional): the hidden withdrawal of a Soviet chit.

"The Soviet player may withdraw a Soviet command chit during the command phase and set it aside
on game turns 8 and 9 [16.1: turns 2 and 3]. This withdrawn chit is kept hidden from the German
player. The chit is placed back with the rest during the turn end phase. ... For each turn the
Soviet player exercises this option, they lose 1 VP at game's end." (14.1 subtracts them.)

What is hidden, from whom, when it is known (docs/stargard-solstice.md, "12.6 and 16.1"):
- hidden from the German: *which* chit. That a chit was set aside is public (the German sees it
  leave the cup; the Zhukov/Stavka marker records the VP cost), so is the turn and the rule;
- the Soviet decides after the random event (2.2 comes before the Command Phase), before the
  first draw: the `withdraw` step, an owner step of the Soviet (pbem.hidden) that commits to the
  chit and to a secret order of the other Soviet chits in the cup (item `withdrawn/TURN`);
- each draw is still a public die (3.1.1), over the chits really in the cup: one face per German
  chit (id order) and one per Soviet *slot* (as many as Soviet chits in the cup, less the
  withdrawn one). A German face is drawn as before; a Soviet slot `j` is the `j`-th chit of the
  Soviet's committed order still in the cup, which the Soviet names in its next message (the
  `name_chit` step) and the draw goes on from there. Neither player biases the draw: the order is
  committed before any die of the turn, and the die is the two-party die. Nothing leaks: the
  German, not knowing the order, learns from a named chit only what the table shows (that chit
  was in the cup, so it is not the withdrawn one);
- opened when the Command Phase ends (the `return_chit` step, the Soviet's signed message): the
  chit goes back with the others at the turn end (2.6.2), and no draw of the turn can touch it
  any more. Every machine then checks the commitment, that the withdrawn chit was a Soviet chit
  in the cup, that the order held the other ones, and that every chit the Soviet named is the one
  its slot gave; a wrong one is refused (CHEATED).
"""

from __future__ import annotations

import secrets

from ...errors import PbemError
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem

TURNS = {"12.6": "command.withdrawn_chits.zhukovs_report", "16.1": "optional.optional_rules.stavka_orders"}
COST = {"12.6": "command.withdrawn_chits.zhukovs_report.vp_cost_per_turn_used",
        "16.1": "optional.optional_rules.stavka_orders.vp_per_turn_used"}
NAMES = {"12.6": "Zhukov's Report", "16.1": "Stavka Orders"}
WITHDRAW = ("`withdraw: CHIT` with `order: [CHIT, ...]` every other Soviet chit in the cup, in an order of your choosing "
            "(a shuffle, as offered below: a Soviet draw takes the chit at its slot in this order, so an order the "
            "German can guess, such as id order, tells him about the withdrawn chit); or an empty file: no withdrawal (12.6, 16.1)")


def item(turn: int) -> str:
    return f"withdrawn/{turn}"


def rule_now(data: GameData, state: dict) -> str | None:
    """The rule that lets the Soviet withdraw a chit this turn (12.6; 16.1 if chosen), in
    campaigns that play it (state `withdrawals`, behaviour 3)."""
    if "withdrawals" not in state:
        return None
    for rule in ("12.6", "16.1"):
        if rule == "16.1" and "16.1" not in state.get("optional", []):
            continue
        if state["turn"] in numbers.integers(data, f"{TURNS[rule]}.turns", f"the turns of {NAMES[rule]} ({rule})"):
            return rule
    return None


def due(data: GameData, state: dict) -> bool:
    """Before the first draw of a turn that allows it, the Soviet is asked once."""
    return rule_now(data, state) is not None and state.get("withdraw_asked") != state["turn"]


def soviet_cup(data: GameData, state: dict) -> list[str]:
    from .cup import chit_side
    return sorted(c for c in state["cup"] if chit_side(data, c) == "soviet")


def shuffled_note(data: GameData, state: dict) -> str:
    """A fresh shuffle of the Soviet chits for the template, from this machine's random source:
    the order must be one the German cannot guess, and a hand-made one rarely is. Only the
    template shows it (never a save): the Soviet copies it into `order:`, less the chit withdrawn
    (taking one chit out of a random order leaves the rest in a random order)."""
    chits = soviet_cup(data, state)
    secrets.SystemRandom().shuffle(chits)
    return (f"a fresh shuffle from this machine's random source (copy it less the chit you withdraw): "
            f"order: [{', '.join(chits)}]")


def held(state: dict) -> dict | None:
    """This turn's withdrawal, when a chit is set aside (its chit and order only in the Soviet's view)."""
    record = state.get("withdrawal")
    return record if record is not None and record["turn"] == state["turn"] else None


# -- the withdraw step (an owner step of the Soviet) --------------------------------------
def check_withdraw(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if not orders:
        from .cup import draw_problems
        draw_problems(data, state)                # no withdrawal: the first draw follows at once
        return []
    rule = rule_now(data, state)
    if len(orders) != 1 or set(orders[0]) != {"withdraw", "order"}:
        return [Problem(None, f"one order: {WITHDRAW}")]
    chit, order = str(orders[0]["withdraw"]), orders[0]["order"]
    cup = soviet_cup(data, state)
    if chit not in cup:
        return [Problem(0, f"{chit} is not a Soviet chit in the cup ({', '.join(cup)}) ({rule})")]
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(c for c in cup if c != chit) or len(set(map(str, order))) != len(order):
        return [Problem(0, f"`order:` must list each other Soviet chit in the cup once: {', '.join(c for c in cup if c != chit)} ({rule})")]
    numbers.integer(data, COST[str(rule)], f"the VPs {NAMES[str(rule)]} costs per turn ({rule}, 14.1)")   # 14.1, asked now
    return []


def apply_withdraw(data: GameData, state: dict, side: str, orders: list, dice: object) -> list[dict]:
    from .cup import draw
    rule = str(rule_now(data, state))
    state["withdraw_asked"] = state["turn"]
    if not orders:
        events: list[dict] = [{"event": "no_withdrawal", "turn": state["turn"], "rule": rule}]
        draw(data, state, events, dice)            # type: ignore[arg-type]
        return events
    chit, order = str(orders[0]["withdraw"]), [str(c) for c in orders[0]["order"]]
    state["withdrawal"] = {"turn": state["turn"], "rule": rule, "cup": soviet_cup(data, state), "named": [],
                           "chit": chit, "order": order}
    state["withdrawals"] = [*state["withdrawals"], {"turn": state["turn"], "rule": rule}]
    state["phase"] = "draw"
    return [{"event": "chit_withdrawn", "turn": state["turn"], "rule": rule, "chit": chit}]


def public_event(event: dict) -> dict:
    """What the German reads of the withdrawal: the fact, the turn, the rule; never the chit."""
    return {k: v for k, v in event.items() if k != "chit"}


# -- draws while a chit is withdrawn -------------------------------------------------------
def remaining(record: dict, soviet: list[str]) -> list[str]:
    """The Soviet's committed order of the chits still in the cup: slot j is the j-th (a chit the
    order lacks, put in the cup after the withdrawal, comes after, by id)."""
    listed = [c for c in record["order"] if c in soviet]
    return listed + sorted(c for c in soviet if c not in record["order"] and c != record["chit"])


def slot_chit(data: GameData, state: dict) -> str | None:
    """The chit at the drawn slot of the Soviet's committed order, in its own view (where the
    record holds the order; the template pre-fills it); None in the German's public view."""
    record = held(state)
    if record is None or "order" not in record:
        return None
    return remaining(record, soviet_cup(data, state))[state["slot"]["slot"] - 1]


def check_name(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """The Soviet names the chit at the drawn slot of its committed order: in its own view (its
    `pbem check`) pbem checks it against the order; the German's machine checks it when the chit
    is opened at the end of the Command Phase (return_chit)."""
    slot = state["slot"]
    if len(orders) != 1 or set(orders[0]) != {"chit"}:
        return [Problem(None, f"name the chit at slot {slot['slot']} of your order: `- chit: CHIT` (12.6, 16.1)")]
    chit, cup = str(orders[0]["chit"]), soviet_cup(data, state)
    if chit not in cup:
        return [Problem(0, f"{chit} is not a Soviet chit in the cup ({', '.join(cup)}) (3.1.1)")]
    expected = slot_chit(data, state)
    if expected is not None:                                # the Soviet's own view
        if chit != expected:
            return [Problem(0, f"slot {slot['slot']} of your committed order is {expected}, not {chit} ({state['withdrawal']['rule']})")]
    from .cup import draw_problems
    draw_problems(data, state)
    return []


def apply_name(data: GameData, state: dict, side: str, orders: list, dice: object) -> list[dict]:
    from .cup import draw, take
    chit, slot = str(orders[0]["chit"]), state.pop("slot")
    record = state["withdrawal"]
    record["named"] = [*record["named"], {"slot": slot["slot"], "cup": soviet_cup(data, state), "chit": chit}]
    events: list[dict] = [{"event": "named", "chit": chit, "slot": slot["slot"], "of": slot["of"], "rule": record["rule"]}]
    if not take(data, state, events, chit):
        draw(data, state, events, dice)           # type: ignore[arg-type]
    return events


# -- the chit goes back: the opening -------------------------------------------------------
def check_return(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    if orders:
        return [Problem(0, "send an empty file: pbem opens the withdrawn chit from your private part (12.6, 16.1)")]
    return []


def apply_return(data: GameData, state: dict, side: str, orders: list, dice: object) -> list[dict]:
    """2.6.2: the withdrawn chit goes back; every machine checks the opened commitment against the
    draws it made (a false one is refused), then the Supply Phase (2.4)."""
    record = state.pop("withdrawal")
    if "chit" not in record or "order" not in record:
        raise PbemError("internal: the withdrawn chit is not opened")
    problem = cheated(record)
    if problem:
        raise PbemError(f"CHEATED: {problem} ({record['rule']})")
    state["phase"] = "supply"
    return [{"event": "chit_returned", "chit": record["chit"], "turn": record["turn"], "rule": record["rule"]}]


def cheated(record: dict) -> str | None:
    """What the opened withdrawal contradicts, or None."""
    chit, order, cup = record["chit"], record["order"], record["cup"]
    if chit not in cup or sorted(order) != sorted(c for c in cup if c != chit) or len(set(order)) != len(order):
        return (f"the withdrawn chit {chit} and order {order} are not one Soviet chit of the cup ({', '.join(cup)}) "
                "and the others")
    for named in record["named"]:
        slots = remaining(record, named["cup"])
        if named["chit"] == chit or named["slot"] > len(slots) or slots[named["slot"] - 1] != named["chit"]:
            return (f"the Soviet named {named['chit']} for slot {named['slot']}, which its committed order gives "
                    f"to {slots[named['slot'] - 1] if named['slot'] <= len(slots) else 'no chit'}")
    return None


def penalty(data: GameData, state: dict) -> dict[str, int]:
    """14.1: the VPs 12.6 and 16.1 cost, per turn exercised (the data's cost per turn, negative)."""
    out: dict[str, int] = {}
    for rule, key in (("12.6", "zhukovs_report"), ("16.1", "stavka_orders")):
        used = [w for w in state["withdrawals"] if w["rule"] == rule]
        if used:
            out[key] = numbers.integer(data, COST[rule], f"the VPs {NAMES[rule]} costs per turn ({rule}, 14.1)") * len(used)
    return out
