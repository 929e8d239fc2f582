"""3-player Smithereens (1.2, 5.4): whose dice reveal a roll needs — the fewest the fairness
argument of docs/dice.md needs (pbem.dice.fair_reveals), on the demo data."""

import hashlib
import shutil
from pathlib import Path

import pytest
from tests import fastyaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem import campaign as camp
from pbem.demo import DEMO_SENT, demo_commitment
from pbem.hidden.steps import step_revealers
from pbem.inputs import catch_up, make_reveal
from pbem.keys import key_id
from pbem.signing import parse_signed
from pbem.yamlio import dump_yaml, parse_yaml_text
from pbem.dice import fair_reveals
from pbem.errors import PbemError
from pbem.gamedata import load_game_data, load_scenario
from pbem.games.smithereens import GAME

DEMO = Path(__file__).resolve().parent.parent / "examples" / "smithereens-demo" / "data-override.yaml"
SEATS = ["german", "soviet", "western"]


def test_one_seat_of_every_other_camp_and_never_the_movers_ally():
    camps = {"german": "german", "soviet": "alliance", "western": "alliance"}
    assert fair_reveals("soviet", camps) == ("german",)
    assert fair_reveals("western", camps) == ("german",)
    assert fair_reveals("german", camps) == ("soviet",)         # one Alliance seat is enough
    assert fair_reveals("a", {"a": "a", "b": "b", "c": "c"}) == ("b", "c")   # three hostile seats: both others
    assert fair_reveals("alliance", {"alliance": "alliance", "german": "german"}) == ("german",)


def three_player_state(options):
    data = load_game_data("smithereens", DEMO)
    scenario, _ = load_scenario("smithereens", "historical")
    return GAME.setup(data, scenario, SEATS, options)


@pytest.mark.parametrize("army, opponents", [("german", ("soviet",)), ("soviet", ("german",)), ("western", ("german",))])
def test_a_new_three_player_campaign_asks_the_other_camp_only(army, opponents):  # 5.4
    state = three_player_state(GAME.options({}))
    assert state["reveals"] == "camp"
    state.update(army=army, phase="movement", to_place={})
    assert GAME.awaiting(state).opponents == opponents
    state["phase"] = "assault"
    assert GAME.awaiting(state).opponents == opponents


def test_a_campaign_made_before_the_option_keeps_every_other_seat():
    state = three_player_state({"level": "beginner"})        # a header of an earlier pbem: no `reveals`
    assert "reveals" not in state
    state.update(army="soviet", phase="movement", to_place={})
    assert GAME.awaiting(state).opponents == ("german", "western")


def test_the_option_is_checked():
    assert GAME.options({}) == {"level": "beginner", "fog": True, "reveals": "camp"}
    assert GAME.options({"reveals": "all"})["reveals"] == "all"
    with pytest.raises(PbemError, match="reveals must be 'camp' or 'all', not 'none'"):
        GAME.options({"reveals": "none"})


# -- 11.7 fog of war: who reveals a step that opens a stack (behaviour 6) ----------------------------

KEYS = {s: Ed25519PrivateKey.from_private_bytes(hashlib.sha256(f"reveals-{s}".encode()).digest()) for s in SEATS}


def sign(campaign: camp.Campaign, side: str, orders: list) -> Path:
    """`side`'s orders for the next step, as `pbem sign` makes them (an owner step sealed into its private part)."""
    template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
    template["orders"] = orders
    path = campaign.folder.parent / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
    path.write_text(camp.sign_orders(campaign, template, KEYS[side], sent=DEMO_SENT))
    return path


@pytest.fixture(scope="module")
def at6(tmp_path_factory) -> Path:
    return build_at6(tmp_path_factory.mktemp("reveals"))


def build_at6(work: Path) -> Path:
    """A new three-player campaign (fog on, `reveals: camp`: the defaults) on the demo's
    DEMONSTRATION DATA plus two made-up US corps stacked in 1919E and a made-up Soviet corps under
    sov-47a in 1918E; every player passes to save 6, the German's Turn 2 prepared assaults, where
    the Western stack (item 1919E/1) and the Soviet stack (1918E/1) are hidden (their owners'
    movement steps hid them)."""
    data = fastyaml.safe_load(DEMO.read_text())
    data["values"]["map.regions.italy.hexes"] = []
    for unit, hex_id, side in (("wa-1", "1919E", "western"), ("wa-2", "1919E", "western"), ("sov-5a", "1918E", "soviet")):
        data["values"][f"units.counters.{unit}"] = {
            "side": side, "nationality": "american" if side == "western" else "soviet", "type": "infantry",
            "steps": 2, **({"grouping": "us"} if side == "western" else {}),
            "full": {"attack": 3, "defense": 3, "movement": 4}, "reduced": {"attack": 1, "defense": 2, "movement": 4},
            "setup": hex_id}
    (work / "override.yaml").write_text(dump_yaml(data))
    campaign = camp.create_campaign(work / "campaign", "smithereens", "historical",
                                    {s: key_id(KEYS[s].public_key()) for s in SEATS},
                                    {s: demo_commitment(KEYS[s], "reveals-test", s) for s in SEATS},
                                    work / "override.yaml", title="who reveals (demonstration data)")
    assert campaign.header["options"] == {"level": "beginner", "fog": True, "reveals": "camp"}
    while (waiting := campaign.latest()[1]["awaiting"])["phase"] != "Turn 2 German prepared assaults":
        done = camp.adjudicate(campaign.folder, [sign(campaign, waiting["side"], [])], key=KEYS[waiting["opponents"][0]],
                               sent=DEMO_SENT)
        assert done.save is not None
    number, save, _ = campaign.latest()
    assert number == 6 and save["awaiting"]["opponents"] == ["soviet"]
    assert {s: sorted(h) for s, h in save["hidden"].items()} == {"german": ["1819E/1"], "soviet": ["1918E/1"],
                                                                  "western": ["1919E/1"]}
    return work


