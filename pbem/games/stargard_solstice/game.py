"""Stargard Solstice (1.0-19.0), on the hex-wargame kit.

Rule numbers refer to ../shared/rulebooks/stargard-solstice.txt. Every number comes from
rules/stargard-solstice/*.yaml or the campaign's data override; a missing one refuses naming
its data path, before any die is rolled.

The sequence of play (2.0) is one table (`StargardSolstice.table`). A turn opens with the
random event roll (2.2); then the shared chit cup drives the Command Phase (2.3, 3.1): every
draw is a die of the step's committed dice over the chits in the cup, and the drawn chit makes
its owner the active player, so each entry's awaited side is worked out from the state after
the draw (`state["active"]`, the pending combat's side). Orders and what is enforced:
docs/stargard-solstice.md.
"""

from __future__ import annotations

from typing import Any

from ...errors import PbemError
from ...gamedata import GameData, unwrap
from ...hexgrid import GridSpec
from ...kit.orders import each_order, ids_as_text
from ...kit.sequence import Phase, SequencedGame
from ..base import DemoPlan, MapArrow, MapUnit
from . import air, bombard, combat, cup, hqs, losses, movement, reinforcements, replacements, report, setup, soviet_rp, supply, tettau
from . import withdrawal
from .common import SIDES, behaviour, combat_units, facts, grid, hexes, other
from .hidden import StargardHidden

NOT_ENFORCED = (     # what a campaign created now (behaviour 4) leaves to the players; older revisions: docs/upgrading.md
    "12.4, 2.5.2 Volksturm redeployment: the text does not define where a Volksturm unit may be placed — \"They may "
    "not be placed behind the Soviet front line\" (12.4; 2.5.2 \"behind Soviet lines\"): no rule says where that "
    "line runs; and \"German-controlled town or city hex\": control is defined only for VP hexes (14.1.1); a lost "
    "Volksturm unit waits in the Volksturm box (12.4) and is not redeployed",
    "1.2.1, 5.2.6, 5.3.1 \"destroy units forced off the map\" (into a water hex, across an impassable hexside): "
    "a retreat that cannot go on for these is read as 9.4 reads any (units retreat only where regular movement "
    "could go; one step lost per hex the stack cannot retreat): the text does not say which rule applies when "
    "both do; a move off the map is refused (5.7)",
)

FOG_OFF = ("1.1.4 fog of war is the campaign option `fog=true`, not chosen here: saves and reports show "
           "every unit of every stack")
FOG_ON = ("1.1.4 under fog (`fog=true`), pbem's readings: HQs, Festungs and, once Defend the Reich has occurred, its "
          "withdrawing divisions are never hidden (every activation measures from its HQ in the open, 3.3.3; 12.3; 19.1.3 "
          "counts them at the turn end); a stack opened by an attack stays shown until its owner's next Movement segment, "
          "and reinforcements until then; the defender's best retreat routes (9.2) count hidden friendly units only in the "
          "hexes its answer names; 14.2.2 reads the supply of the units shown; the Soviet Replacement Segment opens on each "
          "of turns 4-8 (a reduced unit may be hidden); optional 16.3 is refused with fog; a withdrawing unit of Defend the "
          "Reich still hidden since the event is opened by the German's Supply Phase file, an opening the Soviet's machine "
          "cannot require (it does not know which hidden units withdraw): until the German's private part is checked, "
          "the count of 19.1.3/14.3.2 rests on the German's machine")
OPTIONAL_RULES = ("16.1", "16.2", "16.3", "16.4")      # 16.0: optional rules pbem plays, when both players agree
TEXT_FIELDS = ("move", "activate", "attack", "advance", "hq", "place", "at", "relocate", "to", "ground", "replace",
               "enter", "overstack", "rebuild", "withdraw", "chit")


def _ids_as_text(order: dict) -> dict:
    return ids_as_text(order, TEXT_FIELDS, ("path", "with", "steps"), ("retreat",), lists_in_fields=False)


