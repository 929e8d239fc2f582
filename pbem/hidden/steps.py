"""How the core uses a game's HiddenRules in a step (pbem.inputs, pbem.adjudicate, pbem.verify).

Two kinds of step:
- an **owner step** (HiddenRules.owner_step): only the mover's items change and no die is
  rolled. The mover's machine applies the orders to its own view (the public state with its
  own items merged back), splits the result, and signs, instead of the orders, the public
  result: `hidden: {result: {state, commitments, orders, events}}` (`orders` the commitment to
  the orders played, kept in the private part). Every other machine takes the public result
  after the checks it can make (the enemy's own items unchanged, HiddenRules.public_problems);
  a machine holding the mover's private part (the mover's own, or `verify --private`) re-runs
  the step and refuses any difference.
- a **public step**: every machine applies it to the public state with the items the step
  opens (HiddenRules.opens) merged back. The mover's openings ride in its orders, each other
  owner's in its dice reveal of the step (`hidden: {open: {ITEM: {value, salt}}}`), which the
  step awaits when HiddenRules.owners_reveal says so (`step_revealers`); each is checked against
  its commitment before use, and an opened item stays public from then on.
"""

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from ..canonical import data_hash, plain_copy
from ..dice import HEX64, Dice, DiceUnavailable
from ..errors import PbemError
from .commit import Opening, check_opening, commitment, item_salt, parse_opening, salt_master
from .private import PrivatePart, find_private
from .rules import HiddenRules

if TYPE_CHECKING:
    from ..folder import Campaign

RESULT_FIELDS = {"state", "commitments", "orders", "events"}


class HiddenDiceError(PbemError):
    """An owner step's orders roll a die: it must be played as a public step."""


def is_owner_step(campaign: "Campaign", save: dict, body: dict) -> bool:
    """The orders are an owner step: the game allows one here and they carry its result."""
    rules = rules_of(campaign)
    hidden = body.get("hidden")
    return (rules is not None and isinstance(hidden, dict) and "result" in hidden
            and rules.owner_step(campaign.data, save["state"], body["side"]))


def rules_of(campaign: "Campaign") -> HiddenRules | None:
    rules = campaign.game.hidden
    return rules if rules is not None and rules.active(campaign.header.get("options") or {}) else None


def hidden_of(save: dict, side: str) -> dict[str, str]:
    return dict((save.get("hidden") or {}).get(side, {}))


def own_view(campaign: "Campaign", number: int, save: dict, side: str, part: PrivatePart | None) -> dict:
    """The state as `side` sees it at save `number`: the public state with its own items back."""
    rules = rules_of(campaign)
    if rules is None:
        return save["state"]
    committed = hidden_of(save, side)
    if committed and part is None:
        raise PbemError(f"{side} holds hidden items in save {number}; this needs {side}'s private part "
                        f"(default DIR.private-{side} beside the campaign folder, or --private PATH)")
    items = part.items_at(number, committed) if part is not None else {}
    return rules.merge(campaign.data, plain_copy(save["state"]), side, {k: v.value for k, v in items.items()})


def orders_item(step: int) -> str:
    return f"orders/{step}"


def seal_owner_step(campaign: "Campaign", key: Ed25519PrivateKey, number: int, save: dict, side: str,
                    orders: list, part: PrivatePart) -> tuple[list, dict]:
    """On the mover's machine: apply its orders to its own view, write its private record of the
    next save, and return (the public orders, the `hidden` block of its signed orders)."""
    rules = _rules(campaign)
    step = number + 1
    view = own_view(campaign, number, save, side, part)
    result = _apply(campaign, view, side, orders)
    public, items, events, used = result
    master = salt_master(key, campaign.id, side, campaign.header_hash)
    openings = {item: Opening(value, item_salt(master, step, item)) for item, value in items.items()}
    orders_salt = item_salt(master, step, orders_item(step))
    part.write(step, openings, {"list": orders, "salt": orders_salt}, events, used)
    block = {"result": {
        "state": public,
        "commitments": {i: commitment(campaign.id, side, i, o.value, o.salt) for i, o in sorted(openings.items())},
        "orders": commitment(campaign.id, side, orders_item(step), orders, orders_salt),
        "events": rules.public_events(campaign.data, public, side, events)}}
    return rules.public_orders(campaign.data, view, side, orders), block


