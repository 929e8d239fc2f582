"""Stargard Solstice 12.6 Zhukov's Report, 16.1 Stavka Orders (optional) and their 14.1 VPs:
the hidden withdrawal of a Soviet chit, on the hidden-information core (behaviour 3).

12.6: "The Soviet player may withdraw a Soviet command chit during the command phase and set it
aside on game turns 8 and 9. This withdrawn chit is kept hidden from the German player. The chit
is placed back with the rest during the turn end phase. If desired, the same chit may be
withdrawn on both applicable turns. For each turn the Soviet player exercises this option, they
lose 1 VP at game's end." 16.1: the same "on turns 2 and 3".

The unit tests play the made-up test data of tests/sshelp.py; the campaign tests play the
bundled example's DEMONSTRATION DATA (examples/stargard-solstice-demo/, made up) from its turn 1
to turn 2 with 16.1, signed and adjudicated as `pbem sign` and `pbem adjudicate` do."""

import copy
import shutil
from pathlib import Path

import pytest

from pbem import campaign as camp
from pbem.demo import DEMO_SENT, demo_commitment, demo_folder, next_orders
from pbem.errors import PbemError
from pbem.games.stargard_solstice import GAME, demo, withdrawal
from pbem.games.stargard_solstice.victory import terms
from pbem.hidden.private import find_private
from pbem.hidden.steps import hidden_of, own_view
from pbem.keys import key_id, load_private_key
from pbem.yamlio import parse_yaml_text
from tests.leaks import find_leaks
from tests.sshelp import HQ_HOME, SCENARIO, at, data, play
from tests.test_cli import run

SOVIET_CHITS = ["2GT-HQ", "61-HQ"]
GERMAN_CHITS = ["10SS-HQ", "39-Pz-HQ", "3SS-PZ-HQ", "Munzel-HQ", "Stell-II-HQ"]


QUIET = {"primary": "made up", "secondary": "made up too"}           # TEST DATA: an event with no effect
EVENTS = {"events.random_events.table.7": {"1-6": QUIET}, "events.random_events.table.8": {"1-6": QUIET},
          "events.random_events.table.2.5": QUIET, "events.random_events.table.2.6": QUIET}


def start(turn: int, **options):
    d = data(position={u: {"hex": h} for u, h in HQ_HOME.items()}, values=EVENTS)
    s = GAME.setup(d, SCENARIO, ["german", "soviet"], {"position": "test", **options})
    return d, at(s, turn=turn, previous=None)


# -- 12.6, 16.1: when the Soviet is asked ------------------------------------------------------
def test_12_6_on_turn_8_the_soviet_is_asked_after_the_random_event_before_the_first_draw():
    """12.6 "during the command phase ... on game turns 8 and 9": the random event (2.2) comes
    first, then the Soviet's withdrawal step; no chit is drawn yet."""
    d, s = start(8, withdrawal=True)
    s, events, dice = play(d, s, "german", [], 2)                # 19.0 turn 8 die 2
    assert dice.asked == [("event/8", 6)]
    assert s["phase"] == "withdraw" and GAME.awaiting(s).as_dict() == {
        "side": "soviet", "kind": "orders", "phase": "Turn 8 Soviet chit withdrawal (12.6, 16.1)",
        "opponents": ["german"], "done": False}
    assert s["cup"] == sorted(GERMAN_CHITS + SOVIET_CHITS) and s["draws"] == 0


def test_the_withdraw_template_offers_a_fresh_shuffle_of_the_soviet_chits():
    """12.6/16.1: a Soviet draw takes the chit at its slot of the committed order, so the order must
    be one the German cannot guess; the template offers a shuffle of every Soviet chit in the cup
    (from the machine's random source, never in a save), to copy less the chit withdrawn."""
    d, s = start(8, withdrawal=True)
    s, _, _ = play(d, s, "german", [], 2)
    notes = GAME.template(d, s, "soviet")["notes"]
    offered = [n for n in notes if n.startswith("a fresh shuffle")]
    assert len(offered) == 1
    listed = offered[0].split("order: [", 1)[1].rstrip("]").split(", ")
    assert sorted(listed) == sorted(SOVIET_CHITS)


