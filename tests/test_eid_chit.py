"""End of the Iron Dream 14.12, the second-invasion chit, on the hidden-information core, played
on the bundled example's DEMONSTRATION DATA (examples/end-of-the-iron-dream-demo/, made up).

14.12 A: "At the instant the WA corps step ashore during the first invasion, the WA secretly draw
one of the second invasion chits from an opaque container ... The WA may immediately look at the
drawn chit." C: "The instant the second invasion is launched, the WA should reveal the chit to
the Axis to certify the legality of the move." """

from pathlib import Path

from pbem import campaign as camp
from pbem.demo import DEMO_SENT, demo_commitment, demo_folder
from pbem.games import get_game
from pbem.games.end_of_the_iron_dream.chit import ITEM
from pbem.games.end_of_the_iron_dream.committed_draw import letter
from pbem.hidden.private import find_private
from pbem.hidden.steps import own_view
from pbem.keys import key_id, load_private_key
from pbem.yamlio import parse_yaml_text

from .leaks import find_leaks

EXAMPLE = demo_folder("end-of-the-iron-dream-demo")
SEATS = ("axis", "soviet", "western")
SECRET = "0123456789abcdef" * 4
INVADE = {"invade": "V5", "with": ["wa-mech-3", "wa-mech-5", "wa-x-B1", "wa-x-B8"], "from": "eto"}


def keys() -> dict:
    return {s: load_private_key(EXAMPLE / "keys" / s) for s in SEATS}


def new_campaign(tmp_path: Path) -> camp.Campaign:
    k = keys()
    return camp.create_campaign(tmp_path / "campaign", "end-of-the-iron-dream", "iron-dream",
                                {s: key_id(k[s].public_key()) for s in SEATS},
                                {s: demo_commitment(k[s], "eid-chit", s) for s in SEATS},
                                EXAMPLE / "data-override.yaml", title="chit test (demonstration data)",
                                options={"position": "demo"})


def play(campaign: camp.Campaign, side: str, orders: list) -> camp.StepResult:
    """`side` signs as `pbem sign` does (an owner step sealed into its private part); another seat adjudicates."""
    template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
    template["orders"] = orders
    path = campaign.folder.parent / f"orders-{campaign.latest()[0] + 1:04d}-{side}.txt"
    path.write_text(camp.sign_orders(campaign, template, keys()[side], sent=DEMO_SENT))
    return camp.adjudicate(campaign.folder, [path], key=keys()[next(s for s in SEATS if s != side)], sent=DEMO_SENT)


def test_the_wa_alone_see_the_chit_and_nothing_leaks(tmp_path):
    """New campaigns draw the chit hidden (option `chit: hidden`); after the WA file of the Turn 1
    landing the WA commit to their secret in a step kept from the others, then the Axis adds its
    salt: the public saves hold the commitment only, the WA's own view shows the chit, and verify
    passes with and without the WA's private part."""
    campaign = new_campaign(tmp_path)
    assert campaign.header["options"] == {"position": "demo", "chit": "hidden"}
    play(campaign, "axis", [])                                         # 6.1: no Axis move outside Italy on Turn 1
    play(campaign, "western", [INVADE])
    state = campaign.latest()[1]["state"]
    assert state["phase"] == "chit" and state["chit"]["stage"] == "commit"
    play(campaign, "western", [{"chit_secret": SECRET}])
    number, save, _ = campaign.latest()
    assert list(save["hidden"]["western"]) == [ITEM] and "chit_secret" not in save["state"]
    assert save["state"]["phase"] == "chit_axis" and save["events"] == [{"event": "chit_committed", "rule": "14.12 A"}]
    play(campaign, "axis", [{"chit_salt": "the Axis part"}])
    number, save, _ = campaign.latest()
    assert save["state"]["chit"]["salt"] == "the Axis part" and save["state"]["phase"] == "assault"    # the WA turn resumes
    part = find_private(campaign.folder, campaign.id, "western")
    view = own_view(campaign, number, save, "western", part)
    chit = letter(SECRET, "the Axis part")
    assert view["chit_secret"] == SECRET
    game = get_game("end-of-the-iron-dream")
    wa_view = {**view, "army": "western", "phase": "movement"}
    turn = {"A": 3, "B": 5, "C": 7}[chit]
    assert game.movement_template(campaign.data, wa_view, "western")["notes"][-1] == (
        f"your second-invasion chit is {chit}: the second invasion from Turn {turn} (14.12 B)")
    leaks, searched = find_leaks(campaign.folder, {"western": part})
    assert leaks == [] and searched >= 2
    assert camp.verify(campaign.folder).ok
    assert camp.verify(campaign.folder, part.folder).ok


