"""The Operation Grenade demonstration campaign (`pbem demo --game operation-grenade`, bundled as
examples/operation-grenade-demo/campaign) and the benchmarks' long-game policy.

Demonstration only: the declarations, Game-Turns One and Two and the Allied Player-Turn of Game-Turn
Three (with an attacker-chosen path of retreat, 9.97) on the made-up data of examples/operation-grenade-demo/, the strength chits dealt in secret (behaviour
3, 8.31-8.52); every answer is chosen from what is legal.
"""

from typing import Any, cast

from ...errors import PbemError
from ..base import DemoPlan
from . import answers as combat_answers
from . import retreats, rhine, support

SEATS = ("allied", "german")
BENCH_TURNS = 16         # the benchmark plays the declarations and every Game-Turn (16 at most, 28.0)


def grenade_attacks(campaign, state: dict) -> list:
    """The attacks 9.11/9.12 oblige: each unit in contact attacks all the enemy hexes next to it
    that no other attack engages (9.21), together with the units that face exactly the same
    hexes, one regiment per hex (7.21), and no hex twice (9.14)."""
    game, data = campaign.game, campaign.data
    grid, side = game.grid(data), state["side"]
    combats: dict = {}
    for unit_id, unit in sorted(state["units"].items()):
        if unit["side"] != side or game.attack_optional(data, state, side, unit["hex"]):
            continue
        targets = tuple(sorted(h for h in grid.neighbours(unit["hex"]) if game.side_in(state, h) not in (None, side)
                               and "rhine" not in game.hexside(data, unit["hex"], h)))   # 22.11, 22.12
        if not targets:
            continue
        _join(campaign, state, combats.setdefault(targets, []), [unit_id])
    attacks = _once(campaign, state, combats)
    return [{"attack": list(hexes) if len(hexes) > 1 else hexes[0], "with": units} for hexes, units in attacks.items()]


def _join(campaign, state: dict, members: list, units: list) -> None:
    """7.21: a regiment whose hex-mate regiment already fights this combat sits it out (a cadre or
    battalion beside it is no regiment)."""
    game, data = campaign.game, campaign.data
    for unit_id in units:
        here = state["units"][unit_id]["hex"]
        if game.regiment_sized(data, state, unit_id) and any(
                state["units"][m]["hex"] == here and game.regiment_sized(data, state, m) for m in members):
            continue
        members.append(unit_id)


def _once(campaign, state: dict, combats: dict) -> dict:
    """9.14: each hex attacked once. The groups facing fewer hexes attack first; a later group
    attacks the hexes next to it that no attack engages yet (9.21), or, if none is left, joins an
    attack on hexes all next to it (9.12, 9.25)."""
    engaged: set = set()
    kept: dict = {}
    for targets in sorted(combats, key=lambda t: (len(t), t)):
        rest = tuple(h for h in targets if h not in engaged)
        joinable = [t for t in kept if set(t) <= set(targets)]
        join = rest or (joinable[0] if joinable else ())
        if join:
            _join(campaign, state, kept.setdefault(join, []), combats[targets])
            engaged.update(join)
    return kept


# Operation Grenade: the declarations (17.0, 18.0) and Game-Turn One, both player-turns.
GRENADE_ORDERS = [
    ("german", [{"flood": "gradual_flood"}]),
    ("allied", [{"d_day": "1945-02-23"}]),
    ("allied", [{"move": "13/8/7", "path": ["0108", "0109"]},
                {"move": "28/8/7", "path": ["0108", "0208", "0209"]}]),
    ("allied", [{"attack": "0110", "with": ["13/8/7"], "advance": ["13/8/7"]},
                {"attack": "0310", "with": ["28/8/7"]}]),
    ("german", []),
    ("german", grenade_attacks),
    # Game-Turn 2 (in the mud, 24.22): 13/8/7 and 28/8/7 stay in the German ZOCs (6.32); 413/104/7
    # steps into the woods of 0309 and attacks 0310 with 28/8/7, drawing its first chit (8.33, 8.41)
    ("allied", [{"move": "413/104/7", "path": ["0308", "0309"]}]),
    ("allied", [{"attack": "0110", "with": ["13/8/7"]}, {"attack": "0310", "with": ["28/8/7", "413/104/7"]}]),
    # the German Player-Turn: no move; 942/353/58 attacks as 9.11 obliges
    ("german", []),
    ("german", grenade_attacks),
    # Game-Turn 3 (mud): 414/104/7 joins the attack on 0110 from 0209 and 415/104/7 steps into 0309, so
    # that every regiment of the 104th is next to the cadre in 0310 (9.41 divisional integrity, one
    # regiment attacking from each hex, 7.21); the roll there is a bold result (9.97 path of retreat)
    ("allied", [{"move": "414/104/7", "path": ["0308", "0208", "0209"]}, {"move": "415/104/7", "path": ["0308", "0309"]}]),
    ("allied", grenade_attacks),
]


