"""Data amendments signed by both players, on two machines through the CLI (issue 17 part 4):
a hex the rulebook text leaves blank stops a move; one side proposes its terrain from the
printed map (the file `pbem data edit DIR` writes), the other countersigns, the amendment is a
step of the hash chain, the move is then legal, verify replays it and the reports name it."""

import shutil
from pathlib import Path

import pytest
import yaml

from pbem.editor import store
from tests.conftest import DEMO_KEYS, tree_bytes
from tests.test_cli import run
from tests.test_inbox import mail
from tests import fastyaml

HEX = "2118E"        # next to sov-2gta in 2019E at save 3 of the demo; its terrain is not in the demo data


@pytest.fixture
def two_copies(demo_build, tmp_path, monkeypatch):
    """Both players' copies of the demo campaign at save 3 (Turn 2 Soviet movement, the alliance to
    move; save 1 awaited the Soviet's tactical air answer of Turn 1, 13.5), the demo's published
    keys, and the German's proposal file."""
    monkeypatch.chdir(tmp_path)
    for side in ("german", "alliance"):
        target = tmp_path / side / "camp"
        shutil.copytree(demo_build, target)
        for extra in sorted(target.glob("steps/*"))[4:]:       # every save after save 3
            shutil.rmtree(extra)
        (tmp_path / side / "key").write_bytes((DEMO_KEYS / side).read_bytes())
        (tmp_path / side / "key").chmod(0o600)
    # the proposal as `pbem data edit DIR` saves it beside the folder (its editor's store): the
    # campaign's override, started from, plus the value entered
    values, extra = store.read_values(demo_build / "data-override.yaml", "smithereens")
    store.save_override("smithereens", values | {f"map.hexes.{HEX}": {"terrain": "clear"}}, extra,
                        tmp_path / "camp-amendment-proposal.yaml")
    return tmp_path


def camp_of(root: Path, side: str) -> Path:
    return root / side / "camp"


def move_file(root: Path, name: str) -> Path:
    run("orders", camp_of(root, "alliance"), "--side", "alliance", "--out", root / f"{name}.yaml")
    body = fastyaml.safe_load((root / f"{name}.yaml").read_text())
    body["orders"] = [{"move": "sov-2gta", "path": ["2019E", HEX]}]
    (root / f"{name}.yaml").write_text(yaml.safe_dump(body, sort_keys=False))
    return root / f"{name}.yaml"


def test_an_amendment_signed_by_both_enters_the_chain_and_later_steps_use_it(two_copies):
    root = two_copies
    before = move_file(root, "before")
    refused = run("check", camp_of(root, "alliance"), before, ok=False)
    assert f"needs hex {HEX} and its terrain" in refused.stderr and f"map.hexes.{HEX}" in refused.stderr
    assert "every player signs it as a data amendment (`pbem amend propose`)" in refused.stderr

    proposed = run("amend", "propose", camp_of(root, "german"), root / "camp-amendment-proposal.yaml",
                   "--key", root / "german" / "key", "--note", "terrain read off the printed eastern sheet",
                   "--out", root / "german" / "amendment.txt").stdout
    assert proposed.startswith(f"wrote {root / 'german' / 'amendment.txt'}: 1 value(s) for the other side to countersign")
    assert f"send {root / 'german' / 'amendment.txt'} to alliance" in proposed
    waiting = run("status", camp_of(root, "german")).stdout
    assert "save 3" in waiting and "a data amendment of german is proposed (" in waiting
    assert "it awaits the countersignature of alliance" in waiting
    assert run("inbox", camp_of(root, "german"), root / "german" / "amendment.txt").stdout.splitlines()[-1] == \
        "save 3: the data amendment of german awaits the countersignature of alliance (`pbem amend sign DIR AMENDMENT --key KEY`)"

    got = mail(root / "alliance" / "amendment.eml", [root / "german" / "amendment.txt"], "quoted-crlf")
    signed = run("amend", "sign", camp_of(root, "alliance"), got, "--key", root / "alliance" / "key",
                 "--out", root / "alliance" / "consent.txt").stdout
    assert f"  map.hexes.{HEX} = {{'terrain': 'clear'}}" in signed
    assert f"save 4 (the amendment) recorded in {camp_of(root, 'alliance')}" in signed
    assert f"send {root / 'alliance' / 'consent.txt'} to german" in signed

    back = mail(root / "german" / "consent.eml", [root / "alliance" / "consent.txt"], "plain")
    recorded = run("inbox", camp_of(root, "german"), back).stdout
    assert "recorded save 4: data amendment before Turn 2 Soviet movement (data amendment of german)" in recorded
    assert tree_bytes(camp_of(root, "german")) == tree_bytes(camp_of(root, "alliance"))
    step = camp_of(root, "german") / "steps" / "0004"
    assert sorted(p.name for p in step.iterdir()) == ["amendment-german.txt", "consent-alliance.txt", "picture.svg", "report.txt", "save.yaml"]
    report = (step / "report.txt").read_text()
    assert "Data amendment proposed by german" in report and "countersigned by alliance: terrain read off the printed eastern sheet" in report
    assert f"`map.hexes.{HEX}` = {{'terrain': 'clear'}}" in report
    save3 = fastyaml.safe_load((step / "save.yaml").read_text())
    save2 = fastyaml.safe_load((camp_of(root, "german") / "steps" / "0003" / "save.yaml").read_text())
    assert save3["state"] == save2["state"] and save3["awaiting"] == save2["awaiting"]

    # the move the data lacked is now legal, adjudicated on both machines, and its report names the amendment
    after = move_file(root, "after")
    assert "OK — 1 order(s) legal" in run("check", camp_of(root, "alliance"), after).stdout
    run("sign", camp_of(root, "alliance"), after, "--key", root / "alliance" / "key")
    for side in ("german", "alliance"):
        moved = run("inbox", camp_of(root, side), root / "after.yaml.signed.txt").stdout
        assert "recorded save 5" in moved
    assert tree_bytes(camp_of(root, "german")) == tree_bytes(camp_of(root, "alliance"))
    report4 = (camp_of(root, "german") / "steps" / "0005" / "report.txt").read_text()
    assert f"sov-2gta moves 2019E → {HEX}" in report4
    # (the kit's map reads hex terrain through a derived grid, which notes no data use, so no
    # report lists hex terrain among the values used, the override's or an amendment's)
    verified = run("verify", camp_of(root, "german")).stdout
    assert verified.startswith("OK: 6 saves")
    logged = run("log", camp_of(root, "german")).stdout.splitlines()
    assert logged[4].startswith("0004  ") and logged[4].endswith("data amendment before Turn 2 Soviet movement: data amendment of german")


