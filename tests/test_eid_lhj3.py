"""End of the Iron Dream, behaviour 3: Let History Judge's own rules (27.3 set-up limits, 27.4 B, D).

TEST DATA (tests/test_eid_game.py LHJ_CITIES, made up): Königsburg Q20, Riga U26, Prague T10; here
the triangle line is T23 and U23, Yugoslavia U10, U11, U12, T11 with Trieste U12, and the British
13th corps's unknown factors 5-5-4, one step (all made up)."""

from __future__ import annotations

import pytest

from pbem.errors import PbemError
from tests.test_eid_game import lhj_start

S785 = [f"su-inf-{n}" for n in (3, 5, 8, 13, 17, 18, 19, 21, 22, 27, 28, 31, 33, 37, 38, 39, 40, 42, 43)]
MORE = {"map.setup_areas.lhj_triangle_line": ["T23", "U23"], "map.countries.yugoslavia": ["U10", "U11", "U12", "T11"],
        "map.countries.red_y": [], "map.places.trieste.hex": "U12",
        **{f"units.counters.wa-x-B13.{k}": v for k, v in (("type", "infantry"), ("attack", 5), ("defense", 5),
                                                          ("movement", 4), ("reduced", "none"))}}


def position() -> dict:
    """A set-up keeping every limit: the 13 depleted units on T23, the two deployments (27.3 I)."""
    units: dict = {}
    depleted = [*S785[:7], "su-tank-1", "su-tank-2", "su-mech-1", "su-mech-2", "su-mech-3", "su-shock-1"]
    units.update({u: {"hex": "T23", "steps": 1} for u in depleted})
    units.update({u: {"hex": "Q20"} for u in [*S785[7:13], "su-mech-4", "su-tank-3"]})
    units.update({u: {"hex": "U26"} for u in [*S785[13:18], "su-mech-5"]})
    units["su-inf-43"] = {"hex": "U23"}
    units.update({"yu-mtn-1Y": {"hex": "U10"}, "yu-mtn-2Y": {"hex": "U11"}, "yu-mtn-3Y": {"hex": "T11"}, "yu-mtn-4Y": {"hex": "U10"},
                  "wa-inf-VLAS": {"hex": "T10"}, "wa-x-B13": {"hex": "U12"}, "wa-mech-2": {"hex": "T5"}})
    return units


def test_27_3_a_set_up_keeping_every_limit_starts():
    """27.3 E, H, I, J, F; 27.4 A, B, D: the position above starts."""
    d, s = lhj_start(3, position(), MORE)
    assert s["units"]["su-tank-1"] == {"side": "soviet", "hex": "T23", "steps": 1}


def test_27_3_e_h_i_j_27_4_b_d_each_broken_limit_is_named():
    """27.3 E: "The following units begin on their depleted side: 7 × 7-8-5, 2 × 9-9-6, 3 × 8-9-6, 1 ×
    12-9-5"; H: "Depleted units may not be used as at-start garrisons; they must all be on the frontline
    triangle hexes"; I: "Within 1 hex of Königsburg 6 x 7-8-5, 1 x 8-9-6, 1 x 9-9-6"; J: "All triangle
    hexes must have at least one Soviet unit on them"; F: the Yugoslavs "anywhere in Yugoslavia except
    Trieste"; 27.4 B: "The Vlasov army ... must be set up in Prague"; D: a CW corps marked I "must be
    set up in Trieste"."""
    units = position()
    units["su-shock-1"] = {"hex": "U26", "steps": 1}         # off the triangles
    units["su-mech-2"] = {"hex": "T23"}                      # full: only 2 x 8-9-6 depleted
    units["su-inf-43"] = {"hex": "U24"}                      # U23 left empty
    units["su-tank-3"] = {"hex": "S22"}                      # 2 hexes from Königsburg
    units["yu-mtn-4Y"] = {"hex": "U12"}                      # Trieste
    units["wa-inf-VLAS"] = {"hex": "T9"}
    units["wa-x-B13"] = {"hex": "T12"}
    with pytest.raises(PbemError) as err:
        lhj_start(3, units, MORE)
    assert str(err.value).split(": ", 1)[1] == (
        "the Let History Judge set-up: the depleted Soviet units must be 7 x 7-8-5, 2 x 9-9-6, 3 x 8-9-6, "
        "1 x 12-9-5, not 1 x 12-9-5, 7 x 7-8-5, 2 x 8-9-6, 2 x 9-9-6 (27.3 E); depleted units start on the front-line "
        "triangle hexes, never as garrisons: su-shock-1 (27.3 H); every triangle hex needs a Soviet unit: U23 (27.3 J); "
        "within 1 hex(es) of Koenigsburg (Q20) the Soviets deploy 6 x 7-8-5, 1 x 8-9-6, 1 x 9-9-6 (27.3 I); the Yugoslav "
        "armies set up in Yugoslavia except Trieste: yu-mtn-4Y (27.3 F); wa-inf-VLAS must be set up in Prague (T10) "
        "(27.4 B); one of wa-x-B5, wa-x-B10, wa-x-B13, wa-x-P2 must be set up in Trieste (U12) (27.4 D)")


def test_27_3_behaviour_2_campaigns_start_without_the_limits():
    """docs/upgrading.md: behaviour 2 set-ups are not checked against 27.3-27.4."""
    units = position()
    units["wa-inf-VLAS"] = {"hex": "T9"}
    d, s = lhj_start(2, units, MORE)
    assert s["units"]["wa-inf-VLAS"]["hex"] == "T9"
