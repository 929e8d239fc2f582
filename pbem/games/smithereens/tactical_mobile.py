"""12.6, 12.18, 13.5-13.6 tactical air with mobile assaults (behaviour 5, standard level).

12.6: "Soviet and German tactical airpower may be used to support MAs (see 13.5 and 13.6), but Western
Allied Strategic airpower may not." 12.18: "When eligible aircraft are supporting MAs, they are in
effect accompanying the movement of a selected stack of mech units. That is, they remain with that
stack/unit and support all its MAs, in however many rounds there may be, until the end of that movement
phase." 13.5: the Soviet unit aids "one Soviet attack or defense, MA or PA, each game turn"; the Stuka
only a defense "against one Soviet-side PA" (never an MA); "either player (Soviet first) simply declares
their use at the start of the odds computation process"; one column in its side's favour. 13.6: the
Fw190s "operate just like the Soviet air unit ... No more than one, however, may be committed to the
same battle, and only against Soviet units."

Reading (docs/errata.md S15): a mobile assault — every round one stack runs against one hex — is one
battle, as for the 13.10 guns (naval.py); its declarations come at the start of its first round, and
what is committed supports every round of it. The attacker's unit moreover stays with the assaulting
stack (12.18): every later MA of that stack in the phase has it, with no new declaration.

The exchange, Soviet first, in the fewest messages that order allows:
- a Soviet MA: the Soviet writes `air: true` on the `assault:` order (his own file, he declares first);
  the German, second, answers before the first round's die only when he has a Fw190 left this game
  turn and the defenders are German — the `naval` answer (`- air: fw190-1` with `battle: HEX`, or no
  orders), the same one that carries `naval_guns:` when the guns are offered too;
- a German MA on Soviet defenders: while the Soviet air unit is unused this game turn, the Soviet
  answers first (phase `air`: `air: HEX` or no orders); then, if the German has a Fw190 left and none
  accompanies the stack, the German (`- air: fw190-1` with `battle: HEX`, or no orders). With the
  Soviet unit already used there is nothing to wait for: the German writes `air: fw190-1` on his
  `assault:` order.
Later rounds of the same MA: no declaration, no extra message.
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit.combat import Shift
from ..base import Problem
from .tactical import STUKA, TacticalAirRules
from .tactical_german import GermanAttackAirRules

FIRST_ROUND = "tactical air is declared at the start of a mobile assault, its first round, and stays for every round (12.18, 13.5)"


class MobileAirRules(GermanAttackAirRules):
    def ma_flies(self, data: GameData, state: dict) -> bool:
        return self.plays(data, 5) and self.flies(data, state)

    @staticmethod
    def escort_of(mobile: dict, units: list[str]) -> str | None:
        """12.18: the air unit accompanying these assaulters, if any."""
        for escort in mobile.get("escorts", []):
            if set(units) <= set(escort["units"]):
                return str(escort["air"])
        return None

    def all_of(self, data: GameData, state: dict, hex_id: str, army: str, mover: str) -> bool:
        defenders = self.enemies_in(data, state, hex_id, mover)
        return bool(defenders) and all(self.army_of(data, u) == army for u in defenders)

    # -- the mover's declaration, on its `assault:` order -------------------------------------
    def mobile_assault_problem(self, data: GameData, view: dict, mobile: dict, order: dict, alone: bool, moved: set[str]) -> str | None:
        if "air" not in order or not self.plays(data, 5):
            return super().mobile_assault_problem(data, view, mobile, order, alone, moved)
        reason = super().mobile_assault_problem(data, view, mobile, {k: v for k, v in order.items() if k != "air"}, alone, moved)
        return reason or self.ma_air_problem(data, view, mobile, order)

    def ma_air_problem(self, data: GameData, view: dict, mobile: dict, order: dict) -> str | None:
        army, target, units = view["army"], self.grid(data).canonical(str(order["assault"])), list(order["with"])
        opened = mobile["open"]
        if not self.flies(data, view):
            return "tactical air is a standard-level rule: the beginner sets its markers aside (2.18, 13.5)"
        if army == "western":
            return "Western Allied strategic airpower may not support mobile assaults (12.6)"
        if opened and opened["hex"] == target and set(units) <= set(opened["units"]):
            return f"another round takes no `air:`: {FIRST_ROUND}"
        escort = self.escort_of(mobile, units)
        if escort:
            return f"{escort} already accompanies this stack and supports all its mobile assaults this phase (12.18)"
        if army == "soviet":
            if order["air"] is not True:
                return "`air: true` commits the Soviet tactical air unit to this mobile assault and its stack (12.18, 13.5)"
            if self.air_used(view, "soviet"):
                return "the Soviet tactical air unit has been used this game turn (13.5)"
            return None
        left = self.fw190s(data, view)
        if order["air"] not in left:
            return f"`air:` on a German mobile assault names a Fw190 left this game turn: {', '.join(left) or 'none'} (13.5, 13.6)"
        if not self.all_of(data, view, target, "soviet", army):
            return "the Fw190s are committed only against Soviet units (13.6)"
        if not self.air_used(view, "soviet"):
            return "the Soviet declares his tactical air first: name the Fw190 in your answer after his (13.5)"
        return None

    # -- the round's air, and the pause before its die --------------------------------------
    def ma_shifts(self, data: GameData, state: dict, target: str, army: str, across_river: bool) -> list[Shift]:
        shifts = super().ma_shifts(data, state, target, army, across_river)
        battle = (state.get("mobile") or {}).get("air_battle")
        if not battle or battle["hex"] != target or not self.plays(data, 5):
            return shifts
        columns, rule = self.air_shift(data)
        for side, sign in (("attack", 1), ("defense", -1)):
            for unit in battle[side]:
                who = "Soviet tactical air" if unit == "soviet" else f"German tactical air ({unit})"
                shifts.append(Shift(sign * columns, who, rule))
        return shifts

    def ma_pause(self, data: GameData, state: dict, order: dict, events: list) -> bool:
        if not self.ma_flies(data, state) or state["army"] == "western":
            return super().ma_pause(data, state, order, events)
        mobile, army = state["mobile"], state["army"]
        opened = mobile["open"]
        escort = self.escort_of(mobile, opened["units"])
        if escort:                                         # 12.18: it goes on with the assaulting units
            next(e for e in mobile["escorts"] if e["air"] == escort)["units"] = list(opened["units"])
        if int(opened["round"]) > 1:                       # the same battle: its air holds (reading S15)
            return super().ma_pause(data, state, order, events)
        attack = self.declare_attack_air(data, state, order, escort, events)
        mobile["air_battle"] = {"hex": opened["hex"], "attack": attack, "defense": []}
        if army == "soviet":
            return self.soviet_ma_pause(data, state, order, events)
        return self.german_ma_pause(data, state, order, events)

    def declare_attack_air(self, data: GameData, state: dict, order: dict, escort: str | None, events: list) -> list[str]:
        """The attacker's unit for this MA: the one accompanying the stack, or the one its order commits."""
        mobile, army, opened = state["mobile"], state["army"], state["mobile"]["open"]
        if army == "german" and not self.all_of(data, state, opened["hex"], "soviet", army):
            return []                                      # 13.6: the Fw190s only against Soviet units
        unit = escort or ("soviet" if army == "soviet" and order.get("air") is True else order.get("air"))
        if not unit:
            return []
        if not escort:
            state["air_used"] = {**state.get("air_used", {}), str(unit): state["turn"]}
            mobile["escorts"] = [*mobile.get("escorts", []), {"air": str(unit), "units": list(opened["units"])}]
        events.append({"event": "ma_air", "hex": opened["hex"], "unit": str(unit), "accompanying": bool(escort), "rule": "12.18, 13.5"})
        return [str(unit)]

    def ma_columns_known(self, data: GameData, state: dict, attack: list, defense: list, naval: list) -> None:
        """16.2: every column the answers could give is known before the pause."""
        battle, opened = state["mobile"]["air_battle"], state["mobile"]["open"]
        kept = (dict(battle), opened.get("naval_defense"))
        for a in attack:
            for d in defense:
                for n in naval:
                    battle.update(attack=a, defense=d)
                    if n is not None:
                        opened["naval_defense"] = n
                    self.crt_cells(data, self.ma_column(data, state)[-1])
        battle.update(kept[0])
        if kept[1] is None:
            opened.pop("naval_defense", None)

    def soviet_ma_pause(self, data: GameData, state: dict, order: dict, events: list) -> bool:
        """The German declares second, on his defense: a Fw190 (never the Stuka, 13.5), with the guns."""
        hex_id = state["mobile"]["open"]["hex"]
        units = self.fw190s(data, state) if self.all_of(data, state, hex_id, "german", "soviet") else []
        if not units:
            return super().ma_pause(data, state, order, events)
        naval = self.naval_defense_hexes(data, state, [hex_id])
        attack = state["mobile"]["air_battle"]["attack"]
        self.ma_columns_known(data, state, [attack], [[], units[:1]], [False, True] if naval else [None])
        state["naval_defense"] = {"hexes": naval, "ma": dict(order), "air": {"units": units, "battles": [hex_id]}}
        state["phase"] = "naval"
        events.append({"event": "awaiting_german_air", "hexes": [hex_id], "units": units, "naval": naval,
                       "side": self.german_seat(state), "rule": "13.6", "ma": True})
        return True

    def german_ma_pause(self, data: GameData, state: dict, order: dict, events: list) -> bool:
        """The Soviet declares first, on his defense; then the German's Fw190 if none goes with the stack."""
        battle = state["mobile"]["air_battle"]
        hex_id = battle["hex"]
        if not self.all_of(data, state, hex_id, "soviet", "german") or self.air_used(state, "soviet"):
            return super().ma_pause(data, state, order, events)
        more = [[], ["fw190-1"]] if not battle["attack"] and self.fw190s(data, state) else [battle["attack"]]
        self.ma_columns_known(data, state, more, [[], ["soviet"]], [None])
        state["air_pause"] = {"side": "soviet", "battles": [hex_id], "ma": dict(order)}
        state["phase"] = "air"
        events.append({"event": "awaiting_air", "side": "soviet", "hexes": [hex_id], "rule": "13.5", "ma": True})
        return True

    # -- the German's answer on his defense (phase `naval`) ----------------------------------
    def check_naval(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        pause = state["naval_defense"]
        if pause.get("ma") and pause.get("air") and any(isinstance(o, dict) and o.get("air") == STUKA for o in orders):
            return [Problem(None, "the Stuka aids a defense against a Soviet-side PA only, never against a mobile assault (13.5)")]
        return super().check_naval(data, state, side, orders)

    def apply_naval(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        pause = state["naval_defense"]
        if not (pause.get("ma") and pause.get("air")):
            return super().apply_naval(data, state, side, orders, dice)
        committed, _ = self.air_answer(data, state, orders)
        units = committed.get(pause["air"]["battles"][0], [])
        state["air_used"] = {**state.get("air_used", {}), **{u: state["turn"] for u in units}}
        state["mobile"]["air_battle"]["defense"] = units
        events: list[dict] = [{"event": "german_air", "battles": committed, "rule": "13.6"}]
        if pause["hexes"]:                    # 13.10: the guns' answer resolves the round (naval.py)
            return events + super(TacticalAirRules, self).apply_naval(data, state, side, [o for o in orders if "air" not in o], dice)
        del state["naval_defense"]
        state["phase"] = "movement"
        self.ma_resolve(data, state, pause["ma"], dice, events)
        return events

    def naval_label(self, state: dict) -> str:
        pause = state.get("naval_defense") or {}
        if not (pause.get("ma") and pause.get("air")):
            return super().naval_label(state)
        guns = (" and naval gun", ", 13.10") if pause["hexes"] else ("", "")
        return (f"Turn {state['turn']} Soviet mobile assault at {pause['air']['battles'][0]}: German tactical air{guns[0]} "
                f"support of the defense (13.6{guns[1]})")

    # -- the answers on a German MA (phase `air`) --------------------------------------------
    def apply_air(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        pause = state["air_pause"]
        if "ma" not in pause:
            return super().apply_air(data, state, side, orders, dice)
        mobile = state["mobile"]
        battle, hex_id = mobile["air_battle"], pause["battles"][0]
        events: list[dict] = []
        if pause["side"] == "soviet":
            if orders:
                state["air_used"] = {**state.get("air_used", {}), "soviet": state["turn"]}
                battle["defense"] = ["soviet"]
            events.append({"event": "soviet_air", "hex": hex_id if orders else None, "rule": "13.5"})
            units = self.fw190s(data, state) if not battle["attack"] else []
            if units:
                pause.update(side="german", units=units)
                return events + [{"event": "awaiting_air", "side": "german", "hexes": [hex_id], "rule": "13.6", "ma": True}]
        elif orders:
            unit = str(orders[0]["air"])
            state["air_used"] = {**state.get("air_used", {}), unit: state["turn"]}
            battle["attack"] = [unit]
            mobile["escorts"] = [*mobile.get("escorts", []), {"air": unit, "units": list(mobile["open"]["units"])}]
            events.append({"event": "german_air", "battles": {hex_id: [unit]}, "rule": "12.18, 13.6"})
        else:
            events.append({"event": "german_air", "battles": {}, "rule": "13.6"})
        del state["air_pause"]
        state["phase"] = "movement"
        self.ma_resolve(data, state, pause["ma"], dice, events)
        return events

    def air_label(self, state: dict) -> str:
        pause = state["air_pause"]
        if "ma" not in pause:
            return super().air_label(state)
        if pause["side"] == "soviet":
            return f"Turn {state['turn']} German mobile assault at {pause['battles'][0]}: Soviet tactical air on the defense (13.5)"
        return f"Turn {state['turn']} German mobile assault at {pause['battles'][0]}: a Fw190 with the assaulting stack (12.18, 13.6)"

    def air_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().air_template(data, state, side)
        pause = state["air_pause"]
        if "ma" in pause and pause["side"] == "german":
            template["notes"].append("A Fw190 committed goes with the assaulting stack: it supports every round and the "
                                     "stack's later mobile assaults on Soviet units this phase (12.18).")
        return template

    # -- templates and report ----------------------------------------------------------------
    def movement_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().movement_template(data, state, side)
        if self.ma_flies(data, state) and state["army"] != "western":
            template["notes"].append("Tactical air (12.18, 13.5-13.6): `air: true` (Soviet) or `air: fw190-1` (German, once the "
                                     "Soviet unit is used this game turn) on an `assault:` order's first round; it stays with "
                                     "the stack for the rest of the phase.")
        return template

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "ma_air":
                who = "Soviet tactical air" if event["unit"] == "soviet" else f"German {event['unit']}"
                how = "accompanies the stack" if event["accompanying"] else "committed"
                blocks.append(("item", f"{who} {how}: the mobile assault on {event['hex']} (12.18, 13.5)"))
            elif event["event"] == "awaiting_german_air" and event.get("ma"):
                blocks.append(("p", f"The German may commit {', '.join(event['units'])} to the defense against the Soviet "
                                    f"mobile assault on {', '.join(event['hexes'])} before its die (13.5, 13.6)."))
            elif event["event"] == "awaiting_air" and event.get("ma"):
                who = "Soviet declares his tactical air" if event["side"] == "soviet" else "German declares a Fw190"
                blocks.append(("p", f"Before the die of the German mobile assault on {', '.join(event['hexes'])}, the {who} "
                                    f"({event['rule']})."))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
