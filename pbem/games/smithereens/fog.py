"""11.7 Fog of War: "no player may look beneath the top unit of an enemy stack until the time
comes in the combat resolution process for odds computation ... The exception to this general
rule lies in the ability of the Western Allied (or Grand Alliance) player to always examine
German-side stacks in Italy." (also the Italian Theater Peculiarities, 1.)

What the enemy sees of a seat's stack of two or more units: its hex, its top unit (the lowest
unit id; the owner does not choose it yet) with its steps, and how many units are under it
(one hidden item per unit, ids HEX/1, HEX/2, ...: the physical height of the stack). Moves and
placements are owner steps (pbem.hidden.steps); a Prepared Assault opens the defending stack
at odds computation (the defender's dice reveal carries it) and the stacks the attacking units
come from (the attacker's orders carry them); a retreat opens the stacks it retreats into
(stacking, 11.27). An opened unit stays shown until its owner's next owner step hides it again.
"""

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...kit.sequence import PASSES
from ...errors import PbemError
from ...gamedata import GameData
from ...hidden.rules import HiddenRules

if TYPE_CHECKING:
    from .game import Smithereens

FOG_OFF = "11.7 fog of war: saves and reports show every unit of every stack"
FOG_ON = ("11.7 in the three-player game: the Western player's look at German stacks in Italy (they stay hidden "
          "from both Soviet and Western); the top unit of a stack is the lowest unit id, not the owner's choice")
OWNER_PHASES = ("placement", "movement", "redeploy")     # redeploy: special movement ends (10.29)
# what an owner step's events may show the enemy: map-wide facts, never a unit under fog
PUBLIC_EVENTS = ("passed", "control", "collapse", "fanaticism", "oil", "fortress", "destroyed", "forfeit", "antwerp",
                 "strategic", "embark", "transfer", "awaiting_redeploy", "port_lost", "atc_entered",
                 "fortress_lapsed")   # the holding box is public