def grenade_response(campaign, state: dict) -> list:
    """An Operation Grenade answer: the first regiment offered to defend (7.22) with any artillery
    support it may call (9.64); for losses,
    steps from the units the rules take them from first (9.86, 9.87) for German units holding
    an entrenchment or town, the longest legal retreat for everyone else."""
    game, data = campaign.game, campaign.data
    choice = state["awaiting_choice"]
    if choice["kind"] == "bridge":                 # 22.21: the German attempts every bridge
        return [{"bridge": name, "attempt": True} for name in choice["bridges"]]
    if choice["kind"] == "place":                  # 21.12: the first legal placement
        legal = rhine.placements(game, data, state, choice["town"], len(choice["units"]))
        return [{"place": unit_id, "at": hex_id} for unit_id, hex_id in zip(sorted(choice["units"]), legal[0])]
    if choice["kind"] == "defend":                 # the first regiment offered, and artillery where it may call one
        by_label, used, answers = {c["hex"]: c for c in state["combats"]}, set(), []
        for due in choice["combats"]:
            combat = by_label[due["combat"]]
            guns = [g for g in support.artillery_options(game, data, state, choice["side"], combat,
                                                         support.defending_stack(game, state, combat)) if g not in used]
            answer = {"defend": due["combat"], "artillery": guns[:1]}
            used.update(guns[:1])
            if due["options"]:
                answer["with"] = {h: units[0] for h, units in due["options"].items()}
            answers.append(answer)
        return answers
    combat = state["combats"][0]
    if choice["kind"] == "path":                   # 9.97: the attacker's first legal full-length path per hex
        defender = "german" if choice["side"] == "allied" else "allied"
        zoc = game.enemy_zoc(data, state, defender)
        held = sorted({state["units"][u]["hex"] for u in combat["defenders"] if u in state["units"]})
        flexible = combat["result"]["D"]["flexible"]
        chosen = {h: retreats.legal_paths(game, data, state, defender, h, flexible, zoc)[0] for h in held}
        return [{"combat": choice["hex"], "retreat": chosen[held[0]] if len(held) == 1 else chosen}]
    if choice["kind"] == "advance":                # 9.95: each unit one hex, into the vacated hex
        options = combat_answers.advance_options(game, data, state, combat, choice["side"])
        if options is None:
            return []
        first = sorted(options["paths"])[:1]
        orders = [{"advance": u, "path": [v]} for u in options["units"] for v in first]
        return [o for o in orders if combat_answers.advance_order_problem(             # 9.95, 9.96: legal steps only
            game, data, state, choice["side"], options, o, set()) is None]
    loss = combat["result"][choice["result"]]
    units = combat["attackers"] if choice["result"] == "A" else combat["defenders"]
    starts = sorted({state["units"][u]["hex"] for u in units if u in state["units"]})
    grid = game.grid(data)
    hold = choice["side"] == "german" and all(game.attack_optional(data, state, "german", h) for h in starts)
    for hexes in (range(0, loss["flexible"] + 1) if hold else range(loss["flexible"], -1, -1)):
        paths = {start: _retreat_path(game, data, state, choice["side"], start, hexes, grid) for start in starts} if hexes else {}
        if any(p is None for p in paths.values()):
            continue
        for count in range(0, 12):
            order = {"combat": choice["hex"], "losses": _losses(game, data, state, units, starts, count)}
            if paths:
                order["retreat"] = paths[starts[0]] if len(starts) == 1 else paths
            try:
                chosen, _ = game.loss_plan(data, state, order)
            except PbemError:
                continue
            if chosen is not None:
                return [order]
    raise PbemError("demo: no legal loss/retreat answer found")


