"""End of the Iron Dream, behaviour 4: Let History Judge's A-bombs (27.6; abomb.py), their chit drawn
on the hidden-information core as 14.12's.

27.6 A: "At the start of the game the NATO player secretly draws a second invasion chit from a cup to
determine the turn A-Bombs become available (four in each case)": A Turn 4, B 6, C 8.

TEST DATA (made up, as tests/test_eid_lhj_boxes.py): the Riga group one hex off Riga (U25), one Soviet
SU in Riga (U26), two on V24, the rest on V25; NATO's wa-mech-4 on U22, next to U23's lone army."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml

from pbem import campaign as camp
from pbem.demo import DEMO_SENT, demo_commitment, demo_folder
from pbem.errors import PbemError
from pbem.hidden.private import find_private
from pbem.keys import key_id, load_private_key
from pbem.yamlio import parse_yaml_text
from pbem.games.end_of_the_iron_dream import GAME, abomb, ports, sea, supply_play, victory
from pbem.games.end_of_the_iron_dream.committed_draw import letter
from tests.dicehelp import ScriptedDice
from tests.eidhelp import at, play, problems
from tests.test_eid_game import lhj_start
from tests.test_eid_lhj_boxes import more, units
from tests import fastyaml

from .conftest import forge_signed, tree_bytes
from .leaks import find_leaks

EXAMPLE = demo_folder("end-of-the-iron-dream-demo")

SECRET = "0123456789abcdef" * 4
SALTS = {"A": "g", "B": "a", "C": "c"}              # letter(SECRET, salt)


def position() -> dict:
    found = units()
    found.update({u: {"hex": "U25"} for u, v in found.items() if v["hex"] == "U26"})
    found.update({"su-su-1": {"hex": "U26"}, "su-su-2": {"hex": "V24"}, "su-su-3": {"hex": "V24"},
                  **{f"su-su-{n}": {"hex": "V25"} for n in range(4, 9)}, "wa-mech-4": {"hex": "U22"}})
    return found


def start(extra: dict | None = None):
    return lhj_start(4, position(), {**more(), **(extra or {})})


def drawn(s: dict, chit: str, turn: int) -> dict:
    """The state at NATO's first file of `turn`, the chit drawn (`SECRET` in NATO's own view)."""
    s = at(s, turn, "western", abomb_secret=SECRET)
    s["abomb"] = {"used": 0, "clouds": {}, "nuked": [], "stage": "drawn", "salt": SALTS[chit]}
    assert letter(SECRET, SALTS[chit]) == chit
    return s


def test_27_6_a_the_draw_comes_first_nato_commits_then_the_soviets_add_their_part():
    """27.6 A: "At the start of the game the NATO player secretly draws a second invasion chit": two
    signed steps before NATO's Turn 1 file; NATO's own view then shows the chit and its turn."""
    d, s = start()
    assert s["phase"] == "abomb" and GAME.awaiting(s).phase == "Turn 1 Western Allied A-bomb chit: NATO's secret (27.6 A)"
    assert problems(d, s, "western", [{"abomb_secret": "not hex"}]) == [
        "one order: `abomb_secret: HEX`, 64 lowercase hex digits chosen at random (27.6 A)"]
    s, events = play(d, s, "western", [{"abomb_secret": SECRET}])
    assert events == [{"event": "abomb_committed", "rule": "27.6 A"}] and s["phase"] == "abomb_salt"
    assert GAME.awaiting(s).side == "soviet"
    assert problems(d, s, "soviet", [{"abomb_salt": " "}]) == ["one order: `abomb_salt: TEXT`, any text you choose, not empty (27.6 A)"]
    s, events = play(d, s, "soviet", [{"abomb_salt": "a"}])
    assert events == [{"event": "abomb_drawn", "rule": "27.6 A"}]
    assert (s["phase"], s["army"], s["turn"]) == ("movement", "western", 1)
    assert s["abomb"] == {"used": 0, "clouds": {}, "nuked": [], "stage": "drawn", "salt": "a"}
    assert GAME.movement_template(d, s, "western")["notes"][-1].startswith(
        "your A-bomb chit is B: A-bombs from Turn 6, 4 left; an A-bomb is a file of its own")


def test_27_6_a_f_g_the_chit_decides_the_first_turn_and_the_first_bomb_shows_it():
    """27.6 A: chit B, Turn 6; F: "When the first one is detonated, the NATO player should show the
    verifying chit to the Soviets"; G: "at the very start of any turn after they become available"."""
    d, s = start()
    bomb = [{"abomb": "U23"}]
    assert problems(d, drawn(s, "B", 5), "western", bomb) == [
        "the A-bomb chit is B: A-bombs become available on Turn 6 (27.6 A, G)"]
    hidden = drawn(s, "B", 6)
    del hidden["abomb_secret"]                                    # the Soviet machine, the item not opened
    assert problems(d, hidden, "western", bomb) == [
        "the first A-bomb shows the chit to the Soviets (27.6 F): its orders must open NATO's item `abomb-chit`"]
    assert problems(d, drawn(s, "B", 6), "western", bomb) == []
    moved = drawn(s, "B", 6)
    moved["movement"] = {"spent": {}}
    assert problems(d, moved, "western", bomb) == [
        "an A-bomb is announced at the very start of a turn, NATO's first file, before any other order (27.6 G)"]
    assert problems(d, drawn(s, "B", 6), "western", [*bomb, {"move": "wa-mech-2", "path": ["T5", "T6"]}]) == [abomb.ORDER]
    after, events = play(d, drawn(s, "B", 6), "western", bomb, 2)
    assert events[0] == {"event": "abomb_chit_revealed", "chit": "B", "turn": 6, "rule": "27.6 F"}
    assert after["abomb"]["revealed"] == "B"


