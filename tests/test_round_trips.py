"""Issue 17 part 3: fewer wasted round trips.

- `pbem sign` runs the checks of `pbem check` first and refuses illegal orders (--no-check
  signs anyway; the signed file is the same either way, so the flag changes no adjudication);
- a phase in which the awaited side has no choice at all under the rules passes by itself,
  recorded in the save (Smithereens 11.1, Operation Grenade 9.11/9.12);
- a copy that is behind says which saves and files to adjudicate first;
- refusals of an unknown unit or hex id name the nearest valid ones.
(`pbem log` and its two hashes: tests/test_cli.py.)

Two-machine tests: two copies of the campaign folder, only signed files passing between them.
"""

import copy

import yaml
from tests import fastyaml

from pbem import campaign as camp
from pbem.dice import Dice
from pbem.games import get_game
from pbem.games.operation_grenade.combat import Attacks
from pbem.kit.orders import close_spellings, missing_sheet
from pbem.kit.sequence import PASSES

from .adversarial import util

GERMAN_KEY = util.DEMO_SRC / "keys" / "german"
ALLIANCE_KEY = util.DEMO_SRC / "keys" / "alliance"


def _machines(tmp_path, at: int):
    """Two copies of the demo campaign at save `at`: the German's and the alliance's machines,
    each with its own copy of its key (signing writes a ledger beside the key)."""
    copies = []
    for name, key in (("german", GERMAN_KEY), ("alliance", ALLIANCE_KEY)):
        home = tmp_path / name
        home.mkdir()
        folder = util.truncate(util.copy_campaign(util.demo_build(), home / "campaign"), at)
        (home / "key").write_bytes(key.read_bytes())
        copies.append((folder, home / "key"))
    return copies


def _orders_file(folder, side, orders, path):
    body = fastyaml.safe_load(camp.order_template(folder, side))
    body["orders"] = orders
    return util.write(path, yaml.safe_dump(body, sort_keys=False))


def _save(folder, number):
    return fastyaml.safe_load((folder / "steps" / f"{number:04d}" / "save.yaml").read_text())


# -- sign checks first ----------------------------------------------------------------------------

def test_sign_refuses_illegal_orders_and_signs_them_with_no_check(tmp_path):
    (german, german_key), _ = _machines(tmp_path, 0)
    orders = _orders_file(german, "german", [{"attack": "1918E", "with": ["ger-17id"]}], tmp_path / "o.yaml")
    line = util.assert_refused(util.pbem("sign", german, orders, "--key", german_key), "not signed:", str(orders))
    assert "ger-17id in 1820E is not adjacent to 1918E (11.1)" in line and "--no-check" in line
    assert not (tmp_path / "o.yaml.signed.txt").exists()
    util.assert_ok(util.pbem("sign", german, orders, "--key", german_key, "--no-check"))
    signed = (tmp_path / "o.yaml.signed.txt").read_text()
    normal = util.body_of(util.demo_build() / "steps" / "0001" / "orders-german.txt")
    assert set(util.parse_signed(signed, "x").body) == set(normal)     # nothing records the flag
    util.assert_refused(util.pbem("adjudicate", german, tmp_path / "o.yaml.signed.txt"), "not adjacent to 1918E (11.1)")


def test_sign_of_legal_orders_is_unchanged_by_the_check(tmp_path):
    (german, german_key), _ = _machines(tmp_path, 0)
    demo_orders = util.body_of(util.demo_build() / "steps" / "0001" / "orders-german.txt")["orders"]
    orders = _orders_file(german, "german", demo_orders, tmp_path / "o.yaml")
    util.assert_ok(util.pbem("sign", german, orders, "--key", german_key))
    assert util.body_of(tmp_path / "o.yaml.signed.txt")["orders"] == demo_orders


# -- a phase without a choice passes by itself ------------------------------------------------------

