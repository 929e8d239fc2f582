"""Operation Grenade (Victory in the West standard rules 1.0-14.0 + exclusive rules 15.0-28.0).

Rule numbers refer to ../shared/rulebooks/operation-grenade.txt. Every number comes from
rules/operation-grenade/*.yaml or the campaign's data override (map, counters, strength chits,
CRT cells, Terrain Effects Chart, Weather Table); a missing one stops the step with
UnknownDataError naming the data path, before any die is rolled for the combat that needs it.

Strength chits (8.0): a regiment or brigade draws its chit at random, with the two-party dice,
from the pool of its morale rating at its first combat, immediately before the combat's die roll
(8.33, 8.41). The enemy may examine it at that moment (8.42), so the draw hides nothing the rules
hide; what the rules hide afterwards (8.42: no look until the next combat, no written notes) is
honoured in what each side is shown (`unit_label`, `positions`, `pbem report --side`): a side sees
its own chits, the enemy's only as the strengths used in the combats that examined them.
The rule groups live beside this file (supply, reinforcements, shifts, divisions, support, rhine);
the orders players write and what is enforced: docs/operation-grenade.md.
"""

import copy
from datetime import date, timedelta
from fractions import Fraction

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec, hexside_key
from ..base import Awaiting, GameModule, MapUnit, Outcome, Problem
from . import reinforcements, rhine, supply, support
from .shifts import RIVER_FEATURES, column_shifts as shifts_for, mine_cleared, river_hexside

SIDES = ("allied", "german")
ONE_STEP_SIZES = ("battalion",)                        # 9.82: battalions, artillery, cadres: one step
MECHANIZED = ("tank", "mechanized_infantry", "reconnaissance", "self_propelled_artillery")   # 5.31
ARTILLERY = ("artillery", "self_propelled_artillery")
MAX_STACK = 3                                           # 7.11
LINE_ORDER = ("hilltop_city", "woods_swamp_town", "clear")            # 9.89: most favourable to the defender first
PUBLIC_FORM = {"untried": "untried", "front": "tried", "reduced": "reduced", "cadre": "cadre"}
PHASE_NAMES = {"flood": "Roer flood declaration (17.0)", "d_day": "D-Day declaration (18.0)",
               "movement": "Movement Phase (5.0)", "combat": "Combat Phase (9.0)"}
ORDER_KEYS = {
    "flood": {"flood"}, "d_day": {"d_day"},
    "movement": {"move", "path", "enter", "ruse", "strategic"},
    "place": {"place", "at"},
    "combat": {"attack", "with", "advance", "advance_path", "artillery", "air"},
    "defend": {"defend", "with", "artillery", "air"},
    "losses": {"combat", "losses", "retreat"},
}


def other(side: str) -> str:
    return "german" if side == "allied" else "allied"


def parse_date(text: str) -> date:
    return date.fromisoformat(str(text))


def corps_of(unit_id: str) -> str:
    """2.22: designations read unit/division/corps (or unit/corps); the corps is the last part."""
    return unit_id.rsplit("/", 1)[-1]


def _text(value):
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def normalise_orders(orders):
    """Hex ids as text: a player may write `attack: 0410` without quotes (it stays 0410)."""
    if not isinstance(orders, list):
        return orders
    result = []
    for order in orders:
        if isinstance(order, dict):
            order = {k: ([_text(v) for v in value] if isinstance(value, list) else _text(value))
                     for k, value in order.items()}
            if isinstance(order.get("retreat"), dict):
                order["retreat"] = {str(k): [_text(h) for h in v] if isinstance(v, list) else v
                                    for k, v in order["retreat"].items()}
        result.append(order)
    return result


