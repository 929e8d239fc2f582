"""Operation Grenade rules fixed for issue 10, each test citing its rule: 18.11 "exclusively
across Roer hexsides", 9.82/9.86 the steps of an untried unit, 9.63 the corps of a unit (errata
E4), 22.2 the German "may attempt" to blow a bridge, 5.52 the movement class in a message.

Driven on the demonstration data (examples/operation-grenade-demo/data-override.yaml), with
tests/data/og-fixes-extra.yaml adding two ordinary river hexsides next to the Roer."""

from pathlib import Path

import pytest

from pbem.errors import UnknownDataError
from pbem.gamedata import apply_override, load_game_data
from pbem.games.operation_grenade import GAME, supply
from pbem.games.operation_grenade.common import corps
from pbem.yamlio import dump_yaml, load_yaml_file
from tests.test_operation_grenade_rules import DEMO, ScriptedDice, attack, position, problems, scenario  # noqa: F401 (fixtures)
from tests.fastyaml import load_yaml_file_once

ROOT = Path(__file__).resolve().parent.parent
EXTRA = ROOT / "tests" / "data" / "og-fixes-extra.yaml"


@pytest.fixture(scope="module")
def data():
    return load_game_data("operation-grenade", DEMO)


@pytest.fixture(scope="module")
def rivers():
    data = load_game_data("operation-grenade", DEMO)
    apply_override(data, EXTRA)              # 0508|0608 and 0708|0808: ordinary rivers; US artillery
    return data


def without(folder: Path, *paths: str):
    """The demo data less `paths`, plus the test-only extra values."""
    doc = load_yaml_file_once(DEMO)
    doc["values"] = {k: v for k, v in doc["values"].items() if k not in paths}
    path = folder / "override.yaml"
    path.write_text(dump_yaml(doc))
    data = load_game_data("operation-grenade", path)
    apply_override(data, EXTRA)
    return data


# -- 18.11 "attacked exclusively across Roer hexsides" ----------------------------------------------

@pytest.mark.parametrize("defender, roer_attacker, river_attacker", [
    ("0608", "0607", "0508"),        # 0607|0608 upper Roer + 0508|0608 river: not x4 (rapid upper)
    ("0708", "0707", "0808"),        # 0707|0708 lower Roer + 0708|0808 river: not x3 (rapid lower)
])
def test_18_11_roer_and_an_ordinary_river_is_9_32s_doubling(rivers, scenario, defender, roer_attacker, river_attacker):
    """18.11: the Roer multipliers apply when a unit "is attacked exclusively across" Roer hexsides;
    one attacker across an ordinary river makes it 9.32's x2 (attacked entirely across rivers)."""
    state = position(rivers, scenario, {"119/30/19": (roer_attacker, "3-06"), "175/29/19": (river_attacker, "3-04"),
                                        "1150/183/12": (defender, "2-01")},
                     phase="combat", flood="gradual_flood", d_day="1945-02-22", current="rapid")
    _, _, event = attack(rivers, state, defender, ["119/30/19", "175/29/19"], 2, 2)
    assert event["defence"] == 3 * 2
    assert [(m["times"], m["rule"]) for m in event["modifiers"]] == [(2, "9.32")]


@pytest.mark.parametrize("current, times", [("rapid", 4), ("torrent", 5), ("normal", 3)])
def test_18_11_exclusively_across_the_upper_roer_uses_the_upper_line(rivers, scenario, current, times):
    """18.11a-c: attacked exclusively across an upper Roer hexside: x5 torrent, x4 rapid, x3 normal."""
    state = position(rivers, scenario, {"119/30/19": ("0607", "3-06"), "1150/183/12": ("0608", "2-01")},
                     phase="combat", flood="gradual_flood", d_day="1945-02-22", current=current)
    _, _, event = attack(rivers, state, "0608", ["119/30/19"], 2, 2)
    assert event["defence"] == 3 * times and event["modifiers"][0]["rule"] == "18.11"


def test_18_11_one_attacker_across_no_river_means_no_roer_multiplier(rivers, scenario):
    """18.11 and 9.32: a second attacker across a plain hexside: no multiplier at all."""
    state = position(rivers, scenario, {"119/30/19": ("0607", "3-06"), "175/29/19": ("0709", "3-04"),
                                        "1150/183/12": ("0608", "2-01")},
                     phase="combat", flood="gradual_flood", d_day="1945-02-22", current="rapid")
    _, _, event = attack(rivers, state, "0608", ["119/30/19", "175/29/19"], 2, 2)
    assert event["defence"] == 3 and event["modifiers"] == []