def test_27_6_g_four_bombs_in_all_several_on_one_turn():
    """27.6 G: "They may be saved for later turns or all dropped on one turn. NATO never receives more
    than the initial shipment of four bombs." A second file on the same turn, before any other order."""
    d, s = start()
    s = drawn(s, "A", 4)
    s, _ = play(d, s, "western", [{"abomb": "U23"}], 1)
    assert (s["phase"], s["movement"]) == ("movement", None) and s["abomb"]["used"] == 1
    assert problems(d, s, "western", [{"abomb": "U26"}]) == []
    s["abomb"]["used"] = 4
    assert problems(d, s, "western", [{"abomb": "U26"}]) == [
        "NATO never receives more than the initial shipment of 4 bombs (27.6 G)"]


def test_27_6_h_on_a_1_to_4_the_whole_stack_is_destroyed():
    """27.6 H: "point to any Soviet stack on the map ... and roll one die. On a 1-4, all units in the
    bombed stack are destroyed." V24 holds two SUs; NATO names its 5-6 choice too."""
    d, s = start()
    s = drawn(s, "A", 4)
    assert problems(d, s, "western", [{"abomb": "T5"}]) == [
        "no Soviet stack in T5: NATO points to a Soviet stack on the map (27.6 H)"]
    assert problems(d, s, "western", [{"abomb": "V24"}]) == [
        "V24 holds su-su-2, su-su-3: name the unit a 5-6 destroys and the retreat of each other, `destroy: UNIT, "
        "retreat: {UNIT: [HEX, HEX]}` (27.6 H: NATO retreats them; NATO names the unit too, a reading)"]
    order = [{"abomb": "V24", "destroy": "su-su-2", "retreat": {"su-su-3": ["W24", "W23"]}}]
    after, events = play(d, s, "western", order, 4)
    assert "su-su-2" not in after["units"] and "su-su-3" not in after["units"]
    assert events[-1] == {"event": "abomb", "hex": "V24", "die": 4, "destroyed": ["su-su-2", "su-su-3"], "cloud_until": 4,
                          "left": 3, "rule": "27.6 H-I"}
    assert {"unit": "su-su-3", "side": "soviet"} in after["dead"]


