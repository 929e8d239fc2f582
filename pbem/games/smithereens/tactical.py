"""13.5-13.6 German and Soviet tactical air in the Soviet Prepared Assault Phase (behaviour 4).

13.5: "The German Stuka unit may only be used to aid in that side's defense against one Soviet-side PA
every game turn. The Soviet unit may be used to aid in one Soviet attack or defense, MA or PA, each game
turn. There are no range limits on the aircraft; to commit them to an eligible battle either player
(Soviet first) simply declares their use at the start of the odds computation process. Their effect,
whether used on attack or defense, is a one-column odds shift in their side's favor in that battle."
13.6: the two Fw190s "may be used once per game turn on the attack or defense. No more than one,
however, may be committed to the same battle, and only against Soviet units." 9.5: they "become
available for German use at the very start of" Game Turn 4. 7.5: none after the economic collapse.

Standard level only: the beginner sets the air markers aside (2.18 and 11.35 Beginners Notes).
The exchange, Soviet first, in the fewest messages the order of declaration allows: the Soviet writes
`air: true` on one attack of his Prepared Assault orders (the Soviet air unit, if unused this game turn);
then the German, who declares second, answers before the die in the same pause as the 13.10 naval guns
(phase `naval`): `- air: stuka` (or `fw190-1`, `fw190-2`) with `battle: HEX`, any number of those orders,
and `naval_guns:` as before when the guns are offered. The pause comes only when the German has an air
unit to commit (or the guns): one German message per such Soviet Prepared Assault Phase, none more, and
none at all when the guns are offered anyway. Each air unit committed is a column in its side's favour
(`special.tactical_airpower.shift`); opposing ones cancel. The Soviet air unit on a Soviet defense and
the Fw190s on a German attack: tactical_german.py; tactical air with mobile assaults (12.6, 12.18,
behaviour 5): tactical_mobile.py.
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from .airborne import AirborneRules

AIR = "special.tactical_airpower"
SURGE = "special.luftwaffe_surge"
STUKA, FW190 = "stuka", ("fw190-1", "fw190-2")


class TacticalAirRules(AirborneRules):
    def air_shift(self, data: GameData) -> tuple[int, str]:
        path = f"{AIR}.shift"
        return numbers.integer(data, path, "the column shift of a tactical air unit (13.5)"), data.provenance(path).removeprefix("rule ")

    def flies(self, data: GameData, state: dict) -> bool:
        """Tactical air is a standard-level rule: the beginner sets its markers aside (2.18 and 11.35
        Beginners Notes)."""
        return self.plays(data, 4) and state.get("level") == "standard"

    def air_used(self, state: dict, unit: str) -> bool:
        return state.get("air_used", {}).get(unit) == state["turn"]

    def german_air(self, data: GameData, state: dict) -> list[str]:
        """The German air units he may still commit to a defense against a Soviet PA this game turn."""
        if not self.flies(data, state) or state["army"] != "soviet" or state.get("collapsed"):
            return []                     # 7.5: withdrawn at the collapse
        units = [] if self.air_used(state, STUKA) else [STUKA]
        arrive = numbers.integer(data, f"{SURGE}.arrive_turn", "the game turn the two Fw190s become available (9.5, 13.6)")
        return units + [u for u in FW190 if state["turn"] >= arrive and not self.air_used(state, u)]

    # -- the Soviet's declaration ------------------------------------------------------------------
    def attack_problems(self, data: GameData, state: dict, army: str, order: dict, used: set[str], targets: set[str]) -> list[str]:
        if "air" not in order or not self.plays(data, 4):
            return super().attack_problems(data, state, army, order, used, targets)
        problems = super().attack_problems(data, state, army, {k: v for k, v in order.items() if k != "air"}, used, targets)
        if not self.flies(data, state):
            problems.append("tactical air is a standard-level rule: the beginner sets its markers aside (2.18, 13.5)")
        elif order["air"] is not True:
            problems.append("`air: true` commits the Soviet tactical air unit to this attack (13.5)")
        elif army != "soviet":
            return problems + ["only the Soviet tactical air unit is committed in the attack orders, to a Soviet attack (13.5)"]
        elif self.air_used(state, "soviet"):
            problems.append("the Soviet tactical air unit has been used this game turn (13.5)")
        return problems

    def check_attacks(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        flown = [i for i, o in enumerate(orders) if isinstance(o, dict) and "air" in o]
        if len(flown) > 1 and self.plays(data, 4):
            return [Problem(flown[1], "the Soviet tactical air unit aids one attack each game turn (13.5)")]
        return super().check_attacks(data, state, side, orders)

    def column_shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list[Shift]:
        shifts = super().column_shifts(data, state, attack, defender_hex, army)
        if army != "soviet" or not self.flies(data, state):
            return shifts
        if attack.get("air") is True:
            columns, rule = self.air_shift(data)
            shifts.append(Shift(columns, "Soviet tactical air", rule))
        for unit in attack.get("german_air", []):
            columns, rule = self.air_shift(data)
            shifts.append(Shift(-columns, f"German tactical air ({unit})", rule))
        return shifts

    # -- the German's answer, in the naval gun pause -----------------------------------------------
    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if state.get("phase") == "assault" and any("air" in o for o in orders) and self.flies(data, state):
            state["air_used"] = {**state.get("air_used", {}), "soviet": state["turn"]}
        air = self.german_air(data, state) if state.get("phase") == "assault" else []
        battles = [self.grid(data).canonical(str(o["attack"])) for o in orders if isinstance(o, dict) and "attack" in o] if air else []
        if not battles:
            return super().apply_assaults(data, state, side, orders, dice)
        hexes = self.naval_defense_hexes(data, state, battles)
        self.air_columns_known(data, state, orders, air)
        if hexes:
            self.columns_known(data, state, orders, hexes)
        state["naval_defense"] = {"hexes": hexes, "orders": [dict(o) for o in orders], "air": {"units": air, "battles": battles}}
        state["phase"] = "naval"
        return [{"event": "awaiting_german_air", "hexes": battles, "units": air, "naval": hexes, "side": self.german_seat(state),
                 "rule": "13.5, 13.6"}]

    def air_columns_known(self, data: GameData, state: dict, orders: list, air: list[str]) -> None:
        """16.2: every column the German's answer could give is known before the pause."""
        columns = self.crt_columns(data)
        most = min(len(air), 2)           # the Stuka and one Fw190 (13.6: one Fw190 a battle)
        for order in orders:
            for count in range(most + 1):
                self.crt_cells(data, self.battle_odds(data, state, "soviet", dict(order, german_air=air[:count]), columns)["column"])

    def air_answer(self, data: GameData, state: dict, orders: list) -> tuple[dict[str, list[str]], str | None]:
        """The German's `air:` orders as {battle: [units]}, or the first problem."""
        offer = state["naval_defense"]["air"]
        if state.get("collapsed"):        # 7.5: withdrawn the instant the economy collapses (the pause step's end)
            offer = dict(offer, units=[])
        committed: dict[str, list[str]] = {}
        seen: set[str] = set()
        for order in orders:
            if "air" not in order:
                continue
            unit, battle = order.get("air"), order.get("battle")
            if set(order) != {"air", "battle"} or unit not in offer["units"]:
                return {}, f"an air order is `air: UNIT` (one of {', '.join(offer['units']) or 'none left'}) with `battle: HEX` (13.5, 13.6)"
            try:
                battle = self.grid(data).canonical(str(battle))
            except ValueError as exc:
                return {}, str(exc)
            if battle not in offer["battles"]:
                return {}, f"{battle} is none of the Soviet attacks ({', '.join(offer['battles'])}) (13.5)"
            if unit in seen:
                return {}, f"{unit} is used once per game turn (13.5, 13.6)"
            if unit in FW190 and any(u in FW190 for u in committed.get(battle, [])):
                return {}, f"no more than one Fw190 may be committed to the same battle ({battle}) (13.6)"
            defenders = self.enemies_in(data, state, battle, "soviet")
            if not defenders or any(self.army_of(data, u) != "german" for u in defenders):
                return {}, f"German aircraft aid a German defense against Soviet units; {battle} is not one (13.5 Design Note, 13.6)"
            seen.add(str(unit))
            committed.setdefault(battle, []).append(str(unit))
        return committed, None

    def check_naval(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        pause = state["naval_defense"]
        if not pause.get("air"):
            return super().check_naval(data, state, side, orders)
        if not all(isinstance(o, dict) for o in orders):
            return [Problem(None, "each answer order is a mapping (13.5, 13.10)")]
        _, reason = self.air_answer(data, state, orders)
        if reason:
            return [Problem(None, reason)]
        naval = [o for o in orders if "air" not in o]
        if pause["hexes"]:
            return super().check_naval(data, state, side, naval)
        if naval:
            return [Problem(None, "the answer holds `air:` orders only; no naval gun support is offered here (13.10)")]
        self.trial_apply(data, state, side, orders, self.apply_naval)
        return []

    def apply_naval(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        pause = state["naval_defense"]
        if not pause.get("air"):
            return super().apply_naval(data, state, side, orders, dice)
        committed, _ = self.air_answer(data, state, orders)
        used = state.get("air_used", {})
        for units in committed.values():
            used.update({u: state["turn"] for u in units})
        state["air_used"] = used
        events: list[dict] = [{"event": "german_air", "battles": committed, "rule": "13.5, 13.6"}]
        grid = self.grid(data)
        pause["orders"] = [dict(o, german_air=committed[h]) if (h := grid.canonical(str(o["attack"]))) in committed else o
                           for o in pause["orders"]]
        if pause["hexes"]:
            return events + super().apply_naval(data, state, side, [o for o in orders if "air" not in o], dice)
        state.pop("naval_defense")
        state["phase"] = "assault"
        return events + super(TacticalAirRules, self).apply_assaults(data, state, self.seat_of(state, "soviet"), pause["orders"], dice)

    def naval_label(self, state: dict) -> str:
        pause = state.get("naval_defense") or {}
        if pause.get("air") and pause["hexes"]:
            return f"Turn {state['turn']} Soviet prepared assaults: German tactical air and naval gun support of a defense (13.5, 13.6, 13.10)"
        if pause.get("air"):
            return f"Turn {state['turn']} Soviet prepared assaults: German tactical air support of a defense (13.5, 13.6)"
        return super().naval_label(state)

    def naval_template(self, data: GameData, state: dict, side: str) -> dict:
        pause = state["naval_defense"]
        if not pause.get("air"):
            return super().naval_template(data, state, side)
        template = super().naval_template(data, state, side) if pause["hexes"] else {"notes": [self.awaiting(state).phase], "orders": []}
        template["notes"].append(f"Air units you may commit to the defense of {', '.join(pause['air']['battles'])}: "
                                 f"{', '.join(pause['air']['units'])} — `- air: UNIT` with `battle: HEX`, one column each; "
                                 "one Fw190 a battle (13.5, 13.6). No `air:` order keeps them.")
        return template

    def assault_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().assault_template(data, state, side)
        if self.flies(data, state) and state["army"] == "soviet" and not self.air_used(state, "soviet"):
            template["notes"].append("Soviet: `air: true` on one attack commits the Soviet tactical air unit, a column "
                                     "rightward (13.5).")
        return template

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "awaiting_german_air":
                blocks.append(("p", f"The German may commit {', '.join(event['units'])} to the defense against the Soviet attacks "
                                    f"on {', '.join(event['hexes'])} before the dice (13.5, 13.6)."))
            elif event["event"] == "german_air":
                done = "; ".join(f"{', '.join(u)} over {h}" for h, u in sorted(event["battles"].items()))
                blocks.append(("item", f"German tactical air: {done or 'none committed'} (13.5, 13.6)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