# -- 9.63 and 19.41 ask the same question: the corps of 405/102/12 (errata E4) ----------------------

def us_attack_with_gun(data, scenario, gun):
    """405/102/12 attacks 1150/183/12 at 1012 from 1112; `gun` two hexes from 1012, next to no German."""
    return position(data, scenario, {"405/102/12": ("1112", "2-04"), "1150/183/12": ("1012", "2-01"), gun: "1214"},
                    phase="combat", weather="heavy_overcast")


@pytest.mark.parametrize("gun, allowed", [("990/13", True), ("991/12", False)])
def test_9_63_the_corps_of_405_102_12_is_the_campaigns_answer_for_artillery_support(rivers, scenario, gun, allowed):
    """9.63: artillery supports a stack with a unit of its own corps. The demo campaign gives
    405/102/12's corps as 13 (errata E4): a corps-13 gun may support it, a corps-12 gun may not,
    the same answer supply gives it for 19.41 (US 12th Corps out of supply on Game-Turns 1-6)."""
    state = us_attack_with_gun(rivers, scenario, gun)
    found = problems(rivers, state, [{"attack": "1012", "with": ["405/102/12"], "artillery": [gun]}])
    assert (found == []) is allowed
    if not allowed:
        assert found[0].startswith(f"{gun} cannot support this combat") and "(9.62-9.64)" in found[0]
    assert corps(GAME, rivers, "405/102/12") == "13"
    state["turn"] = 1
    supply.determine(GAME, rivers, state, [])
    assert state["supply"]["405/102/12"] == "in_supply"            # not 12th Corps: 19.41 does not apply


def test_e4_without_the_campaigns_answer_both_supply_and_support_refuse_naming_the_counter(scenario, tmp_path):
    """Errata E4: while `units.counters.405/102/12.corps` is unknown, 19.41 supply and 9.63 support
    both refuse, naming that path; neither falls back on the printed "/12"."""
    bare = without(tmp_path, "units.counters.405/102/12.corps")
    state = us_attack_with_gun(bare, scenario, "991/12")
    [message] = problems(bare, state, [{"attack": "1012", "with": ["405/102/12"], "artillery": ["991/12"]}])
    assert "`units.counters.405/102/12.corps`" in message
    state["turn"] = 1
    with pytest.raises(UnknownDataError) as error:
        supply.determine(GAME, bare, state, [])
    assert error.value.path == "units.counters.405/102/12.corps"


# -- 9.82, 9.86: an untried unit's steps are its chit's, drawn at its first loss --------------------

