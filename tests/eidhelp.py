"""End of the Iron Dream test positions.

TEST DATA: the map hexes, hexsides and CRT cells below are made up for the tests (the
rulebook text does not print them); the counters are the rulebook's (28.x, 3.4) from
rules/end-of-the-iron-dream/units.yaml. A test builds a position with `position(units)` and
plays it through the public interface (GAME.check / GAME.apply)."""

from __future__ import annotations

import copy

from pbem.gamedata import apply_values, load_game_data, load_scenario
from pbem.games.end_of_the_iron_dream import GAME
from tests.dicehelp import ScriptedDice

ROWS = "PQRSTUVW"
MAP = {f"{r}{c}": {"terrain": "clear"} for r in ROWS for c in range(1, 27)}
COLUMNS = ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"]
# every clear cell "0/0" unless a test names its own (`cells=`); 5-1 die 6 is the rulebook's 1/2 (18.9)
CELLS = {col: {str(d): "0/0" for d in range(1, 7)} for col in COLUMNS}
SCENARIO = load_scenario("end-of-the-iron-dream", "iron-dream")[0]


BEHAVIOUR_3_SETUP = {
    "map.places.koenigsburg.hex": "P20",
    "positions.test.boxes": {"eto": {}, "mto": {}, "german": {}},
    "invasions.ports.port_cities": [],
    **{f"invasions.ports.opening.results.{die}": die for die in (1, 2, 3, 5, 6)},
    # test data: no reinforcement due on any turn (2.14; the WA's first file reads it, 7.1 A)
    "reinforcements.reinforcements.schedule": {},
    # test data: Trieste and Ljubljana (no Volkssturm, 25.7 A) off the test map's patch
    "map.places.trieste.hex": "A1",
    "map.places.ljubljana.hex": "A2",
    # test data: no hex of Italy's south edge on the test map (25.12 B) unless a test gives them
    "map.edges.south": [],
}


def data(hexes: dict | None = None, sides: dict | None = None, cells: dict | None = None, position: dict | None = None,
         flip: bool = False, behaviour: int = 1, extra: dict | None = None):
    """Behaviour 1 (every unit in general supply, fair weather) unless a test of the supply and
    weather rules asks for 2 (with their data in `extra`)."""
    d = load_game_data("end-of-the-iron-dream")
    d.behaviour = behaviour
    apply_values(d, values(hexes, sides, cells, position, flip, behaviour, extra), "tests/eidhelp.py", "override")
    return d


def values(hexes: dict | None = None, sides: dict | None = None, cells: dict | None = None, position: dict | None = None,
           flip: bool = False, behaviour: int = 1, extra: dict | None = None) -> dict:
    """The test data `data()` applies, as a data override's values (a campaign on disk takes them)."""
    table = copy.deepcopy(CELLS)
    for col, faces in (cells or {}).items():
        table[col].update(faces)
    return {
        **{f"map.hexes.{h}": v for h, v in {**MAP, **(hexes or {})}.items()},
        **{f"map.hexsides.{k}": v for k, v in (sides or {}).items()},
        "crt.terrain_lines.clear.columns": COLUMNS,
        **{f"crt.cells.clear.{col}": faces for col, faces in table.items() if col != "5-1"},
        **{f"crt.cells.clear.5-1.{d}": table["5-1"][d] for d in "12345"},
        "positions.test": {"units": position or {}, **({"flip": True} if flip else {})},
        # behaviour 3 reads at set-up Königsburg's hex (15.16 fortress supply), the holding boxes (7.1,
        # 7.22) and the port data (14.26, 14.27): made up here (no port city, empty boxes) unless a test
        # gives its own in `extra`
        **(BEHAVIOUR_3_SETUP if behaviour >= 3 else {}),
        "special.fortifications.at_start": {},                    # no fort printed on the test map (22.13)
        **(extra or {}),
    }


def start(position: dict, seats=("axis", "soviet", "western"), **kw):
    """The data and the state of a campaign set up from `position` ({UNIT: HEX or {hex, steps}})."""
    units = {u: (v if isinstance(v, dict) else {"hex": v}) for u, v in position.items()}
    d = data(position=units, **kw)
    state = GAME.setup(d, SCENARIO, list(seats), {"position": "test"})
    return d, state


def at(state: dict, turn: int, army: str, phase: str = "movement", **extra) -> dict:
    state = copy.deepcopy(state)
    state.update(turn=turn, army=army, phase=phase, **extra)
    return state


def play(d, state, side, orders, *faces, **by_key):
    dice = ScriptedDice(*faces, by_key=by_key or None)
    outcome = GAME.apply(d, copy.deepcopy(state), side, orders, dice)
    return outcome.state, outcome.events


def problems(d, state, side, orders):
    return [p.message for p in GAME.check(d, state, side, orders)]
