"""14.x The WWIII Straight-Up Scenario (behaviour 6): two seats, Soviet and Western, enemies of each
other (components.WWIII makes them two camps); the set-up deployment (14.2) as two placement files,
Allied then Soviet; the game starts at the Soviet Prepared Assault Phase of Game Turn 11 (14.5).

The scenario file's `play:` block (scenarios/smithereens/wwiii_straight_up.yaml) gives every
number; it is copied into the save at set-up (`state["wwiii"]["play"]`), so a running campaign
keeps the values it began with. Map facts (the demarcation lines, Switzerland, the cities) are the
rules data's, `unknown` until a campaign's override gives them (refused naming the path).
"""

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from .components import spelled
from .wwiii_guerrillas import UkrainianRules
from .wwiii_setup import play

ABOMB = "a_bomb"
WWIII_EVENTS = ("yugoslavia_invaded", "guerrillas", "guerrillas_return", "wwiii_victory", "a_bomb", "a_bomb_roll", "turn_15_check", "swiss_neutrality_violated")


# What a WWIII Straight-Up campaign's header lists as not adjudicated (each with why); the
# historical campaigns keep the game's `not_enforced` list.
WWIII_NOT_ENFORCED: tuple[str, ...] = ()
# 14.19: what a segue campaign adds (its start is built from the old campaign's final save)
SEGUE_NOT_ENFORCED = (
    "14.19 control of the cities when WWIII begins: the text does not say who of the two former allies holds "
    "each; pbem reads the demarcation line as for the Straight-Up scenario (east of the WWIII line Soviet, in or "
    "west of it Western Allied; Zurich and Bern Allied)",
)


