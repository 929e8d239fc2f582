"""Stargard Solstice test positions.

TEST DATA: the map (every hex clear; the tests play around columns 10-16, rows 10-16), the grid offset,
the terrain costs, the CRT cells, the counters and the chits per turn below are made up for the
tests (the rulebook text does not print them). A test builds a position with `start(units)` and
plays it through the public interface (GAME.check / GAME.apply)."""

from __future__ import annotations

import copy

from pbem.gamedata import apply_values, load_game_data, load_scenario
from pbem.games.stargard_solstice import GAME
from tests.dicehelp import ScriptedDice

# the whole map (1.2: columns 01-48, rows 01-30 in the text's ids), clear unless a test says otherwise
MAP = {f"{c:02d}{r:02d}": {"terrain": "clear"} for c in range(1, 49) for r in range(1, 31)}
COLUMNS = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]
SCENARIO = load_scenario("stargard-solstice", "campaign")[0]
CELLS = {col: {str(d): "–" for d in range(1, 7)} for col in COLUMNS}


def combat(attack, defense, hq, movement=4, steps=2, mech=False, side="german", reduced=None):
    c = {"side": side, "type": "combat", "listed_under": hq, "independent": hq is None, "attack": attack,
         "defense": defense, "movement": movement, "steps": steps, "mechanized": mech}
    if steps == 2:
        c["reduced"] = reduced or {"attack": max(attack // 2, 0), "defense": max(defense // 2, 0), "movement": movement}
    return c


HQS = ("Stell-II-HQ", "39-Pz-HQ", "3SS-PZ-HQ", "Munzel-HQ", "10SS-HQ", "2GT-HQ", "61-HQ")
# the HQs of the cup (scenario start_state) off the test block unless a test places them
HQ_HOME = {"Stell-II-HQ": "1010", "39-Pz-HQ": "1011", "3SS-PZ-HQ": "1012", "Munzel-HQ": "1013", "10SS-HQ": "1014",
           "2GT-HQ": "1616", "61-HQ": "1615"}
COUNTERS = {
    "g-pz": combat(6, 5, "3SS-PZ-HQ", movement=6, mech=True),
    "g-inf": combat(4, 4, "3SS-PZ-HQ"),
    "g-inf2": combat(4, 4, "3SS-PZ-HQ"),
    "g-far": combat(3, 3, "3SS-PZ-HQ"),
    "g-ind": combat(2, 2, None, steps=1),
    "g-39": combat(5, 5, "39-Pz-HQ"),
    "s-tank": combat(5, 4, "2GT-HQ", movement=6, mech=True, side="soviet"),
    "s-inf": combat(3, 3, "61-HQ", side="soviet"),
    "s-inf2": combat(3, 3, "61-HQ", side="soviet"),
    "s-one": combat(2, 2, "61-HQ", steps=1, side="soviet"),
}


def data(hexes=None, sides=None, cells=None, position=None, per_turn=2, values=None, hole=None):
    d = load_game_data("stargard-solstice")
    table = copy.deepcopy(CELLS)
    for col, faces in (cells or {}).items():
        table[col].update(faces)
    applied = {
        "game.hex_grid.offset": "odd-columns-down",
        **{f"map.hexes.{h}": v for h, v in {**MAP, **(hexes or {})}.items() if h != hole},
        **{f"module.hexsides.{k}": v for k, v in (sides or {}).items()},
        "terrain.hexes.clear.movement_mp": 1, "terrain.hexes.forest.movement_mp": 2,
        "terrain.hexes.village.movement_mp": 1, "terrain.hexes.city.movement_mp": 1,
        "terrain.lines.road.movement_mp": "1/2",
        "crt.columns.all": COLUMNS,
        "crt.cells": table,
        # 8.5.1: no bombardment attack whatever the BRT die (tests of bombardment write their own)
        "crt.combat.bombardment.brt.attacks_by_roll": {str(d): 0 for d in range(1, 7)},
        "crt.bombardment_cells": {str(d): "–" for d in range(1, 7)},
        "supply.sources.source_hexes.german": ["1010"],
        "supply.sources.source_hexes.soviet": ["1616"],
        **{f"units.counters.{u}": c for u, c in COUNTERS.items()},
        **{f"units.counters.{h}.command_range": 3 for h in HQS if h != "Munzel-HQ"},   # Munzel: 8 (19.1.3)
        **{f"units.counters.{h}.movement": 6 for h in HQS},
        **({f"command.per_turn_limit.by_turn.{t}.german": per_turn for t in range(1, 11)} if per_turn else {}),
        **({f"command.per_turn_limit.by_turn.{t}.soviet": per_turn for t in range(2, 11)} if per_turn else {}),
        "module.positions.test": {"units": position or {}},
        "command.chits.konstantinov_chit.exists": False,
        **(values or {}),
    }
    apply_values(d, applied, "tests/sshelp.py", "override")
    return d


def start(position: dict, **kw):
    """The data and the state of a campaign set up from `position` ({UNIT: HEX or {hex, steps}})."""
    units = {u: (v if isinstance(v, dict) else {"hex": v}) for u, v in {**HQ_HOME, **position}.items()}
    d = data(position=units, **kw)
    state = GAME.setup(d, SCENARIO, ["german", "soviet"], {"position": "test"})
    return d, state


def at(state: dict, **extra) -> dict:
    state = copy.deepcopy(state)
    state.update(extra)
    return state


def play(d, state, side, orders, *faces, **by_key):
    # the Bombardment Roll Table die (8.5.1) shows 6 unless a test scripts it (`brt/`)
    dice = ScriptedDice(*faces, by_key=by_key or None, background=("brt/",))
    outcome = GAME.apply(d, copy.deepcopy(state), side, orders, dice)
    return outcome.state, outcome.events, dice
