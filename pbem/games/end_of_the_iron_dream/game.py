"""End of the Iron Dream (1.0-28.0), on the hex-wargame kit.

Rule numbers refer to ../shared/rulebooks/end-of-the-iron-dream.txt. Every number comes from
rules/end-of-the-iron-dream/*.yaml, the scenario or the campaign's data override; a missing one
refuses naming its data path, before any die is rolled.

The sequence of play (5.0-5.3, 6.5) is one table (`EndOfTheIronDream.table`): each player-turn
(Axis, Western Allied, Soviet: game.sequence_of_play.player_turn_order) is an Operational
Movement Phase and a Prepared Assault Phase; the other players' mid-phase decisions are its
`response` entries: the defender's retreat-or-loss answer to a mobile assault (11.13), the
defender applying its prepared-assault result first (18.15) and its advance (18.20). On Turn 1
the Soviet player-turn begins with the Operation Bagration choice (6.5 A; Iron Dream only); from
behaviour 2 every Iron Dream Soviet player-turn ends with the STAVKA Shock Front Creation Phase
(5.3.7, shock.py). Behaviour 2
also plays strategic movement (strategic.py), Yugoslavia (yugoslavia.py) and the VP count at the
end (victory.py, garrisons.py). The orders and what is enforced: docs/end-of-the-iron-dream.md.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...dice import Dice, fair_reveals
from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec
from ...kit import numbers
from ...kit.orders import each_order, ids_as_text
from ...kit.sequence import PASSES, Phase, SequencedGame
from ..base import DemoPlan, MapUnit, Outcome, Problem
from . import (assault, calendar, collapse, echelon, fortress, french, fuhrer, garrisons, hook, lhj_setup, movement, neutrality, recreated,
               report, satellites, setup, shock, supply_play, supply_units, victory, warsaw, yugoslavia)
from . import air_assault, airborne, boxes, chit, ebs, invasion, invasion_battle, ports, volkssturm     # behaviour 3
from . import abomb, hidden_parts, lake_supply                                                        # behaviour 4
from .common import ARMY_NAMES, BEHAVIOUR, army_of, camps, enemies, grid, plays, seat_of
from . import fog, fog_dummies, fog_rules                                                   # behaviour 4
from . import player_view                                                                  # templates, report boxes

NOT_ENFORCED = (         # what a campaign created now (behaviour 4) leaves to the players; older revisions: docs/upgrading.md
    "3.x the set-up at the table: a campaign starts from a position the group agrees on (option position=NAME, "
    "positions.NAME in its data override); 3.5 the Soviet flip of 27 German corps is a signed answer when the "
    "position marks `flip: true`",
    "7.16 B the three-step elite corps' second counters: the text prints no factors for them (28.2's note \"Elite corps "
    "with two counters to show three steps\" marks its Pz* line, which gives no strengths, and GD has no line), so GD, HG "
    "and 1SS have two steps here (28.0: a counter and its reduced side) and none is ever fleshed out to its third",
    "25.10 B OKH's area: the inter-theater boundary is not in the text (26.3 B gives only its start at Berlin's apexes): "
    "a campaign lists its hexes in victory.two_player.line.west_hexes, else OKH's moves and AS are refused naming that path",
    "18.21 a probe in a Prepared Assault Phase with no battle to fight: when no unit stands next to an enemy unit the "
    "phase passes by itself, to keep round trips few",
    "Let History Judge: 27.6 B-E are not printed (the transcription's note: 27.6 A, F-L are played)",
    "26.7 B: a resource neither commander claims goes to whichever orders it first (the text rules only on a resource both claim: the Führer's die)",
)

TEXT_FIELDS = ("move", "assault", "attack", "advance", "to", "place", "at", "replace", "cannibalize", "twelfth_army", "alpenfestung", "bomb", "enter",
               "strategic", "hold", "egs", "supply", "okh", "remove_su", "recreate", "freikorps", "fort", "arrive", "box", "sail",
               "theater", "convert", "invade", "from", "drop", "ebs", "abomb", "destroy", "combat")
TEXT_LISTS = ("path", "with", "losses", "steps", "flip", "grant", "shock_front", "hexes", "withdraw", "claim", "bridgeheads", "paratroops")


def _ids_as_text(order: dict) -> dict:
    return ids_as_text(order, TEXT_FIELDS, TEXT_LISTS, ("retreat", "advance"))


class EndOfTheIronDream(SequencedGame):
    id = "end-of-the-iron-dream"
    game_over_rule = "26.1"
    not_enforced = NOT_ENFORCED
    behaviour = BEHAVIOUR          # 2: supply (15.x) and weather (25.11, 25.8); 3: see common.BEHAVIOUR
    behaviours = (1, 2, 3, 4)

    def __init__(self) -> None:
        self.sequence = self.table()
        # 14.12 the second-invasion chit (option `chit=hidden`, behaviour 3); 27.6 A the A-bomb chit (behaviour 4);
        # 25.3 fog of war (option `fog=true`, behaviour 4)
        self.hidden = hidden_parts.HiddenParts(chit.InvasionChit(self), abomb.ABombChit(), fog_rules.FogOfWar(self))

    def table(self) -> tuple[Phase, ...]:
        """The sequence of play (5.0-5.3), the Bagration choice (6.5) and the mid-phase answers."""
        def entry(key: str, rulebook: str, kind: str, awaited: Any, opponents: Any, template: Any, check: Any,
                  apply: Any, then: str, keys: set[str], no_choice: Any = None) -> Phase:
            return Phase(key, rulebook, kind, awaited, self.label, partial(template, self), partial(check, self),
                         partial(apply, self), then, opponents, frozenset(keys),
                         partial(no_choice, self) if no_choice else None)

        return (
            entry("flip", "The Soviets (the Grand Alliance in a two-player match) flip German corps to their weaker "
                  "sides (3.5)", "response", self.alliance_seat, self.mover_reveals, setup.flip_template, setup.check_flip,
                  setup.apply_flip, "Turn 1, the Axis player-turn (5.1)", {"flip"}),
            entry("bagration", "Operation Bagration choice, at the beginning of the Soviet Turn 1 player-turn (6.5 A)", "orders",
                  self.phasing_seat, self.mover_reveals, EndOfTheIronDream.bagration_template, EndOfTheIronDream.check_bagration, EndOfTheIronDream.apply_bagration,
                  "the Soviet Operational Movement Phase (5.3.4)", {"bagration"}),
            entry("movement", "Operational Movement Phase: movement and mobile assaults (5.1.5, 5.2.5, 5.3.4; 8.0-11.0)",
                  "orders", self.phasing_seat, self.mover_reveals, EndOfTheIronDream.movement_template, movement.check_movement,
                  movement.apply_movement, "a mobile assault pauses for the defender's answer (11.13); a file without "
                  "one ends the phase: the Prepared Assault Phase (5.1.6)",
                  {"move", "path", "assault", "with", "losses", "replace", "surge", "cannibalize", "place", "at", "enter",
                   "strategic", "hold", "egs", "hexes", "okh", "withdraw", "claim", "recreate", "freikorps", "fort",
                   "arrive", "box", "sail", "to", "theater", "convert", "invade", "from", "drop", "ebs", "bridgeheads",
                   "paratroops", "abomb", "destroy", "retreat", "combat"}),
            entry("ma_answer", "The defender takes a mobile assault's result: retreat or step losses (11.13, 18.14)",
                  "response", self.defender_seat, self.attacker_reveals, EndOfTheIronDream.answer_template, movement.check_ma_answer,
                  movement.apply_ma_answer, "the assaulters' losses (11.9 A), then the Operational Movement Phase goes on "
                  "(11.12, 11.13)", {"steps", "retreat"}),
            entry("assault", "Prepared Assault Phase: every assault announced, then resolved one by one (5.1.6; 18.0)",
                  "orders", self.phasing_seat, self.mover_reveals, EndOfTheIronDream.assault_template, assault.check_assaults,
                  assault.apply_assaults, "each battle's answers (18.15, 18.20); then the next player-turn (5.0)",
                  {"attack", "with", "bomb", "supply", "hexes", "fmo", "echelon", "amphibious"}, assault.no_choice),
            entry("pa_defender", "The defender applies its prepared-assault result first (18.15, 18.14, 18.19)", "response",
                  self.defender_seat, self.attacker_reveals, EndOfTheIronDream.answer_template, assault.check_defender,
                  assault.apply_defender, "the attacker's result and advance (18.16)", {"steps", "retreat"}),
            entry("pa_attacker", "The attacker applies its result and advances after combat (18.14, 18.16-18.18)", "orders",
                  self.phasing_seat, self.mover_reveals, EndOfTheIronDream.answer_template, assault.check_attacker,
                  assault.apply_attacker, "the defender's advance (18.20) if it holds and the attackers left; then the "
                  "next battle", {"steps", "retreat", "advance", "ebs"}),
            entry("pa_advance", "Defender advance after combat into a vacated attacker's hex (18.20)", "response",
                  self.defender_seat, self.attacker_reveals, EndOfTheIronDream.answer_template, assault.check_defender_advance,
                  assault.apply_defender_advance, "the next battle (18.10 C); after the last, the next player-turn (5.0)",
                  {"advance", "to"}),
            entry("ally_supply", "The other Alliance player grants or refuses supply lines through its territory, at a "
                  "supply check (15.10; 5.x.2, 5.x.7)", "response", self.ally_seat, self.attacker_reveals,
                  supply_play.template, supply_play.check_answer, supply_play.apply_answer,
                  "the supply check goes on: the Operational Movement Phase, or attrition and the next player-turn",
                  {"grant"}),
            entry("echelon", "The second round of an echeloned STAVKA Shock Front assault (24.6-24.8)", "orders",
                  self.phasing_seat, self.mover_reveals, echelon.template, echelon.check, echelon.apply,
                  "the file's other prepared assaults (24.6 C)", {"attack", "with"}),
            entry("shock_front", "Soviet STAVKA Shock Front Creation Phase: next turn's front (5.3.7, 24.1)", "orders",
                  self.phasing_seat, self.mover_reveals, shock.template, shock.check, shock.apply,
                  "the next player-turn (5.0)", {"shock_front"}, shock.no_choice),
            entry("air_defender", "The defender takes a paratroop air assault's result: retreat or step losses (17.6.1 B, "
                  "18.14)", "response", self.defender_seat, self.attacker_reveals, EndOfTheIronDream.answer_template,
                  air_assault.check_defender, air_assault.apply_defender, "the paratroops' losses, a second round "
                  "(17.6.1 C), then the Operational Movement Phase goes on", {"steps", "retreat"}),
            entry("inv_defender", "The defender applies the invasion battle's result first (14.18, 18.15, 18.14)", "response",
                  self.defender_seat, self.attacker_reveals, invasion_battle.template, invasion_battle.check_defender,
                  invasion_battle.apply_defender, "the invaders' losses (14.23)", {"steps", "retreat"}),
            entry("inv_attacker", "The WA take the invasion battle's result as step losses (14.23, 14.22 A)", "orders",
                  self.phasing_seat, self.mover_reveals, invasion_battle.template, invasion_battle.check_attacker,
                  invasion_battle.apply_attacker, "ashore, or back to the box; then the announced assaults (14.18)",
                  {"steps"}),
            entry("chit", "The WA commit to the secret of their second-invasion chit, after the file of the first "
                  "landing (14.12 A): a step kept from the other players", "orders", chit.wa_seat, self.attacker_reveals,
                  chit.DRAW.secret_template, chit.DRAW.check_secret, chit.DRAW.apply_secret, "the Axis adds its part (14.12 A)",
                  {"chit_secret"}),
            entry("chit_axis", "The Axis adds its part to the draw of the WA's second-invasion chit (14.12 A)", "response",
                  chit.axis_seat, self.attacker_reveals, chit.DRAW.salt_template, chit.DRAW.check_salt, chit.DRAW.apply_salt,
                  "the interrupted phase goes on", {"chit_salt"}),
            entry("abomb", "NATO commits to the secret of its A-bomb chit at the start of the game (27.6 A): a step "
                  "kept from the Soviets", "orders", abomb.nato_seat, self.attacker_reveals, abomb.DRAW.secret_template,
                  abomb.DRAW.check_secret, abomb.DRAW.apply_secret, "the Soviets add their part (27.6 A)", {"abomb_secret"}),
            entry("abomb_salt", "The Soviets add their part to the draw of NATO's A-bomb chit (27.6 A)", "response",
                  abomb.soviet_seat, self.attacker_reveals, abomb.DRAW.salt_template, abomb.DRAW.check_salt, abomb.DRAW.apply_salt,
                  "NATO's Turn 1 player-turn (27.2)", {"abomb_salt"}),
            entry("collapse", "At the instant of the German economic collapse, in any player-turn, Germany places the "
                  "Alpenfestung and the 12th Army (16.7, 16.8, 26.6.6 A, 25.9 B)", "response", collapse.axis_seat,
                  self.attacker_reveals, collapse.template, collapse.check_answer, collapse.apply_answer,
                  "the interrupted phase goes on", {"twelfth_army", "alpenfestung"}),
            entry("hook_su", "The WA permanently remove an SU of their choice on first entering the Hook of Holland "
                  "(26.6.5 B)", "response", hook.wa_seat, self.attacker_reveals, hook.template, hook.check, hook.apply,
                  "the interrupted phase goes on", {"remove_su"}),
            entry("fuhrer", "The other German commander answers a claim to a resource; the Führer's die decides "
                  "those both claim (26.7 B)", "response", fuhrer.answer_seat, self.attacker_reveals, fuhrer.template,
                  fuhrer.check_answer, fuhrer.apply_answer, "the claimant's Operational Movement file", {"claim"}),
        )

    # -- seats and reveals -------------------------------------------------------------------
    def seats(self, scenario: dict) -> list[list[str]]:
        """1.0 B-D, 26.3, 26.7: two, three (the default, 1.0 G) or four players; Let History
        Judge is strictly two-player (1.0 H)."""
        names = {2: "two", 3: "three", 4: "four"}
        seats = scenario["seats"]
        return [sorted(unwrap(seats[names[int(n)]])) for n in unwrap(seats["allowed"])]

    def phasing_seat(self, state: dict) -> str:
        return seat_of(state, state["army"])

    def alliance_seat(self, state: dict) -> str:
        return seat_of(state, "soviet")

    def ally_seat(self, state: dict) -> str:
        """15.10: the other Alliance camp's seat answers for its territory."""
        return supply_play.ally_seat(state, str(state["pending"]["army"]))

    def defender_seat(self, state: dict) -> str:
        """The defending army's seat (26.7: in the four-player game the Axis answers are the
        west front commander's while the Allies move; the front of a defending unit is not in
        the data)."""
        army = str(state["pending"]["defender_army"])
        return seat_of({**state, "front": state["front"] if state["army"] == "axis" else "west"}, army)

    def mover_reveals(self, state: dict) -> tuple:
        """Whose reveal a roll of the acting seat needs: one seat of every other camp
        (pbem.dice.fair_reveals). Three players are three camps (1.0 G: each wins alone), so
        every other seat reveals; two players are two camps; 26.7's two German commanders are
        one camp, so an Allied roll needs one of them and a German roll both Allied seats."""
        entry = self.phase(state)
        return fair_reveals(entry.awaited(state), camps(state))

    def attacker_reveals(self, state: dict) -> tuple:
        """A defender's answer rolls no die; if one ever does, it needs the attacker's reveal
        (no roll may rest on one party alone)."""
        return fair_reveals(self.phase(state).awaited(state), camps(state))

    def label(self, state: dict) -> str:
        if state["phase"] == "flip":
            return "Set-up: the Soviet flip of German corps (3.5)"
        names = {"bagration": "Operation Bagration choice", "movement": "operational movement",
                 "ma_answer": "mobile assault answer", "assault": "prepared assaults", "pa_defender": "defender's result",
                 "pa_attacker": "attacker's result and advance", "pa_advance": "defender's advance",
                 "ally_supply": "supply check: lines through the other Alliance camp's territory (15.10)",
                 "collapse": "German economic collapse: the 12th Army and the Alpenfestung (16.8)",
                 "shock_front": "STAVKA Shock Front creation (5.3.7)",
                 "echelon": "echeloned Shock Front assault, second round (24.6)",
                 "hook_su": "the Hook of Holland: the WA's SU (26.6.5 B)",
                 "fuhrer": "the Führer's die: the other commander's claims (26.7 B)",
                 "chit": "second-invasion chit: the WA's secret (14.12 A)",
                 "chit_axis": "second-invasion chit: the Axis part (14.12 A)",
                 "abomb": "A-bomb chit: NATO's secret (27.6 A)", "abomb_salt": "A-bomb chit: the Soviet part (27.6 A)",
                 "inv_defender": "invasion battle: the defender's result", "inv_attacker": "invasion battle: the WA's losses",
                 "air_defender": "paratroop air assault answer"}
        front = f" ({state['front']} front)" if state["army"] == "axis" and "axis-west" in state["seats"] else ""
        where = f" at {state['pending'].get('hex') or state['pending']['hexes'][0]}" if state["phase"] in (
            "ma_answer", "pa_defender", "pa_attacker", "pa_advance", "inv_defender", "inv_attacker", "air_defender") else ""
        return f"Turn {state['turn']} {ARMY_NAMES[state['army']]}{front} {names[state['phase']]}{where}"

    # -- options, set-up -----------------------------------------------------------------------
    def options(self, given: dict) -> dict:
        """`position=NAME`: start from positions.NAME of the data (3.x set-up at the table); `chit`:
        `hidden` (the only value, and the default of every new campaign: 14.12's chit is drawn
        on the hidden-information core; campaigns created before it have no `chit`); `fog`: `true`
        plays the optional 25.3 fog of war (behaviour 4, fog.py), recorded only when given."""
        unknown = sorted(set(given) - {"position", "chit", "fog"})
        if unknown:
            raise PbemError(f"unknown End of the Iron Dream option(s): {', '.join(unknown)} (known: position, chit, fog)")
        if given.get("chit", "hidden") != "hidden":
            raise PbemError("End of the Iron Dream option `chit` has one value, `hidden` (14.12 A: the WA draw it secretly)")
        if "position" not in given:
            raise PbemError("End of the Iron Dream needs `position=NAME`: the 3.x set-up is played at the table and its "
                            "result entered as positions.NAME in the data override (docs/end-of-the-iron-dream.md)")
        chosen: dict = {"position": str(given["position"]), "chit": "hidden"}
        if "fog" in given:                                               # 25.3 A: optional, agreed before play
            value = str(given["fog"]).lower()
            if value not in ("true", "false"):
                raise PbemError(f"option fog must be true or false, not {value!r} (25.3 A)")
            chosen["fog"] = value == "true"
        return chosen

    def not_enforced_for(self, options: dict) -> list:
        return [*self.not_enforced, fog_dummies.FOG_ON if options.get("fog") is True else fog_dummies.FOG_OFF]

    def not_enforced_in(self, options: dict, scenario: dict) -> list:
        """25.3 G: Let History Judge under fog hides NATO's stacks only and has no dummies."""
        listed = self.not_enforced_for(options)
        if options.get("fog") is True and setup.scenario_id(scenario) == supply_play.LHJ:
            listed.append(fog_dummies.FOG_LHJ)
        return listed

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        options = self.options(options or {})
        state = setup.start(data, scenario, seats, options)
        state[PASSES] = True
        if plays(data, 2):
            state.update(control={}, oos=[], granted={})
            supply_play.validate(data, state)
            if plays(data, 3):
                lhj_setup.validate(data, scenario, state)              # 27.3, 27.4
                neutrality.setup(data, state)                          # 27.7 A
            collapse.validate(data, state)
            victory.validate(data, state)
            garrisons.validate(data, state)
            warsaw.validate(data, state)
            french.validate(data, state)
            satellites.validate(data, state)
            yugoslavia.validate(data)
            fortress.validate(data, state)
            if plays(data, 3):
                boxes.start(data, state)                                 # 7.1, 7.22, 14.8 A
                ports.validate(data, state)                              # 14.26, 14.27, 14.31
                if chit.active(options) and state["scenario"] != supply_play.LHJ:
                    state["chit"] = {"stage": "none"}                    # 14.12 (14.15: not in Let History Judge)
            if options.get("fog") is True:
                fog_dummies.validate(data, state)                        # 25.3 (behaviour 4)
                fog.start(state)
            supply_play.record_control(data, state, [])
            if state["phase"] == "movement":
                self.begin_player_turn(data, state, [])
            collapse.watch(data, state, [])
            if plays(data, 4) and chit.active(options) and state["scenario"] == supply_play.LHJ:
                abomb.start(state)                                       # 27.6 A: before NATO's first file
        return state

    def check(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        """25.3 E: the German dummy orders of a fog-of-war file are checked apart (fog_dummies.py)."""
        rest, dummies = fog_dummies.split_orders(state, orders)
        if not dummies:
            return super().check(data, state, side, orders)
        kept = [i for i in range(len(orders)) if i not in {d for d, _ in dummies}]
        found = [Problem(kept[p.index] if p.index is not None and p.index < len(kept) else p.index, p.message)
                 for p in super().check(data, state, side, rest)]
        return found + fog_dummies.problems(data, state, side, dummies)

    def apply(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Outcome:
        """Behaviour 2: the steps each unit lost in this step (26.6.1, 26.6.6 D count them)."""
        if fog.active(state):
            return fog_dummies.apply(self, super().apply, data, state, side, orders, dice)
        return self.apply_step(super().apply, data, state, side, orders, dice)

    def apply_step(self, step: Any, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Outcome:
        before = victory.snapshot(state) if plays(data, 2) else None
        outcome = step(data, state, side, orders, dice)
        if plays(data, 3) and not outcome.state.get("game_over"):        # 14.27 A: at a port's liberation
            given = _given_ports(data, state["position"])
            ports.watch(data, outcome.state, outcome.events, dice, supply_play.control(data, outcome.state), given)
        if before is not None:
            victory.step_losses(data, outcome.state, before, outcome.events)
        return outcome

    def after_step(self, data: GameData, state: dict, events: list) -> None:
        """Behaviour 2: who last held each hex (4.1); liberations and the collapse (16.x)."""
        if plays(data, 3):
            chit.after_step(state)                                       # 14.12 A: the draw after the first landing
        if plays(data, 2) and not state.get("game_over"):
            now = supply_play.record_control(data, state, events)
            # 4.1 A worked out once for the next four (they ask only outside Let History Judge): the
            # collapse may move units; victory, Warsaw and Paris change the ledger only (issue 13)
            owner = supply_play.control_from(data, state, now) if state["scenario"] != supply_play.LHJ else None
            shared = None if collapse.watch(data, state, events, owner) else owner
            victory.watch(data, state, events, shared)
            warsaw.watch(data, state, events, shared)
            french.watch(data, state, shared)
            satellites.watch(data, state, events)
            neutrality.watch(data, state, events)                       # 27.7 A
            garrisons.watch_lhj(data, state)                            # 26.6.4 A, D in 27.3 G
            shock.watch(state, events)
            supply_units.watch(data, state, events)                     # behaviour 3: 15.23 C, 16.5 B
            fortress.watch(data, state, events)                         # behaviour 3: 15.9 C, 15.17
            lake_supply.watch(data, state)                              # behaviour 4: 15.14 F
            volkssturm.watch(data, state, events)                       # behaviour 3: 25.7
            echelon.watch(state, events)                                # behaviour 3: 24.7 D
            hook.watch(data, state, events)                             # behaviour 3: 26.6.5 B
            invasion.watch(state, events)                                # 14.24 C
            if plays(data, 3):
                airborne.watch(data, state, events)                      # 17.5 D, 17.7
        if plays(data, 3) and not state.get("game_over"):
            recreated.watch(data, state, events)                       # 7.28

    def begin_player_turn(self, data: GameData, state: dict, events: list) -> None:
        """Before the Operational Movement Phase: the weather (25.11, at the first player-turn of a
        turn) and the Initial Supply-Check Phase (5.x.2; 15.10 may pause it)."""
        if not plays(data, 2):
            state["phase"] = "movement"
            return
        if state["army"] == state["turn_order"][0]:
            events.append({"event": "weather", "turn": state["turn"],
                           "weather": calendar.weather(data, state["scenario"], state["turn"])})
        if state["army"] == "western" and plays(data, 3):
            boxes.start_of_wa_turn(data, state, events)                  # 7.25 C
            ebs.start_of_wa_turn(data, state)                            # 14.32 A
        supply_play.record_control(data, state, events)
        supply_units.produce(data, state, events)                       # behaviour 3: 5.1.1 B, 15.23.3, 16.2
        yugoslavia.fourth_army_lost(data, state, events)                # 20.5 B (behaviour 3)
        supply_play.initial_check(data, state, events)

    def normalise_orders(self, orders: Any) -> Any:
        return each_order(orders, _ids_as_text)

    def known_ids(self, data: GameData, state: dict) -> dict:
        counters = data.get("units.counters", "the unit counters")
        return {"unit": [k for k in counters if isinstance(counters[k], dict)],
                "hex": [*setup.listed_hexes(data), *(u["hex"] for u in state["units"].values())]}

    # -- moving through the sequence -----------------------------------------------------------
    def next_phase(self, data: GameData, state: dict, events: list, dice: Dice) -> None:
        """5.0: Operational Movement, then Prepared Assault; then the next player-turn; 26.7: in
        the four-player game each Axis phase is the west front's, then the east front's."""
        four = "axis-west" in state["seats"] and state["army"] == "axis"
        if four and state["front"] == "west":
            state["front"] = "east"
            return
        if four:
            state["front"] = "west"
        if state["phase"] in ("movement", "ma_answer"):
            state["phase"] = "assault"
            return
        if plays(data, 2):
            now = supply_play.record_control(data, state, events)        # 4.1 A, once for the check's lines
            if not supply_play.terminal_check(data, state, events, supply_play.control_from(data, state, now)):
                return                                   # 15.10: the other camp answers first
        self.end_player_turn(data, state, events, dice)

    def end_player_turn(self, data: GameData, state: dict, events: list, dice: Dice) -> None:
        """5.0: the next player-turn (after the last, the next turn; after the last turn, 26.1)."""
        if plays(data, 2):
            shock.watch(state, events)                                  # 24.2 A: this step's Axis results
        if plays(data, 2) and shock.asks(state):                        # 5.3.7 after the Terminal Supply Check
            shock.end_of_use(state, events)
            state["phase"] = "shock_front"
            return
        order = state["turn_order"]
        index = order.index(state["army"]) + 1
        if state["army"] == "western" and plays(data, 2):
            neutrality.end_of_nato_turn(data, state, events)            # 27.7 A
            victory.end_of_wa_turn(data, state, events)                 # 26.6.8 G
            french.end_of_wa_turn(data, state, events)                  # 26.6.3
        if state["army"] == "soviet" and plays(data, 2):
            garrisons.check(data, state, events)                        # 26.6.4 C
            satellites.end_of_soviet_turn(data, state, events)          # 19.1.1 B
        supply_units.withdraw(data, state, events)                      # behaviour 3: 15.23.1
        events.append({"event": "player_turn_over", "army": state["army"], "turn": state["turn"]})
        if index == len(order):
            if plays(data, 2):
                warsaw.end_of_turn(data, state, events)                 # 26.6.9 B
            state["turn"] += 1
            state["assaulted"] = {}
            index = 0
            if state["turn"] > state["last_turn"]:
                state["game_over"] = True
                counted = plays(data, 2)
                events.append({"event": "game_over", "turn": state["last_turn"], "rule": "26.1", **({"counted": True} if counted else {})})
                if counted:
                    events += satellites.end_entries(data, state)       # 26.6.2
                    victory.final(data, state, events)                  # 26.1 A: at the end of the last turn
                return
        state["army"] = order[index]
        if state["army"] == "soviet" and state["turn"] == 1 and self.asks_bagration(data, state):
            state["phase"] = "bagration"
        else:
            self.begin_player_turn(data, state, events)

    def asks_bagration(self, data: GameData, state: dict) -> bool:
        """6.5 A: the Bagration choice belongs to Iron Dream's first turn (6.0, June 1944). Let
        History Judge starts in June 1945 (27.2), its special rules "can all be found in 27.0"
        (1.0 H), none names Bagration, and 27.3 C bars the Shock Front 6.5 B would create: its
        Soviets are not asked (behaviour 2; behaviour 1 keeps asking, docs/upgrading.md)."""
        return state["scenario"] != supply_play.LHJ or not plays(data, 2)

    # -- templates -----------------------------------------------------------------------------
    def movement_template(self, data: GameData, state: dict, side: str) -> dict:
        notes = [movement.MOVE, movement.ASSAULT, *player_view.movement_notes(data, state)]     # its units, boxes, arrivals
        if plays(data, 3) and not state.get("movement"):
            if any(d["side"] == state["army"] and not d.get("permanent") for d in state["dead"]):
                notes.append(recreated.RECREATE)                                   # 7.11
            if fuhrer.four_player_axis(state):
                notes.append(fuhrer.CLAIM)                                          # 26.7 B
        if fog.active(state) and state["army"] == "axis":
            notes.append(fog_dummies.template_note(data, state))                   # 25.3 E, the German's own view
        found = chit.drawn(state) if state["army"] == "western" else None          # the WA's own view (14.12 A)
        if found:
            notes.append(f"your second-invasion chit is {found}: the second invasion from Turn {chit.earliest(data, found)} "
                         "(14.12 B)")
        bombs = abomb.note(data, state) if plays(data, 4) else None                # NATO's own view (27.6 A)
        if bombs:
            notes.append(bombs)
        return {"orders": [], "notes": notes}

    def assault_template(self, data: GameData, state: dict, side: str) -> dict:
        return {"orders": [], "notes": [assault.ATTACK, *assault.pledge_notes(state), *player_view.assault_notes(data, state)]}

    def answer_template(self, data: GameData, state: dict, side: str) -> dict:
        return {"orders": [], "notes": player_view.answer_notes(data, state)}

    def bagration_template(self, data: GameData, state: dict, side: str) -> dict:
        return {"orders": [{"bagration": False}], "notes": ["`bagration: true` runs Operation Bagration (6.5, 6.7)"]}

    # -- 6.5 Operation Bagration -------------------------------------------------------------
    def check_bagration(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        if len(orders) != 1 or not isinstance(orders[0].get("bagration"), bool):
            return [Problem(None, "the Soviets announce `bagration: true` or `bagration: false` (6.5 A)")]
        return []

    def apply_bagration(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        state["bagration"] = orders[0]["bagration"]
        events = [{"event": "bagration", "chosen": state["bagration"]}]
        self.begin_player_turn(data, state, events)
        return events

    # -- what players see --------------------------------------------------------------------
    def grid(self, data: GameData) -> GridSpec:
        return grid(data)

    position_headers = ("Hex", "Unit", "Army", "Steps")
    side_colours = {"axis": "#c4ccd6", "western": "#b9d49a", "soviet": "#e8a0a0"}
    badge_legend = report.BADGE_LEGEND
    hexside_lines = {"river": "river", "canal": "river", "lake": "lake", "blocked": "sea"}
    open_collections = ("map.hexes.<HEX>: {terrain: clear|rough|marsh|mountain, city: true}, map.hexsides.<A|B>: [river], "
                        "crt.terrain_lines.<LINE>.columns, crt.cells.<LINE>.<COLUMN>.<DIE>: A/D, "
                        "positions.<NAME>.units.<UNIT>: {hex: HEX, steps: N}")

    def unit_side(self, data: GameData, state: dict, unit_id: str) -> str:
        return army_of(state, unit_id)

    def unit_label(self, data: GameData, state: dict, unit_id: str, side: str | None = None) -> str:
        return report.label(data, state, unit_id)

    def map_units(self, data: GameData, state: dict, side: str | None = None) -> list[MapUnit]:
        return report.map_units(data, state)

    def positions(self, data: GameData, state: dict, side: str | None = None) -> list:
        return report.positions(data, state)

    def off_map(self, data: GameData, state: dict, side: str | None = None) -> list:
        return player_view.off_map(data, state, side)          # behaviour 4: the holding boxes; a seat's own chits

    def describe(self, data: GameData, state: dict, events: list) -> list:
        return report.describe(events)

    def enemies_of(self, state: dict, army: str) -> tuple[str, ...]:
        return enemies(state, army)

    def demo_plan(self) -> DemoPlan:
        from . import demo
        return demo.plan()


GAME = EndOfTheIronDream()


def _given_ports(data: GameData, position: str) -> list[str]:
    """15.14 A: the WA opened ports of the agreed position, read once per data (every step asks, issue 13)."""
    return list(data.derived(f"eid.wa_supply_sources.{position}", lambda: tuple(grid(data).canonical(h) for h in numbers.texts(
        data, f"positions.{position}.wa_supply_sources", "the WA opened ports of the position (15.14 A)"))))