def _apply(campaign: "Campaign", view: dict, side: str, orders: list) -> tuple[dict, dict[str, Any], list, list]:
    """The owner step applied: (public state, the side's hidden items, events, data used)."""
    rules = _rules(campaign)
    data = campaign.data
    data.used_overrides = set()
    try:
        outcome = campaign.game.apply(data, copy.deepcopy(view), side, orders,
                                      Dice(None, "a step under hidden information rolls no dice"))
    except DiceUnavailable:
        raise HiddenDiceError("these orders roll a die, which a step kept hidden from the enemy may not") from None
    public, items = rules.split(data, outcome.state, side)
    return public, items, outcome.events, sorted(data.used_overrides)


def owner_result(campaign: "Campaign", number: int, save: dict, body: dict, part: PrivatePart | None,
                 source: str) -> tuple[dict, dict[str, dict[str, str]], list]:
    """Any machine: the public result of an owner step, checked as far as this machine can (fully
    when it holds the mover's private part). Returns (state, hidden, public events); the save
    records no data used (which override values a hidden move read would tell where it went)."""
    rules = _rules(campaign)
    side, step = body["side"], number + 1
    result = (body.get("hidden") or {}).get("result")
    if not isinstance(result, dict) or set(result) != RESULT_FIELDS or set(body["hidden"]) != {"result"}:
        raise PbemError(f"this step is kept hidden from the enemy (an owner step of {side}): its orders need "
                        "`hidden: {result: {state, commitments, orders, events}}`, as `pbem sign` writes it", source)
    commitments, public = result["commitments"], result["state"]
    if (not isinstance(public, dict) or not isinstance(result["events"], list) or not isinstance(commitments, dict)
            or not all(isinstance(k, str) and isinstance(v, str) and HEX64.fullmatch(v) for k, v in commitments.items())
            or not isinstance(result["orders"], str) or not HEX64.fullmatch(result["orders"])):
        raise PbemError("malformed hidden result (state a mapping, events a list, commitments and orders "
                        "64-hex-digit hashes)", source)
    problems = rules.public_problems(campaign.data, save["state"], public, side)
    if problems:
        raise PbemError(f"CHEATED: step {step} of {side}: {problems[0]}", source)
    if part is not None:
        _full_check(campaign, number, save, side, result, part)
    hidden = {s: hidden_of(save, s) for s in sorted(save.get("hidden") or {})}
    hidden[side] = dict(sorted(commitments.items()))
    return public, hidden, result["events"]


def _full_check(campaign: "Campaign", number: int, save: dict, side: str, result: dict,
                part: PrivatePart) -> None:
    """The owner step re-run from the mover's private part; the first difference is named."""
    step = number + 1
    where = f"CHEATED: step {step} of {side}"
    try:
        view = own_view(campaign, number, save, side, part)
        record = part.record(step)
    except PbemError as exc:
        raise PbemError(f"{where}: {exc.one_line()}") from None
    played = record["orders"]
    if not isinstance(played, dict) or set(played) != {"list", "salt"}:
        raise PbemError(f"{where}: the private record lacks the orders played", str(part.path(step)))
    if commitment(campaign.id, side, orders_item(step), played["list"], played["salt"]) != result["orders"]:
        raise PbemError(f"{where}: the orders in the private part are not the ones committed", str(part.path(step)))
    try:
        public, items, events, _ = _apply(campaign, view, side, played["list"])
    except PbemError as exc:
        raise PbemError(f"{where}: its hidden orders are refused: {exc.one_line()}") from None
    if data_hash(public) != data_hash(result["state"]):
        raise PbemError(f"{where}: the public result it signed is not what its orders make")
    if sorted(items) != sorted(result["commitments"]):
        raise PbemError(f"{where}: it committed items {sorted(result['commitments'])}, its orders make {sorted(items)}")
    for item, value in sorted(items.items()):
        try:
            opening = check_opening(campaign.id, side, item, record["items"].get(item), result["commitments"][item])
        except PbemError as exc:
            raise PbemError(f"{where}: {exc.one_line()}") from None
        if data_hash(opening.value) != data_hash(value):
            raise PbemError(f"{where}: its commitment to {item!r} is not what its orders make")
    if data_hash(rules_events(campaign, public, side, events)) != data_hash(result["events"]):
        raise PbemError(f"{where}: the public events it signed are not what its orders make")


