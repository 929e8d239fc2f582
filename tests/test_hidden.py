"""Hidden information without a referee (issue 18) and Smithereens 11.7 fog of war on it.

11.7 Fog of War: "Normally, no player may look beneath the top unit of an enemy stack until the
time comes in the combat resolution process for odds computation. ... The exception to this
general rule lies in the ability of the Western Allied (or Grand Alliance) player to always
examine German-side stacks in Italy."
"""

import random
import shutil
from pathlib import Path

import pytest
import yaml

from pbem import campaign as camp
from pbem.demo import DEMO_SENT, demo_commitment, demo_folder, demo_games, demo_plan
from pbem.errors import PbemError, UnknownDataError
from pbem.games import get_game
from pbem.hidden.commit import check_opening, commitment, item_salt, salt_master
from pbem.hidden.private import PrivatePart, default_private_folder, find_private
from pbem.hidden.steps import hidden_of, own_view
from pbem.keys import key_id, load_private_key
from pbem.signing import parse_signed
from pbem.yamlio import dump_yaml, parse_yaml_text

from .conftest import forge_signed, tree_bytes
from .leaks import find_leaks

GAME = get_game("smithereens")
KEYS = demo_folder("smithereens-demo") / "keys"
SEATS = ("alliance", "german")


def keys() -> dict:
    return {s: load_private_key(KEYS / s) for s in SEATS}


def test_override(tmp_path: Path, extra_units: bool = False) -> Path:
    """The demo's made-up data, plus (for these tests) an empty Italy, which 11.7's exception reads,
    and two more Soviet corps to break a stacking limit with. Demonstration data, not the game's."""
    data = yaml.safe_load((demo_folder("smithereens-demo") / "data-override.yaml").read_text())
    data["values"]["map.regions.italy.hexes"] = []
    if extra_units:
        for unit, hex_id in (("sov-5a", "2020E"), ("sov-6a", "2017E")):
            data["values"][f"units.counters.{unit}"] = {
                "side": "soviet", "nationality": "soviet", "type": "infantry", "steps": 2,
                "full": {"attack": 3, "defense": 3, "movement": 4}, "reduced": {"attack": 1, "defense": 2, "movement": 4},
                "setup": hex_id}
    path = tmp_path / "override.yaml"
    tmp_path.mkdir(parents=True, exist_ok=True)
    path.write_text(dump_yaml(data))
    return path


test_override.__test__ = False     # type: ignore[attr-defined]   (a helper, not a test)


def new_campaign(tmp_path: Path, extra_units: bool = False, options: dict | None = None) -> camp.Campaign:
    k = keys()
    players = {s: key_id(k[s].public_key()) for s in SEATS}
    commitments = {s: demo_commitment(k[s], "hidden-test", s) for s in SEATS}
    return camp.create_campaign(tmp_path / "campaign", "smithereens", "historical", players, commitments,
                                test_override(tmp_path, extra_units), title="fog test", options=options)


def play(campaign: camp.Campaign, side: str, orders: list, opponent_folder: Path | None = None) -> camp.StepResult:
    """`side` signs `orders` in its own copy; the opponent adjudicates with its key (adding its reveal)."""
    k = keys()
    template = parse_yaml_text(camp.order_template(campaign.folder, side), "template")
    template["orders"] = orders
    signed = camp.sign_orders(campaign, template, k[side], sent=DEMO_SENT)
    path = campaign.folder.parent / f"orders-{camp.open_campaign(campaign.folder).latest()[0] + 1:04d}-{side}.txt"
    path.write_text(signed)
    opponent = next(s for s in SEATS if s != side)
    result = camp.adjudicate(opponent_folder or campaign.folder, [path], key=k[opponent], sent=DEMO_SENT)
    if opponent_folder is not None and result.save is not None:      # the mover records the same step
        camp.adjudicate(campaign.folder, [opponent_folder / "steps" / f"{result.number:04d}" / n for n in sorted(result.inputs)])
    return result


def pass_until(campaign, phase: str) -> None:
    """Empty orders from whoever is awaited until `phase` is awaited (phases with no choice pass by themselves)."""
    for _ in range(12):
        waiting = campaign.latest()[1]["awaiting"]
        if waiting["phase"] == phase:
            return
        play(campaign, waiting["side"], [])
    raise AssertionError(f"never reached {phase}")


