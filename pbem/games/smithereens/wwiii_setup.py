"""14.2-14.5 the WWIII Straight-Up set-up (behaviour 6): the seats, the save's first state, and the
two deployment files, Allied then Soviet (wwiii.py has the rules of play)."""

from typing import Any

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit.sequence import PASSES
from ..base import Problem
from .components import spelled
from .tactical_mobile import MobileAirRules

STRAIGHT_UP = "wwiii_straight_up"
SEGUE = "wwii_into_wwiii"
CODE = "wwiii"              # to_place code of every unit deployed in 14.2
OPTIONAL = "wwiii_optional"  # 14.4: the asterisked US corps "may ... be added to the initial Allied placement"


def play(state: dict, key: str) -> Any:
    """A value of the scenario's `play:` block, copied into the save at set-up."""
    return state["wwiii"]["play"][key]


def scenario_play(scenario: dict) -> dict:
    """The scenario's `play:` block, unwrapped; a value left `unknown` refuses naming its path."""
    block = scenario.get("play")
    if not isinstance(block, dict):
        raise PbemError(f"the scenario {scenario.get('scenario')!r} gives no `play:` block (14.x)")
    values = {}
    for key, raw in sorted(block.items()):
        if key == "rule":
            continue
        value = unwrap(raw) if not (isinstance(raw, dict) and "value" not in raw) else {k: v for k, v in raw.items() if k != "rule"}
        if value == "unknown":
            raise UnknownDataError(f"scenario.play.{key}", f"the scenario's {key.replace('_', ' ')} (14.x)", "the rulebook (14.x)",
                                   "the scenario file")
        values[key] = value
    return values


