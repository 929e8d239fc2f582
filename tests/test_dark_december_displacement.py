"""Dark December 15.5 D commander displacement (optional commanders, behaviour 5; docs/errata.md DD19).

The map is the demonstration block of tests/test_dark_december_rules.py (columns 10-14, rows 10-14). From 1211
(the Allied leader's hex) 1113 and 1213 are two hexes away, 1014 four.
"""

from pbem.games.dark_december import GAME
from tests.test_dark_december_rules import LEADER, apply, base, changed, data, messages, position  # noqa: F401


def allied_leader(data):
    """An Allied leader (DEMONSTRATION values, not a counter of the game)."""
    return changed(data, {"units.units.counters.us-ldr": {**LEADER, "side": "allies", "nationality": "us"},
                          "units.units.counters.ger-ldr": LEADER})


def test_15_5_d_a_combat_unit_moves_through_a_lone_leader_which_goes_to_the_nearest_supplied_unit(data):
    """15.5 D: "Leaders not stacked with a friendly combat unit are displaced by an enemy combat (not commander) unit
    moving into or through its hex. Relocate a displaced leader to the nearest supplied friendly combat unit or
    stack." One nearest unit (1113, two hexes; 1014 four): no answer is asked, the move goes on through the hex."""
    data = allied_leader(data)
    state = position(data, {"us-ldr": "1211", "us-inf1": "1113", "us-inf2": "1014", "ger-inf1": "1311"}, commanders="true")
    order = [{"move": "ger-inf1", "path": ["1311", "1211", "1111"]}]
    assert messages(GAME.check(data, state, "german", order)) == []
    events = apply(data, state, "german", order)
    assert {"event": "displaced", "leader": "us-ldr", "from": "1211", "to": "1113", "by": "ger-inf1"} in events
    assert state["units"]["us-ldr"]["hex"] == "1113" and state["units"]["ger-inf1"]["hex"] == "1111"
    assert state["phase"] == "combat" and state["pending"] is None


def test_15_5_d_the_owner_chooses_between_equidistant_stacks(data):
    """15.5 D: "If two or more supplied friendly units or stacks are equidistant, the owning side may choose between
    them." 1113 and 1213 are both two hexes from 1211: the Allies answer inside the German Movement Phase (the
    `answer` entry), then the Combat Phase follows."""
    data = allied_leader(data)
    state = position(data, {"us-ldr": "1211", "us-inf1": "1113", "us-inf2": "1213", "ger-inf1": "1311"}, commanders="true")
    events = apply(data, state, "german", [{"move": "ger-inf1", "path": ["1311", "1211"]}])
    assert {"event": "displaced", "leader": "us-ldr", "from": "1211", "choice": ["1113", "1213"], "by": "ger-inf1"} in events
    assert state["phase"] == "answer" and GAME.awaiting(state).side == "allies"
    assert state["pending"] == {"kind": "displace", "side": "allies", "battle": 0, "leaders": {"us-ldr": ["1113", "1213"]},
                                "resume": {"step": "movement", "side": "german", "orders": []}}
    assert GAME.label(state) == "Game-Turn 9 german player turn: allies places the displaced leader(s) us-ldr (15.5 D)"
    assert GAME.template(data, state, "allies")["orders"] == [{"displace": "us-ldr", "to": "1113"}]
    assert messages(GAME.check(data, state, "allies", [{"displace": "us-ldr", "to": "1014"}])) == [
        "us-ldr goes to one of the equidistant supplied friendly combat units: 1113, 1213 (15.5 D)"]
    assert messages(GAME.check(data, state, "allies", [])) == [
        "answer each displaced leader once: `displace: LEADER, to: HEX` for us-ldr (15.5 D)"]
    events = apply(data, state, "allies", [{"displace": "us-ldr", "to": "1213"}])
    assert {"event": "displaced", "leader": "us-ldr", "to": "1213", "chosen": True} in events
    assert state["units"]["us-ldr"]["hex"] == "1213" and state["phase"] == "combat" and state["pending"] is None


def test_15_5_d_only_supplied_units_count(data):
    """15.5 D "the nearest supplied friendly combat unit": an unsupplied one (8.1, the owner's marker) is passed over."""
    data = allied_leader(data)
    state = position(data, {"us-ldr": "1211", "us-inf1": "1113", "us-inf2": "1014", "ger-inf1": "1311"}, commanders="true")
    state["supply"] = {"us-inf1": "unsupplied"}
    apply(data, state, "german", [{"move": "ger-inf1", "path": ["1311", "1211"]}])
    assert state["units"]["us-ldr"]["hex"] == "1014" and state["phase"] == "combat"