def demo_until_movement(tmp_path: Path, extra_units: bool = False) -> camp.Campaign:
    """Game Turn 1 (3.10: German assault, the Alliance's retreat), up to the Soviet movement."""
    campaign = new_campaign(tmp_path, extra_units)
    play(campaign, "german", [{"attack": "1918E", "with": ["ger-46pz"]}])
    plan = demo_plan("smithereens")
    play(campaign, "alliance", plan.respond(campaign, campaign.latest()[1]["state"]))
    assert campaign.latest()[1]["awaiting"]["phase"] == "Turn 2 Soviet movement"
    return campaign


SOVIET_MOVES = [{"move": "sov-2gta", "path": ["2019E", "1919E"]},
                {"move": "sov-4art", "path": ["2018E", "1918E"]},
                {"move": "sov-1pol", "path": ["1920E", "1919E"]}]


def signed_soviet_moves(tmp_path: Path) -> tuple[camp.Campaign, dict]:
    """The campaign at the Soviet movement and the body `pbem sign` makes of SOVIET_MOVES (to tamper with)."""
    campaign = demo_until_movement(tmp_path)
    template = parse_yaml_text(camp.order_template(campaign.folder, "alliance"), "t")
    template["orders"] = SOVIET_MOVES
    return campaign, parse_signed(camp.sign_orders(campaign, template, keys()["alliance"], sent=DEMO_SENT), "o").body


# -- commitments ------------------------------------------------------------------------------

def test_salts_are_256_bit_derived_per_save_and_item_and_a_wrong_opening_is_refused():
    master = salt_master(keys()["alliance"], "c", "alliance", "ab" * 32)
    salts = {item_salt(master, s, i) for s in (1, 2) for i in ("1919E/1", "1919E/2")}
    assert len(salts) == 4 and all(len(s) == 64 for s in salts)
    assert item_salt(master, 1, "1919E/1") == item_salt(salt_master(keys()["alliance"], "c", "alliance", "ab" * 32), 1, "1919E/1")
    assert master != salt_master(keys()["german"], "c", "alliance", "ab" * 32)
    value, salt = {"unit": "sov-2gta", "hex": "1919E", "steps": 2}, item_salt(master, 1, "1919E/1")
    digest = commitment("c", "alliance", "1919E/1", value, salt)
    assert check_opening("c", "alliance", "1919E/1", {"value": value, "salt": salt}, digest).value == value
    for raw in ({"value": {**value, "steps": 1}, "salt": salt}, {"value": value, "salt": "0" * 64}):
        with pytest.raises(PbemError, match="FALSE REVEAL"):
            check_opening("c", "alliance", "1919E/1", raw, digest)
    with pytest.raises(PbemError, match="FALSE REVEAL"):       # the same opening under another item id
        check_opening("c", "alliance", "1919E/2", {"value": value, "salt": salt}, digest)


# -- 11.7 on a campaign ----------------------------------------------------------------------

def test_a_soviet_move_under_fog_shows_the_top_unit_only_and_the_owner_sees_all(tmp_path):
    campaign = demo_until_movement(tmp_path)
    result = play(campaign, "alliance", SOVIET_MOVES)
    save = result.save
    assert sorted(u for u, v in save["state"]["units"].items() if v["hex"] == "1919E") == ["sov-1pol"]     # the top
    assert list(hidden_of(save, "alliance")) == ["1919E/1"] and hidden_of(save, "german") == {}
    assert save["produced_by"]["orders"]["list"] == [] and save["data_used"]["override_values"] == []
    assert "sov-2gta" not in (campaign.step_dir(3) / "save.yaml").read_text()
    assert "sov-2gta" not in (campaign.step_dir(3) / "report.txt").read_text()
    assert "alliance 1 item (1919E/1)" in (campaign.step_dir(3) / "report.txt").read_text()
    part = find_private(campaign.folder, campaign.id, "alliance")
    assert part is not None and part.folder == default_private_folder(campaign.folder, "alliance")
    assert not str(part.folder).startswith(str(campaign.folder) + "/")       # never inside the shared folder
    view = own_view(campaign, 3, save, "alliance", part)
    assert view["units"]["sov-2gta"] == {"hex": "1919E", "steps": 2}
    leaks, searched = find_leaks(campaign.folder, {"alliance": part})
    assert leaks == [] and searched >= 3