def mandatory_result(data, scenario, mandatory, extra=None):
    """A D(mandatory) result against 1150/183/12 (reduced 2-01: two steps left), which defended 1012
    alone (7.21); 1151/183/12 (class C, morale 2) sat out untried in the same hex (8.36)."""
    units = {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01", "reduced"), "1151/183/12": "1012"}
    units.update(extra or {})
    state = position(data, scenario, units, phase="combat")
    state["combats"] = [{"hex": "1012", "hexes": ["1012"], "attackers": ["119/30/19"], "defenders": ["1150/183/12"],
                         "advance": [], "chosen": {"1012": "1150/183/12"}, "advance_path": [], "attacker_side": "allied",
                         "result": {"D": {"flexible": 0, "mandatory": mandatory, "breakthrough": False}, "text": f"D({mandatory})"}}]
    state["awaiting_choice"] = {"kind": "losses", "side": "german", "hex": "1012", "result": "D"}
    return state


FIVE = ["1150/183/12", "1150/183/12", "1151/183/12", "1151/183/12", "1151/183/12"]


def test_9_86_9_82_five_losses_are_accepted_when_the_untried_hex_mates_chit_may_give_three_steps(data, scenario):
    """9.82 gives an untried unit no number of steps: its chit, drawn when it first loses a step
    (9.86: hex-mates lose steps once the participants have none), gives 3 (front strength 3 or
    more) or 2. D(5) against a two-step regiment and an untried one: five losses must be
    accepted, and four refused (the chit may give three steps)."""
    state = mandatory_result(data, scenario, 5)
    assert problems(data, state, [{"combat": "1012", "losses": FIVE}]) == []
    [message] = problems(data, state, [{"combat": "1012", "losses": FIVE[:4]}])
    assert message.startswith("5 step(s) must be lost if the chit of 1151/183/12 gives 3 step(s) (9.82, drawn at its first loss, 9.86)")


@pytest.mark.parametrize("face, chit, events", [
    (3, "2-03", ["cadre", "eliminated", "chit", "reduced", "cadre", "eliminated"]),   # C3: three steps (the pool is whole again: 2-01 went back, 8.52)
    (1, "2-01", ["cadre", "eliminated", "chit", "cadre", "eliminated"]),              # C2: two steps
])
def test_9_86_the_untried_units_chit_is_drawn_at_its_first_loss_and_decides_its_steps(data, scenario, face, chit, events):
    """9.86, 9.82: the chit is drawn (two-party dice, key chit/UNIT) at the untried unit's first
    step loss; a strong chit makes it lose three steps, a weak one two; either way nothing of the
    stack survives D(5), and no step is left over (the issue's case left a cadre standing)."""
    state = mandatory_result(data, scenario, 5)
    dice = ScriptedDice(face, 3, 3, keyed={"chit/": [face]})
    outcome = GAME.apply(data, state, "german", [{"combat": "1012", "losses": FIVE}], dice)
    kinds = [e["event"] for e in outcome.events if e["event"] in ("chit", "reduced", "cadre", "eliminated")]
    assert kinds[:len(events)] == events
    assert next(e for e in outcome.events if e["event"] == "chit") == {"event": "chit", "unit": "1151/183/12", "side": "german",
                                                                      "pool": "2", "chit": chit, "rule": "9.86"}
    assert "1150/183/12" not in state["units"] and "1151/183/12" not in state["units"]
    assert chit not in state["pools_out"]["2"]                        # 8.52: back to its pool


@pytest.mark.parametrize("face, survivors", [(3, {"Pol/12"}), (1, set())])
def test_9_86_a_step_the_untried_unit_cannot_lose_passes_to_the_next_unit_listed(data, scenario, face, survivors):
    """9.85/9.86: the listed losses are taken in order; an entry for a unit already eliminated (its
    chit gave two steps) is passed over, so the battalion listed last loses the step instead."""
    state = mandatory_result(data, scenario, 5, extra={"Pol/12": "1012"})
    order = {"combat": "1012", "losses": FIVE + ["Pol/12"]}
    assert problems(data, state, [order]) == []
    GAME.apply(data, state, "german", [order], ScriptedDice(3, 3, 3, keyed={"chit/": [face]}))
    assert {u for u in ("1150/183/12", "1151/183/12", "Pol/12") if u in state["units"]} == survivors
    state = mandatory_result(data, scenario, 5, extra={"Pol/12": "1012"})
    [message] = problems(data, state, [{"combat": "1012", "losses": FIVE + ["Pol/12", "Pol/12"]}])
    assert "more than any chit of an untried unit could need (6)" in message


def test_9_82_without_an_untried_unit_the_count_is_exact_as_before(data, scenario):
    """9.82: every unit's steps known: the answer lists exactly min(needed, steps there are)."""
    state = mandatory_result(data, scenario, 5)
    state["units"]["1151/183/12"].update(form="front", chit="2-02", steps=2)
    state["pools_out"]["2"].append("2-02")
    [message] = problems(data, state, [{"combat": "1012", "losses": FIVE}])
    assert message.startswith("4 step(s) must be lost: 5 mandatory") and message.endswith("`losses:` lists 5")


# -- 5.52: the movement class in the message ------------------------------------------------------------

def test_5_52_the_non_mechanized_road_cost_refusal_names_the_non_mechanized_class(data, scenario):
    """5.52 / 5.31: the refusal for the unknown strategic road cost of an infantry unit says
    "non-mechanized", not "mechanized"."""
    state = position(data, scenario, {"119/30/19": "0501"})
    [message] = problems(data, state, [{"move": "119/30/19", "path": ["0501", "0502"], "strategic": True}])
    assert "(non-mechanized, 5.52)" in message and "(mechanized, 5.52)" not in message


# -- 22.21 the German "may attempt" to blow a bridge -------------------------------------------------------

def koeln_move(data, scenario, ruse=None):
    """119/30/19 moves along the road into 0419, the Koeln bridge's western terminus (22.21)."""
    from tests.test_operation_grenade_rhine import KOELN_ROAD
    state = position(data, scenario, {"119/30/19": "0517"}, weather="heavy_overcast")
    order = {"move": "119/30/19", "path": list(KOELN_ROAD)}
    if ruse:
        order["ruse"] = True
    dice = ScriptedDice()
    outcome = GAME.apply(data, state, "allied", [order], dice)
    return state, outcome, dice


def test_22_21_a_move_into_a_western_terminus_asks_the_german_whether_to_attempt(data, scenario):
    """22.21: "the German player may attempt to blow each Rhine bridge ... only at the moment a US
    unit first enters its western terminus hex": the move pauses for his answer, nothing rolled."""
    state, outcome, dice = koeln_move(data, scenario)
    assert dice.asked == [] and "koeln" not in state["bridges"]
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind) == ("german", "response") and "Rhine bridge (22.21)" in waiting.phase
    assert waiting.opponents == ("allied",)                          # the roll needs the US player's dice too
    template = GAME.template(data, state, "german")
    assert template["orders"] == [{"bridge": "koeln", "attempt": True}]
    [message] = problems(data, state, [{"bridge": "koeln", "attempt": "maybe"}])
    assert "(22.21, 22.24)" in message
    assert problems(data, state, [{"bridge": "koeln", "attempt": False}]) == []


