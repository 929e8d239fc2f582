"""Operation Grenade behaviour 3: the strength chits dealt in secret from the shared morale pools
(8.31-8.52; pbem/games/operation_grenade/secret.py, dealer.py). Each side's machine holds only
its own key and cards; what it sends is the block `dealer.due_parts` computes. The public state
and events name no chit; the combat waits for the parts it needs, naming whose; the end-of-game
replay with both dealing secrets checks every shown strength against the card really dealt."""

import copy
import random
import re
from types import SimpleNamespace

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem.demo import run_demo
from pbem.dice import Dice
from pbem.errors import PbemError
from pbem.games.operation_grenade import GAME, chits, dealer, dealing, demo, secret
from pbem.hidden import poker
from pbem.yamlio import dump_yaml
from tests.conftest import copy_upto
from tests.test_operation_grenade_properties import seed_of
from tests.test_operation_grenade_rules import ScriptedDice, data, position, scenario  # noqa: F401 (fixtures)

KEYS = {"allied": Ed25519PrivateKey.from_private_bytes(bytes([7]) * 32),
        "german": Ed25519PrivateKey.from_private_bytes(bytes([8]) * 32)}
POKER = {side: poker.poker_key(key, "grenade-secret", side, "ab" * 32) for side, key in KEYS.items()}


class Table:
    """The public record (state, every message's block, every event) and each machine's cards."""

    def __init__(self, state):
        self.state = state
        self.cards = {"allied": {}, "german": {}}
        self.sent = {"allied": [], "german": []}       # every block each side signed (the enemy reads them)
        self.events = []                                # (save number, events) as the saves keep them
        self.last_dice = None

    def message(self, side, mover, orders, dice, given):
        block, self.cards[side] = dealer.due_parts(GAME, DATA[0], self.state, mover, orders, dice, POKER[side],
                                                   given, self.cards[side])
        self.sent[side].append(block)
        return block

    def step(self, mover, orders, dice, order_of_messages):
        """The step's messages in order (each side's block computed on its own machine from the
        earlier ones), then the step applied with all of them. Returns the outcome."""
        given = {}
        for side in order_of_messages:
            block = self.message(side, mover, orders, dice, given)
            given[side] = dealer.merged(given.get(side), block)
        state = copy.deepcopy(self.state)
        secret.receive(state, given)
        outcome = GAME.apply(DATA[0], state, mover, orders, dice())
        self.state = outcome.state
        self.events.append((len(self.events) + 1, outcome.events))
        return outcome

    def public_bytes(self, side, record=None):
        """All `side` holds from the other: the save (state, events) and the other's blocks. The
        YAML of one mapping is its entries' YAML one after the other: the record (state and events,
        the same for both sides) may be given already dumped (`public_record`)."""
        other = secret.other_side(side)
        record = self.public_record() if record is None else record
        whole = record + dump_yaml({"inbox": self.sent[other]})
        return whole.encode()

    def public_record(self):
        return dump_yaml({"state": self.state, "events": self.events})


DATA = []


@pytest.fixture(scope="module")
def shuffled(data, scenario):  # noqa: F811
    """The table after the campaign's first messages (8.33), built once: staging every pool's deck is
    the slow part (poker encryption), so each test gets its own copy (`table`)."""
    DATA[:] = [data]
    state = position(data, scenario, {"119/30/19": "1112", "1150/183/12": "1012", "1151/183/12": "1012"}, phase="combat")
    for unit in state["units"].values():
        del unit["chit"]
    secret.start(data, state)
    table = Table(state)
    shuffle(table)
    return table


@pytest.fixture
def table(shuffled, data):  # noqa: F811
    DATA[:] = [data]
    return copy.deepcopy(shuffled)


def shuffle(table):
    """8.33: the campaign's first messages carry each side's stage of every pool, the German's
    flood declaration (17.0) first, then the US player's next message."""
    given = {}
    for side in secret.ORDER:
        given[side] = dealer.start_stages(table.state, POKER[side], given)
        table.sent[side].append(given[side])
    secret.receive(table.state, given)
    events = []
    secret.start_stages(table.state, events)
    secret.finish(table.state)
    table.events.append((1, events))