def test_the_assault_opens_the_attacking_stack_and_verify_private_passes(tmp_path):
    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)
    result = play(campaign, "alliance", [{"attack": "1819E", "with": ["sov-2gta", "sov-4art", "sov-1pol"], "advance": ["sov-2gta"]}])
    orders = camp.read_stored(campaign.step_dir(4) / "orders-alliance.txt").body
    assert list(orders["hidden"]["open"]) == ["1919E/1"]              # opened at odds computation (11.7)
    assert hidden_of(result.save, "alliance") == {}
    assert any(e.get("event") == "assault" and "sov-2gta" in e["attackers"] for e in result.save["events"])
    part = PrivatePart(default_private_folder(campaign.folder, "alliance"), "alliance", campaign.id)
    assert camp.verify(campaign.folder).ok
    checked = camp.verify(campaign.folder, part.folder)
    assert checked.ok and "every hidden item and hidden step of alliance" in checked.message
    assert find_leaks(campaign.folder, {"alliance": part})[0] == []


def test_an_opening_that_does_not_match_its_commitment_is_refused(tmp_path):
    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)
    german = tmp_path / "german-copy"
    shutil.copytree(campaign.folder, german)               # the German's machine: no Alliance private part
    template = parse_yaml_text(camp.order_template(campaign.folder, "alliance"), "t")
    template["orders"] = [{"attack": "1819E", "with": ["sov-2gta", "sov-4art", "sov-1pol"]}]
    honest = camp.sign_orders(campaign, template, keys()["alliance"], sent=DEMO_SENT)
    body = parse_yaml_text(honest.split("-----BEGIN PBEM SIGNED MESSAGE-----\n")[1].split("-----BEGIN PBEM SIGNATURE")[0], "b")
    body["hidden"]["open"]["1919E/1"]["value"]["steps"] = 1       # claims the tank army is reduced
    forged = tmp_path / "forged.txt"
    forged.write_text(forge_signed(german, body, keys()["alliance"]))
    before = tree_bytes(german)
    with pytest.raises(PbemError, match="FALSE REVEAL: the opening of alliance's hidden item '1919E/1'"):
        camp.adjudicate(german, [forged], key=keys()["german"], sent=DEMO_SENT)
    assert tree_bytes(german) == before
    del body["hidden"]                                              # attacking from a hidden stack without opening it
    forged.write_text(forge_signed(german, body, keys()["alliance"]))
    with pytest.raises(PbemError, match="illegal orders"):
        camp.adjudicate(german, [forged], key=keys()["german"], sent=DEMO_SENT)


def test_a_hidden_move_breaking_stacking_is_caught_by_verify_private_naming_the_step(tmp_path, monkeypatch):
    """8.4: "a stack of Soviet units may contain up to three units; the Soviet may add a fourth unit to a
    stack only if that fourth unit is artillery". A modified pbem skips the check on the owner's machine."""
    campaign = demo_until_movement(tmp_path, extra_units=True)
    german = tmp_path / "german-copy"
    shutil.copytree(campaign.folder, german)
    overstack = [{"move": "sov-5a", "path": ["2020E", "2019E"]}, {"move": "sov-6a", "path": ["2017E", "2018E", "2019E"]},
                 {"move": "sov-47a", "path": ["1917E", "2018E", "2019E"]}]     # with sov-2gta: four, none artillery
    problems = GAME.check(campaign.data, own_view(campaign, 2, campaign.latest()[1], "alliance", None), "alliance", overstack)
    assert any("8.4" in p.message for p in problems), problems
    monkeypatch.setattr(GAME, "require_legal", lambda *args: None)       # the cheat
    template = parse_yaml_text(camp.order_template(campaign.folder, "alliance"), "t")
    template["orders"] = overstack
    signed = tmp_path / "cheat.txt"
    signed.write_text(camp.sign_orders(campaign, template, keys()["alliance"], sent=DEMO_SENT))
    monkeypatch.undo()
    result = camp.adjudicate(german, [signed], key=keys()["german"], sent=DEMO_SENT)   # the German cannot see it
    assert result.save is not None and len(hidden_of(result.save, "alliance")) == 3
    assert camp.verify(german).ok                                              # nor can a public verify
    checked = camp.verify(german, default_private_folder(campaign.folder, "alliance"))   # handed over at the end
    assert not checked.ok
    assert "CHEATED: step 3 of alliance: its hidden orders are refused" in checked.message and "(8.4)" in checked.message
    from typer.testing import CliRunner

    from pbem.cli import app
    cli = CliRunner().invoke(app, ["verify", str(german), "--private", str(default_private_folder(campaign.folder, "alliance"))])
    assert cli.exit_code == 1 and cli.stdout == ""
    assert cli.stderr.startswith("pbem: verify FAILED: ") and "CHEATED: step 3 of alliance" in cli.stderr