def test_22_21_the_german_declines_the_bridge_stands_for_the_rest_of_the_game(data, scenario):
    """22.21: declining is his choice; the attempt is once per game, so the bridge stands; no die
    is rolled; the US player goes on with the interrupted Movement Phase (21.13)."""
    state, _, _ = koeln_move(data, scenario, ruse=True)
    dice = ScriptedDice()
    outcome = GAME.apply(data, state, "german", [{"bridge": "koeln", "attempt": False}], dice)
    assert dice.asked == [] and state["bridges"] == {"koeln": "intact"}
    assert [e["event"] for e in outcome.events] == ["bridge_spared"]
    assert state["ruse_used"] is False                               # 22.23: no roll, so no ruse spent
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind, state["phase"]) == ("allied", "orders", "movement")
    from pbem.games.operation_grenade import rhine
    assert rhine.triggers(GAME, data, state, "allied", "0419") == []


def test_22_21_the_german_attempts_two_dice_are_rolled(data, scenario):
    """22.21, 22.22b: attempted, the bridge is blown on 4-11 with no German unit in 0320."""
    state, _, _ = koeln_move(data, scenario)
    dice = ScriptedDice(2, 2)
    outcome = GAME.apply(data, state, "german", [{"bridge": "koeln", "attempt": True}], dice)
    assert [p for p, _ in dice.asked] == ["bridge/koeln/1", "bridge/koeln/2"]
    assert state["bridges"] == {"koeln": "blown"} and [e["event"] for e in outcome.events] == ["bridge"]


def koeln_advance(data, scenario):
    """119/30/19 (0519) attacks 1150/183/12 in 0419, the Koeln bridge's western terminus, and is to
    advance (9.94); 120/30/19 (1112) then attacks 1151/183/12 (1012). D2 at 0419 (dice 5, 6: city
    line, 8:3 -> 2-1, 11); the German retreats 0320-0321 over the bridge; the advance follows the
    path of retreat into 0419 and pauses there for the German's answer (22.21)."""
    state = position(data, scenario, {"119/30/19": ("0519", "3-06"), "1150/183/12": ("0419", "2-01"),
                                      "120/30/19": ("1112", "3-01"), "1151/183/12": ("1012", "2-04")},
                     phase="combat", weather="heavy_overcast")
    GAME.apply(data, state, "allied", [{"attack": "0419", "with": ["119/30/19"], "advance": ["119/30/19"]},
                                       {"attack": "1012", "with": ["120/30/19"]}], ScriptedDice(5, 6))
    dice = ScriptedDice()
    outcome = GAME.apply(data, state, "german", [{"combat": "0419", "losses": [], "retreat": ["0320", "0321"]}], dice)
    return state, outcome, dice


