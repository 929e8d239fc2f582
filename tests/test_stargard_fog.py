"""Stargard Solstice 1.1.4 Fog of War (campaign option `fog=true`, behaviour 3) on the
hidden-information core.

1.1.4: "Except when calculating the ratio for an attack that has been committed to, a player may
not examine the units that make up an enemy stack. They may observe only the unit that occupies
the top of the stack."

Unit tests on the made-up test data of tests/sshelp.py; the campaign test on the bundled example's
DEMONSTRATION DATA (examples/stargard-solstice-demo/, made up), signed and adjudicated as `pbem
sign` and `pbem adjudicate` do."""

import copy
import shutil

import pytest

from pbem import campaign as camp
from pbem.demo import next_orders
from pbem.errors import PbemError
from pbem.games.stargard_solstice import GAME, cup, demo, fog
from pbem.hidden.private import find_private
from pbem.hidden.steps import hidden_of, own_view
from pbem.signing import parse_signed
from tests.conftest import forge_signed
from tests.leaks import find_leaks
from tests.sshelp import HQ_HOME, SCENARIO, data
from tests.test_cli import run
from tests.test_stargard_withdrawal import EXAMPLE, SEATS, keys, policy, sign_and_adjudicate
from pbem.demo import DEMO_SENT
from pbem.yamlio import parse_yaml_text

ZERO = {"side": "soviet", "type": "combat", "listed_under": "61-HQ", "independent": False, "attack": 0,
        "defense": 2, "movement": 4, "steps": 1, "mechanized": False}          # TEST DATA: a unit without a ZOC


def fogged(position: dict, turn: int = 2):
    units = {u: {"hex": h} for u, h in {**HQ_HOME, **position}.items()}
    d = data(position=units, values={"units.counters.s-aaa": ZERO})
    s = GAME.setup(d, SCENARIO, ["german", "soviet"], {"position": "test", "withdrawal": True, "fog": True})
    s["turn"] = turn
    return d, s


def test_1_1_4_only_the_top_unit_of_a_stack_shows_the_one_under_it_is_an_item_of_its_hex():
    """s-inf and s-inf2 in 1415: the lower id shows, s-inf2 is the Soviet's item 1415/1 (its
    list memberships and the activation it was hidden in go with it); a lone unit and an HQ show."""
    d, s = fogged({"s-inf": "1415", "s-inf2": "1415", "s-one": "1416"})
    s["activated"] = ["s-inf", "s-inf2"]
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    assert items == {"1415/1": {"unit": "s-inf2", "side": "soviet", "hex": "1415", "steps": 2, "supply": "in",
                                "lists": ["activated"], "segment": 0, "turn": 2, "supplied": 0}}
    assert "s-inf2" not in public["units"] and {"s-inf", "s-one", "61-HQ"} <= set(public["units"])
    assert public["activated"] == ["s-inf"] and public["fog_hidden"] == {"german": [], "soviet": ["1415"]}
    back = GAME.hidden.merge(d, public, "soviet", items)
    assert back["units"] == s["units"] and back["activated"] == ["s-inf", "s-inf2"] and back["fog_hidden"]["soviet"] == []


def test_6_3_1_the_top_is_the_unit_put_on_top_else_the_one_with_a_zoc():
    """4.2: a unit with attack 0 has no ZOC: under s-inf it hides even though its id sorts first,
    so the stack's ZOC reads the same from the top; put on top (6.3.1 `on_top`) it shows, and the
    capped stack is what the enemy sees."""
    d, s = fogged({"s-inf": "1415", "s-aaa": "1415"})
    _, items = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    assert [v["unit"] for v in items.values()] == ["s-aaa"]
    s["units"]["s-aaa"]["on_top"] = "1415"
    _, items = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    assert [v["unit"] for v in items.values()] == ["s-inf"]


def test_3_3_3_a_hidden_unit_in_command_range_joins_the_activation_before_anything_moves():
    """The draw (a public step) activates the units it sees; in the Soviet's own view of the
    Movement segment the hidden s-inf2, 2 hexes from 61-HQ (range 3), is activated too."""
    d, s = fogged({"s-inf": "1415", "s-inf2": "1415"})
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    public.update(active="soviet", chit="61-HQ")
    cup.activate(d, public, "61-HQ", [])
    assert public["activated"] == ["s-inf"] and public["fog_segment"] == 1
    view = GAME.hidden.merge(d, copy.deepcopy(public), "soviet", items)
    assert view["activated"] == ["s-inf", "s-inf2"]