def test_a_phase_without_a_choice_passes_by_itself_on_both_machines(tmp_path):
    """Smithereens 11.1: "combat ("Prepared Assault") takes place between opposing adjacent units
    ... Attacking is always voluntary". In the demo's Turn 2 the Western army has no unit on the
    map, so after its movement its Prepared Assault Phase holds no choice: it passes by itself,
    recorded in save 7, instead of waiting for a signed empty orders file. (Save 6: the Soviet
    assault's one legal loss allocation was applied without asking, 11.30, behaviour 6.)"""
    (german, _), (alliance, alliance_key) = _machines(tmp_path, 6)
    assert _save(alliance, 6)["awaiting"]["phase"] == "Turn 2 Western movement"
    orders = _orders_file(alliance, "alliance", [], tmp_path / "western.yaml")
    util.assert_ok(util.pbem("sign", alliance, orders, "--key", alliance_key))
    util.assert_ok(util.pbem("adjudicate", alliance, tmp_path / "western.yaml.signed.txt"))
    mailed = util.write(tmp_path / "mail.txt", "> " + (tmp_path / "western.yaml.signed.txt").read_text().replace("\n", "\n> "))
    util.assert_ok(util.pbem("adjudicate", german, mailed))
    assert util.snapshot(german) == util.snapshot(alliance)
    save = _save(german, 7)
    assert save["awaiting"] == {"side": "german", "kind": "orders", "phase": "Turn 2 German movement",
                                "opponents": ["alliance"], "done": False}
    assert {"event": "passed", "side": "alliance", "phase": "Turn 2 Western prepared assaults",
            "why": "no Western unit is adjacent to an enemy unit, and a Prepared Assault takes place only "
                   "between opposing adjacent units (11.1)"} in save["events"]
    assert "Turn 2 Western prepared assaults: alliance has no choice" in (german / "steps" / "0007" / "report.txt").read_text()
    assert util.assert_ok(util.pbem("verify", german)).startswith("OK:")


def test_a_phase_with_a_choice_still_waits_for_orders(tmp_path):
    """11.1: the Soviet units next to the German stacks may attack (voluntary): a choice, so the
    Soviet Prepared Assault Phase waits for the alliance's orders."""
    (german, _), _ = _machines(tmp_path, 4)
    assert _save(german, 4)["awaiting"]["phase"] == "Turn 2 Soviet prepared assaults"
    game = get_game("smithereens")
    campaign = camp.open_campaign(german)
    assert game.assault_without_choice(campaign.data, _save(german, 4)["state"]) is None


def test_a_campaign_set_up_before_the_change_keeps_waiting_for_the_empty_orders(tmp_path):
    """A running campaign's recorded steps must replay as they were: a state without the
    PASSES key (set up by an earlier pbem) does not pass phases by itself."""
    (german, _), _ = _machines(tmp_path, 6)
    campaign = camp.open_campaign(german)
    state = copy.deepcopy(_save(german, 6)["state"])
    del state[PASSES]
    outcome = campaign.game.apply(campaign.data, state, "alliance", [], Dice(None, "no dice"))
    assert campaign.game.awaiting(outcome.state).phase == "Turn 2 Western prepared assaults"
    assert not any(e["event"] == "passed" for e in outcome.events)


def test_operation_grenade_combat_without_adjacent_enemies_has_no_choice():
    """9.11/9.12: combat is between adjacent units. With the German units next to the Allies
    there is a combat to declare; with none adjacent there is no choice."""
    bundled = util.ROOT / "examples" / "operation-grenade-demo" / "campaign"
    campaign = camp.open_campaign(bundled)
    game = campaign.game
    state = next(s["state"] for s in (campaign.load_save(n)[0] for n in campaign.step_numbers())
                 if s["state"]["phase"] == "combat" and not s["state"]["awaiting_choice"])
    side = state["side"]
    assert Attacks.no_choice(game, campaign.data, state) is None
    far = copy.deepcopy(state)
    far["units"] = {u: v for u, v in far["units"].items() if v["side"] == side}
    assert Attacks.no_choice(game, campaign.data, far) == (
        f"no {side} unit is adjacent to an enemy unit, so there is no combat to declare "
        "(9.11, 9.12: combat is between adjacent units)")


# -- behind ----------------------------------------------------------------------------------------

