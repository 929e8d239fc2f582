"""The Operation Grenade example campaign end to end: bundled, reproducible, verifiable; what each
side's outputs show of the strength chits (8.42); refusals that leave the folder untouched."""

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem import campaign as camp
from pbem.cli import app
from pbem.keys import load_private_key
from tests.conftest import ROOT, forge_signed, tree_bytes
from tests import fastyaml

EXAMPLE = ROOT / "examples" / "operation-grenade-demo"
BUNDLED = EXAMPLE / "campaign"
SIDES = ("allied", "german")


def run(*args, ok=True):
    result = CliRunner().invoke(app, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


@pytest.fixture(scope="session")
def grenade_build(built_demo) -> Path:
    """The folder `run_demo(work, game="operation-grenade")` built, shared with test_bundled_examples (read-only)."""
    return built_demo("operation-grenade")


@pytest.fixture
def grenade(grenade_build, tmp_path) -> Path:
    target = tmp_path / "campaign"
    shutil.copytree(grenade_build / "campaign", target)
    return target


def truncate(folder: Path, last: int) -> Path:
    """The campaign as it stood at save `last` (the later steps removed)."""
    for step in sorted((folder / "steps").iterdir()):
        if int(step.name) > last:
            shutil.rmtree(step)
    return folder


@pytest.fixture
def grenade_at_movement(grenade) -> Path:
    """The example at save 7: Game-Turn 2's Allied Movement Phase awaits the Allied orders."""
    return truncate(grenade, 7)


@pytest.fixture(scope="session")
def keys() -> dict:
    return {side: load_private_key(EXAMPLE / "keys" / side) for side in SIDES}


def chit_ids(side_filter=None) -> set:
    """Every strength chit id of the demonstration data (8.32 pools)."""
    doc = fastyaml.safe_load((EXAMPLE / "data-override.yaml").read_text())
    ids = set()
    for pool in ("1", "2", "3"):
        ids |= {c["id"] for c in doc["values"][f"chits.strength_chits.pools.{pool}.chits"]}
    return ids


def named(text: str, chit_id: str) -> bool:
    return re.search(rf"(?<![\d-]){re.escape(chit_id)}(?![\d-])", text) is not None


# -- the bundled example ---------------------------------------------------------------------


def test_the_example_plays_a_full_game_turn_with_a_defenders_signed_loss_choice():
    campaign = camp.open_campaign(BUNDLED)
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    phases = [s["produced_by"].get("phase", "") for s in saves[1:]]
    assert any("Allied Movement Phase" in p for p in phases) and any("Allied Combat Phase" in p for p in phases)
    assert any("German Movement Phase" in p for p in phases) and any("German Combat Phase" in p for p in phases)
    responses = [s for s in saves[1:] if s["produced_by"]["kind"] == "response" and s["produced_by"]["side"] == "german"]
    assert responses, "the German (defender) answered a combat result with a signed response"
    assert saves[7]["state"]["turn"] == 2             # Game-Turn One is complete
    assert saves[7]["awaiting"]["side"] == "allied"


def test_the_example_deals_its_chits_and_plays_game_turn_two_on_them():  # 8.33, 8.41, 8.42, 8.52, 9.85
    """Behaviour 3: the chits are dealt in secret. Game-Turn 1 (step 5, the German answer): both US
    attacks end "-" (4 against 3 doubled at 0110, roll 7; 2 against 2 doubled at 0310, roll 4), four
    first draws. Game-Turn 2, in the mud (24.22): 413/104/7 steps into 0309; 13/8/7 attacks 0110 (roll 6,
    A2: it retreats, 942/353/58 advances); 28/8/7 and 413/104/7, drawing its first chit (8.41), attack
    0310 (5 against 4, column 1-2, roll 9: A(1) D1): 28/8/7 and 943/353/58 become cadres, their chits
    going back to their pools (8.52), which wait for both players' new shuffle (saves up to 14)."""
    campaign = camp.open_campaign(BUNDLED)
    combats = [(n, e["hex"], e["attackers"], e["ratio"], e["final_column"], e["roll"], e["result"])
               for n in campaign.step_numbers() if n <= 14 for e in campaign.load_save(n)[0]["events"] if e["event"] == "combat"]
    assert combats == [(5, "0110", {"13/8/7": 4}, "4-6", "1-3", 7, "-"), (5, "0310", {"28/8/7": 2}, "2-4", "1-1", 4, "-"),
                       (10, "0110", {"13/8/7": 4}, "4-6", "1-5", 6, "A2"),
                       (12, "0310", {"28/8/7": 2, "413/104/7": 3}, "5-4", "1-2", 9, "A(1) D1")]
    deals = [(n, e.get("unit", e["record"].get("side")), e["pool"], next(k for k in ("draw", "return", "stage") if k in e["record"]))
             for n in campaign.step_numbers() if n <= 14 for e in campaign.load_save(n)[0]["events"] if e["event"] == "deal"]
    assert deals[-9:] == [(5, "13/8/7", "2", "draw"), (5, "942/353/58", "1", "draw"), (5, "28/8/7", "2", "draw"),
                          (5, "943/353/58", "1", "draw"), (12, "413/104/7", "2", "draw"), (13, "28/8/7", "2", "return"),
                          (14, "german", "2", "stage"), (14, "allied", "2", "stage"),      # 8.52: pool 2 shuffled anew
                          (14, "943/353/58", "1", "return")]
    last = campaign.load_save(14)[0]
    assert last["state"]["units"]["943/353/58"]["form"] == "cadre" and last["state"]["units"]["28/8/7"]["form"] == "cadre"
    assert "card" not in last["state"]["units"]["943/353/58"] and "chit" not in last["state"]["units"]["413/104/7"]
    assert last["awaiting"]["phase"] == "Game-Turn 2 (1945-02-24) German Movement Phase (5.0)"


COMPAT_060 = ROOT / "tests" / "compat" / "operation-grenade-demo-0.6.0-c359c125" / "campaign"


def assert_allied_path_0409_0408(campaign, asked: int, turn: str) -> None:
    """9.97 after save `asked` (the D2* at 0310): the Allied player is asked for the path, signs
    0409-0408 in the next step, and the cadre of 943/353/58 is gone (9.92) when the German moves."""
    waiting = campaign.load_save(asked)[0]["awaiting"]
    assert (waiting["side"], waiting["kind"]) == ("allied", "response")
    assert waiting["phase"] == f"{turn} Allied Combat Phase: allied path of retreat after a breakthrough (9.97) at 0310"
    answer = (campaign.folder / "steps" / f"{asked + 1:04d}" / "orders-allied.txt").read_text()
    assert "kind: response\n" in answer and "orders:\n  - combat: 0310\n    retreat:\n      - 0409\n      - 0408\n" in answer
    save = campaign.load_save(asked + 1)[0]
    assert {"event": "breakthrough_path", "side": "allied", "hex": "0310", "retreat": {"0310": ["0409", "0408"]}, "rule": "9.97"} \
        in save["events"]
    assert "943/353/58" not in save["state"]["units"]
    assert save["awaiting"]["phase"] == f"{turn} German Movement Phase (5.0)"


def test_the_060_demo_has_the_attacker_choose_the_path_of_retreat_after_a_breakthrough():  # 9.97, 9.92
    """9.97: "The attacking Player determines the path of retreat" of a bold (breakthrough) result.
    The demo as pbem 0.6.0 played it (chits drawn in the open, behaviour 2; tests/test_compat.py replays
    it byte for byte on this pbem), Game-Turn 2: 13/8/7 attacks the cadre of 943/353/58 alone in 0310
    (5 against 1 doubled in its entrenchment, 12.21: 5-2, column 2-1; the German artillery's support,
    9.62: 1-1); the roll 12 gives D2* (demonstration cell); the Allied player signs the path 0409-0408,
    and the cadre, entering 0409 in the enemy ZOC of the attackers in 0309, loses its last step there
    (9.92). (The dealt demo has its own, in Game-Turn 3: the test above.)"""
    campaign = camp.open_campaign(COMPAT_060)
    combat = next(e for e in campaign.load_save(15)[0]["events"] if e["event"] == "combat")
    assert (combat["hex"], combat["attackers"], combat["ratio"], combat["final_column"], combat["roll"], combat["result"]) == \
        ("0310", {"13/8/7": 5}, "5-2", "1-1", 12, "D2*")
    assert_allied_path_0409_0408(campaign, 15, "Game-Turn 2 (1945-02-24)")


def test_the_example_has_the_attacker_choose_the_path_of_retreat_after_a_breakthrough():  # 9.97, 9.41, 9.92
    """9.97: "The attacking Player determines the path of retreat" of a bold (breakthrough) result.
    The dealt demo (behaviour 3), Game-Turn 3 in the mud: 414/104/7 (0209) joins the attack on 0110 and
    415/104/7 steps into 0309, so every regiment of the 104th is next to the cadre of 943/353/58 in 0310
    (9.41 divisional integrity: one column right, 9.43); 413/104/7 attacks it alone (7.21), 3 against 1
    doubled in its entrenchment: 3-2, column 1-1, mud -1, integrity +1: 1-1; the roll 12 (step 21, the
    German's answer before the rolls) gives D2* (demonstration cell); the Allied player signs the path
    0409-0408 (step 22), and the cadre, entering 0409 in the enemy ZOC of 415/104/7 in 0309, loses its
    last step there (9.92). 0110 (13 against 6 doubled, 1-3, roll 7) ends "-" before it."""
    campaign = camp.open_campaign(BUNDLED)
    combats = [(e["hex"], e["attackers"], e["ratio"], e["final_column"], e["roll"], e["result"])
               for e in campaign.load_save(21)[0]["events"] if e["event"] == "combat"]
    assert combats == [("0110", {"121/8/7": 7, "28/8/7": 1, "414/104/7": 5}, "13-6", "1-3", 7, "-"),
                       ("0310", {"413/104/7": 3}, "3-2", "1-1", 12, "D2*")]
    assert_allied_path_0409_0408(campaign, 21, "Game-Turn 3 (1945-02-25)")


def test_every_report_of_the_example_says_it_used_demonstration_data():
    for step in sorted((BUNDLED / "steps").iterdir()):
        save = fastyaml.safe_load((step / "save.yaml").read_text())
        if save["data_used"]["override_values"]:
            assert "DEMONSTRATION DATA" in (step / "report.txt").read_text()


# -- hidden strength chits (8.42) --------------------------------------------------------------

def test_public_reports_never_name_a_strength_chit():
    ids = chit_ids()
    for step in sorted((BUNDLED / "steps").iterdir()):
        text = (step / "report.txt").read_text()
        assert not [c for c in ids if named(text, c)], step.name


def own_chits(folder: Path) -> dict:
    """Each side's chits, as its machine decodes them from the public record with its key (8.42)."""
    from pbem.demo import demo_nonce
    from pbem.games.operation_grenade import dealer, dealing
    from pbem.hidden import poker
    campaign = camp.open_campaign(folder)
    history = [(n, campaign.load_save(n)[0]["events"]) for n in campaign.step_numbers()]
    keys = {side: poker.poker_key(load_private_key(EXAMPLE / "keys" / side), campaign.id, side, demo_nonce(campaign.id, side))
            for side in SIDES}
    return {side: {dealing.chit_of_card(campaign.data, c["pool"], c["card"])["id"] for c in dealer.cards_of(keys[side], history).values()}
            for side in SIDES}


def test_a_sides_own_report_shows_its_chits_and_none_of_the_enemys(grenade, tmp_path):  # 8.42
    own = own_chits(grenade)
    assert own["allied"] and own["german"], "both sides hold chits at the end of the example"
    shutil.copytree(EXAMPLE / "keys", tmp_path / "keys")
    for side, enemy in (("allied", "german"), ("german", "allied")):
        text = run("report", grenade, "--side", side, "--key", tmp_path / "keys" / side).stdout
        assert "own report, not for the opponent" in text
        assert all(named(text, c) for c in own[side])
        assert not [c for c in own[enemy] if named(text, c)]
    public = run("report", grenade).stdout
    assert not [c for c in own["allied"] | own["german"] if named(public, c)]


def test_positions_show_the_enemy_only_untried_tried_reduced_or_cadre(grenade, tmp_path):
    shutil.copytree(EXAMPLE / "keys", tmp_path / "keys")
    text = run("report", grenade, "--side", "allied", "--key", tmp_path / "keys" / "allied").stdout
    german_rows = [line for line in text.splitlines() if re.match(r"^\d{4}\s+\S+\s+german\s", line)]
    assert german_rows
    assert all(line.split()[-1] in ("untried", "tried", "reduced", "cadre") for line in german_rows)
    tried = [line for line in german_rows if line.split()[-1] == "tried"]
    assert tried, "a German regiment fought in the example: that it is tried is public, its strength is not"


def test_the_combat_report_shows_the_strengths_examined_in_that_combat_only(grenade):
    campaign = camp.open_campaign(grenade)
    for number in campaign.step_numbers():
        save = campaign.load_save(number)[0]
        report = (grenade / "steps" / f"{number:04d}" / "report.txt").read_text()
        for event in save["events"]:
            if event["event"] == "combat":
                for unit, strength in {**event["attackers"], **event["defenders"]}.items():
                    assert f"{unit} {strength}" in report        # 8.42: examined before the ratio


def test_a_sides_svg_shows_its_own_strengths_only(grenade, tmp_path):
    # save 5: the picture frames the two combats, where the German's tried regiments stand
    shutil.copytree(EXAMPLE / "keys", tmp_path / "keys")
    run("report", grenade, "--step", "5", "--side", "german", "--key", tmp_path / "keys" / "german", "--svg", tmp_path / "german.svg")
    run("report", grenade, "--step", "5", "--svg", tmp_path / "public.svg")
    german, public = (tmp_path / "german.svg").read_text(), (tmp_path / "public.svg").read_text()
    assert "strength" in german and "german's view" in german
    assert "strength" not in public and "chit" not in public


def test_report_for_an_unknown_side_is_refused(grenade):
    result = run("report", grenade, "--side", "soviet", ok=False)
    assert result.exit_code == 1 and "no side 'soviet'" in result.stderr


def test_demo_for_an_unknown_game_is_refused():
    result = run("demo", "--game", "chess", ok=False)
    assert result.exit_code == 1 and "no demo for 'chess'" in result.stderr


# -- refusals change nothing ---------------------------------------------------------------------

def signed(folder: Path, side: str, orders: list, keys: dict, target: Path) -> Path:
    body = fastyaml.safe_load(camp.order_template(folder, side))
    body["orders"] = orders
    target.write_text(forge_signed(folder, body, keys[side]))
    return target


@pytest.mark.parametrize("orders, phrase", [
    ([{"move": "942/353/58", "path": ["0110", "0111"]}], "is not a allied unit on the map"),
    ([{"move": "13/8/7", "path": ["0208", "0210"]}], "is not adjacent to"),
    ([{"move": "A/2A/19", "path": ["0403", "0404"]}], "19.31"),
    ([{"attack": "0110", "with": ["13/8/7"]}], "unknown key(s) attack, with"),
])
def test_illegal_allied_movement_orders_are_refused_and_change_nothing(grenade_at_movement, keys, tmp_path, orders, phrase):
    grenade = grenade_at_movement
    campaign = camp.open_campaign(grenade)
    state = campaign.latest()[1]["state"]
    for order in orders:       # a path from where the unit stands (the example's rolls decide where that is)
        if "path" in order and order["move"] in state["units"]:
            start = state["units"][order["move"]]["hex"]
            far = next(h for n in campaign.game.grid(campaign.data).neighbours(start)
                       for h in campaign.game.grid(campaign.data).neighbours(n)
                       if campaign.game.grid(campaign.data).distance(start, h) == 2)
            order["path"] = [start, far] if phrase == "is not adjacent to" else [start, *order["path"][1:]]
    before = tree_bytes(grenade)
    file = signed(grenade, "allied", orders, keys, tmp_path / "orders.txt")
    result = run("adjudicate", grenade, file, "--key", EXAMPLE / "keys" / "german", ok=False)
    assert result.exit_code == 1 and phrase in result.stderr and "orders.txt" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert tree_bytes(grenade) == before


def test_a_move_into_an_enemy_hex_is_refused(grenade_at_movement, keys, tmp_path):
    grenade = grenade_at_movement
    state = camp.open_campaign(grenade).latest()[1]["state"]
    grid = camp.open_campaign(grenade).game.grid(camp.open_campaign(grenade).data)
    german_hexes = {u["hex"] for u in state["units"].values() if u["side"] == "german"}
    unit_id, target = next((u, n) for u, unit in sorted(state["units"].items()) if unit["side"] == "allied"
                           for n in grid.neighbours(unit["hex"]) if n in german_hexes)
    before = tree_bytes(grenade)
    file = signed(grenade, "allied", [{"move": unit_id, "path": [state["units"][unit_id]["hex"], target]}], keys, tmp_path / "o.txt")
    result = run("adjudicate", grenade, file, "--key", EXAMPLE / "keys" / "german", ok=False)
    assert result.exit_code == 1 and "occupied by the enemy (5.21)" in result.stderr and tree_bytes(grenade) == before


def test_orders_from_the_side_not_to_move_are_refused(grenade_at_movement, keys, tmp_path):
    grenade = grenade_at_movement
    before = tree_bytes(grenade)
    body = fastyaml.safe_load(camp.order_template(grenade, "allied"))
    body.update(side="german", orders=[])                         # the German writes during the US phase
    file = tmp_path / "orders.txt"
    file.write_text(forge_signed(grenade, body, keys["german"]))
    result = run("adjudicate", grenade, file, "--key", EXAMPLE / "keys" / "allied", ok=False)
    assert result.exit_code == 1 and re.search(r"orders are from 'german' but save \d+ awaits orders from 'allied'", result.stderr)
    assert tree_bytes(grenade) == before


def test_an_old_order_file_replayed_is_refused(grenade, keys):
    before = tree_bytes(grenade)
    old = grenade / "steps" / "0003" / "orders-allied.txt"
    result = run("adjudicate", grenade, old, "--key", EXAMPLE / "keys" / "german", ok=False)
    assert result.exit_code == 1 and tree_bytes(grenade) == before


def test_without_an_override_a_new_campaign_names_the_missing_chit_pools(tmp_path, keys, monkeypatch):  # 8.32
    """8.32: the strength chits are sorted into pools by morale and shuffled before play: a behaviour 3
    campaign deals them from decks made at its start, so `pbem new` without the chits' data refuses,
    naming the first pool's data path and `pbem data template`, and writes nothing."""
    monkeypatch.chdir(tmp_path)
    for side in SIDES:
        shutil.copy(EXAMPLE / "keys" / side, tmp_path / side)
        shutil.copy(EXAMPLE / "keys" / f"{side}.pub", tmp_path / f"{side}.pub")
        run("commit", "--key", side, "--campaign", "og-nodata", "--side", side)
    result = run("new", "operation-grenade", "operation-grenade", "--dir", "c", "--player", "allied=allied.pub",
                 "--player", "german=german.pub", "--commitment", "og-nodata-allied.commit.txt",
                 "--commitment", "og-nodata-german.commit.txt", ok=False)
    assert result.exit_code == 1 and "needs the strength chits of morale pool 1 (8.32)" in result.stderr
    assert "enter it as `chits.strength_chits.pools.1.chits` in the campaign's data override" in result.stderr
    assert "`pbem data template operation-grenade`" in result.stderr
    assert not (tmp_path / "c").exists()