def test_15_5_d_who_displaces_and_who_is_displaced(data):
    """15.5 D: a leader does not displace ("an enemy combat (not commander) unit"), nor is a leader stacked with a
    friendly combat unit displaced: 10.2 D forbids those moves; with no supplied friendly combat unit on the map the
    text does not say where the leader goes, and the move is refused."""
    data = allied_leader(data)
    state = position(data, {"us-ldr": "1211", "us-inf1": "1113", "ger-ldr": "1311", "ger-inf1": "1312"}, commanders="true")
    assert messages(GAME.check(data, state, "german", [{"move": "ger-ldr", "path": ["1311", "1211"]}])) == [
        "1211 holds enemy units (10.2 D)"]
    state["units"]["us-inf2"] = {"side": "allies", "hex": "1211", "steps": 2, "reserve": False}
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1312", "1211"]}])) == [
        "1211 holds enemy units (10.2 D)"]
    alone = position(data, {"us-ldr": "1211", "ger-inf1": "1311"}, commanders="true")
    assert messages(GAME.check(data, alone, "german", [{"move": "ger-inf1", "path": ["1311", "1211"]}])) == [
        "ger-inf1 would displace us-ldr at 1211, and no supplied allies combat unit is on the map to relocate it to "
        "(15.5 D does not say where it goes then)"]


def test_15_5_d_older_campaigns_and_no_commanders_keep_10_2_d(data):
    """Campaigns begun before behaviour 5 (no `displaced` in their state) replay as recorded: 10.2 D refuses the move."""
    data = allied_leader(data)
    state = position(data, {"us-ldr": "1211", "us-inf1": "1113", "ger-inf1": "1311"}, commanders="true")
    del state["displaced"]
    assert messages(GAME.check(data, state, "german", [{"move": "ger-inf1", "path": ["1311", "1211"]}])) == [
        "1211 holds enemy units (10.2 D)"]
    assert "displaced" not in position(data, {"ger-inf1": "1311"})


def test_15_5_d_a_reaction_move_displaces_and_the_phasing_owner_answers_before_combat(data):
    """15.5 D in the Reaction Phase (7.1.4, 14.4): a reacting Allied reserve displaces a German leader; Germany, the
    owner, answers, then the Combat Phase (7.1.5)."""
    data = allied_leader(data)
    state = position(data, {"ger-ldr": "1211", "ger-inf1": "1113", "ger-inf2": "1213", "us-inf1": "1311"}, commanders="true",
                     phase="reaction")
    state["units"]["us-inf1"]["reserve"] = True
    apply(data, state, "allies", [{"move": "us-inf1", "path": ["1311", "1211"]}])
    assert state["pending"]["leaders"] == {"ger-ldr": ["1113", "1213"]} and GAME.awaiting(state).side == "german"
    apply(data, state, "german", [{"displace": "ger-ldr", "to": "1113"}])
    assert state["units"]["ger-ldr"]["hex"] == "1113" and state["phase"] == "combat"


def test_15_5_d_the_air_attack_waits_for_the_owners_choice(data):
    """15.5 D with 20.4 (the Allies' extra air attack on AM 17 December, 20.4.2 F): the air attack is resolved after the
    moves, so it waits for the German choice of the displaced leader's hex and is rolled in that answer's step."""
    from tests.dicehelp import ScriptedDice
    data = allied_leader(data)
    state = position(data, {"ger-ldr": "1211", "ger-inf1": "1113", "ger-inf2": "1213", "us-inf1": "1311"}, turn=3,
                     side="allies", commanders="true")
    orders = [{"move": "us-inf1", "path": ["1311", "1211"]}, {"air_attack": "1213"}]
    assert messages(GAME.check(data, state, "allies", orders)) == []
    events = apply(data, state, "allies", orders)
    assert not any(e["event"] == "air_attack" for e in events)
    assert state["pending"]["resume"] == {"step": "movement", "side": "allies", "orders": [{"air_attack": "1213"}]}
    events = apply(data, state, "german", [{"displace": "ger-ldr", "to": "1113"}], dice=ScriptedDice(1))
    assert [e["hex"] for e in events if e["event"] == "air_attack"] == ["1213"]
    assert state["units"]["ger-ldr"]["hex"] == "1113"


def test_15_5_d_an_exploiting_reserve_displaces_and_the_construction_step_goes_on_after_the_answer(data):
    """15.5 D in the Exploitation Phase (7.1.6, 14.2): the owner answers, then the rest of the mover's step
    (7.1.7) and the end of its player turn (7.1.7 D)."""
    data = allied_leader(data)
    state = position(data, {"us-ldr": "1211", "us-inf1": "1113", "us-inf2": "1213", "ger-pz1": "1311"}, commanders="true",
                     phase="construction")
    state["units"]["ger-pz1"]["reserve"] = True
    apply(data, state, "german", [{"move": "ger-pz1", "path": ["1311", "1211"]}])
    assert state["phase"] == "answer" and state["side"] == "german" and state["pending"]["leaders"] == {"us-ldr": ["1113", "1213"]}
    apply(data, state, "allies", [{"displace": "us-ldr", "to": "1113"}])
    assert state["units"]["us-ldr"]["hex"] == "1113" and state["side"] == "allies" and state["phase"] == "movement"


