"""Two new players' first fog-of-war campaigns by the CLI (Dark December 25.0 with `fog=true`,
Stargard Solstice 1.1.4 with the hidden 16.1 Stavka withdrawal), the frictions they met: each test
asserts the exact template or message a user now gets. Played on the bundled examples'
DEMONSTRATION DATA (examples/*-demo/data-override.yaml, made up, not the games' values)."""

import copy
import shutil

from pbem import campaign as camp
from pbem.games.stargard_solstice import GAME as STARGARD
from pbem.hidden.private import find_private
from pbem.hidden.steps import own_view
from pbem.yamlio import parse_yaml_text
from tests.conftest import ROOT
from tests.test_cli import run
from tests.test_dark_december_fog import new_campaign, stacked
from tests.test_dark_december_fog import play as dd_play
from tests.test_stargard_withdrawal import play, start, withdrawn
from tests import conftest

DD_BUNDLED = ROOT / "examples" / "dark-december-demo" / "campaign"


def test_the_soviet_slot_template_names_the_chit_of_its_committed_order():
    """16.1/12.6: a Soviet slot drawn while a chit is withdrawn waits for the Soviet to name "the
    chit at that slot of its committed order". The template was `orders: []`, which `check`
    refuses; the Soviet's own machine holds the order, so the template now names the chit and
    adjudicates as written. The German's public view has no order: nothing is pre-filled there."""
    d, s = start(8, withdrawal=True)
    s, _, _ = withdrawn(d, s)                        # 61-HQ withdrawn, order [2GT-HQ]
    s, _, _ = play(d, s, "soviet", [], 6)            # face 6: Soviet slot 1 of 1
    template = STARGARD.template(d, s, "soviet")
    assert template["orders"] == [{"chit": "2GT-HQ"}]
    assert template["notes"][1] == "slot 1 of your committed order is 2GT-HQ: sign this file as it is"
    assert STARGARD.check(d, s, "soviet", template["orders"]) == []
    public, _ = STARGARD.hidden.split(d, copy.deepcopy(s), "soviet")
    seen = STARGARD.template(d, public, "soviet")
    assert seen["orders"] == [] and "2GT-HQ" not in str(seen) and "61-HQ" not in str(seen)


def test_a_second_pbem_orders_says_what_to_do_with_the_file_already_there(tmp_path, monkeypatch):
    """Running `pbem orders` again for the same step met "already exists; pbem never overwrites",
    which said nothing of what to do next."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(DD_BUNDLED, tmp_path / "dd")
    first = run("orders", "dd", "--side", "german")
    assert first.stdout == "wrote orders-german-0013.yaml\n"
    again = run("orders", "dd", "--side", "german", ok=False)
    assert again.exit_code == 1
    assert again.stderr == ("pbem: error: orders-german-0013.yaml: already exists; pbem never overwrites: edit it and "
                            "`pbem check` it, or remove it, or write the template elsewhere with --out FILE\n")
    assert run("orders", "dd", "--side", "german", "--out", "mine.yaml").stdout == "wrote mine.yaml\n"


def test_the_dark_december_movement_template_names_the_sides_units_and_their_hexes(tmp_path):
    """The README promises a template pre-filled with "units, hexes"; Dark December's movement
    template named none. It now lists the side's units from its own view, so under fog (25.0) the
    owner sees its hidden ger-pz2, and never an enemy unit."""
    campaign = stacked(tmp_path)                     # ger-pz2 hidden under ger-inf2 at 1313
    number, save, _ = campaign.latest()
    view = own_view(campaign, number, save, "german", find_private(campaign.folder, campaign.id, "german"))
    view["phase"] = "movement"
    notes = campaign.game.template(campaign.data, view, "german")["notes"]
    assert notes[-1] == "your units on the map: ger-inf1 at 1211, ger-inf2 at 1313, ger-pz1 at 1412, ger-pz2 at 1313"


def test_the_first_dark_december_movement_template_by_the_cli(tmp_path, monkeypatch):
    """The bundled demo's German movement step (save 2), as `pbem orders` writes it."""
    monkeypatch.chdir(tmp_path)
    conftest.copy_upto(DD_BUNDLED, tmp_path / "dd", 2)
    run("orders", "dd", "--side", "german")
    text = (tmp_path / "orders-german-0002.yaml").read_text()
    assert "# your units on the map: ger-inf1 at 1311, ger-inf2 at 1313, ger-pz1 at 1412, ger-pz2 at 1414\n" in text
    assert parse_yaml_text(text, "template")["orders"] == []