def test_22_21_an_advance_into_a_western_terminus_pauses_for_the_germans_answer(data, scenario):
    """22.21 "only at the moment a US unit first enters its western terminus hex" (any entry, not
    only a move): the advance stops in 0419 and the combat resolution pauses for the German's
    answer; nothing is rolled, and the combat at 1012 waits (9.0)."""
    state, outcome, dice = koeln_advance(data, scenario)
    assert dice.asked == [] and "koeln" not in state["bridges"]
    assert state["units"]["119/30/19"]["hex"] == "0419" and [c["hex"] for c in state["combats"]] == ["0419", "1012"]
    assert [e["event"] for e in outcome.events][-2:] == ["advance", "awaiting"]
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind) == ("german", "response") and "Rhine bridge (22.21)" in waiting.phase
    assert "Combat Phase" in waiting.phase and waiting.opponents == ("allied",)       # the roll needs both players' dice
    template = GAME.template(data, state, "german")
    assert template["orders"] == [{"bridge": "koeln", "attempt": True}]
    assert "119/30/19 advanced after combat into 0419" in template["notes"][1] and "(9.0)" in template["notes"][1]
    [message] = problems(data, state, [{"bridge": "koeln", "attempt": "maybe"}])
    assert "(22.21, 22.24)" in message
    assert problems(data, state, [{"bridge": "koeln", "attempt": False}]) == []


def test_22_21_declined_after_an_advance_the_bridge_stands_and_the_combats_go_on(data, scenario):
    """22.21: declined, no die is rolled and the bridge stands for the rest of the game; the advance
    goes on where it stopped, over the bridge (22.25, a crossing for 28.21), then the next combat in
    the order declared (9.0)."""
    state, _, _ = koeln_advance(data, scenario)
    dice = ScriptedDice(3, 3)
    outcome = GAME.apply(data, state, "german", [{"bridge": "koeln", "attempt": False}], dice)
    assert [p for p, _ in dice.asked] == ["crt/2/1012/1", "crt/2/1012/2"]
    assert state["bridges"] == {"koeln": "intact"} and state["bridge_crossers"] == {"koeln": ["119/30/19"]}
    assert [e["event"] for e in outcome.events][:3] == ["bridge_spared", "advance", "combat"]
    assert outcome.events[1]["path"] == ["0320"] and state["units"]["119/30/19"]["hex"] == "0320"
    assert [c["hex"] for c in state["combats"]] == ["1012"] and "advancing" not in state["combats"][0]
    assert state["awaiting_choice"] == {"kind": "losses", "side": "german", "hex": "1012", "result": "D"}


def test_22_21_attempted_after_an_advance_two_dice_are_rolled_and_a_blown_bridge_ends_the_advance(data, scenario):
    """22.21, 22.22b: attempted, two dice (both players', the US adjudicates); 4 is in 4-11 with
    no German unit in 0320 (it retreated on to 0321): blown, so the advance may not cross (22.11,
    22.25) and stays in 0419; the combat at 1012 follows."""
    state, _, _ = koeln_advance(data, scenario)
    dice = ScriptedDice(2, 2, 3, 3)
    outcome = GAME.apply(data, state, "german", [{"bridge": "koeln", "attempt": True}], dice)
    assert [p for p, _ in dice.asked] == ["bridge/koeln/1", "bridge/koeln/2", "crt/2/1012/1", "crt/2/1012/2"]
    assert state["bridges"] == {"koeln": "blown"} and state["bridge_crossers"] == {}
    assert [e["event"] for e in outcome.events][:2] == ["bridge", "combat"]
    assert state["units"]["119/30/19"]["hex"] == "0419"


def us_retreat(data, scenario, retreat, volkssturm=None, extra=None):
    """119/30/19 in 0418 attacked 1150/183/12 in 0417 and got A(len(retreat)) (a result set by
    hand, as in `mandatory_result`): the US player retreats along `retreat`; `extra` units too."""
    state = position(data, scenario, {"119/30/19": ("0418", "3-01"), "1150/183/12": ("0417", "2-04"), **(extra or {})},
                     phase="combat", weather="heavy_overcast")
    state["volkssturm_units"] = []
    state["combats"] = [{"hex": "0417", "hexes": ["0417"], "attackers": ["119/30/19"], "defenders": ["1150/183/12"],
                         "advance": [], "chosen": {"0417": "1150/183/12"}, "advance_path": [], "attacker_side": "allied",
                         "result": {"A": {"flexible": len(retreat), "mandatory": 0, "breakthrough": False}, "text": f"A{len(retreat)}"}}]
    state["awaiting_choice"] = {"kind": "losses", "side": "allied", "hex": "0417", "result": "A"}
    dice = ScriptedDice()
    outcome = GAME.apply(data, state, "allied", [{"combat": "0417", "losses": [], "retreat": list(retreat)}], dice)
    return state, outcome, dice


