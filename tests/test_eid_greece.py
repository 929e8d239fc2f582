"""End of the Iron Dream, behaviour 3: the German Forces Greece box (25.4, 3.1 D).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes but W20 (mountain), W14
(rough) and W21 (clear); the south edge (`map.edges.south`) is W14, W20 and W21, Albania
(`map.countries.albania`) W14, Bulgaria W20-W21, Italy R1-R2 (all made up); the factors of de-inf-68 and
de-inf-91 (not in the text) are made up as 6-7-5 infantry corps."""

from __future__ import annotations

from pbem.games.end_of_the_iron_dream import GAME, greece
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY
from tests.test_eid_supply_units import KOENIGSBURG

CORPS = {f"units.counters.{u}.{k}": v for u in ("de-inf-68", "de-inf-91") for k, v in
         {"attack": 6, "defense": 7, "movement": 5, "reduced": {"attack": 3, "defense": 4, "movement": 5}}.items()}
EDGE = {"map.edges.south": ["W14", "W20", "W21"], "map.countries.albania": ["W14"], "map.countries.italy": ["R1", "R2"]}
HEXES = {"W20": {"terrain": "mountain"}, "W14": {"terrain": "rough"}}


def start3(position: dict, defected: int | None = 5):
    d, s = start(position, behaviour=3, hexes=HEXES, extra={**SUPPLY, **KOENIGSBURG, **CORPS, **EDGE})
    if defected is not None:
        s["victory"] = {**s.get("victory", {}), "defected": {"bulgaria": defected}}
    return d, s


def test_3_1_d_25_4_a_the_g_corps_wait_in_the_box_until_the_turn_after_bulgarias_defection():
    """3.1 D: "Place the German 68 and 91 infantry corps (marked G in their upper-left corners) in
    the German Forces Greece Box"; 25.4 A: they "may not leave there until the Operational Movement
    Phase beginning after the defection of Bulgaria has been declared (19.2.2)"."""
    order = [{"enter": "de-inf-68", "path": ["W20", "V20"]}]
    d, s = start3({"de-inf-1": "P10", "su-inf-3": "T25"}, defected=None)
    assert greece.in_box(d, s) == ["de-inf-68", "de-inf-91"]
    why = "de-inf-68 leaves the German Forces Greece box only from the Operational Movement Phase after Bulgaria's defection (25.4 A, 19.2.2)"
    assert problems(d, at(s, 6, "axis"), "axis", order) == [why]
    d, s = start3({"de-inf-1": "P10", "su-inf-3": "T25"}, defected=6)
    assert problems(d, at(s, 6, "axis"), "axis", order) == [why]
    assert problems(d, at(s, 7, "axis"), "axis", order) == []
    assert problems(d, at(s, 7, "axis"), "axis", [{"enter": "de-inf-1", "path": ["W20"]}]) == [
        "de-inf-1 is not a German corps in the German Forces Greece box (3.1 D, 25.4; other German units are placed, 7.5)"]


def test_25_4_b_on_a_rough_or_mountain_hex_of_albania_or_bulgaria_along_the_south_edge():
    """25.4 B: "place the two corps on any rough or mountain hex in Albania or Bulgaria along the
    southern edge of the map": W20 (Bulgarian mountain) and W14 (Albanian rough) yes, W21 (clear)
    and V20 (not on the edge) no, nor a hex holding enemy units (10.2)."""
    d, s = start3({"de-inf-1": "P10", "su-inf-3": "T25", "su-inf-5": "W21"})
    s = at(s, 6, "axis")
    for hex_id in ("W21", "V20"):
        assert problems(d, s, "axis", [{"enter": "de-inf-68", "path": [hex_id]}]) == [
            f"{hex_id} is not a rough or mountain hex of Albania or Bulgaria along the southern edge of the map (25.4 B)"]
    assert problems(d, s, "axis", [{"enter": "de-inf-68", "path": ["W14"]}, {"enter": "de-inf-91", "path": ["W20"]}]) == []
    d2, s2 = start3({"de-inf-1": "P10", "su-inf-3": "T25", "su-inf-5": "W20"})
    assert problems(d2, at(s2, 6, "axis"), "axis", [{"enter": "de-inf-68", "path": ["W20"]}]) == ["W20 holds enemy units (10.2)"]


def test_25_4_b_terrain_paid_ma_doubled_egs_and_as_for_the_player_turn():
    """25.4 B: "They do pay terrain costs to get on the board edge, and are considered to have EGS
    and AS throughout the player-turn of their entry. They also have their printed operational MAs
    doubled for that turn's movement": the mountain W20 costs 3 MP, then 7 clear hexes: 10 MP of
    the doubled 5; one hex more is refused."""
    d, s = start3({"de-inf-1": "P10", "su-inf-3": "T25"})
    s = at(s, 6, "axis")
    path = ["W20", "V20", "V21", "V22", "U22", "U23", "T23", "T22"]
    state, events = play(d, s, "axis", [{"enter": "de-inf-68", "path": path}])
    assert {"event": "enter", "unit": "de-inf-68", "path": path, "mp": 10,
            "via": "the German Forces Greece box (25.4 B)"} in events
    assert ("item", "de-inf-68 enters from the German Forces Greece box (25.4 B): W20 → V20 → V21 → V22 → U22 → U23 → "
            "T23 → T22 (10 MP)") in GAME.describe(d, state, events)
    assert state["units"]["de-inf-68"] == {"side": "axis", "hex": "T22", "steps": 2}
    assert {"event": "egs_over", "army": "axis", "units": ["de-inf-68"], "rule": "15.21.6"} in events
    assert greece.in_box(d, state) == ["de-inf-91"]
    assert problems(d, s, "axis", [{"enter": "de-inf-68", "path": [*path, "S22"]}]) == [
        "de-inf-68 needs 8 MP for this path but has 7 left (10.1, 10.3; 10.4 A: one hex only)"]


def test_25_4_b_as_throughout_the_player_turn_of_entry():
    """25.4 B: the entered corps have EGS and AS in that player-turn's Prepared Assault Phase: it
    assaults with no burn-off (15.22); de-inf-1 beside it, cut off from the German sources by the
    Soviet ZOCs of the made-up position, may not (15.22.1)."""
    d, s = start3({"de-inf-1": "U20", "su-inf-3": "T25", "su-inf-5": "U21"})
    state, _ = play(d, at(s, 6, "axis"), "axis", [{"enter": "de-inf-68", "path": ["W20", "V20"]}])
    assert (state["army"], state["phase"], greece.entered(state)) == ("axis", "assault", ["de-inf-68"])
    assert problems(d, state, "axis", [{"attack": "U21", "with": ["de-inf-68"]}]) == []
    assert problems(d, state, "axis", [{"attack": "U21", "with": ["de-inf-1"]}]) == [
        "de-inf-1 has no general supply and may not assault (15.22.1)"]
    assert greece.entered(at(state, 7, "axis")) == []
