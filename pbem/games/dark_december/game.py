"""Dark December (revised rules for the 1979 OSG edition), on the hex-wargame kit.

Rule numbers refer to ../shared/rulebooks/dark-december.txt. Every number comes from
rules/dark-december/*.yaml or the campaign's data override (the map, the counters, the CRT
cells, the TEC); a missing one refuses naming its data path, before any die is rolled.

The sequence of play (7.0) is one table (`DarkDecember.table`); the non-phasing player's
mid-phase decisions are its `response` entries: the Reaction Phase (7.1.4), the defender's
declarations before the dice (13.3.3, 13.8), and the owner's answers inside a battle (retreat or
loss, counterattack hexes, fire-fight loss, a victorious defender's advance). The orders and what
is enforced: docs/dark-december.md.
"""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData
from ...hexgrid import GridSpec
from ...kit import numbers
from ...kit.sequence import Phase, SequencedGame
from ..base import MapUnit, Outcome, Problem
from . import allied_setup, air, answers, bridges, combat, commitment, conditional, commanders, displacement, fog, fuel, withdrawals
from . import montgomery, movement, paradrop, reinforcements
from . import replacements, report, strategic, supply, surrender, victory, xxx_corps
from .not_enforced import NOT_ENFORCED
from .common import SIDES, UNCERTAIN, counter, faces, full_steps, mapdata, other, turn_label, turn_of, uncertain_weather

OPTIONS = {"setup": ("free", "historical"), "reserves": ("false", "true"), "disengagement": ("false", "true"),
           "armored_zoc": ("false", "true"), "surrender": ("false", "true")}
# 25.0 (optional), recorded only when given: a campaign begun before the option keeps its set-up byte for byte
LATER_OPTIONS = {"fog": ("false", "true"), "commanders": ("false", "true"), "uncertain_weather": ("false", "true"),
                 "infiltration": ("false", "true"), "brigade_withdrawal": ("false", "true"), "dietrich": ("false", "true"),
                 "conditional": ("false", "true")}
VARIANTS = tuple(f"26.{n}" for n in range(1, 21))


class _NoDice:
    """`check` reads what a roll needs without rolling: the first die ends the probe."""

    def roll(self, purpose: str, sides: int, about: str = "") -> int:
        raise _Probed()


class _Probed(Exception):
    pass


def weather_roll(data: GameData, state: dict, dice: Any, events: list) -> None:
    """24.0 A: a die at the start of each Game-Turn from AM 22 December, until clear weather is rolled (the
    Uncertain Weather Table, group data); B clear brings the Allied air superiority rules at once; C it
    stays clear until AM 29 December, then heavy snow (22.0)."""
    if not uncertain_weather(state) or state["clear_from"] is not None:
        return
    first = turn_of(data, numbers.text(data, f"{UNCERTAIN}.from_turn", "the first uncertain weather roll (24.0 A)"))
    until = turn_of(data, numbers.text(data, f"{UNCERTAIN}.clear_until", "the end of uncertain clear weather (24.0 C)"))
    if not first <= state["turn"] < until:
        return
    clear = faces(numbers.text(data, f"{UNCERTAIN}.clear_on", "the die faces that roll clear weather (24.0 A; Uncertain "
                                                               "Weather Table)"))
    face = dice.roll(f"weather/{state['turn']}", 6, about=f"Uncertain Weather Table, {turn_label(data, state['turn'])} (24.0 A)")
    if face in clear:
        state["clear_from"] = state["turn"]
    events.append({"event": "weather", "turn": state["turn"], "face": face, "clear": face in clear})


def _phasing(state: dict) -> str:
    return str(state["side"])


def _non_phasing(state: dict) -> str:
    return other(state["side"])


def _allies(state: dict) -> str:
    return "allies"


def _german(state: dict) -> tuple:
    return ("german",)


def _answering(state: dict) -> str:
    return str(state["pending"]["side"])


def _opponent_of_phasing(state: dict) -> tuple:
    return (other(state["side"]),)


def _opponent_of_non_phasing(state: dict) -> tuple:
    return (state["side"],)


def _opponent_of_answering(state: dict) -> tuple:
    return (other(state["pending"]["side"]),)