def test_27_6_h_on_a_5_or_6_one_unit_is_destroyed_and_nato_retreats_the_rest_two_hexes():
    """27.6 H: "On a 5-6, only one unit is destroyed, and the rest (if any) are retreated two hexes in any
    direction by the NATO player." """
    d, s = start()
    s = drawn(s, "A", 4)
    order = {"abomb": "V24", "destroy": "su-su-2"}
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24"]}}]) == [
        "su-su-3 retreats 2 hexes from V24: `retreat: {su-su-3: [HEX, HEX]}` (27.6 H)"]
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "V24"]}}]) == [
        "su-su-3's retreat from V24 goes hex by hex, never back into the cloud: not V24 (27.6 H-I)"]
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "W26"]}}]) == [
        "su-su-3's retreat from V24 goes hex by hex, never back into the cloud: not W26 (27.6 H-I)"]
    after, events = play(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "W23"]}}], 5)
    assert "su-su-2" not in after["units"] and after["units"]["su-su-3"]["hex"] == "W23"
    assert {"event": "retreat", "unit": "su-su-3", "path": ["V24", "W24", "W23"]} in events
    assert events[-1]["destroyed"] == ["su-su-2"] and events[-1]["die"] == 5


def test_27_6_i_no_unit_of_either_side_enters_the_cloud_until_the_end_of_the_turn():
    """27.6 I: "The mushroom cloud remains in the hex throughout the ensuing turn. No units of either side
    may enter the hex while the mushroom is in it. Remove the cloud at the very end of that turn." U23's
    lone army is destroyed on Turn 4; NATO's wa-mech-4 stands next to it on U22."""
    d, s = start()
    after, events = play(d, drawn(s, "A", 4), "western", [{"abomb": "U23"}], 3)
    assert events[-1]["destroyed"] == ["su-inf-43"] and after["abomb"]["clouds"] == {"U23": 4}
    cloud = "no unit may enter U23 while the mushroom cloud is in it, until the end of Turn 4 (27.6 I)"
    assert problems(d, after, "western", [{"move": "wa-mech-4", "path": ["U22", "U23"]}]) == [f"U22 → U23: {cloud}"]
    soviet = at(after, 4, "soviet")
    assert problems(d, soviet, "soviet", [{"move": "su-inf-3", "path": ["T23", "U23"]}]) == [f"T23 → U23: {cloud}"]
    turn_5 = at(after, 5, "western")
    assert abomb.cloud_problem(turn_5, "U23") is None
    assert not any("27.6 I" in p for p in problems(d, turn_5, "western", [{"move": "wa-mech-4", "path": ["U22", "U23"]}]))


def test_27_6_j_a_nuked_port_city_never_again_functions_as_a_port():
    """27.6 J: "Port cities that have been nuked may never again function as ports": P1, NATO's port at the
    start (27.8 A), no longer a GS source nor a landing hex; P2 (a port city, made up) liberated after its
    bombing takes no roll on the Port Opening Chart (27.8 B)."""
    d, s = start({"invasions.ports.port_cities": ["P2"]})
    s = drawn(s, "A", 4)
    assert "P1" in supply_play.sources(d, s, "western") and "P1" in sea.landing_hexes(d, s)
    s["abomb"]["nuked"] = ["P1", "P2"]
    assert "P1" not in supply_play.sources(d, s, "western") and "P1" not in sea.landing_hexes(d, s)
    s["ports"].update(held=[], opening={})                       # as if the Soviets had held it
    events: list = []
    ports.watch(d, s, events, ScriptedDice(3), {"P2": "western"}, [])
    assert events == [] and s["ports"]["opening"] == {}
    s["abomb"]["nuked"] = ["P1"]
    s["ports"]["held"] = []
    ports.watch(d, s, events, ScriptedDice(3), {"P2": "western"}, [])
    assert events == [{"event": "port_liberated", "hex": "P2", "die": 3, "opens": 7, "rule": "14.27"}]


def test_27_6_k_no_nato_strategic_movement_through_or_into_a_nuked_hex():
    """27.6 K: "No NATO strategic movement may ever take place through or into a hex that has been
    nuked, even after the cloud is gone." T6 (made up as nuked on Turn 4) on Turn 9."""
    d, s = start()
    s = drawn(s, "A", 9)
    order = [{"strategic": "wa-mech-2", "path": ["T5", "T6", "T7"]}]
    assert problems(d, s, "western", order) == []
    s["abomb"]["nuked"] = ["T6"]
    assert problems(d, s, "western", order) == [
        "no NATO strategic movement may ever go through or into T6, a nuked hex (27.6 K)"]
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["T5", "T6", "T7"]}]) == []     # operational: allowed