def rules_events(campaign: "Campaign", public: dict, side: str, events: list) -> list:
    return _rules(campaign).public_events(campaign.data, public, side, events)


def openings_for(campaign: "Campaign", number: int, save: dict, side: str, orders_body: dict, owner: str,
                 part: PrivatePart | None) -> dict | None:
    """`owner`'s openings for the step of these orders (None: the step opens none of its items)."""
    rules = rules_of(campaign)
    if rules is None:
        return None
    wanted = needed_openings(campaign, save, side, orders_body["orders"]).get(owner, [])
    if owner == side and part is not None and hidden_of(save, side):
        items = part.items_at(number, hidden_of(save, side))
        view = own_view(campaign, number, save, side, part)
        chosen = rules.mover_opens(campaign.data, view, {k: v.value for k, v in items.items()}, side, orders_body["orders"])
        wanted = sorted(set(wanted) | set(chosen))
    if not wanted:
        return None
    if part is None:
        raise PbemError(f"this step opens hidden items of {owner} ({', '.join(wanted)}): it needs {owner}'s private part "
                        f"(default DIR.private-{owner} beside the campaign folder)")
    items = part.items_at(number, {i: hidden_of(save, owner)[i] for i in wanted})
    return {i: items[i].as_dict() for i in sorted(items)}


def needed_openings(campaign: "Campaign", save: dict, side: str, orders: list) -> dict[str, list[str]]:
    rules = _rules(campaign)
    ids = {s: sorted(hidden_of(save, s)) for s in sorted(save.get("hidden") or {})}
    wanted = rules.opens(campaign.data, save["state"], ids, side, orders)
    for owner, items in wanted.items():
        unknown = [i for i in items if i not in ids.get(owner, [])]
        if unknown:
            raise PbemError(f"internal: the game opens {owner}'s items {unknown}, which are not hidden")
    return {o: sorted(set(i)) for o, i in wanted.items() if i}


def step_revealers(campaign: "Campaign", save: dict, side: str, orders: Any) -> list[str]:
    """The parties whose reveal the step of `side`'s `orders` awaits: the seats the game names for
    its dice (the save's `awaiting`, the fairness set of docs/dice.md) and, when the game's rules
    say so (HiddenRules.owners_reveal), every other seat whose hidden items the orders open, since
    their openings ride in their reveals. A GM's campaign: the GM alone, as before."""
    named = campaign.revealers(save["awaiting"])
    rules = rules_of(campaign)
    if (rules is None or campaign.header["dice"]["mode"] == "gm" or not isinstance(orders, list)
            or not rules.owners_reveal(campaign.data)):
        return named
    owners = [o for o in needed_openings(campaign, save, side, orders) if o != side]
    return sorted(set(named) | set(owners))


