"""Operation Grenade (Victory in the West standard rules 1.0-14.0 + exclusive rules 15.0-28.0).

Rule numbers refer to ../shared/rulebooks/operation-grenade.txt. Every number comes from
rules/operation-grenade/*.yaml or the campaign's data override (map, counters, strength chits,
CRT cells, Terrain Effects Chart, Weather Table); a missing one stops the step with
UnknownDataError naming the data path, before any die is rolled for the combat that needs it.

Strength chits (8.0): a regiment or brigade draws its chit at random from the pool of its morale
rating at its first combat, immediately before the combat's die roll (8.33, 8.41). Behaviour 3
campaigns deal it in secret from the shared pools (secret.py, dealer.py: only its owner learns the
chit; the enemy learns the strength in use at each combat, 8.42); behaviour 2 campaigns, and a state
built outside a campaign, draw it in the open with the two-party dice (chits.py). What the rules hide
after a combat (8.42: no look until the next combat, no written notes) is honoured in what each side
is shown (`unit_label`, `positions`, `pbem report --side`): a side sees its own chits, the enemy's
only as the strengths used in the combats that examined them.

This file holds the class: the data accessors and the sequence of play as one table (below,
`OperationGrenade.sequence`). The rule groups live beside it, organised like the rulebook:
pregame (17.0, 18.0, 18.1), turn (24.x weather, 19.21 withdrawal, begin/end of turns, 28.0),
movement (5.x, 6.x, 7.1, 14.0 entry, 19.x, 26.0), combat (9.1-9.2, 7.2 declaring and the
defender's answer), crt (9.3, 9.7, 9.8 resolving: CRT, defence modifiers), losses (9.8-9.9, 10.0),
chits (8.x), report (what players read), and supply, reinforcements, shifts, divisions, support,
rhine; retreats (9.91 priorities, 9.93), answers (9.94, 9.95, 9.97: the answers inside a combat),
flood (17.11-17.14 the flooded valley, 9.96 the map's extent). The orders players write and what is enforced: docs/operation-grenade.md.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...dice import Dice
from ...errors import UnknownDataError
from ...gamedata import GameData
from ...hexgrid import GridSpec
from ...kit import movement as kit_movement
from ...kit.board import Board
from ...kit.sequence import PASSES, Phase, SequencedGame
from ...kit.terrain import MapData
from ..base import MapArrow, MapUnit, Outcome, Problem
from . import answers, chits, combat, crt, dealer, losses, movement, pregame, reinforcements, report, rhine, secret, turn
from .common import ARTILLERY, MECHANIZED, ONE_STEP_SIZES, PHASE_NAMES, SIDES, normalise_orders, other

PRINTED_ON = "the game map (2.1)"


def _label(state: dict) -> str:
    turn_ = f"Game-Turn {state['turn']} ({state['date']}) " if state["turn"] else "Before the game: "
    choice = state["awaiting_choice"]
    if choice:
        what = {"defend": "answer before the rolls: defending regiments and support (7.22, 9.64, 13.13)",
                "losses": "loss and retreat choice (9.85)", "place": "placement of new Volkssturm units (21.12)",
                "bridge": "whether to attempt to blow the Rhine bridge (22.21)",
                "path": "path of retreat after a breakthrough (9.97)", "advance": "advance after combat (9.94, 9.95)"}[choice["kind"]]
        return (f"{turn_}{state['side'].capitalize()} {PHASE_NAMES[state['phase']].split(' (')[0]}: "
                f"{choice['side']} {what} at {choice['hex']}")
    resumed = " continued after the German roll (21.13)" if state["phase"] == "movement" and state["interrupted"] else ""
    return f"{turn_}{state['side'].capitalize()} {PHASE_NAMES[state['phase']]}{resumed}"


def _phasing(state: dict) -> str:
    return str(state["side"])


def _answering(state: dict) -> str:
    return str(state["awaiting_choice"]["side"])


def _phasing_opponent(state: dict) -> tuple:
    return (other(state["side"]),)


def _answering_opponent(state: dict) -> tuple:
    return (other(state["awaiting_choice"]["side"]),)


class OperationGrenade(SequencedGame):
    id = "operation-grenade"
    behaviour = 3          # 2: a phase without a choice passes by itself (kit.sequence PASSES); 1: it awaits signed orders;
                           # 3 (pbem 0.7.0): the strength chits are dealt in secret (docs/hidden-information.md)
    behaviours = (2, 3)      # 1 (pbem 0.3.x) is no longer played: see docs/upgrading.md
    game_over_rule = "28.0"
    # Everything else is adjudicated (docs/operation-grenade.md); what stays cannot be, and says why.
    not_enforced = (
        "8.42 \"It is strictly forbidden for either Player to ever write down the strength of a 'tried' Enemy unit\": "
        "what a player notes privately cannot be checked, and the reports of earlier combats stay in the campaign "
        "folder (the positions and reports a side receives never show an enemy chit outside the combat that examined it)",
    )
    # Behaviour 2 (pbem 0.6.0 and before) drew the chits in the open: those campaigns carry this entry in their
    # stored headers. Behaviour 3 deals them in secret (secret.py, 8.31-8.52), so a new campaign's header lacks it.
    OPEN_DRAW_NOT_ENFORCED = (
        "8.33, 8.41, 8.42 the strength chits are drawn with the public two-party dice and the shared save names each "
        "unit's chit: a player who reads the save (not the reports) learns the back of an enemy chit, and the chit of "
        "a unit drawn outside a combat, which 8.42 keeps from him; the secret draw from the shared pools "
        "(docs/hidden-information.md, \"Shared pools\") is not wired in yet")

    def __init__(self) -> None:
        self.sequence = self.table()
        self.dealing = dealer.GrenadeDealing(self)          # behaviour 3: the chits dealt in secret (8.31-8.52)

    def table(self) -> tuple[Phase, ...]:
        """The sequence of play (4.2, 17.0, 18.0), the players' mid-phase answers included."""
        def orders(key: str, rulebook: str, group: Any, then: str, keys: set[str]) -> Phase:
            no_choice = partial(group.no_choice, self) if hasattr(group, "no_choice") else None
            return Phase(key, rulebook, "orders", _phasing, _label, partial(group.template, self), partial(group.check, self),
                         partial(group.apply, self), then, _phasing_opponent, frozenset(keys), no_choice)

        def answer(key: str, rulebook: str, group: Any, then: str, keys: set[str]) -> Phase:
            return Phase(key, rulebook, "response", _answering, _label, partial(group.template, self), partial(group.check, self),
                         partial(group.apply, self), then, _answering_opponent, frozenset(keys))

        return (
            orders("flood", "Roer flood declaration (17.0)", pregame.Flood, "with a gradual flood, the US D-Day declaration "
                   "(18.0); with a flash flood, Game-Turn One on 17 February (17.12): weather (24.11), the US Player-Turn (4.2)", {"flood"}),
            orders("d_day", "D-Day declaration (18.0)", pregame.DDay, "the Roer current roll (18.1), then Game-Turn One on "
                   "D-Day: weather (24.11), the US Player-Turn (4.2): supply (11.0), movement", {"d_day"}),
            orders("movement", "Movement Phase (5.0)", movement.Moves, "the Combat Phase (9.0); a move that sets off a German "
                   "roll (21.11, 22.21) pauses it, and the US player continues after the roll (21.13)",
                   {"move", "path", "enter", "ruse", "strategic", "eliminate"}),
            answer("bridge", "German attempt to blow a Rhine bridge (22.21)", rhine.BridgeAnswer, "the rolls of the attempted "
                   "bridges (22.22) and of the Volkssturm towns the entry set off (21.11); the interrupted Movement Phase goes on "
                   "(21.13), or, after an advance or retreat, the combat resolution goes on where it stopped (9.0)", {"bridge", "attempt"}),
            answer("place", "Volkssturm placement (21.12)", rhine.Placement, "the interrupted Movement Phase goes on (21.13), "
                   "or the combats go on in the order declared (9.0)", {"place", "at"}),
            orders("combat", "Combat Phase (9.0)", combat.Attacks, "the defender's answer (defend) where it has a choice "
                   "(7.22, 9.64, 13.13); else the combats, in the order declared (9.0)",
                   {"attack", "with", "advance", "advance_path", "artillery", "air", "ruse"}),
            answer("defend", "Defender's answer before the rolls (7.22, 9.64, 13.13)", combat.Defence, "the combats, in "
                   "the order declared (9.0), each result applied before the next (9.8)", {"defend", "with", "artillery", "air"}),
            answer("losses", "Loss and retreat choice (9.85)", losses.Choice, "retreat (9.9) and advance after combat (9.94); "
                   "the next combat (9.0); after the last, the German Player-Turn (4.2), the next Game-Turn (24.11) or the "
                   "end of the game (28.0)", {"combat", "losses", "retreat", "ruse"}),
            answer("path", "Attacker's path of retreat after a breakthrough (9.97)", answers.BreakthroughPath, "the defender's "
                   "losses (9.85, 9.92), asked only if he has a choice of unit; then the retreat along the path (9.91)", {"combat", "retreat"}),
            answer("advance", "Advance after combat (9.94, 9.95)", answers.Advance, "the advances, unit by unit, hex by hex "
                   "(9.95); the next combat (9.0)", {"advance", "path"}),
        )

    def apply(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> Outcome:
        """The step; with the chits dealt in secret (secret.py), the stages its messages carry come
        first, and every share and claim they carry must be used by it."""
        if not secret.dealt(state):
            return super().apply(data, state, side, orders, dice)
        stages: list = []
        secret.start_stages(state, stages)
        outcome = super().apply(data, state, side, orders, dice)
        secret.finish(outcome.state)
        return Outcome(outcome.state, stages + outcome.events)

    def template(self, data: GameData, state: dict, side: str) -> dict:
        """The step's order form. A template never needs a value the data lacks: if a note does,
        the form says which, and the orders that need it are refused naming it."""
        try:
            return super().template(data, state, side)
        except UnknownDataError as exc:
            return {"notes": [self.awaiting(state).phase, f"This form is incomplete: {exc}. Orders that need this value are "
                              "refused until the campaign's data gives it (`pbem data missing`)."], "orders": []}

    def phase_key(self, state: dict) -> str:
        choice = state["awaiting_choice"]
        return str(choice["kind"]) if choice else str(state["phase"])

    def normalise_orders(self, orders: Any) -> Any:
        return normalise_orders(orders)

    def known_ids(self, data: GameData, state: dict) -> dict:
        return {"unit": [*state["units"], *state["reinforcements"]],
                "hex": [*self.hexes(data), *(unit["hex"] for unit in state["units"].values())]}

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
        state: dict[str, Any] = {
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
            "retreated_onto": {},                                               # 9.93
            "interrupted": {}, "spent": {},                                     # 21.11/22.21: unit -> MP spent
            "game_over": False, "victory": None,
        }
        if self.plays(data, 2):        # behaviour 2 (docs/upgrading.md): a phase without a choice passes by itself
            state[PASSES] = True
        # behaviour 3: the chits dealt in secret (8.31-8.52) between the campaign's two players. A state
        # built outside a campaign (data.behaviour None: rules tests, tools) has no players' keys to deal
        # with, so it keeps the open draw of chits.draw_chit.
        if data.behaviour is not None and self.plays(data, 3):
            secret.start(data, state)
        for unit in state["units"].values():
            movement.note_passage(self, data, state, unit["hex"], unit["side"])
        return state

    # -- the map (pbem.kit.terrain) --------------------------------------------------------
    def map(self, data: GameData) -> MapData:
        return MapData.of(data, PRINTED_ON)

    def grid(self, data: GameData) -> GridSpec:
        return self.map(data).grid

    def hex_info(self, data: GameData, hex_id: str) -> dict:
        return self.map(data).info(hex_id)

    def on_map(self, data: GameData, hex_id: str) -> bool:
        return self.map(data).listed(hex_id)

    def terrain(self, data: GameData, hex_id: str) -> str:
        return self.map(data).terrain(hex_id)

    def hexside(self, data: GameData, a: str, b: str) -> tuple[str, ...]:
        """The features of the side a-b. Neither hex need be listed (the callers ask for the hexes
        they need first: a move or retreat refuses an unlisted hex it enters before it looks here)."""
        return self.map(data).hexside(a, b, hexes_known=False)

    def hexes(self, data: GameData) -> dict:
        return {k: v for k, v in self.map(data).hexes().items() if isinstance(v, dict)}

    def require_on_map(self, data: GameData, hex_id: str, what: str) -> None:
        if not self.on_map(data, hex_id):
            raise UnknownDataError(f"map.hexes.{hex_id}", what, PRINTED_ON, data.override_file)

    # -- counters ----------------------------------------------------------------------------
    def counter(self, data: GameData, unit_id: str) -> dict:
        # read once per campaign data (the rules ask tens of thousands of times a replay); a refusal is never kept
        return data.derived(f"operation-grenade.counter.{unit_id}", lambda: self._counter(data, unit_id))

    def _counter(self, data: GameData, unit_id: str) -> dict:
        counter = data.get(f"units.counters.{unit_id}", f"the counter of {unit_id}")
        return data.require_keys(counter, f"units.counters.{unit_id}", ("type", "size", "movement"), f"unit {unit_id}",
                                 "the unit counter (2.22)")

    def counter_value(self, data: GameData, unit_id: str, key: str, what: str) -> Any:
        value: Any = self.counter(data, unit_id)
        for part in key.split("."):
            value = value.get(part, "unknown") if isinstance(value, dict) else "unknown"
        if value == "unknown":
            raise UnknownDataError(f"units.counters.{unit_id}.{key}", f"{what} of {unit_id}",
                                   "the unit counter (2.22)", data.override_file)
        return value

    def is_mech(self, data: GameData, unit_id: str) -> bool:
        return self.counter(data, unit_id)["type"] in MECHANIZED

    def is_artillery(self, data: GameData, unit_id: str) -> bool:
        return self.counter(data, unit_id)["type"] in ARTILLERY

    def regiment_sized(self, data: GameData, state: dict, unit_id: str) -> bool:
        """7.21: regiments and brigades (artillery brigades too); battalions and cadres (7.13) are not."""
        return self.counter(data, unit_id)["size"] not in ONE_STEP_SIZES and state["units"][unit_id]["form"] != "cadre"

    def uses_chit(self, data: GameData, state: dict, unit_id: str) -> bool:
        """8.0/8.6: regiments and brigades (kampfgruppen too, 27.22) but not artillery or cadres."""
        return self.regiment_sized(data, state, unit_id) and not self.is_artillery(data, unit_id)

    def exerts_zoc(self, data: GameData, state: dict, unit_id: str) -> bool:
        """6.1: the same units as carry chits (not cadres, artillery or battalions); 9.97
        breakthrough retreaters lose it."""
        return self.uses_chit(data, state, unit_id) and unit_id not in state["no_zoc"]

    # -- the board (pbem.kit.board) -------------------------------------------------------------
    def board(self, state: dict) -> Board:
        units = state["units"]
        return Board(units, side_of=lambda u: str(units[u]["side"]))

    def stacks(self, state: dict) -> dict[str, list[str]]:
        return self.board(state).stacks()

    def side_in(self, state: dict, hex_id: str) -> str | None:
        """Whose units are in hex_id (the two sides never share a hex, 5.21); None if empty."""
        # the sides of the units in hex_id, as board(state).sides_in(hex_id) gives them, without
        # building every stack of the board for one hex (asked thousands of times a replay)
        return next(iter(sorted({str(unit["side"]) for unit in state["units"].values() if unit["hex"] == hex_id})), None)

    def enemy_zoc(self, data: GameData, state: dict, side: str) -> set[str]:
        return kit_movement.zoc(self.grid(data), [unit["hex"] for unit_id, unit in state["units"].items()
                                                  if unit["side"] != side and self.exerts_zoc(data, state, unit_id)])

    def mud(self, state: dict) -> bool:
        return state["turn"] in state["mud_turns"]                # 24.21

    # -- what tests, the demo and the other rule groups call ------------------------------------------
    def begin_player_turn(self, data: GameData, state: dict, side: str, dice: Dice, events: list) -> None:
        turn.begin_player_turn(self, data, state, side, dice, events)

    def victory(self, data: GameData, state: dict) -> dict:
        return turn.victory(self, data, state)

    def movement_allowance(self, data: GameData, state: dict, unit_id: str) -> int:
        return movement.movement_allowance(self, data, state, unit_id)

    def entry_cost(self, data: GameData, state: dict, unit_id: str, a: str, b: str, strategic: bool = False) -> tuple[Any, str]:
        return movement.entry_cost(self, data, state, unit_id, a, b, strategic)

    def terrain_cost(self, data: GameData, state: dict, unit_id: str, hex_id: str) -> int:
        return movement.terrain_cost(self, data, state, unit_id, hex_id)

    def check_moves(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        return movement.Moves.check(self, data, state, side, orders)

    def attack_optional(self, data: GameData, state: dict, side: str, hex_id: str) -> bool:
        return combat.attack_optional(self, data, state, side, hex_id)

    def column(self, columns: list, attack: int, defence: int) -> tuple[int, Any]:
        return crt.column(columns, attack, defence)

    @staticmethod
    def parse_result(text: str) -> dict:
        return crt.parse_result(text)

    def strength(self, data: GameData, state: dict, unit_id: str, role: str | None = None) -> int:
        return chits.strength(self, data, state, unit_id, role)

    def chit(self, data: GameData, morale: Any, chit_id: str) -> dict:
        return chits.chit(data, morale, chit_id)

    def draw_chit(self, data: GameData, state: dict, unit_id: str, dice: Dice, events: list, rule: str = "8.33") -> None:
        chits.draw_chit(self, data, state, unit_id, dice, events, rule)

    def steps_available(self, data: GameData, state: dict, units: list) -> int:
        return losses.steps_available(self, data, state, units)

    def loss_plan(self, data: GameData, state: dict, order: dict) -> tuple[dict | None, str | None]:
        return losses.plan(self, data, state, order)

    # -- what players read (report.py) ---------------------------------------------------------
    position_headers = ("Hex", "Unit", "Side", "Strength chit")
    # no "allied" colour before pbem 0.3: US counters were drawn white
    side_colours = {"german": "#c4ccd6", "allied": "#d5e4b8"}
    hexside_lines = {"rhine": "rhine", "river": "river", "roer_upper": "river", "roer_lower": "river",
                     "stream": "river", "lake": "lake"}
    open_collections = ("map.hexes.<HEX>: {terrain: ...}, map.hexsides.<A|B>: [river, road, ...], "
                        "units.counters.<ID>: {...}")

    def missing_entries(self, data: GameData) -> list[tuple[str, str, Any]]:
        """Entries of the open collections the rules name but the data lacks (missing.py), for
        `pbem data missing` and `pbem data template`."""
        from .missing import missing_entries
        return missing_entries(self, data)

    def unit_label(self, data: GameData, state: dict, unit_id: str, side: str | None = None) -> str:
        return report.unit_label(self, data, state, unit_id, side)

    def unit_side(self, data: GameData, state: dict, unit_id: str) -> str:
        return str(state["units"][unit_id]["side"])

    badge_legend = report.BADGE_LEGEND

    def map_units(self, data: GameData, state: dict, side: str | None = None) -> list[MapUnit]:
        # no step pips: the steps of a tried unit are its owner's to see (8.42); the label says reduced/cadre
        return [MapUnit(u, v["hex"], self.unit_label(data, state, u, side), self.unit_side(data, state, u),
                        badges=report.map_badges(state, u))
                for u, v in sorted(state["units"].items())]

    def map_combats(self, data: GameData, state: dict, events: list) -> dict[str, str]:
        return report.map_combats(state, events)

    def map_arrows(self, data: GameData, before: dict | None, state: dict, events: list,
                   side: str | None = None) -> list[MapArrow]:
        return [MapArrow(kind, path, units) for kind, path, units in report.map_arrows(before, state, events)]

    def demo_plan(self) -> Any:
        from . import demo
        return demo.plan()

    def setup_note(self, data: GameData, state: dict) -> str | None:
        if state["units"] == {}:
            return ("no units are on the map — counters are not in the rulebook text; add them to the data "
                    "override as units.counters.ID (see `pbem data missing` and docs/data-format.md)")
        return None

    def positions(self, data: GameData, state: dict, side: str | None = None) -> list:
        return [[hex_id, unit_id, state["units"][unit_id]["side"], self.unit_label(data, state, unit_id, side)]
                for hex_id, units in sorted(self.stacks(state).items()) for unit_id in units]

    def describe(self, data: GameData, state: dict, events: list) -> list:
        return report.describe(events)


GAME = OperationGrenade()