def test_a_committed_item_the_private_part_does_not_open_is_named(tmp_path):
    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)
    part = default_private_folder(campaign.folder, "alliance")
    record = yaml.safe_load((part / "0003.yaml").read_text())
    record["items"]["1919E/1"]["value"]["unit"] = "sov-47a"            # what it later claims it held there
    (part / "0003.yaml").write_text(dump_yaml(record))
    checked = camp.verify(campaign.folder, part)
    assert not checked.ok and "CHEATED: step 3 of alliance" in checked.message


def test_report_side_needs_the_sides_private_part_and_shows_its_hidden_units(tmp_path):
    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)
    from typer.testing import CliRunner

    from pbem.cli import app
    runner = CliRunner()
    own = runner.invoke(app, ["report", str(campaign.folder), "--step", "3", "--side", "alliance"])
    assert own.exit_code == 0 and "1919E  sov-2gta" in own.output and "sov-2gta moves 2019E → 1919E" in own.output
    public = runner.invoke(app, ["report", str(campaign.folder), "--step", "3"])
    assert public.exit_code == 0 and "sov-2gta" not in public.output
    moved = tmp_path / "elsewhere"
    shutil.move(str(default_private_folder(campaign.folder, "alliance")), moved)
    refused = runner.invoke(app, ["report", str(campaign.folder), "--step", "3", "--side", "alliance"])
    assert refused.exit_code != 0 and refused.stdout == ""
    assert "report --side alliance shows what only alliance may see, from alliance's private part" in refused.stderr
    named = runner.invoke(app, ["report", str(campaign.folder), "--step", "3", "--side", "alliance", "--private", str(moved)])
    assert named.exit_code == 0 and "1919E  sov-2gta" in named.output


def test_fog_option_and_an_old_campaign_without_it_plays_in_the_open(tmp_path):
    campaign = new_campaign(tmp_path, options={"fog": "off"})
    assert campaign.header["options"]["fog"] is False
    assert "hidden" not in campaign.latest()[1]
    assert any(r.startswith("11.7 fog of war: saves and reports show every unit") for r in campaign.header["not_enforced"])
    fogged = new_campaign(tmp_path / "b")
    assert fogged.latest()[1]["hidden"] == {"alliance": {}, "german": {}}
    assert not any(r.startswith("11.7 fog of war: saves") for r in fogged.header["not_enforced"])


def test_a_random_fogged_game_leaks_nothing_and_verifies_with_each_private_part(tmp_path):
    campaign = new_campaign(tmp_path)
    plan = demo_plan("smithereens")
    rng = random.Random(18)
    k = keys()
    owner_steps = 0
    for step in range(1, 40):
        number, save, _ = campaign.latest()
        waiting = save["awaiting"]
        if waiting["done"]:
            break
        side = waiting["side"]
        view = own_view(campaign, number, save, side, find_private(campaign.folder, campaign.id, side))
        orders = plan.play(campaign, waiting, view, rng) if plan.play else []
        template = parse_yaml_text(camp.order_template(campaign.folder, side), "t")
        template["orders"] = orders
        path = tmp_path / f"o{step}.txt"
        try:
            signed = camp.sign_orders(campaign, template, k[side], sent=DEMO_SENT)
        except UnknownDataError as missing:
            # the demonstration data ends the game here (e.g. a city flag the victory check at
            # the end of a Game Turn needs, 4.4); what was played so far is what is searched
            assert "map.hexes." in str(missing)
            break
        path.write_text(signed)
        owner_steps += "result" in (yaml.safe_load(path.read_text().split("\n", 1)[1].split("-----BEGIN PBEM SIGNATURE")[0]).get("hidden") or {})
        camp.adjudicate(campaign.folder, [path], key=k[next(s for s in SEATS if s != side)], sent=DEMO_SENT)
    parts = {s: p for s in SEATS if (p := find_private(campaign.folder, campaign.id, s)) is not None}
    assert owner_steps >= 4 and set(parts) == set(SEATS)
    held = sum(len(hidden_of(campaign.load_save(n)[0], s)) for n in campaign.step_numbers() for s in SEATS)
    assert held > 0                                              # units were hidden at some saves
    leaks, searched = find_leaks(campaign.folder, parts)
    assert leaks == [] and searched > held
    assert camp.verify(campaign.folder).ok
    for side, part in parts.items():
        assert camp.verify(campaign.folder, part.folder).ok, side