class StargardSolstice(SequencedGame):
    id = "stargard-solstice"
    game_over_rule = "14.0"
    not_enforced = NOT_ENFORCED
    behaviour = 4              # 2: the supply_checked event and the command_over "why" (the report's wording);
    behaviours = (1, 2, 3, 4)  # 3: rail movement (5.5, 3.1.5, 19.1.3), strategic movement on entry (7.1.1), Roll-Bahns
                               # (5.4); 12.6/16.1 the hidden chit withdrawal and its 14.1 VPs (option `withdrawal`); 1.1.4 fog;
                               # 4 (pbem 0.7.0): 5.7 a move into a hex off the map is refused (not asked for as data)

    def __init__(self) -> None:
        self.sequence = self.table()
        self.hidden = StargardHidden(self)     # 12.6, 16.1 (campaign option `withdrawal`, behaviour 3)

    def table(self) -> tuple[Phase, ...]:
        """2.0: the random event roll, then the Command Phase's draws and segments (2.3)."""
        def entry(key: str, rulebook: str, kind: str, awaited: Any, check: Any, apply: Any, then: str,
                  keys: set[str], opponents: Any = None) -> Phase:
            return Phase(key, rulebook, kind, awaited, self.label, self.template_for, check, apply, then,
                         opponents, frozenset(keys))

        return (
            entry("placement", "Set-up: the placing player puts each unit of its \"within 1 of\" groups (15.1, 15.2); "
                  "the German first", "orders", self.placing_seat, setup.check_placement, setup.apply_placement,
                  "the Soviet groups, then turn 1 (15.0)", {"place", "at"}),
            entry("random_event", "Random Event Phase: the 1d6 roll on the random event table (2.2, 19.0); then the "
                  "first chit is drawn (2.3.1: on turn 1 the 3rd SS Panzer Corps chit)", "orders", self.german_seat,
                  cup.check_event, cup.apply_event, "the active player's HQ pick (special chit) or Movement segment",
                  set()),
            entry("bombard", "Bombardment: the bombarding player names its targets (8.5, 19.1.1, 19.1.2)", "orders",
                  self.bombarding_seat, bombard.check_bombard, bombard.apply_bombard, "each target's die on the "
                  "bombardment column; then the first chit is drawn (2.3.1)", {"bombard"}),
            entry("ground", "Aborted air operation: each player grounds one air unit (19.1.10)", "response",
                  self.grounding_seat, air.check_ground, air.apply_ground, "the other player's choice; then the first "
                  "chit is drawn (2.3.1)", {"ground"}),
            entry("replace", "A replacement point of a random event: its owner names the unit it rebuilds (19.1.11, "
                  "19.1.13)", "response", self.replacing_seat, replacements.check_replace, replacements.apply_replace,
                  "the other player's choice; then the first chit is drawn (2.3.1)", {"replace"}),
            entry("tettau", "Corps Tettau enters: the German player enters and moves its units (19.1.5)", "orders",
                  self.german_seat, tettau.check_entry, tettau.apply_entry, "the Soviet 2nd Guards Cavalry Corps",
                  {"enter", "at", "move", "path", "overstack", "to", "on_top", "strategic", "rail"}),
            entry("cavalry", "The Soviet player enters and moves the 2nd Guards Cavalry Corps (19.1.5)", "response",
                  self.soviet_seat, tettau.check_entry, tettau.apply_entry, "the Tettau chit joins the cup; the first "
                  "chit is drawn (2.3.1)", {"enter", "at", "move", "path", "overstack", "to", "on_top", "strategic", "rail"}),
            entry("withdraw", "Command Phase, before the first draw: the Soviet player may withdraw a Soviet chit, hidden "
                  "from the German player (12.6 turns 8-9; 16.1 turns 2-3)", "orders", self.soviet_seat,
                  withdrawal.check_withdraw, withdrawal.apply_withdraw, "the first draw (a withdrawal: the Soviet's "
                  "next file; none: at once, 2.3.1)", {"withdraw", "order"}),
            entry("draw", "Command Phase: the first chit is drawn after the withdrawal (2.3.1, 12.6, 16.1)", "orders",
                  self.soviet_seat, check_draw, apply_draw, "the drawn chit's owner acts", set()),
            entry("name_chit", "A Soviet slot drawn while a chit is withdrawn: the Soviet names the chit at that slot "
                  "of its committed order (3.1.1, 12.6, 16.1)", "response", self.soviet_seat, withdrawal.check_name,
                  withdrawal.apply_name, "the chit is played as drawn (3.1.1-3.1.3)", {"chit"}),
            entry("return_chit", "The Command Phase is over: the withdrawn chit goes back, opened (12.6, 16.1, 2.6.2)",
                  "response", self.soviet_seat, withdrawal.check_return, withdrawal.apply_return,
                  "the Supply Phase (2.4)", set()),
            entry("pick_hq", "A special chit drawn: its owner picks the HQ it activates (3.1.4, 3.1.5)", "orders",
                  self.active_seat, cup.check_pick, cup.apply_pick, "the Movement segment (2.3.2)", {"hq"}),
            entry("movement", "Movement segment of the activated HQ (2.3.2, 3.3, 4.0-6.0)", "orders", self.active_seat,
                  movement.check_movement, movement.apply_movement, "the Combat segment (2.3.3)",
                  {"move", "path", "activate", "strategic", "rail", "exit", "on_top"}),
            entry("combat", "Combat segment: one attack per file, advances after combat first (2.3.3, 8.0, 10.0)",
                  "orders", self.active_seat, combat.check_combat, combat.apply_combat,
                  "a result with a choice waits for its owner (8.6, 9.0); an empty file ends the segment and the "
                  "next chit is drawn (2.3.3); no chit left: the Supply Phase (2.4)", {"attack", "with", "advance", "path", "air"}),
            entry("attacker_answer", "The attacker takes its part of a double result first: losses, retreat (8.1.1, "
                  "8.6, 9.0)", "orders", self.answering_seat, losses.check_answer, losses.apply_answer,
                  "the defender's part, then the Combat segment goes on", {"steps", "retreat"}),
            entry("defender_answer", "The defender takes its result: first-loss ties and further losses (8.6), "
                  "retreat route (9.0)", "response", self.answering_seat, losses.check_answer, losses.apply_answer,
                  "the attacker's advance and next attack (10.0, 2.3.3)", {"steps", "retreat"},
                  self.attacker_reveals),
            entry("relocate", "An HQ's owner relocates it (12.2.1, 12.2.2)", "response", self.relocating_seat,
                  hqs.check_relocation, hqs.apply_relocation, "the phase it interrupted goes on", {"relocate", "to"}),
            entry("supply", "Supply Phase: pbem traces every unit's supply line (2.4, 11.0)", "orders", self.german_seat,
                  supply.check_supply, supply.apply_supply, "the Reinforcement Phase, the German's first "
                  "(2.5); then the Soviet Replacement Segment (2.5.1, turns 4-8), the turn end (2.6) and the next turn's "
                  "random event roll",
                  set()),
            entry("reinforce", "Reinforcement Phase: each player enters and moves its reinforcements, the German first "
                  "(2.5, 7.0, 7.1)", "orders", self.reinforcing_seat, reinforcements.check_reinforce,
                  reinforcements.apply_reinforce, "the other player's reinforcements; then the Soviet Replacement Segment "
                  "(2.5.1, turns 4-8) and the turn end (2.6)",
                  {"enter", "at", "move", "path", "overstack", "to", "on_top", "strategic", "rail"}),
            entry("soviet_replacements", "Soviet Replacement Segment, turns 4-8: the Soviet player rebuilds steps "
                  "with the turn's replacement points (2.5.1, 7.3)", "orders", self.soviet_seat,
                  soviet_rp.check_replacements, soviet_rp.apply_replacements, "the turn end (2.6)", {"rebuild", "at"}),
        )

    # -- seats ---------------------------------------------------------------------------
    def seats(self, scenario: dict) -> list[list[str]]:
        """15.0: two players, German and Soviet."""
        return [list(SIDES)]

    def reinforcing_seat(self, state: dict) -> str:
        return str(state["reinforcing"][0])

    def bombarding_seat(self, state: dict) -> str:
        return str(state["bombard"]["side"])

    def replacing_seat(self, state: dict) -> str:
        return str(state["replacing"][0]["side"])

    def grounding_seat(self, state: dict) -> str:
        return str(state["grounding"][0])

    def relocating_seat(self, state: dict) -> str:
        return str(state["units"][state["relocations"][0]["hq"]]["side"])

    def placing_seat(self, state: dict) -> str:
        return str(state["placing"])

    def german_seat(self, state: dict) -> str:
        """2.2.1: either player rolls; pbem asks the German player (the roll needs the Soviet reveal)."""
        return "german"

    def soviet_seat(self, state: dict) -> str:
        return "soviet"

    def active_seat(self, state: dict) -> str:
        """3.1.1: the owner of the drawn chit is the active player."""
        return str(state["active"])

    def answering_seat(self, state: dict) -> str:
        return str(state["pending"]["queue"][0]["side"])

    def attacker_reveals(self, state: dict) -> tuple:
        return (other(self.answering_seat(state)),)

    def label(self, state: dict) -> str:
        if state["phase"] == "placement":
            return f"Set-up: the {state['placing'].capitalize()} \"within 1 of\" groups (15.1, 15.2)"
        names = {"random_event": "random event roll", "pick_hq": f"{state['chit']} chit: HQ to activate",
                 "movement": f"{state['hq']} movement", "combat": f"{state['hq']} combat",
                 "attacker_answer": "attacker's result", "defender_answer": "defender's result"}
        if state["phase"] == "supply":
            return f"Turn {state['turn']} Supply Phase (2.4)"
        if state["phase"] in ("withdraw", "draw", "name_chit", "return_chit"):
            rule = "12.6, 16.1" if state["phase"] == "withdraw" else state["withdrawal"]["rule"]
            what = {"withdraw": f"Soviet chit withdrawal ({rule})", "draw": f"first draw after the withdrawal ({rule})",
                    "name_chit": f"Soviet names the chit of slot {state.get('slot', {}).get('slot')} ({rule})",
                    "return_chit": f"the withdrawn chit goes back ({rule})"}[state["phase"]]
            return f"Turn {state['turn']} {what}"
        if state["phase"] in ("tettau", "cavalry"):
            return f"Turn {state['turn']} {'Corps Tettau' if state['phase'] == 'tettau' else '2nd Guards Cavalry Corps'} enters (19.1.5)"
        if state["phase"] == "soviet_replacements":
            return f"Turn {state['turn']} Soviet Replacement Segment (2.5.1, 7.3)"
        if state["phase"] == "reinforce":
            return f"Turn {state['turn']} {self.reinforcing_seat(state).capitalize()} reinforcements (2.5, 7.0)"
        if state["phase"] == "bombard":
            item = state["bombard"]
            return f"Turn {state['turn']} {item['side'].capitalize()} bombardment: {item['attacks']} attack(s) ({item['rule']})"
        if state["phase"] == "replace":
            item = state["replacing"][0]
            return f"Turn {state['turn']} {item['side'].capitalize()} replacement point ({item['rule']})"
        if state["phase"] == "ground":
            return f"Turn {state['turn']} {self.grounding_seat(state).capitalize()} air unit to ground (19.1.10)"
        if state["phase"] == "relocate":
            hq = state["relocations"][0]["hq"]
            return f"Turn {state['turn']} {self.relocating_seat(state).capitalize()} relocation of {hq} (12.2.2)"
        side = "German" if state["phase"] == "random_event" else str(
            self.answering_seat(state) if state["phase"].endswith("answer") else state["active"]).capitalize()
        where = f" at {state['pending']['hex']}" if state["phase"].endswith("answer") else ""
        return f"Turn {state['turn']} {side} {names[state['phase']]}{where}"

    # -- options and set-up ------------------------------------------------------------------
    def options(self, given: dict) -> dict:
        """`position=NAME`: start from module.positions.NAME of the data instead of the 15.1/15.2
        set-up; `optional=16.2,16.4`: the optional rules both players agree on (16.0);
        `errata.ID=CHOICE`: a reading (rules/stargard-solstice/readings.yaml); `withdrawal=true`
        (recorded in every new campaign, behaviour 3): 12.6 and 16.1 played with the chit hidden."""
        errata = dict(given.get("errata") or {})
        errata.update({k.removeprefix("errata."): v for k, v in given.items() if k.startswith("errata.")})
        unknown = sorted(k for k in given if k not in ("position", "optional", "errata", "withdrawal", "fog")
                         and not k.startswith("errata."))
        if unknown:
            raise PbemError(f"unknown Stargard Solstice option(s): {', '.join(unknown)} (known: position, optional, "
                            "withdrawal, fog, errata.ID)")
        chosen: dict[str, Any] = {"position": str(given["position"])} if "position" in given else {}
        hidden = str(given.get("withdrawal", "true")).lower()
        if hidden not in ("true", "false"):
            raise PbemError(f"option withdrawal must be true or false, not {hidden!r}")
        if "optional" in given:
            listed = given["optional"]
            rules = sorted({str(r) for r in (listed.split(",") if isinstance(listed, str) else listed) if str(r)})
            bad = [r for r in rules if r not in OPTIONAL_RULES]
            if bad:
                raise PbemError(f"optional rule(s) {', '.join(bad)}: pbem plays {', '.join(OPTIONAL_RULES)}")
            if "16.1" in rules and hidden != "true":
                raise PbemError("optional rule 16.1 withdraws a hidden chit: it needs withdrawal=true (12.6)")
            chosen["optional"] = rules
        if errata:
            chosen["errata"] = errata
        chosen["withdrawal"] = hidden == "true"       # 12.6, 16.1 (behaviour 3); absent in older campaigns
        if "fog" in given:                            # 1.1.4 (behaviour 3), recorded only when given
            fog = str(given["fog"]).lower()
            if fog not in ("true", "false"):
                raise PbemError(f"option fog must be true or false, not {fog!r}")
            chosen["fog"] = fog == "true"
            if chosen["fog"] and "16.3" in chosen.get("optional", []):
                raise PbemError("options fog=true and optional 16.3 cannot be played together: 16.3 exchanges the 234/77 "
                                "for the 234/80 in the open, wherever it stands, which fog of war (1.1.4) may hide")
        return chosen

    def not_enforced_for(self, options: dict) -> list:
        chosen = [*self.not_enforced, FOG_ON if options.get("fog") is True else FOG_OFF]
        if options.get("withdrawal") is False:
            chosen.append("12.6 Zhukov's Report is not played: the campaign chose withdrawal=false (the withdrawn chit is "
                          "hidden on the hidden-information core, which the group chose not to use)")
        return chosen

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        chosen = self.options(options or {})
        if "withdrawal" not in (options or {}):       # a campaign begun before behaviour 3: as it was recorded
            chosen.pop("withdrawal")
            chosen.pop("fog", None)
        return setup.start(data, scenario, chosen)

    def normalise_orders(self, orders: Any) -> Any:
        return each_order(orders, _ids_as_text)

    def known_ids(self, data: GameData, state: dict) -> dict:
        return {"unit": list(state["units"]) + [d["unit"] for d in state["dead"]],
                "hex": list(hexes(data)) + [u["hex"] for u in state["units"].values()]}

    def after_step(self, data: GameData, state: dict, events: list) -> None:
        """14.2.2: a Soviet combat unit in supply in a Stettin victory hex ends the game at once."""
        if state.get("game_over"):
            return
        for hex_id in sorted({u["hex"] for u in state["units"].values()}):
            if not unwrap(facts(data, hex_id).get("stettin_victory_hex", False)):
                continue
            holders = [u for u in combat_units(data, state, hex_id, "soviet") if state["units"][u]["supply"] == "in"]
            if holders:
                state["game_over"] = True
                events.append({"event": "sudden_death", "hex": hex_id, "units": holders, "rule": "14.2.2"})
                return

    # -- templates -----------------------------------------------------------------------------
    def template_for(self, data: GameData, state: dict, side: str) -> dict:
        notes = {"reinforce": reinforcements.ENTER, "bombard": "`bombard: [UNIT, ...]` the targets (8.5.1)",
                 "replace": "`replace: UNIT` (19.1.11, 19.1.13)", "ground": "`ground: AIR UNIT` (19.1.10)", "relocate": hqs.RELOCATE,
                 "supply": "send an empty file: pbem traces every unit's supply line (2.4, 11.0)", "placement": setup.PLACE,
                 "soviet_replacements": soviet_rp.REBUILD, "tettau": reinforcements.ENTER + " (19.1.5)",
                 "cavalry": reinforcements.ENTER + " (19.1.5)",
                 "random_event": "send an empty file: pbem rolls the random event (2.2.1) and draws the first chit",
                 "pick_hq": "`hq: UNIT` the HQ this special chit activates (3.1.4, 3.1.5)",
                 "movement": movement.MOVE, "withdraw": withdrawal.WITHDRAW,
                 "draw": "send an empty file: pbem draws the first chit (2.3.1)",
                 "name_chit": f"`chit: CHIT` the chit at slot {state.get('slot', {}).get('slot')} of the order you committed "
                              "to (12.6, 16.1)",
                 "return_chit": "send an empty file: `pbem sign` opens the withdrawn chit from your private part (12.6, 16.1)",
                 "combat": combat.ATTACK + "; before it `advance: UNIT, path: [HEX, ...]` (10.0)",
                 "attacker_answer": losses.ANSWER, "defender_answer": losses.ANSWER}[state["phase"]]
        extra = []
        if state["phase"] in ("movement", "combat"):
            extra = [f"activated by {state['hq']}: {', '.join(state['activated']) or 'none'} (3.3)"]
        if state["phase"] in ("reinforce", "tettau", "cavalry") and behaviour(data, 3):
            extra = ["`rail: true` on `enter` places a unit along the rail lines from its entry point (5.5.1); on "
                     "`move` it moves by rail (5.5)" + ("" if state["phase"] != "reinforce" else
                                                        "; `strategic: true` on `move` along roads (5.4, 7.1.1)")]
        if state["phase"] == "reinforce":
            extra += [f"{u}: enter at {', '.join(reinforcements.where(data, state, side, u))}"
                     for u in reinforcements.arrivals(data, state, side)]
        if state["phase"] in ("tettau", "cavalry"):
            extra += [f"{u}: enter at {', '.join(reinforcements.where(data, state, side, u, hexes))}, {steps} step(s)"
                     for u, (steps, hexes) in sorted(tettau.arriving(state).items())]
        if state["phase"] == "withdraw":
            extra = [f"Soviet chits in the cup: {', '.join(withdrawal.soviet_cup(data, state))} (12.6, 16.1)",
                     withdrawal.shuffled_note(data, state)]
        if state["phase"] == "placement":
            extra = [f"{', '.join(g['units'])}: within {g['within']} of {g['of']} ({g['rule']})"
                     for g in setup.groups_of(state, side)]
        if state["phase"].endswith("answer"):
            part = state["pending"]["queue"][0]
            extra = [f"{part['steps']} step(s), {part['retreat']} hex(es) of retreat for {', '.join(part['units'])}"]
        orders: list = []
        if state["phase"] == "name_chit" and withdrawal.slot_chit(data, state) is not None:
            orders = [{"chit": withdrawal.slot_chit(data, state)}]     # the Soviet's own machine knows its order
            extra = [f"slot {state['slot']['slot']} of your committed order is {orders[0]['chit']}: sign this file as it is"]
        return {"orders": orders, "notes": [notes, *extra]}

    # -- what players see ----------------------------------------------------------------------
    def grid(self, data: GameData) -> GridSpec:
        return grid(data)

    position_headers = ("Hex", "Unit", "Side", "Steps")
    side_colours = {"german": "#c4ccd6", "soviet": "#e8a0a0"}
    hexside_lines = {"major_river": "rhine", "minor_river": "river", "impassable": "sea"}
    badge_legend = {"P": "pinned (8.1.2)"}
    open_collections = ("map.hexes.<CCRR>: {terrain: clear|forest|swamp|village|town|city|restrictive|water}, "
                        "module.hexsides.<A|B> (A before B): [minor_river, major_river, bridge, impassable, road, trail, roll_bahn, railway], "
                        "units.counters.<UNIT> factors, module.positions.<NAME>.units, crt.cells.<COLUMN>.<DIE>")

    def unit_side(self, data: GameData, state: dict, unit_id: str) -> str:
        return str(state["units"][unit_id]["side"])

    def unit_label(self, data: GameData, state: dict, unit_id: str, side: str | None = None) -> str:
        return report.label(data, state, unit_id)

    def map_units(self, data: GameData, state: dict, side: str | None = None) -> list[MapUnit]:
        return report.map_units(data, state)

    def map_combats(self, data: GameData, state: dict, events: list) -> dict[str, str]:
        return report.map_combats(state, events)

    def map_arrows(self, data: GameData, before: dict | None, state: dict, events: list,
                   side: str | None = None) -> list[MapArrow]:
        return [MapArrow(kind, path, units) for kind, path, units in report.map_arrows(events)]

    def positions(self, data: GameData, state: dict, side: str | None = None) -> list:
        return report.positions(data, state)

    def describe(self, data: GameData, state: dict, events: list) -> list:
        return report.describe(events)

    def demo_plan(self) -> DemoPlan:
        from . import demo
        return demo.plan()


def check_draw(data: GameData, state: dict, side: str, orders: list) -> list:
    from ..base import Problem
    if orders:
        return [Problem(0, "the draw takes no orders: send an empty file (2.3.1)")]
    cup.draw_problems(data, state)
    return []


def apply_draw(data: GameData, state: dict, side: str, orders: list, dice: Any) -> list[dict]:
    events: list[dict] = []
    cup.first_draw(data, state, events, dice)
    return events


GAME = StargardSolstice()