def test_an_attack_opens_the_defending_stack_a_bombardment_its_targets_stacks():
    """1.1.4 "except when calculating the ratio for an attack that has been committed to"."""
    d, s = fogged({"s-inf": "1415", "s-inf2": "1415", "g-inf": "1414"})
    hidden = {"soviet": ["1415/1", "withdrawn/2"], "german": []}
    attack = [{"attack": "1415", "with": ["g-inf"]}]
    assert GAME.hidden.opens(d, {**s, "phase": "combat"}, hidden, "german", attack) == {"soviet": ["1415/1"]}
    assert GAME.hidden.opens(d, {**s, "phase": "combat"}, hidden, "german", [{"attack": "1515", "with": ["g-inf"]}]) == {"soviet": []}
    assert GAME.hidden.opens(d, {**s, "phase": "bombard"}, hidden, "german", [{"bombard": ["s-inf"]}]) == {"soviet": ["1415/1"]}
    assert GAME.hidden.opens(d, {**s, "phase": "supply"}, hidden, "german", []) == {}


def test_a_public_step_opens_the_movers_stacks_at_the_hexes_and_units_its_orders_name():
    """The attackers' stacks (`with`), an advance, a retreat's units and hexes, a rebuilt unit."""
    d, s = fogged({"s-inf": "1415", "s-inf2": "1415", "s-one": "1416"})
    items = {"1415/1": {}, "1417/1": {}, "withdrawn/2": {}}
    view = copy.deepcopy(s)
    assert GAME.hidden.mover_opens(d, view, items, "soviet", [{"attack": "1414", "with": ["s-inf"]}]) == ["1415/1"]
    assert GAME.hidden.mover_opens(d, view, items, "soviet", [{"retreat": {"s-one": ["1417"]}}]) == ["1417/1"]
    assert GAME.hidden.mover_opens(d, view, items, "soviet", [{"rebuild": "s-inf"}]) == ["1415/1"]
    assert GAME.hidden.mover_opens(d, view, items, "soviet", [{"hq": "61-HQ"}]) == []


def test_19_1_3_a_withdrawing_unit_still_hidden_is_opened_by_the_germans_supply_phase_file():
    """19.1.3 counts the withdrawing divisions' units left at the turn end: one hidden since the
    event is opened by the German's own Supply Phase file (the German's machine knows it)."""
    d, s = fogged({"g-pz": "1313", "g-inf": "1313"})
    items = {"1313/1": {"unit": "g-inf"}, "withdrawn/2": {}}
    view = {**copy.deepcopy(s), "phase": "supply"}
    assert GAME.hidden.mover_opens(d, view, items, "german", []) == []
    view["reich"] = {"turn": 2}
    formations = {"units.counters.g-inf.formation": "10SS"}          # TEST DATA: g-inf of the 10th SS
    d2 = data(position={u: {"hex": h} for u, h in {**HQ_HOME, "g-pz": "1313", "g-inf": "1313"}.items()},
              values={"units.counters.s-aaa": ZERO, **formations})
    assert GAME.hidden.mover_opens(d2, view, items, "german", []) == ["1313/1"]
    assert GAME.hidden.mover_opens(d2, {**view, "phase": "combat"}, items, "german", []) == []


def test_11_0_a_hidden_unit_takes_the_supply_phase_it_missed_when_put_back():
    """The Supply Phase recorded that 1415's Soviet units reach no source: s-inf2, hidden there and
    in supply, is out of supply (11.0) when opened; had its HQ been isolated it would be isolated
    (11.3.2). A Pinned marker from an earlier turn is gone (2.6.2)."""
    d, s = fogged({"s-inf": "1415", "s-inf2": "1415"})
    s["units"]["s-inf2"]["pinned"] = True
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    public["turn"] = 3
    public["fog_supply"] = [{"turn": 2, "hexes": {"soviet": {"1415": {"side": False}}}, "hqs": {"61-HQ": "in"}}]
    back = GAME.hidden.merge(d, copy.deepcopy(public), "soviet", items)
    assert back["units"]["s-inf2"] == {"side": "soviet", "hex": "1415", "steps": 2, "supply": "oos"}
    public["fog_supply"][0]["hqs"]["61-HQ"] = "isolated"
    assert GAME.hidden.merge(d, copy.deepcopy(public), "soviet", items)["units"]["s-inf2"]["supply"] == "isolated"


def test_the_enemy_refuses_a_movement_segment_that_changed_its_units():
    d, s = fogged({"s-inf": "1415", "g-inf": "1413"})
    before = {**copy.deepcopy(s), "phase": "movement", "active": "german", "hq": "3SS-PZ-HQ"}
    after = {**copy.deepcopy(before), "phase": "combat"}
    assert GAME.hidden.public_problems(d, before, after, "german") == []
    after["units"]["s-inf"]["steps"] = 1
    assert GAME.hidden.public_problems(d, before, after, "german") == [
        "the other side's units changed in a Movement segment, which moves only the active player's units"]