def test_the_leak_search_finds_a_planted_unit_id_and_a_planted_salt(tmp_path):
    """The harness itself can fail: a hidden unit's id or a salt written into a received file is found."""
    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)
    part = PrivatePart(default_private_folder(campaign.folder, "alliance"), "alliance", campaign.id)
    salt = part.record(3)["items"]["1919E/1"]["salt"]
    pending = campaign.folder / "pending"
    pending.mkdir()
    (pending / "note.txt").write_text(f"salt {salt}\n")
    report = campaign.step_dir(3) / "report.txt"
    report.write_text(report.read_text() + "psst: sov-2gta is under sov-1pol\n")
    leaks, _ = find_leaks(campaign.folder, {"alliance": part})
    assert "steps/0003/report.txt: unit sov-2gta under fog of war" in leaks
    assert "pending/note.txt: salt of alliance's item 1919E/1 of save 3" in leaks


BUNDLED = sorted(Path(demo_folder("x").parent).glob("*/campaign"))


def test_every_bundled_campaign_is_a_demo_campaign():
    """So the test below searches each of the campaigns shipped in examples/."""
    assert [p.parent.name for p in BUNDLED] == sorted(f"{game}-demo" for game in demo_games())


@pytest.mark.parametrize("game", demo_games())
def test_every_demo_campaign_leaks_nothing_and_verifies_with_each_private_part(built_demo, game):
    """Each game's demonstration campaign as `pbem demo` builds it (the bundled example is its copy):
    the leak search over every file both players receive, then verify --private with each part.
    And the campaign shipped in examples/ (with its private parts beside it, when it has any): when
    it holds the built campaign's bytes and no private part (test_bundled_examples.py checks the
    bytes), the search above covered it (the same received files; with no private part its needles
    are only those that need none, Grenade's strength chits 8.42, searched above too); else it is
    searched on its own."""
    folder = built_demo(game) / "campaign"            # run_demo(work, game), shared with test_bundled_examples
    campaign = camp.open_campaign(folder)
    parts = {s: p for s in sorted(campaign.header["players"]) if (p := find_private(folder, campaign.id, s)) is not None}
    leaks, searched = find_leaks(folder, parts)
    assert leaks == []
    for part in parts.values():
        assert camp.verify(folder, part.folder).ok
    if game == "smithereens":          # played at the standard level (12.x mobile assaults), where 11.7 fog is off
        assert parts == {}
    bundled = demo_folder(f"{game}-demo") / "campaign"
    shipped = camp.open_campaign(bundled)
    bundled_parts = {s: p for s in sorted(shipped.header["players"])
                     if (p := find_private(bundled, shipped.id, s)) is not None}
    if bundled_parts or tree_bytes(bundled) != tree_bytes(folder):
        assert find_leaks(bundled, bundled_parts)[0] == []


