"""13.8 Operation Thunderclap (behaviour 4).

"At the start of any of his player turns after game turn 4, the Soviet (or Grand Alliance) player may
announce the launching of "Operation Thunderclap." That means the Western Allied strategic air forces
will concentrate on any 1 VP German-controlled city of his choice east of the WWIII demarcation line
... Any German units in the hex at the time remain unaffected, but the city itself ceases to be a city
for all purposes and is considered to be only a rough terrain hex for the rest of the game." ... "The
Western Allied player may not refuse the Soviet call for Thunderclap, and Soviet units may not attack or
move into the Thunderclapped hex in any way during the game turn of the strike."

The Soviet announces it in the first file of his Movement Phase: `- thunderclap: HEX`. The state keeps
`thunderclaps: [{hex, turn}]`; components.map_overlay lays rough terrain and "no city" over that hex
for every map lookup (terrain costs, combat terrain, 3.9 control, 11.19 fortresses, 4.4 VPs). A
fortress declared there ends with the city (11.19 makes cities fortresses). How many times it may be
launched the text does not say (one marker, 2.18): a second launch refuses naming
special.operation_thunderclap.uses.
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .airdrop import AirdropSupplyRules

KEY = "thunderclap"
DATA = "special.operation_thunderclap"


class ThunderclapRules(AirdropSupplyRules):
    def special_key(self, data: GameData, order: dict) -> str | None:
        return KEY if KEY in order and self.plays(data, 4) else super().special_key(data, order)

    def special_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        if self.special_key(data, order) == KEY:
            return None                  # checked on the state before the phase (check_movement)
        return super().special_problem(data, view, army, order, moved)

    def pick_up(self, data: GameData, state: dict, order: dict, events: list) -> None:
        if self.special_key(data, order) != KEY:
            super().pick_up(data, state, order, events)      # the strike acts first, in apply_movement

    def thunderclap_problem(self, data: GameData, state: dict, order: dict) -> str | None:
        """13.8: a Soviet announcement at the start of a player turn after the given game turn, on a
        1 VP German-controlled city east of the WWIII demarcation line."""
        value = order.get(KEY)
        if set(order) != {KEY} or not isinstance(value, str):
            return "Operation Thunderclap is `thunderclap: HEX` alone (13.8)"
        if state["army"] != "soviet":
            return "only the Soviet (or Grand Alliance) player launches Operation Thunderclap, in a Soviet player turn (13.8)"
        if state.get("mobile"):
            return "Operation Thunderclap is announced at the start of the Soviet player turn, in the Movement Phase's first file (13.8)"
        after = numbers.integer(data, f"{DATA}.after_turn", "the game turn after which Operation Thunderclap may be launched (13.8)")
        if state["turn"] <= after:
            return f"Operation Thunderclap may be launched after game turn {after} only; this is turn {state['turn']} (13.8)"
        earlier = state.get("thunderclaps", [])
        if earlier:
            uses = numbers.integer(data, f"{DATA}.uses", "how many times Operation Thunderclap may be launched "
                                   "(13.8; one marker, 2.18)")
            if len(earlier) >= uses:
                return f"Operation Thunderclap has been launched {len(earlier)} time(s) already, the most there may be (13.8)"
        try:
            hex_id = self.grid(data).canonical(value)
        except ValueError as exc:
            return str(exc)
        if not self.is_city(data, hex_id, "13.8"):
            return f"Operation Thunderclap strikes a city; {hex_id} is none (13.8)"
        vp = numbers.integer(data, f"{DATA}.city_vp", "the VP of a city Operation Thunderclap may strike (13.8)")
        if self.city_vp(data, hex_id) != vp:
            return f"Operation Thunderclap strikes a {vp} VP city; {hex_id} is worth {self.city_vp(data, hex_id)} (13.8)"
        if self.controller(data, state, hex_id, "13.8") != "german":
            return f"Operation Thunderclap strikes a German-controlled city; {hex_id} is Alliance controlled (13.8)"
        if hex_id not in self.region(data, "east_of_wwiii_demarcation_line", "13.8"):
            return f"Operation Thunderclap strikes a city east of the WWIII demarcation line; {hex_id} is not (13.8)"
        return None

    def thunderclap_orders(self, data: GameData, orders: list) -> list[tuple[int, dict]]:
        return [(i, o) for i, o in enumerate(orders) if isinstance(o, dict) and self.special_key(data, o) == KEY]

    def struck(self, state: dict, hex_id: str) -> dict:
        """The state with the strike made: marked for the rest of the game, a fortress there ended."""
        strike = {"hex": hex_id, "turn": state["turn"]}
        return dict(state, thunderclaps=[*state.get("thunderclaps", []), strike],
                    fortresses=[h for h in state.get("fortresses", []) if h != hex_id])

    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        strikes = self.thunderclap_orders(data, orders)
        if not strikes:
            return super().check_movement(data, state, side, orders)
        if len(strikes) > 1:
            return [Problem(strikes[1][0], "Operation Thunderclap strikes one city (13.8)")]
        index, order = strikes[0]
        reason = self.thunderclap_problem(data, state, order)
        if reason:
            return [Problem(index, reason)]
        made = self.struck(state, self.grid(data).canonical(str(order[KEY])))
        with self.state_map(data, made):     # the rest of the file moves over the rough hex (13.8)
            return super().check_movement(data, made, side, orders)

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        for _index, order in self.thunderclap_orders(data, orders):
            hex_id = self.grid(data).canonical(str(order[KEY]))
            made = self.struck(state, hex_id)
            events.append({"event": KEY, "hex": hex_id, "fortress_ended": hex_id in state.get("fortresses", []), "rule": "13.8"})
            state.update(thunderclaps=made["thunderclaps"], fortresses=made["fortresses"])
            self.renew_map(data, state)
        return events + super().apply_movement(data, state, side, orders, dice)

    # -- 13.8: "Soviet units may not attack or move into the Thunderclapped hex in any way during the game
    # turn of the strike"
    def struck_now(self, data: GameData, state: dict) -> set[str]:
        if not self.plays(data, 4):
            return set()
        return {s["hex"] for s in state.get("thunderclaps", []) if s["turn"] == state["turn"]}

    def barred(self, data: GameData, state: dict, army: str, hexes: list[str], verb: str) -> str | None:
        if army != "soviet":
            return None
        grid, struck = self.grid(data), self.struck_now(data, state)
        for hex_id in hexes:
            try:
                hex_id = grid.canonical(str(hex_id))
            except ValueError:
                continue                  # the order's own check names it
            if hex_id in struck:
                return f"Soviet units may not {verb} {hex_id}, Thunderclapped this game turn (13.8)"
        return None

    def move_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        path = order.get("path")
        barred = self.barred(data, view, army, path[1:], "move into") if isinstance(path, list) else None
        return barred or super().move_problem(data, view, army, order, moved)

    def entry_problem(self, data: GameData, state: dict, army: str, order: dict, arrivals: dict) -> str | None:
        path = order.get("path")
        barred = self.barred(data, state, army, path, "move into") if isinstance(path, list) else None
        return barred or super().entry_problem(data, state, army, order, arrivals)

    def attack_problems(self, data: GameData, state: dict, army: str, order: dict, used: set[str], targets: set[str]) -> list[str]:
        target = order.get("attack")
        barred = self.barred(data, state, army, [target], "attack") if isinstance(target, str) else None
        return [barred] if barred else super().attack_problems(data, state, army, order, used, targets)

    def mobile_assault_problem(self, data: GameData, view: dict, mobile: dict, order: dict, alone: bool, moved: set[str]) -> str | None:
        target = order.get("assault")
        barred = self.barred(data, view, view["army"], [target], "attack") if isinstance(target, str) else None
        return barred or super().mobile_assault_problem(data, view, mobile, order, alone, moved)

    def retreat_step_problem(self, data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
        barred = self.barred(data, state, self.army_of(data, unit_id), path[1:], "retreat into")
        return barred or super().retreat_step_problem(data, state, unit_id, path)

    def movement_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().movement_template(data, state, side)
        if self.plays(data, 4) and state["army"] == "soviet" and not state.get("mobile"):
            after = numbers.integer(data, f"{DATA}.after_turn", "the game turn after which Operation Thunderclap may be launched (13.8)")
            if state["turn"] > after and not state.get("thunderclaps"):
                template["notes"].append("Soviet: `- thunderclap: HEX` launches Operation Thunderclap on a 1 VP German-controlled "
                                         "city east of the WWIII demarcation line: rough terrain, no city, for the rest of the game (13.8).")
        return template

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        with self.state_map(data, state):
            for event in events:
                if event["event"] == KEY:
                    ended = "; the fortress there ends (11.19)" if event["fortress_ended"] else ""
                    blocks.append(("item", f"Operation Thunderclap on {event['hex']}: no longer a city, rough terrain for the rest "
                                           f"of the game; Soviet units may not attack or enter it this game turn{ended} (13.8)"))
                else:
                    blocks += super().describe(data, state, [event])
        return blocks
