"""Dark December 25.0 Fog of War (optional) on the hidden-information core, played on the bundled
example's DEMONSTRATION DATA (examples/dark-december-demo/, made up, not the game's).

25.0 Fog of War (Optional): "A. Neither side may examine enemy stacks until committing units to
the attack. B. Both sides should keep their OBs out of view of the other."
"""

import shutil
from pathlib import Path

import pytest
from tests import fastyaml

from pbem import campaign as camp
from pbem.demo import DEMO_SENT, demo_commitment, demo_folder, demo_plan
from pbem.errors import PbemError
from pbem.games import get_game
from pbem.hidden.private import find_private
from pbem.hidden.steps import hidden_of, own_view
from pbem.keys import key_id, load_private_key
from pbem.signing import parse_signed
from pbem.yamlio import dump_yaml, parse_yaml_text

from .conftest import forge_signed, tree_bytes
from .leaks import find_leaks

EXAMPLE = demo_folder("dark-december-demo")
SEATS = ("german", "allies")


def keys() -> dict:
    return {s: load_private_key(EXAMPLE / "keys" / s) for s in SEATS}


def new_campaign(tmp_path: Path, **options: str) -> camp.Campaign:
    k = keys()
    return camp.create_campaign(tmp_path / "campaign", "dark-december", "turning-point",
                                {s: key_id(k[s].public_key()) for s in SEATS},
                                {s: demo_commitment(k[s], "dd-fog", s) for s in SEATS},
                                EXAMPLE / "data-override.yaml", title="fog test (demonstration data)",
                                options={"reserves": "true", "fog": "true", **options})


def play(campaign: camp.Campaign, side: str, orders: list) -> camp.StepResult:
    """`side` signs as `pbem sign` does (an owner step sealed into its private part); the other adjudicates with its key."""
    template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
    template["orders"] = orders
    path = campaign.folder.parent / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
    path.write_text(camp.sign_orders(campaign, template, keys()[side], sent=DEMO_SENT))
    return camp.adjudicate(campaign.folder, [path], key=keys()[next(s for s in SEATS if s != side)], sent=DEMO_SENT)


def stacked(tmp_path: Path) -> camp.Campaign:
    """Turning Point's fuel roll and the Allies' pick, then the German movement puts ger-pz2 on ger-inf2 (1313)."""
    campaign = new_campaign(tmp_path)
    play(campaign, "german", [])                                   # 8.7 the fuel roll
    play(campaign, "allies", [{"deplete": "ger-demo-pz"}])         # 8.7.1 A
    play(campaign, "german", [{"reserve": "ger-pz1"}, {"move": "ger-inf1", "path": ["1311", "1211"]},
                              {"move": "ger-pz2", "path": ["1414", "1413", "1313"]}])
    return campaign


def test_a_stack_shows_its_top_unit_only_and_its_owner_sees_all(tmp_path):
    """25.0 A: the Allies see 1313's top unit and that one unit lies under it; the German view holds it."""
    campaign = stacked(tmp_path)
    number, save, _ = campaign.latest()
    assert save["hidden"] == {"allies": {}, "german": {"1313/1": save["hidden"]["german"]["1313/1"]}}
    assert save["dice"] is None and save["state"]["phase"] == "combat"            # an owner step
    public = save["state"]["units"]
    assert public["ger-inf2"]["hex"] == "1313" and "ger-pz2" not in public
    assert "ger-pz2" not in save["state"]["moved"]
    part = find_private(campaign.folder, campaign.id, "german")
    view = own_view(campaign, number, save, "german", part)
    assert view["units"]["ger-pz2"] == {"side": "german", "hex": "1313", "steps": 2, "reserve": False}
    assert view["moved"] == ["ger-inf1", "ger-pz2"]
    with pytest.raises(PbemError, match="german holds hidden items in save 3; this needs german's private part"):
        own_view(campaign, number, save, "german", None)
    report = (campaign.step_dir(number) / "report.txt").read_text()
    assert "ger-pz2" not in report and "under fog of war (25.0)" in report


def test_committing_units_to_the_attack_opens_the_stacks_of_the_battle(tmp_path):
    """25.0 A "until committing units to the attack": the German attack on 1111 opens the stacks
    within three hexes of it (reading DD11), here 1313, in the Allies' reveal-carrying step."""
    campaign = stacked(tmp_path)
    play(campaign, "german", [{"attack": "1111", "with": ["ger-inf1"]}])
    save = campaign.latest()[1]
    assert save["hidden"]["german"] == {} and save["state"]["units"]["ger-pz2"]["hex"] == "1313"
    assert save["state"]["phase"] == "declare"


