"""13.10 German Baltic Sea naval gun support of a German defense (behaviour 4): the German's
announcement inside the Soviet Prepared Assault Phase, before its die.

13.10: "Once per game turn, the German may announce he's using those ships' guns to support any
one of his attacks or defenses against Soviet units. The effect is to shift those combat odds one
column in the German's favor. ... To be used in a German defense, the German defenders must be
located in a Baltic coastal hex." 7.5 (8): none after the economic collapse.

When a Soviet PA orders file attacks German defenders in a Baltic coastal hex
(`map.regions.baltic_sea_coastal_hexes` or a port) and the guns are still to be used this game turn,
the step rolls nothing: it pauses for the German's signed answer (phase `naval`), `naval_guns: HEX`
(one of those hexes) or `naval_guns: none`. Then every battle of the file is resolved in the order
given, the chosen one a column to the left (`special.naval_gun_support.shift_columns`). One more
message in such a phase only; the other Prepared Assault Phases are as before. A Soviet mobile
assault round on German defenders in a Baltic coastal hex pauses the same way before its die (the
answer `naval_guns: HEX` or `none`); the guns chosen support every later round of that assault
(reading: one MA is one defense), then the Movement Phase goes on as after any round.
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from .support import NAVAL, GermanSupportRules


class NavalDefenseRules(GermanSupportRules):
    def naval_defense_hexes(self, data: GameData, state: dict, targets: list[str]) -> list[str]:
        """The hexes among these Soviet targets where the guns may support the German defense now."""
        if not self.plays(data, 4) or state["army"] != "soviet" or state.get("collapsed"):
            return []
        per_turn = numbers.integer(data, f"{NAVAL}.uses_per_game_turn", "the naval guns' uses per game turn (13.10)")
        if state.get("naval_guns_turns", []).count(state["turn"]) >= per_turn:
            return []
        coast = self.region(data, "baltic_sea_coastal_hexes", "13.10") | self.baltic_ports(data)
        found = []
        for target in targets:
            defenders = self.enemies_in(data, state, target, "soviet")
            if target in coast and defenders and all(self.army_of(data, u) == "german" for u in defenders):
                found.append(target)
        return found

    def ma_pause(self, data: GameData, state: dict, order: dict, events: list) -> bool:
        """13.10 on a defense against a Soviet mobile assault round: the German answers before its die."""
        opened = state["mobile"]["open"]
        if opened.get("naval_defense") is not None or not self.naval_defense_hexes(data, state, [opened["hex"]]):
            return False
        for supported in (False, True):            # 16.2: both columns known before the pause
            opened["naval_defense"] = supported
            self.crt_cells(data, self.ma_column(data, state)[-1])
        del opened["naval_defense"]
        state["naval_defense"] = {"hexes": [opened["hex"]], "ma": dict(order)}
        state["phase"] = "naval"
        events.append({"event": "awaiting_naval_guns", "hexes": [opened["hex"]], "side": self.german_seat(state), "rule": "13.10"})
        return True

    def ma_shifts(self, data: GameData, state: dict, target: str, army: str, across_river: bool) -> list[Shift]:
        shifts = super().ma_shifts(data, state, target, army, across_river)
        if (state.get("mobile") or {}).get("open", {}).get("naval_defense") is True and army == "soviet":      # 13.10
            path = f"{NAVAL}.shift_columns"
            shifts.append(Shift(-numbers.integer(data, path, "the naval guns' column shift (13.10)"), "naval gun support",
                                data.provenance(path).removeprefix("rule ")))
        return shifts

    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if state.get("phase") == "assault":
            hexes = self.naval_defense_hexes(data, state, [self.grid(data).canonical(str(o["attack"])) for o in orders])
            if hexes:                                # 13.10: the German announces before the die
                self.columns_known(data, state, orders, hexes)
                state["naval_defense"] = {"hexes": hexes, "orders": [dict(o) for o in orders]}
                state["phase"] = "naval"
                return [{"event": "awaiting_naval_guns", "hexes": hexes, "side": self.german_seat(state), "rule": "13.10"}]
        return super().apply_assaults(data, state, side, orders, dice)

    def columns_known(self, data: GameData, state: dict, orders: list, hexes: list[str]) -> None:
        """The whole CRT column of every battle, with and without the guns, is known before the
        pause (16.2): what the German's answer would resolve, the Soviet's check reports."""
        columns, grid = self.crt_columns(data), self.grid(data)
        for order in orders:
            supported = grid.canonical(str(order["attack"])) in hexes
            for variant in ([order, dict(order, naval_defense=True)] if supported else [order]):
                self.crt_cells(data, self.battle_odds(data, state, "soviet", variant, columns)["column"])

    def column_shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list[Shift]:
        shifts = super().column_shifts(data, state, attack, defender_hex, army)
        if attack.get("naval_defense") is True and army == "soviet":            # 13.10 on a German defense
            path = f"{NAVAL}.shift_columns"
            shifts.append(Shift(-numbers.integer(data, path, "the naval guns' column shift (13.10)"), "naval gun support",
                                data.provenance(path).removeprefix("rule ")))
        return shifts

    # -- the German's answer ---------------------------------------------------------------
    def naval_label(self, state: dict) -> str:
        if state["naval_defense"].get("ma"):
            return f"Turn {state['turn']} Soviet mobile assault at {state['naval_defense']['hexes'][0]}: German naval gun support of the defense (13.10)"
        return f"Turn {state['turn']} Soviet prepared assaults: German naval gun support of a defense (13.10)"

    def check_naval(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        hexes = state["naval_defense"]["hexes"]
        form = f"the answer is one order `naval_guns: HEX` (one of {', '.join(hexes)}) or `naval_guns: none` (13.10)"
        if len(orders) != 1 or not isinstance(orders[0], dict) or set(orders[0]) != {"naval_guns"}:
            return [Problem(None, form)]
        choice = orders[0]["naval_guns"]
        if choice != "none":
            try:
                choice = self.grid(data).canonical(str(choice))
            except ValueError:
                return [Problem(0, form)]
            if choice not in hexes:
                return [Problem(0, form)]
        self.trial_apply(data, state, side, orders, self.apply_naval)
        return []

    def apply_naval(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        pause = state.pop("naval_defense")
        choice = orders[0]["naval_guns"]
        target = None if choice == "none" else self.grid(data).canonical(str(choice))
        events: list[dict] = [{"event": "naval_defense", "hex": target, "rule": "13.10"}]
        if target:
            state["naval_guns_turns"] = [*state.get("naval_guns_turns", []), state["turn"]]
        if pause.get("ma"):                        # the mobile assault round goes on to its die
            state["mobile"]["open"]["naval_defense"] = target is not None
            state["phase"] = "movement"
            self.ma_resolve(data, state, pause["ma"], dice, events)
            return events
        battles = [dict(o, naval_defense=True) if target and self.grid(data).canonical(str(o["attack"])) == target else o
                   for o in pause["orders"]]
        state["phase"] = "assault"
        return events + super().apply_assaults(data, state, self.seat_of(state, "soviet"), battles, dice)

    def naval_template(self, data: GameData, state: dict, side: str) -> dict:
        hexes = state["naval_defense"]["hexes"]
        return {"notes": [self.awaiting(state).phase,
                          f"The Soviet attacks German defenders in the Baltic coastal hex(es) {', '.join(hexes)}: once this game "
                          "turn the naval guns may shift one of those battles a column in your favour (13.10); "
                          "`naval_guns: none` keeps them."],
                "orders": [{"naval_guns": hexes[0]}]}

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "awaiting_naval_guns":
                blocks.append(("p", f"The Soviet attacks German defenders on the Baltic coast ({', '.join(event['hexes'])}): "
                                    "the German may announce his naval gun support before the die (13.10)."))
            elif event["event"] == "naval_defense":
                blocks.append(("item", f"German naval gun support of the defense of {event['hex']} (13.10)" if event["hex"]
                               else "No German naval gun support of a defense (13.10)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
