"""3.9 hex control, 4.x victory, 7.x economic collapse, 11.19-11.20 fortresses and German works, and the turn order (5.2)."""

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
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
        # 11.19 asks the set-up facts, not the terrain
        if not self.is_city(data, hex_id, "11.19") or self.start_control(data, hex_id, "11.19") != "german":
            return f"{hex_id} is not a city the German controlled at the start of the game (11.19)"
        if hex_id in state.get("fortress_lost", []):
            return f"{hex_id} was captured by the Alliance and can never again be a fortress (11.20)"
        if not any(self.army_of(data, u) == "german" for u in self.stacks(state).get(hex_id, [])):
            return f"no German unit occupies {hex_id} (11.19)"
        if hex_id in fortresses:
            return f"{hex_id} is already a fortress (11.19)"
        most = self.once(data, numbers.integer, "game.movement.fortresses_on_map_max", "the most fortresses on the map (11.19)")
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
        works = self.works(data, hex_id, "11.20")
        if camp(army) == "alliance" and works in ("fortification", "heavy_fortification", "usir") \
                and not state["destroyed"].get(hex_id):
            state["destroyed"][hex_id] = True
            events.append({"event": "destroyed", "hex": hex_id, "works": works, "rule": "11.20"})

    def take_control(self, data: GameData, state: dict, hex_id: str, army: str, events: list) -> None:
        """3.9: control of a city switches when an enemy ground unit first enters it; 4.3 fanaticism."""
        if not self.is_city(data, hex_id, "3.9"):
            return
        if self.controller(data, state, hex_id, "3.9") == camp(army):
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
        if camp(army) == "alliance" and self.plays(data, 6):
            self.remove_hungarians(data, state, hex_id, events)
        if army == "german":
            vp = self.city_vp(data, hex_id)
            state["fanaticism_vp"] += vp
            events.append({"event": "fanaticism", "hex": hex_id, "vp": vp, "rule": "4.3"})

    def remove_hungarians(self, data: GameData, state: dict, hex_id: str, events: list) -> None:
        """13.14 (behaviour 6): "Remove any surviving Hungarian units the instant Budapest becomes
        Alliance controlled." They go to the deadpile, whence German-side units never return (9.10)."""
        if hex_id != self.once(data, numbers.text, "special.hungarian_and_italian_fascist.budapest_hex", "Budapest's hex (13.14)"):
            return
        gone = sorted(u for u in state["units"] if self.counter(data, u).get("nationality") == "hungarian")
        for unit_id in gone:
            del state["units"][unit_id]
            state["eliminated"].append(unit_id)
        if gone:
            events.append({"event": "hungarians_removed", "hex": hex_id, "units": gone, "rule": "13.14"})

    def city_vp(self, data: GameData, hex_id: str) -> int:
        """4.2: the VP listed for the hex, else those of a named city (Berlin 5; Vienna, Prague,
        Budapest, Warsaw, Kiev 2) placed there, else the default (1). A named city whose hex the
        data lacks might be this one: that refuses, naming map.places.NAME.hex."""
        vp = self.hex_fact(data, hex_id, "vp", f"the victory points of the city in {hex_id} (4.2)")
        if vp is not None:
            if not isinstance(vp, int) or isinstance(vp, bool):
                raise PbemError(f"map.hexes.{hex_id}.vp must be a whole number, not {vp!r}")
            return vp
        default = self.once(data, numbers.integer, "map.vp_default", "the default city VP (4.2)")
        grid = self.grid(data)
        places = data.get("map.places", "the named cities (4.2)")
        for name in sorted(k for k in places if isinstance(places[k], dict)):
            place = {k: unwrap(v) for k, v in places[name].items()}
            if place.get("city") is not True or place.get("wwiii_only") is True or not isinstance(place.get("vp"), int) or place["vp"] == default:
                continue
            where = place.get("hex", "unknown")
            if where == "unknown":
                raise UnknownDataError(f"map.places.{name}.hex", f"the hex of {name} ({place['vp']} VP), to know whether "
                                       f"{hex_id} is it (4.2)", "the map sheets", data.override_file)
            if grid.canonical(str(where)) == hex_id:
                return int(place["vp"])
        return default

    def cities(self, data: GameData) -> dict[str, int]:
        """Every city hex of the map (outside Switzerland, 4.2) and its VP, to count victory (4.4):
        a listed hex whose `city` flag is unknown, a named city whose hex is unknown, and a map not
        yet listed whole (`map.hexes_complete`) each refuse: no city is silently left out."""
        def build() -> dict[str, int]:
            grid = self.grid(data)
            listed = {grid.canonical(h): h for h in self.hexes(data)}
            found = {h: self.city_vp(data, h) for h in sorted(listed) if self.is_city(data, listed[h], "4.4")}
            complete = data.get("map.hexes_complete", "whether every hex (and so every city) of both map sheets is "
                                "listed, to count the cities' VPs (4.4)")
            if complete is not True:
                raise UnknownDataError("map.hexes_complete", "every city of both map sheets listed, to count the cities' VPs (4.4)",
                                       "the campaign's own map entry", data.override_file)
            swiss = self.region(data, "switzerland", "4.2") if found else set()
            return {h: vp for h, vp in found.items() if h not in swiss}
        with self.state_map(data, {}):          # the printed cities, whatever state is adjudicated (13.8)
            return data.derived("smithereens.cities", build)

    def game_ends_after(self, data: GameData, state: dict) -> bool:
        """Whether the player turn now playing is the last one (4.4: the last German player turn)."""
        order = self.turn_order(data, state)
        return state["army"] == order[-1] and state["turn"] >= state["last_turn"]

    def turn_order(self, data: GameData, state: dict) -> tuple[str, ...]:
        """5.2: Soviet, Western, German (14.5 in the WWIII scenarios: wwiii.py)."""
        return self.once(data, numbers.texts, "game.sequence_of_play.player_turn_order", "the order of the player turns (5.2)")

    def check_collapse(self, data: GameData, state: dict, events: list) -> None:
        """7.3: the German economy collapses the instant (here: at the end of the step in which)
        all four Ruhr cities have been lost at some time, Berlin is Alliance-controlled, or no path
        of at most 20 hexes free of Alliance units joins a German-held Ruhr city to Berlin."""
        if state.get("level") != "standard" or state.get("collapsed"):
            return
        ruhr, berlin = self.ruhr_cities(data), self.berlin(data)
        control = {h: self.controller(data, state, h, "the economic collapse (7.3)") for h in ruhr + (berlin,)}
        reason = None
        if set(ruhr) <= set(state["ruhr_lost"]):
            reason = f"all {spelled(len(ruhr))} Ruhr cities have been lost (7.3 1)"
        elif control[berlin] == "alliance":
            reason = "Berlin is under Alliance control (7.3 2)"
        else:
            longest = self.once(data, numbers.integer, "economy.collapse.path_hexes", "the longest Ruhr-Berlin path (7.3)")
            held = [h for h in ruhr if control[h] == "german"]
            with self.blocking_kept(data, state):        # the lines only read the state
                joined = any(self.line(data, state, h, "german", lambda x: x == berlin, set(), ("7.3", berlin), max_length=longest)
                             for h in held)
            if not joined:
                reason = f"no path of {longest} hexes or fewer, free of Alliance units, from a German Ruhr city to Berlin (7.3 3)"
        if reason:
            state["collapsed"] = True
            events.append({"event": "collapse", "why": reason, "rule": "7.3"})

    def next_player_turn(self, data: GameData, state: dict) -> None:
        """5.2: the Soviet, Western Allied and German player turns, in that order, make a game turn."""
        order = list(self.turn_order(data, state))
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
        if state["army"] != "german" and not state.get("game_over") and "wwiii" not in state:
            self.note_yugoslavs_free(data, state)

    def note_yugoslavs_free(self, data: GameData, state: dict) -> None:
        """10.23: a Grand Alliance player turn begins with Zagreb and Belgrade both Alliance
        controlled: the Yugoslav units may leave Yugoslavia from now on. Known only if the data
        gives both cities' hexes; otherwise a Yugoslav unit leaving is refused naming them."""
        if state.get("yugoslavs_free"):
            return
        cities = self.yugoslav_cities(data)
        try:
            free = cities is not None and all(self.controller(data, state, h, "10.23") == "alliance" for h in cities)
        except UnknownDataError:
            return
        if free:
            state["yugoslavs_free"] = True

    def yugoslav_cities(self, data: GameData) -> list[str] | None:
        """Zagreb's and Belgrade's hexes (10.23), or None where the data lacks one (if_known: every
        player turn asks)."""
        return self.if_known(data, "smithereens.yugoslav_cities", lambda: [
            self.grid(data).canonical(self.once(data, numbers.text, f"map.places.{name}.hex", f"{name}'s hex (10.23)"))
            for name in ("Zagreb", "Belgrade")])

    def end_player_turn(self, data: GameData, state: dict, events: list) -> None:
        self.next_player_turn(data, state)
        if state.get("game_over"):
            events.append(self.victory(data, state))

    def german_vp(self, data: GameData, state: dict) -> tuple[int, int]:
        """4.4: the VPs of the cities then German-controlled, and the total with fanaticism VPs."""
        struck = set(self.map_overlay(data, state))         # 13.8: no longer a city "for all purposes"
        cities = sum(vp for h, vp in self.cities(data).items()
                     if h not in struck and self.controller(data, state, h, "victory, 4.4") == "german")
        return cities, cities + state["fanaticism_vp"]

    def victory(self, data: GameData, state: dict) -> dict:
        """4.4: German VPs = German-controlled city VPs + fanaticism VPs; more than 6 wins."""
        cities, total = self.german_vp(data, state)
        threshold = self.once(data, numbers.integer, "victory.determination.german_wins_if_more_than", "the German victory threshold (4.4)")
        winner = "german" if total > threshold else "alliance"
        state["winner"] = winner
        return {"event": "victory", "city_vp": cities, "fanaticism_vp": state["fanaticism_vp"], "total": total, "winner": winner, "rule": "4.4"}

    def victory_problem(self, data: GameData, state: dict) -> None:
        """Before the step that ends the game (4.4): every value the count needs is known, or the
        check reports the first one missing (it refuses with UnknownDataError)."""
        if self.game_ends_after(data, state):
            self.german_vp(data, state)
            self.once(data, numbers.integer, "victory.determination.german_wins_if_more_than", "the German victory threshold (4.4)")