class WWIIISetupRules(MobileAirRules):
    def seats(self, scenario: dict) -> list[list[str]]:
        if scenario.get("scenario") in (STRAIGHT_UP, SEGUE):
            return [list(unwrap(scenario["play"]["seats"]))]     # 14.1: the Soviet and the Western Allied player
        return super().seats(scenario)

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        if scenario.get("scenario") != STRAIGHT_UP:
            return super().setup(data, scenario, seats, options)
        if not self.plays(data, 6):
            raise PbemError("the WWIII Straight-Up scenario (14.2) is played from Smithereens behaviour 6")
        chosen = self.options(options or {})
        self.check_fog(chosen)
        rules = scenario_play(scenario)
        first_turn = int(unwrap(scenario["first_turn"]))
        state = self.wwiii_start(data, scenario, rules, seats, chosen, first_turn, self.wwiii_forces(data, rules, first_turn))
        state["wwiii"]["rough"] = [self.grid(data).canonical(str(rules["thunderclap_hex"]))]      # 14.3 Dresden
        self.next_wwiii_placement(state, after=None)
        return state

    def check_fog(self, options: dict) -> None:
        if options["fog"]:
            raise PbemError("the WWIII scenarios are played with fog=off: pbem's fog of war (11.7) is built for the "
                            "German and Grand Alliance camps; choose fog=off")

    def wwiii_start(self, data: GameData, scenario: dict, rules: dict, seats: list[str], options: dict, first_turn: int,
                    forces: tuple[dict, dict, dict]) -> dict:
        to_place, units, reinforcements = forces
        return {
            "turn": first_turn, "last_turn": unwrap(scenario["last_turn"]), "army": "western",
            "phase": "placement", "seats": sorted(seats), "to_place": to_place, "level": options["level"],
            "fell": [], "antwerp_lost": False, "western_oos_until": 0, "ports_lost": [], "ruhr_lost": [],
            "oil_lost": False, "collapsed": True,        # no German economy in WWIII (14.2: "after the Germans have been defeated")
            "units": units, "eliminated": [], "control": self.wwiii_control(data, rules), "fanaticism_vp": 0,
            "fortresses": [], "fortress_lost": [], "destroyed": {}, "reinforcements": reinforcements,
            "attacked_this_turn": {}, "pending": [], "last_combats": [], PASSES: True,
            # 10.23's Yugoslav restrictions wait for a German-side unit next to Belgrade, which WWIII never has;
            # 14.2's neutrality governs instead (wwiii.py)
            "yugoslavia_open": True,
            "wwiii": {"scenario": str(scenario["scenario"]), "play": rules, "swiss_violated": False, "movement_begun": False,
                      "rough": [], "a_bombs": {"won": 0, "used": []}},
        }

    def check_wwiii_counters(self, data: GameData, rules: dict) -> None:
        """14.4, 14.10: the counters only WWIII reads by a mark (`asterisked: true`, `nationality: vlassov`) must
        all be marked: a counter list completed for the historical game need not mark them (nor hold them), and
        a counter it leaves unmarked would silently stay out of the war."""
        marked = rules["wwiii_counters"]
        counters = data.get("units.counters", "the unit counters (ids, sides, factors, set-up hexes)")
        ids = sorted(k for k in counters if k not in ("open", "printed_on", "rule"))
        for key, value, wanted, what in (("asterisked", True, int(marked["asterisked"]), "the asterisked US 23rd and 36th Corps (14.4)"),
                                         ("nationality", "vlassov", int(marked["vlassov"]), "the Vlassov Army (14.10)")):
            found = [u for u in ids if self.counter(data, u).get(key) == value]
            if len(found) != wanted:
                mark = f"`units.counters.ID.{key}: {str(value).lower()}`"
                raise PbemError(f"the WWIII scenarios need {what}: the data marks {len(found)} counter{'' if len(found) == 1 else 's'} {mark} "
                                f"({', '.join(found) or 'none'}), not {spelled(wanted)}; mark each in the data override",
                                data.override_file)

    def wwiii_forces(self, data: GameData, rules: dict, first_turn: int) -> tuple[dict, dict, dict]:
        """14.2: each side's forces "available by the end of Game Turn 10" (a counter with a set-up
        hex, a placement code or an entry turn of 10 or earlier); 14.4 the asterisked US corps
        (`asterisked: true`) may be added; the Swiss corps start in the hexes printed on them; 14.10
        the Vlassov Army (`nationality: vlassov`) "enters as a Western Allied reinforcement during that
        player's first turn (turn 11)"."""
        counters = data.get("units.counters", "the unit counters (ids, sides, factors, set-up hexes)")
        self.check_wwiii_counters(data, rules)
        deleted = set(rules["soviet_nationalities_deleted"]) | {"swiss"}
        kept_out = set(rules["soviet_unit_types_not_deployed"])
        to_place: dict[str, str] = {}
        units: dict[str, dict] = {}
        reinforcements: dict[str, dict] = {}
        for unit_id in sorted(k for k in counters if k not in ("open", "printed_on", "rule")):
            counter = self.counter(data, unit_id)
            setup, arrives = unwrap(counter.get("setup")), unwrap(counter.get("arrives"))
            if counter.get("nationality") == "swiss":
                if not isinstance(setup, str) or setup == "unknown":
                    raise UnknownDataError(f"units.counters.{unit_id}.setup", f"the set-up hex printed on the Swiss corps {unit_id} (14.2)",
                                           "the unit counter", data.override_file)
                units[unit_id] = {"hex": self.grid(data).canonical(setup), "steps": counter["steps"]}
                continue
            if counter.get("nationality") == "vlassov":
                reinforcements[unit_id] = {"turn": first_turn, "steps": counter["steps"]}
                continue
            if counter["side"] == "german" or counter.get("nationality") in deleted or counter["type"] in kept_out:
                continue
            if counter.get("asterisked") is True:
                to_place[unit_id] = OPTIONAL
            elif "unknown" in (setup, arrives):
                raise UnknownDataError(f"units.counters.{unit_id}.setup", f"the set-up hex or entry turn of {unit_id}, to know "
                                       "whether it is available by the end of Game Turn 10 (14.2)", "the unit counter", data.override_file)
            elif isinstance(setup, str) or (isinstance(arrives, int) and arrives <= int(rules["forces_available_by_turn"])):
                to_place[unit_id] = CODE
        return to_place, units, reinforcements

    def wwiii_control(self, data: GameData, rules: dict) -> dict[str, str]:
        """Who controls each city when the war begins (the scenario's reading: east of the WWIII
        demarcation line Soviet, in or west of it Western Allied; Zurich and Bern Allied, 14.6)."""
        east = self.region(data, "east_of_wwiii_demarcation_line", "14.2")
        control = {h: ("soviet" if h in east else "western") for h in self.cities(data)}
        for name in rules["swiss_cities"]:
            hex_id = self.grid(data).canonical(str(data.get(f"map.places.{name}.hex", f"{name}'s hex (14.6)")))
            control[hex_id] = "western"
        return control

    def next_wwiii_placement(self, state: dict, after: str | None) -> None:
        """14.2: the Allied deployment, then the Soviet; 14.5: "Play begins with the start of the
        Soviet Prepared Assault Phase of Game Turn (II May)"."""
        order = list(play(state, "placement_order"))
        for army in order[order.index(after) + 1 if after else 0:]:
            if army == "soviet" and state["wwiii"]["scenario"] == SEGUE and not state["to_place"]:
                continue                       # 14.19: no Yugoslav unit outside Yugoslavia to put back
            state.update(army=army, phase="placement")
            return
        start = play(state, "start")
        state["to_place"] = {}                 # 14.4: an asterisked corps not added stays out of the game
        state.update(army=start["army"], phase=start["phase"])

    def start_steps(self, data: GameData, state: dict, unit_id: str) -> int:
        """A unit deploys at full strength (14.2); a Yugoslav unit put back by the segue keeps its steps (14.19)."""
        kept = state["wwiii"].get("segue_steps", {})
        return int(kept[unit_id]) if unit_id in kept else int(self.counter(data, unit_id)["steps"])

    # -- the deployment files ------------------------------------------------------------------------
    def due(self, data: GameData, state: dict) -> dict[str, str]:
        return {u: code for u, code in state["to_place"].items() if self.army_of(data, u) == state["army"]}

    def check_placement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        if "wwiii" not in state:
            return super().check_placement(data, state, side, orders)
        due, problems, placed, shadow = self.due(data, state), [], set(), {u: dict(v) for u, v in state["units"].items()}
        for index, order in enumerate(orders):
            unit_id = order.get("place") if isinstance(order, dict) else None
            keys = {"place", "at", "steps"} if state["army"] == "soviet" else {"place", "at"}
            if not isinstance(order, dict) or not {"place", "at"} <= set(order) <= keys or unit_id not in due or unit_id in placed:
                problems.append(Problem(index, f"a deployment is `place: UNIT` with `at: HEX`{' (and `steps: N` to reduce it)' if state['army'] == 'soviet' else ''}, "
                                               f"once for each of {', '.join(sorted(due))} (14.2)"))
                continue
            placed.add(unit_id)
            try:
                target = self.grid(data).canonical(str(order["at"]))
            except ValueError as exc:
                problems.append(Problem(index, str(exc)))
                continue
            steps = order.get("steps", self.start_steps(data, state, unit_id))
            reason = self.deployment_problem(data, state, unit_id, target, steps)
            if reason:
                problems.append(Problem(index, reason))
            else:
                shadow[unit_id] = {"hex": target, "steps": steps}
        for unit_id in sorted(u for u, code in due.items() if code == CODE and u not in placed):
            problems.append(Problem(None, f"{unit_id} must be deployed: the side takes all the forces available by the end of Game Turn 10 (14.2)"))
        if not problems:
            problems = self.deployment_totals(data, state, shadow, placed)
        return problems

    def deployment_problem(self, data: GameData, state: dict, unit_id: str, target: str, steps: Any) -> str | None:
        if state["army"] == "western":
            if steps != self.counter(data, unit_id)["steps"]:
                return f"{unit_id} deploys at full strength (14.2)"
            if self.is_airborne(data, unit_id):
                if target in self.region(data, "east_of_wwiii_demarcation_line", "14.2"):
                    return f"{unit_id} is an airborne corps: it may be set up in or west of the WWIII demarcation line, not {target} (14.2)"
                return None
            if target not in self.region(data, "wwiii_demarcation_line", "14.2"):
                return f"{unit_id} must be deployed in a hex of the WWIII demarcation line, not {target} (14.2)"
            return None
        full = self.start_steps(data, state, unit_id)
        yugoslav = self.counter(data, unit_id).get("nationality") == "yugoslavian"
        if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= full or (yugoslav and steps != full):
            return f"{unit_id} deploys with 1 to {full} steps; only Red Army units are reduced (14.2)"
        if yugoslav:
            if target not in self.region(data, "yugoslavia", "14.2"):
                return f"{unit_id} is Yugoslav and deploys inside Yugoslavia, not {target} (14.2)"
            return None
        west = self.region(data, "wwii_line_and_west", "14.2") - self.region(data, "wwii_demarcation_line", "14.2")
        if target not in west:
            return f"{unit_id} must be deployed in a hex west of the WWII demarcation line (as 14.2 prints it), not {target} (14.2)"
        return None

    def deployment_totals(self, data: GameData, state: dict, shadow: dict, placed: set[str]) -> list[Problem]:
        """14.2: the Allied player "may not stack any units in his initial set up: no more than one unit
        per hex"; the Soviet reduces his Red Army units "by a total of 13 steps, at least five of which
        must be mechanized", and stacks within the usual limits (8.4)."""
        army, problems = state["army"], []
        mine = {u: v for u, v in shadow.items() if u in placed or (u in state["units"] and self.army_of(data, u) == army)}
        by_hex: dict[str, list[str]] = {}
        for unit_id, unit in sorted(mine.items()):
            by_hex.setdefault(unit["hex"], []).append(unit_id)
        for hex_id, units in sorted(by_hex.items()):
            if army == "western":
                most = int(play(state, "allied_units_per_hex_at_setup"))
                if len(units) > most:
                    problems.append(Problem(None, f"hex {hex_id}: no more than {spelled(most)} Allied unit per hex in the initial set up (14.2)"))
            else:
                reason = self.stacking_problem(data, units)
                if reason:
                    problems.append(Problem(None, f"hex {hex_id} is overstacked after the deployment: {reason} (14.2)"))
        if army == "soviet" and state["wwiii"]["scenario"] == STRAIGHT_UP:        # 14.19: "don't make the strength step adjustments"
            removed = {u: self.counter(data, u)["steps"] - shadow[u]["steps"] for u in placed}
            total, need = sum(removed.values()), int(play(state, "soviet_steps_removed"))
            mech, mech_min = sum(n for u, n in removed.items() if self.is_mech(data, u)), int(play(state, "soviet_mech_steps_removed_min"))
            if total != need or mech < mech_min:
                problems.append(Problem(None, f"the Soviet must reduce his Red Army units by a total of {need} steps, at least "
                                              f"{mech_min} of them mechanized; these orders remove {total} ({mech} mechanized) (14.2)"))
        return problems

    def apply_placement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if "wwiii" not in state:
            return super().apply_placement(data, state, side, orders, dice)
        army, events = state["army"], []
        for order in orders:
            unit_id, hex_id = order["place"], self.grid(data).canonical(str(order["at"]))
            state["units"][unit_id] = {"hex": hex_id, "steps": order.get("steps", self.start_steps(data, state, unit_id))}
            events.append({"event": "placed", "unit": unit_id, "hex": hex_id, "rule": "14.4" if state["to_place"][unit_id] == OPTIONAL else "14.2"})
        for unit_id in self.due(data, state):
            del state["to_place"][unit_id]
        self.next_wwiii_placement(state, after=army)
        return events

    def placement_template(self, data: GameData, state: dict, side: str) -> dict:
        if "wwiii" not in state:
            return super().placement_template(data, state, side)
        soviet = state["army"] == "soviet"
        notes = [self.awaiting(state).phase,
                 "Deploy every unit below (14.2): `place: UNIT` with `at: HEX`" + (" and `steps: N` for a reduced Red Army unit "
                 "(13 steps in all, at least 5 mechanized)" if soviet else "; the asterisked US corps are optional (14.4)") + "."]
        orders = [{"place": u, "at": "HEX", **({"steps": self.counter(data, u)["steps"]} if soviet else {})}
                  for u in sorted(self.due(data, state))]
        return {"notes": notes, "orders": orders}