class OperationGrenade(GameModule):
    id = "operation-grenade"
    not_enforced = (
        "9.91 retreat priorities; 9.95 deviation of tanks and mechanized infantry on advance; 9.97 retreat path "
        "chosen by the attacker (the other breakthrough effects are enforced); 9.94 advances of a victorious "
        "defender; the attacker's advances are declared with the attack",
        "17.11/17.14 flash-flood valley terrain (the map's Roer valley hexes are not in the data format yet)",
        "7.11 overstacking is refused rather than eliminated; 9.93 combat in a hex holding retreated units; "
        "9.96 retreat off the map (the map's extent is not in the data format yet)",
        "22.23 a ruse for a bridge roll set off by an advance or retreat (only moves may declare one)",
    )

    # -- seats, set-up -------------------------------------------------------------------
    def seats(self, scenario: dict) -> list[list[str]]:
        return [list(SIDES)]                                 # 4.1

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        grid = self.grid(data)
        units: dict = {}
        placed = scenario["scenario"]["setup"]
        for side in SIDES:
            for stack in placed[side]["stacks"]:                # 16.1, 16.2
                for unit_id in stack["units"]:
                    units[unit_id] = {"side": side, "hex": grid.canonical(str(stack["hex"])), "form": "untried"}
        state = {
            "turn": 0, "date": None, "last_turn": None, "phase": "flood", "side": "german",
            "flood": None, "d_day": None, "roer_current": None,
            "weather": None, "mud_turns": [], "strategic_withdrawal": False, "second_corps_released": False,
            "units": dict(sorted(units.items())),
            "pools_out": {"1": [], "2": [], "3": []},           # chits drawn and not yet returned (8.52)
            "moved": [], "left_zoc": [], "combats_fought": 0, "no_zoc": [],
            "combats": [], "awaiting_choice": None,
            "reinforcements": reinforcements.fixed_schedule(data, scenario),   # unit -> {turn, entry}
            "supply": {},                                                       # unit -> status (11.0)
            "entered_turn": {},                                                 # reinforcement -> turn (11.51)
            "last_through": {},
            "bridges": {}, "ruse_used": False, "bridge_crossers": {},             # 22.2, 22.23, 28.21
            "volkssturm_rolled": [], "volkssturm_units": [], "volkssturm_pending": [],   # 21.21, 21.24, 21.12
            "interrupted": {}, "spent": {},                                     # 21.11/22.21: unit -> MP spent
            "game_over": False, "victory": None,
        }
        for unit_id, unit in state["units"].items():
            self.note_passage(data, state, unit["hex"], unit["side"])
        return state

    # -- data accessors --------------------------------------------------------------------
    def grid(self, data: GameData) -> GridSpec:
        if "grid" not in data.cache:
            spec = data.get("game.hex_grid", "the hex grid")
            data.cache["grid"] = GridSpec.from_dict({"numbering": unwrap(spec["numbering"]), "offset": unwrap(spec["offset"])})
        return data.cache["grid"]

    def counter(self, data: GameData, unit_id: str) -> dict:
        counter = data.get(f"units.counters.{unit_id}", f"the counter of {unit_id}")
        return data.require_keys(counter, f"units.counters.{unit_id}", ("type", "size", "movement"), f"unit {unit_id}",
                                 "the unit counter (2.22)")

    def counter_value(self, data, unit_id: str, key: str, what: str):
        value = self.counter(data, unit_id)
        for part in key.split("."):
            value = value.get(part, "unknown") if isinstance(value, dict) else "unknown"
        if value == "unknown":
            raise UnknownDataError(f"units.counters.{unit_id}.{key}", f"{what} of {unit_id}",
                                   "the unit counter (2.22)", data.override_file)
        return value

    def hex_info(self, data, hex_id: str) -> dict:
        hexes = data.get("map.hexes", "the map's hexes")
        info = hexes.get(hex_id)
        if not isinstance(info, dict) or unwrap(info.get("terrain", "unknown")) == "unknown":
            raise UnknownDataError(f"map.hexes.{hex_id}", f"the terrain of hex {hex_id}", "the game map (2.1)", data.override_file)
        return {k: unwrap(v) for k, v in info.items()}

    def on_map(self, data, hex_id: str) -> bool:
        hexes = data.get("map.hexes", "the map's hexes")
        return isinstance(hexes.get(hex_id), dict)

    def terrain(self, data, hex_id: str) -> str:
        return str(self.hex_info(data, hex_id)["terrain"])

    def hexside(self, data, a: str, b: str) -> list:
        sides = data.get("map.hexsides", "hexside features", default={}) or {}
        return list(unwrap(sides.get(hexside_key(a, b), [])) or [])

    def is_mech(self, data, unit_id) -> bool:
        return self.counter(data, unit_id)["type"] in MECHANIZED

    def is_artillery(self, data, unit_id) -> bool:
        return self.counter(data, unit_id)["type"] in ARTILLERY

    def uses_chit(self, data, state, unit_id) -> bool:
        """8.0/8.6: regiments and brigades (kampfgruppen too, 27.22) but not artillery or cadres."""
        return self.regiment_sized(data, state, unit_id) and not self.is_artillery(data, unit_id)

    def exerts_zoc(self, data, state, unit_id) -> bool:
        """6.1: the same units as carry chits (not cadres, artillery or battalions); 9.97
        breakthrough retreaters lose it."""
        return self.uses_chit(data, state, unit_id) and unit_id not in state["no_zoc"]

    def stacks(self, state) -> dict:
        stacks: dict = {}
        for unit_id, unit in sorted(state["units"].items()):
            stacks.setdefault(unit["hex"], []).append(unit_id)
        return stacks

    def side_in(self, state, hex_id: str) -> str | None:
        """Whose units are in hex_id (the two sides never share a hex, 5.21); None if empty."""
        return next((unit["side"] for unit in state["units"].values() if unit["hex"] == hex_id), None)

    def enemy_zoc(self, data, state, side: str) -> set:
        grid, out = self.grid(data), set()
        for unit_id, unit in state["units"].items():
            if unit["side"] != side and self.exerts_zoc(data, state, unit_id):
                out.update(grid.neighbours(unit["hex"]))
        return out

    def mud(self, state) -> bool:
        return state["turn"] in state["mud_turns"]                # 24.21

    # -- phase model -------------------------------------------------------------------------
    def awaiting(self, state: dict) -> Awaiting:
        if state["game_over"]:
            return Awaiting(side="", kind="none", phase="game over (28.0)", done=True)
        choice = state["awaiting_choice"]
        turn = f"Game-Turn {state['turn']} ({state['date']}) " if state["turn"] else "Before the game: "
        if choice:
            what = {"defend": "answer before the rolls: defending regiments and support (7.22, 9.64, 13.13)", "losses": "loss and retreat choice (9.85)",
                    "place": "placement of new Volkssturm units (21.12)"}[choice["kind"]]
            return Awaiting(side=choice["side"], kind="response", opponents=(other(choice["side"]),),
                            phase=f"{turn}{state['side'].capitalize()} {PHASE_NAMES[state['phase']].split(' (')[0]}: "
                                  f"{choice['side']} {what} at {choice['hex']}")
        resumed = " continued after the German roll (21.13)" if state["phase"] == "movement" and state["interrupted"] else ""
        return Awaiting(side=state["side"], kind="orders", opponents=(other(state["side"]),),
                        phase=f"{turn}{state['side'].capitalize()} {PHASE_NAMES[state['phase']]}{resumed}")

    def check(self, data, state, side, orders) -> list[Problem]:
        orders = normalise_orders(orders)
        waiting = self.awaiting(state)
        if waiting.done:
            return [Problem(None, "the game is over (28.0)")]
        if side != waiting.side:
            return [Problem(None, f"{waiting.side} is to act, not {side}")]
        if not isinstance(orders, list) or any(not isinstance(o, dict) for o in orders):
            return [Problem(None, "`orders:` must be a list of mappings")]
        kind = state["awaiting_choice"]["kind"] if state["awaiting_choice"] else state["phase"]
        for index, order in enumerate(orders):
            unknown = sorted(set(order) - ORDER_KEYS[kind])
            if unknown:
                return [Problem(index, f"unknown key(s) {', '.join(unknown)} here (expected {', '.join(sorted(ORDER_KEYS[kind]))})")]
        if kind == "flood":
            return self.check_flood(orders)
        if kind == "d_day":
            return self.check_d_day(data, orders)
        if kind == "movement":
            return self.check_moves(data, copy.deepcopy(state), side, orders)
        if kind == "combat":
            return self.check_attacks(data, state, side, orders)
        if kind == "defend":
            return self.check_defend(data, state, orders)
        if kind == "place":
            why = rhine.check_placement(self, data, state, orders)
            return [Problem(None, why)] if why else []
        return self.check_losses(data, state, orders)

    def apply(self, data, state, side, orders, dice: Dice) -> Outcome:
        orders = normalise_orders(orders)
        self.require_legal(data, state, side, orders)
        events: list = []
        kind = state["awaiting_choice"]["kind"] if state["awaiting_choice"] else state["phase"]
        if kind == "flood":
            state["flood"] = orders[0]["flood"]
            events.append({"event": "flood", "flood": state["flood"], "rule": "17.0"})
            if state["flood"] == "flash_flood":
                self.start_game(data, state, data.get("flood.roer_flood.flash_flood.first_game_turn", "the flash-flood start"), dice, events)
            else:
                state["phase"], state["side"] = "d_day", "allied"
        elif kind == "d_day":
            self.declare_d_day(data, state, orders[0]["d_day"], dice, events)
        elif kind == "movement":
            self.apply_moves(data, state, side, orders, dice, events)
            if not state["interrupted"]:
                state.update(phase="combat", spent={})
                support.start_combat_phase(self, data, state)                     # 9.62
        elif kind == "place":
            state["awaiting_choice"] = None
            rhine.place_volkssturm(self, data, state, {o["place"]: str(o["at"]) for o in orders}, events)
            state["volkssturm_pending"].pop(0)
            self.next_placement(state)
            if state["phase"] == "combat" and not state["awaiting_choice"]:
                self.run_combats(data, state, dice, events)
        elif kind == "combat":
            state["combats"] = [self.declared(data, state, o) for o in orders]
            events.append({"event": "attacks_declared", "count": len(orders), "rule": "9.0"})
            for order, combat in zip(orders, state["combats"]):                 # 9.64, 13.13: attacker first
                support.record(self, data, state, side, combat, order.get("artillery", []), order.get("air"), events)
            if not self.ask_defender(data, state, events):
                self.run_combats(data, state, dice, events)
        elif kind == "defend":
            by_label = {c["hex"]: c for c in state["combats"]}
            for order in orders:
                combat = by_label[order["defend"]]
                for hex_id, unit_id in self.chosen_defenders(order).items():
                    combat["chosen"][hex_id] = unit_id
                    events.append({"event": "defender_chosen", "hex": hex_id, "unit": unit_id, "rule": "7.22"})
                support.record(self, data, state, side, combat, order.get("artillery", []), order.get("air"), events)
            state["awaiting_choice"] = None
            self.run_combats(data, state, dice, events)
        else:
            self.apply_losses(data, state, orders[0], dice, events)
            if not state["awaiting_choice"]:             # else a Volkssturm placement (21.12) comes first
                self.run_combats(data, state, dice, events)
        return Outcome(state=state, events=events)

    # -- pre-game: 17.0 flood, 18.0 D-Day, 18.1 current ------------------------------------
    def check_flood(self, orders) -> list[Problem]:
        choices = ("flash_flood", "gradual_flood")
        if len(orders) != 1 or orders[0].get("flood") not in choices:
            return [Problem(None, f"declare exactly one `flood:` of {' or '.join(choices)} (17.0)")]
        return []

    def check_d_day(self, data, orders) -> list[Problem]:
        days = self.d_days(data)
        if len(orders) != 1 or str(orders[0].get("d_day")) not in days:
            return [Problem(None, f"declare exactly one `d_day:` from {days[0]} to {days[-1]} inclusive (18.0)")]
        return []

    def d_days(self, data) -> list:
        mods = data.get("flood.roer_current.modifiers_by_d_day", "the D-Day die modifiers (18.12)")
        return sorted(k for k in mods if k[:4].isdigit())

    def declare_d_day(self, data, state, day: str, dice: Dice, events) -> None:
        state["d_day"] = str(day)
        modifier = int(data.get(f"flood.roer_current.modifiers_by_d_day.{day}", "the D-Day modifier (18.12)"))
        roll = dice.roll("roer-current", about="Roer current (18.1)")
        limits = data.get("flood.roer_current.modified_roll_limits", "the current die limits (18.1)")
        modified = max(int(limits["min"]), min(int(limits["max"]), roll + modifier))
        results = data.get("flood.roer_current.results", "the Roer current table (18.11)")
        current = next(name for name, row in results.items() if isinstance(row, dict) and modified in row.get("die", []))
        state["roer_current"] = current
        events.append({"event": "d_day", "d_day": state["d_day"], "roll": roll, "modifier": modifier,
                       "modified": modified, "current": current, "rule": "18.1"})
        self.start_game(data, state, state["d_day"], dice, events)

    def start_game(self, data, state, first_day, dice, events) -> None:
        state["date"] = str(first_day)
        by_day = data.get("game.game_length.number_of_game_turns.by_first_day", "the game length (28.0)")
        state["last_turn"] = int(by_day[state["date"]])
        self.begin_turn(data, state, 1, dice, events)

    def begin_turn(self, data, state, turn: int, dice: Dice, events) -> None:
        """A new Game-Turn: weather (24.11), then the Allied player-turn (4.2)."""
        if turn > 1:
            state["date"] = str(parse_date(state["date"]) + timedelta(days=1))
        state["turn"] = turn
        self.roll_weather(data, state, dice, events)
        self.begin_player_turn(data, state, "allied", dice, events)

    def roll_weather(self, data, state, dice: Dice, events) -> None:
        results = data.get("weather.table.results", "the Weather Table results (24.15)")
        clamp = data.get("weather.table.clamp_of_modified_roll", "the limits of the modified weather roll (24.15)")
        mods = data.get("weather.die_modifiers", "the weather die modifiers (24.14)")
        modifier = 0
        if state["turn"] == 1:
            modifier += int(unwrap(mods["game_turn_one"]))                       # 24.3
        elif state["weather"] == "clear":
            modifier += int(unwrap(mods["previous_game_turn_clear"]))            # 24.14
        elif state["weather"] == "heavy_overcast":
            modifier += int(unwrap(mods["previous_game_turn_heavy_overcast"]))
        roll = dice.roll(f"weather/{state['turn']}", about=f"weather Game-Turn {state['turn']} (24.11)")
        modified = max(int(clamp["min"]), min(int(clamp["max"]), roll + modifier))
        state["weather"] = str(unwrap(results[str(modified)]))
        if state["weather"] in ("rain", "thaw"):                                 # 24.13, 24.21
            state["mud_turns"] = sorted(set(state["mud_turns"]) | {state["turn"], state["turn"] + 1})
        events.append({"event": "weather", "turn": state["turn"], "roll": roll, "modifier": modifier,
                       "weather": state["weather"], "mud": self.mud(state), "rule": "24.11"})

    def begin_player_turn(self, data, state, side: str, dice: Dice, events) -> None:
        state.update(side=side, phase="movement", moved=[], left_zoc=[], combats_fought=0, no_zoc=[], combats=[])
        start = data.get("restrictions.german_strategic_withdrawal.roll.from_game_turn", "19.21")
        if side == "german" and not state["strategic_withdrawal"] and state["turn"] >= int(start):
            roll = dice.roll(f"withdrawal/{state['turn']}", about=f"strategic withdrawal Game-Turn {state['turn']} (19.21)")
            modifier = data.get("restrictions.german_strategic_withdrawal.modifier", "19.22")
            modified = roll + (int(modifier["value"]) if state["turn"] >= int(modifier["from_game_turn"]) else 0)
            modified = max(int(modifier["minimum_modified_roll"]), modified)
            success = modified in data.get("restrictions.german_strategic_withdrawal.roll.success_on", "19.21")
            state["strategic_withdrawal"] = success
            events.append({"event": "withdrawal", "roll": roll, "modified": modified, "success": success, "rule": "19.21"})
        supply.determine(self, data, state, events)                              # 11.0, both sides
        if side == "german":
            reinforcements.roll_variable(self, data, state, dice, events)        # 23.0, start of the Movement Phase

    def end_combat_phase(self, data, state, dice: Dice, events) -> None:
        if state["side"] == "allied":
            self.begin_player_turn(data, state, "german", dice, events)
        elif state["turn"] >= state["last_turn"]:
            state["game_over"] = True
            state["victory"] = self.victory(data, state)
            events.append({"event": "victory", **state["victory"]})
        else:
            self.begin_turn(data, state, state["turn"] + 1, dice, events)

    # -- movement (5.x, 6.3, 7.1, 19.x, 27.3) ------------------------------------------------
    def movement_allowance(self, data, state, unit_id) -> int:
        key = "cadre.movement" if state["units"].get(unit_id, {}).get("form") == "cadre" else "movement"
        printed = int(self.counter_value(data, unit_id, key, "the Movement Allowance"))
        return supply.movement_allowance(self, data, state, unit_id, printed)      # 11.33, 11.42

    def entry_cost(self, data, state, unit_id: str, a: str, b: str, strategic: bool = False) -> tuple[Fraction | int | None, str]:
        """MP to move a -> b (5.4, or 5.5 with `strategic`); (None, why) if prohibited."""
        mech = self.is_mech(data, unit_id)
        side = (state["units"].get(unit_id) or state["reinforcements"][unit_id])["side"]
        features = self.hexside(data, a, b)
        terrain = self.terrain(data, b)
        if "rhine" in features and side == "allied" and ("rhine_bridge" not in features or rhine.bridge_blown(state, data, a, b)):
            return None, "US units cross the Rhine only at an unblown bridge (22.11)"
        road = "road" in features
        if mech and not road and river_hexside(self, data, state, a, b):
            return None, "mechanized units cross rivers only where a road crosses the hexside (5.61; streams are rivers in mud, 24.22)"
        if mech and "swamp" in (terrain, self.terrain(data, a)) and not road:
            return None, "mechanized units enter or leave swamp only through a road hexside (27.1)"
        if road and strategic:                                                   # 5.52: e.g. 1/3 MP for mechanized
            key = f"road_hexside_strategic_{'mechanized' if mech else 'non_mechanized'}"
            return Fraction(str(data.get(f"game.movement.costs.{key}", f"the strategic road cost ({key.rsplit('_', 1)[-1]}, 5.52)"))), ""
        if road:
            return int(unwrap(data.get("game.movement.costs.road_hexside_tactical", "the road cost (5.43)"))), ""
        cost = self.terrain_cost(data, state, unit_id, b)
        crossing = next((f for f in RIVER_FEATURES + ("stream",) if f in features), None)
        if crossing:
            as_river = crossing != "stream" or self.mud(state)
            key = "river_hexside" if as_river else "stream_hexside"
            extra = data.get(f"game.movement.costs.{key}.{'mechanized' if mech else 'non_mechanized'}",
                             f"the MP cost of crossing a {key.replace('_hexside', '')} hexside (5.62)")
            cost += int(extra)
        return cost, ""

    def terrain_cost(self, data, state, unit_id, hex_id) -> int:
        """5.62 Terrain Effects Chart (24.22b in mud) for the unit's movement class (5.31)."""
        terrain = self.terrain(data, hex_id)
        column = ("mud_" if self.mud(state) else "") + ("mechanized" if self.is_mech(data, unit_id) else "non_mechanized")
        cost = data.get(f"terrain.hexes.{terrain}.movement.{column}", f"the {column.replace('_', '-')} MP cost of {terrain} (5.62)")
        if not isinstance(cost, int):
            raise PbemError(f"{unit_id} may not enter {terrain} at {hex_id}: {cost}")
        return cost

    def check_moves(self, data, state, side, orders) -> list[Problem]:
        """Checks the orders in sequence on a copy of the state (each move sees the earlier ones)."""
        problems: list[Problem] = []
        grid = self.grid(data)
        zoc = self.enemy_zoc(data, state, side)
        for index, order in enumerate(orders):
            unit_id = order.get("move") or order.get("enter")
            path = order.get("path")
            if not isinstance(unit_id, str) or not isinstance(path, list) or not path or not all(isinstance(h, str) for h in path):
                problems.append(Problem(index, "write `move: UNIT` (or `enter: UNIT`) with `path: [HEX, ...]`"))
                continue
            try:
                path = [grid.canonical(h) for h in path]
            except ValueError as e:
                problems.append(Problem(index, str(e)))
                continue
            why = self.move_problem(data, state, side, order, unit_id, path, zoc)
            if why:
                problems.append(Problem(index, why))
                continue
            self.place(state, unit_id, side, path)
            if rhine.triggers(self, data, state, side, path[-1]) and len(path) > 1:
                if index < len(orders) - 1:
                    problems.append(Problem(index, f"{unit_id} entering {path[-1]} sets off a German roll (21.11/22.21): "
                                                   "make it the last order of this file and send the rest after the roll"))
                return problems
        for hex_id, units in sorted(self.stacks(state).items()):
            own = [u for u in units if state["units"][u]["side"] == side]
            if len(own) > MAX_STACK:
                problems.append(Problem(None, f"{hex_id} would hold {len(own)} units at the end of movement; at most {MAX_STACK} (7.11)"))
        return problems

    def place(self, state, unit_id, side, path) -> None:
        if unit_id not in state["units"]:
            state["units"][unit_id] = {"side": side, "hex": path[0], "form": "untried"}
        state["units"][unit_id]["hex"] = path[-1]
        state["moved"].append(unit_id)

    def move_problem(self, data, state, side, order, unit_id, path, zoc) -> str | None:
        entering = "enter" in order
        if entering:
            why = reinforcements.entry_problem(self, data, state, side, unit_id, path)
            if why:
                return why
        else:
            unit = state["units"].get(unit_id)
            if unit is None or unit["side"] != side:
                return f"{unit_id} is not a {side} unit on the map"
            if path[0] != unit["hex"]:
                return f"{unit_id}'s path must start at its hex {unit['hex']}"
        if unit_id in state["moved"] and unit_id not in state["interrupted"]:
            return f"{unit_id} has already moved this phase (5.0)"
        if order.get("ruse") not in (None, True):
            return "`ruse: true` is the only form of the US ruse (22.23)"
        if order.get("ruse") and state["ruse_used"]:
            return "the US ruse may be declared only once per game (22.23)"
        if unit_id in state["interrupted"] and len(path) > 1 and path[0] in zoc:
            return f"{unit_id} stopped on entering an enemy ZOC at {path[0]} and moves no further this phase (6.31)"
        if len(path) == 1:
            return None
        restriction = self.restriction(data, state, side, unit_id, path)
        if restriction:
            return restriction
        grid = self.grid(data)
        allowance = self.movement_allowance(data, state, unit_id)
        if self.us_bridging(data, state, side, unit_id, path, entering):
            return self.bridging_problem(data, state, unit_id, path, zoc, allowance)
        spent = Fraction(str(state["interrupted"].get(unit_id, 0)))          # 21.13: goes on with what is left
        strategic = order.get("strategic") is True
        if order.get("strategic") not in (None, True, False):
            return "`strategic: true` moves the unit strategically (5.5)"
        if strategic:
            why = self.strategic_problem(data, state, side, unit_id, path)
            if why:
                return why
        left_zoc = unit_id in state["left_zoc"]
        start_in_zoc = not entering and unit_id not in state["interrupted"] and path[0] in zoc
        for i in range(1, len(path)):
            a, b = path[i - 1], path[i]
            if not grid.adjacent(a, b):
                return f"{b} is not adjacent to {a}"
            if b in path[:i]:
                return f"the path enters {b} twice"
            if self.side_in(state, b) not in (None, side):
                return f"{b} is occupied by the enemy (5.21)"
            if not self.on_map(data, b):
                raise UnknownDataError(f"map.hexes.{b}", f"whether hex {b} is on the map, and its terrain",
                                       "the game map (2.1)", data.override_file)
            cost, why = self.entry_cost(data, state, unit_id, a, b, strategic)
            if cost is None:
                return f"{a} → {b}: {why}"
            if i == 1 and start_in_zoc:
                if b in zoc:
                    return f"{unit_id} leaves an enemy ZOC only directly into a hex no enemy controls (6.32)"
                cost += allowance // 2                                     # 6.32
                left_zoc = True
            elif left_zoc and b in zoc:
                return f"{unit_id} left an enemy ZOC this phase and may not enter one again (6.32)"
            if b in zoc and i < len(path) - 1:
                return f"{unit_id} must stop on entering the enemy ZOC at {b} (6.31)"
            if rhine.triggers(self, data, state, side, b) and i < len(path) - 1:
                return f"{unit_id}'s move is interrupted at {b} while the German rolls (21.11/22.21): end the path there"
            spent += cost
        if entering:                                                       # 14.11: the entry hex's own cost
            spent += reinforcements.entry_cost(self, data, state, unit_id, path[0])
        if spent > allowance:
            minimum = not entering and len(path) == 2 and not self.is_mech(data, unit_id) and not (start_in_zoc and path[1] in zoc)
            if not minimum:                                                # 5.25
                return f"{unit_id} needs {spent} MP for this path; its Movement Allowance is {allowance} (5.0)"
        if order.get("ruse") and not any(kind == "bridge" for kind, _ in rhine.triggers(self, data, state, side, path[-1])):
            return "a ruse is declared on the move that enters a Rhine bridge's western terminus (22.23)"
        if left_zoc and unit_id not in state["left_zoc"]:
            state["left_zoc"].append(unit_id)
        state["spent"][unit_id] = int(spent) if spent.denominator == 1 else str(spent)   # saves hold no floats
        return None

    def strategic_problem(self, data, state, side, unit_id, path) -> str | None:
        """5.51: three hexes or more from every enemy unit, at the start, on the way and at the end
        (counted from the enemy's hex, exclusive, to the moving unit's, inclusive)."""
        least = int(data.get("game.movement.strategic.min_distance_from_enemy_units", "5.51"))
        grid = self.grid(data)
        enemies = {u["hex"] for u in state["units"].values() if u["side"] != side}
        for hex_id in path:
            near = [e for e in enemies if grid.distance(e, hex_id) < least]
            if near:
                return f"{unit_id} may move strategically only {least} or more hexes from the enemy; {hex_id} is {grid.distance(near[0], hex_id)} from {near[0]} (5.51)"
        return None

    def us_bridging(self, data, state, side, unit_id, path, entering) -> bool:
        """26.0: a US mechanized unit crossing a non-Rhine river hexside without a road, from where
        it began the Movement Phase."""
        if side != "allied" or entering or len(path) != 2 or unit_id in state["moved"] or not self.is_mech(data, unit_id):
            return False
        features = self.hexside(data, path[0], path[1])
        return "road" not in features and "rhine" not in features and river_hexside(self, data, state, path[0], path[1])

    def bridging_problem(self, data, state, unit_id, path, zoc, allowance) -> str | None:
        """26.0: not from an enemy ZOC, not into one; it costs the whole Movement Allowance."""
        if not self.grid(data).adjacent(path[0], path[1]):
            return f"{path[1]} is not adjacent to {path[0]}"
        if path[0] in zoc:
            return f"{unit_id} may bridge a river (26.0) only if it begins the Movement Phase outside enemy ZOC"
        if path[1] in zoc:
            return f"{unit_id} may not enter an enemy ZOC on crossing by US bridging (26.0)"
        if self.side_in(state, path[1]) not in (None, "allied"):
            return f"{path[1]} is occupied by the enemy (5.21)"
        self.terrain_cost(data, state, unit_id, path[1])       # swamp and unknown hexes refuse as usual
        state["spent"][unit_id] = allowance
        return None

    def restriction(self, data, state, side, unit_id, path) -> str | None:
        """19.11, 19.12, 19.31, 19.32: opening restrictions, all rulebook data."""
        turn = state["turn"]
        if side == "german":
            rules = data.get("restrictions.german_movement", "the German movement restrictions (19.1)")
            for key in ("9th_panzer_division", "11th_panzer_division"):
                if unit_id in rules[key]["units"] and turn in rules[key]["may_not_move_on_game_turns"]:
                    return f"{unit_id} may not move on Game-Turn {turn} (19.11)"
            if unit_id in rules["2nd_corps"]["units"] and not (state["strategic_withdrawal"] or state["second_corps_released"]):
                return f"{unit_id} (2nd Corps) may not move until a strategic withdrawal (19.2) or an attack on the corps (19.12)"
            return None
        us = data.get("restrictions.us_movement", "the US movement restrictions (19.3)")
        if self.is_mech(data, unit_id) and turn in us["mechanized"]["may_not_move_on_game_turns"]:
            return f"US mechanized units may not move on Game-Turns 1-3 (19.31)"
        limit = int(str(us["7th_corps"]["may_never_move_north_of_hexrow"])[:2])
        if corps_of(unit_id) == "7" and any(int(h[:2]) > limit for h in path):
            return f"{unit_id} (7th Corps) may never move north of the {limit:02d}00 hexrow (19.32)"
        return None

    def apply_moves(self, data, state, side, orders, dice, events) -> None:
        grid = self.grid(data)
        zoc = self.enemy_zoc(data, state, side)
        interrupted = {}
        for order in orders:
            unit_id = order.get("move") or order.get("enter")
            path = [grid.canonical(h) for h in order["path"]]
            self.move_problem(data, state, side, order, unit_id, path, zoc)      # records the MP spent
            if "enter" in order:
                del state["reinforcements"][unit_id]
                state.setdefault("entered_turn", {})[unit_id] = state["turn"]
            self.place(state, unit_id, side, path)
            for a, b in zip(path, path[1:]):
                rhine.note_crossing(self, data, state, unit_id, a, b)
            for hex_id in path:
                self.note_passage(data, state, hex_id, side)
            events.append({"event": "enter" if "enter" in order else "move", "unit": unit_id, "path": path,
                           "rule": "14.11" if "enter" in order else ("5.5" if order.get("strategic") else "5.4")})
            if len(path) > 1 and rhine.triggers(self, data, state, side, path[-1]):
                interrupted = {unit_id: state["spent"][unit_id]}
                self.entered_hex(data, state, unit_id, path[-1], dice, events, ruse=bool(order.get("ruse")))
        state["interrupted"] = interrupted

    def entered_hex(self, data, state, unit_id, hex_id, dice, events, ruse=False) -> None:
        """A US unit entered hex_id (moving, advancing or retreating): the German rolls it sets off;
        Volkssturm placements that leave the German a choice wait for his answer, town by town (21.23)."""
        rhine.roll(self, data, state, unit_id, hex_id, dice, events, ruse)
        self.next_placement(state)

    def next_placement(self, state) -> None:
        pending = state.get("volkssturm_pending", [])
        if pending and not state["awaiting_choice"]:
            state["awaiting_choice"] = {"kind": "place", "side": "german", "hex": pending[0]["town"],
                                        "town": pending[0]["town"], "units": pending[0]["units"]}

    def note_passage(self, data, state, hex_id: str, side: str) -> None:
        """28.1: the side last to occupy or pass through each Victory Point town."""
        towns = {t["hex"]: t for t in data.get("victory.town_vp.towns", "the VP towns (28.1)")}
        if hex_id in towns:
            state["last_through"][hex_id] = side

    # -- combat declaration (9.1, 9.2, 7.21) -------------------------------------------------
    def check_attacks(self, data, state, side, orders) -> list[Problem]:
        grid = self.grid(data)
        problems: list[Problem] = []
        used: set = set()
        targets: dict = {}
        tally = {"guns": set(), "air": 0}                   # 9.64, 13.0: across the phase's attacks
        for index, order in enumerate(orders):
            hexes, units = order.get("attack"), order.get("with")
            hexes = [hexes] if isinstance(hexes, str) else hexes
            if (not isinstance(hexes, list) or not hexes or not all(isinstance(h, str) for h in hexes)
                    or not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units)):
                problems.append(Problem(index, "write `attack: HEX` (or `attack: [HEX, HEX]`, 9.21) with `with: [UNITS]`"))
                continue
            try:
                hexes = [grid.canonical(h) for h in hexes]
            except ValueError as e:
                problems.append(Problem(index, str(e)))
                continue
            why = self.attack_problem(data, state, side, hexes, units, used, targets)
            if why:
                problems.append(Problem(index, why))
                continue
            advance = order.get("advance", [])
            if not isinstance(advance, list) or any(a not in state["units"] or state["units"][a]["side"] != side for a in advance):
                problems.append(Problem(index, "`advance:` lists the attacking side's units that may advance after combat (9.94)"))
                continue
            attacking_hexes = {state["units"][u]["hex"] for u in units}
            if any(state["units"][a]["hex"] not in attacking_hexes for a in advance):
                problems.append(Problem(index, "only units that attacked, or are stacked with attackers, may advance (9.94)"))
                continue
            free = order.get("advance_path", [])
            if not isinstance(free, list) or not all(isinstance(h, str) for h in free) or (free and (not advance or free[0] not in hexes)):
                problems.append(Problem(index, "`advance_path:` (with `advance:`) is the route of a free advance if the defender is "
                                               "eliminated (9.94), starting in the attacked hex"))
                continue
            line = self.crt_line(data, state, hexes)            # a CRT line the data lacks refuses the attack now
            self.check_crt_line(data, line, data.get(f"crt.lines.{line}.columns", f"the ratio columns of the {line} CRT line (9.89)"))
            planned = {"hexes": hexes, "attacker_side": side, "defenders": None}
            why = support.check_in_phase(self, data, state, side, planned, units, order.get("artillery", []), order.get("air"), tally)
            if why:
                problems.append(Problem(index, why))
                continue
            used.update(units)
            targets.update({hex_id: units for hex_id in hexes})
        if not problems:
            problems += self.mandatory_problems(data, state, side, targets)
        return problems

    def attack_problem(self, data, state, side, hexes, units, used, targets) -> str | None:
        grid = self.grid(data)
        for hex_id in hexes:
            if self.side_in(state, hex_id) not in (other(side),):
                return f"no enemy unit in {hex_id}"
            if hex_id in targets or hexes.count(hex_id) > 1:
                return f"{hex_id} is attacked twice; each defending unit defends once per phase (9.14)"
        per_hex: dict = {}
        for unit_id in units:
            unit = state["units"].get(unit_id)
            if unit is None or unit["side"] != side:
                return f"{unit_id} is not a {side} unit on the map"
            if unit_id in used or units.count(unit_id) > 1:
                return f"{unit_id} attacks more than once this phase (9.14)"
            for hex_id in hexes:
                if not grid.adjacent(unit["hex"], hex_id):
                    return f"{unit_id} in {unit['hex']} is not adjacent to {hex_id}: every attacker must be adjacent to every defender (9.25)"
                if self.across_rhine(data, unit["hex"], hex_id, state, side):
                    return f"{unit_id} may not attack across the Rhine except over an unblown bridge (22.11, 22.25)"
                if "rhine_bridge" in self.hexside(data, unit["hex"], hex_id) and len(hexes) > 1:
                    return f"{unit_id} attacking across a Rhine bridge attacks only its eastern terminus hex (22.25)"
            if self.regiment_sized(data, state, unit_id):
                per_hex.setdefault(unit["hex"], []).append(unit_id)
        for unit_id in used:
            if self.regiment_sized(data, state, unit_id):
                per_hex.setdefault(state["units"][unit_id]["hex"], []).append(unit_id)
        for from_hex, regiments in per_hex.items():
            if len(regiments) > 1:
                return f"at most one regiment or brigade attacks from {from_hex} in a Combat Phase (7.21): {', '.join(sorted(regiments))}"
        return None

    def regiment_sized(self, data, state, unit_id) -> bool:
        """7.21: regiments and brigades (artillery brigades too); battalions and cadres (7.13) are not."""
        return self.counter(data, unit_id)["size"] not in ONE_STEP_SIZES and state["units"][unit_id]["form"] != "cadre"

    def mandatory_problems(self, data, state, side, targets) -> list[Problem]:
        """9.11, 9.12, 9.21 with the 9.13 / 12.23 / 22.1x exceptions; 7.21: once one regiment of a
        hex attacks, its hex-mates may not (and need not)."""
        grid = self.grid(data)
        stacks = self.stacks(state)
        attackers = {u for units in targets.values() for u in units}
        excused_hexes = {h for h in stacks if self.attack_optional(data, state, side, h)}
        regiment_attacks_from = {state["units"][u]["hex"] for u in attackers if self.regiment_sized(data, state, u)}
        problems = []
        for unit_id, unit in sorted(state["units"].items()):
            if unit["side"] != side or unit["hex"] in excused_hexes:
                continue
            enemy_hexes = [h for h in grid.neighbours(unit["hex"]) if self.side_in(state, h) == other(side)
                           and "rhine" not in self.hexside(data, unit["hex"], h)]          # 22.11, 22.12
            unattacked = [h for h in enemy_hexes if h not in targets]
            if unattacked:                                    # 9.11, 9.21: attackers included
                problems.append(Problem(None, f"{unattacked[0]} is adjacent to {unit_id} and must be attacked (9.11, 9.21)"))
                continue
            if enemy_hexes and unit_id not in attackers:
                if not (self.regiment_sized(data, state, unit_id) and unit["hex"] in regiment_attacks_from):
                    problems.append(Problem(None, f"{unit_id} is adjacent to the enemy at {enemy_hexes[0]} and must attack (9.12)"))
        return problems

    def attack_optional(self, data, state, side, hex_id) -> bool:
        """9.13: units in town hexes, 12.23: German units in entrenchments, need not attack."""
        info = self.hex_info(data, hex_id)
        return info["terrain"] in ("town", "city") or (side == "german" and bool(info.get("entrenchment") or info.get("improved_positions")))

    def across_rhine(self, data, a, b, state=None, side="allied") -> bool:
        """22.11: no US attack or advance across the Rhine except over an unblown bridge hexside
        (22.25); 22.12: German units cross it as a normal river."""
        if side == "german":
            return False
        features = self.hexside(data, a, b)
        blown = state is not None and rhine.bridge_blown(state, data, a, b)
        return "rhine" in features and ("rhine_bridge" not in features or blown)

    def declared(self, data, state, order) -> dict:
        grid = self.grid(data)
        hexes = [order["attack"]] if isinstance(order["attack"], str) else order["attack"]
        hexes = [grid.canonical(h) for h in hexes]
        return {"hex": "+".join(hexes), "hexes": hexes, "attackers": list(order["with"]),
                "advance": list(order.get("advance", [])), "chosen": {}, "defenders": None,
                "advance_path": [grid.canonical(h) for h in order.get("advance_path", [])],
                "attacker_side": state["side"], "result": None}

    # -- resolution ------------------------------------------------------------------------
    def run_combats(self, data, state, dice: Dice, events) -> None:
        """Resolve declared combats in order until one needs a player's choice (9.0: each
        result is applied before the next combat)."""
        while state["combats"]:
            combat = state["combats"][0]
            if combat["result"] is None:
                combat["attackers"] = [u for u in combat["attackers"] if u in state["units"]]
                combat["hexes"] = [h for h in combat["hexes"] if self.side_in(state, h) == other(combat["attacker_side"])]
                if not combat["attackers"] or not combat["hexes"]:
                    events.append({"event": "combat_void", "hex": combat["hex"], "rule": "9.0"})
                    state["combats"].pop(0)
                    continue
                if combat["defenders"] is None:
                    for hex_id in combat["hexes"]:
                        units = self.defender_options(data, state, hex_id)
                        if combat["chosen"].get(hex_id) not in units:     # none chosen, or the chosen one has gone
                            combat["chosen"][hex_id] = units[0] if units else None
                    combat["defenders"] = [u for h in combat["hexes"] for u in self.defenders_in(data, state, h, combat["chosen"][h])]
                self.resolve(data, state, combat, dice, events)
            if self.next_choice(data, state, combat, events):
                return
            self.advance_after_combat(data, state, combat, dice, events)
            state["combats"].pop(0)
            if state["awaiting_choice"]:
                return                                  # Volkssturm placement (21.12) first
        self.end_combat_phase(data, state, dice, events)

    def ask_defender(self, data, state, events) -> bool:
        """One answer for the whole Combat Phase, once the attacker has declared every attack and its
        support: the defending regiment of each hex holding several (7.21, 7.22) and the defender's
        artillery and Air Points (9.64, 13.13). Asked only if there is something to decide."""
        due = []
        for combat in state["combats"]:
            choices = {h: u for h in combat["hexes"] if len(u := self.defender_options(data, state, h)) > 1}
            if choices or support.defender_has_options(self, data, state, combat):
                due.append({"combat": combat["hex"], "options": choices})
        if not due:
            return False
        defender = other(state["side"])
        state["awaiting_choice"] = {"kind": "defend", "side": defender, "hex": due[0]["combat"], "combats": due}
        events.append({"event": "awaiting", "side": defender, "hex": ", ".join(d["combat"] for d in due), "what": "defend"})
        return True

    def defender_options(self, data, state, hex_id) -> list:
        """7.22: the regiments or brigades (not artillery) of a hex, one of which defends."""
        return [u for u in self.stacks(state)[hex_id] if self.uses_chit(data, state, u)]

    def defenders_in(self, data, state, hex_id, chosen) -> list:
        """7.21: one regiment/brigade defends a hex; battalions, cadres and artillery in it always do."""
        regiments = set(self.defender_options(data, state, hex_id))
        return [u for u in self.stacks(state)[hex_id] if u not in regiments or u == chosen]

    def check_defend(self, data, state, orders) -> list[Problem]:
        """The defender's answer before the rolls: one `defend:` order per combat it answers, naming
        the defending regiment where a hex has a choice (7.22) and its support (9.64, 13.13)."""
        choice = state["awaiting_choice"]
        due = {d["combat"]: d["options"] for d in choice["combats"]}
        by_label = {c["hex"]: c for c in state["combats"]}
        answered, tally = set(), {"guns": set(), "air": 0}
        for index, order in enumerate(orders):
            label = order.get("defend")
            if label not in due or label in answered:
                return [Problem(index, f"`defend:` names each combat once, one of {', '.join(due)} (7.22, 9.64, 13.13)")]
            answered.add(label)
            options, combat = due[label], by_label[label]
            chosen = self.chosen_defenders(order, options)
            for hex_id, units in options.items():
                if chosen.get(hex_id) not in units:
                    return [Problem(index, f"`with:` names the regiment that defends {hex_id}: one of {', '.join(units)} (7.22)")]
            if set(chosen) - set(options):
                return [Problem(index, f"no choice of defending regiment is due in {', '.join(sorted(set(chosen) - set(options)))} (7.22)")]
            why = support.check_in_phase(self, data, state, choice["side"], combat, support.defending_stack(self, state, combat),
                                         order.get("artillery", []), order.get("air"), tally)
            if why:
                return [Problem(index, why)]
        missing = [label for label, options in due.items() if options and label not in answered]
        if missing:
            return [Problem(None, f"name the defending regiment for the combat at {missing[0]} (7.22)")]
        return []

    @staticmethod
    def chosen_defenders(order, options=None) -> dict:
        """`with: UNIT` when one hex has a choice, `with: {HEX: UNIT}` for several."""
        given = order.get("with")
        if isinstance(given, dict):
            return {str(h): u for h, u in given.items()}
        if given is None:
            return {}
        hexes = list(options) if options else [h for h in str(order.get("defend", "")).split("+")]
        return {hexes[0] if hexes else "?": given}

    def strength(self, data, state, unit_id, role: str | None = None) -> int:
        """The Combat Strength; with role 'attack' or 'defence', after the supply effects (11.33, 11.42)."""
        printed = self.printed_strength(data, state, unit_id)
        return printed if role is None else supply.combat_strength(self, data, state, unit_id, printed, role)

    def printed_strength(self, data, state, unit_id) -> int:
        unit = state["units"][unit_id]
        if unit["form"] == "cadre":
            return int(self.counter_value(data, unit_id, "cadre.strength", "the cadre Combat Strength (10.0)"))
        if not self.uses_chit(data, state, unit_id):
            return int(self.counter_value(data, unit_id, "strength", "the printed Combat Strength (8.6)"))
        chit = self.chit(data, self.counter_value(data, unit_id, "morale", "the morale rating (8.2)"), unit["chit"])
        face = "back" if unit["form"] == "reduced" else "front"
        return int(chit[face][self.counter_value(data, unit_id, "class", "the combat class (8.1)")])   # 8.34

    def chits(self, data, morale) -> list:
        chits = data.get(f"chits.strength_chits.pools.{morale}.chits", f"the strength chits of morale pool {morale} (8.32)")
        if not isinstance(chits, list) or not chits:
            raise UnknownDataError(f"chits.strength_chits.pools.{morale}.chits", f"the strength chits of morale pool {morale}",
                                   "strength chit counters", data.override_file)
        return chits

    def chit(self, data, morale, chit_id) -> dict:
        return next(c for c in self.chits(data, morale) if c["id"] == chit_id)

    def draw_chit(self, data, state, unit_id, dice: Dice, events, rule="8.33") -> None:
        """8.33: at random from the pool of the unit's morale; 8.35: front up; 9.82: 3 or 2 steps."""
        morale = str(self.counter_value(data, unit_id, "morale", "the morale rating (8.2)"))
        pool = [c["id"] for c in self.chits(data, morale) if c["id"] not in state["pools_out"][morale]]
        if not pool:
            raise PbemError(f"morale pool {morale} is empty: every chit is under a unit (8.32)")
        pick = pool[dice.roll(f"chit/{unit_id}", len(pool), about=f"strength chit for {unit_id} (8.33)") - 1] if len(pool) > 1 else pool[0]
        state["pools_out"][morale].append(pick)
        unit = state["units"][unit_id]
        unit["chit"], unit["form"] = pick, "front"
        front = int(self.chit(data, morale, pick)["front"][self.counter_value(data, unit_id, "class", "the combat class (8.1)")])
        unit["steps"] = 3 if front >= 3 else 2                                     # 9.82
        events.append({"event": "chit", "unit": unit_id, "side": unit["side"], "pool": morale, "chit": pick, "rule": rule})

    def resolve(self, data, state, combat, dice: Dice, events) -> None:
        attacker = combat["attacker_side"]
        n = state["combats_fought"]
        line = self.crt_line(data, state, combat["hexes"])
        columns = data.get(f"crt.lines.{line}.columns", f"the ratio columns of the {line} CRT line (9.89)")
        self.check_crt_line(data, line, columns)              # refuse before a chit is drawn or a die rolled
        # shifts need no chit: reckoned first, so data they lack (9.4 compositions) refuses before any die too
        shifts = self.shifts(data, state, combat) + shifts_for(self, data, state, combat) + support.column_shifts(self, data, state, combat)
        for unit_id in combat["attackers"] + combat["defenders"]:                  # 8.41: before the die roll
            if self.uses_chit(data, state, unit_id) and not state["units"][unit_id].get("chit"):
                self.draw_chit(data, state, unit_id, dice, events)
        attacking = {u: self.strength(data, state, u, "attack") for u in combat["attackers"]}
        attack = sum(attacking.values())
        raw_defence = {u: self.strength(data, state, u, "defence") for u in combat["defenders"]}
        defence, modifiers = 0, []
        for hex_id in combat["hexes"]:                      # 9.23: the units of a hex defend together
            base = sum(raw_defence[u] for u in combat["defenders"] if state["units"][u]["hex"] == hex_id)
            total, why = self.defence_strength(data, state, combat, hex_id, base)
            defence += total
            modifiers += why
        ratio_index, ratio = self.column(columns, attack, defence)
        final = max(0, min(len(columns) - 1, ratio_index + sum(s["shift"] for s in shifts)))
        key = f"crt.cells.{line}.{columns[final]}"
        cells = data.get(key, f"the CRT results of the {line} line, column {columns[final]} (9.88)")
        rows = data.get("crt.rows", "the CRT die-roll rows (9.88)")
        first, second = (dice.roll(f"crt/{n + 1}/{combat['hex']}/{i}", about=f"combat {n + 1} at {combat['hex']} die {i} (9.0)") for i in (1, 2))
        total = first + second
        if total not in [int(r) for r in rows] or unwrap(cells.get(str(total), "unknown")) == "unknown":
            raise UnknownDataError(f"{key}.{total}", f"the CRT result for roll {total} in column {columns[final]} of the {line} line",
                                   "Combat Results Table on the map (9.88)", data.override_file)
        text = str(unwrap(cells[str(total)]))
        combat["result"] = self.parse_result(text)
        combat["result"]["text"] = text
        combat["result"]["ratio"] = columns[ratio_index]
        state["combats_fought"] += 1
        if any(u in data.get("restrictions.german_movement.2nd_corps.units", "19.12") for u in combat["defenders"]):
            if not state["second_corps_released"]:
                state["second_corps_released"] = True
                events.append({"event": "released", "rule": "19.12"})
        events.append({"event": "combat", "hex": combat["hex"], "number": n + 1, "line": line,
                       "attackers": attacking,
                       "defenders": raw_defence, "attack": attack, "defence": defence, "modifiers": modifiers,
                       "ratio": f"{attack}-{defence}", "column": columns[ratio_index], "shifts": shifts,
                       "final_column": columns[final], "dice": [first, second], "roll": total, "result": text,
                       "cell_provenance": data.provenance(f"{key}.{total}"), "rule": "9.0"})
        for side_key, side in (("A", attacker), ("D", other(attacker))):
            losses = combat["result"].get(side_key)
            if losses and losses["breakthrough"] and side_key == "D":
                for unit_id in combat["defenders"]:
                    state["no_zoc"].append(unit_id)                              # 9.97

    def check_crt_line(self, data, line, columns) -> None:
        rows = data.get("crt.rows", "the CRT die-roll rows (9.88)")
        for column in columns:
            cells = data.get(f"crt.cells.{line}.{column}", f"the CRT results of the {line} line, column {column} (9.88)")
            for row in rows:
                if unwrap(cells.get(str(row), "unknown")) == "unknown":
                    raise UnknownDataError(f"crt.cells.{line}.{column}.{row}", f"the CRT result for roll {row} in column {column} of the {line} line",
                                           "Combat Results Table on the map (9.88)", data.override_file)

    def crt_line(self, data, state, hexes) -> str:
        """9.31: the defender's terrain picks the line; 9.26: several hexes, the best for the defender."""
        lines = []
        for hex_id in hexes:
            terrain = self.terrain(data, hex_id)
            lines.append(str(unwrap(data.get(f"crt.terrain_lines.{terrain}", f"the CRT line for {terrain} (9.89)"))))
        return min(lines, key=LINE_ORDER.index)

    def defence_strength(self, data, state, combat, hex_id, base: int) -> tuple[int, list]:
        """9.32 river, 18.11 Roer current, 12.21 entrenchment, 20.1 improved positions, 11.33 minimum."""
        info = self.hex_info(data, hex_id)
        german = combat["attacker_side"] == "allied"
        sides = [self.hexside(data, state["units"][u]["hex"], hex_id) for u in combat["attackers"]]
        across = bool(sides) and all(self.river_in_combat(data, state, state["units"][u]["hex"], hex_id) for u in combat["attackers"])
        entrenched = german and bool(info.get("entrenchment"))    # 20.1: improved positions are not doubled
        modifiers, multiplier = [], 1
        if german and any("rhine_bridge" in s for s in sides):                                   # 22.25
            factor = int(data.get("bridges.rhine_bridges.unblown_bridges.german_defence_multiplier_attacked_across_bridge", "22.25"))
            modifiers.append({"why": f"{hex_id}: attacked across a Rhine bridge", "times": factor, "rule": "22.25"})
            return max(base * factor, 1), modifiers
        roer = self.roer_multiplier(data, state, sides, entrenched) if across else None
        if roer:
            multiplier, why = roer
            modifiers.append({"why": f"{hex_id}: {why}", "times": multiplier, "rule": "18.11"})
        elif across:
            multiplier = 3 if entrenched else 2
            modifiers.append({"why": f"{hex_id}: attacked entirely across river hexsides" + (" into an entrenchment" if entrenched else ""),
                              "times": multiplier, "rule": "12.21" if entrenched else "9.32"})
        elif entrenched:
            multiplier = 2
            modifiers.append({"why": f"{hex_id}: German units in an entrenchment hex", "times": 2, "rule": "12.21"})
        total = base * multiplier
        if german and info.get("improved_positions"):
            if not mine_cleared(self, data, state, combat, hex_id):                          # 20.2
                total += 2
                modifiers.append({"why": f"{hex_id}: improved positions", "plus": 2, "rule": "20.1"})
        return max(total, 1), modifiers

    def river_in_combat(self, data, state, a, b) -> bool:
        """9.32: a river hexside (streams too in mud, 24.22a); a stream otherwise as the Terrain
        Effects Chart says (data: `none` or `river`)."""
        if river_hexside(self, data, state, a, b):
            return True
        if "stream" not in self.hexside(data, a, b):
            return False
        effect = data.get("terrain.hexsides.stream.combat", "the effect of a stream hexside on combat (5.62)")
        if effect not in ("none", "river"):
            raise PbemError(f"terrain.hexsides.stream.combat must be `none` or `river`, not {effect!r}", data.override_file)
        return effect == "river"

    def roer_multiplier(self, data, state, sides, entrenched) -> tuple[int, str] | None:
        """18.11 while the gradual flood runs (to 24 February, 18.13): current-dependent multipliers."""
        if state["flood"] != "gradual_flood" or not state["roer_current"]:
            return None
        until = parse_date(str(unwrap(data.get("flood.roer_current.in_effect_until", "18.13"))).split()[0])
        if parse_date(state["date"]) > until:
            return None
        reaches = {r for s in sides for r in ("upper", "lower") if f"roer_{r}" in s}
        if not reaches:
            return None
        reach = "lower" if "lower" in reaches else "upper"          # 18.11: any lower-Roer hexside: the lower line
        row = data.get(f"flood.roer_current.results.{state['roer_current']}", "the current table (18.11)")
        key = f"{reach}_in_entrenchment" if entrenched else reach
        if unwrap(row.get(key, "unknown")) == "unknown":
            raise UnknownDataError(f"flood.roer_current.results.{state['roer_current']}.{key}",
                                   f"the {reach} Roer multiplier in a {state['roer_current']} current" + (" for entrenched defenders" if entrenched else ""),
                                   "Roer River Currents and Effects Summary on the map (18.16)", data.override_file)
        return int(unwrap(row[key])), f"attacked across the {reach} Roer in a {state['roer_current']} current"

    def column(self, columns: list, attack: int, defence: int) -> tuple[int, Fraction]:
        """9.0: round down in the defender's favour; 9.7: beyond the table use the end column."""
        ratio = Fraction(attack, defence)
        best = 0
        for index, label in enumerate(columns):
            a, d = (int(x) for x in str(label).split("-"))
            if Fraction(a, d) <= ratio:
                best = index
        return best, ratio

    def shifts(self, data, state, combat) -> list:
        shifts = []
        if self.mud(state):
            shifts.append({"shift": int(data.get("weather.mud.effects.combat_column_shift", "24.22")), "why": "mud", "rule": "24.22"})
        if (combat["attacker_side"] == "allied" and state["turn"] == 1 and state["flood"] == "gradual_flood"
                and state["d_day"] and parse_date(state["d_day"]) <= date(1945, 2, 23)):
            shifts.append({"shift": int(data.get("crt.column_shifts.us_surprise.shift", "18.21")), "why": "US surprise", "rule": "18.21"})
        return shifts

    @staticmethod
    def parse_result(text: str) -> dict:
        """9.84-9.89: 'D2(1)*' = defender: 2 hexes and/or steps, 1 mandatory step, breakthrough."""
        result: dict = {}
        if text.strip() in ("-", "NE", ""):
            return result
        for token in text.split():
            who, rest = token[0], token[1:]
            if who not in "AD":
                raise PbemError(f"CRT result {text!r}: each part starts with A or D (9.84)")
            breakthrough = rest.endswith("*")
            rest = rest.rstrip("*")
            mandatory = 0
            if "(" in rest:
                rest, _, inner = rest.partition("(")
                mandatory = int(inner.rstrip(")"))
            flexible = int(rest) if rest else 0
            result[who] = {"flexible": flexible, "mandatory": mandatory, "breakthrough": breakthrough}
        return result

    # -- losses, retreats, advances (9.8, 9.9, 10.0) -------------------------------------------
    def next_choice(self, data, state, combat, events) -> bool:
        """Apply what needs no choice; pause for the owning player where the rules give one."""
        for key, side, units in (("A", combat["attacker_side"], combat["attackers"]), ("D", other(combat["attacker_side"]), combat["defenders"])):
            loss = combat["result"].get(key)
            if not loss or loss.get("done"):
                continue
            alive = [u for u in units if u in state["units"]]
            if not alive:
                loss["done"] = True
                continue
            hex_units = sorted({u for h in {state["units"][a]["hex"] for a in alive} for u in self.stacks(state)[h]})
            if loss["flexible"] == 0 and len(hex_units) == 1:
                self.lose_steps(data, state, [hex_units[0]] * loss["mandatory"], events, dice=None)
                loss["done"] = True
                continue
            state["awaiting_choice"] = {"kind": "losses", "side": side, "hex": combat["hex"], "result": key}
            events.append({"event": "awaiting", "side": side, "hex": combat["hex"], "what": "losses"})
            return True
        return False

    def check_losses(self, data, state, orders) -> list[Problem]:
        choice = state["awaiting_choice"]
        if len(orders) != 1 or orders[0].get("combat") != choice["hex"]:
            return [Problem(None, f"answer with one order `combat: {choice['hex']}` giving `losses:` and/or `retreat:` (9.85)")]
        try:
            self.loss_plan(data, copy.deepcopy(state), orders[0])
        except PbemError as e:
            return [Problem(0, str(e))]
        return []

    def loss_plan(self, data, state, order) -> dict:
        """Check a loss/retreat answer against 9.85-9.97; returns {retreat: {hex: path}, losses: [...]}."""
        choice = state["awaiting_choice"]
        combat = state["combats"][0]
        key = choice["result"]
        loss = combat["result"][key]
        side = choice["side"]
        participants = [u for u in (combat["attackers"] if key == "A" else combat["defenders"]) if u in state["units"]]
        from_hexes = sorted({state["units"][u]["hex"] for u in participants})
        in_hexes = [u for h in from_hexes for u in self.stacks(state)[h]]
        losses = order.get("losses", [])
        retreat = order.get("retreat", {})
        if not isinstance(losses, list) or any(u not in in_hexes for u in losses):
            raise PbemError(f"`losses:` lists one unit per step lost, from {', '.join(in_hexes)}")
        if isinstance(retreat, list):
            retreat = {from_hexes[0]: retreat} if len(from_hexes) == 1 or not retreat else {"?": retreat}
        if not isinstance(retreat, dict) or set(retreat) - set(from_hexes) or any(not isinstance(p, list) for p in retreat.values()):
            raise PbemError(f"`retreat:` is a path of hexes (or, for attackers in several hexes, HEX: path for each of {', '.join(from_hexes)})")
        grid = self.grid(data)
        retreat = {h: [grid.canonical(x) for x in p] for h, p in retreat.items() if p}
        lengths = {len(p) for p in retreat.values()}
        hexes_retreated = lengths.pop() if lengths else 0
        if lengths or (retreat and set(retreat) != set(from_hexes)):
            raise PbemError("if a player retreats, all his units in the combat retreat the same number of hexes (9.85)")
        if hexes_retreated > loss["flexible"]:
            raise PbemError(f"the result allows at most {loss['flexible']} hexes of retreat (9.85)")
        zoc_hexes = 0
        enemy_zoc = self.enemy_zoc(data, state, side)
        for start, path in retreat.items():
            zoc_hexes += self.retreat_problems(data, state, side, start, path, enemy_zoc)
        in_lieu = loss["flexible"] - hexes_retreated
        available = self.steps_available(data, state, in_hexes)
        if available <= loss["mandatory"] and hexes_retreated:
            raise PbemError(f"the mandatory losses eliminate every unit here ({available} step(s)): nothing is left to retreat (9.85)")
        if (loss["breakthrough"] and in_lieu and key == "D" and available > loss["mandatory"]
                and self.can_retreat(data, state, side, from_hexes, enemy_zoc)):
            raise PbemError("after a breakthrough the defender must retreat; steps in lieu of retreat only if surrounded (9.97)")
        needed = loss["mandatory"] + in_lieu + zoc_hexes
        if len(losses) != min(needed, available):
            raise PbemError(f"{min(needed, available)} step(s) must be lost: {loss['mandatory']} mandatory + {in_lieu} in lieu of retreat"
                            f" + {zoc_hexes} for enemy-controlled hexes entered (9.85, 9.92); `losses:` lists {len(losses)}")
        self.check_allocation(data, state, key, combat, participants, losses)
        return {"retreat": retreat, "losses": losses, "hexes": hexes_retreated}

    def steps_available(self, data, state, units) -> int:
        total = 0
        for unit_id in units:
            unit = state["units"][unit_id]
            if unit["form"] in ("cadre",) or not self.uses_chit(data, state, unit_id):
                total += 1
            elif unit["form"] == "untried":
                total += 2                   # at least 2; its chit decides (9.82)
            else:
                total += unit["steps"] - (1 if unit["form"] == "reduced" else 0)
        return total

    def check_allocation(self, data, state, key, combat, participants, losses) -> None:
        """9.86 participants first; 9.87 the attacker's participating tanks first."""
        remaining = {u: self.steps_available(data, state, [u]) for u in set(losses) | set(participants)}
        tanks = [u for u in participants if key == "A" and self.counter(data, u)["type"] == "tank"]
        for unit_id in losses:
            if remaining.get(unit_id, 0) <= 0:
                raise PbemError(f"{unit_id} has no step left to lose")
            if unit_id not in participants and any(remaining[p] > 0 for p in participants):
                raise PbemError(f"{unit_id} did not take part: losses come first from the units that did (9.86)")
            if tanks and unit_id not in tanks and any(remaining[t] > 0 for t in tanks):
                raise PbemError(f"losses from one's own attack come first from participating tanks: {', '.join(tanks)} (9.87)")
            remaining[unit_id] -= 1

    def retreat_problems(self, data, state, side, start, path, enemy_zoc) -> int:
        """9.91-9.96; returns the number of enemy-controlled hexes entered (9.92)."""
        grid = self.grid(data)
        units = self.stacks(state)[start]
        mech = any(self.is_mech(data, u) for u in units)
        seen, zoc_hexes, here = {start}, 0, start
        for hex_id in path:
            if not grid.adjacent(here, hex_id):
                raise PbemError(f"retreat: {hex_id} is not adjacent to {here}")
            if hex_id in seen:
                raise PbemError(f"retreat: a stack may not enter {hex_id} twice (9.91)")
            if not self.on_map(data, hex_id):
                raise UnknownDataError(f"map.hexes.{hex_id}", f"whether hex {hex_id} is on the map and its terrain",
                                       "the game map (2.1)", data.override_file)
            if self.side_in(state, hex_id) == other(side):
                raise PbemError(f"retreat: {hex_id} holds enemy units")
            features = self.hexside(data, here, hex_id)
            if mech and "road" not in features and river_hexside(self, data, state, here, hex_id):
                raise PbemError(f"retreat: mechanized units never retreat across a river without a road (9.96)")
            if mech and self.terrain(data, hex_id) == "swamp" and "road" not in features:
                raise PbemError(f"retreat: mechanized units never retreat into swamp except through a road hexside (27.1)")
            if hex_id in enemy_zoc:
                zoc_hexes += 1
            seen.add(hex_id)
            here = hex_id
        return zoc_hexes

    def can_retreat(self, data, state, side, from_hexes, enemy_zoc) -> bool:
        grid = self.grid(data)
        return any(self.side_in(state, n) != other(side) and n not in enemy_zoc and self.on_map(data, n)
                   for h in from_hexes for n in grid.neighbours(h))

    def apply_losses(self, data, state, order, dice: Dice, events) -> None:
        plan = self.loss_plan(data, state, order)
        choice = state["awaiting_choice"]
        state["awaiting_choice"] = None
        combat = state["combats"][0]
        events.append({"event": "loss_choice", "side": choice["side"], "hex": combat["hex"], "losses": plan["losses"],
                       "retreat": plan["retreat"], "rule": "9.85"})
        self.lose_steps(data, state, plan["losses"], events, dice)
        for start, path in plan["retreat"].items():
            movers = list(self.stacks(state).get(start, []))
            for unit_id in movers:
                state["units"][unit_id]["hex"] = path[-1]
                for hex_id in path:
                    self.note_passage(data, state, hex_id, choice["side"])
            events.append({"event": "retreat", "from": start, "path": path, "rule": "9.91"})
            if choice["side"] == "allied" and movers:
                for a, b in zip([start] + path, path):
                    for unit_id in movers:
                        rhine.note_crossing(self, data, state, unit_id, a, b)          # 28.21 "as a result of combat"
                    self.entered_hex(data, state, movers[0], b, dice, events)
        combat["result"][choice["result"]]["done"] = True
        if choice["result"] == "D":
            combat["retreat_paths"] = plan["retreat"]
            loss = combat["result"]["D"]
            in_lieu = max(0, len(plan["losses"]) - loss["mandatory"])
            survivors = any(u in state["units"] for u in combat["defenders"])
            # 9.94: as far as the loser retreated; if it was eliminated, what was left of its retreat
            combat["advance_hexes"] = plan["hexes"] if survivors else max(0, loss["flexible"] - plan["hexes"] - in_lieu) + plan["hexes"]

    def lose_steps(self, data, state, losses, events, dice) -> None:
        """9.82 / 10.0: chit front -> back -> cadre (chit back to its pool, 8.52) -> eliminated."""
        for unit_id in losses:
            unit = state["units"].get(unit_id)
            if unit is None:
                continue
            if unit["form"] == "untried" and self.uses_chit(data, state, unit_id):
                if dice is None:
                    raise PbemError(f"internal: {unit_id} loses a step before it has a chit")
                self.draw_chit(data, state, unit_id, dice, events, rule="9.86")
            if unit["form"] == "front" and unit["steps"] == 3:
                unit["form"] = "reduced"
                events.append({"event": "reduced", "unit": unit_id, "rule": "9.82"})
            elif unit["form"] in ("front", "reduced"):
                self.return_chit(data, state, unit_id)
                unit["form"] = "cadre"
                events.append({"event": "cadre", "unit": unit_id, "rule": "10.0"})
            else:
                if unit.get("chit"):
                    self.return_chit(data, state, unit_id)
                del state["units"][unit_id]
                events.append({"event": "eliminated", "unit": unit_id, "hex": unit["hex"], "rule": "9.82"})

    def return_chit(self, data, state, unit_id) -> None:
        unit = state["units"][unit_id]
        morale = str(self.counter_value(data, unit_id, "morale", "the morale rating (8.2)"))
        state["pools_out"][morale].remove(unit["chit"])                         # 8.52
        unit["chit"] = None
        unit.pop("steps", None)

    def advance_after_combat(self, data, state, combat, dice, events) -> None:
        """9.94-9.95: along the path of retreat, stopping on entering an enemy ZOC after the first hex."""
        result = combat["result"]
        vacated = [h for h in combat["hexes"] if not self.stacks(state).get(h)]
        if not combat["advance"] or "D" not in result or not vacated:
            return
        grid = self.grid(data)       # a unit that retreated (an A result) is no longer there to advance
        movers = [u for u in combat["advance"] if u in state["units"] and grid.adjacent(state["units"][u]["hex"], vacated[0])]
        if not movers:
            return
        loss = result["D"]
        if "advance_hexes" not in combat:            # no choice was asked: eliminated by mandatory losses
            combat["advance_hexes"] = loss["flexible"]
        allowed = combat["advance_hexes"] + (1 if loss["breakthrough"] else 0)            # 9.94, 9.97
        if allowed < 1:
            return
        path = [vacated[0]] + combat.get("retreat_paths", {}).get(vacated[0], [])
        if len(path) == 1 and (combat.get("advance_path") or [None])[0] == vacated[0]:
            path = combat["advance_path"]           # 9.94: the loser was eliminated; the victor advances freely
        side = combat["attacker_side"]
        grid = self.grid(data)
        zoc = self.enemy_zoc(data, state, side)
        mech = any(self.is_mech(data, u) for u in movers)
        route, here = [], state["units"][movers[0]]["hex"]
        for index, hex_id in enumerate(path[:allowed]):
            if self.side_in(state, hex_id) == other(side) or not grid.adjacent(here, hex_id) or not self.on_map(data, hex_id):
                break                                                            # 9.95: stop before the enemy
            features = self.hexside(data, here, hex_id)
            if mech and "road" not in features and (river_hexside(self, data, state, here, hex_id)
                                                    or "swamp" in (self.terrain(data, here), self.terrain(data, hex_id))):
                break                                                            # 9.96, 27.1
            if side == "allied" and self.across_rhine(data, here, hex_id, state):
                break                                                            # 22.11, 22.25
            route.append(hex_id)
            if side == "allied" and index < allowed - 1 and rhine.triggers(self, data, state, side, hex_id):
                for unit_id in movers:                  # 21.11, 22.21: the roll comes as the hex is entered
                    state["units"][unit_id]["hex"] = hex_id
                self.entered_hex(data, state, movers[0], hex_id, dice, events)
            here = hex_id
            if index > 0 and hex_id in zoc:
                break
        if not route:
            return
        starts = {u: state["units"][u]["hex"] for u in movers}
        for unit_id in movers:
            state["units"][unit_id]["hex"] = route[-1]
            for a, b in zip([starts[unit_id]] + route, route):
                rhine.note_crossing(self, data, state, unit_id, a, b)
        for hex_id in route:
            self.note_passage(data, state, hex_id, side)
        events.append({"event": "advance", "units": movers, "path": route, "rule": "9.94"})
        if side == "allied":
            self.entered_hex(data, state, movers[0], route[-1], dice, events)

    # -- victory (28.0) ------------------------------------------------------------------------
    def victory(self, data, state) -> dict:
        towns = data.get("victory.town_vp.towns", "the VP towns (28.1)")
        held = [t for t in towns if state["last_through"].get(t["hex"]) == "allied"]
        bridge_vp, bridges_earned = rhine.bridge_vp(self, data, state)                           # 28.21, 28.22
        vp = sum(int(t["vp"]) for t in held) + bridge_vp
        level = next(l["level"] for l in data.get("victory.levels.list", "the victory levels (28.3)")
                     if vp >= int(l["min"]) and ("max" not in l or vp <= int(l["max"])))
        return {"vp": vp, "towns": [t["town"] for t in held], "bridges": bridges_earned, "level": level, "rule": "28.3"}

    # -- templates, reports, views -------------------------------------------------------------
    def template(self, data, state, side) -> dict:
        waiting = self.awaiting(state)
        notes, orders = [waiting.phase], []
        choice = state["awaiting_choice"]
        if choice and choice["kind"] == "place":
            notes.append(f"Place the new Volkssturm units in the hexes of {choice['town']} (21.12): "
                         f"{', '.join(rhine.legal_hexes(self, data, state, choice['town']))}")
            orders += [{"place": unit_id, "at": choice["town"]} for unit_id in choice["units"]]
        elif choice and choice["kind"] == "defend":
            by_label = {c["hex"]: c for c in state["combats"]}
            notes.append("Before the rolls, for each combat below: the defending regiment where a hex holds several "
                         "(7.21/7.22), and your support: at most one artillery unit (9.62-9.64), `air: true` for one Air Point "
                         f"(13.11; {support.air_points_left(self, data, state, side)} left this Game-Turn). Combats you leave out get none.")
            for due in choice["combats"]:
                combat = by_label[due["combat"]]
                eligible = support.artillery_options(self, data, state, side, combat, support.defending_stack(self, state, combat))
                announced = combat.get("support", {}).get(other(side)) or "no support"
                notes.append(f"  {due['combat']}: attacked by {', '.join(combat['attackers'])} (attacker's support: {announced}); "
                             f"your eligible artillery: {', '.join(eligible) or 'none'}")
                answer = {"defend": due["combat"], "artillery": [], "air": False}
                if len(due["options"]) == 1:
                    answer["with"] = next(iter(due["options"].values()))[0]
                elif due["options"]:
                    answer["with"] = {h: units[0] for h, units in due["options"].items()}
                orders.append(answer)
        elif choice:
            loss = state["combats"][0]["result"][choice["result"]]
            notes.append(f"Result {state['combats'][0]['result']['text']} at {choice['hex']}: {loss['mandatory']} mandatory step(s), then "
                         f"{loss['flexible']} hex(es) of retreat and/or steps (9.85). List one unit per step in `losses:`; "
                         "`retreat:` is the path of hexes (for attackers in several hexes, HEX: path).")
            orders.append({"combat": choice["hex"], "losses": [], "retreat": []})
        elif state["phase"] == "flood":
            notes.append("German player: declare the Roer flood, flash_flood or gradual_flood (17.0).")
            orders.append({"flood": "gradual_flood"})
        elif state["phase"] == "d_day":
            notes.append("US player: declare D-Day, 1945-02-17 to 1945-02-24 (18.0); the Roer current is then rolled (18.1).")
            orders.append({"d_day": "1945-02-23"})
        elif state["phase"] == "movement":
            notes.append("`move: UNIT` with `path: [from, ..., to]`; units not listed stay. Reinforcements: `enter: UNIT` "
                         "with `path:` from its entry hex (14.11).")
            notes.append("`strategic: true` moves a unit strategically, 3+ hexes from the enemy throughout (5.5); a move into a "
                         "Rhine bridge's western terminus or next to a Volkssturm town ends there, as the last order (21.11, "
                         "22.21), where the US may add `ruse: true` once a game (22.23).")
            for unit_id, due in sorted(state["reinforcements"].items()):
                if due["side"] == side and due["turn"] <= state["turn"]:
                    notes.append(f"  reinforcement available: {unit_id}, enters at {due['entry']}")
        else:
            notes.append("`attack: HEX` with `with: [UNITS]` (one regiment/brigade per hex, 7.21), optional `advance: [UNITS]` (9.94). "
                         "Every adjacent enemy must be attacked (9.11) and every adjacent unit must attack (9.12).")
            grid = self.grid(data)
            for hex_id, units in sorted(self.stacks(state).items()):
                if state["units"][units[0]]["side"] == other(side):
                    adjacent = [u for u, v in sorted(state["units"].items()) if v["side"] == side and grid.adjacent(v["hex"], hex_id)]
                    if adjacent:
                        notes.append(f"  {hex_id}: enemy stack of {len(units)}; adjacent: {', '.join(adjacent)}")
        return {"notes": notes, "orders": orders}

    position_headers = ("Hex", "Unit", "Side", "Strength chit")

    def unit_label(self, data, state, unit_id, side=None) -> str:
        """What `side` may see of a unit (8.42): the owner its chit and strength; anyone else
        only whether it is untried, tried (a chit on its front), reduced or a cadre."""
        unit = state["units"][unit_id]
        if unit["side"] == side and unit.get("chit"):
            return f"{PUBLIC_FORM[unit['form']]}: chit {unit['chit']}, strength {self.strength(data, state, unit_id)}"
        return PUBLIC_FORM[unit["form"]]

    def unit_side(self, data, state, unit_id) -> str:
        return state["units"][unit_id]["side"]

    # no "allied" colour before pbem 0.3: US counters were drawn white
    side_colours = {"german": "#c4ccd6", "allied": "#d5e4b8"}
    hexside_lines = {"rhine": "rhine", "river": "river", "roer_upper": "river", "roer_lower": "river",
                     "stream": "river", "lake": "lake"}
    open_collections = ("map.hexes.<HEX>: {terrain: ...}, map.hexsides.<A|B>: [river, road, ...], "
                        "units.counters.<ID>: {...}")

    def map_units(self, data, state, side=None) -> list[MapUnit]:
        return [MapUnit(u, v["hex"], self.unit_label(data, state, u, side), self.unit_side(data, state, u))
                for u, v in sorted(state["units"].items())]

    def demo_plan(self):
        from . import demo
        return demo.plan()

    def setup_note(self, data, state) -> str | None:
        if state["units"] == {}:
            return ("no units are on the map — counters are not in the rulebook text; add them to the data "
                    "override as units.counters.ID (see `pbem data missing` and docs/data-format.md)")
        return None

    def hexes(self, data) -> dict:
        hexes = data.get("map.hexes", "the map's hexes")
        return {k: v for k, v in hexes.items() if isinstance(v, dict)}

    def positions(self, data, state, side: str | None = None) -> list:
        return [[hex_id, unit_id, state["units"][unit_id]["side"], self.unit_label(data, state, unit_id, side)]
                for hex_id, units in sorted(self.stacks(state).items()) for unit_id in units]

    def describe(self, data, state, events) -> list:
        blocks: list = []
        for event in events:
            kind = event["event"]
            if kind == "flood":
                blocks.append(("item", f"German player declares a {event['flood'].replace('_', ' ')} (17.0)"))
            elif kind == "d_day":
                blocks.append(("item", f"US D-Day {event['d_day']}; Roer current roll {event['roll']} {event['modifier']:+d} = "
                                       f"{event['modified']}: {event['current']} (18.1, 18.12)"))
            elif kind == "weather":
                blocks.append(("item", f"Game-Turn {event['turn']} weather: roll {event['roll']} {event['modifier']:+d} → "
                                       f"{event['weather'].replace('_', ' ')}" + ("; MUD (24.22)" if event["mud"] else "") + " (24.11)"))
            elif kind == "withdrawal":
                blocks.append(("item", f"German strategic withdrawal roll {event['roll']} (modified {event['modified']}): "
                                       + ("granted, 2nd Corps may move (19.12)" if event["success"] else "not granted") + " (19.21)"))
            elif kind in ("move", "enter"):
                blocks.append(("item", f"{event['unit']} {'enters' if kind == 'enter' else 'moves'} {' → '.join(event['path'])} ({event['rule']})"))
            elif kind == "chit":
                blocks.append(("item", f"{event['unit']} draws a strength chit from morale pool {event['pool']} (8.33)"))
            elif kind == "combat":
                attackers = ", ".join(f"{u} {s}" for u, s in event["attackers"].items())
                defenders = ", ".join(f"{u} {s}" for u, s in event["defenders"].items())
                mods = "; ".join(f"{m['why']} ×{m['times']}" if "times" in m else f"{m['why']} +{m['plus']}" for m in event["modifiers"]) or "none"
                shifts = ", ".join(f"{s['shift']:+d} {s['why']} ({s['rule']})" for s in event["shifts"]) or "none"
                blocks.append(("h3", f"Combat {event['number']} at {event['hex']}"))
                blocks.append(("table", ["", ""], [
                    ["Attackers (strengths examined, 8.42)", f"{attackers} = {event['attack']}"],
                    ["Defenders (strengths examined, 8.42)", f"{defenders}; modifiers: {mods} → {event['defence']}"],
                    ["Ratio", f"{event['ratio']} → column {event['column']} of the {event['line']} line (9.0, 9.89)"],
                    ["Shifts", shifts],
                    ["Final column", event["final_column"]],
                    ["Dice", f"{event['dice'][0]} + {event['dice'][1]} = {event['roll']}"],
                    ["Result", f"{event['result']} (cell from {event['cell_provenance']})"],
                ]))
            elif kind == "awaiting":
                what = "which regiment or brigade defends (7.22)" if event["what"] == "defend" else "losses and retreat (9.85)"
                blocks.append(("p", f"Waiting for {event['side']} to choose {what} at {event['hex']}."))
            elif kind == "support":
                what = [f"artillery {', '.join(event['artillery'])}"] if event["artillery"] else []
                what += ["one Air Point"] if event["air"] else []
                blocks.append(("item", f"{event['side']} supports the combat at {event['hex']}: {' and '.join(what)} (9.64, 13.13)"))
            elif kind == "defender_chosen":
                blocks.append(("item", f"{event['unit']} defends {event['hex']} (7.22)"))
            elif kind == "loss_choice":
                retreat = "; ".join(f"{h} → {' → '.join(p)}" for h, p in event["retreat"].items()) or "no retreat"
                blocks.append(("item", f"{event['side']} at {event['hex']}: steps lost: {', '.join(event['losses']) or 'none'}; {retreat} (9.85)"))
            elif kind == "reduced":
                blocks.append(("item", f"{event['unit']} loses a step: chit flipped to its weaker side (9.82)"))
            elif kind == "cadre":
                blocks.append(("item", f"{event['unit']} reduced to cadre; its chit returns to its pool (10.0, 8.52)"))
            elif kind == "eliminated":
                blocks.append(("item", f"{event['unit']} eliminated in {event['hex']} (9.82)"))
            elif kind == "retreat":
                blocks.append(("item", f"Stack in {event['from']} retreats {' → '.join(event['path'])} (9.91)"))
            elif kind == "advance":
                blocks.append(("item", f"{', '.join(event['units'])} advance {' → '.join(event['path'])} (9.94)"))
            elif kind == "bridge":
                blocks.append(("item", f"{event['unit']} enters the western terminus of the {event['bridge']} bridge: German roll "
                                       f"{event['dice'][0]} + {event['dice'][1]}, blown on {event['window']} ({event['why']}): "
                                       + ("BLOWN" if event["blown"] else "the bridge stands") + " (22.21)"))
            elif kind == "volkssturm":
                got = f"; received {', '.join(event['received'])}" if event["received"] else ""
                blocks.append(("item", f"{event['unit']} comes next to {event['town']} (Volkssturm Value {event['value']}): German roll "
                                       f"{event['roll']}: {event['raised']} Volkssturm unit(s) (21.11){got}"
                                       + (" — fewer than raised: the countermix is exhausted (21.22)" if len(event["received"]) < event["raised"] else "")))
            elif kind == "placed":
                blocks.append(("item", f"{event['unit']} placed in {event['hex']} ({event['rule']})"))
            elif kind == "variable_reinforcements":
                blocks.append(("item", f"Variable German reinforcements, {event['edge']} map-edge: roll {event['roll']}: "
                                       + (f"{', '.join(event['units'])} available" if event["success"] else "none") + f" ({event['rule']})"))
            elif kind == "supply":
                what = "out of supply" if event["status"] == "out_of_supply" else "isolated"
                blocks.append(("item", f"{event['unit']} is {what} this Player-Turn ({event['rule']})"))
            elif kind == "released":
                blocks.append(("item", "A 2nd Corps unit was attacked: the whole corps may move from now on (19.12)"))
            elif kind == "combat_void":
                blocks.append(("item", f"Combat against {event['hex']} lapses: the hex is empty (9.0)"))
            elif kind == "attacks_declared":
                blocks.append(("item", f"{event['count']} attack(s) declared, resolved in the order given (9.0)" if event["count"] else "No attacks declared (9.0)"))
            elif kind == "victory":
                blocks.append(("h3", "End of the game (28.0)"))
                bridges = f"; Rhine bridges {', '.join(event['bridges'])} (28.21)" if event.get("bridges") else ""
                blocks.append(("p", f"US Victory Points: {event['vp']} (towns: {', '.join(event['towns']) or 'none'}{bridges}): {event['level']} (28.3)"))
        return blocks


GAME = OperationGrenade()