def test_a_second_invasion_opens_the_chit_and_the_axis_checks_the_hidden_step():
    """14.12 C: the WA orders launching an invasion open the item (the mover's opening rides in its
    orders); the Axis's immediate check of the WA's hidden step refuses a public result that did
    more than commit the secret."""
    game = get_game("end-of-the-iron-dream")
    rules = game.hidden
    state = {"phase": "movement", "army": "western", "seats": ["axis", "soviet", "western"], "game_over": False}
    second = [{"invade": "V5", "with": ["wa-mech-7"], "from": "eto"}]
    assert rules.opens(None, state, {"western": [ITEM]}, "western", second) == {"western": [ITEM]}
    assert rules.opens(None, state, {"western": [ITEM]}, "western", [{"move": "wa-mech-7", "path": ["V5", "V6"]}]) == {}
    before = {"phase": "chit", "chit": {"stage": "commit", "resume": "assault"}, "units": {"de-inf-1": {"hex": "T6"}}}
    after = {"phase": "chit_axis", "chit": {"stage": "salt", "resume": "assault"}, "units": {"de-inf-1": {"hex": "T6"}}}
    assert rules.public_problems(None, before, after, "western") == []
    moved = {**after, "units": {"de-inf-1": {"hex": "T7"}}}
    assert rules.public_problems(None, before, moved, "western") == [
        "the second-invasion chit step changed more than the WA's committed secret (14.12 A)"]
    public, items = rules.split(None, {"seats": state["seats"], "chit": {"stage": "salt"}, "chit_secret": SECRET}, "western")
    assert items == {ITEM: SECRET} and "chit_secret" not in public
    assert rules.merge(None, public, "western", items)["chit_secret"] == SECRET


def test_the_second_invasion_opens_the_chit_in_its_signed_orders(tmp_path):
    """14.12 B-C: with chit A the second invasion may come on Turn 3; `pbem sign` puts the opening of
    the WA's item in the orders, every machine checks it, and the chit becomes public."""
    campaign = new_campaign(tmp_path)
    play(campaign, "axis", [])                                         # 6.1: no Axis move outside Italy on Turn 1
    play(campaign, "western", [INVADE])
    play(campaign, "western", [{"chit_secret": SECRET}])
    play(campaign, "axis", [{"chit_salt": "g"}])                       # letter(SECRET, "g") == "A"
    assert letter(SECRET, "g") == "A"
    for _ in range(40):
        state = campaign.latest()[1]["state"]
        if (state["turn"], state["army"], state["phase"]) == (3, "western", "movement"):
            break
        side = campaign.latest()[1]["awaiting"]["side"]
        orders: list = [{"bagration": False}] if state["phase"] == "bagration" else []
        if (state["turn"], state["army"], state["phase"]) == (2, "western", "movement"):
            orders = [{"sail": "wa-mech-3", "to": "eto"}]             # back to the box for the second invasion
        play(campaign, side, orders)
    assert (state["turn"], state["army"], state["phase"]) == (3, "western", "movement")
    play(campaign, "western", [{"invade": "V6", "with": ["wa-mech-3"], "from": "eto"}])
    number, save, _ = campaign.latest()
    events = save["events"]
    assert {"event": "chit_revealed", "chit": "A", "rule": "14.12 C"} in events
    assert save["state"]["chit"]["revealed"] == "A" and save["hidden"]["western"] == {}          # opened: public now
    part = find_private(campaign.folder, campaign.id, "western")
    assert camp.verify(campaign.folder).ok and camp.verify(campaign.folder, part.folder).ok
    assert find_leaks(campaign.folder, {"western": part})[0] == []    # the secret public only from its opening on