def test_27_6_l_a_liberated_a_bombed_city_still_counts_for_nato():
    """27.6 L: "NATO liberated and A-bombed cities still do count for VPs." Riga's lone SU is bombed on
    Turn 4; NATO's wa-mech-2 stands in Riga later: Riga's 12 VPs are NATO's (27.10 B)."""
    d, s = start()
    after, _ = play(d, drawn(s, "A", 4), "western", [{"abomb": "U26"}], 1)
    assert "U26" in after["abomb"]["nuked"] and "riga" not in victory.lhj_result(d, after)["cities"]
    later = copy.deepcopy(after)
    later["units"]["wa-mech-2"]["hex"] = "U26"
    supply_play.record_control(d, later, [])
    assert "riga" in victory.lhj_result(d, later)["cities"]


def test_27_6_behaviour_3_let_history_judge_campaigns_draw_no_a_bomb_chit():
    """docs/upgrading.md: a behaviour-3 campaign starts as it did, with NATO's Turn 1 file."""
    from tests.test_eid_lhj3 import MORE, position as lhj3_position
    d, s = lhj_start(3, lhj3_position(), MORE)
    assert s["phase"] == "movement" and "abomb" not in s
    assert problems(d, s, "western", [{"abomb": "U23"}])[0].startswith("unknown order ['abomb']")


# -- a campaign on disk: the draw kept from the Soviets, its opening, a false claim ------------------
def new_campaign(tmp_path: Path):
    """A Let History Judge campaign of the test data above (an override file of tests/eidhelp.py's
    values), signed with the demo's keys (examples/end-of-the-iron-dream-demo/keys)."""
    k = keys()
    override = tmp_path / "data-override.yaml"
    override.write_text(yaml.safe_dump({"pbem": "data-override", "game": "end-of-the-iron-dream", "values": lhj_values()},
                                       sort_keys=False))
    return camp.create_campaign(tmp_path / "campaign", "end-of-the-iron-dream", "let-history-judge",
                                {s: key_id(k[s].public_key()) for s in SEATS},
                                {s: demo_commitment(k[s], "eid-abomb", s) for s in SEATS}, override,
                                title="A-bomb test (test data)", options={"position": "test"})


def lhj_values() -> dict:
    from tests.eidhelp import values
    from tests.test_eid_game import LHJ_CITIES
    from tests.eidhelp import ROWS
    extra = {"map.setup_areas.lhj_soviet_controlled": [f"{r}{c}" for r in ROWS for c in (24, 25, 26)],
             "map.edges.east": [f"{r}26" for r in ROWS], "positions.test.wa_supply_sources": ["P1"],
             "map.countries.yugoslavia": [], "map.countries.red_y": [], **LHJ_CITIES, **more()}
    units = {u: (v if isinstance(v, dict) else {"hex": v}) for u, v in position().items()}
    return values(position=units, behaviour=4, extra=extra)


SEATS = ("soviet", "western")


def keys() -> dict:
    return {s: load_private_key(EXAMPLE / "keys" / s) for s in SEATS}


def sign(campaign, side: str, orders: list) -> str:
    template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
    template["orders"] = orders
    return camp.sign_orders(campaign, template, keys()[side], sent=DEMO_SENT)


def play_signed(campaign, side: str, text: str):
    path = campaign.folder.parent / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
    path.write_text(text)
    other = next(s for s in SEATS if s != side)
    return camp.adjudicate(campaign.folder, [path], key=keys()[other], sent=DEMO_SENT)