@pytest.mark.parametrize("attempt, faces, result", [(False, (), "intact"), (True, (2, 2), "blown")])
def test_22_21_a_retreat_into_a_western_terminus_pauses_for_the_germans_answer(data, scenario, attempt, faces, result):
    """22.21 applies to a US retreat too (9.91): the resolution pauses for the German's answer; he
    declines (no die) or attempts (two dice, 22.22b); then the Combat Phase ends as it would have."""
    state, outcome, dice = us_retreat(data, scenario, ["0419"])
    assert dice.asked == [] and state["units"]["119/30/19"]["hex"] == "0419"
    waiting = GAME.awaiting(state)
    assert (waiting.side, waiting.kind, waiting.opponents) == ("german", "response", ("allied",))
    assert "retreated into 0419" in GAME.template(data, state, "german")["notes"][1]
    dice = ScriptedDice(*faces)
    GAME.apply(data, state, "german", [{"bridge": "koeln", "attempt": attempt}], dice)
    assert [p for p, _ in dice.main()] == (["bridge/koeln/1", "bridge/koeln/2"] if attempt else [])
    assert state["bridges"] == {"koeln": result}
    assert state["awaiting_choice"] is None and (state["side"], state["phase"]) == ("german", "movement")


def test_22_21_21_11_the_hexes_a_retreat_enters_after_the_terminus_are_rolled_after_the_answer(tmp_path, scenario):
    """9.91, 21.11: a retreat 0418-0419-0519 enters 0419 (the terminus) then 0519, next to a
    Volkssturm town at 0618 (TEST DATA): the town's roll waits for the German's bridge answer,
    then comes in the order the hexes were entered. (Pol/12 at 0420, a battalion without a ZOC,
    makes 0519 as far from the enemy as a two-hex retreat gets, 9.91.)"""
    from tests.test_operation_grenade_rhine import volkssturm_data
    town = volkssturm_data(tmp_path, {"0618": {"volkssturm_value": 1}})
    state, _, dice = us_retreat(town, scenario, ["0419", "0519"], extra={"Pol/12": "0420"})
    assert dice.asked == [] and state["awaiting_choice"]["then"] == [["119/30/19", "0519"]]
    dice = ScriptedDice(2, 2, 1)
    outcome = GAME.apply(town, state, "german", [{"bridge": "koeln", "attempt": True}], dice)
    assert [p for p, _ in dice.main()] == ["bridge/koeln/1", "bridge/koeln/2", "volkssturm/0618"]
    assert [e["event"] for e in outcome.events][:2] == ["bridge", "volkssturm"]


# -- templates and lists never stall on unknown data (issue 10, item 11) ---------------------------------