def test_12_6_not_on_turn_7_and_16_1_only_when_chosen():
    """12.6 is turns 8 and 9 only; 16.1's turns 2 and 3 only with the optional rule (16.0)."""
    for turn in (7, 2):
        d, s = start(turn, withdrawal=True)
        s, _, dice = play(d, s, "german", [], 5, 1)
        assert s["phase"] == "movement" and dice.asked == [(f"event/{turn}", 6), (f"cup/{turn}/1", 7)]
    d, s = start(2, withdrawal=True, optional="16.1")
    s, _, _ = play(d, s, "german", [], 5)
    assert s["phase"] == "withdraw" and withdrawal.rule_now(d, s) == "16.1"


def test_a_campaign_begun_before_behaviour_3_draws_on_turn_8_as_recorded():
    """No `withdrawal` option in the header (campaigns begun before behaviour 3): the first chit
    of turn 8 is drawn at once, a d7 over the seven chits, as before."""
    d, s = start(8)
    assert "withdrawals" not in s
    s, events, dice = play(d, s, "german", [], 2, 1)
    assert dice.asked == [("event/8", 6), ("cup/8/1", 7)]
    assert events[-2]["event"] == "chit" and events[-2]["chit"] == "10SS-HQ"


def test_16_1_is_an_option_and_needs_the_withdrawal():
    assert GAME.options({"optional": "16.1"}) == {"optional": ["16.1"], "withdrawal": True}
    with pytest.raises(PbemError, match=r"optional rule 16.1 withdraws a hidden chit: it needs withdrawal=true \(12.6\)"):
        GAME.options({"optional": "16.1", "withdrawal": "false"})


# -- the withdrawal and the draws -----------------------------------------------------------
def withdrawn(d, s, chit="61-HQ", order=("2GT-HQ",)):
    s, _, _ = play(d, s, "german", [], 2)
    return play(d, s, "soviet", [{"withdraw": chit, "order": list(order)}])


def test_the_withdraw_order_names_a_soviet_chit_of_the_cup_and_orders_the_others():
    d, s = start(8, withdrawal=True)
    s, _, _ = play(d, s, "german", [], 2)
    assert [p.message for p in GAME.check(d, s, "soviet", [{"withdraw": "10SS-HQ", "order": SOVIET_CHITS}])] == [
        "10SS-HQ is not a Soviet chit in the cup (2GT-HQ, 61-HQ) (12.6)"]
    assert [p.message for p in GAME.check(d, s, "soviet", [{"withdraw": "61-HQ", "order": []}])] == [
        "`order:` must list each other Soviet chit in the cup once: 2GT-HQ (12.6)"]
    assert GAME.check(d, s, "soviet", [{"withdraw": "61-HQ", "order": ["2GT-HQ"]}]) == []


def test_a_withdrawal_sets_the_chit_aside_and_the_first_draw_follows_in_the_soviets_next_file():
    """The fact, the turn and the rule are public (the chit leaves the cup at the table; 14.1's
    VP); which chit is the Soviet's hidden item (split below)."""
    d, s = start(8, withdrawal=True)
    s, events, dice = withdrawn(d, s)
    assert dice.asked == [] and events == [{"event": "chit_withdrawn", "turn": 8, "rule": "12.6", "chit": "61-HQ"}]
    assert s["phase"] == "draw" and s["withdrawals"] == [{"turn": 8, "rule": "12.6"}]
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    assert items == {"withdrawn/8": {"chit": "61-HQ", "order": ["2GT-HQ"]}}
    assert public["withdrawal"] == {"turn": 8, "rule": "12.6", "cup": SOVIET_CHITS, "named": []}
    assert "61-HQ" in public["cup"]                 # the German does not know which Soviet chit is out
    assert GAME.hidden.public_events(d, public, "soviet", events) == [{"event": "chit_withdrawn", "turn": 8, "rule": "12.6"}]
    assert GAME.hidden.public_problems(d, start_withdraw(d), public, "soviet") == []


def start_withdraw(d):
    _, s = start(8, withdrawal=True)
    s, _, _ = play(d, s, "german", [], 2)
    return s


def test_3_1_1_while_a_chit_is_withdrawn_a_draw_is_a_die_over_the_german_chits_and_the_soviet_slots():
    """Five German chits and one Soviet slot (two Soviet chits, one withdrawn): a d6; faces 1-5 the
    German chits in id order, face 6 the Soviet slot, which waits for the Soviet to name it."""
    d, s = start(8, withdrawal=True)
    s, _, _ = withdrawn(d, s)
    public, _ = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    after, events, dice = play(d, public, "soviet", [], 1)
    assert dice.asked == [("cup/8/1", 6)] and events[0] == {"event": "chit", "chit": "10SS-HQ", "side": "german", "draw": 1}
    after, events, dice = play(d, public, "soviet", [], 6)
    assert events == [{"event": "slot", "slot": 1, "of": 1, "draw": 1, "rule": "12.6"}]
    assert after["phase"] == "name_chit" and GAME.awaiting(after).side == "soviet" and after["cup"] == s["cup"]


