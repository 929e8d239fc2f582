"""End of the Iron Dream, behaviour 3: 26.6.5 A the Hook of Holland as clear for the Axis.

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes, rows X-Z added from
column 13 to 20; the panzer corps' factors are made up; the Hook's five hexes are the rulebook's (26.6.5 A, map.yaml) and marsh."""

from __future__ import annotations

from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY

HOOK = ("X13", "Y13", "Y14", "Z13", "Z14")
NORTH = {f"{r}{c}": {"terrain": "marsh" if f"{r}{c}" in HOOK else "clear"} for r in "XYZ" for c in range(13, 21)}


# made up for the tests: 28.2 does not print the panzer corps' factors
PANZER = {"units.counters.de-pz-3": {"attack": 10, "defense": 8, "movement": 7, "reduced": {"attack": 5, "defense": 4, "movement": 7}}}


def start3(position: dict, behaviour: int = 3):
    d, s = start(position, behaviour=behaviour, extra={**SUPPLY, **PANZER}, hexes=NORTH)
    return d, at(s, 2, "axis")


def test_26_6_5_a_the_axis_moves_into_the_hook_as_clear_while_it_holds_all_five_hexes():
    """26.6.5 A: "While all five remain Axis controlled territory, the Axis may treat them as clear
    hexes for all purposes": a German corps enters Y14 and Z13 for 1 MP each (marsh: 3, 10.6)."""
    d, s = start3({"de-inf-1": "Y15"})
    state, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["Y15", "Y14", "Z13"]}])
    assert events[0]["mp"] == 2 and state["units"]["de-inf-1"]["hex"] == "Z13"
    d2, s2 = start3({"de-inf-1": "Y15"}, behaviour=2)
    _, events = play(d2, s2, "axis", [{"move": "de-inf-1", "path": ["Y15", "Y14"]}])
    assert events[0]["mp"] == 3                                           # behaviour 2: printed marsh (kept)


def test_26_6_5_a_marsh_again_once_a_hook_hex_is_lost_or_an_alliance_unit_entered_it():
    """26.6.5 A: only "while all five remain Axis controlled"; 26.6.5 B: "The instant an Alliance
    unit attempts to move or assault into any of those hexes, they all permanently become marsh"
    (victory.hook records it)."""
    d, s = start3({"de-inf-1": "Y15"})
    s["control"]["X13"] = "western"                                     # its last holder (4.1 A)
    _, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["Y15", "Y14"]}])
    assert events[0]["mp"] == 3
    d, s = start3({"de-inf-1": "Y15"})
    s["victory"]["hook"] = "soviet"
    _, events = play(d, s, "axis", [{"move": "de-inf-1", "path": ["Y15", "Y14"]}])
    assert events[0]["mp"] == 3


def test_26_6_5_a_a_mobile_assault_out_of_the_hook_as_clear():
    """11.2 B: mobile assaults are never launched out of marsh hexes; 26.6.5 A: the Hook is clear
    for the Axis while it holds all five, so the panzer in Y14 assaults the WA corps in Y15."""
    d, s = start3({"de-pz-3": "Y14", "wa-mech-2": "Y15"})
    assert problems(d, s, "axis", [{"assault": "Y15", "with": ["de-pz-3"]}]) == []
    s["victory"]["hook"] = "western"
    assert problems(d, s, "axis", [{"assault": "Y15", "with": ["de-pz-3"]}]) == [
        "mobile assaults are never launched out of marsh hexes like Y14 (11.2 B)"]
