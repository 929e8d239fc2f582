"""The Smithereens game module: the sequence of play (5.2, 5.3, 3.10) as one table, and the
order forms players write."""

from collections.abc import Callable
from typing import Any

from ...dice import fair_reveals
from ...gamedata import GameData
from ...kit.orders import as_text, each_order
from ...kit.sequence import Phase
from ..base import Awaiting, DemoPlan
from .components import camp
from .fog import FOG_OFF, SmithereensFog
from .wwiii import WorldWarThreeRules

# the set-up codes each placement names in its label (the rules read them from game.placement.codes)
PLACEMENT_LABELS = {"german": "A and AS", "soviet": "M"}
# Hex ids and unit ids players may write unquoted (`attack: 2516`)
TEXT_FIELDS = ("move", "enter", "replace", "place", "at", "attack", "assault", "battle", "declare_fortress", "riverine", "thunderclap", "airdrop",
               "strategic", "embark", "transfer", "land", "airdrop_supply", "airdrop_keeper", "naval_guns")
TEXT_LISTS = ("path", "with", "advance", "losses", "bombers")


def _ids_as_text(order: dict) -> dict:
    for key in TEXT_FIELDS:
        if key in order:
            order[key] = as_text(order[key])
    for key in TEXT_LISTS:
        if isinstance(order.get(key), list):
            order[key] = [as_text(v) for v in order[key]]
    retreat = order.get("retreat")
    if isinstance(retreat, dict):       # a hex, or the hexes of an extra retreat (11.27)
        order["retreat"] = {k: [as_text(h) for h in v] if isinstance(v, list) else as_text(v) for k, v in retreat.items()}
    elif "retreat" in order:
        order["retreat"] = as_text(retreat)
    if isinstance(order.get("fmo_advance"), dict):      # 13.12: {UNIT: [HEX, HEX]}
        order["fmo_advance"] = {as_text(k): [as_text(h) for h in v] if isinstance(v, list) else v
                                for k, v in order["fmo_advance"].items()}
    return order


def normalise_orders(orders: Any) -> Any:
    """Hex ids and unit ids as text: a player may write `attack: 2516` without quotes."""
    return each_order(orders, _ids_as_text)


