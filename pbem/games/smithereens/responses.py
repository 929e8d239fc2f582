"""11.25-11.33: loss points taken as steps or retreats, the defender's choice, advance after combat."""

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...kit.losses import spread_steps
from ..base import Problem
from .components import ALLIANCE
from .setup import SetupRules


class ResponseRules(SetupRules):
    def take_steps(self, state: dict, units_in_order: list[str], loss_points: int) -> dict[str, int]:
        """11.29–11.30: one LP per step; nobody eliminated before all are down to one step."""
        alive = [u for u in units_in_order if u in state["units"]]
        losses = spread_steps(alive, {u: state["units"][u]["steps"] for u in alive}, loss_points)
        for unit_id, count in losses.items():
            for _ in range(count):
                self.lose_step(state, unit_id)
        return losses

    def lose_step(self, state: dict, unit_id: str) -> None:
        unit = state["units"][unit_id]
        unit["steps"] -= 1
        if unit["steps"] <= 0:
            del state["units"][unit_id]
            state["eliminated"].append(unit_id)

    def defender_choice_needed(self, data: GameData, state: dict, battle: dict) -> bool:
        """The defender decides (11.25, 11.30) unless only one outcome is possible."""
        lp = battle["defender_lp"]
        alive = [u for u in battle["defenders"] if u in state["units"]]
        if lp == 0 or not alive:
            return False
        total_steps = sum(state["units"][u]["steps"] for u in alive)
        can_retreat = battle["army"] == "german"     # 11.25, 11.28: only Alliance defenders retreat
        if not can_retreat:
            return not (len(alive) == 1 or lp >= total_steps)
        return True

    def check_response(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        problems = []
        pending = {b["hex"]: b for b in state["pending"]}
        answered = set()
        for index, order in enumerate(orders):
            target = order.get("battle")
            if set(order) - {"battle", "retreat", "steps"} or target not in pending:
                problems.append(Problem(index, f"a response is `battle: HEX` (one of {', '.join(sorted(pending))}) with `steps:` and, for the Grand Alliance, `retreat:`"))
                continue
            if target in answered:
                problems.append(Problem(index, f"battle {target} answered twice"))
                continue
            answered.add(target)
            problems += [Problem(index, m) for m in self.response_problems(data, state, pending[target], order)]
        for target in sorted(set(pending) - answered):
            problems.append(Problem(None, f"no answer for the battle at {target} ({pending[target]['defender_lp']} loss points)"))
        if not problems:
            self.victory_problem(data, state)
            self.trial_run(data, state, lambda trial, dice: self.apply_responses(data, trial, side, orders, dice))
        return problems

    def response_problems(self, data: GameData, state: dict, battle: dict, order: dict) -> list[str]:
        lp, hex_id = battle["defender_lp"], battle["hex"]
        alive = [u for u in battle["defenders"] if u in state["units"]]
        steps = order.get("steps") or {}
        retreat = order.get("retreat")
        problems = []
        if not isinstance(steps, dict) or any(u not in alive or not isinstance(n, int) or isinstance(n, bool) or n < 0 for u, n in steps.items()):
            return [f"`steps:` maps defending units in {hex_id} ({', '.join(alive)}) to steps lost"]
        for unit_id, lost in steps.items():
            if lost > state["units"][unit_id]["steps"]:
                problems.append(f"{unit_id} has only {state['units'][unit_id]['steps']} steps")
        if retreat is not None:
            if battle["army"] != "german":
                return ["the German player never has the retreat option (11.28)"]
            problems += self.retreat_problems(data, state, battle, retreat, steps)
        absorbed = sum(steps.values()) + (1 if retreat else 0)
        total_steps = sum(state["units"][u]["steps"] for u in alive)
        if absorbed != lp and not (absorbed < lp and sum(steps.values()) == total_steps):
            problems.append(f"the battle at {hex_id} gave {lp} loss points; this answer absorbs {absorbed} (11.24, 11.29)")
        # 11.30: nobody eliminated before every involved unit is down to one step
        eliminated = [u for u, n in steps.items() if n >= state["units"][u]["steps"]]
        if eliminated:
            for other in alive:
                if other not in eliminated and state["units"][other]["steps"] - steps.get(other, 0) > 1:
                    problems.append(f"{eliminated[0]} may not be eliminated while {other} still has more than one step (11.30)")
                    break
        return problems

    def retreat_problems(self, data: GameData, state: dict, battle: dict, retreat: Any, steps: Any) -> list[str]:
        """11.25: every surviving defender retreats exactly one hex into a hex free of enemies."""
        grid, hex_id = self.grid(data), battle["hex"]
        survivors = [u for u in battle["defenders"] if u in state["units"] and steps.get(u, 0) < state["units"][u]["steps"]]
        if isinstance(retreat, str):
            retreat = {u: retreat for u in survivors}
        if not isinstance(retreat, dict) or set(retreat) != set(survivors):
            return [f"`retreat:` is one hex, or a hex for each surviving defender ({', '.join(survivors)}) (11.25)"]
        problems = []
        for unit_id, destination in retreat.items():
            destination = str(destination)
            army = self.army_of(data, unit_id)
            if not grid.adjacent(hex_id, destination):
                problems.append(f"{unit_id} may retreat one hex only; {destination} is not adjacent to {hex_id} (11.25)")
            elif self.enemies_in(data, state, destination, army):
                problems.append(f"{unit_id} may not retreat into {destination}: enemy units (11.25)")
            elif {"lake", "sea"} & set(self.hexside(data, hex_id, destination)) or self.terrain(data, destination) == "sea":
                problems.append(f"{unit_id} may not retreat across the hexside {hex_id}-{destination} (10.15, 10.17)")
            else:
                others = {self.army_of(data, u) for u in self.stacks(state).get(destination, [])} & set(ALLIANCE)
                if others - {army}:
                    problems.append(f"{unit_id} may not retreat into {destination}: Western and Soviet units never mix (11.28)")
        return problems

    def apply_response(self, data: GameData, state: dict, orders: list, events: list, dice: Dice | None = None) -> None:
        answers = {o["battle"]: o for o in orders}
        retreated_into: dict[str, list[tuple[int, str]]] = {}
        for number, battle in enumerate(state["pending"]):
            answer = answers[battle["hex"]]
            steps, retreat = answer.get("steps") or {}, answer.get("retreat")
            lost: dict[str, int] = {}
            for unit_id, count in sorted(steps.items()):
                for _ in range(count):
                    if unit_id in state["units"]:
                        self.lose_step(state, unit_id)
                        lost[unit_id] = lost.get(unit_id, 0) + 1
            moves = {}
            if retreat:
                survivors = [u for u in battle["defenders"] if u in state["units"]]
                targets = {u: retreat for u in survivors} if isinstance(retreat, str) else retreat
                for unit_id, destination in sorted(targets.items()):
                    state["units"][unit_id]["hex"] = destination
                    moves[unit_id] = destination
                    retreated_into.setdefault(destination, []).append((number, unit_id))
            events.append({"event": "defender_choice", "hex": battle["hex"], "steps_lost": lost, "retreat": moves})
            for unit_id, destination in sorted(moves.items()):        # a retreat enters a hex: 3.9, 11.20
                self.enter_hex(data, state, destination, self.army_of(data, unit_id), events, dice)
            self.advance_after_combat(data, state, battle, events, dice)
        # 11.26: units that retreated into a hex attacked later this phase with LPs are eliminated
        for number, battle in enumerate(state["pending"]):
            for origin, unit_id in retreated_into.get(battle["hex"], []):
                if origin < number and battle["defender_lp"] > 0 and unit_id in state["units"]:
                    del state["units"][unit_id]
                    state["eliminated"].append(unit_id)
                    events.append({"event": "eliminated", "unit": unit_id, "hex": battle["hex"], "rule": "11.26"})

    def advance_after_combat(self, data: GameData, state: dict, battle: dict, events: list, dice: Dice | None = None) -> None:
        """11.33: attackers may move into a vacated defender hex (declared in the assault order)."""
        hex_id = battle["hex"]
        if self.enemies_in(data, state, hex_id, battle["army"]):
            return
        movers = [u for u in battle["advance"] if u in state["units"]]
        if not movers:
            return
        staying = [u for u in self.stacks(state).get(hex_id, [])]
        if self.stacking_problem(data, staying + movers):
            events.append({"event": "advance_refused", "hex": hex_id, "units": movers, "rule": "11.33, 8.2"})
            return
        for unit_id in movers:
            state["units"][unit_id]["hex"] = hex_id
        events.append({"event": "advance", "hex": hex_id, "units": movers, "rule": "11.33"})
        self.enter_hex(data, state, hex_id, battle["army"], events, dice)

    def response_template(self, data: GameData, state: dict, side: str) -> dict:
        notes, orders = [self.awaiting(state).phase], []
        for battle in state["pending"]:
            notes.append(f"Battle at {battle['hex']}: absorb {battle['defender_lp']} loss points with steps"
                         + (" or one hex of retreat (11.25)" if battle["army"] == "german" else " (11.29)"))
            orders.append({"battle": battle["hex"], "steps": {u: 0 for u in battle["defenders"] if u in state["units"]}})
        return {"notes": notes, "orders": orders}

    def apply_responses(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        self.apply_response(data, state, orders, events, dice)
        self.end_player_turn(data, state, events)
        return events
