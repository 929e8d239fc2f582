"""End of the Iron Dream, behaviour 3: the WA army groups' cooperation limits (4.2 C, 4.10 C-F).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes; the tan corps wa-x-B1
and wa-x-B5 get made-up factors (28.3 does not print the Commonwealth corps); the coastal hexes
(15.14 C: a WA unit there is in GS) and their seas are made up."""

from __future__ import annotations

from tests.eidhelp import at, play, problems, start
from tests.test_eid_supply_play import SUPPLY

TAN = {"type": "mechanized_infantry", "attack": 10, "defense": 9, "movement": 7,
       "reduced": {"attack": 5, "defense": 4, "movement": 7}}
ATLANTIC = {h: {"terrain": "clear", "coast": "atlantic"} for h in ("P1", "S6", "S7", "T6", "R6", "S3", "S4", "T3")}
MEDITERRANEAN = {h: {"terrain": "clear", "coast": "mediterranean"} for h in ("V3", "V4", "W3", "T2")}


def wa_sus(position: dict) -> dict:
    """15.22 (behaviour 3): a WA SU in every WA hex of the position ({SU: HEX})."""
    hexes = sorted({h for u, h in position.items() if u.startswith("wa-")})
    return {f"wa-su-{n}": h for n, h in enumerate(hexes, 1)}


def supplied(position: dict) -> dict:
    return {**position, **wa_sus(position)}


def fed(position: dict, orders: list) -> list:
    """The Prepared Assault file: each assaulting hex's SU burned off for it first (5.1.6 A), so
    the assaults are in attack supply (15.22)."""
    used = {position[u] for o in orders for u in o["with"]}
    return [{"supply": su, "hexes": [h]} for su, h in wa_sus(position).items() if h in used] + orders


def start3(position: dict):
    extra = {**SUPPLY, "units.counters.wa-x-B1": TAN, "units.counters.wa-x-B5": TAN}
    d, s = start(position, behaviour=3, extra=extra, hexes={**ATLANTIC, **MEDITERRANEAN})
    return d, at(s, 2, "western")


def test_4_10_e_tan_and_green_units_never_mobile_assault_together():
    """4.10 E: green and tan WA units "may never mobile assault together"; 4.10 D: the airborne
    corps (group `either`) joins either group."""
    d, s = start3({"wa-mech-2": "S6", "wa-x-B1": "S6", "wa-mech-3": "T6", "de-inf-1": "S7"})
    assert problems(d, s, "western", [{"assault": "S7", "with": ["wa-mech-2", "wa-x-B1"]}]) == [
        "tan and green WA units may never mobile assault together (4.10 E)"]
    assert problems(d, s, "western", [{"assault": "S7", "with": ["wa-mech-2"]}]) == []


def test_4_2_c_one_hex_is_not_mobile_assaulted_by_both_groups_in_one_phase():
    """4.2 C: "No hex containing Axis forces may be mobile-assaulted by units from both groupings
    in the same WA Operational Movement Phase." The green wa-mech-2 assaults S7 (0/0: the German
    stays); the tan wa-x-B1 may not assault it in that phase, the green wa-mech-3 may."""
    d, s = start3({"wa-mech-2": "S6", "wa-x-B1": "T6", "wa-mech-3": "R6", "de-inf-1": "S7"})
    state, events = play(d, s, "western", [{"assault": "S7", "with": ["wa-mech-2"]}], 1)
    assert events[-1]["event"] == "assault" and state["movement"]["groups"] == {"S7": "green"}
    assert problems(d, state, "western", [{"assault": "S7", "with": ["wa-x-B1"]}]) == [
        "S7 was mobile assaulted by the green army group this phase: the tan group may not mobile assault it in the "
        "same WA Operational Movement Phase (4.2 C, 4.10 E)"]
    assert problems(d, state, "western", [{"assault": "S7", "with": ["wa-mech-3"]}]) == []


def test_4_10_c_units_beneath_an_invasion_port_counter_are_one_group():
    """4.10 C: "WA units beneath an invasion-port counter are always considered to belong to the
    same army group, regardless of their actual colors" (the counter as 14.x records it)."""
    d, s = start3({"wa-mech-2": "S6", "wa-x-B1": "S6", "de-inf-1": "S7"})
    s["invasion_ports"] = {"ashore": ["S6"]}
    assert problems(d, s, "western", [{"assault": "S7", "with": ["wa-mech-2", "wa-x-B1"]}]) == []


