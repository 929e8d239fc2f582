"""Stargard Solstice 14.0 victory on the test data of tests/sshelp.py (every hex clear): the VP
hexes change hands (14.1, 14.1.1), the Soviet player picks up the marker's side of the date
(1.5.5, 14.3.1), Arnswalde and Bahn relieved (14.1.2), the count and the level (14.3)."""

from pbem.games.stargard_solstice import GAME
from tests.sshelp import at, play, start

# Stargard (1714, 3/1 VP, 14.3.1): s-tank of the 2nd Guards Tank Army next to it
POSITION = {"2GT-HQ": "1616", "s-tank": "1715", "s-inf": "1614", "3SS-PZ-HQ": "1212", "g-pz": "1313"}


def soviet_moving(**kw):
    d, s = start(POSITION, **kw)
    return d, at(s, phase="movement", active="soviet", hq="2GT-HQ", hq_hex="1616", activated=["s-tank"], moved=[])


def test_14_1_a_soviet_unit_entering_a_vp_hex_picks_up_its_marker_with_the_side_of_the_date():
    """14.1 "When a Soviet combat unit (not an HQ) enters a VP hex, the Soviet player picks up the
    VP marker with its correct side showing (according to the marker's historical capture
    date)": the higher value (3) up to the capture turn. The turn is on the marker (1.5.5)."""
    d, s = soviet_moving()
    move = [{"move": "s-tank", "path": ["1714"]}]
    assert "`victory.vp_hexes.capture_turns.stargard`" in GAME.check(d, s, "soviet", move)[0].message
    d, _ = soviet_moving(values={"victory.vp_hexes.capture_turns.stargard": 5})
    s2, events, _ = play(d, s, "soviet", move)
    assert events[1] == {"event": "vp_hex", "town": "stargard", "hex": "1714", "side": "soviet", "vp": 3}
    assert s2["vp"]["stargard"] == "soviet" and s2["vp_held"] == {"stargard": 3}
    s3, events, _ = play(d, at(s, turn=6), "soviet", move)
    assert s3["vp_held"] == {"stargard": 1}                           # after the capture turn: the lower value


def test_14_1_1_a_unit_without_a_zoc_or_defence_does_not_take_a_vp_hex_and_hqs_never():
    d, s = soviet_moving(values={"victory.vp_hexes.capture_turns.stargard": 5})
    s2, events, _ = play(d, s, "soviet", [{"move": "2GT-HQ", "path": ["1715", "1714"]}])
    assert s2["vp"]["stargard"] == "german" and [e["event"] for e in events] == ["move", "movement_over"]


def test_14_1_2_arnswalde_relieved_only_by_an_ezoc_free_line():
    """14.1.2 "If the German player at any point in the game successfully establishes an
    EZOC-free supply line into those cities, flip the VP marker from its higher VP total to its
    lower one": checked in the VP marker segment (2.6.1); a Soviet unit next to Arnswalde (2608)
    blocks it, friendly units notwithstanding."""
    d, s = start({**POSITION, "s-one": "2507", "g-far": "2608"})
    s, events, _ = play(d, at(s, phase="supply", turn=5), "german", [])
    assert {"event": "relieved", "town": "bahn", "rule": "14.1.2"} in events
    assert "arnswalde" not in s["relieved"] and "bahn" in s["relieved"]


def test_14_3_after_the_last_turn_the_soviet_vps_give_the_level():
    """14.3: 5-6 VPs are a Minor Soviet Victory."""
    d, s = start(POSITION)
    s = at(s, phase="supply", turn=10, vp_held={"stargard": 3, "pyritz": 2})
    s, events, _ = play(d, s, "german", [])
    assert events[-2:] == [{"event": "game_over", "turn": 10, "rule": "14.3"},
                           {"event": "victory", "vp": 5, "level": "Minor Soviet Victory", "rule": "14.3"}]
    assert GAME.awaiting(s).done