class SmithereensFog(HiddenRules):
    def __init__(self, game: "Smithereens") -> None:
        self.game = game

    def active(self, options: Mapping[str, Any]) -> bool:
        return options.get("fog") is True

    def owner_step(self, data: GameData, state: dict, side: str) -> bool:
        return (not self.game.game_over(state) and state["phase"] in OWNER_PHASES
                and self.game.phasing_seat(state) == side)

    def _examined(self, data: GameData, state: dict, side: str) -> set[str]:
        """Hexes whose `side` stacks the enemy may always examine: German stacks in Italy when the
        Grand Alliance is one seat (11.7). In the three-player game the Western player alone may,
        which a record both enemies receive cannot do: they stay hidden (not_enforced)."""
        if side == "german" and "alliance" in state["seats"]:
            return self.game.region(data, "italy", "11.7")
        return set()

    def _stacks(self, data: GameData, state: dict, side: str) -> dict[str, list[str]]:
        return {hex_id: units for hex_id, units in sorted(self.game.stacks(state).items())
                if self.game.seat_of(state, self.game.army_of(data, units[0])) == side and len(units) > 1}

    def split(self, data: GameData, state: dict, side: str) -> tuple[dict, dict[str, Any]]:
        stacks = self._stacks(data, state, side)
        shown = self._examined(data, state, side) if stacks else set()
        items: dict[str, Any] = {}
        for hex_id, units in stacks.items():
            if hex_id in shown:
                continue
            for slot, unit_id in enumerate(units[1:], start=1):      # units[0] is the top unit
                items[f"{hex_id}/{slot}"] = {"unit": unit_id, **state["units"].pop(unit_id)}
        return state, items

    def merge(self, data: GameData, state: dict, side: str, items: Mapping[str, Any]) -> dict:
        for item, value in sorted(items.items()):
            if not isinstance(value, dict) or not isinstance(value.get("unit"), str) or value["unit"] in state["units"]:
                raise PbemError(f"hidden item {item!r} of {side} is not a unit under fog of war (11.7)")
            state["units"][value["unit"]] = {k: v for k, v in value.items() if k != "unit"}
        state["units"] = dict(sorted(state["units"].items()))       # the order every state keeps
        return state

    def opens(self, data: GameData, state: dict, hidden: Mapping[str, list[str]], side: str,
              orders: list) -> dict[str, list[str]]:
        def at(owner: str, hexes: set[str]) -> list[str]:
            return [i for i in hidden.get(owner, []) if i.rsplit("/", 1)[0] in hexes]

        if state["phase"] in OWNER_PHASES:          # played in the open (a die roll): all of the mover's stacks
            return {side: list(hidden.get(side, []))}
        opened: dict[str, list[str]] = {}
        if state["phase"] == "assault":             # 11.7: the defending stacks at odds computation
            grid = self.game.grid(data)
            for order in orders:
                target = order.get("attack") if isinstance(order, dict) else None
                try:
                    target = grid.canonical(str(target)) if target is not None else None
                except ValueError:
                    continue                         # refused by the game's check
                for owner in hidden:
                    if owner != side and target is not None:
                        opened.setdefault(owner, []).extend(at(owner, {target}))
        return opened

    def owners_reveal(self, data: GameData) -> bool:
        """11.7 (behaviour 6): a step awaits the reveal of every seat whose stack it opens, besides
        the fairness set (`reveals: camp`: the German's roll needs the Soviet alone), so that a German
        assault on a Western stack gets the Western's opening; before, it was refused."""
        return self.game.plays(data, 6)

    def mover_opens(self, data: GameData, view: dict, items: Mapping[str, Any], side: str, orders: list) -> list[str]:
        """The stacks the attacking units come from (11.7, odds computation); the stacks a retreat
        goes into (11.27 stacking)."""
        hexes: set[str] = set()
        grid = self.game.grid(data)
        for order in orders:
            if not isinstance(order, dict):
                continue
            for unit_id in order.get("with") or []:
                if str(unit_id) in view["units"]:
                    hexes.add(view["units"][str(unit_id)]["hex"])
            retreat = order.get("retreat")
            targets = retreat.values() if isinstance(retreat, dict) else [retreat] if retreat is not None else []
            for target in targets:
                for hex_id in target if isinstance(target, list) else [target]:
                    try:
                        hexes.add(grid.canonical(str(hex_id)))
                    except ValueError:
                        continue
        return [i for i in items if i.rsplit("/", 1)[0] in hexes]

    def public_events(self, data: GameData, state: dict, side: str, events: list) -> list:
        shown = [e for e in events if e.get("event") in PUBLIC_EVENTS
                 or (e.get("event") in ("move", "enter", "placed", "replacement", "redeployed", "landed") and e.get("unit") in state["units"])]
        return [{"event": "fog", "side": side, "rule": "11.7"}] + shown

    def public_problems(self, data: GameData, before: dict, after: dict, side: str) -> list[str]:
        """The enemy checks at once that the step changed none of its own units."""
        def others(state: dict) -> dict:
            return {u: v for u, v in state["units"].items()
                    if self.game.seat_of(state, self.game.army_of(data, u)) != side}
        if others(before) != others(after):
            return ["the units of the other seats changed in a step only the mover's units may change"]
        # 5.2: a Movement Phase is followed by the same army's Prepared Assault Phase of the same
        # turn, unless that phase held no choice (11.1) and passed by itself: the enemy checks that
        # from the public positions, which show every occupied hex
        assault = {**after, "phase": "assault", "army": before["army"], "turn": before["turn"]}
        if before["phase"] == "movement" and (after.get("phase"), after.get("army"), after.get("turn")) != (
                "assault", before["army"], before["turn"]) and not (
                PASSES in after and self.game.assault_without_choice(data, assault)):
            return ["after a Movement Phase comes the same army's Prepared Assault Phase (5.2), unless it has no choice (11.1)"]
        return []