class DarkDecember(SequencedGame):
    id = "dark-december"
    # 6 (pbem 0.7.0): 13.6.5 a unit retreated into a friendly occupied hex never advances after combat;
    # 5: 15.5 D commander displacement, 26.13 Montgomery's withdrawal; 4: 26.8 D the Small Solution's victory levels;
    # 3: 5.7 road control and 10.4 strategic movement (with 10.6.2, 11.2 B, 11.3 B, 12.2, 13.3.2 B, 16.1 G, 20.1 B/C),
    # 20.4.2 road interdiction; 2: 14.3 shock combat (with the optional reserves); 1: the Exploitation Phase has none
    behaviour = 6
    behaviours = (1, 2, 3, 4, 5, 6)
    game_over_rule = "7.2 F"
    not_enforced = NOT_ENFORCED

    def __init__(self) -> None:
        self.sequence = self.table()
        self.hidden = fog.DarkDecemberFog(self)          # 25.0 fog of war (campaign option `fog`, off by default)

    def table(self) -> tuple[Phase, ...]:
        """The sequence of play (6.0 H, 7.1.1-7.1.7, 7.2), the mid-phase answers included."""
        def entry(key: str, rulebook: str, kind: str, awaited: Any, opponents: Any, template: Any, check: Any,
                  apply: Any, then: str, keys: set[str]) -> Phase:
            return Phase(key, rulebook, kind, awaited, self.label, partial(template, self), partial(check, self),
                         partial(apply, self), then, opponents, frozenset(keys))

        return (
            entry("allied_setup", "The Allies' free set-up of the 99th and 2nd Infantry Divisions (6.0 H, 26.4 B, 26.6)", "orders",
                  _allies, _german, allied_setup.template, allied_setup.check, self._apply_allied_setup,
                  "the German set-up (6.1), or AM 16 December", {"place", "at"}),
            entry("setup", "German free set-up (6.0 H, 6.1)", "orders", _phasing, _opponent_of_phasing, self.setup_template,
                  movement.check_setup, self._apply_setup, "AM 16 December, the German player turn (7.1)", {"place", "at"}),
            entry("fuel_roll", "Supply Determination Phase: the Fuel Depletion Table, at a scenario's first German player turn "
                  "from AM 20 December (7.1.1 B, 8.7)", "orders", _phasing, _opponent_of_phasing, fuel.template, fuel.check_roll,
                  fuel.apply_roll, "the Allies' choice of a German motorized division if the roll calls for any (8.7.1 A), "
                  "else the Movement Phase", {"fuel_exempt"}),
            entry("fuel_pick", "The Allies choose one German motorized division for fuel depletion (8.7.1 A)", "response",
                  _non_phasing, _opponent_of_non_phasing, fuel.template, fuel.check_pick, fuel.apply_pick,
                  "the German Movement Phase, where Germany names the other divisions (8.7.1 B)", {"deplete"}),
            entry("movement", "Supply, Replacement and Movement Phases (7.1.1-7.1.3)", "orders", _phasing, _opponent_of_phasing,
                  self.move_template, movement.check_moves, self._apply_movement,
                  "the Reaction Phase if the other side has reserves (7.1.4), else the Combat Phase (7.1.5)",
                  {"move", "path", "reserve", "fuel", "air_attack", "interdict", "luftwaffe", "enter", "build_bridge", "refit", "reform", "at", "eliminate", "strategic",
                   "exit", "hold_off", "release", "drop", "infiltrate", "commit", "withdrawal"}),
            entry("second_move", "Montgomery's withdrawal: the Allies' second move before their Combat Phase (26.13 A)", "orders",
                  _phasing, _opponent_of_phasing, self.move_template, self._check_second, self._apply_second,
                  "the Reaction Phase if Germany has reserves (7.1.4); no Combat Phase (26.13 D): the Exploitation Phase",
                  {"move", "path"}),
            entry("reaction", "Reaction Phase: the non-phasing player's reserves move (7.1.4, 14.4)", "response", _non_phasing,
                  _opponent_of_non_phasing, self.move_template, self._check_reaction, self._apply_reaction,
                  "the Combat Phase (7.1.5)", {"move", "path"}),
            entry("combat", "Combat Phase: the attacker declares its battles (7.1.5, 13.0, 13.3.3, 13.8)", "orders", _phasing,
                  _opponent_of_phasing, self.combat_template, combat.check_battles, self._apply_battles,
                  "the defender's declarations (13.3.3 A, 13.8 A); with no battle, the Construction/Demolition Phase",
                  {"attack", "with", "reduce", "integrity", "armor_superiority", "advance", "firefight", "all_out", "all_out_loss",
                   "all_out_again", "drop_second_on_firefight"}),
            entry("declare", "Defender's terrain-defense reductions and divisional integrity (13.3.3 A, 13.8 A)", "response",
                  _non_phasing, _opponent_of_non_phasing, self.declare_template, combat.check_declare, combat.apply_declare,
                  "the battles in the declared order (13.0 D), each result applied before the next (7.1.5.1 F)",
                  {"battle", "reduce", "integrity"}),
            entry("answer", "The owner's choice inside a battle: retreat or loss and its allocation with the retreat path "
                  "(13.5.1, 13.6), counterattack hexes (13.5.5), fire-fight loss (13.5.6), a victorious defender's advance (13.7.5); "
                  "the air-attack loss pick (20.4.1 B); the displaced leader's hex (15.5 D)",
                  "response", _answering, _opponent_of_answering, answers.answer_template, answers.check_answer, answers.apply_answer,
                  "the rest of the battle, then the next battle; after the last, the Construction/Demolition Phase (7.1.7)",
                  {"choose", "losses", "path", "retreat_losses", "counterattack", "lose", "advance", "commander", "displace", "to"}),
            entry("construction", "Exploitation and Construction/Demolition Phases: reserves move, bridges are built and "
                  "demolished, fortifications (7.1.6, 7.1.7, 14.2, 16.1, 16.2, 17.0)", "orders",
                  _phasing, _opponent_of_phasing, self.construction_template, bridges.check_construction, bridges.apply_construction,
                  "the Allied player turn (7.2 A), or the next Game-Turn (7.2 C, D) and from AM 20 December its fuel roll (8.7)",
                  {"demolish", "by", "fortify", "fuel_choice", "fuel_exempt", "move", "path", "strategic", "shock", *bridges.SHOCK_KEYS}),
        )

    # -- options, seats, set-up ---------------------------------------------------------------
    def options(self, given: dict) -> dict:
        """`setup=free|historical` (6.1/6.2), `reserves=true|false` (14.0, optional), `variants=26.1,26.4`
        (26.x), `errata.DD7=rule-16-1-H|rule-18-3-D` (rules/dark-december/readings.yaml); both players agree at `pbem new`."""
        errata = dict(given.get("errata") or {})
        errata.update({k.removeprefix("errata."): v for k, v in given.items() if k.startswith("errata.")})
        known = {**OPTIONS, **LATER_OPTIONS}
        unknown = sorted(k for k in given if k not in (*known, "variants", "errata") and not k.startswith("errata."))
        if unknown:
            raise PbemError(f"unknown Dark December option(s): {', '.join(unknown)} (known: {', '.join(known)}, variants, errata.ID)")
        chosen: dict[str, Any] = {}
        for name, allowed in known.items():
            if name in LATER_OPTIONS and name not in given:
                continue
            value = str(given.get(name, allowed[0])).lower()
            if value not in allowed:
                raise PbemError(f"option {name} must be one of {', '.join(allowed)}, not {value!r}")
            chosen[name] = value == "true" if allowed == ("false", "true") else value
        variants = given.get("variants", [])
        variants = [v for v in (variants.split(",") if isinstance(variants, str) else variants) if v]
        bad = [v for v in variants if v not in VARIANTS]
        if bad:
            raise PbemError(f"unknown variant(s) {', '.join(bad)} (26.1-26.20)")
        chosen["variants"] = sorted(set(variants), key=lambda v: int(v.split(".")[1]))
        if "26.20" in chosen["variants"] and {"26.8", "26.9"} <= set(chosen["variants"]):
            raise PbemError("26.20 A: Germany chooses one set of victory conditions: the Small Solution (26.8) or Operation "
                            "Luxembourg (26.9), not both")
        optional = [v for v in ("26.16", "26.17") if v in chosen["variants"]]
        if "26.8" in chosen["variants"] and optional:                   # 26.8 A, 23.0 F names the optional forces
            raise PbemError(f"26.8 A: optional forces for both sides are not available in the Small Solution; the optional "
                            f"forces (23.0 F) are those of {', '.join(optional)}: choose one or the other")
        if errata:
            chosen["errata"] = errata
        if chosen.get("fog") is True and chosen["surrender"]:
            raise PbemError("options fog=true and surrender=true cannot be played together: 8.6 A judges the enemy's isolated "
                            "units at this side's Supply Determination Phase, which fog of war (25.0 A) keeps from this side")
        return chosen

    def not_enforced_for(self, options: dict) -> list:
        rules = list(self.not_enforced) + [fog.FOG_ON if options.get("fog") is True else fog.FOG_OFF]
        others = [v for v in options.get("variants", []) if v != "26.1"]
        if "26.5" in others:
            others.remove("26.5")                                      # 26.5 A and B are enforced
        others = [v for v in others if v not in ("26.2", "26.14")]
        if self.behaviour >= 2:                                        # new campaigns play behaviour 2
            if ("26.4" in others or "26.6" in others) and self.behaviour >= 3:
                rules.append("26.4 B / 26.6: the Allies' free set-up is an Allied orders step before the German set-up in the "
                             "Campaign Game and Herbstnebel; in Turning Point the unit manifest places every unit (6.0 E)")
                others = [v for v in others if v != "26.6"]
            elif "26.4" in others:
                rules.append("26.4 B: the Allies' free set-up of the 99th Infantry Division near Elsenborn is not adjudicated "
                             "(26.4 A, the 2nd Infantry Division out of play, is)")
            others = [v for v in others if v not in ("26.3", "26.4", "26.8", "26.12", "26.7", "26.11", "26.15")]
            if "26.16" in others and self.behaviour >= 4:                # 26.16 A/B (behaviour 4)
                others.remove("26.16")
            if "26.18" in others and self.behaviour >= 4:                # 26.18 A/B (behaviour 4); C is not rolled
                others.remove("26.18")
                rules.append("26.18 C: the Allies' die before play (5-6: 26.1) is not rolled: pbem rolls no die at set-up; "
                             "26.18 A is adjudicated in the free set-up (6.1) only, 26.18 B refuses it without 26.5 and 26.16")
            if "26.13" in others and self.behaviour >= 5:                # 26.13 A-E (behaviour 5, reading DD20)
                others.remove("26.13")
            for done in ("26.10", "26.17", "26.19", "26.20"):                            # on the Meuse, the west edge (behaviour 3)
                if self.behaviour >= 3 and done in others:
                    others.remove(done)
            if "26.7" in options.get("variants", []) or "26.9" in options.get("variants", []):
                rules.append("26.7 / 26.9 A: the SS Panzer divisions' set-up in any army area is adjudicated in the free set-up "
                             "(6.1); from the historical positions (6.2) there is no set-up step to relocate them in")
            if "26.9" in others:
                rules.append("26.9 B: the Turning Point exit hexes are not adjudicated: they belong to that scenario's victory "
                             "conditions (group data `game.victory.turning_point`, which count every exited unit's strength), "
                             "and 10.7 lets Germany exit at any road entry hex of the north, south and west edges")
                others.remove("26.9")
        if others:
            rules.append(f"the chosen variants {', '.join(others)} are recorded but not adjudicated")
        if options.get("reserves"):
            rules.append("14.0 reserves are in play: designation (14.1), exploitation (14.2), shock combat (14.3 A/B), "
                         "reaction (14.4) and 14.5 are enforced")
        return rules

    def seats(self, scenario: dict) -> list[list[str]]:
        return [list(SIDES)]                                        # 6.0 A: Germany and the Allies

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        """6.0 H: the Allies first at the hexes on their counters (5.6.2 A), then Germany, free (6.1, an
        orders step) or historical (6.2 A, the counters' historical hexes); other scenarios from the unit
        manifests of the study folder (6.0 E)."""
        options = self.options(options or {})
        info = scenario["scenario"]
        counters = data.get("units.counters", "the counters")
        units: dict[str, dict] = {}
        to_place: list[str] = []
        allies_to_place: dict[str, str] = {}
        forts: list[str] = []
        grid = self.grid(data) if any(k not in ("open", "rule", "printed_on") for k in counters) else None
        for unit_id in sorted(k for k in counters if isinstance(counters[k], dict)):
            c = counter(data, unit_id)
            hex_id = self._start_hex(data, info, unit_id, c, options)
            if hex_id == "place":
                to_place.append(unit_id)
            elif hex_id in ("elsenborn", "our"):
                allies_to_place[unit_id] = hex_id                       # 26.4 B, 26.6 A (behaviour 3)
            elif hex_id is not None and grid is not None:
                units[unit_id] = {"side": c["side"], "hex": grid.canonical(hex_id), "steps": full_steps(data, unit_id), "reserve": False}
                if c.get("fortified") is True and info["id"] != "turning-point":
                    forts.append(grid.canonical(hex_id))                # 5.5.3, 5.6.3 A
        first = numbers.integer(data, f"game.{info['first_turn_path']}", "the first Game-Turn") if "first_turn_path" in info \
            else int(info["first_turn"]["value"])
        state: dict[str, Any] = {
            "turn": first, "side": "german", "options": options,
            "phase": "allied_setup" if allies_to_place else "setup" if to_place else "fuel_roll" if fuel.due(data, first) else "movement",
            "fuel_out": [], "fuel_due": 0, "fuel_allied_pick": False, "fuel_choice": [],
            "reinforcements": {u: n for u, n in reinforcements.schedule(data, counters, options, self.plays(data, 2),
                                                                        self.plays(data, 4)).items()
                               if u not in units and u not in to_place and n >= first},
            "scenario": info["id"], "units": units, "to_place": to_place, "forts": sorted(set(forts)), "blown": [],
            "built": [], "bridging": [], "german_bridges": [], "supply": {}, "reformed": {}, "isolated_turns": {}, "surrendered": [],
            "paradropped": False, "dropped_unit": None,
            "replacements": {s: {"motorized": 0, "infantry": 0} for s in SIDES},
            "battles": [], "pending": None, "attacked": [], "fought": [], "moved": [], "no_attack": [],
            "demolition_tried": [], "eliminated": [], "retreated": [], "dropped": None, "game_over": False,
        }
        if options.get("commanders") is True:
            state["all_out_used"], state["defence_used"] = {}, {}           # 15.1 A, 15.2 A, a player turn
            if self.plays(data, 5):
                state["displaced"] = {}                                     # 15.5 D displacement (behaviour 5)
        if self.plays(data, 2):
            state["withdrawn"] = []                                         # 10.8 (behaviour 2)
        if self.plays(data, 3):                                             # 5.7, 10.4, 20.1 C, 20.4.2 (behaviour 3)
            state.update({"strategic": [], "road_control": {}, "clear_arrivals": [], "interdicted": {}})
            if "26.11" in options["variants"]:
                state["luftwaffe_from"] = None                              # 26.11 A: not yet
        if options.get("infiltration") is True:
            state["infiltrations"] = 0                                      # 12.4 D: three a game
        if options.get("uncertain_weather") is True:
            if first >= turn_of(data, numbers.text(data, f"{UNCERTAIN}.from_turn", "the first uncertain weather roll (24.0 A)")):
                raise PbemError("24.0 A rolls the weather at the start of each Game-Turn from AM 22 December: a scenario "
                                "that starts then or later would roll before any player takes part (pbem rolls no die at "
                                "set-up); play it without --option uncertain_weather=true")
            state["clear_from"] = None                                      # 24.0 B: the Game-Turn clear weather came
        if "26.20" in options["variants"] and self.plays(data, 3):
            if info["id"] != "campaign":
                raise PbemError("26.20 is the Campaign Game's variant selection: choose it with the campaign scenario")
            reinforcements.campaign_selection(data, state)                  # 26.20 B, C (behaviour 3)
        if "26.13" in options["variants"] and self.plays(data, 5):
            state["withdrawal"] = None                                      # 26.13 A: the Game-Turn of a withdrawal (behaviour 5)
        if "26.8" in options["variants"] and self.plays(data, 4):
            state["small_solution"] = True                                  # 26.8 D the victory levels (behaviour 4)
        if "26.16" in options["variants"] and self.plays(data, 4):
            reinforcements.check_eastern_reserves(data, options, first)     # 26.16 A/B (behaviour 4)
        if "26.10" in options["variants"] and self.plays(data, 3):
            xxx_corps.set_aside(data, state)                                # 26.10 A (behaviour 3)
        if "26.19" in options["variants"] and self.plays(data, 3):
            commitment.start(data, state)                                   # 26.19 (behaviour 3)
        if options.get("conditional") is True:
            conditional.set_aside(data, state)                              # 23.0 A (optional)
        if options.get("fog") is True:
            state["fog_reserves"] = {s: [] for s in SIDES}                  # 25.0, 14.1 E
        if allies_to_place:
            state["allies_to_place"] = allies_to_place
        if state["phase"] not in ("setup", "allied_setup"):
            supply.determine(data, state, "german", [])                     # 8.1 A: the first player turn
            replacements.receive(data, state, "german", [])                 # 9.4
        return state

    def _start_hex(self, data: GameData, info: dict, unit_id: str, c: dict, options: dict) -> str | None:
        if info["id"] == "turning-point":
            manifest = data.get(f"units.manifests.{info['manifest']}", "the Turning Point unit manifest (6.0 E)")
            return str(manifest[unit_id]) if unit_id in manifest else None
        if self.plays(data, 4) and reinforcements.reserve_deployed(data, info, c, options):
            return "place"                                               # 26.18 A: at start, free (behaviour 4)
        if c.get("reinforcement") not in (None, "none", "unknown"):
            return None                                                  # enters later (10.6)
        if c["side"] == "allies" and self.plays(data, 3) and info["id"] != "turning-point":
            how = allied_setup.free_units(data, options, str(c.get("division")))
            if how:
                return how                                               # 26.4 B, 26.6 A: the Allies' set-up step
        if "26.4" in options["variants"] and self.plays(data, 2) and \
                str(c.get("division")) in reinforcements.divisions(data, "26.4", "removed"):
            return None                                                  # 26.4 A: out of play for the game
        if c["side"] == "allies":
            return str(numbers.text(data, f"units.counters.{unit_id}.setup_hex", f"the set-up hex of {unit_id} (5.6.2 A)"))
        if options["setup"] == "historical":
            return str(numbers.text(data, f"units.counters.{unit_id}.historical_hex", f"the historical hex of {unit_id} (6.2 A)"))
        return "place"

    def _apply_allied_setup(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        """26.4 B, 26.6 A/B: the Allies place their free units; then the German set-up or the first player turn."""
        grid = self.grid(data)
        for order in orders:
            state["units"][order["place"]] = {"side": "allies", "hex": grid.canonical(order["at"]),
                                              "steps": full_steps(data, order["place"]), "reserve": False}
        state["units"] = dict(sorted(state["units"].items()))
        del state["allies_to_place"]
        state["phase"] = "setup" if state["to_place"] else "fuel_roll" if fuel.due(data, state["turn"]) else "movement"
        events: list[dict] = [{"event": "setup", "side": "allies", "units": len(orders)}]
        if state["phase"] != "setup":
            supply.determine(data, state, "german", events)
            replacements.receive(data, state, "german", events)
        return events

    def _apply_setup(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        grid = self.grid(data)
        for order in orders:
            unit_id = order["place"]
            state["units"][unit_id] = {"side": "german", "hex": grid.canonical(order["at"]),
                                       "steps": full_steps(data, unit_id), "reserve": False}
        state["units"] = dict(sorted(state["units"].items()))
        state["to_place"] = []
        state["phase"] = "movement"
        events: list[dict] = [{"event": "setup", "side": "german", "units": len(orders)}]
        supply.determine(data, state, "german", events)
        replacements.receive(data, state, "german", events)
        return events

    # -- the phases ----------------------------------------------------------------------------
    def _apply_movement(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        if any("luftwaffe" in o for o in orders):                          # 26.11 A: from this Game-Turn
            state["luftwaffe_from"] = state["turn"]
            events.append({"event": "luftwaffe", "turn": state["turn"]})
        conditional.apply(state, orders, events)                            # 23.0 B: the owner's choice
        montgomery.declare(state, orders, events)                           # 26.13 A (behaviour 5)
        replacements.apply(data, state, side, orders, events)               # 7.1.2 Replacement Phase
        paradrop.apply(data, state, side, orders, dice, events)             # 19.2: before movement
        for order in orders:
            if "fuel" in order:
                fuel.deplete(state, fuel.key(order["fuel"]), "german", events, data)   # 8.7.1 B, 8.7.2 D
        events += movement.apply_moves(self, data, state, side, [o for o in orders if not
                                                                 any(k in o for k in ("fuel", "air_attack", "interdict", "refit", "reform", "drop", "withdrawal",
                                                                                      "luftwaffe", "commit"))], dice=dice)
        state["moved"] = sorted(o["move"] for o in orders if "move" in o)
        air_orders = [o for o in orders if "air_attack" in o or "interdict" in o]
        if displacement.pause(state, side, {"step": "movement", "side": side, "orders": air_orders}):
            return events                                                    # 15.5 D: the owner's choice first
        self.after_moves(data, state, side, air_orders, dice, events)
        return events

    def after_moves(self, data: GameData, state: dict, side: str, orders: list, dice: Dice, events: list) -> None:
        """The end of the Movement Phase after the moves (and a displaced leader's relocation, 15.5 D): the air
        attack and interdiction (20.4), then the Reaction or the Combat Phase."""
        if montgomery.active(state):
            state["phase"] = "second_move"                                   # 26.13 A: the second Allied move
        else:
            self.to_reaction_or_combat(state, events)
        air.resolve(data, state, side, orders, dice, events)                 # 20.4.1, after the moves
        air.interdict(data, state, side, orders, dice, events)               # 20.4.2 (behaviour 3)
        if state["pending"]:
            state["after_air"], state["phase"] = state["phase"], "answer"

    def to_reaction_or_combat(self, state: dict, events: list) -> None:
        """7.1.4 the Reaction Phase if the other side has reserves, else 7.1.5 the Combat Phase; in a withdrawal turn
        (26.13 D, no Allied attacks) the Combat Phase passes by itself to the Exploitation Phase."""
        if state["options"]["reserves"] and movement.reaction_due(state):
            state["phase"] = "reaction"
        else:
            self.to_combat(state, events)

    def to_combat(self, state: dict, events: list) -> None:
        state["phase"] = "combat"
        if montgomery.active(state):
            state["phase"] = "construction"
            events.append({"event": "no_combat", "why": "no Allied attacks may be made during the withdrawal turn (26.13 D)"})

    def _check_second(self, game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        return movement.check_second(data, state, side, orders)

    def _apply_second(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        """26.13 A: the Allies' second move in a withdrawal turn, then the Reaction Phase or (26.13 D) no Combat Phase."""
        events = movement.apply_moves(self, data, state, side, orders, mode="second")
        state["moved"] = sorted(set(state["moved"]) | {o["move"] for o in orders if "move" in o})
        self.to_reaction_or_combat(state, events)
        displacement.pause(state, side, {"step": "then", "phase": state["phase"]})      # 15.5 D
        return events

    def _check_reaction(self, game: Any, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        return movement.check_moves(self, data, state, side, orders, reaction=True)

    def _apply_reaction(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events = movement.apply_moves(self, data, state, side, orders, reaction=True)
        self.to_combat(state, events)
        displacement.pause(state, side, {"step": "then", "phase": state["phase"]})      # 15.5 D: the owner's choice first
        return events

    def _apply_battles(self, game: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events = combat.apply_battles(self, data, state, side, orders)
        return events

    def resolve(self, data: GameData, state: dict, dice: Dice, events: list) -> None:
        answers.resolve(self, data, state, dice, events)

    def after_step(self, data: GameData, state: dict, events: list) -> None:
        """5.7 D: the road hexes the step's units entered are their side's (behaviour 3)."""
        strategic.entered(data, state, events)
        strategic.prune(state)

    def end_player_turn(self, data: GameData, state: dict, events: list, dice: Dice) -> None:
        """7.1.7 D the end of the player turn; 7.2 C after the Allied one the Game-Turn advances; 7.2 F the
        scenario's last Game-Turn (printed on the Game Turn Record Track: group data) ends the game."""
        xxx_corps.judge(data, state, events)                              # 26.10 (behaviour 3)
        commitment.judge(data, state, events)                             # 26.19 (behaviour 3)
        state.update({"moved": [], "fought": [], "no_attack": [], "demolition_tried": [], "battles": [], "retreated": [],
                      "air_used": False})
        state.pop("shock_fought", None)                                   # 14.3: this player turn's Shock Combat Phase
        if commanders.on(state):
            state["all_out_used"], state["defence_used"] = {}, {}         # 15.1 A, 15.2 A: battles of a player turn
        if state["side"] == "german":
            state["side"] = "allies"
        else:
            last = numbers.integer(data, f"game.turns.last_turn_{state['scenario'].replace('-', '_')}",
                                   "the scenario's last Game-Turn (Game Turn Record Track, 7.0 A)")
            if state["turn"] >= last:
                state["game_over"] = True
                events.append({"event": "game_over", "turn": state["turn"]})
                if strategic.on(state):                                   # 7.2 F the victory (behaviour 3, group data)
                    result = victory.determine(data, state)
                    state["victory"] = {"level": result["level"], "winner": result["winner"]}
                    events.append(result)
                return
            state["turn"] += 1
            state["side"] = "german"
            weather_roll(data, state, dice, events)                       # 24.0 A (optional)
            state["dropped"] = None                                       # 19.4: only the drop turn
            state["attacked"] = [u for u in state["attacked"] if u in state["units"]]
        state["phase"] = "movement"
        air.expire(state)                                                 # 20.4.2 C (behaviour 3)
        events.append({"event": "player_turn", "side": state["side"], "turn": state["turn"],
                       "label": turn_label(data, state["turn"])})
        if fog.active(state):
            state["fog_due"] = {}                                         # 25.0: judged at its Movement Phase
        else:
            withdrawals.start(data, state, events)                        # 10.8 B (behaviour 2), C (optional)
            supply.determine(data, state, state["side"], events)          # 7.1.1 A, 8.1 A
        surrender.check(data, state, state["side"], dice, events)         # 7.1.1 D, 8.6 (optional; reading DD10)
        replacements.receive(data, state, state["side"], events)          # 7.1.2, 9.4
        if state["side"] == "german":
            fuel.roll(data, state, dice, events)                          # 7.1.1 B, 8.7
            fuel.allied_standing_pick(data, state, events)
        conditional.roll(data, state, dice, events)                       # 23.0 B, C (optional): before its Movement Phase

    # -- 25.0 fog of war: what the end of the enemy's player turn left to the Movement Phase ---
    def _ready(self, data: GameData, state: dict) -> dict:
        if not fog.active(state) or state["phase"] not in fog.OWNER_PHASES:
            return state
        ready = copy.deepcopy(state)
        self._prepare(data, ready, [])
        return ready

    def _prepare(self, data: GameData, state: dict, events: list) -> None:
        """Under fog, at a Movement or Reaction Phase: what the enemy's steps could not do to this side's
        hidden units (14.5 E: reserves next to enemy units lose the status), then what the end of the
        enemy's player turn left to the Movement Phase (fog.start_of_movement)."""
        if not fog.active(state) or state["phase"] not in fog.OWNER_PHASES:
            return
        movement.drop_reserves_in_contact(data, state)
        if "fog_due" in state and state["phase"] == "movement":
            fog.start_of_movement(data, state, events)

    def check(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        problems = super().check(data, self._ready(data, state), side, orders)
        return problems or self._end_of_turn_problems(data, state, orders)

    def _end_of_turn_problems(self, data: GameData, state: dict, orders: list) -> list[Problem]:
        """What the end of a player turn reads, so `check` names it as adjudication would: the 10.8 B
        withdrawal at the Allied turn; the scenario's last Game-Turn (7.2 F), the next Game-Turn's 10.8 C
        withdrawal, what its fuel roll reads (8.7, 8.7.2 D, 15.6 E) and uncertain weather (24.0 A) at the German."""
        if state["phase"] != "construction" or any(isinstance(o, dict) and "shock" in o for o in orders):
            return []
        try:
            if xxx_corps.on(state) and state["xxx_corps"]:                # 26.10: what the end of the turn reads
                xxx_corps.condition(data, state)
            commitment.judge(data, copy.deepcopy(state), [])              # 26.19: what the end of the turn reads
            if conditional.on(state):                                     # 23.0 B: what the next side's roll reads
                last_turn = state["side"] == "allies"
                conditional.roll(data, copy.deepcopy({**state, "side": other(state["side"]),
                                                      "turn": state["turn"] + (1 if last_turn else 0)}), _NoDice(), [])
            if state["side"] == "german":
                withdrawals.start(data, copy.deepcopy({**state, "side": "allies"}), [])
                return []
            last = numbers.integer(data, f"game.turns.last_turn_{state['scenario'].replace('-', '_')}",
                                   "the scenario's last Game-Turn (Game Turn Record Track, 7.0 A)")
            if state["turn"] >= last and strategic.on(state):
                try:
                    victory.determine(data, state)                        # 7.2 F: what the victory reads
                except UnknownDataError:
                    raise
                except PbemError as wrong:                                # the group's entry malformed
                    return [Problem(None, str(wrong))]
            if state["turn"] < last:
                withdrawals.start(data, copy.deepcopy({**state, "side": "german", "turn": state["turn"] + 1}), [])
                if fuel.due(data, state["turn"] + 1):                     # 8.7: what the roll and the Allies' choice read
                    fuel.capacity(data, state)
                    fuel.allied_choices(data, state)
                weather_roll(data, {**state, "turn": state["turn"] + 1}, _NoDice(), [])
        except UnknownDataError as missing:
            return [Problem(None, str(missing))]
        except _Probed:
            pass
        return []

    def template(self, data: GameData, state: dict, side: str) -> dict:
        return super().template(data, self._ready(data, state), side)

    def apply(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Outcome:
        events: list[dict] = []
        self._prepare(data, state, events)
        outcome = super().apply(data, state, side, orders, dice)
        return Outcome(outcome.state, events + outcome.events)

    # -- labels and templates -----------------------------------------------------------------
    def label(self, state: dict) -> str:
        due = state.get("pending")
        head = f"Game-Turn {state['turn']} {state['side']} player turn"
        if state["phase"] == "answer" and due and due["kind"] == "displace":
            return f"{head}: {due['side']} places the displaced leader(s) {', '.join(due['leaders'])} (15.5 D)"
        if state["phase"] == "answer" and due and due["kind"] == "air":
            return f"{head}: {due['side']} picks the unit hit by the air attack on {due['hex']} (20.4.1 B)"
        if state["phase"] == "answer" and due:
            return f"{head}: {due['side']} answers in battle {due['battle']} ({due['kind']})"
        return f"{head}: {state['phase']}"

    def setup_template(self, game: Any, data: GameData, state: dict, side: str) -> dict:
        return {"notes": ["German free set-up (6.1): every at-start unit in its army area, unstacked"],
                "orders": [{"place": u, "at": "HEX"} for u in state["to_place"]]}

    def move_template(self, game: Any, data: GameData, state: dict, side: str) -> dict:
        notes = [self.label(state), "move: UNIT, path: [its hex, hexes entered] (10.0); reserve: UNIT (14.1); "
                 "enter: UNIT, path: [entry hex, ...] (10.6); refit: UNIT; reform: UNIT, at: TOWN (9.0)"]
        if strategic.on(state) and state["phase"] == "movement":
            notes.append("strategic movement (10.4): move: UNIT, path: [...], strategic: enter|leave; enter: UNIT, path: [...], "
                         "strategic: true (10.6.2); in its air-attack turns interdict: ROAD HEX (20.4.2)")
        due = [u for u, n in sorted(state["reinforcements"].items()) if n <= state["turn"] and state["phase"] == "movement"
               and counter(data, u)["side"] == side]
        if due:
            notes.append(f"reinforcements due (10.6): {', '.join(due)}")
        if state["phase"] == "movement" and conditional.on(state) and state["conditional"]["picks"]:
            mine = [u for u in state["conditional"]["pool"] if counter(data, u)["side"] == side]
            notes.append(f"commit: UNIT for up to {state['conditional']['picks']} conditional unit(s) (23.0 B): {', '.join(mine)}")
        if state["phase"] == "movement" and side == "allies" and montgomery.on(state):
            notes.append("withdrawal: true states Montgomery's withdrawal: a second move, no attacks (26.13 A, D); every move "
                         "goes by the most direct route to a river line (26.13 B, C, E; reading DD20)")
        if state["phase"] == "movement":          # the side's own view: its hidden units too (25.0)
            mine = sorted((u, v["hex"]) for u, v in state["units"].items() if v["side"] == side)
            notes.append(f"your units on the map: {', '.join(f'{u} at {h}' for u, h in mine) or 'none'}")
        if state["phase"] == "movement" and state.get("fuel_due"):
            notes.append(f"fuel: DIV for {state['fuel_due']} more German motorized division(s) out of supply (8.7.1 B): "
                         f"{', '.join(fuel.eligible(data, state))}")
        return {"notes": notes, "orders": []}

    def combat_template(self, game: Any, data: GameData, state: dict, side: str) -> dict:
        return {"notes": [self.label(state), "attack: HEX or [HEX, ...], with: [UNIT, ...]; optional reduce: {HEX: LEVEL}, "
                          "integrity: true, armor_superiority: true, advance: {UNIT: [HEX, ...]}, firefight: [UNIT, ...] (13.0)"],
                "orders": []}

    def declare_template(self, game: Any, data: GameData, state: dict, side: str) -> dict:
        return {"notes": [self.label(state), "battle: N, reduce: {HEX: LEVEL}, integrity: true - or no order (13.3.3, 13.8)"]
                + [f"battle {b['number']}: {', '.join(b['attackers'])} attack {', '.join(b['hexes'])}" for b in state["battles"]],
                "orders": []}

    def construction_template(self, game: Any, data: GameData, state: dict, side: str) -> dict:
        return {"notes": [self.label(state), "move: UNIT, path: [...] a reserve's exploitation (14.2); shock: HEX, with: [UNIT] "
                          "its shock combat (14.3; the demolitions then come in their own step); demolish: 'A|B', by: UNIT "
                          "(16.1); fortify: HEX (17.0); the Allies: fuel_choice: [DIV, ...] for the next fuel roll (8.7.1 A)"],
                "orders": []}

    def normalise_orders(self, orders: Any) -> Any:
        return report.normalise_orders(orders)

    # -- the map and what players read ---------------------------------------------------------
    def grid(self, data: GameData) -> GridSpec:
        return mapdata(data).grid

    position_headers = ("Hex", "Unit", "Side", "Steps")
    side_colours = {"german": "#c4ccd6", "allies": "#b9d49a"}
    hexside_lines = {"river": "river"}
    open_collections = ("map.hexes.<HEX>: {terrain: ..., town: true, army: 5PZA}, map.hexsides.<A|B>: [river, bridge], "
                        "units.counters.<ID>: {...}, units.manifests.turning_point.<ID>: HEX")

    def unit_side(self, data: GameData, state: dict, unit_id: str) -> str:
        return str(state["units"][unit_id]["side"])

    def unit_label(self, data: GameData, state: dict, unit_id: str, side: str | None = None) -> str:
        return "full" if state["units"][unit_id]["steps"] >= full_steps(data, unit_id) else "reduced"

    def map_units(self, data: GameData, state: dict, side: str | None = None) -> list[MapUnit]:
        return [MapUnit(u, v["hex"], self.unit_label(data, state, u, side), v["side"]) for u, v in sorted(state["units"].items())]

    def map_marks(self, data: GameData, state: dict) -> dict[str, str]:
        return {h: "fort" for h in state["forts"]}

    def positions(self, data: GameData, state: dict, side: str | None = None) -> list:
        return [[v["hex"], u, v["side"], self.unit_label(data, state, u, side)]
                for u, v in sorted(state["units"].items(), key=lambda kv: (kv[1]["hex"], kv[0]))]

    def describe(self, data: GameData, state: dict, events: list) -> list:
        return report.describe(events, readable_answers=self.plays(data, 3))

    def setup_note(self, data: GameData, state: dict) -> str | None:
        if not state["units"] and not state["to_place"]:
            return ("no units are on the map: the counters are not in the rulebook text; add them to the data override as "
                    "units.counters.ID (`pbem data template dark-december`, docs/dark-december.md)")
        return None

    def demo_plan(self) -> Any:
        from . import demo
        return demo.plan()


GAME = DarkDecember()