def test_the_soviet_names_the_chit_of_its_slot_its_own_check_holds_it_to_its_order():
    """In the Soviet's own view (its `pbem check`) a name other than its slot's is refused; the
    German's public state cannot tell, and takes the chit as named."""
    d, s = start(8, withdrawal=True)
    s, _, _ = withdrawn(d, s)
    s, _, _ = play(d, s, "soviet", [], 6)
    assert [p.message for p in GAME.check(d, s, "soviet", [{"chit": "61-HQ"}])] == [
        "slot 1 of your committed order is 2GT-HQ, not 61-HQ (12.6)"]
    public, _ = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    assert GAME.check(d, public, "soviet", [{"chit": "61-HQ"}]) == []
    after, events, _ = play(d, s, "soviet", [{"chit": "2GT-HQ"}])
    assert events[:2] == [{"event": "named", "chit": "2GT-HQ", "slot": 1, "of": 1, "rule": "12.6"},
                          {"event": "chit", "chit": "2GT-HQ", "side": "soviet", "draw": 1}]
    assert after["withdrawal"]["named"] == [{"slot": 1, "cup": SOVIET_CHITS, "chit": "2GT-HQ"}]


def test_the_opening_is_checked_against_every_chit_named():
    record = {"turn": 8, "rule": "12.6", "cup": ["1 BRF", "2GT-HQ", "61-HQ"], "chit": "61-HQ", "order": ["2GT-HQ", "1 BRF"],
              "named": [{"slot": 2, "cup": ["1 BRF", "2GT-HQ", "61-HQ"], "chit": "1 BRF"},
                        {"slot": 1, "cup": ["2GT-HQ", "61-HQ"], "chit": "2GT-HQ"}]}
    assert withdrawal.cheated(record) is None
    record["named"][0]["chit"] = "61-HQ"
    assert withdrawal.cheated(record) == "the Soviet named 61-HQ for slot 2, which its committed order gives to 1 BRF"


def test_14_1_each_turn_a_chit_was_withdrawn_costs_the_soviet_1_vp():
    """14.1 "subtracts any VPs caused by 12.6 and 16.1"; 12.6/16.1: 1 VP per turn exercised."""
    d, s = start(10, withdrawal=True, optional="16.1")
    s["withdrawals"] = [{"turn": 2, "rule": "16.1"}, {"turn": 8, "rule": "12.6"}, {"turn": 9, "rule": "12.6"}]
    assert terms(d, s) == {"zhukovs_report": -2, "stavka_orders": -1}
    s["withdrawals"] = []
    assert terms(d, s) == {}


# -- a campaign: signed steps, what the German receives ------------------------------------------
EXAMPLE = demo_folder("stargard-solstice-demo")
SEATS = ("german", "soviet")


def keys() -> dict:
    return {s: load_private_key(EXAMPLE / "keys" / s) for s in SEATS}


def sign_and_adjudicate(campaign: camp.Campaign, side: str, orders: list) -> camp.StepResult:
    template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
    template["orders"] = orders
    path = campaign.folder.parent / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
    path.write_text(camp.sign_orders(campaign, template, keys()[side], sent=DEMO_SENT))
    return camp.adjudicate(campaign.folder, [path], key=keys()[next(s for s in SEATS if s != side)], sent=DEMO_SENT)