def test_orders_from_a_copy_ahead_say_which_saves_to_adjudicate_first(tmp_path):
    """The alliance's machine is at save 2; the German's still at save 0. Orders the alliance
    signs for save 2 reach the German: not "stale or replayed", but what to do."""
    (german, _), (alliance, _) = _machines(tmp_path, 0)
    util.copy_campaign(util.demo_build() / "steps" / "0001", alliance / "steps" / "0001")
    util.copy_campaign(util.demo_build() / "steps" / "0002", alliance / "steps" / "0002")
    assert util.assert_ok(util.pbem("verify", alliance)).startswith("OK: 3 saves")
    ahead = util.demo_build() / "steps" / "0003" / "orders-alliance.txt"      # signed on the alliance's copy
    line = util.assert_refused(util.pbem("adjudicate", german, ahead), "BEHIND:", str(ahead))
    assert ("orders were written for save 2 but this copy of the campaign is at save 0: adjudicate saves 1–2 first "
            "(files: the signed orders of german for save 0, orders-german-0000.yaml.signed.txt as `pbem sign` "
            "names it, with any reveal it needs; then those of each later step, as they were sent)") in line
    one_behind = util.truncate(util.copy_campaign(util.demo_build(), tmp_path / "one"), 1)
    util.assert_check_refused(util.pbem("check", one_behind, ahead), "adjudicate save 2 first (files: the signed "
                              "response of alliance for save 1", str(ahead))


# -- did you mean ----------------------------------------------------------------------------------

def test_did_you_mean_names_the_sheet_and_the_spelling():
    assert missing_sheet("1918", ["1918E", "1918W", "1919E", "2018E", "19180"]) == ["1918E", "1918W"]
    assert missing_sheet("1918E", ["1818E", "1918W"]) == []          # a hex with its sheet: no guess at another
    assert close_spellings("ger-46zp", ["ger-46pz", "ger-73id", "sov-47a"]) == ["ger-46pz"]
    assert close_spellings("gradual_flood", ["ger-46pz", "1918E"]) == []


def test_check_and_adjudicate_name_the_nearest_ids(tmp_path):
    (german, german_key), _ = _machines(tmp_path, 0)
    orders = _orders_file(german, "german", [{"attack": 1918, "with": ["ger-46zp"]}], tmp_path / "o.yaml")
    problems = util.assert_check_refused(util.pbem("check", german, orders), "did you mean", str(orders))
    assert problems == [f"{orders}:10: no enemy units in 1918 to attack (11.1) — 1918: did you mean 1918E?; "
                        "ger-46zp: did you mean ger-46pz? (order 1)"]
    util.assert_ok(util.pbem("sign", german, orders, "--key", german_key, "--no-check"))
    util.assert_refused(util.pbem("adjudicate", german, tmp_path / "o.yaml.signed.txt"),
                        "1918: did you mean 1918E?; ger-46zp: did you mean ger-46pz?")


def test_operation_grenade_combat_phase_without_adjacent_units_passes_by_itself():
    """9.11, 9.12: "Every non-Phasing unit adjacent to a Phasing unit must be attacked ... All the
    Phasing Player's units ending their Movement Phase adjacent to Enemy units must attack". An
    Allied reinforcement entering at 0301 (27.3) with no German unit on the map leaves the Allied
    Combat Phase nothing to declare: it passes by itself and the German Player-Turn begins."""
    from tests.test_operation_grenade_rules import GAME, ScriptedDice, position
    from pbem.gamedata import load_scenario
    data = camp.open_campaign(util.ROOT / "examples" / "operation-grenade-demo" / "campaign").data
    state = position(data, load_scenario("operation-grenade", "operation-grenade")[0], turn=4)
    state[PASSES] = True                               # as `setup` writes it in a new campaign
    assert not any(v["side"] == "german" for v in state["units"].values())
    outcome = GAME.apply(data, state, "allied", [{"enter": "393/99/7", "path": ["0301"]}], ScriptedDice())
    assert {"event": "passed", "side": "allied", "phase": "Game-Turn 4 (1945-02-20) Allied Combat Phase (9.0)",
            "why": "no allied unit is adjacent to an enemy unit, so there is no combat to declare "
                   "(9.11, 9.12: combat is between adjacent units)"} in outcome.events
    assert (state["side"], state["phase"]) == ("german", "movement")


# -- what signed orders kept in pending/ wait for ---------------------------------------------------

