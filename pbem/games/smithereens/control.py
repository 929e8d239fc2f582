"""3.9 hex control, 4.x victory, 7.x economic collapse, 11.19-11.20 fortresses and German works, and the turn order (5.2)."""

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData
from ...kit import numbers
from .components import camp, spelled
from .supply import SupplyRules


class ControlRules(SupplyRules):
    def fortress_problem(self, data: GameData, state: dict, army: str, order: dict, fortresses: set[str]) -> str | None:
        """11.19: the German may declare a city his units occupy, German-controlled at the start,
        a fortress; never more than six on the map; a captured fortress never again (11.20).
        (pbem takes declarations in the German movement orders, at the start of his player turn.)"""
        if set(order) != {"declare_fortress"} or army != "german":
            return "`declare_fortress: HEX` is a German order in his own movement phase (11.19)"
        try:
            hex_id = self.grid(data).canonical(str(order["declare_fortress"]))
        except ValueError as exc:
            return str(exc)
        info = self.map(data).entry(hex_id)       # 11.19 asks the set-up facts, not the terrain
        if info.get("city") is not True or info.get("control_at_start") != "german":
            return f"{hex_id} is not a city the German controlled at the start of the game (11.19)"
        if hex_id in state.get("fortress_lost", []):
            return f"{hex_id} was captured by the Alliance and can never again be a fortress (11.20)"
        if not any(self.army_of(data, u) == "german" for u in self.stacks(state).get(hex_id, [])):
            return f"no German unit occupies {hex_id} (11.19)"
        if hex_id in fortresses:
            return f"{hex_id} is already a fortress (11.19)"
        most = numbers.integer(data, "game.movement.fortresses_on_map_max", "the most fortresses on the map (11.19)")
        if len(fortresses) >= most:
            return f"there may never be more than {spelled(most)} fortresses on the map (11.19)"
        return None

    def enter_hex(self, data: GameData, state: dict, hex_id: str, army: str, events: list, dice: Dice | None = None) -> None:
        """Effects of a ground unit entering a hex: control (3.9), destruction of works (11.20),
        and at the standard level the supply sources it takes (6.9, 6.18)."""
        self.take_control(data, state, hex_id, army, events)
        if state.get("level") == "standard":
            if camp(army) == "alliance" and hex_id in self.courland_ports(data) and hex_id not in state["ports_lost"]:
                state["ports_lost"].append(hex_id)            # 6.18: a Courland port is lost for good
            if army == "german" and hex_id == self.antwerp(data) and not state["antwerp_lost"]:
                self.antwerp_captured(data, state, events, dice)
            if camp(army) == "alliance" and hex_id == self.oil_hex(data) and not state["oil_lost"]:
                state["oil_lost"] = True                      # 7.2: permanent, even if retaken
                events.append({"event": "oil", "rule": "7.2"})
        works = self.hex_info(data, hex_id).get("fortification")
        if camp(army) == "alliance" and works in ("fortification", "heavy_fortification", "usir") \
                and not state["destroyed"].get(hex_id):
            state["destroyed"][hex_id] = True
            events.append({"event": "destroyed", "hex": hex_id, "works": works, "rule": "11.20"})

    def take_control(self, data: GameData, state: dict, hex_id: str, army: str, events: list) -> None:
        """3.9: control of a city switches when an enemy ground unit first enters it; 4.3 fanaticism."""
        if self.hex_info(data, hex_id).get("city") is not True:
            return
        if hex_id not in state["control"]:
            raise UnknownDataError(f"map.hexes.{hex_id}.control_at_start", f"who controlled the city in {hex_id} at the start (3.9)",
                                   "the map and set-up (3.9)", data.override_file)
        if state["control"][hex_id] == camp(army):
            return
        state["control"][hex_id] = camp(army)
        events.append({"event": "control", "hex": hex_id, "now": camp(army), "rule": "3.9"})
        if camp(army) == "alliance" and hex_id not in state.get("fell", [hex_id]):
            state["fell"].append(hex_id)                      # 6.16: no in-city supply there again
        if camp(army) == "alliance" and hex_id in self.ruhr_cities(data) and hex_id not in state.get("ruhr_lost", [hex_id]):
            state["ruhr_lost"].append(hex_id)                 # 7.3 (1): lost "one or more times"
        if camp(army) == "alliance" and hex_id in state["fortresses"]:      # 11.20
            state["fortresses"].remove(hex_id)
            state["fortress_lost"].append(hex_id)
        if army == "german":
            vp = self.city_vp(data, hex_id)
            state["fanaticism_vp"] += vp
            events.append({"event": "fanaticism", "hex": hex_id, "vp": vp, "rule": "4.3"})

    def city_vp(self, data: GameData, hex_id: str) -> int:
        """4.2: listed VP, else the default (1)."""
        vp = self.map(data).entry(hex_id).get("vp")
        return int(vp if isinstance(vp, int) else data.get("map.vp_default", "the default city VP (4.2)"))

    def check_collapse(self, data: GameData, state: dict, events: list) -> None:
        """7.3: the German economy collapses the instant (here: at the end of the step in which)
        all four Ruhr cities have been lost at some time, Berlin is Alliance-controlled, or no path
        of at most 20 hexes free of Alliance units joins a German-held Ruhr city to Berlin."""
        if state.get("level") != "standard" or state.get("collapsed"):
            return
        ruhr, berlin = self.ruhr_cities(data), self.berlin(data)
        for hex_id in ruhr + (berlin,):
            if hex_id not in state["control"]:
                raise UnknownDataError(f"map.hexes.{hex_id}.control_at_start", f"who controlled {hex_id} at the start (3.9), "
                                       "to judge the economic collapse (7.3)", "the map and set-up (3.9)", data.override_file)
        reason = None
        if set(ruhr) <= set(state["ruhr_lost"]):
            reason = f"all {spelled(len(ruhr))} Ruhr cities have been lost (7.3 1)"
        elif state["control"].get(berlin) == "alliance":
            reason = "Berlin is under Alliance control (7.3 2)"
        else:
            longest = numbers.integer(data, "economy.collapse.path_hexes", "the longest Ruhr-Berlin path (7.3)")
            held = [h for h in ruhr if state["control"].get(h) == "german"]
            if not any(self.trace(data, state, h, "german", lambda x: x == berlin, set(), max_length=longest) for h in held):
                reason = f"no path of {longest} hexes or fewer, free of Alliance units, from a German Ruhr city to Berlin (7.3 3)"
        if reason:
            state["collapsed"] = True
            events.append({"event": "collapse", "why": reason, "rule": "7.3"})

    def next_player_turn(self, data: GameData, state: dict) -> None:
        """5.2: the Soviet, Western Allied and German player turns, in that order, make a game turn."""
        order = list(numbers.texts(data, "game.sequence_of_play.player_turn_order", "the order of the player turns (5.2)"))
        index = order.index(state["army"])
        state["phase"] = "movement"
        state["pending"] = []
        if index == len(order) - 1:
            if state["turn"] >= state["last_turn"]:              # 4.4
                state["game_over"] = True
                return
            state["turn"] += 1
            state["attacked_this_turn"] = {}
            state["replacements_used"] = {}          # 9.11: unused steps are not accumulated
            state["army"] = order[0]
        else:
            state["army"] = order[index + 1]

    def end_player_turn(self, data: GameData, state: dict, events: list) -> None:
        self.next_player_turn(data, state)
        if state.get("game_over"):
            events.append(self.victory(data, state))

    def victory(self, data: GameData, state: dict) -> dict:
        """4.4: German VPs = German-controlled city VPs + fanaticism VPs; more than 6 wins."""
        cities = sum(self.city_vp(data, h) for h, c in sorted(state["control"].items()) if c == "german")
        total = cities + state["fanaticism_vp"]
        threshold = numbers.integer(data, "victory.determination.german_wins_if_more_than", "the German victory threshold (4.4)")
        winner = "german" if total > threshold else "alliance"
        state["winner"] = winner
        return {"event": "victory", "city_vp": cities, "fanaticism_vp": state["fanaticism_vp"], "total": total, "winner": winner, "rule": "4.4"}