def _retreat_path(game, data, state, side, start, hexes, grid) -> list | None:
    """The first retreat of `hexes` hexes that 9.91's priorities allow, or None."""
    allowed = retreats.allowed_paths(game, data, state, side, start, hexes, game.enemy_zoc(data, state, side))
    return allowed[0] if allowed else None


def _losses(game, data, state, participants, starts, count) -> list:
    """`count` steps: tanks among the participants first (9.87), then participants (9.86), then hex-mates."""
    alive = [u for u in participants if u in state["units"]]
    mates = [u for h in starts for u in game.stacks(state).get(h, []) if u not in alive]
    order = [u for u in alive if game.counter(data, u)["type"] == "tank"] + [u for u in alive if game.counter(data, u)["type"] != "tank"] + mates
    left = {u: game.steps_available(data, state, [u]) for u in order}
    losses: list[str] = []
    for unit_id in order:
        while left[unit_id] and len(losses) < count:
            losses.append(unit_id)
            left[unit_id] -= 1
    return losses


def excess(game, data, state) -> list:
    """7.11: `eliminate:` orders for the units beyond the stacking limit in the side's hexes (after a
    retreat into a full hex, 9.93), the last-listed units of each hex."""
    limit = int(data.get("game.stacking.max_units_per_hex", "7.11"))
    return [{"eliminate": u} for units in game.stacks(state).values()
            if state["units"][units[0]]["side"] == state["side"] for u in sorted(units)[limit:]]


def grenade_moves(game, data, state, rng):
    """Up to 12 legal one-hex moves; a move that sets off a German roll (21.11, 22.21) ends the list;
    the excess of an overstacked hex is eliminated (7.11) and its units stay."""
    orders = excess(game, data, state)
    crowded = {state["units"][o["eliminate"]]["hex"] for o in orders}
    grid = game.grid(data)
    units = [u for u, v in sorted(state["units"].items()) if v["side"] == state["side"] and u not in state["moved"]
             and v["hex"] not in crowded]
    rng.shuffle(units)
    for unit_id in units[:12]:
        here = state["units"][unit_id]["hex"]
        options = [h for h in grid.neighbours(here) if game.on_map(data, h) and simple_contact(game, data, state, unit_id, h)]
        rng.shuffle(options)
        for target in options:
            trial = orders + [{"move": unit_id, "path": [here, target]}]
            try:
                if not game.check(data, state, state["side"], trial):
                    orders = trial
                    break
            except PbemError:
                continue
        if orders and "path" in orders[-1] and rhine.triggers(game, data, state, state["side"], orders[-1]["path"][-1]):
            break
    return orders


def simple_contact(game, data, state, unit_id, target) -> bool:
    """Benchmark policy: a move makes at most one contact, with an enemy hex no other friendly stack
    touches, so the attacks 9.11/9.21 oblige stay one combat per enemy hex."""
    grid, side = game.grid(data), state["side"]
    enemies = [h for h in grid.neighbours(target) if game.side_in(state, h) not in (None, side)]
    if len(enemies) > 1:
        return False
    here = state["units"][unit_id]["hex"]
    return not enemies or not any(game.side_in(state, n) == side and n not in (target, here) for n in grid.neighbours(enemies[0]))


def bench_orders(campaign, waiting: dict, state: dict, rng) -> list | None:
    """Random legal one-hex moves, the attacks 9.11/9.12 oblige and the demo's answers to every
    pause, for BENCH_TURNS Game-Turns (None: the benchmark's game ends)."""
    if state["turn"] > BENCH_TURNS:
        return None
    if waiting["kind"] == "response":
        return grenade_response(campaign, state)
    if state["phase"] == "flood":
        return [{"flood": "gradual_flood"}]
    if state["phase"] == "d_day":
        return [{"d_day": "1945-02-19"}]
    if state["phase"] == "movement":
        return grenade_moves(campaign.game, campaign.data, state, rng)
    return grenade_attacks(campaign, state)


def plan() -> DemoPlan:
    return DemoPlan("operation-grenade-demo", "operation-grenade", SEATS, "Operation Grenade demo (demonstration data)",
                    GRENADE_ORDERS, grenade_response, cast(Any, bench_orders))