def test_the_fog_option_is_recorded_when_given_and_refused_with_16_3():
    assert GAME.options({"fog": "true"}) == {"withdrawal": True, "fog": True}
    assert "fog" not in GAME.options({})
    with pytest.raises(PbemError, match="options fog=true and optional 16.3 cannot be played together"):
        GAME.options({"fog": "true", "optional": "16.3"})


# -- a campaign -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def campaign_folder(tmp_path_factory):
    """The demo's turn 1 under fog, then turn 2 with 16.1 to the German reinforcements: the
    Soviet reinforcements stacked in 3001 and 3101 on turn 1 are hidden by the Soviet's next owner
    step (its withdrawal) and stay hidden through the Supply Phase."""
    from pbem.demo import demo_commitment
    from pbem.keys import key_id
    work = tmp_path_factory.mktemp("sg-fog")
    k = keys()
    campaign = camp.create_campaign(work / "campaign", "stargard-solstice", "campaign",
                                    {s: key_id(k[s].public_key()) for s in SEATS},
                                    {s: demo_commitment(k[s], "sg-w", s) for s in SEATS},
                                    EXAMPLE / "data-override.yaml", title="1.1.4 test (demonstration data)",
                                    options={"position": "demo", "optional": "16.1", "fog": "true"})
    planned = iter(demo.TURN_1)
    while (due := next_orders(campaign, planned, demo.respond)) is not None:
        sign_and_adjudicate(campaign, *due)
    while True:
        number, save, _ = campaign.latest()
        if save["state"]["phase"] == "reinforce":
            break
        sign_and_adjudicate(campaign, save["awaiting"]["side"], policy(campaign, number, save))
    return work


def test_the_stacked_soviet_units_are_hidden_from_the_german_and_the_soviet_sees_them(campaign_folder):
    campaign = camp.open_campaign(campaign_folder / "campaign")
    number, save, _ = campaign.latest()
    assert sorted(hidden_of(save, "soviet")) == ["3001/1", "3101/1"]
    shown = {u for u, v in save["state"]["units"].items() if v["hex"] in ("3001", "3101")}
    view = own_view(campaign, number, save, "soviet", find_private(campaign.folder, campaign.id, "soviet"))
    under = {u for u, v in view["units"].items() if v["hex"] in ("3001", "3101")} - shown
    assert len(shown) == 2 and len(under) == 2 and not under & set(save["state"]["units"])
    record = save["state"]["fog_supply"][-1]
    assert record["turn"] == 2 and sorted(record["hexes"]["soviet"]) == ["3001", "3101"]
    report = (campaign.step_dir(number) / "report.txt").read_text()
    assert "Hidden from the enemy: soviet 2 items (3001/1, 3101/1)." in report
    for unit in under:
        assert unit not in report


def test_what_the_german_receives_never_names_a_hidden_unit_and_the_private_part_verifies(campaign_folder):
    folder = campaign_folder / "campaign"
    parts = {"soviet": find_private(folder, camp.open_campaign(folder).id, "soviet")}
    leaks, searched = find_leaks(folder, parts)
    assert leaks == [] and searched >= 4
    checked = run("verify", folder, "--private", campaign_folder / "campaign.private-soviet").stdout
    assert checked.startswith("OK: ") and "every hidden item and hidden step of soviet from its private part" in checked


@pytest.fixture(scope="module")
def combat_folder(tmp_path_factory):
    """Turn 1 under fog on a copy of the demo's data with 27J/27SS one hex nearer (1312, TEST
    DATA): Oehms/27SS moves onto it (a German stack, one unit hidden), both attack 1413 (the
    German's orders open the stack), the Soviet survivors retreat together to 1414 and the
    Soviet's next Movement segment hides one of them; then the Supply Phase."""
    from pbem.demo import demo_commitment
    from pbem.keys import key_id
    work = tmp_path_factory.mktemp("sg-fog-combat")
    (work / "override.yaml").write_text((EXAMPLE / "data-override.yaml").read_text().replace(
        '"27J/27SS": {hex: "1313"}', '"27J/27SS": {hex: "1312"}'))
    k = keys()
    campaign = camp.create_campaign(work / "campaign", "stargard-solstice", "campaign",
                                    {s: key_id(k[s].public_key()) for s in SEATS},
                                    {s: demo_commitment(k[s], "sg-f", s) for s in SEATS},
                                    work / "override.yaml", title="1.1.4 combat test (demonstration data)",
                                    options={"position": "demo", "fog": "true"})
    while True:
        number, save, _ = campaign.latest()
        state, waiting = save["state"], save["awaiting"]
        if state["phase"] == "reinforce":
            return work
        if state["phase"] == "movement" and state["hq"] == "3SS-PZ-HQ":
            shutil.copytree(work / "campaign", work / "before-move" / "campaign")
        if state["phase"] == "bombard":
            orders = [{"bombard": ["65GT/9GT"]}]
        elif state["phase"] == "movement" and state["hq"] == "3SS-PZ-HQ":
            orders = [{"move": "Oehms/27SS", "path": ["1312"]}]
        elif state["phase"] == "combat" and state["hq"] == "3SS-PZ-HQ" and not state["attackers"]:
            orders = [{"attack": "1413", "with": ["Oehms/27SS", "27J/27SS"]}]
        else:
            orders = demo.respond(campaign, state) if waiting["kind"] == "response" else demo.quiet(campaign, state)
        sign_and_adjudicate(campaign, waiting["side"], orders)


