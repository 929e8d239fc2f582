"""3.x set-up: seats and options, the counters' set-up hexes, 3.6/3.7 placement."""

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...dice import Dice
from ..base import Problem
from ...kit import numbers
from ...kit.orders import close_spellings, look_alikes
from ...kit.sequence import PASSES
from .components import spelled
from .fog import FOG_ON
from .movement import MovementRules

# 3.6, 3.7: where each set-up code places its units (the placeholder's refusal names it; any code
# but M and AS is placed as A, as in placement_problem)
PLACEMENT_AREA = {
    "A": "a German-occupied hex or a Wehrkreis city, outside the Courland and Colmar Pockets, Slovakia and "
         "Yugoslavia (3.6)",
    "AS": "a hex of Slovakia not next to Soviet-side units nor to a border hexside of Slovakia (3.6)",
    "M": "a hex already holding Soviet-side units, outside Yugoslavia (3.7)",
}


class SetupRules(MovementRules):
    def seats(self, scenario: dict) -> list[list[str]]:
        # 1.x / 5.4: two players (German vs Grand Alliance) or three (Soviet, Western, German)
        return [["alliance", "german"], ["german", "soviet", "western"]]

    def options(self, given: dict) -> dict:
        """Campaign options: `level` is `beginner` (5.1/6.0 Beginners Notes: no supply) or
        `standard` (supply, 6.x, is traced and halves OOS units, 6.3); `errata.ID=CHOICE` chooses
        a reading of unclear text other than the data's default (rules/smithereens/readings.yaml,
        docs/errata.md), recorded as `errata: {ID: CHOICE}`; the choice is checked against the
        readings the data declares when the campaign is made (pbem.gamedata.apply_readings)."""
        errata = dict(given.get("errata") or {})
        errata.update({k.removeprefix("errata."): v for k, v in given.items() if k.startswith("errata.")})
        unknown = sorted(k for k in given if k not in ("level", "errata", "reveals", "fog") and not k.startswith("errata."))
        if unknown:
            raise PbemError(f"unknown Smithereens option(s): {', '.join(unknown)} (known: level, fog, errata.ID)")
        level = given.get("level", "beginner")
        if level not in ("beginner", "standard"):
            raise PbemError(f"level must be 'beginner' or 'standard', not {level!r}")
        # who reveals for a roll (docs/dice.md): `camp` for a campaign made by this pbem; a header
        # without the key was made before, when every other seat revealed, and stays so
        reveals = given.get("reveals", "camp")
        if reveals not in ("camp", "all"):
            raise PbemError(f"reveals must be 'camp' or 'all', not {reveals!r}")
        # 11.7 fog of war: on at the beginner level unless the group turns it off; a campaign made
        # before pbem hid anything has no `fog` in its header and keeps playing in the open
        fog = {"on": True, "off": False, True: True, False: False}.get(given.get("fog", "on" if level == "beginner" else "off"))
        if fog is None:
            raise PbemError(f"fog must be 'on' or 'off' (11.7 fog of war), not {given['fog']!r}")
        if fog and level == "standard":
            raise PbemError("fog=on needs level=beginner: supply (6.x) at the standard level acts on every unit in "
                            "steps both players compute, which cannot see units under fog (11.7); choose fog=off")
        return {"level": level, "fog": fog, **({"errata": errata} if errata else {}), "reveals": reveals}

    def not_enforced_for(self, options: dict) -> list:
        rules = list(self.not_enforced)
        if options.get("fog") is True:
            rules[0] = FOG_ON
        if options.get("level") == "standard":
            # supply 6.1-6.19, the economy and collapse 7.2-7.5 (7.5 (3): the aircraft withdrawn), mobile
            # assaults 12.1-12.18 with their tactical air (behaviour 5) and the 1AAA (13.1-13.3, 12.17) are played
            del rules[1]
        return rules

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        recorded = "reveals" in (options or {})      # a campaign made before the option keeps its save 0
        options = self.options(options or {})
        if scenario.get("scenario") != "historical":
            # 14.19: the segue needs a campaign started from another's final save (docs/smithereens.md);
            # the Straight-Up scenario is set up by wwiii_setup.py
            raise PbemError(f"scenario {scenario.get('scenario')!r} is encoded as data but pbem does not adjudicate "
                            "the segue from WWII into WWIII (14.19) yet; play 'historical' or 'wwiii_straight_up'")
        counters = data.get("units.counters", "the unit counters (ids, sides, factors, set-up hexes)")
        units, reinforcements, placements, variable = {}, {}, {}, {}
        for unit_id in sorted(k for k in counters if k not in ("open", "printed_on", "rule")):
            counter = self.counter(data, unit_id)
            setup_hex = unwrap(counter.get("setup"))
            if setup_hex in self.placement_codes(data, "german") + self.placement_codes(data, "soviet"):
                placements[unit_id] = setup_hex                     # placed by their owner (3.6, 3.7)
            elif setup_hex == numbers.text(data, "reinforcements.german_variable.ogs.code", "the set-up code of Group Steiner (9.6)"):
                variable[unit_id] = {"trigger": "ogs", "steps": counter["steps"]}      # 9.6: waits for its trigger
            elif counter["type"] == "flak" and setup_hex in (None, "unknown") and counter.get("arrives") is None:
                variable[unit_id] = {"trigger": "flak", "steps": counter["steps"]}     # 9.6: enters at the collapse
            elif isinstance(setup_hex, str) and setup_hex != "unknown":
                # 3.2 set-up hex printed on the counter; 3.8 all units start at full strength
                units[unit_id] = {"hex": self.grid(data).canonical(setup_hex), "steps": counter["steps"]}
            elif isinstance(unwrap(counter.get("arrives")), int):
                # 3.4 / 9.1: turn-of-entry number printed on the counter
                reinforcements[unit_id] = {"turn": unwrap(counter["arrives"]), "steps": counter["steps"]}
            elif "unknown" in (setup_hex, unwrap(counter.get("arrives"))):
                # 3.2, 3.4: a set-up hex or turn of entry left blank; a counter listing neither
                # enters by a rule pbem does not adjudicate (9.6 variable reinforcements)
                raise UnknownDataError(f"units.counters.{unit_id}.setup", f"the set-up hex (or code, or `arrives:` turn) of {unit_id} (3.2, 3.4)",
                                       "the unit counter", data.override_file)
        control = self.control_at_start(data)
        first_turn, last_turn = unwrap(scenario.get("first_turn", 1)), unwrap(scenario.get("last_turn"))
        if not isinstance(last_turn, int):
            raise PbemError("the scenario file gives no last_turn (4.4, 5.1)")
        state = {
            # 3.10: Game Turn 1 is a German player turn only, and it begins with the combat phase;
            # before it, the German places his A/AS units, then the Soviet his M units (3.6, 3.7)
            "turn": first_turn, "last_turn": last_turn, "army": "german",
            "phase": "assault" if first_turn == 1 else "movement", "seats": list(seats),
            "to_place": placements, "level": options["level"],
            "fell": [], "antwerp_lost": False, "western_oos_until": 0, "ports_lost": [],
            "ruhr_lost": [], "oil_lost": False, "collapsed": False,
            "units": units, "eliminated": [], "control": control, "fanaticism_vp": 0,
            "fortresses": self.fortresses_at_start(data),
            "fortress_lost": [], "destroyed": {}, "reinforcements": reinforcements,
            "attacked_this_turn": {}, "pending": [], "last_combats": [],
        }
        if variable:
            state["variable"] = variable
        if recorded and len(seats) > 2:
            state["reveals"] = options["reveals"]
        if self.plays(data, 2):        # behaviour 2 (docs/upgrading.md): a phase without a choice passes by itself
            state[PASSES] = True
        self.next_placement(data, state, after=None)
        return state

    def control_at_start(self, data: GameData) -> dict[str, str]:
        """3.9: who controls each city at the start. Only cities matter; a hex whose city flag or
        start control the data lacks is not in the table, and every rule that asks about it
        refuses, naming the path (`controller`, `is_city`): set-up itself needs neither."""
        control = {}
        for hex_id in sorted(self.hexes(data)):
            try:                                # a city's set-up facts, whether or not its terrain is known
                if self.is_city(data, hex_id, "3.9"):
                    control[self.grid(data).canonical(hex_id)] = self.start_control(data, hex_id, "3.9")
            except UnknownDataError:
                continue
        return control

    def fortresses_at_start(self, data: GameData) -> list[str]:
        """3.3: the cities printed as fortresses (Budapest); a `fortress_at_start: unknown` refuses."""
        found = []
        for hex_id in sorted(self.hexes(data)):
            value = self.map(data).entry(hex_id).get("fortress_at_start")
            if value == "unknown":
                raise UnknownDataError(f"map.hexes.{hex_id}.fortress_at_start", f"whether {hex_id} starts as a fortress (3.3)",
                                       "the map and set-up (3.3)", data.override_file)
            if value is True:
                found.append(self.grid(data).canonical(hex_id))
        return sorted(found)

    def next_placement(self, data: GameData, state: dict, after: str | None) -> None:
        """German A/AS placement, then Soviet M placement, then Game Turn 1 begins."""
        for army in ("german", "soviet"):
            if after == "german" and army == "german":
                continue
            if any(code in self.placement_codes(data, army) for code in state["to_place"].values()):
                state.update(army=army, phase="placement")
                return
        state.update(army="german", phase="assault" if state["turn"] == 1 else "movement")

    def check_placement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        army = state["army"]
        grid = self.grid(data)
        due = {u for u, code in state["to_place"].items() if code in self.placement_codes(data, army)}
        problems, shadow = [], {u: dict(v) for u, v in state["units"].items()}
        placed: set[str] = set()
        hinted: set[str] = set()            # the one unit a misspelled id names: its refusal says it already
        german_hexes = {v["hex"] for u, v in state["units"].items() if self.army_of(data, u) == "german"}
        soviet_hexes = {v["hex"] for u, v in state["units"].items() if self.army_of(data, u) == "soviet"}
        in_italy = 0
        for index, order in enumerate(orders):
            unit_id, target = order.get("place"), order.get("at")
            if set(order) != {"place", "at"} or unit_id not in due or unit_id in placed:
                message, near = self.placement_shape(data, army, unit_id, due, placed)
                problems.append(Problem(index, message))
                hinted.update(near if len(near) == 1 else ())
                continue
            placed.add(unit_id)             # named: a bad hex is its one refusal, not also "must be placed"
            code = state["to_place"][unit_id]
            if target == "HEX":             # the template's placeholder, left as written
                problems.append(Problem(index, f"replace the template's placeholder `at: HEX` with the hex where {unit_id} "
                                               f"({code}) is placed: {PLACEMENT_AREA[code if code in ('M', 'AS') else 'A']}"))
                continue
            try:
                target = grid.canonical(str(target))
            except ValueError as exc:
                problems.append(Problem(index, str(exc)))
                continue
            reason, italy = self.placement_problem(data, state, unit_id, code, target, german_hexes, soviet_hexes)
            if not reason and italy:
                in_italy += 1
                reason = self.italy_problem(data, unit_id, in_italy)
            if reason:
                problems.append(Problem(index, reason))
            else:
                shadow[unit_id] = {"hex": target, "steps": self.counter(data, unit_id)["steps"]}
        for unit_id in sorted(due - placed - hinted):
            problems.append(Problem(None, f"{unit_id} ({state['to_place'][unit_id]}) must be placed; none may be withheld (3.6, 3.7)"))
        if not problems:
            for hex_id, units in sorted(self.stacks(dict(state, units=shadow)).items()):
                reason = self.stacking_problem(data, units)
                if reason:
                    problems.append(Problem(None, f"hex {hex_id} is overstacked after placement: {reason} (3.6, 3.7)"))
        return problems

    def placement_shape(self, data: GameData, army: str, unit_id: object, due: set[str],
                        placed: set[str]) -> tuple[str, list[str]]:
        """A placement naming no unit of this set-up: an id that is no counter at all (a typo) gets
        the nearest spellings among the units this army places now, never another's (11.7 fog);
        the refusal and the ids it offers."""
        shape = f"a placement is `place: UNIT` with `at: HEX`, once for each of {', '.join(sorted(due))}"
        counters = data.get("units.counters", "the unit counters")
        if not isinstance(unit_id, str) or unit_id in placed or unit_id in counters:
            return shape, []
        near = look_alikes(unit_id, due) or close_spellings(unit_id, due)
        hint = f" (did you mean {' or '.join(near)}?)" if near else ""
        rule = "3.6" if army == "german" else "3.7"
        return f"{unit_id} is not a {army.capitalize()} unit to place in this set-up ({rule}){hint}: {shape}", near

    def italy_problem(self, data: GameData, unit_id: str, count: int) -> str | None:
        """3.6 (5): "No more than two "A" units (and they may only be non-mech) may be placed in Italy"."""
        most = numbers.integer(data, "game.placement.italy_a_units_max", "the most A units placed in Italy (3.6)")
        mech = numbers.flag(data, "game.placement.italy_a_units_mech", "whether mech A units may be placed in Italy (3.6)")
        if count > most or (not mech and self.is_mech(data, unit_id)):
            return f"no more than {spelled(most)} \"A\" units" + ("" if mech else ", and only non-mech ones,") + " may be placed in Italy (3.6)"
        return None

    def placement_problem(self, data: GameData, state: dict, unit_id: str, code: str, target: str,
                          german_hexes: set[str], soviet_hexes: set[str]) -> tuple[str | None, bool]:
        grid = self.grid(data)

        def region(name: str) -> set:
            return self.region(data, name, "3.6")

        if code == "M":                                                         # 3.7
            if target not in soviet_hexes:
                return f"{unit_id} (M) must be placed in a hex already holding Soviet-side units (3.7)", False
            if target in region("yugoslavia"):
                return f"{unit_id} (M) may not be placed in Yugoslavia (3.7)", False
            return None, False
        if code == "AS":                                                        # 3.6
            slovakia = region("slovakia")
            if target not in slovakia:
                return f"{unit_id} (AS) must be placed in Slovakia (3.6)", False
            if any(n in soviet_hexes for n in grid.neighbours(target)):
                return f"{unit_id} (AS) may not be placed next to Soviet-side units (3.6)", False
            if any(n not in slovakia for n in grid.neighbours(target)):      # a border hexside is one to a non-Slovak hex
                return f"{unit_id} (AS) may not be placed next to a border hexside of Slovakia (3.6)", False
            return None, False
        if target not in german_hexes and target not in self.wehrkreis_cities(data, "3.6, 9.5"):
            return f"{unit_id} (A) must be placed in a German-occupied hex or a Wehrkreis city (3.6)", False
        pocket = "map.regions.courland_pocket"
        courland = grid.canonical(numbers.text(data, f"{pocket}.centre", "the centre of the Courland Pocket (3.6)"))
        radius = numbers.integer(data, f"{pocket}.radius_hexes", "the radius of the Courland Pocket (3.6)")
        if grid.distance(target, courland) <= radius:
            return f"{unit_id} (A) may not be placed in the Courland Pocket, within {spelled(radius)} hexes of {courland} (3.6)", False
        if target in region("colmar_pocket"):
            return f"{unit_id} (A) may not be placed in the Colmar Pocket ({target}) (3.6)", False
        for name in ("slovakia", "yugoslavia"):
            if target in region(name):
                return f"{unit_id} (A) may not be placed in {name.capitalize()} (3.6)", False
        return None, target in region("italy")

    def placement_template(self, data: GameData, state: dict, side: str) -> dict:
        army = state["army"]
        notes = [self.awaiting(state).phase,
                 "Place every unit below (none may be withheld, 3.6/3.7): `place: UNIT` with `at: HEX`."]
        orders: list = []
        for unit_id, code in sorted(state["to_place"].items()):
            if code in self.placement_codes(data, army):
                orders.append({"place": unit_id, "at": "HEX"})
                notes.append(f"  {unit_id}: code {code}")
        return {"notes": notes, "orders": orders}

    def apply_placement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        army, events = state["army"], []
        for order in orders:
            hex_id = self.grid(data).canonical(str(order["at"]))
            state["units"][order["place"]] = {"hex": hex_id, "steps": self.counter(data, order["place"])["steps"]}
            del state["to_place"][order["place"]]
            events.append({"event": "placed", "unit": order["place"], "hex": hex_id, "rule": "3.6" if army == "german" else "3.7"})
        self.next_placement(data, state, after=army)
        return events