def leaks(table, data):  # noqa: F811
    """Each side's chit ids (and decoded cards) searched in the bytes the other side holds."""
    found, record = [], table.public_record()
    for side, cards in table.cards.items():
        seen = table.public_bytes(secret.other_side(side), record)
        for unit, card in cards.items():
            chit = dealing.chit_of_card(data, card["pool"], card["card"])
            for text in (chit["id"], f"chit: {chit['id']}", poker.to_hex(poker.encode(card["card"]))):
                if text.encode() in seen:
                    found.append(f"{side}'s {unit}: {text}")
        for text in (POKER[side].signature.hex(), POKER[side].master.hex()):
            if text.encode() in seen:
                found.append(f"{side}'s dealing secret")
    return found


def attack_then_defend(table):
    """7.22: the US attack on 1012 with 119/30/19 (untried, morale 3); the German answer picks
    1151/183/12 (untried, morale 2) to defend: both draw at the combat (8.33, 8.41)."""
    table.step("allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice, ["allied"])
    assert GAME.awaiting(table.state).kind == "response"
    return table.step("german", [{"defend": "1012", "with": "1151/183/12"}], lambda: ScriptedDice(1, 2),
                      ["german", "allied", "german"])


def test_the_first_combat_shuffles_deals_and_shows_only_the_strengths(table, data):  # noqa: F811
    """8.33 at random from the pool of the unit's morale, 8.41 immediately before the die roll,
    8.42 the enemy examines the strength in use. Message by message (both pools shuffled by the
    campaign's first messages): the US attack carries nothing; the German answer its share of
    the US card; the US dice reveal its claim for 119/30/19 and its share of the German card; the
    German `strength` answer its claim for 1151/183/12. The combat is resolved on those."""
    outcome = attack_then_defend(table)
    german, allied = table.sent["german"][1:], table.sent["allied"][1:]
    assert [[(s["pool"], s["position"]) for s in b["shares"]] for b in german] == [[("3", 0)], []]
    assert [[(s["pool"], s["position"]) for s in b["shares"]] for b in allied] == [[], [("2", 0)]]
    assert [list(b["claims"]) for b in german] == [[], ["1151/183/12"]]
    assert [list(b["claims"]) for b in allied] == [[], ["119/30/19"]]
    assert all(not b["stages"] for b in german + allied)
    us, de = table.cards["allied"]["119/30/19"], table.cards["german"]["1151/183/12"]
    assert (us["pool"], us["position"], de["pool"], de["position"]) == ("3", 0, "2", 0)
    combat = next(e for e in outcome.events if e["event"] == "combat")
    assert combat["attackers"] == {"119/30/19": dealer.claim_value(GAME, data, "119/30/19", us, "front")}
    assert combat["defenders"] == {"1151/183/12": dealer.claim_value(GAME, data, "1151/183/12", de, "front")}
    units = table.state["units"]
    assert units["119/30/19"]["card"] == {"pool": "3", "position": 0} and "chit" not in units["119/30/19"]
    assert units["119/30/19"]["shown"] == {"front": combat["attackers"]["119/30/19"]}
    assert units["1150/183/12"]["form"] == "untried" and "card" not in units["1150/183/12"]     # 8.36
    assert [(e["pool"], e["unit"], e["record"]["draw"]) for e in outcome.events if e["event"] == "deal"] == [
        ("3", "119/30/19", 0), ("2", "1151/183/12", 0)]
    assert (combat["attackers"], combat["defenders"]) == ({"119/30/19": 8}, {"1151/183/12": 3})     # these keys' cards
    assert leaks(table, data) == []


def test_the_combat_waits_for_the_movers_strength(table):
    """Without the German `strength` answer the combat is not resolved: it names what it waits for."""
    table.step("allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice, ["allied"])
    given = {}
    for side in ("german", "allied"):
        given[side] = table.message(side, "german", [{"defend": "1012", "with": "1151/183/12"}], lambda: ScriptedDice(1, 2), given)
    state = copy.deepcopy(table.state)
    secret.receive(state, given)
    with pytest.raises(secret.AwaitingDeal, match=r"this step waits for german's claim of the Combat Strength of "
                       r"1151/183/12's chit \(front, 8.42\)"):
        GAME.apply(DATA[0], state, "german", [{"defend": "1012", "with": "1151/183/12"}], ScriptedDice(1, 2))


def test_an_impossible_claim_is_refused_and_a_false_one_named_by_the_replay(table, data):  # noqa: F811
    """8.34: a claimed strength no chit of the pool gives for the unit's class is refused at once;
    a possible but false one passes in play (nobody else can decode the card) and the end-of-game
    replay with both dealing secrets names it."""
    outcome = attack_then_defend(table)
    assert dealer.replay(GAME, data, table.events, POKER) == []
    true = table.state["units"]["119/30/19"]["shown"]["front"]
    lie = next(s for s in sorted({int(c["front"]["A"]) for c in chits.pool(data, "3")}) if s != true)
    shown = next(e for e in outcome.events if e["event"] == "shown" and e["unit"] == "119/30/19")
    shown["front"] = lie
    assert dealer.replay(GAME, data, table.events, POKER) == [
        f"CHEATED: save 3: pool 3 event 3: 119/30/19 revealed Combat Strength {lie} but its chit gives {true} (8.34, 8.42)"]
    fresh = copy.deepcopy(table.state)
    fresh["units"]["175/29/19"] = {"side": "allied", "hex": "1111", "form": "untried"}
    fresh["units"]["175/29/19"]["card"], fresh["units"]["175/29/19"]["shown"] = {"pool": "3", "position": 1}, {}
    secret.receive(fresh, {"allied": {"claims": {"175/29/19": {"front": 99}}}})
    with pytest.raises(PbemError, match=r"FALSE CLAIM: allied claims Combat Strength 99 for 175/29/19; no chit of morale pool 3 "
                       r"gives class A a front of 99 \(its chits give 5, 6, 7, 8\) \(8.34, 8.42\)$"):
        secret.examine(GAME, data, fresh, "175/29/19", [])


def test_a_share_for_no_draw_is_refused(table):
    """A share opens a card to its receiver: one the step does not deal is refused."""
    table.step("allied", [{"attack": "1012", "with": ["119/30/19"]}], ScriptedDice, ["allied"])
    orders, dice, given = [{"defend": "1012", "with": "1151/183/12"}], lambda: ScriptedDice(1, 2), {}
    for side in ("german", "allied", "german"):
        given[side] = dealer.merged(given.get(side), table.message(side, "german", orders, dice, given))
    deck = secret.read_pool(table.state, "1")
    given["german"]["shares"].append({"pool": "1", "position": 0, "share": poker.to_hex(deck.cards[0])})
    state = copy.deepcopy(table.state)
    secret.receive(state, given)
    with pytest.raises(PbemError, match=r"the share german sent for pool 1 position 0 is for no draw of this step \(8.33\)"):
        GAME.apply(DATA[0], state, "german", orders, dice())


# -- a whole random game dealt in secret: every draw, 9.86 draw and 8.52 return ------------------

def dealt_game(data, scenario, seed, turns):  # noqa: F811
    """A random legal game (tests/test_operation_grenade_properties.py) played under the secret
    dealing, message by message: the mover's orders (its machine cannot roll the step's dice yet),
    then whoever the step waits for, until it is resolved. Returns the table and, per step, its
    Game-Turn, the signed messages it took, and those it takes with the chits drawn in the open
    (the orders, and the other side's dice reveal if it rolls)."""
    rng, campaign = random.Random(seed), SimpleNamespace(game=GAME, data=data)
    DATA[:] = [data]
    state = GAME.setup(data, scenario, ["allied", "german"], {})
    secret.start(data, state)
    table, counts = Table(state), []
    while not table.state["game_over"] and table.state["turn"] <= turns:
        waiting, turn = GAME.awaiting(table.state), table.state["turn"]
        orders = demo.bench_orders(campaign, {"kind": waiting.kind}, table.state, rng)
        seed_text = seed_of(seed, len(counts))
        sent = play_step(table, waiting.side, orders, seed_text)
        rolled = any(not r["purpose"].startswith("chit/") for r in table.last_dice.rolls)
        counts.append((turn, len(sent), 1 + rolled))
    return table, counts


def play_step(table, mover, orders, seed_text):
    given, sent = {}, []

    def send(side, dice):
        block = table.message(side, mover, orders, dice, given)
        given[side] = dealer.merged(given.get(side), block)
        sent.append(side)

    send(mover, lambda: Dice(None, "the other side's reveal has not come"))
    while True:
        state = copy.deepcopy(table.state)
        secret.receive(state, given)
        dice = Dice(seed_text)
        try:
            outcome = GAME.apply(DATA[0], state, mover, orders, dice)
        except secret.AwaitingDeal as wait:
            send(wait.side, lambda: Dice(seed_text))          # after the reveal both machines know the dice
            continue
        if dice.rolls and secret.other_side(mover) not in sent:
            sent.append(secret.other_side(mover))             # the dice reveal, carrying nothing due
        table.state, table.last_dice = outcome.state, dice
        table.events.append((len(table.events) + 1, outcome.events))
        return sent


def per_turn(counts, index):
    out = {}
    for turn, *numbers in counts:
        out[turn] = out.get(turn, 0) + numbers[index]
    return out


def test_a_random_game_dealt_in_secret_leaks_nothing_and_replays(data, scenario):  # noqa: F811
    """Every draw (8.33 at a combat, 9.86 at a loss) and every return (8.52: a cadre, an
    elimination, then both players re-shuffle the pool before its next draw) of a random legal
    game dealt in secret: no chit in what either side receives, no two units on one card, the
    replay with both dealing secrets agrees with every strength shown; and what it costs."""
    table, counts = dealt_game(data, scenario, 17, 6)
    events = [e for _, step in table.events for e in step]
    kinds = {(e["rule"]) for e in events if e["event"] == "deal"}
    assert {"8.33", "8.52"} <= kinds
    assert not [e for e in events if e["event"] == "chit"]
    held = [(c["pool"], c["card"]) for cards in table.cards.values() for c in cards.values()]
    assert held and len(held) == len(set(held))
    assert leaks(table, data) == []
    assert dealer.replay(GAME, data, table.events, POKER) == []
    today, dealt = per_turn(counts, 1), per_turn(counts, 0)
    assert today == {0: 3, 1: 9, 2: 8, 3: 9, 4: 15, 5: 8, 6: 16}
    assert {turn: dealt[turn] - today[turn] for turn in today} == {0: 0, 1: 1, 2: 2, 3: 1, 4: 1, 5: 1, 6: 2}


def test_9_86_a_loss_after_a_return_to_the_same_pool_waits_for_the_new_shuffle(table, data):  # noqa: F811
    """9.86: "he may take losses from units that are stacked on the same hex but did not
    participate in the combat"; 8.52: a chit "placed back in the same morale pool ... may be chosen
    later in the game at random by either Player". D(4) against 1151/183/12 (three steps, its chit
    shown) with its untried hex-mate 1150/183/12 (morale 2 both): 1151 becomes a cadre, its card
    goes back to pool 2 (8.52), and is eliminated; 1150's 9.86 draw from pool 2 then waits for both
    players' stages of the pool's new epoch, made on the deck as the return left it; the German
    claims only the steps the chit gives (9.82)."""
    attack_then_defend(table)
    state = table.state
    assert state["units"]["1151/183/12"]["steps"] == 3
    state["combats"] = [{"hex": "1012", "hexes": ["1012"], "attackers": ["119/30/19"], "defenders": ["1151/183/12"],
                         "advance": [], "chosen": {"1012": "1151/183/12"}, "advance_path": [], "attacker_side": "allied",
                         "result": {"D": {"flexible": 0, "mandatory": 4, "breakthrough": False}, "text": "D(4)"}}]
    state["awaiting_choice"] = {"kind": "losses", "side": "german", "hex": "1012", "result": "D"}
    orders = [{"combat": "1012", "losses": ["1151/183/12"] * 3 + ["1150/183/12"]}]
    sent = play_step(table, "german", orders, "5" * 64)
    assert sent == ["german", "allied", "german"]
    german, allied = table.sent["german"][-2:], table.sent["allied"][-1]
    assert [(len(b["stages"]), len(b["shares"]), list(b["claims"])) for b in german] == [(1, 0, []), (0, 0, ["1150/183/12"])]
    assert (len(allied["stages"]), [(s["pool"], s["position"]) for s in allied["shares"]]) == (1, [("2", 0)])
    _, events = table.events[-1]
    deals = [(e["rule"], e["record"].get("draw"), e["record"].get("return"), e["record"].get("side")) for e in events
             if e["event"] == "deal"]
    assert deals == [("8.52", None, 0, None), ("8.33", None, None, "german"), ("8.33", None, None, "allied"),
                     ("9.86", 0, None, None)]
    steps = german[1]["claims"]["1150/183/12"]["steps"]
    assert [e for e in events if e["event"] == "shown"] == [
        {"event": "shown", "unit": "1150/183/12", "side": "german", "steps": steps, "rule": "9.86"}]
    assert dealer.replay(GAME, data, table.events, POKER) == []
    assert leaks(table, data) == []
    assert dealer.cards_of(POKER["german"], table.events) == {"1150/183/12": table.cards["german"]["1150/183/12"]}


def test_a_side_decodes_its_own_cards_from_the_public_record_and_its_key(table, data):  # noqa: F811
    """Nothing is stored beside the key: each stage publishes the deck, each draw the other side's
    share, so a side's machine re-opens its own cards, and only its own (its private view)."""
    attack_then_defend(table)
    assert dealer.cards_of(POKER["allied"], table.events) == table.cards["allied"] == {
        "119/30/19": {"pool": "3", "position": 0, "card": table.cards["allied"]["119/30/19"]["card"]}}
    assert dealer.cards_of(POKER["german"], table.events) == table.cards["german"]
    assert set(table.cards["german"]) == {"1151/183/12"}


# -- a signed campaign: `pbem sign`, the dice reveal and the `strength` answers carry the parts ---------

DEMO_ID = "operation-grenade-demo"


@pytest.fixture(scope="module")
def signed(tmp_path_factory, built_demo):
    """The Operation Grenade demo campaign (behaviour 3: the chits dealt in secret), built by the demo
    builder to save 5: the US attacks on 0110 and 0310 (step 4), then the German answer (step 5), whose
    two combats draw the first four chits (8.33, 8.41). Two machines, the same signed inputs: this
    build, and the session's whole demo build (built_demo) as it stood at save 5."""
    work = tmp_path_factory.mktemp("machine-a")
    report = run_demo(work, "operation-grenade", last=5)
    assert "pbem verify" in report and ": OK:" in report, report[-400:]
    other = copy_upto(built_demo("operation-grenade") / "campaign", tmp_path_factory.mktemp("machine-b") / "campaign", 5)
    return [work / "campaign", other]


def demo_keys():
    from pbem.demo import demo_folder, demo_nonce
    from pbem.keys import load_private_key
    source = demo_folder(DEMO_ID)
    return {side: poker.poker_key(load_private_key(source / "keys" / side), DEMO_ID, side, demo_nonce(DEMO_ID, side))
            for side in ("allied", "german")}


def folder_bytes(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_signed_campaign_deals_in_secret_and_its_files_name_no_chit(signed):
    """Step 5 (the German answer to the US attacks): the US dice reveal and the `strength` answers
    carry the claims; no file either side receives names a chit (tests/leaks.py, every chit id of
    the pools in every save's files); the replay with both dealing secrets agrees with every
    strength shown; two machines make byte-identical folders."""
    from pbem import campaign as camp
    from tests.leaks import find_leaks
    folder = signed[0]
    step5 = sorted(p.name for p in (folder / "steps" / "0005").iterdir())
    assert step5 == ["orders-german.txt", "picture.svg", "report.txt", "reveal-allied.txt", "save.yaml",
                     "strength-allied-1.txt", "strength-german-1.txt", "strength-german-2.txt"]
    leaks, searched = find_leaks(folder, {})
    assert (leaks, searched) == ([], 36)                 # three pools of 12 chits
    campaign = camp.open_campaign(folder)
    history = [(n, campaign.load_save(n)[0]["events"]) for n in campaign.step_numbers()]
    keys = demo_keys()
    assert dealer.replay(GAME, campaign.data, history, keys) == []
    cards = {side: dealer.cards_of(keys[side], history) for side in keys}
    assert {side: sorted(c) for side, c in cards.items()} == {"allied": ["13/8/7", "28/8/7"],
                                                               "german": ["942/353/58", "943/353/58"]}
    shown = {e["unit"]: e["front"] for _, events in history for e in events if e["event"] == "shown"}
    assert shown == {u: dealer.claim_value(GAME, campaign.data, u, c, "front") for s in cards for u, c in cards[s].items()}
    assert folder_bytes(signed[0]) == folder_bytes(signed[1])
    assert camp.verify(folder).ok


def test_verify_with_both_dealing_secrets_replays_the_pools(signed):
    """`verify --dealing`: each side's dealing secret, handed over at the end, is checked against
    its key; every pool is replayed and every strength shown checked against its card."""
    from pbem import campaign as camp
    from pbem.demo import demo_folder
    from pbem.hidden.dealt import dealing_secret
    from pbem.keys import load_private_key
    campaign = camp.open_campaign(signed[0])
    secrets = {side: dealing_secret(campaign, load_private_key(demo_folder(DEMO_ID) / "keys" / side), side)
               for side in ("allied", "german")}
    result = camp.verify(signed[0], dealing=secrets)
    assert result.ok and result.message.endswith(", and every shared pool's dealing with both dealing secrets")
    forged = secrets | {"german": secrets["allied"]}
    assert camp.verify(signed[0], dealing=forged).message == (
        "FORGED REVEAL: the dealing secret of german is not its key's signature of the dealing text")
    assert camp.verify(signed[0], dealing={"german": secrets["german"]}).message == (
        "the pools are replayed with every side's dealing secret (allied, german); given: german")


def test_the_combat_awaits_the_movers_strength_answer(signed, tmp_path):
    """After the German answer and the US dice reveal, the step waits for the German `strength`
    answer (its claim, made once its machine decoded its card with the US share), and says so."""
    import shutil

    from pbem import campaign as camp
    folder = tmp_path / "campaign"
    shutil.copytree(signed[0], folder)
    five = folder / "steps" / "0005"
    inputs = {name: (five / name).read_text() for name in ("orders-german.txt", "reveal-allied.txt")}
    shutil.rmtree(five)
    for name, text in inputs.items():
        (tmp_path / name).write_text(text)
    result = camp.adjudicate(folder, [tmp_path / n for n in inputs])
    assert result.save is None and result.awaiting_strength == ["german"]
    assert result.report.endswith(
        "this step waits for german's claim of the Combat Strength of 942/353/58's chit (front, 8.42): german signs its "
        f"strength message (`pbem strength`) on its copy. The inputs are kept in {folder / 'pending'} until it comes; "
        "the position is unchanged.")


def test_an_impossible_strength_claim_is_refused_naming_its_file(signed, tmp_path):
    """8.34: a claimed Combat Strength that no chit of the unit's pool gives for its class is
    refused when the step is adjudicated, naming the strength message that carried it."""
    import shutil

    from pbem import campaign as camp
    from pbem.demo import demo_folder
    from pbem.inputs import make_strength
    from pbem.keys import load_private_key
    from pbem.signing import parse_signed
    folder = tmp_path / "campaign"
    shutil.copytree(signed[0], folder)
    five = folder / "steps" / "0005"
    names = ("orders-german.txt", "reveal-allied.txt")
    for name in names:
        (tmp_path / name).write_text((five / name).read_text())
    honest = parse_signed((five / "strength-german-1.txt").read_text(), "strength").body
    shutil.rmtree(five)
    key = load_private_key(demo_folder(DEMO_ID) / "keys" / "german")
    claims = {"942/353/58": {"front": 99}}
    lie = tmp_path / "strength-german-1.txt"
    lie.write_text(make_strength(camp.open_campaign(folder), key, "german", 5, honest["orders"], 1, honest["sent"],
                                 honest["hidden"] | {"claims": claims}))
    with pytest.raises(PbemError) as refused:
        camp.adjudicate(folder, [tmp_path / n for n in names] + [lie])
    assert str(refused.value) == (f"{lie}: FALSE CLAIM: german claims Combat Strength 99 for 942/353/58; no chit of morale "
                                  "pool 1 gives class B a front of 99 (its chits give 2, 3, 4) (8.34, 8.42)")


def test_a_sides_own_report_decodes_its_chits_with_its_key(signed):
    """8.42: the owner sees its own chits; `pbem report --side SIDE --key KEY` decodes them from the
    public record with that side's key; the enemy's units show only as tried; without the key the
    own report is refused, saying why."""
    from typer.testing import CliRunner

    from pbem import campaign as camp
    from pbem.cli import app
    from pbem.demo import demo_folder
    folder, keys = signed[0], demo_folder(DEMO_ID) / "keys"
    campaign = camp.open_campaign(folder)
    history = [(n, campaign.load_save(n)[0]["events"]) for n in campaign.step_numbers()]
    german = dealer.cards_of(demo_keys()["german"], history)
    allied = dealer.cards_of(demo_keys()["allied"], history)

    def report(*args):       # in-process: test_grenade_dealt_cli runs these commands as processes
        return CliRunner().invoke(app, ["report", str(folder), "--step", "5", *args])

    own = report("--side", "german", "--key", str(keys / "german"))
    assert own.exit_code == 0, own.stderr
    for unit, card in german.items():
        chit = dealing.chit_of_card(campaign.data, card["pool"], card["card"])["id"]
        assert re.search(rf"{re.escape(unit)} +german +tried: chit {chit}, strength \d", own.stdout), unit
    for card in allied.values():
        chit = dealing.chit_of_card(campaign.data, card["pool"], card["card"])["id"]
        assert f"chit {chit}," not in own.stdout
    refused = report("--side", "german")
    assert refused.exit_code != 0 and ("report --side german of this campaign shows german's own strength chits, which only "
                                        "german's key decodes: give it with --key") in refused.stderr


def test_the_dealing_secret_is_printed_for_the_hand_over_and_checks_against_the_key(signed):
    """`pbem dealing-secret DIR --key KEY` prints SIDE=SECRET, the text `verify --dealing` takes;
    the secret is the side's key's signature of the dealing text (poker.revealed_key accepts it)."""
    from typer.testing import CliRunner

    from pbem.cli import app
    from pbem.demo import demo_folder, demo_nonce
    from pbem.keys import key_id, load_private_key
    keys = demo_folder(DEMO_ID) / "keys"
    done = CliRunner().invoke(app, ["dealing-secret", str(signed[0]), "--key", str(keys / "german")])    # a process in test_grenade_dealt_cli
    assert done.exit_code == 0, done.stderr
    side, _, secret_hex = done.stdout.strip().partition("=")
    assert side == "german" and len(secret_hex) == 128
    key = load_private_key(keys / "german")
    nonce = demo_nonce(DEMO_ID, "german")
    assert poker.revealed_key(key_id(key.public_key()), DEMO_ID, "german", nonce, secret_hex) == poker.poker_key(
        key, DEMO_ID, "german", nonce)


def test_own_cards_read_from_the_record_only_when_a_claim_asks():
    """issue 13 (speed): a side's machine works out its cards from the public record (every save,
    every own draw opened) only when a claim needs a card not dealt in the step; a card decoded in
    the step comes first; what due_parts hands back is the cards given with those decoded added."""
    reads = []

    def record():
        reads.append(1)
        return {"1150/183/12": {"pool": "2", "position": 0, "card": 5}}

    own = dealer.OwnCards(record)
    own.decoded["A/2A/19"] = {"pool": "1", "position": 3, "card": 7}
    assert own.get("A/2A/19") == {"pool": "1", "position": 3, "card": 7} and reads == []
    assert own.get("1150/183/12") == {"pool": "2", "position": 0, "card": 5} and reads == [1]
    assert own.get("14/8/7") is None and reads == [1]          # read once