def test_15_5_d_a_campaign_plays_the_displacement_answer_and_verifies(tmp_path):
    """15.5 D through signed steps: Turning Point on the DEMONSTRATION DATA with an Allied leader (made up) alone in 1214;
    ger-inf2 moves through it; 1113 and 1013 (us-eng1, us-inf2) are two hexes away, so the Allies answer in the German
    Movement Phase; the campaign verifies."""
    import yaml as yaml_

    from pbem import campaign as camp
    from pbem.demo import DEMO_SENT, demo_commitment, demo_folder
    from pbem.keys import key_id, load_private_key
    from pbem.yamlio import parse_yaml_text
    example = demo_folder("dark-december-demo")
    seats = ("german", "allies")
    keys = {s: load_private_key(example / "keys" / s) for s in seats}
    override = yaml_.safe_load((example / "data-override.yaml").read_text())
    override["values"]["units.counters.us-ldr"] = {**LEADER, "side": "allies", "nationality": "us"}
    override["values"]["units.manifests.turning_point.us-ldr"] = "1214"
    path = tmp_path / "override.yaml"
    path.write_text("# DEMONSTRATION DATA (made up, a test's copy of the demo's)\n" + yaml_.safe_dump(override, sort_keys=False))
    campaign = camp.create_campaign(tmp_path / "campaign", "dark-december", "turning-point",
                                    {s: key_id(keys[s].public_key()) for s in seats},
                                    {s: demo_commitment(keys[s], "dd-displace", s) for s in seats}, path,
                                    title="displacement test (demonstration data)",
                                    options={"reserves": "true", "commanders": "true"})

    def play(side, orders):
        template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
        template["orders"] = orders
        signed = campaign.folder.parent / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
        signed.write_text(camp.sign_orders(campaign, template, keys[side], sent=DEMO_SENT))
        return camp.adjudicate(campaign.folder, [signed], key=keys[next(s for s in seats if s != side)], sent=DEMO_SENT)

    play("german", [])                                                     # 8.7 the fuel roll
    play("allies", [{"deplete": "ger-demo-pz"}])                           # 8.7.1 A
    play("german", [{"move": "ger-inf2", "path": ["1313", "1314", "1214"]}])
    _, save, _ = campaign.latest()
    assert save["awaiting"]["side"] == "allies" and save["state"]["pending"]["leaders"] == {"us-ldr": ["1013", "1113"]}
    play("allies", [{"displace": "us-ldr", "to": "1013"}])
    _, save, _ = campaign.latest()
    assert save["state"]["units"]["us-ldr"]["hex"] == "1013" and save["state"]["phase"] == "combat"
    steps = sorted((campaign.folder / "steps").iterdir())
    assert "ger-inf2 displaces us-ldr from 1214: its owner chooses between the equidistant 1013, 1113 (15.5 D)" in \
        (steps[-2] / "report.txt").read_text()
    assert "us-ldr is placed at 1013, its owner's choice (15.5 D)" in (steps[-1] / "report.txt").read_text()
    assert camp.verify(campaign.folder).ok


def test_15_5_d_a_reinforcement_displaces_after_its_entry_hex(data):
    """15.5 D with 10.6.1 B (the entry hex is the first hex of movement, then it moves normally): us-rf1 enters on 1012
    and moves into 1013, where the German leader is alone; the nearest supplied German combat unit is ger-inf1 (1213,
    two hexes; ger-inf2 four), so no answer is asked."""
    from tests.test_dark_december_rules import with_reinforcement
    data = allied_leader(with_reinforcement(data))
    state = position(data, {"ger-ldr": "1013", "ger-inf1": "1213", "ger-inf2": "1414", "us-inf1": "1111"}, turn=10,
                     side="allies", commanders="true")
    state["reinforcements"] = {"us-rf1": 10}
    order = [{"enter": "us-rf1", "path": ["1012", "1013"]}]
    assert messages(GAME.check(data, state, "allies", order)) == []
    events = apply(data, state, "allies", order)
    assert {"event": "displaced", "leader": "ger-ldr", "from": "1013", "to": "1213", "by": "us-rf1"} in events
    assert state["units"]["ger-ldr"]["hex"] == "1213" and state["units"]["us-rf1"]["hex"] == "1013"