def test_the_chit_stays_nato_s_until_the_first_bomb_and_a_false_opening_is_refused(tmp_path):
    """27.6 A: NATO draws secretly at the start (an owner step, then the Soviet part); no file the
    Soviets receive holds the secret before the first detonation opens it (F); `verify --private`
    re-runs NATO's hidden step; a bomb whose opening claims another secret is refused."""
    campaign = new_campaign(tmp_path)
    assert campaign.header["options"] == {"position": "test", "chit": "hidden"}
    play_signed(campaign, "western", sign(campaign, "western", [{"abomb_secret": SECRET}]))
    number, save, _ = campaign.latest()
    assert list(save["hidden"]["western"]) == [abomb.ITEM] and "abomb_secret" not in save["state"]
    assert save["events"] == [{"event": "abomb_committed", "rule": "27.6 A"}]
    play_signed(campaign, "soviet", sign(campaign, "soviet", [{"abomb_salt": SALTS["A"]}]))
    part = find_private(campaign.folder, campaign.id, "western")
    for _ in range(40):                                          # to NATO's first file of Turn 4 (chit A)
        state = campaign.latest()[1]["state"]
        if (state["turn"], state["army"], state["phase"]) == (4, "western", "movement"):
            break
        side = campaign.latest()[1]["awaiting"]["side"]
        play_signed(campaign, side, sign(campaign, side, []))
    assert (state["turn"], state["army"], state["phase"]) == (4, "western", "movement")
    leaks, searched = find_leaks(campaign.folder, {"western": part})
    assert leaks == [] and searched >= 3
    assert camp.verify(campaign.folder).ok and camp.verify(campaign.folder, part.folder).ok
    honest = sign(campaign, "western", [{"abomb": "U23"}])
    body = parse_yaml_text(honest.split("-----BEGIN PBEM SIGNED MESSAGE-----\n")[1].split("-----BEGIN PBEM SIGNATURE")[0], "b")
    assert list(body["hidden"]["open"]) == [abomb.ITEM]
    body["hidden"]["open"][abomb.ITEM]["value"] = "f" * 64               # a secret drawing another chit
    before = tree_bytes(campaign.folder)
    with pytest.raises(PbemError, match=re.escape("FALSE REVEAL: the opening of western's hidden item 'abomb-chit' "
                                                  "does not match its commitment in the save")):
        play_signed(campaign, "western", forge_signed(campaign.folder, body, keys()["western"], sent=DEMO_SENT))
    assert tree_bytes(campaign.folder) == before
    play_signed(campaign, "western", honest)
    number, save, _ = campaign.latest()
    assert {"event": "abomb_chit_revealed", "chit": "A", "turn": 4, "rule": "27.6 F"} in save["events"]
    assert save["hidden"]["western"] == {} and save["state"]["abomb"]["revealed"] == "A"
    assert "su-inf-43" not in save["state"]["units"]
    assert camp.verify(campaign.folder).ok and camp.verify(campaign.folder, part.folder).ok
    assert find_leaks(campaign.folder, {"western": part})[0] == []        # public only from its opening on


def test_an_owner_step_that_did_more_than_commit_is_refused_at_once(tmp_path):
    """The Soviets' immediate check of NATO's hidden step (HiddenRules.public_problems): a public result
    that moved a unit besides committing the secret is refused, naming the step."""
    campaign = new_campaign(tmp_path)
    honest = sign(campaign, "western", [{"abomb_secret": SECRET}])
    body = parse_yaml_text(honest.split("-----BEGIN PBEM SIGNED MESSAGE-----\n")[1].split("-----BEGIN PBEM SIGNATURE")[0], "b")
    body["hidden"]["result"]["state"]["units"]["wa-mech-4"]["hex"] = "U21"
    with pytest.raises(PbemError, match=re.escape("CHEATED: step 1 of western: the A-bomb chit step changed more than "
                                                  "NATO's committed secret (27.6 A)")):
        play_signed(campaign, "western", forge_signed(campaign.folder, body, keys()["western"], sent=DEMO_SENT))


