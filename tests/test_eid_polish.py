"""End of the Iron Dream, behaviour 3: the Polish 2nd Corps (25.6).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes, made-up CRT cells (0/0);
the counter wa-x-P2's factors are not in the text (3.11 prints no factors): made up here as a
7-7-6 armor corps; the WA trace their supply to V6 (a made-up port on the Atlantic)."""

from __future__ import annotations

from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import BEACH, SUPPLY
from tests.test_eid_supply_units import KOENIGSBURG

P2 = {"type": "armor", "attack": 7, "defense": 7, "movement": 6, "reduced": {"attack": 4, "defense": 4, "movement": 6}}
AS = {"supply": "wa-su-1", "hexes": ["U6"]}                                          # 15.22 (behaviour 3)
WHY = "wa-x-P2, the Polish 2nd Corps, may not assault on Turns 19 and 20 (25.6)"


def start3(behaviour: int = 3):
    return start({"wa-x-P2": "U6", "wa-mech-2": "U6", "wa-su-1": "U6", "de-inf-1": "T6", "su-inf-3": "T25"},
                 behaviour=behaviour, hexes={"V6": {"terrain": "clear", "coast": "atlantic"}},
                 extra={**SUPPLY, **KOENIGSBURG, **BEACH, "units.counters.wa-x-P2": P2})


def test_25_6_the_polish_2nd_corps_makes_no_prepared_assault_on_turns_19_and_20():
    """25.6: "The tan colored Polish 2nd Corps may not assault on Turns 19 and 20." Turn 18 and 21
    it may; wa-mech-2 beside it may on any turn."""
    d, s = start3()
    orders = [AS, {"attack": "T6", "with": ["wa-x-P2", "wa-mech-2"]}]
    for turn in (19, 20):
        assert problems(d, at(s, turn, "western", "assault"), "western", orders) == [WHY]
    for turn in (18, 21):
        assert problems(d, at(s, turn, "western", "assault"), "western", orders) == []
    assert problems(d, at(s, 19, "western", "assault"), "western", [AS, {"attack": "T6", "with": ["wa-mech-2"]}]) == []
    _, events = play(d, at(s, 21, "western", "assault"), "western", orders, 1)
    assert next(e for e in events if e["event"] == "assault")["attackers"] == ["wa-x-P2", "wa-mech-2"]


def test_25_6_nor_a_mobile_assault_and_behaviour_2_keeps_it_free():
    """25.6 in the Operational Movement Phase: no mobile assault on Turn 20 (11.0); a behaviour-2
    campaign does not play 25.6."""
    d, s = start3()
    order = [{"assault": "T6", "with": ["wa-x-P2"]}]
    assert problems(d, at(s, 20, "western"), "western", order) == [WHY]
    assert problems(d, at(s, 22, "western"), "western", order) == []
    d2, s2 = start3(behaviour=2)
    assert problems(d2, at(s2, 20, "western"), "western", order) == []
