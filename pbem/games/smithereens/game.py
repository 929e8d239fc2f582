"""The Smithereens game module: the sequence of play and the GameModule interface."""

from ...dice import Dice
from ..base import Awaiting, Outcome, Problem
from .components import PHASE_NAMES, PLACEMENT_CODES, camp
from .report import ReportRules

TEXT_FIELDS = ("move", "enter", "replace", "place", "at", "attack", "battle", "declare_fortress")


TEXT_LISTS = ("path", "with", "advance", "losses")


def normalise_orders(orders):
    """Hex ids and unit ids as text: a player may write `attack: 2516` without quotes."""
    if not isinstance(orders, list):
        return orders
    result = []
    for order in orders:
        if not isinstance(order, dict):
            result.append(order)
            continue
        order = dict(order)
        for key in TEXT_FIELDS:
            if isinstance(order.get(key), int) and not isinstance(order.get(key), bool):
                order[key] = str(order[key])
        for key in TEXT_LISTS:
            if isinstance(order.get(key), list):
                order[key] = [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in order[key]]
        retreat = order.get("retreat")
        if isinstance(retreat, int) and not isinstance(retreat, bool):
            order["retreat"] = str(retreat)
        elif isinstance(retreat, dict):
            order["retreat"] = {k: str(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in retreat.items()}
        result.append(order)
    return result



class Smithereens(ReportRules):
    id = "smithereens"

    not_enforced = (
        "11.7 fog of war: saves and reports show every unit of every stack",
        "6.x supply and 12.x mobile assaults (played at the beginner level, 5.1/6.0 Beginners Notes)",
        "9.6 variable reinforcements; 7.x economic collapse",
        "3.11 Soviet 8th Army, 10.23 Yugoslavia, 10.27-10.36 special movement; 13.x special units and air (13.4 is enforced)",
        "11.19 fortress declarations outside the German movement orders; 11.27 extra retreats of overstacked units",
    )

    def awaiting(self, state: dict) -> Awaiting:
        army = state["army"]
        if state.get("game_over"):
            return Awaiting(side="", kind="none", phase="game over", done=True)
        label = f"Turn {state['turn']} {army.capitalize()} {PHASE_NAMES[state['phase']]}"
        if state["phase"] == "placement":
            label = f"Set-up: {army.capitalize()} {' and '.join(PLACEMENT_CODES[army])} units ({'3.6' if army == 'german' else '3.7'})"
        if state["phase"] == "response":
            # a die rolled while answering (e.g. Antwerp taken by an advance, 6.9) needs the
            # attacker's reveal too: no roll may rest on one party's secret alone
            defender = state["pending"][0]["defender_seat"]
            return Awaiting(side=defender, kind="response", phase=label, opponents=(self.seat_of(state, army),))
        mover = self.seat_of(state, army)
        opponents = tuple(sorted({s for s in state["seats"] if s != mover}))
        return Awaiting(side=mover, kind="orders", phase=label, opponents=opponents)

    def check(self, data, state, side, orders) -> list[Problem]:
        orders = normalise_orders(orders)
        waiting = self.awaiting(state)
        if waiting.done:
            return [Problem(None, "the game is over (4.4)")]
        if not isinstance(orders, list) or any(not isinstance(o, dict) for o in orders):
            return [Problem(None, "`orders:` must be a list of mappings")]
        if state["phase"] == "placement":
            return self.check_placement(data, state, state["army"], orders)
        if state["phase"] == "movement":
            return self.check_moves(data, state, state["army"], orders)[0]
        if state["phase"] == "assault":
            return self.check_attacks(data, state, state["army"], orders)
        return self.check_response(data, state, orders)

    def canonical_orders(self, data, state, side, orders) -> list:
        """One form per meaning, for the dice seed: hex ids in their preferred spelling, `advance:`
        as a set (an empty one dropped), `with:` as a set with the loss order made explicit
        (11.30: it defaults to the order of `with:`, and the order of losses does matter)."""
        grid = self.grid(data)

        def hex_of(value):
            try:
                return grid.canonical(value) if isinstance(value, str) else value
            except ValueError:
                return value           # refused by check(); the seed is never drawn for it

        canonical = []
        for order in normalise_orders(orders):      # unquoted ids as text first
            if not isinstance(order, dict):
                canonical.append(order)
                continue
            for key in ("attack", "battle", "at"):
                if key in order:
                    order[key] = hex_of(order[key])
            if isinstance(order.get("path"), list):
                order["path"] = [hex_of(h) for h in order["path"]]
            if "attack" in order and isinstance(order.get("with"), list):
                order.setdefault("losses", list(order["with"]))
                order["with"] = sorted(order["with"], key=str)
                if order.get("advance") == []:
                    del order["advance"]
                elif isinstance(order.get("advance"), list):
                    order["advance"] = sorted(order["advance"], key=str)
            canonical.append(order)
        return canonical

    def apply(self, data, state, side, orders, dice: Dice) -> Outcome:
        outcome = self.apply_step(data, state, side, orders, dice)
        self.check_collapse(data, outcome.state, outcome.events)
        return outcome

    def apply_step(self, data, state, side, orders, dice: Dice) -> Outcome:
        orders = normalise_orders(orders)
        self.require_legal(data, state, side, orders)
        events: list = []
        army = state["army"]
        if state["phase"] == "placement":
            for order in orders:
                hex_id = self.grid(data).canonical(str(order["at"]))
                state["units"][order["place"]] = {"hex": hex_id, "steps": self.counter(data, order["place"])["steps"]}
                del state["to_place"][order["place"]]
                events.append({"event": "placed", "unit": order["place"], "hex": hex_id, "rule": "3.6" if army == "german" else "3.7"})
            self.next_placement(data, state, after=army)
            return Outcome(state, events)
        if state["phase"] == "movement":
            replacing = [o for o in orders if "replace" in o]
            if replacing and (army != "german" or self.german_replacement_granted(data, state, dice, events)):
                for order in replacing:
                    unit_id, steps = order["replace"], order["steps"]
                    if unit_id in state["eliminated"]:
                        state["eliminated"].remove(unit_id)
                        state["reinforcements"][unit_id] = {"turn": state["turn"], "steps": steps}
                    else:
                        state["units"][unit_id]["steps"] += steps
                    key = "yugoslav" if self.counter(data, unit_id).get("nationality") == "yugoslavian" else "total"
                    used = state.setdefault("replacements_used", {})
                    used[f"{army}.{key}"] = used.get(f"{army}.{key}", 0) + steps
                    events.append({"event": "replacement", "unit": unit_id, "steps": steps, "rule": "9.9" if unit_id in state["units"] else "9.10"})
            for order in orders:
                if "replace" in order:
                    continue
                if "enter" in order:
                    path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                    entry = state["reinforcements"].pop(order["enter"])
                    state["units"][order["enter"]] = {"hex": path[-1], "steps": entry["steps"]}
                    events.append({"event": "enter", "unit": order["enter"], "path": path, "rule": "9.2"})
                    for hex_id in path:
                        self.enter_hex(data, state, hex_id, army, events, dice)
                elif "declare_fortress" in order:
                    hex_id = self.grid(data).canonical(str(order["declare_fortress"]))
                    state["fortresses"] = sorted(set(state["fortresses"]) | {hex_id})
                    events.append({"event": "fortress", "hex": hex_id, "rule": "11.19"})
                elif len(order["path"]) > 1:
                    path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                    state["units"][order["move"]]["hex"] = path[-1]
                    events.append({"event": "move", "unit": order["move"], "path": path})
                    for hex_id in path[1:]:
                        self.enter_hex(data, state, hex_id, army, events, dice)
            if army == "german":                     # 9.1, 9.5: German reinforcements not entered are lost
                for unit_id, entry in sorted(state["reinforcements"].items()):
                    if self.army_of(data, unit_id) == "german" and entry["turn"] <= state["turn"]:
                        del state["reinforcements"][unit_id]
                        state["eliminated"].append(unit_id)
                        events.append({"event": "forfeit", "unit": unit_id, "rule": "9.1"})
            state["phase"] = "assault"
            state["last_combats"] = []
            return Outcome(state, events)
        if state["phase"] == "assault":
            columns = self.crt_columns(data)
            battles = [self.resolve(data, state, army, order, dice, columns) for order in orders]
            state["last_combats"] = [{"hex": b["hex"], "label": f"{b['column']} roll {b['roll']}: {b['result']}"} for b in battles]
            pending = []
            for battle in battles:
                events.append(battle)
                targets = state["attacked_this_turn"].setdefault(battle["hex"], [])
                targets.append(army if army != "western" else self.counter(data, battle["attackers"][0]).get("grouping", "western"))
                if army == "western":
                    targets.append("western")
                losses = self.take_steps(state, battle["losses"], battle["attacker_lp"])
                events.append({"event": "attacker_losses", "hex": battle["hex"], "steps_lost": losses, "rule": "11.29, 11.30"})
                if self.defender_choice_needed(data, state, battle):
                    seat = self.seat_of(state, self.army_of(data, battle["defenders"][0]))
                    pending.append({k: battle[k] for k in ("hex", "army", "defenders", "defender_lp", "advance")} | {"defender_seat": seat})
                else:
                    alive = [u for u in battle["defenders"] if u in state["units"]]
                    losses = self.take_steps(state, alive, battle["defender_lp"])
                    if battle["defender_lp"]:
                        events.append({"event": "defender_losses", "hex": battle["hex"], "steps_lost": losses, "rule": "11.29 (no choice possible)"})
                    self.advance_after_combat(data, state, battle, events, dice)
            if pending:
                state["pending"] = pending
                state["phase"] = "response"
                events.append({"event": "awaiting_response", "battles": [p["hex"] for p in pending], "side": pending[0]["defender_seat"]})
            else:
                self.end_player_turn(data, state, events)
            return Outcome(state, events)
        self.apply_response(data, state, orders, events, dice)
        self.end_player_turn(data, state, events)
        return Outcome(state, events)

    def template(self, data, state, side) -> dict:
        waiting = self.awaiting(state)
        army = state["army"]
        notes: list[str] = [waiting.phase]
        orders: list = []
        if state["phase"] == "placement":
            notes.append("Place every unit below (none may be withheld, 3.6/3.7): `place: UNIT` with `at: HEX`.")
            for unit_id, code in sorted(state["to_place"].items()):
                if code in PLACEMENT_CODES[army]:
                    orders.append({"place": unit_id, "at": "HEX"})
                    notes.append(f"  {unit_id}: code {code}")
        elif state["phase"] == "movement":
            notes.append("Give each unit's path from its hex; a path of one hex means it stays (10.2).")
            if army == "german":
                notes.append("German: `- declare_fortress: HEX` makes an occupied start-German city a fortress (11.19).")
            notes.append("Replacements first (9.9): `- replace: UNIT` with `steps: N`; reinforcements: `- enter: UNIT` with `path: [ENTRY HEX, ...]` (9.2).")
            for unit_id, entry in sorted(state["reinforcements"].items()):
                if self.army_of(data, unit_id) == army and entry["turn"] <= state["turn"]:
                    notes.append(f"  reinforcement available: {unit_id} ({entry['steps']} steps)" + (" — must enter now or is lost (9.1)" if army == "german" else ""))
            for unit_id, unit in sorted(state["units"].items()):
                if self.army_of(data, unit_id) == army:
                    orders.append({"move": unit_id, "path": [unit["hex"]]})
        elif state["phase"] == "assault":
            notes.append("Possible assaults: `attack: HEX` with `with: [units]`; optional `advance:` (11.33) and `losses:` order (11.30).")
            grid = self.grid(data)
            for hex_id, units in sorted(self.stacks(state).items()):
                if units and self.army_of(data, units[0]) != army and camp(self.army_of(data, units[0])) != camp(army):
                    adjacent = [u for u, v in sorted(state["units"].items())
                                if self.army_of(data, u) == army and grid.adjacent(v["hex"], hex_id)]
                    if adjacent:
                        notes.append(f"  {hex_id}: defended by {', '.join(units)}; adjacent: {', '.join(adjacent)}")
        else:
            for battle in state["pending"]:
                notes.append(f"Battle at {battle['hex']}: absorb {battle['defender_lp']} loss points with steps"
                             + (" or one hex of retreat (11.25)" if battle["army"] == "german" else " (11.29)"))
                orders.append({"battle": battle["hex"], "steps": {u: 0 for u in battle["defenders"] if u in state["units"]}})
        return {"notes": notes, "orders": orders}

    def demo_plan(self):
        from . import demo
        return demo.plan()


GAME = Smithereens()