class Smithereens(WorldWarThreeRules):
    id = "smithereens"
    # 2: a phase without a choice passes by itself (kit.sequence PASSES); 1: it awaits signed orders.
    # 3: special movement 10.27-10.35 (strategic.py): `strategic:`, `embark:`, `transfer:` orders,
    # the `redeploy` step after the Prepared Assault Phase, 10.27 (2) Italian MFs, 10.34 ports lost;
    # German PA `naval_guns:` (13.10) and `fmo:` (13.12) (support.py); `airdrop_supply:` (6.10, airdrop.py).
    # 4: 13.12 the FMO mech units' two-hex advance (`fmo_advance:`, support.py); 13.10 the naval guns on a
    # German defense, the German's `naval_guns:` answer before the Soviet PA's die (naval.py); 11.19 declarations
    # for the next Soviet or Western player turn in the German movement or PA orders (`player_turn:`, fortress.py); 13.9
    # mission 2's move across a lake or all-sea hexside (`riverine: true` on a Western move) and mission 3's supply
    # across one (`riverine_supply: "HEX|HEX"`, riverine.py); 13.8 Operation Thunderclap (`thunderclap: HEX` in the
    # Soviet movement orders; the city a rough non-city hex for every map lookup, thunderclap.py); 13.1-13.3 1AAA drops
    # (`airdrop: HEX` with `with:` in the Western movement orders) and the 9.6 Group Steiner entry they set off (airborne.py);
    # 13.5-13.6 tactical air on prepared assaults at the standard level (`air:`; the answers, tactical.py, tactical_german.py).
    # 5: 12.6/12.18 tactical air with mobile assaults (`air:` on an `assault:` order; the other side's answer before
    # the first round's die, tactical_mobile.py); the standard level's header lists what it really leaves out; 11.19
    # declarations for the player turns of Game Turn 2 in the German set-up placement orders (fortress.py).
    # 6 (pbem 0.7.0): 9.13 no replacement step for a Yugoslav partisan band, and a reclaimed Yugoslav unit re-enters
    # via an Alliance-controlled city in Yugoslavia (none, no reclaiming) (replacements.py, movement.py); 13.14 the
    # surviving Hungarian units removed the instant Budapest becomes Alliance controlled (control.py).
    behaviour = 6
    behaviours = (2, 3, 4, 5, 6)    # 1 (pbem 0.3.x) is no longer played: see docs/upgrading.md
    game_over_rule = "4.4"
    not_enforced = (
        FOG_OFF,
        "6.x supply, 7.x economic collapse and 12.x mobile assaults: the beginner level skips them (5.1, 6.0 and "
        "7.0 Beginners Notes; campaign option level=standard plays them)",
        "13.11 National Redoubt: the marker goes to a \"German-controlled mountain hex\" within four hexes of Munich, "
        "but the text gives control at the start for city hexes only (3.9: hex control \"is only important for city "
        "hexes\"; the German controls \"all cities in and within his various front lines\"), so which mountain hexes "
        "are German-controlled it does not say; the group places the marker and counts its 2 VP (4.4) by agreement",
        "11.19 a fortress declaration for the start of the Soviet (or Western) player turn of Game Turn 2 when the "
        "campaign's counters give the German no A or AS unit to place (3.6) and his Prepared Assault Phase of Game "
        "Turn 1 passes by itself (3.10, 11.1): no German file comes before that player turn, and asking for one would "
        "add a message (behaviour 5: the German set-up placement orders carry such declarations; every later Soviet "
        "or Western player turn is declared for with `player_turn:` in the German movement or prepared assault "
        "orders, enforced)",
        "10.29/10.35 a unit off the map that finds no legal hex to come back to: the text does not say what befalls it "
        "(the special movement step refuses until the group settles it)",
        "3.12 the Italian Front (at least six Western Allied corps in Italy until the collapse or no supplied "
        "German-side unit is left there, or the game is forfeit): not adjudicated yet, it needs the hexes of Italy "
        "(printed on the map, `map.regions.italy.hexes`) and a forfeit beside 4.4's count; the group checks it",
        "5.5 more than three players: pbem seats two or three (1.2); a larger group shares those seats",
    )

    def __init__(self) -> None:
        self.hidden = SmithereensFog(self)       # 11.7 fog of war (campaign option `fog`, on by default)
        # The sequence of play (5.2, 5.3): each player turn (Soviet, Western, German) is a
        # Movement Phase then a Prepared Assault Phase; the defender answers mid-phase.
        self.sequence = (
            Phase("placement", "Set-up placement of the A, AS and M units (3.6, 3.7)", "orders",
                  awaited=self.phasing_seat, label=self.placement_label, template=self.placement_template,
                  check=self.check_placement, apply=self.apply_placement, opponents=self.reveal_seats,
                  then="the German places his A and AS units, then the Soviet his M units; then Game Turn 1 "
                       "begins with the German Prepared Assault Phase (3.10)"),
            Phase("movement", "Movement Phase: take replacements, enter reinforcements, move (5.3 steps 1-3; 9.0, 10.0)", "orders",
                  awaited=self.phasing_seat, label=self.movement_label, template=self.movement_template,
                  check=self.check_movement, apply=self.apply_movement, opponents=self.reveal_seats,
                  then="the same army's Prepared Assault Phase (5.2); a mobile assault (12.2) ends its file: the "
                       "defender's step losses where he has a choice (12.13, 11.30), then the mover goes on (12.9, 12.10)"),
            Phase("ma_response", "Step losses from a mobile assault (12.13, 11.30)", "response",
                  awaited=self.ma_defender_seat, label=self.ma_answer_label, template=self.ma_response_template,
                  check=self.check_ma_response, apply=self.apply_ma_response, opponents=self.attacker_seats,
                  then="the interrupted Movement Phase goes on: the assaulters go on moving if the hex is cleared "
                       "(12.9), else the mover runs another round or ends their movement (12.10)"),
            Phase("ogs", "Group Steiner enters next to Berlin (9.6)", "response",
                  awaited=self.german_seat, label=self.ogs_label, template=self.ogs_template,
                  check=self.check_ogs, apply=self.apply_ogs, opponents=self.attacker_seats,
                  then="the interrupted Movement Phase goes on, the stopped unit with the MPs it has left (9.6)"),
            Phase("flak", "The Flak Korps enter at the German economic collapse (9.6)", "response",
                  awaited=self.german_seat, label=self.flak_label, template=self.flak_template,
                  check=self.check_flak, apply=self.apply_flak, opponents=self.german_opponents,
                  then="the step awaited before the collapse goes on (7.3)"),
            Phase("assault", "Prepared Assault Phase (5.3; 11.0)", "orders",
                  awaited=self.phasing_seat, label=self.turn_label("prepared assaults"), template=self.assault_template,
                  check=self.check_attacks, apply=self.apply_assaults, no_choice=self.assault_without_choice,
                  opponents=self.reveal_seats,
                  then="the defender's loss choices where he has one (11.25, 11.30); else the next player turn "
                       "in the order Soviet, Western, German (5.2), and after the last German player turn, victory (4.4)"),
            Phase("naval", "German naval gun and tactical air support of a defense against Soviet PAs (13.10, 13.5, 13.6)", "response",
                  awaited=self.german_seat, label=self.naval_label, template=self.naval_template,
                  check=self.check_naval, apply=self.apply_naval, opponents=self.attacker_seats,
                  then="the Soviet battles are resolved in the order given (11.23, 11.24); then the loss choices"),
            Phase("air", "Tactical air on German prepared assaults against Soviet units, Soviet first (13.5, 13.6)", "response",
                  awaited=self.air_seat, label=self.air_label, template=self.air_template,
                  check=self.check_air, apply=self.apply_air, opponents=self.air_opponents,
                  then="the German's Fw190s if he has one left, then the battles in the order given (11.23, 11.24)"),
            # a die rolled while answering (e.g. Antwerp taken by an advance, 6.9) needs the
            # attacker's reveal too: no roll may rest on one party's secret alone
            Phase("response", "Loss points taken as steps or retreats, then advances (11.24-11.33)", "response",
                  awaited=self.defender_seat, label=self.turn_label("loss choices"), template=self.response_template,
                  check=self.check_response, apply=self.apply_responses, opponents=self.attacker_seats,
                  then="the next player turn (5.2); after the last German player turn, victory (4.4)"),
            Phase("redeploy", "End of strategic, Baltic Sea and inter-theater movement (5.3; 10.29, 10.31, 10.35)", "orders",
                  awaited=self.phasing_seat, label=self.redeploy_label, template=self.redeploy_template,
                  check=self.check_redeploy, apply=self.apply_redeploy, opponents=self.reveal_seats,
                  then="the units off the map come back after the Prepared Assault Phase: strategic movement's, then "
                       "the landings (10.31); then the next player turn (5.2)"),
        )

    # -- who is awaited, and the labels saves record --------------------------------------
    def phasing_seat(self, state: dict) -> str:
        return self.seat_of(state, state["army"])

    def defender_seat(self, state: dict) -> str:
        return str(state["pending"][0]["defender_seat"])

    def reveal_seats(self, state: dict) -> tuple:
        """Whose reveal the phasing side's roll needs: three players, one seat of the other camp
        (pbem.dice.fair_reveals: the German's roll needs one Alliance seat, the Soviet's or the
        Western's the German's alone, never the ally's); a campaign made before `reveals: camp`
        keeps every other seat (docs/dice.md)."""
        mover = self.phasing_seat(state)
        if state.get("reveals") != "camp":
            return tuple(sorted(s for s in state["seats"] if s != mover))
        return fair_reveals(mover, {s: camp(s) for s in state["seats"]})

    def german_opponents(self, state: dict) -> tuple:
        return fair_reveals(self.german_seat(state), {s: camp(s) for s in state["seats"]})

    def attacker_seats(self, state: dict) -> tuple:
        return (self.phasing_seat(state),)

    def placement_label(self, state: dict) -> str:
        army = state["army"]
        if "wwiii" in state:
            return f"Set-up: {'Allied' if army == 'western' else 'Soviet'} deployment (14.2)"
        return f"Set-up: {army.capitalize()} {PLACEMENT_LABELS[army]} units ({'3.6' if army == 'german' else '3.7'})"

    @staticmethod
    def turn_label(name: str) -> Callable[[dict], str]:
        def label(state: dict) -> str:
            return f"Turn {state['turn']} {state['army'].capitalize()} {name}"
        return label

    def awaiting(self, state: dict) -> Awaiting:
        if self.game_over(state):        # saves record this label as it always was
            return Awaiting(side="", kind="none", phase="game over", done=True)
        return super().awaiting(state)

    def normalise_orders(self, orders: Any) -> Any:
        return normalise_orders(orders)

    def after_step(self, data: GameData, state: dict, events: list) -> None:
        self.check_collapse(data, state, events)      # 7.3: the instant a trigger occurs (here: the end of the step)
        self.flak_entry(data, state, events)          # 9.6: then the Flak Korps enter
        if "wwiii" in state:
            self.guerrillas_return(data, state, events)   # 14.11

    def known_ids(self, data: GameData, state: dict) -> dict:
        counters = data.get("units.counters", "the unit counters")
        return {"unit": [k for k in counters if k not in ("open", "printed_on", "rule")],
                "hex": [*self.hexes(data), *(unit["hex"] for unit in state["units"].values())]}

    def canonical_orders(self, data: GameData, state: dict, side: str | None, orders: list) -> list:
        """One form per meaning, for the dice seed: hex ids in their preferred spelling, `advance:`
        as a set (an empty one dropped), `with:` as a set with the loss order made explicit
        (11.30: it defaults to the order of `with:`, and the order of losses does matter)."""
        grid = self.grid(data)

        def hex_of(value: Any) -> Any:
            try:
                return grid.canonical(value) if isinstance(value, str) else value
            except ValueError:
                return value           # refused by check(); the seed is never drawn for it

        canonical = []
        for order in normalise_orders(orders):      # unquoted ids as text first
            if not isinstance(order, dict):
                canonical.append(order)
                continue
            for key in ("attack", "assault", "battle", "at", "riverine", "airdrop_supply", "naval_guns", "thunderclap", "airdrop"):
                if key in order:
                    order[key] = hex_of(order[key])
            if isinstance(order.get("path"), list):
                order["path"] = [hex_of(h) for h in order["path"]]
            if isinstance(order.get("fmo_advance"), dict):        # 13.12
                order["fmo_advance"] = {k: [hex_of(h) for h in v] if isinstance(v, list) else v for k, v in order["fmo_advance"].items()}
            if ("attack" in order or "assault" in order) and isinstance(order.get("with"), list):      # 12.16: losses too
                order.setdefault("losses", list(order["with"]))
                order["with"] = sorted(order["with"], key=str)
                if order.get("advance") == []:
                    del order["advance"]
                elif isinstance(order.get("advance"), list):
                    order["advance"] = sorted(order["advance"], key=str)
            canonical.append(order)
        return canonical

    def demo_plan(self) -> DemoPlan:
        from . import demo
        return demo.plan()


GAME = Smithereens()