def test_a_quiet_turn_keeps_the_stack_hidden_leaks_nothing_and_verifies_with_each_part(tmp_path):
    """The German stack stays hidden through the Allied player turn (their movement an owner step,
    the German reserve's reaction, 7.1.4, another); the Allied fuel roll's count is applied at the
    German Movement Phase (8.7.5, 8.7.1 A), where the supply of every German unit is judged (8.1 A).
    Nothing either side receives names the hidden unit or a salt; verify passes with each part."""
    campaign = stacked(tmp_path)
    play(campaign, "german", [])                                   # no battle
    play(campaign, "german", [])                                   # construction: the Allied player turn
    state = campaign.latest()[1]["state"]
    assert state["side"] == "allies" and state["fog_due"] == {} and "ger-pz2" not in state["supply"]
    play(campaign, "allies", [{"move": "us-inf2", "path": ["1013", "1012"]}])
    assert campaign.latest()[1]["state"]["phase"] == "reaction"    # the German reserve on the map
    play(campaign, "german", [{"move": "ger-pz1", "path": ["1412", "1312"]}])
    play(campaign, "allies", [])
    play(campaign, "allies", [{"fuel_choice": ["ger-demo-pz"]}])
    number, save, _ = campaign.latest()
    assert save["state"]["fog_due"] == {"fuel_count": 1} and save["state"]["fuel_due"] == 0
    assert list(save["hidden"]["german"]) == ["1313/1"]
    view = own_view(campaign, number, save, "german", find_private(campaign.folder, campaign.id, "german"))
    template = get_game("dark-december").template(campaign.data, view, "german")
    assert template["notes"][0].startswith("Game-Turn 10 german player turn: movement")
    play(campaign, "german", [])
    number, save, _ = campaign.latest()
    view = own_view(campaign, number, save, "german", find_private(campaign.folder, campaign.id, "german"))
    assert "fog_due" not in view and view["fuel_out"] == ["ger-demo-pz"]          # the Allies' standing choice
    assert view["supply"]["ger-pz2"] in ("supplied", "unsupplied", "isolated")    # judged with the whole German side
    parts = {s: p for s in SEATS if (p := find_private(campaign.folder, campaign.id, s)) is not None}
    assert set(parts) == {"german", "allies"}
    leaks, searched = find_leaks(campaign.folder, parts)
    assert leaks == [] and searched >= 4
    assert camp.verify(campaign.folder).ok
    for side, part in parts.items():
        assert camp.verify(campaign.folder, part.folder).ok, side


def test_fog_is_an_option_and_old_campaigns_play_in_the_open(tmp_path):
    """25.0 is optional: absent (every campaign begun before it), saves hide nothing; with surrender
    (8.6) it is refused, since 8.6 A judges the enemy's isolated units, which fog keeps from a side."""
    game = get_game("dark-december")
    assert "fog" not in game.options({}) and game.options({"fog": "false"})["fog"] is False
    assert game.hidden is not None and not game.hidden.active(game.options({}))
    assert any(r.startswith("25.0 fog of war (optional, `--option fog=true`) is not chosen") for r in game.not_enforced_for({}))
    with pytest.raises(PbemError, match="options fog=true and surrender=true cannot be played together"):
        game.options({"fog": "true", "surrender": "true"})
    campaign = new_campaign(tmp_path, fog="false")
    save = campaign.latest()[1]
    assert "hidden" not in save and "fog_reserves" not in save["state"]
    header = fastyaml.safe_load((campaign.folder / "campaign.yaml").read_text())
    assert header["options"]["fog"] is False


def test_the_allies_check_at_once_what_they_can_of_a_hidden_german_move(tmp_path):
    """Hostile input: an owner step's public result may change neither the enemy's units nor the
    step the sequence of play puts next (7.1.3-7.1.5); the Allies' copy refuses it unchanged."""
    campaign = new_campaign(tmp_path)
    play(campaign, "german", [])
    play(campaign, "allies", [{"deplete": "ger-demo-pz"}])
    template = parse_yaml_text(camp.order_template(campaign.folder, "german"), "template")
    template["orders"] = [{"move": "ger-pz2", "path": ["1414", "1413", "1313"]}]
    body = parse_signed(camp.sign_orders(campaign, template, keys()["german"], sent=DEMO_SENT), "orders").body
    assert set(body["hidden"]) == {"result"} and body["orders"] == []          # the moves stay in the German part
    allies = tmp_path / "allies-copy"
    shutil.copytree(campaign.folder, allies)
    forged = tmp_path / "forged.txt"
    for change, refusal in ((lambda s: s["units"]["us-inf1"].update(steps=1), "the other side's units, supply"),
                            (lambda s: s.update(phase="construction"), r"after the movement step comes reaction or combat")):
        tampered = fastyaml.safe_load(dump_yaml(body))
        change(tampered["hidden"]["result"]["state"])
        forged.write_text(forge_signed(allies, tampered, keys()["german"]))
        before = tree_bytes(allies)
        with pytest.raises(PbemError, match="CHEATED: step 3 of german: " + refusal):
            camp.adjudicate(allies, [forged])
        assert tree_bytes(allies) == before