def test_4_10_e_one_cooperative_prepared_assault_per_theater_a_turn():
    """4.10 E: "In each theater of operations, the WA may each turn declare one cooperative
    prepared assault. Otherwise, green and tan WA units may not make prepared assaults together."
    Two mixed assaults in the ETO (4.9 B: Atlantic coastal hexes) are one too many; one in the
    ETO and one in the MTO (4.9 C: Mediterranean) are legal."""
    position = {"wa-mech-2": "S6", "wa-x-B1": "S6", "de-inf-1": "S7",
                "wa-mech-3": "S3", "wa-x-B5": "S3", "de-inf-2": "S4",
                "wa-mech-4": "V3", "wa-para-18": "V3", "de-inf-4": "V4"}
    d, s = start3(supplied(position))
    s = at(s, 2, "western", "assault")
    two_eto = [{"attack": "S7", "with": ["wa-mech-2", "wa-x-B1"]}, {"attack": "S4", "with": ["wa-mech-3", "wa-x-B5"]}]
    assert problems(d, s, "western", fed(position, two_eto)) == [
        "tan and green WA units assault together 2 times: 1 cooperative prepared assault per theater of operations a "
        "turn (4.10 E)"]
    assert problems(d, s, "western", fed(position, [two_eto[0], {"attack": "S4", "with": ["wa-mech-3"]},
                                                    {"attack": "V4", "with": ["wa-mech-4", "wa-para-18"]}])) == []


def test_4_10_f_a_port_stack_assaulting_out_of_its_hex_uses_no_cooperative_capacity():
    """4.10 F: "Tan and green units stacked together beneath an invasion-port counter which make a
    prepared assault out of that hex together do not use up that theater's cooperative attack
    capacity": with the port at S6, a second mixed ETO assault (from S3) is legal."""
    position = {"wa-mech-2": "S6", "wa-x-B1": "S6", "de-inf-1": "S7",
                "wa-mech-3": "S3", "wa-x-B5": "S3", "de-inf-2": "S4"}
    d, s = start3(supplied(position))
    s = at(s, 2, "western", "assault")
    s["invasion_ports"] = {"ashore": ["S6"]}
    orders = [{"attack": "S7", "with": ["wa-mech-2", "wa-x-B1"]}, {"attack": "S4", "with": ["wa-mech-3", "wa-x-B5"]}]
    assert problems(d, s, "western", fed(position, orders)) == []


def test_4_9_a_cooperative_assault_is_declared_in_a_theater_all_its_attackers_are_in():
    """4.9 B-C, 4.10 E (a reading): the cooperative assault counts against one theater, so its
    attackers share it: green S3 (Atlantic coast, ETO) and tan T2 (made-up Mediterranean coast,
    MTO) against S2 share none."""
    position = {"wa-mech-3": "S3", "wa-x-B5": "T2", "de-inf-2": "S2"}
    d, s = start3(supplied(position))
    s = at(s, 2, "western", "assault")
    assert problems(d, s, "western", fed(position, [{"attack": "S2", "with": ["wa-mech-3", "wa-x-B5"]}])) == [
        "a cooperative prepared assault of tan and green units is declared in a theater all its attackers trace GS to; "
        "these share none (4.9, 4.10 E)"]


def test_4_9_a_source_without_its_sea_is_refused_naming_the_data_path():
    """4.9 B-C: a theater is the sea of the source a line reaches; a WA source whose sea the data
    lacks is refused before any die, naming map.hexes.HEX.coast."""
    extra = {**SUPPLY, "units.counters.wa-x-B1": TAN}
    position = {"wa-mech-2": "S6", "wa-x-B1": "S6", "de-inf-1": "S7"}
    d, s = start(supplied(position), behaviour=3, extra=extra,
                 hexes={h: {"terrain": "clear", "coast": "atlantic"} for h in ("S6", "S7")})
    s = at(s, 2, "western", "assault")
    found = problems(d, s, "western", fed(position, [{"attack": "S7", "with": ["wa-mech-2", "wa-x-B1"]}]))
    assert len(found) == 1 and "the sea of the WA supply source P1 (4.9 B-D: its theater; atlantic, mediterranean, adriatic)" in found[0]
    assert "map.hexes.P1.coast" in found[0]
