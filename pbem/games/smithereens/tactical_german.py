"""13.5-13.6 tactical air on German prepared assaults against Soviet units (behaviour 4, standard level).

"either player (Soviet first) simply declares their use at the start of the odds computation process":
on a German Prepared Assault Phase the Soviet declares first, the German second, so the exchange is:
the German's attack file; while the Soviet air unit is unused this game turn and a German attack falls on
Soviet defenders, the Soviet's signed answer (phase `air`, `air: HEX` on one of those battles, or an
empty answer); then, if the German has a Fw190 left this game turn (9.5: from Game Turn 4; 7.5: none
after the collapse), his signed answer (`air: fw190-1` with `battle: HEX`, one Fw190 a battle, 13.6);
then the dice. When the Soviet air unit is already used this game turn there is no Soviet declaration
to wait for: the German writes `air: fw190-1` on the attack in his file, and no answer is awaited. So
a German Prepared Assault Phase costs at most two more messages, one when only one side may still
declare, none when neither may. The Stuka never attacks (13.5: defense only).
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from .tactical import FW190, SURGE, TacticalAirRules


class GermanAttackAirRules(TacticalAirRules):
    def soviet_battles(self, data: GameData, state: dict, orders: list) -> list[str]:
        """The German attacks on Soviet defenders only (13.6: "only against Soviet units")."""
        found = []
        for order in orders:
            if isinstance(order, dict) and "attack" in order:
                hex_id = self.grid(data).canonical(str(order["attack"]))
                defenders = self.enemies_in(data, state, hex_id, "german")
                if defenders and all(self.army_of(data, u) == "soviet" for u in defenders):
                    found.append(hex_id)
        return found

    def fw190s(self, data: GameData, state: dict) -> list[str]:
        if not self.flies(data, state) or state.get("collapsed"):
            return []
        arrive = numbers.integer(data, f"{SURGE}.arrive_turn", "the game turn the two Fw190s become available (9.5, 13.6)")
        return [u for u in FW190 if state["turn"] >= arrive and not self.air_used(state, u)]

    def attack_problems(self, data: GameData, state: dict, army: str, order: dict, used: set[str], targets: set[str]) -> list[str]:
        if "air" not in order or army != "german" or not self.plays(data, 4):
            return super().attack_problems(data, state, army, order, used, targets)
        problems = super(TacticalAirRules, self).attack_problems(data, state, army, {k: v for k, v in order.items() if k != "air"},
                                                                 used, targets)
        if not self.flies(data, state):
            return problems + ["tactical air is a standard-level rule: the beginner sets its markers aside (2.18, 13.5)"]
        if order["air"] not in self.fw190s(data, state):
            return problems + [f"`air:` on a German attack names a Fw190 left this game turn: "
                               f"{', '.join(self.fw190s(data, state)) or 'none'} (13.5, 13.6)"]
        if not self.air_used(state, "soviet"):
            return problems + ["the Soviet declares his tactical air first: name the Fw190 in your answer after his (13.5)"]
        if not self.soviet_battles(data, state, [order]):
            return problems + ["the Fw190s are committed only against Soviet units (13.6)"]
        return problems

    def check_attacks(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        named = [o["air"] for o in orders if isinstance(o, dict) and "air" in o and state["army"] == "german"]
        if len(set(map(str, named))) != len(named):
            return [Problem(None, "each Fw190 is used once per game turn (13.6)")]
        if state["army"] == "german" and named:
            return super(TacticalAirRules, self).check_attacks(data, state, side, orders)   # no Soviet one-use count here
        return super().check_attacks(data, state, side, orders)

    def column_shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list:
        shifts: list[Shift] = super().column_shifts(data, state, attack, defender_hex, army)
        if army != "german" or not self.flies(data, state):
            return shifts
        columns, rule = self.air_shift(data)
        for unit in ([attack["air"]] if isinstance(attack.get("air"), str) else []) + list(attack.get("german_air", [])):
            shifts.append(Shift(columns, f"German tactical air ({unit})", rule))
        if attack.get("soviet_air") is True:
            shifts.append(Shift(-columns, "Soviet tactical air", rule))
        return shifts

    # -- the pause --------------------------------------------------------------------------------
    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if state.get("phase") != "assault" or state["army"] != "german" or not self.flies(data, state):
            return super().apply_assaults(data, state, side, orders, dice)
        named = [str(o["air"]) for o in orders if isinstance(o, dict) and "air" in o]
        if named:
            state["air_used"] = {**state.get("air_used", {}), **{u: state["turn"] for u in named}}
        battles = self.soviet_battles(data, state, orders)
        soviet = battles and not self.air_used(state, "soviet")
        if not soviet:
            return super().apply_assaults(data, state, side, orders, dice)
        self.german_columns_known(data, state, orders, battles)
        state["air_pause"] = {"side": "soviet", "battles": battles, "orders": [dict(o) for o in orders]}
        state["phase"] = "air"
        return [{"event": "awaiting_air", "side": "soviet", "hexes": battles, "rule": "13.5"}]

    def german_columns_known(self, data: GameData, state: dict, orders: list, battles: list[str]) -> None:
        """16.2: every column the answers could give is known before the pause."""
        columns, grid = self.crt_columns(data), self.grid(data)
        for order in orders:
            if "attack" not in order:
                continue
            variants = [order]
            if grid.canonical(str(order["attack"])) in battles:
                variants += [dict(order, soviet_air=True), dict(order, german_air=FW190[:1]), dict(order, soviet_air=True, german_air=FW190[:1])]
            for variant in variants:
                self.crt_cells(data, self.battle_odds(data, state, "german", variant, columns)["column"])

    def air_seat(self, state: dict) -> str:
        return self.seat_of(state, state["air_pause"]["side"])

    def air_opponents(self, state: dict) -> tuple:
        """The reveal the dice after an answer need: the other camp's seat (docs/dice.md)."""
        return (self.seat_of(state, "german" if state["air_pause"]["side"] == "soviet" else "soviet"),)

    def air_label(self, state: dict) -> str:
        if state["air_pause"]["side"] == "soviet":
            return f"Turn {state['turn']} German prepared assaults: Soviet tactical air on a defense (13.5)"
        return f"Turn {state['turn']} German prepared assaults: German Fw190s on the attacks (13.5, 13.6)"

    def air_answer_problem(self, data: GameData, state: dict, orders: list) -> str | None:
        pause = state["air_pause"]
        grid, seen = self.grid(data), set()
        if pause["side"] == "soviet":
            if len(orders) > 1 or (orders and (not isinstance(orders[0], dict) or set(orders[0]) != {"air"})):
                return f"the answer is `air: HEX` (one of {', '.join(pause['battles'])}), or no orders (13.5)"
            orders = [{"air": "soviet", "battle": orders[0]["air"]}] if orders else []
        for order in orders:
            offered = [] if state.get("collapsed") else pause.get("units", [])      # 7.5: gone at the collapse
            if not isinstance(order, dict) or set(order) != {"air", "battle"} or (pause["side"] == "german" and order["air"] not in offered):
                return f"an air order is `air: UNIT` (one of {', '.join(pause.get('units', []))}) with `battle: HEX` (13.6)"
            try:
                battle = grid.canonical(str(order["battle"]))
            except ValueError as exc:
                return str(exc)
            if battle not in pause["battles"]:
                return f"{battle} is none of the German attacks on Soviet units ({', '.join(pause['battles'])}) (13.5, 13.6)"
            if battle in seen:
                return f"no more than one Fw190 may be committed to the same battle ({battle}) (13.6)"
            seen.add(battle)
        return None

    def check_air(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        reason = self.air_answer_problem(data, state, orders)
        if reason:
            return [Problem(None, reason)]
        self.trial_apply(data, state, side, orders, self.apply_air)
        return []

    def apply_air(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        pause, grid = state["air_pause"], self.grid(data)
        if pause["side"] == "soviet":
            hexes = [grid.canonical(str(orders[0]["air"]))] if orders else []
            state["air_used"] = {**state.get("air_used", {}), **({"soviet": state["turn"]} if hexes else {})}
            pause["orders"] = [dict(o, soviet_air=True) if "attack" in o and grid.canonical(str(o["attack"])) in hexes else o
                               for o in pause["orders"]]
            events: list[dict] = [{"event": "soviet_air", "hex": hexes[0] if hexes else None, "rule": "13.5"}]
            units = self.fw190s(data, state)
            if units:
                pause.update(side="german", units=units)
                return events + [{"event": "awaiting_air", "side": "german", "hexes": pause["battles"], "rule": "13.6"}]
        else:
            committed = {grid.canonical(str(o["battle"])): str(o["air"]) for o in orders}
            state["air_used"] = {**state.get("air_used", {}), **{u: state["turn"] for u in committed.values()}}
            pause["orders"] = [dict(o, german_air=[committed[h]]) if "attack" in o and (h := grid.canonical(str(o["attack"]))) in committed
                               else o for o in pause["orders"]]
            events = [{"event": "german_air", "battles": {h: [u] for h, u in committed.items()}, "rule": "13.6"}]
        del state["air_pause"]
        state["phase"] = "assault"
        return events + super(TacticalAirRules, self).apply_assaults(data, state, self.seat_of(state, "german"), pause["orders"], dice)

    def air_template(self, data: GameData, state: dict, side: str) -> dict:
        pause = state["air_pause"]
        if pause["side"] == "soviet":
            note = (f"The German attacks {', '.join(pause['battles'])}: `air: HEX` commits your tactical air unit to one of those "
                    "defenses, a column in your favour (13.5); no orders keeps it.")
        else:
            note = (f"Commit {', '.join(pause['units'])} to the attacks on {', '.join(pause['battles'])}: `- air: UNIT` with "
                    "`battle: HEX`, one Fw190 a battle, a column each (13.6); no orders keeps them.")
        return {"notes": [self.awaiting(state).phase, note], "orders": []}

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "awaiting_air":
                who = "Soviet declares his tactical air" if event["side"] == "soviet" else "German declares his Fw190s"
                blocks.append(("p", f"Before the dice of the German attacks on {', '.join(event['hexes'])}, the {who} "
                                    f"({event['rule']})."))
            elif event["event"] == "soviet_air":
                blocks.append(("item", f"Soviet tactical air on the defense of {event['hex']} (13.5)" if event["hex"]
                               else "No Soviet tactical air on a defense (13.5)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