def test_sign_and_status_say_whether_kept_orders_wait_for_a_reveal(tmp_path):
    """Orders whose step rolls no die need no reveal (the opponent's inbox records the step and
    sends nothing back): `sign` and `status` say so and name the command that records it here,
    instead of sending the mover to wait for a reveal that never comes."""
    (german, _), (alliance, alliance_key) = _machines(tmp_path, 6)
    orders = _orders_file(alliance, "alliance", [], tmp_path / "western.yaml")
    signed = util.assert_ok(util.pbem("sign", alliance, orders, "--key", alliance_key))
    advice = f"their step rolls no die and needs no reveal: `pbem inbox {alliance} {alliance / 'pending' / 'orders-alliance.txt'}` records it here"
    assert f"these orders: {advice}" in signed
    assert advice in util.assert_ok(util.pbem("status", alliance))
    assert "recorded save 7" in util.assert_ok(util.pbem("inbox", alliance, alliance / "pending" / "orders-alliance.txt"))


def test_kept_orders_the_rules_refuse_say_how_to_sign_again(tmp_path):
    """A file signed with --no-check that the rules refuse (the opponent refuses it too): `status`
    says so and how to sign corrected orders; signing other orders names the kept file."""
    (_, _), (alliance, alliance_key) = _machines(tmp_path, 6)
    bad = _orders_file(alliance, "alliance", [{"move": "sov-2gta", "path": ["20.19"]}], tmp_path / "bad.yaml")
    util.assert_ok(util.pbem("sign", alliance, bad, "--key", alliance_key, "--no-check"))
    status = util.assert_ok(util.pbem("status", alliance))
    assert f"they are refused here ({alliance / 'pending' / 'orders-alliance.txt'}: " in status
    assert f"if the opponent refuses them too, delete {alliance / 'pending'} and sign corrected orders" in status
    good = _orders_file(alliance, "alliance", [], tmp_path / "good.yaml")
    refused = util.pbem("sign", alliance, good, "--key", alliance_key)
    assert refused.exit_code == 1 and "other orders for save 6 are already signed and kept in" in refused.stderr
    assert f"delete {alliance / 'pending'} and sign again" in refused.stderr


# -- a loss allocation with one legal answer is not asked (Smithereens behaviour 6) ---------------

def test_the_forced_loss_choice_of_the_frozen_demo_is_one_round_trip_saved():
    """Smithereens 11.30: "no involved unit may be entirely eliminated before all involved units have
    been reduced to a single strength step." The pbem 0.6.0 demo (behaviour 5) asked the German for
    the Turn 2 loss choice (1 loss point against ger-46pz at 1 step and ger-73id at 2) in save 6
    and he signed the only legal answer, `ger-73id: 1`; the 0.6.0 demo's later answer (the Turn 3
    mobile assault's 1 point against two one-step units) was a real choice. The behaviour 6 demo
    applies the forced one without asking: 12 saves and 16 signatures instead of 14 and 18 (the
    rebuilt chain rolls a different mobile assault die, 2/0, so that answer is not needed either)."""
    frozen = camp.open_campaign(util.ROOT / "tests" / "compat" / "smithereens-demo-0.6.0-e4c14a9a" / "campaign")
    game, asked = frozen.game, {}
    for number in frozen.step_numbers():
        save = frozen.load_save(number)[0]
        battles = {"response": save["state"].get("pending"), "ma_response": [(save["state"].get("mobile") or {}).get("answer")]}
        for battle in battles.get(save["state"]["phase"]) or []:
            if battle["army"] != "german":            # 11.25, 11.28: an Alliance defender may retreat, a choice
                asked[save["awaiting"]["phase"]] = game.forced_steps(frozen.data, save["state"], battle)
    assert asked == {"Turn 2 Soviet loss choices": {"ger-46pz": 0, "ger-73id": 1},
                     "Turn 3 Soviet mobile assault at 1819E: step losses": None}
    answer = util.body_of(util.ROOT / "tests" / "compat" / "smithereens-demo-0.6.0-e4c14a9a" / "campaign" / "steps" / "0007"
                          / "orders-german.txt")["orders"]
    assert answer == [{"battle": "1819E", "steps": {"ger-73id": 1}}]
    bundled = camp.open_campaign(util.ROOT / "examples" / "smithereens-demo" / "campaign")
    phases = [bundled.load_save(n)[0]["awaiting"]["phase"] for n in bundled.step_numbers()]
    assert "Turn 2 Soviet loss choices" not in phases and len(phases) == 12
