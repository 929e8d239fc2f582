"""German support of prepared assaults (behaviour 3): 13.10 Baltic Sea naval gun support of a
German attack, 13.12 Führer-Mandated Offensives; and 7.5 (5), (8): the collapse ends both.

A German PA order may carry:
- `naval_guns: true` (13.10): once per game turn, against Soviet defenders in a Baltic coastal
  hex (`map.regions.baltic_sea_coastal_hexes`, the ports included): one column in the German's
  favour (`special.naval_gun_support.shift_columns`);
- `fmo: true` (13.12): the PA runs on the Alliance odds line of the CRT; it uses one FMO marker
  per attacking stack (hex), of the nine of the game (`special.fmo.markers`), each stack in
  direct overland supply to a German-controlled Ruhr City hex (the standard level traces it).

Behaviour 4: an FMO PA's order may carry `fmo_advance: {UNIT: [HEX, HEX]}` (13.12): each mech
unit of the attack advances up to two hexes (`special.fmo.mech_advance_hexes`) "into any two
non-enemy-occupied hexes", its first hex not necessarily the defender's vacated one; "if the
defender isn't first eliminated or retreated out of his hex, there is no advance at all". Like
`advance:` (11.33) it is declared with the attack (no extra round trip); a declared hex that an
enemy unit holds when the advance comes (a retreat went there), or that would be overstacked
(8.2), ends the unit's advance in the hex before it.

Not here (game.py not_enforced): the naval guns on a German defense (the German's announcement
comes during the Soviet Prepared Assault Phase, before the Soviet die: a mid-phase answer pbem
does not ask yet).
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ...kit.combat import Shift
from ..base import Problem
from .strategic import SpecialMovementRules

NAVAL = "special.naval_gun_support"
FMO = "special.fmo"
KEYS = ("naval_guns", "fmo")
ADVANCE = "fmo_advance"


class GermanSupportRules(SpecialMovementRules):
    def support_keys(self, data: GameData, order: dict) -> list[str]:
        return [k for k in KEYS if k in order] if self.plays(data, 3) else []

    def attack_problems(self, data: GameData, state: dict, army: str, order: dict, used: set[str], targets: set[str]) -> list[str]:
        keys = self.support_keys(data, order) + ([ADVANCE] if ADVANCE in order and self.plays(data, 4) else [])
        plain = {k: v for k, v in order.items() if k not in keys}
        problems = super().attack_problems(data, state, army, plain, used, targets)
        if ADVANCE in keys and not problems:
            problems += self.fmo_advance_problems(data, state, order)
        stack = self.riverine_stack(data, order)
        if stack and self.plays(data, 3):          # 13.9 mission 2: that stack attacks across its lake or all-sea hexside
            crossing = {f"{u} cannot attack across the {w} hexside (11.14)" for u in order["with"]
                        if u in state["units"] and state["units"][u]["hex"] == stack for w in ("lake", "sea")}
            problems = [p for p in problems if p not in crossing]
        return problems

    def riverine_stack(self, data: GameData, order: dict) -> str | None:
        try:
            return self.grid(data).canonical(str(order["riverine"])) if order.get("riverine") and isinstance(order.get("with"), list) else None
        except ValueError:
            return None                              # refused by riverine_problems, naming the id

    def pa_hexside(self, data: GameData, state: dict, attack: dict, unit_id: str, defender_hex: str) -> set[str]:
        """13.9 mission 2 (behaviour 3): "any one stack of Western Allied units to ... PA across any lake or
        all-sea hexside as if it were a non-Rhine river hexside"."""
        features = set(self.hexside(data, state["units"][unit_id]["hex"], defender_hex))
        if self.plays(data, 3) and {"lake", "sea"} & features and state["units"][unit_id]["hex"] == self.riverine_stack(data, attack):
            return (features - {"lake", "sea", "rhine"}) | {"river"}
        return super().pa_hexside(data, state, attack, unit_id, defender_hex)

    def check_attacks(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        problems: list[Problem] = []
        guns = markers = 0
        for index, order in enumerate(orders):
            keys = self.support_keys(data, order) if isinstance(order, dict) else []
            if not keys:
                continue
            if any(order[k] is not True for k in keys):
                problems.append(Problem(index, "`naval_guns:` and `fmo:` are `true` or left out (13.10, 13.12)"))
                continue
            if state["army"] != "german" or not isinstance(order.get("with"), list) or not isinstance(order.get("attack"), str):
                problems.append(Problem(index, "only German prepared assaults may have naval gun support or an FMO (13.10, 13.12)"))
                continue
            if "naval_guns" in keys:
                guns += 1
                reason = self.naval_gun_problem(data, state, order, guns)
                if reason:
                    problems.append(Problem(index, reason))
            if "fmo" in keys:
                hexes = sorted({state["units"][u]["hex"] for u in order["with"] if u in state["units"]})
                markers += len(hexes)
                reason = self.fmo_problem(data, state, hexes, markers)
                if reason:
                    problems.append(Problem(index, reason))
        return problems or super().check_attacks(data, state, side, orders)

    def naval_gun_problem(self, data: GameData, state: dict, order: dict, count: int) -> str | None:
        """13.10: once per game turn, against Soviet defenders in a Baltic coastal hex; 7.5 (8)."""
        if state.get("collapsed"):
            return "German naval gun support ended with the economic collapse (7.5 (8), 13.10)"
        per_turn = numbers.integer(data, f"{NAVAL}.uses_per_game_turn", "the naval guns' uses per game turn (13.10)")
        if state.get("naval_guns_turns", []).count(state["turn"]) + count > per_turn:
            return f"German naval gun support may be used {per_turn} time a game turn (13.10)"
        target = self.grid(data).canonical(order["attack"])
        defenders = self.enemies_in(data, state, target, "german")
        if not defenders or any(self.army_of(data, u) != "soviet" for u in defenders):
            return f"the naval guns support attacks against Soviet units only, not {target} (13.10)"
        if target not in self.region(data, "baltic_sea_coastal_hexes", "13.10") | self.baltic_ports(data):
            return f"the naval guns support a German attack only on Soviet defenders in a Baltic coastal hex, not {target} (13.10)"
        return None

    def fmo_problem(self, data: GameData, state: dict, hexes: list[str], markers: int) -> str | None:
        """13.12: nine markers a game, one per attacking stack, each in Ruhr supply; 7.5 (5)."""
        if state.get("collapsed"):
            return "the unused FMO markers were forfeit at the economic collapse (7.5 (5), 13.12)"
        most = numbers.integer(data, f"{FMO}.markers", "the German FMO markers (13.12)")
        if int(state.get("fmo_used", 0)) + markers > most:
            return f"the German has {most} FMO markers for the game, {most - int(state.get('fmo_used', 0))} left; this needs one per attacking stack (13.12)"
        for hex_id in hexes:
            if not self.ruhr_supplied(data, state, hex_id):
                return f"the FMO-supported stack in {hex_id} is not in direct overland supply to a German-controlled Ruhr City hex (13.12)"
        return None

    def fmo_advance_problems(self, data: GameData, state: dict, order: dict) -> list[str]:
        """13.12 (behaviour 4): `fmo_advance:` only on an FMO PA, for its mech units, not also in
        `advance:`, each a path of one or two hexes from the unit's hex, none enemy-held now."""
        paths, grid = order[ADVANCE], self.grid(data)
        most = numbers.integer(data, f"{FMO}.mech_advance_hexes", "the hexes of an FMO mech unit's advance (13.12)")
        if order.get("fmo") is not True:
            return ["`fmo_advance:` belongs to an FMO-supported PA (`fmo: true`) (13.12)"]
        if not isinstance(paths, dict) or not paths or any(not isinstance(p, list) or not 1 <= len(p) <= most for p in paths.values()):
            return [f"`fmo_advance:` maps each advancing mech unit to its path of 1 to {most} hexes (13.12)"]
        problems = []
        for unit_id, path in sorted(paths.items()):
            if unit_id not in order["with"] or unit_id in (order.get("advance") or []):
                problems.append(f"{unit_id} is not one of this attack's units, or is also in `advance:` (13.12, 11.33)")
            elif not self.is_mech(data, unit_id):
                problems.append(f"{unit_id} is not mechanized; only mech units advance two hexes after an FMO PA (13.12)")
            else:
                try:
                    hexes = [grid.canonical(str(h)) for h in path]
                except ValueError as exc:
                    problems.append(str(exc))
                    continue
                problems += [p for p in [self.fmo_step_problem(data, state, unit_id, [state["units"][unit_id]["hex"], *hexes],
                                                               grid.canonical(order["attack"]))] if p]
        return problems

    def fmo_step_problem(self, data: GameData, state: dict, unit_id: str, path: list[str], target: str) -> str | None:
        """Hex by hex, no hex twice, never across a lake or all-sea hexside or into a prohibited
        hex (10.15, 10.17); enemy-held hexes only the defender's (it must be vacated first)."""
        for a, b in zip(path, path[1:]):
            if not self.grid(data).adjacent(a, b) or b in path[:path.index(b)]:
                return f"{unit_id} advances hex by hex; {b} does not follow {a} (13.12)"
            if {"lake", "sea"} & set(self.hexside(data, a, b)) or self.terrain(data, b) == "sea" or self.prohibited(data, b):
                return f"{unit_id} may not advance across the hexside {a}-{b} (10.15, 10.17)"
            if b != target and self.enemies_in(data, state, b, "german"):
                return f"{unit_id} advances only into non-enemy-occupied hexes, not {b} (13.12)"
        return None

    def resolve(self, data: GameData, state: dict, army: str, order: dict, dice: Dice, columns: list[str]) -> dict:
        battle = super().resolve(data, state, army, order, dice, columns)
        if self.plays(data, 4) and order.get(ADVANCE):
            grid = self.grid(data)
            battle[ADVANCE] = {u: [grid.canonical(str(h)) for h in p] for u, p in sorted(order[ADVANCE].items())}
        return battle

    def advance_after_combat(self, data: GameData, state: dict, battle: dict, events: list, dice: Dice | None = None) -> None:
        super().advance_after_combat(data, state, battle, events, dice)
        if not battle.get(ADVANCE) or self.enemies_in(data, state, battle["hex"], battle["army"]):
            return                                    # 13.12: no advance at all unless the hex was vacated
        for unit_id, path in sorted(battle[ADVANCE].items()):
            if unit_id not in state["units"]:
                continue
            walked = [state["units"][unit_id]["hex"]]
            for hex_id in path:
                if self.enemies_in(data, state, hex_id, "german") or \
                        self.stacking_problem(data, self.stacks(state).get(hex_id, []) + [unit_id]):
                    break                             # it stops in the hex before (8.2, 13.12)
                state["units"][unit_id]["hex"] = hex_id
                walked.append(hex_id)
                self.enter_hex(data, state, hex_id, "german", events, dice)
            self.note_german_path(data, state, walked, events)                  # 3.11: across the Dvina
            events.append({"event": "fmo_advance", "unit": unit_id, "path": walked, "declared": list(path), "rule": "13.12"})

    def odds_line(self, order: dict, army: str) -> str:
        return "alliance" if order.get("fmo") is True and army == "german" else super().odds_line(order, army)      # 13.12

    def column_shifts(self, data: GameData, state: dict, attack: dict, defender_hex: str, army: str) -> list[Shift]:
        shifts = super().column_shifts(data, state, attack, defender_hex, army)
        if attack.get("naval_guns") is True and army == "german":                  # 13.10
            path = f"{NAVAL}.shift_columns"
            shifts.append(Shift(numbers.integer(data, path, "the naval guns' column shift (13.10)"), "naval gun support",
                                data.provenance(path).removeprefix("rule ")))
        return shifts

    def apply_assaults(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events: list[dict] = []
        if self.plays(data, 3):
            turn = state["turn"]
            for order in orders:
                if order.get("naval_guns") is True:
                    state["naval_guns_turns"] = [*state.get("naval_guns_turns", []), turn]
                if order.get("fmo") is True:
                    hexes = sorted({state["units"][u]["hex"] for u in order["with"]})
                    state["fmo_used"] = int(state.get("fmo_used", 0)) + len(hexes)
                    events.append({"event": "fmo", "hex": self.grid(data).canonical(order["attack"]), "markers": len(hexes),
                                   "left": numbers.integer(data, f"{FMO}.markers", "the German FMO markers (13.12)") - state["fmo_used"],
                                   "rule": "13.12"})
        return events + super().apply_assaults(data, state, side, orders, dice)

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == "fmo_advance":
                stopped = "" if event["path"][1:] == event["declared"] else f" (declared {' → '.join(event['declared'])}: stopped, 8.2/13.12)"
                blocks.append(("item", f"{event['unit']} advances after the FMO PA: {' → '.join(event['path'])}{stopped} (13.12)"))
            elif event["event"] == "fmo":
                blocks.append(("item", f"Führer-Mandated Offensive on {event['hex']}: {event['markers']} FMO marker(s) used, "
                                       f"{event['left']} left; the Alliance odds line (13.12)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