def test_the_defenders_reveal_opens_the_attacked_stack_and_a_false_one_is_refused(tmp_path):
    """11.7 "until the time comes in the combat resolution process for odds computation": the German
    stack in 1819E, hidden by the German movement, is opened by the German's dice reveal of the assault."""
    from pbem.signing import sign_body

    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)                                        # save 3
    pass_until(campaign, "Turn 2 German movement")          # Soviet assault, Western turn (its empty assault passes by itself)
    play(campaign, "german", [{"move": "ger-17id", "path": ["1820E", "1819E"]}])    # save 7: three in 1819E
    save = campaign.latest()[1]
    assert sorted(hidden_of(save, "german")) == ["1819E/1", "1819E/2"]
    assert [u for u, v in save["state"]["units"].items() if v["hex"] == "1819E"] == ["ger-17id"]   # the top
    pass_until(campaign, "Turn 3 Soviet prepared assaults")  # German assault: none; Turn 3 Soviet movement: none
    number, save, _ = campaign.latest()
    alliance_copy, german_copy = tmp_path / "alliance-copy", tmp_path / "german-copy"
    shutil.copytree(campaign.folder, alliance_copy)
    shutil.copytree(campaign.folder, german_copy)
    shutil.copytree(default_private_folder(campaign.folder, "german"), default_private_folder(german_copy, "german"))
    shutil.copytree(default_private_folder(campaign.folder, "alliance"), default_private_folder(alliance_copy, "alliance"))
    attack = [{"attack": "1819E", "with": ["sov-2gta", "sov-1pol", "sov-4art"]}]
    template = parse_yaml_text(camp.order_template(alliance_copy, "alliance"), "t")
    template["orders"] = attack
    orders = tmp_path / "attack.txt"
    orders.write_text(camp.sign_orders(camp.open_campaign(alliance_copy), template, keys()["alliance"], sent=DEMO_SENT))
    waiting = camp.adjudicate(alliance_copy, [orders])                              # awaits the German reveal
    assert waiting.save is None and waiting.awaiting_reveal == ["german"]
    revealed = camp.adjudicate(german_copy, [orders], key=keys()["german"], sent=DEMO_SENT)
    reveal = camp.read_stored(german_copy / "steps" / f"{number + 1:04d}" / "reveal-german.txt")
    assert sorted(reveal.body["hidden"]["open"]) == ["1819E/1", "1819E/2"]
    assault = next(e for e in revealed.save["events"] if e["event"] == "assault")
    assert assault["defenders"] == ["ger-17id", "ger-46pz", "ger-73id"]            # the whole stack defends (11.2)
    body = dict(reveal.body)
    body["hidden"] = {"open": {k: dict(v) for k, v in reveal.body["hidden"]["open"].items()}}
    opened = body["hidden"]["open"]["1819E/1"]["value"]
    body["hidden"]["open"]["1819E/1"]["value"] = {**opened, "steps": 3 - opened["steps"]}     # its other strength
    forged = tmp_path / "forged-reveal.txt"
    forged.write_text(sign_body(body, keys()["german"]))
    before = tree_bytes(alliance_copy)
    with pytest.raises(PbemError, match="FALSE REVEAL: the opening of german's hidden item '1819E/1'"):
        camp.adjudicate(alliance_copy, [forged])
    assert tree_bytes(alliance_copy) == before
    del body["hidden"]                                                               # a reveal that opens nothing
    forged.write_text(sign_body(body, keys()["german"]))
    with pytest.raises(PbemError, match=r"this step opens german's hidden items \['1819E/1', '1819E/2'\]"):
        camp.adjudicate(alliance_copy, [forged])
    honest = camp.adjudicate(alliance_copy, [german_copy / "steps" / f"{number + 1:04d}" / "reveal-german.txt"])
    assert honest.save == revealed.save                                              # both machines, one record