def test_an_attack_committed_opens_the_attackers_stack_and_the_retreated_stack_is_hidden_again(combat_folder):
    campaign = camp.open_campaign(combat_folder / "campaign")
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    by_phase = {s["produced_by"]["phase"]: s for s in saves[1:]}
    moved = by_phase["Turn 1 German 3SS-PZ-HQ movement"]
    assert list(hidden_of(moved, "german")) == ["1312/1"] and moved["events"][0] == {"event": "fog", "side": "german", "rule": "1.1.4"}
    assert [u for u, v in moved["state"]["units"].items() if v["hex"] == "1312"] == ["27J/27SS"]      # the lower id shows
    fight = next(s for s in saves if any(e["event"] == "combat" for e in s["events"]))
    combat = next(e for e in fight["events"] if e["event"] == "combat")
    assert combat["attackers"] == ["27J/27SS", "Oehms/27SS"] and combat["attack"] == 10      # 1.1.4: the whole stack
    assert hidden_of(fight, "german") == {}                                                  # opened by the orders
    assert "Oehms/27SS" in camp.read_stored(campaign.step_dir(fight["number"]) / "orders-german.txt").body["hidden"]["open"]["1312/1"]["value"]["unit"]
    soviet_move = by_phase["Turn 1 Soviet 2GT-HQ movement"]
    assert list(hidden_of(soviet_move, "soviet")) == ["1414/1"]
    supply = by_phase["Turn 1 Supply Phase (2.4)"]["state"]["fog_supply"][-1]
    assert supply["turn"] == 1 and sorted(supply["hexes"]) == ["german", "soviet"]
    assert supply["hexes"]["soviet"] == {"1414": {"own:4815": True, "side": True}}


def test_the_combat_campaign_leaks_no_hidden_unit_and_both_private_parts_verify(combat_folder):
    folder = combat_folder / "campaign"
    cid = camp.open_campaign(folder).id
    parts = {s: find_private(folder, cid, s) for s in SEATS}
    leaks, searched = find_leaks(folder, parts)
    assert leaks == [] and searched >= 6
    for side in SEATS:
        checked = run("verify", folder, "--private", combat_folder / f"campaign.private-{side}").stdout
        assert f"every hidden item and hidden step of {side} from its private part" in checked


def test_the_soviets_machine_takes_the_hidden_move_and_refuses_one_that_touched_its_units(combat_folder, tmp_path):
    """Two machines: the German seals its Movement segment (Oehms/27SS onto 27J/27SS) on its own;
    the Soviet's machine, without the German part, records the same save byte for byte. A
    modified pbem that signs a result in which a Soviet unit lost a step is refused at once."""
    german, soviet = tmp_path / "german", tmp_path / "soviet"
    shutil.copytree(combat_folder / "before-move" / "campaign", german / "campaign")
    shutil.copytree(combat_folder / "before-move" / "campaign", soviet / "campaign")
    mine = camp.open_campaign(german / "campaign")
    number = mine.latest()[0]
    template = parse_yaml_text(camp.order_template(mine.folder, "german"), "template")
    template["orders"] = [{"move": "Oehms/27SS", "path": ["1312"]}]
    signed = camp.sign_orders(mine, template, keys()["german"], sent=DEMO_SENT)
    for folder in (german, soviet):
        (folder / "orders.txt").write_text(signed)
        assert camp.adjudicate(folder / "campaign", [folder / "orders.txt"], key=keys()["soviet"], sent=DEMO_SENT).save
    step = f"steps/{number + 1:04d}/save.yaml"
    assert (german / "campaign" / step).read_bytes() == (soviet / "campaign" / step).read_bytes()
    body = parse_signed(signed, "orders.txt").body
    body["hidden"]["result"]["state"]["units"]["33G/9GT"]["steps"] = 1
    cheat = tmp_path / "cheat"
    shutil.copytree(combat_folder / "before-move" / "campaign", cheat / "campaign")
    (cheat / "orders.txt").write_text(forge_signed(cheat / "campaign", body, keys()["german"]))
    with pytest.raises(PbemError, match=r"CHEATED: step \d+ of german: the other side's units changed in a Movement "
                                        r"segment, which moves only the active player's units"):
        camp.adjudicate(cheat / "campaign", [cheat / "orders.txt"], key=keys()["soviet"], sent=DEMO_SENT)