def copy_at6(at6: Path, tmp_path: Path) -> camp.Campaign:
    shutil.copytree(at6, tmp_path / "w")
    return camp.open_campaign(tmp_path / "w" / "campaign")


def test_a_german_assault_on_a_western_stack_awaits_the_soviet_and_the_western(at6, tmp_path):  # 11.7, 5.4
    """11.7: the assault opens the defending stack at odds computation, and the opening rides in
    its owner's dice reveal: behaviour 6 awaits the Western's reveal besides the Soviet's (the
    fairness set), and the step resolves. Before, pbem refused the assault (red team round 2)."""
    campaign = copy_at6(at6, tmp_path)
    orders = sign(campaign, "german", [{"attack": "1919E", "with": ["ger-46pz"]}])
    number, save, _ = campaign.latest()
    assert step_revealers(campaign, save, "german", [{"attack": "1919E", "with": ["ger-46pz"]}]) == ["soviet", "western"]
    first = camp.adjudicate(campaign.folder, [orders], key=KEYS["soviet"], sent=DEMO_SENT)
    assert first.save is None and first.awaiting_reveal == ["western"]
    assert sorted(first.inputs) == ["orders-german.txt", "reveal-soviet.txt"]
    assert catch_up(campaign, number, save, 7) == (                   # orders for save 7 reach this copy
        "adjudicate save 7 first (files: pending/orders-german.txt, pending/reveal-soviet.txt wait for the reveal "
        "of soviet, western; then those of each later step, as they were sent)")
    done = camp.adjudicate(campaign.folder, [], key=KEYS["western"], sent=DEMO_SENT)
    new = done.save
    assert new is not None and sorted(done.inputs) == ["orders-german.txt", "reveal-soviet.txt", "reveal-western.txt"]
    assert sorted(new["produced_by"]["reveals"]) == ["soviet", "western"]
    assert sorted(new["dice"]["secrets"]) == ["german", "soviet", "western"]      # each fixed by its commitment
    assert [(r["purpose"], r["result"]) for r in new["dice"]["rolls"]] == [("crt/1919E", 1)]
    battle = new["events"][0]
    assert (battle["defenders"], battle["odds"], battle["column"], battle["result"]) == (
        ["wa-1", "wa-2"], "1:1", "1:2/1:3", "4/0")                                   # 11.15 river shift
    assert new["events"][1] == {"event": "attacker_losses", "hex": "1919E", "steps_lost": {"ger-46pz": 2},
                                "rule": "11.29, 11.30"}
    assert "ger-46pz" not in new["state"]["units"]
    assert new["hidden"]["western"] == {} and sorted(new["hidden"]["soviet"]) == ["1918E/1"]   # opened; the Soviet's not
    assert new["state"]["units"]["wa-2"] == {**new["state"]["units"]["wa-2"], "hex": "1919E", "steps": 2}


def test_a_german_assault_on_soviet_stacks_only_still_awaits_the_soviet_alone(at6, tmp_path):  # 11.7, 5.4
    campaign = copy_at6(at6, tmp_path)
    number, save, _ = campaign.latest()
    assert step_revealers(campaign, save, "german", [{"attack": "1918E", "with": ["ger-46pz"]}]) == ["soviet"]
    orders = sign(campaign, "german", [{"attack": "1918E", "with": ["ger-46pz"]}])
    done = camp.adjudicate(campaign.folder, [orders], key=KEYS["soviet"], sent=DEMO_SENT)
    assert done.save is not None and sorted(done.save["produced_by"]["reveals"]) == ["soviet"]
    assert sorted(done.save["dice"]["secrets"]) == ["german", "soviet"]
    assert done.save["events"][0]["defenders"] == ["sov-47a", "sov-5a"] and "1918E/1" not in done.save["hidden"]["soviet"]


def test_a_western_reveal_for_a_step_that_opens_none_of_its_stacks_is_not_needed(at6, tmp_path):
    """The Western's secret joins the seed only when its stacks are opened: a reveal offered for
    any other German step is refused, so nobody can add a secret of his choosing."""
    campaign = copy_at6(at6, tmp_path)
    orders = sign(campaign, "german", [{"attack": "1918E", "with": ["ger-46pz"]}])
    reveal = tmp_path / "reveal-western-0007.txt"
    reveal.write_text(make_reveal(campaign, KEYS["western"], "western", 7, parse_signed(orders.read_text(), "o").digest,
                                  DEMO_SENT))
    with pytest.raises(PbemError, match=r"a reveal from western is not needed for this step \(needed: soviet\)"):
        camp.adjudicate(campaign.folder, [orders, reveal])


def test_a_behaviour_5_campaign_awaits_the_fairness_set_alone(at6, tmp_path):
    """Behaviour 5 replays as it was: the assault on the Western stack awaits the Soviet alone (and
    is refused, as it was)."""
    campaign = copy_at6(at6, tmp_path)
    campaign.data.behaviour = 5
    number, save, _ = campaign.latest()
    assert step_revealers(campaign, save, "german", [{"attack": "1919E", "with": ["ger-46pz"]}]) == ["soviet"]
    orders = sign(campaign, "german", [{"attack": "1919E", "with": ["ger-46pz"]}])
    with pytest.raises(PbemError, match="this step opens hidden items of western, whose openings ride in their dice "
                                        "reveal; the step awaits no reveal from them"):
        camp.adjudicate(campaign.folder, [orders], key=KEYS["soviet"], sent=DEMO_SENT, campaign=campaign)