def test_german_stacks_need_the_italy_hexes_and_check_says_so_as_sign_refuses(tmp_path):
    """11.7's exception ("always examine German-side stacks in Italy") reads map.regions.italy.hexes,
    which the rulebook text does not give: a German move that leaves a stack is refused naming it."""
    from typer.testing import CliRunner

    from pbem.cli import app
    k = keys()
    players = {s: key_id(k[s].public_key()) for s in SEATS}
    commitments = {s: demo_commitment(k[s], "hidden-italy", s) for s in SEATS}
    campaign = camp.create_campaign(tmp_path / "campaign", "smithereens", "historical", players, commitments,
                                    demo_folder("smithereens-demo") / "data-override.yaml", title="no Italy")
    play(campaign, "german", [{"attack": "1918E", "with": ["ger-46pz"]}])
    play(campaign, "alliance", demo_plan("smithereens").respond(campaign, campaign.latest()[1]["state"]))
    pass_until(campaign, "Turn 2 German movement")
    number, save, _ = campaign.latest()
    assert [u for u, v in save["state"]["units"].items() if v["hex"] == "1819E"] == ["ger-73id"]
    template = parse_yaml_text(camp.order_template(campaign.folder, "german"), "t")
    template["orders"] = [{"move": "ger-17id", "path": ["1820E", "1819E"]}]             # makes a stack of two
    path = tmp_path / "german.yaml"
    path.write_text(dump_yaml(template))
    checked = CliRunner().invoke(app, ["check", str(campaign.folder), str(path)])
    assert checked.exit_code == 1 and "map.regions.italy.hexes" in checked.stderr
    with pytest.raises(PbemError, match=r"map\.regions\.italy\.hexes"):
        camp.sign_orders(campaign, template, k["german"], sent=DEMO_SENT)
    assert find_private(campaign.folder, campaign.id, "german") is None          # nothing written


def test_a_public_result_the_game_cannot_read_is_refused_in_one_line(tmp_path):
    """Hostile input: the mover signs a hidden step whose public state lacks the units."""
    campaign, body = signed_soviet_moves(tmp_path)
    del body["hidden"]["result"]["state"]["units"]
    german = tmp_path / "german-copy"
    shutil.copytree(campaign.folder, german)
    forged = tmp_path / "forged.txt"
    forged.write_text(forge_signed(german, body, keys()["alliance"]))
    before = tree_bytes(german)
    with pytest.raises(PbemError, match="the public result of this hidden step is not a state smithereens reads"):
        camp.adjudicate(german, [forged])
    assert tree_bytes(german) == before


def test_the_enemy_checks_at_once_what_it_can_of_a_hidden_step(tmp_path):
    """What the public result may not change: the enemy's own units, and 5.2's next phase."""
    campaign, body = signed_soviet_moves(tmp_path)
    german = tmp_path / "german-copy"
    shutil.copytree(campaign.folder, german)
    forged = tmp_path / "forged.txt"
    for change, refusal in ((lambda s: s["units"]["ger-73id"].update(steps=1), "the units of the other seats changed"),
                            (lambda s: s.update(phase="movement"), r"after a Movement Phase comes the same army.s Prepared Assault Phase \(5\.2\)")):
        tampered = yaml.safe_load(dump_yaml(body))
        change(tampered["hidden"]["result"]["state"])
        forged.write_text(forge_signed(german, tampered, keys()["alliance"]))
        with pytest.raises(PbemError, match="CHEATED: step 3 of alliance: " + refusal):
            camp.adjudicate(german, [forged])


def test_a_movement_that_rolls_a_die_is_played_in_the_open_opening_the_movers_stacks(tmp_path, monkeypatch):
    """Nobody but the owner could compute a hidden step, so none may roll (9.15's German replacement
    roll, 6.9 Antwerp): `pbem sign` plays such a Movement Phase as a public step, opening every
    stack of the mover. Here a stand-in for those rolls is made in every Western movement."""
    campaign = demo_until_movement(tmp_path)
    play(campaign, "alliance", SOVIET_MOVES)                                  # save 3: 1919E/1 hidden
    play(campaign, "alliance", [])                                            # save 4: Soviet assaults, none
    assert list(hidden_of(campaign.latest()[1], "alliance")) == ["1919E/1"]

    def rolls(data, state, orders, dice, events):
        events.append({"event": "replacement_roll", "text": f"test roll {dice.roll('test/roll', 6)}", "rule": "9.15"})
    monkeypatch.setattr(GAME, "apply_replacements", rolls)
    result = play(campaign, "alliance", [])                                   # save 5: Western movement
    orders = camp.read_stored(campaign.step_dir(5) / "orders-alliance.txt").body
    assert "result" not in orders["hidden"] and list(orders["hidden"]["open"]) == ["1919E/1"]
    assert result.save["dice"]["rolls"][0]["purpose"] == "test/roll"
    assert hidden_of(result.save, "alliance") == {} and result.save["state"]["units"]["sov-2gta"]["hex"] == "1919E"