def public_state(campaign: "Campaign", number: int, save: dict, side: str, orders_body: dict, source: str,
                 openings: Mapping[str, Any]) -> tuple[dict, dict[str, dict[str, str]]]:
    """A public step's state with the items it opens merged back (each opening checked against
    its commitment), and the save's hidden items after it (less the opened ones).
    `openings`: owner -> its `hidden: {open: ...}` (the mover's from its orders, the others' from
    their reveals); an owner whose reveal has not come yet is absent (the step then waits)."""
    rules = _rules(campaign)
    wanted = needed_openings(campaign, save, side, orders_body["orders"])
    state = plain_copy(save["state"])      # plain data: the save's state
    hidden = {s: hidden_of(save, s) for s in sorted(save.get("hidden") or {})}
    for owner in sorted(set(openings) | set(wanted)):
        if owner not in openings:
            continue
        given = openings[owner] or {}
        required = wanted.get(owner, [])
        # the mover may open more of its own items (the stacks it attacks from); others exactly these
        if set(required) - set(given) or (owner != side and sorted(given) != required):
            raise PbemError(f"this step opens {owner}'s hidden items {required or 'none'}; "
                            f"the message opens {sorted(given) or 'none'}", source)
        unknown = sorted(set(given) - set(hidden[owner]))
        if unknown:
            raise PbemError(f"the message opens {owner}'s items {unknown}, which the save does not hold hidden", source)
        values = {}
        for item, raw in sorted(given.items()):
            values[item] = check_opening(campaign.id, owner, item, raw, hidden[owner][item]).value
            del hidden[owner][item]
        state = rules.merge(campaign.data, state, owner, values)
    return state, hidden


def open_block(body: dict, source: str) -> dict | None:
    """The `hidden: {open: ...}` of a public step's orders or reveal (None when absent)."""
    block = body.get("hidden")
    if block is None:
        return None
    if not isinstance(block, dict) or set(block) != {"open"} or not isinstance(block["open"], dict):
        raise PbemError("`hidden:` of this message must be {open: {ITEM: {value, salt}}}", source)
    for item, raw in block["open"].items():
        parse_opening(raw, str(item))
    return block["open"]


def _rules(campaign: "Campaign") -> HiddenRules:
    rules = rules_of(campaign)
    if rules is None:
        raise PbemError("internal: this campaign hides nothing")
    return rules


def side_save(campaign: "Campaign", save: dict, side: str, part: PrivatePart | None) -> dict:
    """A save as `side` may read it (`report --side`, its map picture): its own hidden items back in
    the state and, for a step it kept hidden, the events as it played them (from its private part)."""
    if rules_of(campaign) is None:
        return save
    number = save["number"]
    state = own_view(campaign, number, save, side, part)
    events, produced = save["events"], save["produced_by"]
    if part is not None and produced.get("side") == side and part.latest_at(number) == number:
        record = part.record(number)
        if record["orders"] is not None:
            events = record["events"]
            produced = {**produced, "orders": {**produced["orders"], "list": record["orders"]["list"]}}
    return {**save, "state": state, "events": events, "produced_by": produced}


def view_for(campaign: "Campaign", number: int, save: dict, side: str) -> dict:
    """The state `side` writes and checks its orders against (`pbem orders`, `pbem check`): its own
    view when the campaign hides items (its private part beside the folder), else the save's."""
    if rules_of(campaign) is None:
        return save["state"]
    return own_view(campaign, number, save, side, find_private(campaign.folder, campaign.id, side))


def owner_step_problems(campaign: "Campaign", number: int, save: dict, side: str, orders: list) -> list[str]:
    """What `pbem sign` would refuse in sealing an owner step that the game's check does not see
    (a value the split reads that the data lacks, e.g. Smithereens' Italy hexes for 11.7), for
    `pbem check`. Nothing is written."""
    rules = rules_of(campaign)
    if rules is None or not rules.owner_step(campaign.data, save["state"], side):
        return []
    try:
        _apply(campaign, view_for(campaign, number, save, side), side, orders)
    except HiddenDiceError:
        return []            # signed as a public step instead
    except PbemError as exc:
        return [exc.one_line()]
    return []