def bundled_dd(tmp_path, last: int):
    """The bundled Dark December demo as a player's copy holds it after save `last`."""
    return camp.open_campaign(conftest.copy_upto(DD_BUNDLED, tmp_path / "dd", last))


def test_a_typo_in_a_dark_december_unit_id_offers_the_sides_own_nearest_units(tmp_path):
    """`move: ger-pz3` met "'ger-pz3' is not a german unit on the map" (Stargard Solstice offers the
    nearest spellings). An id that is no counter now gets the nearest of the side's own units; a
    real counter (the enemy's, here us-inf1, perhaps hidden by fog) gets none."""
    campaign = bundled_dd(tmp_path, 2)                    # the German Movement Phase
    state = campaign.latest()[1]["state"]
    problems = campaign.game.check(campaign.data, state, "german", [
        {"move": "ger-pz3", "path": ["1414", "1314"]}, {"move": "us-inf1", "path": ["1111", "1211"]},
        {"move": "us-inf3", "path": ["1111", "1211"]}])
    assert [p.message for p in problems] == [
        "'ger-pz3' is not a german unit on the map (did you mean ger-pz2 or ger-pz1?)",
        "'us-inf1' is not a german unit on the map", "'us-inf3' is not a german unit on the map"]
    campaign = bundled_dd(tmp_path / "combat", 3)         # the German Combat Phase
    state = campaign.latest()[1]["state"]
    problems = campaign.game.check(campaign.data, state, "german", [{"attack": "1111", "with": ["ger-inf"]}])
    assert [p.message for p in problems] == ["'ger-inf' is not a german unit on the map (did you mean ger-inf2 or ger-inf1?)"]


def test_an_orders_file_whose_every_order_was_deleted_says_to_write_an_empty_list(tmp_path, monkeypatch):
    """Deleting the last order leaves `orders:` bare (null in YAML), which met "orders file needs an
    'orders:' list" although the key was there."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(DD_BUNDLED, tmp_path / "dd")
    run("orders", "dd", "--side", "german")
    path = tmp_path / "orders-german-0013.yaml"
    path.write_text(path.read_text().replace("orders: []", "orders:"))
    result = run("check", "dd", path.name, ok=False)
    assert result.stderr == ("orders-german-0013.yaml: `orders:` is empty: write `orders: []` for no orders\n"
                             "pbem: error: 1 problem(s) in orders-german-0013.yaml\n")


def test_signing_an_owner_step_under_fog_names_the_private_part_it_fills(tmp_path, monkeypatch):
    """25.0: a fog Movement Phase is an owner step, and `pbem sign` silently wrote what it hides to
    `DIR.private-german`, the folder the player must keep and hand over at the end; it now says so."""
    monkeypatch.chdir(tmp_path)
    campaign = new_campaign(tmp_path)
    dd_play(campaign, "german", [])                                # 8.7 the fuel roll
    dd_play(campaign, "allies", [{"deplete": "ger-demo-pz"}])      # 8.7.1 A
    shutil.copy(DD_BUNDLED.parent / "keys" / "german", tmp_path / "german")
    run("orders", "campaign", "--side", "german")
    path = tmp_path / "orders-german-0002.yaml"
    path.write_text(path.read_text().replace("orders: []", "orders:\n  - move: ger-pz2\n    path: ['1414', '1314', '1313']"))
    signed = run("sign", "campaign", path.name, "--key", "german").stdout.splitlines()
    assert signed[1] == (f"what these orders hide is kept in your private part {tmp_path.resolve() / 'campaign.private-german'}: "
                         "never send it, back it up; at the end it is handed over for `pbem verify --private`")
    assert (tmp_path / "campaign.private-german" / "0003.yaml").exists()


def test_the_retreat_template_offers_a_path_check_accepts(tmp_path, monkeypatch):
    """13.6: the defender's template pre-filled `choose: retreat2` with `path: []`, which `check`
    refuses ("the retreat is 2 hex(es) (13.6 A), not 0"); it now offers a legal path (the lowest hex
    id first at each hex, 13.6 B's priorities kept), as the bundled demo's German retreat at 1211."""
    monkeypatch.chdir(tmp_path)
    bundled_dd(tmp_path, 6)                               # save 6: the German answers in battle 1 (loss)
    run("orders", "dd", "--side", "german")
    text = (tmp_path / "orders-german-0006.yaml").read_text()
    assert parse_yaml_text(text, "template")["orders"] == [{"choose": "retreat2", "losses": [], "path": ["1311", "1410"]}]
    assert run("check", "dd", "orders-german-0006.yaml").stdout == (
        "orders-german-0006.yaml: OK — 1 order(s) legal for Game-Turn 9 german player turn: german answers in battle 1 (loss)\n")
