"""11.25-11.33: loss points taken as steps or retreats, the defender's choice, advance after combat."""

from itertools import product
from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...kit.losses import spread_steps
from ...report import plural
from ..base import Problem
from .components import ALLIANCE
from .setup import SetupRules


# templates: the step losses are pre-filled as 11.30 spreads them, an answer `pbem check` accepts as written (13.13 Flak aside)
PREFILLED = ("`steps:` is pre-filled as 11.30 spreads the loss (nobody eliminated before all are down to "
             "one step); change it to the steps you choose.")


class ResponseRules(SetupRules):
    def defender_loss_order(self, data: GameData, units: list[str]) -> list[str]:
        """The order a defender's steps go in when he has no choice (11.29, 11.30)."""
        return units

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

    def forced_steps(self, data: GameData, state: dict, battle: dict) -> dict[str, int] | None:
        """Behaviour 6: the only legal steps-only answer to a loss allocation (11.29-11.30, 12.13),
        judged by `response_problems`, the answer's own check; None while there is a choice. Only
        for a defender who may not retreat (11.28, 12.13). Cheap: stops at a second legal answer."""
        alive = [u for u in battle["defenders"] if u in state["units"]]
        found: list[dict[str, int]] = []
        for counts in product(*(range(state["units"][u]["steps"] + 1) for u in alive)):
            if sum(counts) != battle["defender_lp"]:
                continue
            steps = dict(zip(alive, counts))
            if not self.response_problems(data, state, battle, {"battle": battle["hex"], "steps": steps}):
                found.append(steps)
                if len(found) > 1:
                    return None
        return found[0] if found else None

    def apply_forced_steps(self, state: dict, battle: dict, steps: dict[str, int], events: list, rule: str) -> None:
        """A forced allocation applied as the defender's answer would be, recorded as forced."""
        for unit_id, count in sorted(steps.items()):
            for _ in range(count):
                self.lose_step(state, unit_id)
        events.append({"event": "defender_losses", "hex": battle["hex"], "steps_lost": {u: n for u, n in steps.items() if n},
                       "forced": True, "rule": f"{rule}: the only legal answer, applied without asking"})

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
        if not problems:
            problems += [Problem(None, m) for m in self.retreat_stacking(data, state, {o["battle"]: o for o in orders})]
        for target in sorted(set(pending) - answered):
            problems.append(Problem(None, f"no answer for the battle at {target} ({plural(pending[target]['defender_lp'], 'loss point')})"))
        if not problems:
            self.victory_problem(data, state)
            self.trial_apply(data, state, side, orders, self.apply_responses)
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
            problems.append(f"the battle at {hex_id} gave {plural(lp, 'loss point')}; this answer absorbs {absorbed} (11.24, 11.29)")
        # 11.30: nobody eliminated before every involved unit is down to one step
        eliminated = [u for u, n in steps.items() if n >= state["units"][u]["steps"]]
        if eliminated:
            for other in alive:
                if other not in eliminated and state["units"][other]["steps"] - steps.get(other, 0) > 1:
                    problems.append(f"{eliminated[0]} may not be eliminated while {other} still has more than one step (11.30)")
                    break
        return problems

    def retreat_paths(self, state: dict, battle: dict, retreat: Any, steps: dict) -> dict[str, list[str]] | None:
        """`retreat:` as each surviving defender's hexes: one hex for all, a hex per unit, or a
        list of hexes for a surplus unit's extra retreat (11.27); None if it is none of these."""
        survivors = [u for u in battle["defenders"] if u in state["units"] and steps.get(u, 0) < state["units"][u]["steps"]]
        if isinstance(retreat, str):
            retreat = {u: retreat for u in survivors}
        if not isinstance(retreat, dict) or set(retreat) != set(survivors):
            return None
        paths = {u: [str(h) for h in (v if isinstance(v, list) else [v])] for u, v in retreat.items()}
        return paths if all(paths.values()) else None

    def retreat_problems(self, data: GameData, state: dict, battle: dict, retreat: Any, steps: Any) -> list[str]:
        """11.25: every surviving defender retreats one hex into a hex free of enemies, observing
        the movement prohibitions (10.15, 10.17) and never into or through the other Alliance army
        (11.28); 11.27: only a unit that would be overstacked goes further, hex by hex, until it
        may legally stop. Stacking itself is judged on the whole answer (`retreat_stacking`)."""
        hex_id = battle["hex"]
        paths = self.retreat_paths(state, battle, retreat, steps)
        if paths is None:
            survivors = [u for u in battle["defenders"] if u in state["units"] and steps.get(u, 0) < state["units"][u]["steps"]]
            return [f"`retreat:` is one hex, or a hex (or, for a surplus unit, the hexes of its extra retreat, 11.27) "
                    f"for each surviving defender ({', '.join(survivors)}) (11.25)"]
        problems = []
        for unit_id, path in sorted(paths.items()):
            problem = self.retreat_step_problem(data, state, unit_id, [hex_id] + path)
            if problem:
                problems.append(problem)
        return problems

    def retreat_step_problem(self, data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
        grid, army = self.grid(data), self.army_of(data, unit_id)
        for a, b in zip(path, path[1:]):
            try:
                b = grid.canonical(b)
            except ValueError as exc:
                return str(exc)
            if not grid.adjacent(a, b):
                return f"{unit_id} retreats hex by hex; {b} is not adjacent to {a} (11.25, 11.27)"
            if self.enemies_in(data, state, b, army):
                return f"{unit_id} may not retreat into {b}: enemy units (11.25)"
            if {"lake", "sea"} & set(self.hexside(data, a, b)) or self.terrain(data, b) == "sea" or self.prohibited(data, b):
                return f"{unit_id} may not retreat across the hexside {a}-{b} (10.15, 10.17)"
            others = {self.army_of(data, u) for u in self.stacks(state).get(b, [])} & set(ALLIANCE)
            if others - {army}:
                return f"{unit_id} may not retreat into or through {b}: Western and Soviet units never mix (11.28)"
        return None

    def retreat_stacking(self, data: GameData, state: dict, answers: dict[str, dict]) -> list[str]:
        """8.2: stacking is in effect at the end of every Alliance retreat, and 11.25: retreating
        units "must still observe ... stacking prohibitions". A retreat may not end overstacked;
        11.27: a surplus unit may retreat further to a legally stacked hex, with the fewest units
        and hexes (it passes only hexes where it could not stop), and no unit may be retreated
        into an overstacked hex to gain extra movement when a hex next to the battle would take it."""
        moves: dict[str, list[str]] = {}
        for battle in state["pending"]:
            answer = answers.get(battle["hex"], {})
            if answer.get("retreat"):
                paths = self.retreat_paths(state, battle, answer["retreat"], answer.get("steps") or {})
                lost = answer.get("steps") or {}
                for unit_id, path in (paths or {}).items():
                    if lost.get(unit_id, 0) < state["units"][unit_id]["steps"]:
                        moves[unit_id] = [battle["hex"]] + [self.grid(data).canonical(h) for h in path]
        if not moves:
            return []
        final = self.stacks(dict(state, units={u: dict(v, hex=moves[u][-1]) if u in moves else v for u, v in state["units"].items()}))
        problems = []
        for hex_id in sorted({path[-1] for path in moves.values()}):
            reason = self.stacking_problem(data, final.get(hex_id, []))
            if reason:
                problems.append(f"hex {hex_id} would be overstacked at the end of the retreat: {reason} (8.2, 11.25); "
                                "a surplus unit may retreat further (11.27): `retreat: {UNIT: [HEX, HEX]}`")
        for unit_id, path in sorted(moves.items()):
            for passed in path[1:-1]:                      # 11.27: only while it could not stop
                if not self.stacking_problem(data, final.get(passed, []) + [unit_id]):
                    problems.append(f"{unit_id} could stop in {passed} without overstacking; extra retreats are kept "
                                    "to an absolute minimum (11.27)")
                    break
            else:
                if len(path) > 2:
                    problems += self.deliberate_overstack(data, state, unit_id, path, final)
        return problems

    def deliberate_overstack(self, data: GameData, state: dict, unit_id: str, path: list[str], final: dict) -> list[str]:
        """11.27: "Units may not be deliberately retreated into hexes where they will be overstacked
        in order to gain extra movement": an extra retreat is refused while a hex next to the
        battle would take the unit, legally stacked."""
        for option in sorted(self.grid(data).neighbours(path[0])):
            if option == path[1] or self.retreat_step_problem(data, state, unit_id, [path[0], option]):
                continue
            if not self.stacking_problem(data, final.get(option, []) + [unit_id]):
                return [f"{unit_id} could retreat one hex into {option} without overstacking; it may not be retreated "
                        f"into {path[1]} to be overstacked and gain extra movement (11.27)"]
        return []

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
            moves, passed = {}, {}
            if retreat:
                for unit_id, path in sorted((self.retreat_paths(state, battle, retreat, {}) or {}).items()):
                    path = [self.grid(data).canonical(h) for h in path]
                    state["units"][unit_id]["hex"] = path[-1]
                    moves[unit_id], passed[unit_id] = path[-1], path
                    retreated_into.setdefault(path[-1], []).append((number, unit_id))
            events.append({"event": "defender_choice", "hex": battle["hex"], "steps_lost": lost, "retreat": moves})
            for unit_id, path in sorted(passed.items()):            # a retreat enters its hexes: 3.9, 11.20
                for hex_id in path:
                    self.enter_hex(data, state, hex_id, self.army_of(data, unit_id), events, dice)
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
            if battle["army"] == "german":                       # 3.11: an advance across the Dvina
                self.note_german_path(data, state, [state["units"][unit_id]["hex"], hex_id], events)
            state["units"][unit_id]["hex"] = hex_id
        events.append({"event": "advance", "hex": hex_id, "units": movers, "rule": "11.33"})
        self.enter_hex(data, state, hex_id, battle["army"], events, dice)

    def response_template(self, data: GameData, state: dict, side: str) -> dict:
        notes, orders = [self.awaiting(state).phase], []
        for battle in state["pending"]:
            notes.append(f"Battle at {battle['hex']}: absorb {plural(battle['defender_lp'], 'loss point')} with steps"
                         + (" or one hex of retreat (11.25; a unit that would be overstacked there retreats on, "
                            "`retreat: {UNIT: [HEX, HEX]}`, 11.27)" if battle["army"] == "german" else " (11.29)"))
            orders.append({"battle": battle["hex"], "steps": self.legal_steps(data, state, battle)})
        if orders:
            notes.append(PREFILLED)
        return {"notes": notes, "orders": orders}

    def legal_steps(self, data: GameData, state: dict, battle: dict) -> dict[str, int]:
        """One legal answer for a template (11.29-11.30, 13.13 Flak first): every surviving defender
        listed, the loss points spread as adjudication would spread them with no choice."""
        alive = [u for u in battle["defenders"] if u in state["units"]]
        lost = spread_steps(self.defender_loss_order(data, alive), {u: state["units"][u]["steps"] for u in alive},
                            battle["defender_lp"])
        return {u: lost.get(u, 0) for u in alive}

    def apply_responses(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        self.apply_response(data, state, orders, events, dice)
        self.end_player_turn(data, state, events)
        return events