def policy(campaign: camp.Campaign, number: int, save: dict) -> list:
    """Turn 2: the Soviet bombards Oehms/27SS (19.1.1), withdraws 47A-HQ (16.1) ordering the
    other two 61-HQ, 2GT-HQ, names each slot from its own view; everyone else stays put."""
    state = save["state"]
    if state["phase"] == "bombard":
        return [{"bombard": ["Oehms/27SS"]}]
    if state["phase"] == "withdraw":
        return [{"withdraw": "47A-HQ", "order": ["61-HQ", "2GT-HQ"]}]
    if state["phase"] == "name_chit":
        view = own_view(campaign, number, save, "soviet", find_private(campaign.folder, campaign.id, "soviet"))
        return [{"chit": withdrawal.remaining(view["withdrawal"], withdrawal.soviet_cup(campaign.data, view))[state["slot"]["slot"] - 1]}]
    return demo.quiet(campaign, state)


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """The demo's turn 1, then turn 2 with 16.1 up to the Supply Phase; the folder beside it keeps
    each save's copy (`at/NNNN`) for the tests that go back."""
    work = tmp_path_factory.mktemp("sg-withdrawal")
    k = keys()
    campaign = camp.create_campaign(work / "campaign", "stargard-solstice", "campaign",
                                    {s: key_id(k[s].public_key()) for s in SEATS},
                                    {s: demo_commitment(k[s], "sg-w", s) for s in SEATS},
                                    EXAMPLE / "data-override.yaml", title="12.6 test (demonstration data)",
                                    options={"position": "demo", "optional": "16.1"})
    planned = iter(demo.TURN_1)
    while (due := next_orders(campaign, planned, demo.respond)) is not None:
        sign_and_adjudicate(campaign, *due)
    while True:
        number, save, _ = campaign.latest()
        if save["state"]["phase"] == "supply":
            break
        if save["state"]["phase"] == "withdraw":
            shutil.copytree(work / "campaign", work / "before-withdraw" / "campaign")
        if save["state"]["phase"] == "name_chit":        # the last one is kept
            shutil.rmtree(work / "before-name", ignore_errors=True)
            shutil.copytree(work / "campaign", work / "before-name" / "campaign")
            shutil.copytree(work / "campaign.private-soviet", work / "before-name" / "campaign.private-soviet")
        sign_and_adjudicate(campaign, save["awaiting"]["side"], policy(campaign, number, save))
    return work


def saves_of(folder: Path) -> list[dict]:
    campaign = camp.open_campaign(folder)
    return [campaign.load_save(n)[0] for n in campaign.step_numbers()]


def test_the_campaign_withdraws_on_turn_2_names_each_soviet_slot_and_opens_the_chit_at_the_end_of_the_command_phase(played):
    saves = saves_of(played / "campaign")
    events = [e for s in saves for e in s["events"]]
    withdrawal_save = next(s for s in saves[1:] if s["produced_by"]["phase"].startswith("Turn 2 Soviet chit withdrawal"))
    assert withdrawal_save["events"] == [{"event": "chit_withdrawn", "turn": 2, "rule": "16.1"}]
    assert withdrawal_save["dice"] is None and list(withdrawal_save["hidden"]["soviet"]) == ["withdrawn/2"]
    assert withdrawal_save["produced_by"]["orders"]["list"] == []             # the orders played stay private
    assert [(e["slot"], e["of"], e["chit"]) for e in events if e["event"] == "named"] == [(1, 2, "61-HQ"), (1, 1, "2GT-HQ")]
    over = next(e for e in events if e["event"] == "command_over" and e["turn"] == 2)
    assert over["withdrawn"] == "16.1" and "47A-HQ" in over["left"]
    assert {"event": "chit_returned", "chit": "47A-HQ", "turn": 2, "rule": "16.1"} in events
    assert saves[-1]["hidden"] == {"german": {}, "soviet": {}} and "withdrawal" not in saves[-1]["state"]
    assert saves[-1]["state"]["withdrawals"] == [{"turn": 2, "rule": "16.1"}]
    assert run("verify", played / "campaign").stdout.startswith("OK: ")
    checked = run("verify", played / "campaign", "--private", played / "campaign.private-soviet").stdout
    assert "every hidden item and hidden step of soviet from its private part" in checked


def test_what_the_german_receives_never_names_the_withdrawn_chit_while_it_is_hidden(played):
    """The leak search (tests/leaks.py): no file of the campaign and no public report or map
    picture of a save that holds the chit hidden names it (`chit: 47A-HQ`, `withdraws 47A-HQ`,
    the orders played); the salts appear nowhere before the opening."""
    parts = {"soviet": find_private(played / "campaign", camp.open_campaign(played / "campaign").id, "soviet")}
    leaks, searched = find_leaks(played / "campaign", parts)
    assert leaks == [] and searched >= 4
    report = (sorted((played / "campaign" / "steps").iterdir())[-1] / "report.txt").read_text()
    assert "the withdrawn chit 47A-HQ goes back with the others" in "".join(
        (p / "report.txt").read_text() for p in sorted((played / "campaign" / "steps").iterdir()))
    assert "Supply Phase" in report
    mine = run("report", played / "campaign", "--side", "soviet", "--step",
               next(s["number"] for s in saves_of(played / "campaign") if "withdrawn/2" in s["hidden"]["soviet"])).stdout
    assert "the Soviet player withdraws 47A-HQ for turn 2" in mine