def test_an_amendment_never_replaces_a_known_value(two_copies):
    root = two_copies
    proposal = fastyaml.safe_load((root / "camp-amendment-proposal.yaml").read_text())
    proposal["values"] = {"map.hexes.1719E": {"terrain": "clear"}}      # the override says rough
    (root / "bad.yaml").write_text(yaml.safe_dump(proposal, sort_keys=False))
    before = tree_bytes(camp_of(root, "german"))
    refused = run("amend", "propose", camp_of(root, "german"), root / "bad.yaml", "--key", root / "german" / "key", ok=False)
    assert refused.exit_code == 1
    assert "override 'map.hexes.1719E' would replace rulebook values ['terrain']" in refused.stderr
    assert tree_bytes(camp_of(root, "german")) == before and not list(root.glob("amendment-*"))


def test_an_amendment_hexside_no_lookup_would_find_is_refused(two_copies):
    """10.15: a lake entered as `2119E|2118E` (not the sorted pair lookups ask for) would be ignored."""
    root = two_copies
    proposal = fastyaml.safe_load((root / "camp-amendment-proposal.yaml").read_text())
    proposal["values"] = {"map.hexsides.2119E|2118E": "lake"}
    (root / "bad.yaml").write_text(yaml.safe_dump(proposal, sort_keys=False))
    before = tree_bytes(camp_of(root, "german"))
    refused = run("amend", "propose", camp_of(root, "german"), root / "bad.yaml", "--key", root / "german" / "key", ok=False)
    assert refused.exit_code == 1
    assert "map.hexsides.2119E|2118E: write it map.hexsides.2118E|2119E" in refused.stderr
    assert tree_bytes(camp_of(root, "german")) == before and not list(root.glob("amendment-*"))


def test_the_proposer_cannot_countersign_and_orders_conflict_with_an_amendment(two_copies):
    root = two_copies
    run("amend", "propose", camp_of(root, "german"), root / "camp-amendment-proposal.yaml",
        "--key", root / "german" / "key", "--out", root / "amendment.txt")
    own = run("amend", "sign", camp_of(root, "alliance"), root / "amendment.txt", "--key", root / "german" / "key", ok=False)
    assert "this key holds no seat other than the proposer's (german)" in own.stderr
    # the alliance signed its orders for save 3 first: it cannot also countersign for save 3
    empty = move_file(root, "e")
    body = fastyaml.safe_load(empty.read_text())
    body["orders"] = []
    empty.write_text(yaml.safe_dump(body, sort_keys=False))
    run("sign", camp_of(root, "alliance"), empty, "--key", root / "alliance" / "key")
    conflict = run("amend", "sign", camp_of(root, "alliance"), root / "amendment.txt", "--key", root / "alliance" / "key", ok=False)
    assert "orders for save 3 are already signed in this copy" in conflict.stderr