def test_the_demo_game_turn_plays_under_fog_of_war(tmp_path):
    """The bundled example's Game-Turn (a reaction, a counterattack, a retreat choice, a victorious
    defender's advance, bridge demolitions) with `fog=true` and ger-pz2 stacked on ger-inf2: every
    Movement and Reaction Phase an owner step, the battles resolved on the opened stacks; nothing
    leaks, and verify passes with each side's private part."""
    plan = demo_plan("dark-december")
    campaign = new_campaign(tmp_path)
    planned = iter(plan.orders)
    played = []
    while not campaign.latest()[1]["awaiting"]["done"]:
        number, save, _ = campaign.latest()
        side = save["awaiting"]["side"]
        if save["awaiting"]["kind"] == "response":
            orders = plan.respond(campaign, own_view(campaign, number, save, side, find_private(campaign.folder, campaign.id, side)))
        else:
            planned_side, orders = next(planned, (None, None))
            if orders is None:
                break
            assert planned_side == side
            if save["state"]["phase"] == "movement" and side == "german":
                orders = orders + [{"move": "ger-pz2", "path": ["1414", "1413", "1313"]}]
        result = play(campaign, side, orders)
        owner = "result" in (camp.read_stored(campaign.step_dir(result.number) / f"orders-{side}.txt").body.get("hidden") or {})
        played.append((save["state"]["phase"], side, owner))
    assert [p for p in played if p[2]] == [("movement", "german", True), ("movement", "allies", True), ("reaction", "german", True)]
    assert [p[0] for p in played] == ["fuel_roll", "fuel_pick", "movement", "combat", "declare", "answer", "answer", "answer",
                                      "construction", "movement", "reaction", "combat", "construction"]
    assert list(campaign.load_save(3)[0]["hidden"]["german"]) == ["1313/1"]
    assert campaign.load_save(4)[0]["hidden"]["german"] == {}               # the attack on 1111 opened it (DD11)
    parts = {s: p for s in SEATS if (p := find_private(campaign.folder, campaign.id, s)) is not None}
    assert find_leaks(campaign.folder, parts)[0] == []
    assert camp.verify(campaign.folder).ok and all(camp.verify(campaign.folder, p.folder).ok for p in parts.values())


def test_the_public_check_allows_what_a_hidden_move_does_to_the_enemy_and_nothing_else(tmp_path):
    """14.5 E "Reserve units that ... find themselves adjacent to enemy units immediately lose their reserve
    status": a hidden German move next to an Allied reserve ends it, which the Allies' check accepts; ending
    a reserve out of contact is refused. 17.2: a fortification the mover vacates goes; one still held may not."""
    campaign = new_campaign(tmp_path)
    game, data = get_game("dark-december"), campaign.data
    before = campaign.latest()[1]["state"] | {"phase": "movement", "side": "german"}
    before = fastyaml.safe_load(dump_yaml(before))
    before["units"]["us-inf2"]["reserve"] = True                     # 1013
    before["units"]["us-eng1"]["reserve"] = True                     # 1113
    after = fastyaml.safe_load(dump_yaml(before)) | {"phase": "combat"}
    after["units"]["ger-inf1"]["hex"] = "1112"                       # next to us-eng1 (1113), not to us-inf2
    after["units"]["us-eng1"]["reserve"] = False
    assert game.hidden.public_problems(data, before, after, "german") == []
    after["units"]["us-inf2"]["reserve"] = False
    assert game.hidden.public_problems(data, before, after, "german")[0].startswith("the other side's units, supply")
    after["units"]["us-inf2"]["reserve"] = True
    before["forts"] = ["1311", "1313"]
    after["forts"] = ["1313"]                                         # ger-inf1 left 1311: its fortification goes
    assert game.hidden.public_problems(data, before, after, "german") == []
    after["forts"] = []                                               # ger-inf2 still holds 1313
    assert game.hidden.public_problems(data, before, after, "german")[0].startswith("the other side's units, supply")


def test_a_hidden_unit_keeps_its_strategic_movement_marker_out_of_the_public_state():
    """25.0 A with 10.4 (behaviour 3): a unit in strategic movement hidden under a stack's top unit takes its marker
    (and 20.1 C's note) into its owner's private item; the public state names only what the top units show."""
    from pbem.gamedata import load_game_data
    from tests.test_dark_december_rules import position
    game = get_game("dark-december")
    data = load_game_data("dark-december", EXAMPLE / "data-override.yaml")
    state = position(data, {"ger-inf1": "1313", "ger-pz2": "1313", "us-inf1": "1111"}, fog="true")
    state.update(strategic=["ger-pz2"], clear_arrivals=["ger-pz2"])
    public, items = game.hidden.split(data, state, "german")
    assert public["strategic"] == [] and public["clear_arrivals"] == [] and list(public["units"]) == ["ger-inf1", "us-inf1"]
    assert items["1313/1"]["unit"] == "ger-pz2" and items["1313/1"]["lists"] == ["strategic", "clear_arrivals"]
    merged = game.hidden.merge(data, public, "german", items)
    assert merged["strategic"] == ["ger-pz2"] and merged["clear_arrivals"] == ["ger-pz2"]
    # the top unit is one with a ZOC (12.2: none in strategic movement), so the public ZOCs are the stack's
    state = position(data, {"ger-inf1": "1313", "ger-pz2": "1313", "us-inf1": "1111"}, fog="true")
    state["strategic"] = ["ger-inf1"]
    public, items = game.hidden.split(data, state, "german")
    assert list(public["units"]) == ["ger-pz2", "us-inf1"] and items["1313/1"]["unit"] == "ger-inf1"