def test_a_chit_named_against_the_committed_order_is_refused_when_the_chit_is_opened(played, tmp_path):
    """The Soviet's last slot was 2GT-HQ's; naming 47A-HQ (the withdrawn chit) instead, the
    German's machine takes it then (it cannot tell), and refuses the opening: CHEATED."""
    shutil.copytree(played / "before-name", tmp_path, dirs_exist_ok=True)
    campaign = camp.open_campaign(tmp_path / "campaign")
    sign_and_adjudicate(campaign, "soviet", [{"chit": "47A-HQ"}])
    number, save, _ = campaign.latest()
    assert save["state"]["phase"] == "return_chit" and list(hidden_of(save, "soviet")) == ["withdrawn/2"]
    with pytest.raises(PbemError, match=r"CHEATED: the Soviet named 47A-HQ for slot 1, which its committed order gives "
                                        r"to 2GT-HQ \(16.1\)"):
        sign_and_adjudicate(campaign, "soviet", [])


def test_the_germans_machine_without_the_soviet_part_records_the_same_withdrawal(played, tmp_path):
    """Two machines: the Soviet signs its withdrawal on its own (its private part beside its copy);
    the German's machine, which has no Soviet part, takes the signed public result after the checks
    it can make (fog-free: exactly a withdrawal) and records the same save, byte for byte."""
    soviet, german = tmp_path / "soviet", tmp_path / "german"
    shutil.copytree(played / "before-withdraw" / "campaign", soviet / "campaign")
    shutil.copytree(played / "before-withdraw" / "campaign", german / "campaign")
    mine = camp.open_campaign(soviet / "campaign")
    number = mine.latest()[0]
    template = parse_yaml_text(camp.order_template(mine.folder, "soviet"), "template")
    template["orders"] = [{"withdraw": "47A-HQ", "order": ["2GT-HQ", "61-HQ"]}]
    signed = camp.sign_orders(mine, template, keys()["soviet"], sent=DEMO_SENT)
    assert (soviet / "campaign.private-soviet").is_dir() and "chit: 47A-HQ" not in signed and "withdraw: 47A-HQ" not in signed
    for folder in (soviet, german):
        (folder / "orders.txt").write_text(signed)
        result = camp.adjudicate(folder / "campaign", [folder / "orders.txt"], key=keys()["german"], sent=DEMO_SENT)
        assert result.save is not None
    step = f"steps/{number + 1:04d}/save.yaml"
    assert (soviet / "campaign" / step).read_bytes() == (german / "campaign" / step).read_bytes()
    assert not (german / "campaign.private-soviet").exists()


def test_3_1_2_a_named_soviet_chit_over_the_limit_is_set_aside_and_the_draw_goes_on():
    """The Soviet has used its chits this turn (3.1.2): the chit named for its slot is set aside
    and the same step draws again (the German's reveal rolls it). No Soviet slot is left (61-HQ
    withdrawn, 2GT-HQ set aside): a d5 over the five German chits, face 1 is 10SS-HQ."""
    d, s = start(8, withdrawal=True)
    s, _, _ = withdrawn(d, s)
    s["activations"]["soviet"] = 2                    # the test data's limit: 2 per turn
    s, events, _ = play(d, s, "soviet", [], 6)
    assert events == [{"event": "slot", "slot": 1, "of": 1, "draw": 1, "rule": "12.6"}]
    s, events, dice = play(d, s, "soviet", [{"chit": "2GT-HQ"}], 1)
    assert events[:3] == [{"event": "named", "chit": "2GT-HQ", "slot": 1, "of": 1, "rule": "12.6"},
                          {"event": "chit_aside", "chit": "2GT-HQ", "side": "soviet",
                           "why": "the soviet limit of chits this turn is reached (3.1.2)"},
                          {"event": "chit", "chit": "10SS-HQ", "side": "german", "draw": 2}]
    assert dice.asked == [("cup/8/2", 5)]             # five German chits; no Soviet slot is left