def test_a_changed_amendment_value_fails_verify(two_copies):
    root = two_copies
    run("amend", "propose", camp_of(root, "german"), root / "camp-amendment-proposal.yaml",
        "--key", root / "german" / "key", "--out", root / "amendment.txt")
    run("amend", "sign", camp_of(root, "alliance"), root / "amendment.txt", "--key", root / "alliance" / "key",
        "--out", root / "consent.txt")
    stored = camp_of(root, "alliance") / "steps" / "0004" / "amendment-german.txt"
    stored.write_text(stored.read_text().replace("terrain: clear", "terrain: forest"))
    failed = run("verify", camp_of(root, "alliance"), ok=False)
    assert "BAD SIGNATURE" in failed.stderr and "amendment-german.txt" in failed.stderr


def test_the_awaited_side_does_not_propose_it_countersigns_or_moves(two_copies):
    """Save 2 awaits the alliance: a proposal of the alliance is refused (the German proposes it
    instead), so no side ever waits for an answer the other need not give."""
    root = two_copies
    before = tree_bytes(camp_of(root, "alliance"))
    refused = run("amend", "propose", camp_of(root, "alliance"), root / "camp-amendment-proposal.yaml",
                  "--key", root / "alliance" / "key", "--out", root / "amendment.txt", ok=False)
    assert refused.stderr == ("pbem: error: save 3 awaits orders from alliance, so alliance does not propose a data "
                              "amendment now: send the proposal file to the other side, who proposes it (`pbem amend "
                              "propose`), and countersign it (`pbem amend sign`)\n")
    assert tree_bytes(camp_of(root, "alliance")) == before and not (root / "amendment.txt").exists()


def test_an_amendment_may_choose_an_errata_reading_not_chosen_yet(two_copies):
    """docs/errata.md S4 (10.16, 10.21): the Thaw river-crossing cost of non-mechanized units."""
    root = two_copies
    proposal = fastyaml.safe_load((root / "camp-amendment-proposal.yaml").read_text())
    del proposal["values"][f"map.hexes.{HEX}"]
    proposal["errata"] = {"S4": "all-units"}
    (root / "errata.yaml").write_text(yaml.safe_dump(proposal, sort_keys=False))
    proposed = run("amend", "propose", camp_of(root, "german"), root / "errata.yaml", "--key", root / "german" / "key",
                   "--out", root / "amendment.txt").stdout
    assert "0 value(s), errata S4 for the other side to countersign" in proposed
    run("amend", "sign", camp_of(root, "alliance"), root / "amendment.txt", "--key", root / "alliance" / "key",
        "--out", root / "consent.txt")
    run("inbox", camp_of(root, "german"), root / "consent.txt")
    assert tree_bytes(camp_of(root, "german")) == tree_bytes(camp_of(root, "alliance"))
    report = (camp_of(root, "german") / "steps" / "0004" / "report.txt").read_text()
    assert "- errata reading S4 = all-units (docs/errata.md)" in report
    assert "Errata readings chosen by a data amendment (docs/errata.md): S4 = all-units." in report
    from pbem import campaign as camp
    data = camp.open_campaign(camp_of(root, "german")).data
    assert data.get("terrain.natural.river.movement.thaw_extra_mp.non_mech") == 2
    assert run("verify", camp_of(root, "german")).stdout.startswith("OK: 5 saves")
    again = run("amend", "propose", camp_of(root, "german"), root / "errata.yaml", "--key", root / "german" / "key", ok=False)
    assert "the proposal adds nothing to the campaign's data" in again.stderr


def test_the_awaited_side_declines_an_amendment_by_moving_instead(two_copies):
    """The German proposes at save 3; the alliance (to move) reads it but signs its orders
    instead: the orders make save 4 on both machines and the amendment is stale."""
    root = two_copies
    run("amend", "propose", camp_of(root, "german"), root / "camp-amendment-proposal.yaml",
        "--key", root / "german" / "key", "--out", root / "amendment.txt")
    seen = run("inbox", camp_of(root, "alliance"), root / "amendment.txt").stdout
    assert seen.splitlines()[-1].startswith("save 3: the data amendment of german awaits the countersignature of alliance")
    empty = move_file(root, "e")
    body = fastyaml.safe_load(empty.read_text())
    body["orders"] = []
    empty.write_text(yaml.safe_dump(body, sort_keys=False))
    run("sign", camp_of(root, "alliance"), empty, "--key", root / "alliance" / "key")
    for side in ("alliance", "german"):
        moved = run("inbox", camp_of(root, side), root / "e.yaml.signed.txt", root / "amendment.txt").stdout
        assert "recorded save 4: Turn 2 Soviet movement (orders of alliance)" in moved
    assert tree_bytes(camp_of(root, "german")) == tree_bytes(camp_of(root, "alliance"))
    assert not (camp_of(root, "german") / "pending").exists()
    late = run("inbox", camp_of(root, "german"), root / "amendment.txt").stdout
    assert "data-amendment of german for save 3: not part of this campaign's history (the campaign is at save 4); ignored" in late
