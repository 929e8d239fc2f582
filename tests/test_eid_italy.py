"""End of the Iron Dream, behaviour 3: Southern Italy (25.12), the WA port off the south edge.

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes; the WA's only port of
the position is P1 on the Atlantic (15.14 A); Italy's south edge is W19-W21 (`map.edges.south`, `map.countries.italy`
V19-W21: made up), far beyond the 12 hexes of a WA line from P1."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream.groups import theaters
from pbem.games.end_of_the_iron_dream.supply_play import sources, status
from tests.eidhelp import start
from tests.test_eid_supply_play import SUPPLY
from tests.test_eid_supply_units import KOENIGSBURG

ITALY = {"map.edges.south": ["W19", "W20", "W21"], "map.countries.italy": ["V19", "V20", "V21", "W19", "W20", "W21"]}
POSITION = {"wa-mech-2": "V20", "de-inf-1": "P10", "su-inf-3": "T25"}


def start3(extra: dict, behaviour: int = 3):
    return start(POSITION, behaviour=behaviour, hexes={"P1": {"terrain": "clear", "coast": "atlantic"}},
                 extra={**SUPPLY, **KOENIGSBURG, **extra})


def test_25_12_a_b_southern_italys_port_supplies_the_wa_through_italys_south_edge():
    """25.12 A: "At the start of the game, the WA control two ports in Italy, Rome and Southern
    Italy"; B: "Southern Italy is the portion of the Italian peninsula existing off the south edge
    of the map. It is accessible from any hex along the southern edge of Italy." wa-mech-2 at V20,
    out of reach of P1, traces GS to the edge hexes its ZOC holds (W20, W21; W19 is no neighbour of
    V20: still German), in the MTO (4.9 C). Without the edge (or in behaviour 2) it has no GS."""
    d, s = start3(ITALY)
    assert sources(d, s, "western") == ["P1", "W19", "W20", "W21"]
    assert "wa-mech-2" in status(d, s, "western").in_gs
    assert theaters(d, s, ["wa-mech-2"]) == {"mto"}
    d, s = start3({"map.edges.south": []})
    assert "wa-mech-2" in status(d, s, "western").oos
    d, s = start3(ITALY, behaviour=2)
    assert sources(d, s, "western") == ["P1"] and "wa-mech-2" in status(d, s, "western").oos


def test_25_12_b_the_south_edge_and_italy_are_the_campaigns_to_give():
    """25.12 B: the text lists neither the south edge nor Italy's hexes: unknown refuses naming the path."""
    with pytest.raises(UnknownDataError, match=r"map\.edges\.south"):
        start3({"map.edges.south": "unknown"})
