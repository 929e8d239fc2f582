"""The End of the Iron Dream demonstration campaign (`pbem demo --game end-of-the-iron-dream`,
bundled as examples/end-of-the-iron-dream-demo/campaign): Iron Dream with three players from the
made-up position `demo` of examples/end-of-the-iron-dream-demo/ (DEMONSTRATION DATA, labelled so
in the file and in every report). Turn 1 in full — the WA invasion at V5 from the ETO box (6.3, 14.17 C), a WA prepared assault on the city T6 with the
Axis defender's answer first (18.15) and the attacker's step loss and advance (18.16), the
Soviets choosing Operation Bagration (6.5) — then Turn 2: a German mobile assault with the Soviet
defender's retreat (11.13) and the panzer occupying the hex (11.12), a Soviet prepared
assault with Bagration's 2R shift (6.7 A), and a STAVKA Shock Front for Turn 3 (5.3.7, 24.1)."""

from __future__ import annotations

from typing import Any, cast

from ...errors import PbemError
from ..base import DemoPlan

SEATS = ("axis", "soviet", "western")
# the WA's second-invasion chit secret (14.12 A): a demonstration value, public in this file
DEMO_SECRET = "5eed" * 16

ORDERS: list = [
    # Turn 1 (6.1: the Axis moves only strategically in the east or within Italy, none of them on this map patch;
    # no Axis prepared assault, so that phase passes by itself)
    ("axis", []),
    # 6.3 A, 14.11 A: the Turn 1 invasion, two corps of each army group (4.10 C), unopposed (14.17 C)
    ("western", [{"invade": "V5", "with": ["wa-mech-3", "wa-mech-5", "wa-x-B1", "wa-x-B8"], "from": "eto"}]),
    ("western", [{"chit_secret": DEMO_SECRET}]),       # 14.12 A: kept in the WA's private part; the Axis adds its part
    ("western", [{"supply": "wa-su-1", "hexes": ["U6", "U7"]},                 # 5.1.6 A, 15.22: attack supply
                 {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4", "wa-mech-6"]}]),
    ("western", [{"steps": ["wa-mech-6"], "advance": {"wa-mech-2": ["T6", "S6"], "wa-mech-4": ["T6"]}}]),
    ("soviet", [{"bagration": True}]),                                   # 6.5 A
    ("soviet", [{"enter": "su-su-1", "path": ["T30", "T29", "T28", "T27"]}]),   # 6.5 B: only SUs move (15.23.3 B)
    ("soviet", []),                                                      # 5.3.7: no Shock Front
    # Turn 2: the German mobile assault (11.0) from S26 into T10
    ("axis", [{"assault": "T26", "with": ["de-pz-3"], "path": ["R26", "S26"]}]),
    ("axis", []),                                                        # the panzer stops in T26 (11.12)
    ("axis", []),                                                        # no prepared assault
    ("western", [{"arrive": "wa-su-1", "box": "eto"}]),                  # 5.2.1 A, 15.23.3 C: Turn 1's burned-off SU
    ("western", []),
    ("soviet", []),
    ("soviet", [{"supply": "su-su-1", "hexes": ["T27"]},                      # 15.22: the SU burned off for AS
                {"attack": "T26", "with": ["su-tank-1", "su-inf-3"]}]),   # 6.7 A: 2R
    ("soviet", [{"steps": ["su-inf-3"]}]),
    ("soviet", [{"shock_front": ["T27"]}]),                              # 5.3.7, 24.1: next turn's front
]


def respond(campaign: Any, state: dict) -> list:
    """The defenders' answers: the German corps in T6 retreats two hexes; the Soviet army in T10
    falls back into T27, where its comrades negate the German ZOC (9.7 A); the panzer in T10
    takes its two steps."""
    if state["phase"] == "chit_axis":
        return [{"chit_salt": "demonstration"}]                        # 14.12 A: the Axis part of the draw
    battle = state["pending"]
    where = battle.get("hex") or battle["hexes"][0]
    if state["phase"] == "pa_defender" and where == "T6":
        return [{"retreat": {"de-inf-1": ["S6", "R6"]}}]
    if state["phase"] == "ma_answer" and where == "T26":
        return [{"retreat": {"su-inf-3": ["T27"]}}]
    if state["phase"] == "pa_defender" and where == "T26":
        return [{"steps": ["de-pz-3", "de-pz-3"]}]
    raise PbemError(f"demo: no planned answer at {where} ({state['phase']})")


def bench_orders(campaign: Any, waiting: dict, state: dict, rng: Any) -> list | None:
    """The benchmarks' long game: a quiet policy (nobody moves or assaults, but the WA's required
    Turn 1 invasion, 6.3 A) to the last turn."""
    if waiting.get("done"):
        return None
    if state["phase"] == "chit_axis":
        return [{"chit_salt": "benchmark"}]
    if waiting["kind"] == "response":
        raise PbemError(f"benchmark: no answer for {state['phase']}")
    if state["phase"] == "chit":
        return [{"chit_secret": DEMO_SECRET}]
    if state["phase"] == "bagration":
        return [{"bagration": False}]
    if state["phase"] == "movement" and state["army"] == "western" and state["turn"] == 1 and not state.get("movement") \
            and not state.get("invasions") and "invasion_ports" in state:
        return [ORDERS[1][1][0]]                                         # 6.3 A: the demo's Turn 1 invasion
    return []


def plan() -> DemoPlan:
    return DemoPlan("end-of-the-iron-dream-demo", "iron-dream", SEATS, "End of the Iron Dream demo (demonstration data)",
                    ORDERS, respond, cast(Any, bench_orders), {"position": "demo"})