def test_24_12_a_defenders_template_in_rain_names_the_missing_air_value_instead_of_crashing(tmp_path, scenario):
    """24.12/24.15: the Air Points usable in rain are on the Weather Table, not in the text. The
    German's answer form before the rolls is still written; `air: true` is refused naming the path."""
    bare = without(tmp_path, "weather.states.rain.air_points_usable")
    state = position(bare, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", weather="rain")
    GAME.apply(bare, state, "allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice())
    assert GAME.awaiting(state).side == "german"
    template = GAME.template(bare, state, "german")
    assert template["orders"] == [{"defend": "1012", "artillery": [], "air": False}]
    assert any("`weather.states.rain.air_points_usable`" in note for note in template["notes"])
    [message] = problems(bare, state, [{"defend": "1012", "air": True}])
    assert "`weather.states.rain.air_points_usable`" in message
    assert problems(bare, state, [{"defend": "1012", "air": False}]) == []


def test_9_64_the_defenders_template_shows_the_attackers_support_in_words_not_a_python_dict(data, scenario):
    """9.64: the attacker announces first; the defender's form says what he announced, as text."""
    state = position(data, scenario, {"119/30/19": ("1112", "3-06"), "1150/183/12": ("1012", "2-01")},
                     phase="combat", weather="clear")
    GAME.apply(data, state, "allied", [{"attack": "1012", "with": ["119/30/19"], "air": True}], ScriptedDice())
    notes = "\n".join(GAME.template(data, state, "german")["notes"])
    assert "attacker's support: one Air Point" in notes and "{" not in notes


def test_5_0_the_movement_template_lists_the_sides_units(data, scenario):
    """5.0: the form names the units the side may move, with their hexes and Movement Allowances."""
    state = position(data, scenario, {"119/30/19": "1112", "13/8/7": "0108", "1150/183/12": "1012"})
    notes = GAME.template(data, state, "allied")["notes"]
    assert "  119/30/19 at 1112, MA 5" in notes and "  13/8/7 at 0108, MA 5" in notes
    assert not any("1150/183/12" in n for n in notes)


def test_9_21_the_combat_template_documents_the_multi_hex_attack_form(data, scenario):
    """9.21, 9.25: one combat against several hexes is written `attack: [HEX, HEX]`."""
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": "1012"}, phase="combat")
    notes = "\n".join(GAME.template(data, state, "allied")["notes"])
    assert 'attack: ["1207", "1307"]' in notes and "(9.21, 9.25)" in notes


def test_23_0_data_missing_and_data_template_name_the_counters_the_rules_name(tmp_path):
    """23.0: the variable German reinforcements are rolled for from the first German Movement
    Phase; `pbem data missing` names every counter the rules name that the data lacks, and `pbem
    data template` writes a form for it; entering such a unit refuses naming its counter."""
    from pbem.datatools import missing_report, override_template
    report = missing_report(without(tmp_path, "units.counters.757/338/58"), GAME)
    assert "units.counters.757/338/58    [printed on: the unit counter (2.22)]" in report
    assert "units.counters.941/353/58" not in report                    # the demo gives that one
    bare = load_game_data("operation-grenade")
    form = override_template(bare)
    assert "  units.counters.757/338/58:\n" in form and "  map.hexes.0419:\n" in form


def test_23_0_entering_a_reinforcement_without_a_counter_refuses_naming_it(tmp_path, scenario):
    data = without(tmp_path, "units.counters.757/338/58")
    state = position(data, scenario, {"1150/183/12": "1012"}, side="german")
    state["reinforcements"]["757/338/58"] = {"side": "german", "turn": 2, "entry": "0121"}
    notes = GAME.template(data, state, "german")["notes"]
    assert "  reinforcement available: 757/338/58, enters at 0121" in notes
    [message] = problems(data, state, [{"enter": "757/338/58", "path": ["0121"]}])
    assert "`units.counters.757/338/58`" in message


# -- 7.11 / 9.93: the owner eliminates the excess ------------------------------------------------------

def test_7_11_an_overstacked_hex_is_put_right_by_the_owner_eliminating_the_excess(data, scenario):
    """9.93: a retreat may overstack, corrected by the end of the next Friendly Movement Phase;
    7.11: "the excess must be eliminated by the owning Player". Before issue 10 pbem refused any
    movement orders while a hex was overstacked, so a side whose units could not move out had no
    legal order file."""
    state = position(data, scenario, {"1150/183/12": ("1012", "2-01"), "1151/183/12": "1012", "1152/183/12": "1012",
                                      "1218/176/12": "1012"}, side="german")
    [message] = problems(data, state, [])
    assert message == "1012 would hold 4 units at the end of movement; at most 3 (7.11): move units out, or `eliminate: UNIT` the excess"
    assert problems(data, state, [{"eliminate": "1150/183/12"}]) == []
    [message] = problems(data, state, [{"eliminate": "1150/183/12"}, {"eliminate": "1151/183/12"}])
    assert "only the excess" in message and "(7.11)" in message
    outcome = GAME.apply(data, state, "german", [{"eliminate": "1150/183/12"}], ScriptedDice())
    assert "1150/183/12" not in state["units"] and "2-01" not in state["pools_out"]["2"]        # 8.52
    assert {"event": "eliminated", "unit": "1150/183/12", "hex": "1012", "rule": "7.11"} in outcome.events