def test_the_game_s_hidden_rules_serve_both_chits_and_publish_neither():
    """14.12 A and 27.6 A: a state holding both NATO's (the WA's) secrets. An owner step's split takes out
    both, so neither is published by the other's step; each merge goes to its own part; a bomb opens the
    A-bomb chit only, an invasion the second-invasion chit only; the Soviets' immediate check of an owner
    step is the stepping part's."""
    rules = GAME.hidden
    other = "fedcba9876543210" * 4
    state = {"seats": ["soviet", "western"], "phase": "movement", "army": "western", "turn": 4,
             "chit": {"stage": "drawn", "salt": "x", "second": None}, "chit_secret": other,
             "abomb": {"stage": "drawn", "salt": "g", "used": 0, "clouds": {}, "nuked": []}, "abomb_secret": SECRET}
    public, items = rules.split(None, copy.deepcopy(state), "western")
    assert items == {"invasion-chit": other, abomb.ITEM: SECRET}
    assert other not in yaml.safe_dump(public) and SECRET not in yaml.safe_dump(public)
    assert rules.split(None, copy.deepcopy(state), "soviet")[1] == {}
    assert rules.merge(None, copy.deepcopy(public), "western", items) == state
    with pytest.raises(PbemError, match="hidden item 'x/1' is none of End of the Iron Dream's"):
        rules.merge(None, copy.deepcopy(public), "western", {"x/1": SECRET})
    held = {"western": ["invasion-chit", abomb.ITEM]}
    assert rules.opens(None, public, held, "western", [{"abomb": "U23"}]) == {"western": [abomb.ITEM]}
    assert rules.opens(None, public, held, "western", [{"invade": "V5", "with": ["wa-mech-7"], "from": "eto"}]) == {
        "western": ["invasion-chit"]}
    before = {**public, "phase": "abomb", "abomb": {"stage": "commit", "resume": "movement"}}
    after = {**public, "phase": "abomb_salt", "abomb": {"stage": "salt", "resume": "movement"}}
    assert rules.owner_step(None, before, "western") and not rules.owner_step(None, before, "soviet")
    assert rules.public_problems(None, before, after, "western") == []
    assert rules.public_problems(None, before, {**after, "turn": 5}, "western") == [
        "the A-bomb chit step changed more than NATO's committed secret (27.6 A)"]
    opened = {**state, "abomb": {**state["abomb"], "revealed": "A"}}
    assert rules.split(None, copy.deepcopy(opened), "western")[1] == {"invasion-chit": other}    # opened: public now


def test_27_6_i_no_freikorps_placed_and_no_unit_landed_under_the_cloud():
    """27.6 I: "No units of either side may enter the hex while the mushroom is in it": a Freikorps placed
    (27.5 A) or a corps landed from a box (14.2) enters it too. S12 (a German city) and P1 (NATO's port,
    on the Atlantic) made up as under Turn 4's cloud."""
    from tests.test_eid_lhj3 import FREIKORPS
    d, s = start({**{k: v for k, v in FREIKORPS.items() if k.startswith("map.")}, "map.hexes.P1": {"terrain": "clear", "coast": "atlantic"}})
    s = drawn(s, "A", 4)
    s["abomb"]["clouds"] = {"S12": 4, "P1": 4}
    assert problems(d, s, "western", [{"freikorps": "de-inf-1", "at": "S12"}]) == [
        "no unit may enter S12 while the mushroom cloud is in it, until the end of Turn 4 (27.6 I)"]
    assert problems(d, s, "western", [{"sail": "wa-mech-23", "to": "P1"}]) == [
        "no unit may enter P1 while the mushroom cloud is in it, until the end of Turn 4 (27.6 I)"]
    s["abomb"]["clouds"] = {}
    assert problems(d, s, "western", [{"freikorps": "de-inf-1", "at": "S12"}, {"sail": "wa-mech-23", "to": "P1"}]) == []


def test_27_6_h_the_retreat_is_a_retreat_two_hexes_away_never_through_an_enemy_zoc():
    """27.6 H: "the rest (if any) are retreated two hexes in any direction by the NATO player", read with
    18.19 D: "A retreat can be in any direction or combination of directions, as long as each hex entered
    is one hex further away from the defender's original hex", and 9.10: "No unit may ever retreat into or
    through a hex containing an unnegated EZOC" (review: the first cut let a retreat end next to the bombed
    hex and cross NATO's ZOC). V22 lies in the ZOC of NATO's wa-mech-4 on U22."""
    d, s = start()
    s = drawn(s, "A", 4)
    order = {"abomb": "V24", "destroy": "su-su-2"}
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "V23"]}}]) == [
        "su-su-3's retreat into V23 is not one hex further from V24 (18.19 D)"]
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["V23", "V22"]}}]) == [
        "su-su-3 cannot retreat into V22: an enemy ZOC no friendly unit negates (9.10, 18.19 C)"]
    assert problems(d, s, "western", [{**order, "retreat": {"su-su-3": ["W24", "W23"]}}]) == []
