"""End of the Iron Dream, behaviour 2: the German economy in play — liberation of the secondary
economic hexes (4.8, 16.6 A), the collapse in any player-turn (16.7) and the Axis answer placing
the 12th Army (25.9 B) and the Alpenfestung (26.6.6 A); the collapse's effect on German supply
(16.8, 16.9).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): Ploesti W20, Nagykanizsa W18,
Munich R10 with the mountain hexes Q10, R9, R11 next to it; the 12th Army's counter (28.2 prints
no line for it) is stood in for by de-inf-50's."""

from __future__ import annotations

import pytest

from pbem.errors import UnknownDataError
from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY, start2

MOUNTAINS = {"Q10": {"terrain": "mountain"}, "R9": {"terrain": "mountain"}, "R11": {"terrain": "mountain"}}
# two hexes from Berlin, German-controlled: not T23 nor the hexes next to it, which the Soviet army
# held (4.1 A priorities 1-3)
RING_2 = ["R20", "R21", "R22", "S20", "T19", "U20", "V20", "V21", "V22"]


def berlin_falls(seats=("axis", "soviet", "western")):
    """The Soviet army enters Berlin (T21) in the Soviet Turn 2 Operational Movement Phase."""
    d, s = start({"su-inf-3": "T23", "de-inf-1": "P2"}, seats=seats, behaviour=2, hexes=MOUNTAINS, extra=SUPPLY)
    seat = "alliance" if "alliance" in seats else "soviet"
    s, events = play(d, at(s, 2, "soviet"), seat, [{"move": "su-inf-3", "path": ["T23", "T22", "T21"]}])
    return d, s, events


def test_16_7_losing_berlin_collapses_the_economy_and_germany_answers_in_the_soviet_turn():
    """16.7: "If Germany loses control of either Berlin or the Ruhr hex ... German economic collapse
    occurs irreversibly"; 16.8, 26.6.6 A, 25.9 B: Germany places the Alpenfestung next to Munich
    and the 12th Army on the clear German-controlled hex nearest Berlin (its choice among equals),
    a signed answer in the middle of the Soviet player-turn, which then goes on (its Prepared
    Assault Phase, without an enemy in reach, passes; after the Shock Front Creation Phase, 5.3.7,
    the Axis Turn 3 begins)."""
    d, s, events = berlin_falls()
    assert {"event": "collapse", "turn": 2, "rule": "16.7, 16.8"} in events
    assert s["phase"] == "collapse" and s["economy"]["collapsed"] == 2
    waiting = GAME.awaiting(s)
    assert waiting.side == "axis" and waiting.kind == "response"
    assert s["collapse"]["twelfth_army"] == RING_2 and s["collapse"]["alpenfestung"] == ["Q10", "R11", "R9"]
    assert problems(d, s, "axis", [{"twelfth_army": "T10", "alpenfestung": "Q10"}]) == [
        f"the 12th Army goes on the clear German-controlled hex nearest Berlin: {', '.join(RING_2)}, not T10 (25.9 B)"]
    assert problems(d, s, "axis", [{"twelfth_army": "T19", "alpenfestung": "S10"}]) == [
        "the Alpenfestung may not go in S10; allowed: Q10, R11, R9 (26.6.6 A)"]
    s, events = play(d, s, "axis", [{"twelfth_army": "T19", "alpenfestung": "Q10"}])
    assert s["units"]["de-inf-50"] == {"side": "axis", "hex": "T19", "steps": 2} and s["alpenfestung"] == "Q10"
    assert {"event": "placed", "unit": "de-inf-50", "hex": "T19", "why": "the 12th Army at the collapse (25.9 B)"} in events
    assert s["phase"] == "shock_front" and "collapse" not in s           # 5.3.7 comes after the Terminal Supply Check
    s, events = play(d, s, "soviet", [])
    assert s["turn"] == 3 and s["army"] == "axis" and s["phase"] == "movement"


def test_16_8_after_the_collapse_german_lines_have_no_source():
    """16.8: "German sources of GS and EGS are reduced to the SUs actually on board ... and the
    Berlin hex itself"; 16.9: only units actually in Berlin have GS (SUs are not on the map): the
    corps in P2 is OOS at the next Axis Initial Supply Check."""
    d, s, _ = berlin_falls()
    s, _ = play(d, s, "axis", [{"twelfth_army": "T19", "alpenfestung": "Q10"}])
    s, events = play(d, s, "soviet", [])                                # no Shock Front (5.3.7)
    assert s["army"] == "axis" and s["turn"] == 3
    assert {"event": "supply_check", "check": "initial", "army": "axis", "oos": ["de-inf-1", "de-inf-50"]} in events


def test_4_8_16_6_a_a_secondary_hex_the_alliance_takes_stays_liberated():
    """4.8: "Any time Grand Alliance forces seize control of a hex from the Axis, that hex is said
    to have been liberated"; 16.6 A: never brought back on line, even if recaptured."""
    d, s = start2({"su-inf-3": "T18", "de-inf-1": "P2"})
    assert s["economy"]["liberated"] == []
    s, events = play(d, at(s, 2, "soviet"), "soviet", [{"move": "su-inf-3", "path": ["T18", "U18", "V18", "W18"]}])
    assert {"event": "liberated", "place": "nagykanizsa", "hex": "W18", "rule": "4.8, 16.3-16.6"} in events
    s["units"]["su-inf-3"]["hex"] = "P20"
    s, _ = play(d, at(s, 2, "soviet", "assault"), "soviet", [])
    assert s["economy"]["liberated"] == ["nagykanizsa"]


def test_a_campaign_of_behaviour_2_needs_the_oil_field_hexes_and_the_12th_army_counter():
    """16.1: the hexes of Ploesti and Nagykanizsa are printed on the map only; 28.2 prints no line
    for the 12th Army: a campaign without them cannot watch the economy (the collapse may come in
    any step), and is refused naming the path."""
    with pytest.raises(UnknownDataError, match="map.places.ploesti.hex"):
        start2({"de-inf-1": "P2"}, **{"map.places.ploesti.hex": "unknown"})
    with pytest.raises(UnknownDataError, match="special.special_units.german_12th_army_counter"):
        start2({"de-inf-1": "P2"}, **{"special.special_units.german_12th_army_counter": "unknown"})