class WorldWarThreeRules(UkrainianRules):
    def not_enforced_in(self, options: dict, scenario: dict) -> list:
        if scenario.get("scenario") not in ("wwiii_straight_up", "wwii_into_wwiii"):
            return super().not_enforced_in(options, scenario)
        listed = self.not_enforced_for(options)
        segue = SEGUE_NOT_ENFORCED if scenario.get("scenario") == "wwii_into_wwiii" else ()
        return [listed[0], *(listed[1:2] if options.get("level") != "standard" else []), *WWIII_NOT_ENFORCED, *segue]

    # -- the map the state lays over (14.3, 14.13) -------------------------------------------------
    def map_overlay(self, data: GameData, state: dict) -> dict[str, dict]:
        """14.3: the Thunderclapped city "is treated as rough terrain" but stays a city ("its VP value
        is still counted"); 14.13: an A-bombed hex "has the properties of a rough terrain hex"."""
        if "wwiii" not in state:
            return super().map_overlay(data, state)
        return {h: {"terrain": "rough"} for h in state["wwiii"]["rough"]}

    # -- 14.5 turn order; 14.17 odds line; 14.8 replacements -----------------------------------------
    def turn_order(self, data: GameData, state: dict) -> tuple[str, ...]:
        if "wwiii" in state:
            return tuple(play(state, "turn_order"))     # 14.5: the Soviet player turn first, no German one
        return super().turn_order(data, state)

    def line_of(self, data: GameData, state: dict, order: dict, army: str) -> str:
        """14.17: "starting with Game Turn 16 (I August), the Soviet player must begin using the
        "German" odds ratio line on the CRT in all his attacks" (PAs and MAs)."""
        if "wwiii" in state and army == "soviet" and state["turn"] >= play(state, "soviet_german_odds_line_from_turn"):
            return "german"
        return super().line_of(data, state, order, army)

    def replacement_rate_in(self, data: GameData, state: dict, army: str) -> tuple[int, dict[str, int], str]:
        """14.8: "Soviet replacements are dropped to only two steps per turn ... no more than one of
        which may be mechanized"; the Western Allied rate is unchanged (9.14)."""
        if "wwiii" in state and army == "soviet":
            rate = play(state, "soviet_replacements")
            return int(rate["steps_per_game_turn"]), {"mech": int(rate["max_mechanized"])}, "14.8"
        return super().replacement_rate_in(data, state, army)

    def replacement_problem(self, data: GameData, state: dict, army: str, unit_id: str, steps: Any,
                            used: dict[str, int], per_unit: dict[str, int]) -> str | None:
        if "wwiii" in state and isinstance(unit_id, str) and unit_id in self.known_units(data):
            nationality = self.counter(data, unit_id).get("nationality")
            if nationality == "swiss":
                return "there are no Swiss replacements (14.16)"
            if nationality == "yugoslavian":
                return "there are no Yugoslavian replacements in the WWIII scenarios (14.2)"
            if nationality == "vlassov":
                return f"{unit_id} is the Vlassov Army: it may not receive replacements (14.10)"
        return super().replacement_problem(data, state, army, unit_id, steps, used, per_unit)

    def known_units(self, data: GameData) -> set[str]:
        return set(data.get("units.counters", "the unit counters"))

    # -- 14.2 the neutral Yugoslavs ----------------------------------------------------------------------
    def is_yugoslav(self, data: GameData, unit_id: object) -> bool:
        return isinstance(unit_id, str) and unit_id in self.known_units(data) and \
            self.counter(data, unit_id).get("nationality") == "yugoslavian"

    def yugoslav_unit_problem(self, data: GameData, state: dict, unit_id: str, hexes: list[str]) -> str | None:
        """14.2: "Until that happens, the Soviet may maneuver the Yugoslav units within their country"."""
        if "wwiii" in state and not state["wwiii"].get("yugoslavia_violated"):
            home = self.region(data, "yugoslavia", "14.2")
            outside = [h for h in hexes if h not in home]
            if outside:
                return f"{unit_id} is Yugoslav and stays inside Yugoslavia ({outside[0]}) until the Western Allies invade it (14.2)"
            return None
        return super().yugoslav_unit_problem(data, state, unit_id, hexes)

    def attacker_problem(self, data: GameData, state: dict, army: str, unit_id: str, target: str, used: set[str]) -> str | None:
        """14.2: the Yugoslav units "may not attack while still unviolated"."""
        if "wwiii" in state and not state["wwiii"].get("yugoslavia_violated") and self.is_yugoslav(data, unit_id):
            return f"{unit_id} is Yugoslav and may not attack until the Western Allies invade Yugoslavia (14.2)"
        return super().attacker_problem(data, state, army, unit_id, target, used)

    # -- 14.10 the Vlassov Army ------------------------------------------------------------------------
    def is_vlassov(self, data: GameData, unit_id: object) -> bool:
        return isinstance(unit_id, str) and unit_id in self.known_units(data) and self.counter(data, unit_id).get("nationality") == "vlassov"

    def nearest_to_prague(self, data: GameData, state: dict) -> set[str]:
        """14.10: "the Allied-controlled city nearest to Prague at that point" (equally near ones: any of them)."""
        prague, grid = self.place_hex(data, "Prague", "14.10"), self.grid(data)
        held = [h for h in self.wwiii_cities(data, state) if self.controller(data, state, h, "14.10") == "western"]
        if not held:
            return set()
        nearest = min(grid.distance(h, prague) for h in held)
        return {h for h in held if grid.distance(h, prague) == nearest}

    def unit_entry_kind(self, data: GameData, state: dict, army: str, unit_id: str, hex_id: str) -> str | None:
        if "wwiii" in state and self.is_vlassov(data, unit_id):
            return "city" if hex_id in self.nearest_to_prague(data, state) else None
        return super().unit_entry_kind(data, state, army, unit_id, hex_id)

    def entry_problem(self, data: GameData, state: dict, army: str, order: dict, arrivals: dict) -> str | None:
        path = order.get("path")
        if "wwiii" in state and self.is_vlassov(data, order.get("enter")) and isinstance(path, list) and path:
            nearest = self.nearest_to_prague(data, state)
            try:
                first = self.grid(data).canonical(str(path[0]))
            except ValueError as exc:
                return str(exc)
            if first not in nearest:
                return (f"{order['enter']} enters through the Allied-controlled city nearest to Prague "
                        f"({', '.join(sorted(nearest)) or 'none'}), not {first} (14.10)")
        return super().entry_problem(data, state, army, order, arrivals)

    def mobile_assault_problem(self, data: GameData, view: dict, mobile: dict, order: dict, alone: bool, moved: set[str]) -> str | None:
        units = order.get("with")
        if "wwiii" in view and "air" in order:
            return "there is no tactical air in the WWIII scenarios: the Soviet aircraft unit is removed (14.2)"
        if "wwiii" in view and isinstance(units, list) and any(self.is_vlassov(data, u) for u in units):
            return "the Vlassov Army is mechanized, but it may not make MAs (14.10)"
        if "wwiii" in view and isinstance(units, list) and not view["wwiii"].get("yugoslavia_violated") \
                and any(self.is_yugoslav(data, u) for u in units):
            return "the Yugoslav units may not attack until the Western Allies invade Yugoslavia (14.2)"
        return super().mobile_assault_problem(data, view, mobile, order, alone, moved)

    # -- 14.9 Soviet supply; 14.16 the Swiss always supplied in Switzerland ------------------------------
    def in_supply(self, data: GameData, state: dict, unit_id: str, hex_id: str | None = None) -> bool:
        if "wwiii" not in state or state.get("level") != "standard":
            return super().in_supply(data, state, unit_id, hex_id)
        hex_id = hex_id or state["units"][unit_id]["hex"]
        if self.is_swiss(data, unit_id):
            return hex_id in self.region(data, "switzerland", "14.16")      # 14.16: "always in supply in Switzerland"
        if self.army_of(data, unit_id) == "soviet" and state["turn"] <= play(state, "soviet_supply_unlimited_through_turn"):
            # 14.9: "Up through the end of Game Turn 15, Soviet supply lines are freed from the length limit given in 6.6"
            return self.line(data, state, hex_id, "soviet", self.soviet_source(data), set(), ("14.9",))
        return super().in_supply(data, state, unit_id, hex_id)

    # -- 14.16 Swiss units; 8.6 Swiss stacking ------------------------------------------------------
    def is_swiss(self, data: GameData, unit_id: str) -> bool:
        return self.counter(data, unit_id).get("nationality") == "swiss"

    def grouping(self, data: GameData, unit_id: str) -> str | None:
        """8.5's groupings are Commonwealth and US; the Swiss are their own (14.16: never with other Allies)."""
        return "swiss" if self.plays(data, 6) and self.is_swiss(data, unit_id) else super().grouping(data, unit_id)

    def stacking_problem(self, data: GameData, units: list[str]) -> str | None:
        """14.16: Swiss units "never stack with ... any other Allied units"; 8.6: "Swiss stacking is
        the same as Western Allied Stacking, three units per hex"."""
        swiss = [u for u in units if self.is_swiss(data, u)] if self.plays(data, 6) else []
        if not swiss:
            return super().stacking_problem(data, units)
        if len(swiss) < len(units):
            return "Swiss units never stack with any other units (14.16, 8.6)"
        limit = numbers.integer(data, "game.stacking.limits.swiss", "the Swiss stacking limit (8.6)")
        return f"more than {spelled(limit)} Swiss units (8.6)" if len(units) > limit else None

    def move_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        """14.2: "Swiss units may not move unless that country's neutrality is violated by the Soviet
        player"; 14.16: "Swiss units never leave Switzerland (even after a Soviet invasion of their country)"."""
        unit_id, path = order.get("move"), order.get("path")
        if "wwiii" in view and isinstance(unit_id, str) and unit_id in view["units"] and self.is_swiss(data, unit_id) \
                and isinstance(path, list) and len(path) > 1:
            if not view["wwiii"]["swiss_violated"]:
                return f"{unit_id} is Swiss and may not move until the Soviet player violates Switzerland's neutrality (14.2)"
            inside = self.region(data, "switzerland", "14.16")
            outside = [str(h) for h in path[1:] if self.grid(data).canonical(str(h)) not in inside]
            if outside:
                return f"{unit_id} is Swiss and never leaves Switzerland ({outside[0]}) (14.16)"
        return super().move_problem(data, view, army, order, moved)

    def entry_cost(self, data: GameData, state: dict, unit_id: str, a: str, b: str) -> tuple[int | None, str]:
        """14.16: the Swiss "pay only 1 MP per hex no matter what its actual terrain type (plus any
        river-crossing costs)"."""
        cost, reason = super().entry_cost(data, state, unit_id, a, b)
        if cost is None or "wwiii" not in state or not self.is_swiss(data, unit_id):
            return cost, reason
        river = self.river_extra_mp(data, state, unit_id) if {"river", "rhine"} & set(self.hexside(data, a, b)) else 0
        return int(play(state, "swiss_mp_per_hex")) + river, ""

    def flies(self, data: GameData, state: dict) -> bool:
        """14.2: "Also remove the Soviet aircraft unit"; the German air is gone with the Germans."""
        return False if "wwiii" in state else super().flies(data, state)

    def attack_problems(self, data: GameData, state: dict, army: str, order: dict, used: set[str], targets: set[str]) -> list[str]:
        """14.16: Swiss units never "co-operate in attacks with any other Allied units"."""
        if "wwiii" in state and "air" in order:
            return ["there is no tactical air in the WWIII scenarios: the Soviet aircraft unit is removed (14.2)"]
        problems = super().attack_problems(data, state, army, order, used, targets)
        units = [u for u in order.get("with", []) if isinstance(u, str) and u in state["units"]]
        if "wwiii" in state and any(self.is_swiss(data, u) for u in units) and not all(self.is_swiss(data, u) for u in units):
            problems.append("Swiss units never co-operate in attacks with any other Allied units (14.16)")
        advance = order.get("advance")
        if "wwiii" in state and not problems and isinstance(advance, list) and advance:
            target = self.grid(data).canonical(str(order["attack"]))
            problems += [reason for reason in (self.wwiii_entry_problem(data, state, u, target) for u in advance) if reason]
        return problems

    def wwiii_entry_problem(self, data: GameData, state: dict, unit_id: str, hex_id: str) -> str | None:
        """Where a unit may never go, by advance or retreat as by movement: the Swiss out of Switzerland
        (14.16), a German-Allied unit into 14.15's areas, a Soviet unit into a separatists' hex (14.11)."""
        if unit_id not in state["units"]:
            return None
        if self.is_swiss(data, unit_id) and hex_id not in self.region(data, "switzerland", "14.16"):
            return f"{unit_id} is Swiss and never leaves Switzerland ({hex_id}) (14.16)"
        if self.is_german_allied(state, unit_id):
            return self.german_allied_problem(data, state, unit_id, [hex_id])
        if self.army_of(data, unit_id) == "soviet" and self.guerrillas_in(data, state, hex_id):
            return f"{unit_id} may not enter {hex_id}: the Ukrainian separatists' factor resists Soviet entry (14.11)"
        return None

    def retreat_step_problem(self, data: GameData, state: dict, unit_id: str, path: list[str]) -> str | None:
        if "wwiii" in state:
            for hex_id in path[1:]:
                try:
                    reason = self.wwiii_entry_problem(data, state, unit_id, self.grid(data).canonical(str(hex_id)))
                except ValueError:
                    break                             # refused by the retreat's own check
                if reason:
                    return reason
        return super().retreat_step_problem(data, state, unit_id, path)

    def other_camp_next_to(self, data: GameData, state: dict, army: str, hex_id: str) -> bool:
        """10.36 is the WWII meeting of two allies; in WWIII the Soviet and the Western Allies are
        enemies (14.1; game.movement.restrictions.soviet_western_meeting.applies)."""
        return False if "wwiii" in state else super().other_camp_next_to(data, state, army, hex_id)

    def bomber_problems(self, data: GameData, state: dict, army: str, order: dict, target: str, defenders: list[str],
                        bombed: list[str]) -> list[str]:
        """14.18: "The Allied player has the WWII heavy bomber unit available for one combat assist
        during every one of his player turns" (13.7's two uses a game do not apply; one a turn does)."""
        if "wwiii" in state:
            state = dict(state, bombers_used=[])
        return super().bomber_problems(data, state, army, order, target, defenders, bombed)

    def kiev(self, data: GameData) -> str:
        return self.place_hex(data, "Kiev", "14.12")

    def resolve(self, data: GameData, state: dict, army: str, order: dict, dice: Dice, columns: list[str]) -> dict:
        """14.12: "The first time (only!) the Allies launch a PA (not MA) into ... Kiev ... The Allied
        player rolls one die after calculating his combat odds; that result is the number of
        rightward CRT odds shifts his attack receives"."""
        wwiii = state.get("wwiii")
        if not wwiii or army != "western" or wwiii.get("kiev_partisans") \
                or self.grid(data).canonical(str(order["attack"])) != self.kiev(data):
            return super().resolve(data, state, army, order, dice, columns)
        wwiii["kiev_partisans"] = dice.roll("kiev-partisans", self.die_faces(data), about="the Kiev partisans' shifts (14.12)")
        try:
            return super().resolve(data, state, army, order, dice, columns)
        finally:
            wwiii["kiev_partisans_done"] = True

    def column_shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list[Shift]:
        shifts = super().column_shifts(data, state, attack, defender_hex, army)
        wwiii = state.get("wwiii") or {}
        if army == "western" and wwiii.get("kiev_partisans") and not wwiii.get("kiev_partisans_done") and defender_hex == self.kiev(data):
            shifts.append(Shift(int(wwiii["kiev_partisans"]), "the Kiev partisans' die", "14.12"))
        return shifts

    # -- entering hexes: 14.6 sudden death, Swiss neutrality violated, the Swiss cities ------------------
    def enter_hex(self, data: GameData, state: dict, hex_id: str, army: str, events: list, dice: Dice | None = None) -> None:
        super().enter_hex(data, state, hex_id, army, events, dice)
        if "wwiii" not in state or state.get("game_over"):
            return
        wwiii = state["wwiii"]
        if army == "western" and not wwiii.get("yugoslavia_violated") and hex_id in self.region(data, "yugoslavia", "14.2"):
            wwiii["yugoslavia_violated"] = True             # 14.2: "unless the Western Allied player elects to invade"
            state["yugoslavs_free"] = True                  # from now on 10.23's four hexes bound them, not 14.2
            events.append({"event": "yugoslavia_invaded", "hex": hex_id, "rule": "14.2"})
        if army == "soviet" and not wwiii["swiss_violated"] and hex_id in self.region(data, "switzerland", "14.2"):
            wwiii["swiss_violated"] = True
            events.append({"event": "swiss_neutrality_violated", "hex": hex_id, "rule": "14.2"})
        swiss_cities = self.swiss_cities(data, state)
        if hex_id in swiss_cities and state["control"].get(hex_id) != army:
            state["control"][hex_id] = army                                # 3.9, 14.6: Zurich and Bern count
            events.append({"event": "control", "hex": hex_id, "now": army, "rule": "3.9"})
        if army == "soviet" and hex_id in self.sudden_death_hexes(data, state):
            # 14.6: "The Soviet may also be declared the winner at any instant one of his units enters Antwerp or Zurich."
            state["game_over"] = True
            state["winner"] = "soviet"
            events.append({"event": "wwiii_victory", "winner": "soviet", "rule": "14.6",
                           "why": f"A Soviet unit entered {hex_id}: the Soviet wins at that instant (14.6)."})

    def sudden_death_hexes(self, data: GameData, state: dict) -> set[str]:
        return {self.place_hex(data, name, "14.6") for name in play(state, "sudden_death_places")}

    def swiss_cities(self, data: GameData, state: dict) -> set[str]:
        return {self.place_hex(data, name, "14.6") for name in play(state, "swiss_cities")}

    def place_hex(self, data: GameData, name: str, rule: str) -> str:
        if name == "Antwerp":
            return self.grid(data).canonical(self.antwerp(data))
        return self.grid(data).canonical(numbers.text(data, f"map.places.{name}.hex", f"{name}'s hex ({rule})"))

    # -- 14.6 / 14.7 victory ------------------------------------------------------------------------
    def wwiii_cities(self, data: GameData, state: dict) -> dict[str, int]:
        """14.6: the WWII scenario's cities "but now also adding Zurich and Bern 1 VP each"; 14.3:
        the Thunderclapped city's "VP value is still counted" (cities() reads the printed map)."""
        cities = dict(self.cities(data))
        for hex_id in sorted(self.swiss_cities(data, state)):
            cities[hex_id] = self.city_vp(data, hex_id)
        return cities

    def held_vp(self, data: GameData, state: dict, army: str, hexes: set[str] | None = None) -> int:
        return sum(vp for h, vp in self.wwiii_cities(data, state).items()
                   if (hexes is None or h in hexes) and self.controller(data, state, h, "victory, 14.6") == army)

    def victory(self, data: GameData, state: dict) -> dict:
        """14.6: at the end of Game Turn 20 the Allies win with 65 VPs or more, else the Soviet."""
        if "wwiii" not in state:
            return super().victory(data, state)
        held = self.held_vp(data, state, "western")
        need = int(play(state, "allied_vp_to_win"))
        state["winner"] = "western" if held >= need else "soviet"
        return {"event": "wwiii_victory", "western_vp": held, "needed": need, "winner": state["winner"], "rule": "14.6",
                "why": f"End of Game Turn {state['turn']}: the Allies control {held} VP of cities ({need} or more win)."}

    def victory_problem(self, data: GameData, state: dict) -> None:
        if "wwiii" not in state:
            return super().victory_problem(data, state)
        if self.game_ends_after(data, state):
            self.held_vp(data, state, "western")
        return None

    def end_player_turn(self, data: GameData, state: dict, events: list) -> None:
        """14.7: "at the very end of Game Turn 15 (July). If at that time the Soviet player's forces
        don't control at least 5 VPs worth of cities in and/or west of the WWIII demarcation line, the
        Allied player is declared the winner" (supply and cities east of the line do not matter)."""
        check = play(state, "turn_15_check") if "wwiii" in state else None
        ending = check is not None and state["turn"] == int(check["turn"]) and state["army"] == self.turn_order(data, state)[-1]
        super().end_player_turn(data, state, events)
        if check is None or not ending or state.get("game_over"):
            return
        east = self.region(data, "east_of_wwiii_demarcation_line", "14.7")
        west = {h for h in self.wwiii_cities(data, state) if h not in east}
        held = self.held_vp(data, state, "soviet", west)
        won = held < int(check["soviet_vp_min"])
        events.append({"event": "turn_15_check", "soviet_vp_in_or_west_of_line": held, "needed": int(check["soviet_vp_min"]),
                       "allied_win": won, "rule": "14.7"})
        if won:
            state.update(game_over=True, winner="western")
            events.append({"event": "wwiii_victory", "winner": "western", "rule": "14.7",
                           "why": f"End of Game Turn {check['turn']}: the Soviet controls {held} VP of cities in or west of the "
                                  f"WWIII demarcation line, fewer than {check['soviet_vp_min']} (14.7)."})

    # -- 14.13 / 14.14 A-bombs ------------------------------------------------------------------------
    def a_bombs_available(self, state: dict) -> int:
        rule = play(state, "a_bombs")
        arrived = int(rule["arrive_count"]) if state["turn"] >= int(rule["arrive_turn"]) else 0
        bombs = state["wwiii"]["a_bombs"]
        return arrived + int(bombs["won"]) - len(bombs["used"])

    def a_bomb_problem(self, data: GameData, state: dict, order: dict, placed: list[str]) -> str | None:
        """14.13: at the start of an Allied player turn, "atop any non-city hex on the map"; never a
        hex containing his own units."""
        value = order.get(ABOMB)
        if set(order) != {ABOMB} or not isinstance(value, str):
            return "an A-bomb is `a_bomb: HEX` alone (14.13)"
        if "wwiii" not in state or state["army"] != "western":
            return "only the Allied player drops A-bombs, in the WWIII scenarios (14.13)"
        if state.get("mobile") or state.get("wwiii", {}).get("movement_begun"):
            return "an A-bomb is placed at the start of the Allied player turn, in the Movement Phase's first file (14.13)"
        try:
            hex_id = self.grid(data).canonical(value)
        except ValueError as exc:
            return str(exc)
        if len(placed) >= self.a_bombs_available(state):
            return f"the Allied player has {spelled(self.a_bombs_available(state))} A-bomb(s) to use now (14.13, 14.14)"
        if self.is_city(data, hex_id, "14.13"):
            return f"{hex_id} is a city: A-bombs go on non-city hexes only (14.13)"
        if any(self.army_of(data, u) == "western" for u in self.stacks(state).get(hex_id, [])):
            return f"{hex_id} holds Allied units: the Allied player may not A-bomb a hex containing his own units (14.13)"
        placed.append(hex_id)
        return None

    def split_bombs(self, data: GameData, state: dict, orders: list) -> tuple[list[Problem], list, list[int]]:
        problems, rest, kept, placed = [], [], [], []        # type: tuple[list[Problem], list, list[int], list[str]]
        for index, order in enumerate(orders):
            if isinstance(order, dict) and ABOMB in order:
                reason = self.a_bomb_problem(data, state, order, placed)
                if reason:
                    problems.append(Problem(index, reason))
            else:
                rest.append(order)
                kept.append(index)
        return problems, rest, kept

    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        if "wwiii" not in state:
            return super().check_movement(data, state, side, orders)
        problems, rest, kept = self.split_bombs(data, state, orders)
        return problems + [Problem(kept[p.index] if p.index is not None else None, p.message)
                           for p in super().check_movement(data, state, side, rest)]

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if "wwiii" not in state:
            return super().apply_movement(data, state, side, orders, dice)
        events: list[dict] = []
        rest = [o for o in orders if not (isinstance(o, dict) and ABOMB in o)]
        first = state["army"] == "western" and not state.get("mobile") and not state["wwiii"].get("movement_begun")
        for order in orders:
            if isinstance(order, dict) and ABOMB in order:
                self.detonate(data, state, self.grid(data).canonical(str(order[ABOMB])), events)
        if first:
            self.roll_for_bomb(data, state, dice, events)
            state["wwiii"]["movement_begun"] = True
        return events + super().apply_movement(data, state, side, rest, dice)

    def detonate(self, data: GameData, state: dict, hex_id: str, events: list) -> None:
        """14.13: "eliminates any Soviet units underneath the marker at that instant"; the blasted hex
        is rough terrain from then on."""
        gone = sorted(u for u in self.stacks(state).get(hex_id, []) if self.army_of(data, u) == "soviet")
        for unit_id in gone:
            del state["units"][unit_id]
            state["eliminated"].append(unit_id)
        state["wwiii"]["a_bombs"]["used"].append(hex_id)
        state["wwiii"]["rough"] = sorted(set(state["wwiii"]["rough"]) | {hex_id})
        self.renew_map(data, state)
        events.append({"event": "a_bomb", "hex": hex_id, "eliminated": gone, "rule": "14.13"})

    def roll_for_bomb(self, data: GameData, state: dict, dice: Dice, events: list) -> None:
        """14.14: "the Allied player rolls one die at the start of every one of his player turns after
        Game Turn 16. If he rolls a 1, he receives another bomb", never more than four in a game."""
        rule = play(state, "a_bombs")
        bombs = state["wwiii"]["a_bombs"]
        if state["turn"] <= int(rule["extra_roll_after_turn"]) or int(rule["arrive_count"]) + bombs["won"] >= int(rule["most_per_game"]):
            return
        roll = dice.roll(f"a-bomb/{state['turn']}", self.die_faces(data), about="another A-bomb (14.14)")
        won = roll == int(rule["extra_on_roll"])
        if won:
            bombs["won"] += 1
        events.append({"event": "a_bomb_roll", "roll": roll, "won": won, "rule": "14.14"})

    def next_player_turn(self, data: GameData, state: dict) -> None:
        super().next_player_turn(data, state)
        if "wwiii" in state:
            state["wwiii"]["movement_begun"] = False

    def describe(self, data: GameData, state: dict, events: list) -> list:
        if "wwiii" not in state:
            return super().describe(data, state, events)
        lines = super().describe(data, state, [e for e in events if e.get("event") not in WWIII_EVENTS])
        for event in events:
            if event.get("event") == "wwiii_victory":
                lines.append(("h4", "End of game (14.6)"))
                lines.append(("p", event["why"] + f" Winner: {event['winner']}."))
            elif event.get("event") == "guerrillas":
                lines.append(("item", f"Soviet PA on the Ukrainian separatists in {event['hex']}: {event['attack']} to "
                                      f"{event['defense']}, column {event['column']}, die {event['roll']}: {event['result']}"
                                      f"{' — the factor is destroyed' if event['destroyed'] else ''} (14.11)."))
            elif event.get("event") == "yugoslavia_invaded":
                lines.append(("item", f"A Western Allied unit entered Yugoslavia ({event['hex']}): the Yugoslavs are at war (14.2)."))
            elif event.get("event") == "guerrillas_return":
                lines.append(("item", f"No Soviet unit is left in {event['hex']}: the separatists' factor returns (14.11)."))
            elif event.get("event") == "a_bomb":
                lines.append(("item", f"A-bomb on {event['hex']}: eliminated {', '.join(event['eliminated']) or 'nothing'}; the hex is rough terrain (14.13)."))
            elif event.get("event") == "a_bomb_roll":
                lines.append(("item", f"A-bomb die: {event['roll']}{' — another A-bomb' if event['won'] else ''} (14.14)."))
            elif event.get("event") == "turn_15_check":
                lines.append(("item", f"Turn 15 check: the Soviet holds {event['soviet_vp_in_or_west_of_line']} VP in or west of the "
                             f"WWIII line (needs {event['needed']}){' — the Allied player wins' if event['allied_win'] else ''} (14.7)."))
            elif event.get("event") == "swiss_neutrality_violated":
                lines.append(("item", f"A Soviet unit entered Switzerland ({event['hex']}): the Swiss may move (14.2)."))
        return lines

