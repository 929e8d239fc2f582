"""Campaign mechanics through the library API: pauses for responses, GM dice, unknown data, saves."""

import yaml
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import pytest

from pbem import campaign as camp
from pbem.canonical import data_hash
from pbem.errors import PbemError
from pbem.keys import key_id
from pbem.yamlio import parse_yaml_text
from pbem.demo import demo_commitment
from tests.conftest import ROOT, forge_signed, tree_bytes
from tests import fastyaml

DEMO_DATA = ROOT / "examples" / "smithereens-demo" / "data-override.yaml"


def make(tmp_path, keys, gm=None, campaign_id="t1"):
    parties = {"gm": gm} if gm else keys
    commitments = {p: demo_commitment(k, campaign_id, p) for p, k in parties.items()}
    players = {s: key_id(k.public_key()) for s, k in keys.items()}
    folder = tmp_path / campaign_id
    camp.create_campaign(folder, "smithereens", "historical", players, commitments, DEMO_DATA,
                         gm_key=key_id(gm.public_key()) if gm else None)
    return folder


def orders_file(folder, tmp_path, side, key, orders, name):
    body = parse_yaml_text(camp.order_template(folder, side), "template")
    body["orders"] = orders
    path = tmp_path / name
    path.write_text(forge_signed(folder, body, key))
    return path


def test_save_zero_is_chained_to_the_header_and_holds_the_setup(tmp_path, demo_keys):
    folder = make(tmp_path, demo_keys)
    save = fastyaml.safe_load((folder / "steps" / "0000" / "save.yaml").read_text())
    header = fastyaml.safe_load((folder / "campaign.yaml").read_text())
    assert save["previous"] == data_hash(header) == save["header"]
    assert save["state"]["units"]["ger-46pz"] == {"hex": "1819E", "steps": 2}     # 3.2 set-up hex, 3.8 full strength
    assert save["state"]["control"]["1819E"] == "german"                             # 3.9 Warsaw
    assert save["state"]["fortresses"] == ["2410E", "3730"]                          # 3.3 Memel, Budapest
    assert save["awaiting"] == {"side": "german", "kind": "orders", "phase": "Turn 1 German prepared assaults",
                                "opponents": ["alliance"], "done": False}                # 3.10: no German movement on turn 1


def test_assault_pauses_for_the_defenders_signed_response(tmp_path, demo_keys):
    folder = make(tmp_path, demo_keys, campaign_id="t11-12")   # with these keys and id the roll is 4
    german, alliance = demo_keys["german"], demo_keys["alliance"]
    attack = orders_file(folder, tmp_path, "german", german,
                         [{"attack": "1918E", "with": ["ger-46pz", "ger-73id"]}], "a.txt")
    result = camp.adjudicate(folder, [attack], key=alliance)
    battle = next(e for e in result.save["events"] if e["event"] == "assault")
    assert battle["odds"] == "2:1" and battle["column"] == "1:1/1:2"              # 11.8, 11.15 river
    assert (battle["roll"], battle["result"]) == (4, "2/1")                      # demo cell 4 of 1:1/1:2
    assert result.save["awaiting"]["kind"] == "response" and result.save["awaiting"]["side"] == "alliance"
    assert result.save["state"]["pending"][0]["hex"] == "1918E"
    # the German cannot answer for the defender
    with pytest.raises(PbemError, match="awaits response from 'alliance'"):
        orders_file(folder, tmp_path, "german", german, [], "x.txt")
    # an illegal answer (absorbs the wrong number of loss points) is refused
    bad = orders_file(folder, tmp_path, "alliance", alliance, [{"battle": "1918E", "steps": {"sov-47a": 1}, "retreat": "1917E"}], "bad.txt")
    with pytest.raises(PbemError, match="gave 1 loss point; this answer absorbs 2"):
        camp.adjudicate(folder, [bad])
    answer = orders_file(folder, tmp_path, "alliance", alliance, [{"battle": "1918E", "retreat": "1917E"}], "r.txt")
    done = camp.adjudicate(folder, [answer])
    assert done.save["state"]["units"]["sov-47a"] == {"hex": "1917E", "steps": 2}      # 11.25: retreat absorbs 1 LP
    assert done.save["awaiting"]["phase"] == "Turn 2 Soviet movement"
    assert camp.verify(folder).ok


def test_gm_mode_needs_the_referees_reveal_only(tmp_path, demo_keys):
    gm = Ed25519PrivateKey.generate()
    folder = make(tmp_path, demo_keys, gm=gm, campaign_id="gm1")
    header = fastyaml.safe_load((folder / "campaign.yaml").read_text())
    assert header["dice"]["mode"] == "gm" and list(header["dice"]["commitments"]) == ["gm"]
    german = demo_keys["german"]
    attack = orders_file(folder, tmp_path, "german", german, [{"attack": "1918E", "with": ["ger-46pz"]}], "a.txt")
    pending = camp.adjudicate(folder, [attack], key=demo_keys["alliance"])   # the opponent's key is not enough
    assert pending.save is None and pending.awaiting_reveal == ["gm"]
    assert sorted(p.name for p in (folder / "steps").iterdir()) == ["0000"]          # the record is unchanged
    assert sorted(p.name for p in (folder / "pending").iterdir()) == ["orders-german.txt"]
    result = camp.adjudicate(folder, [], key=gm)
    assert list(result.save["dice"]["secrets"]) == ["gm"]
    assert sorted(p.name for p in (folder / "steps" / "0001").iterdir()) == ["orders-german.txt", "picture.svg", "report.txt", "reveal-gm.txt", "save.yaml"]
    assert not (folder / "pending").exists()
    assert camp.verify(folder).ok


def test_order_needing_unknown_data_is_refused_and_nothing_written(tmp_path, demo_keys):
    folder = make(tmp_path, demo_keys)
    camp.adjudicate(folder, [orders_file(folder, tmp_path, "german", demo_keys["german"], [], "a.txt")])
    before = tree_bytes(folder)
    # 1817E is on no demo hex list: its terrain is unknown (printed on the map, 16.1)
    move = orders_file(folder, tmp_path, "alliance", demo_keys["alliance"], [{"move": "sov-47a", "path": ["1918E", "1917E", "1817E"]}], "u.txt")
    with pytest.raises(PbemError) as refused:
        camp.adjudicate(folder, [move])
    assert "`map.hexes.1817E`" in str(refused.value) and "data-override.yaml" in str(refused.value)
    assert tree_bytes(folder) == before


def test_unknown_crt_column_refuses_before_rolling(tmp_path, demo_keys):
    # a copy of the demo data without row 5 of column 1:1/1:2
    data = fastyaml.safe_load(DEMO_DATA.read_text())
    del data["values"]["crt.cells.5.1:1/1:2"]
    override = tmp_path / "partial.yaml"
    override.write_text(yaml.safe_dump(data))
    commitments = {s: demo_commitment(k, "t2", s) for s, k in demo_keys.items()}
    folder = tmp_path / "t2"
    camp.create_campaign(folder, "smithereens", "historical", {s: key_id(k.public_key()) for s, k in demo_keys.items()},
                         commitments, override)
    attack = orders_file(folder, tmp_path, "german", demo_keys["german"], [{"attack": "1918E", "with": ["ger-46pz", "ger-73id"]}], "a.txt")
    before = tree_bytes(folder)   # roll would be 1..6; column 1:1/1:2 lacks row 5, so no roll at all
    with pytest.raises(PbemError, match=r"crt\.cells\.5\.1:1/1:2"):
        camp.adjudicate(folder, [attack], key=demo_keys["alliance"])
    assert tree_bytes(folder) == before


def test_a_save_is_never_overwritten(tmp_path, demo_keys):
    folder = make(tmp_path, demo_keys)
    move = orders_file(folder, tmp_path, "german", demo_keys["german"], [], "m.txt")
    campaign = camp.open_campaign(folder)
    number, save, digest = campaign.latest()
    result = camp.advance(campaign, number, save, digest, [camp.read_signed(move)])
    camp.commit_step(campaign, result)
    with pytest.raises(PbemError, match="never overwrites"):
        camp.commit_step(campaign, result)


def test_the_response_template_is_a_legal_answer_as_written(tmp_path, demo_keys):  # 11.25
    folder = make(tmp_path, demo_keys, campaign_id="t11-12")   # roll 4: 2/1, the defender must choose
    attack = orders_file(folder, tmp_path, "german", demo_keys["german"],
                         [{"attack": "1918E", "with": ["ger-46pz", "ger-73id"]}], "a.txt")
    camp.adjudicate(folder, [attack], key=demo_keys["alliance"])
    template = parse_yaml_text(camp.order_template(folder, "alliance"), "template")
    # the one loss point pre-filled the way 11.30 spreads it: the template is legal as written
    assert template["orders"] == [{"battle": "1918E", "steps": {"sov-47a": 1}}]
    path = tmp_path / "r.txt"
    path.write_text(forge_signed(folder, template, demo_keys["alliance"]))
    done = camp.adjudicate(folder, [path])
    assert done.save["state"]["units"]["sov-47a"] == {"hex": "1918E", "steps": 1}


def test_a_campaign_of_an_earlier_format_is_refused_naming_the_pbem_that_finishes_it(tmp_path, demo_keys):
    """Format 2 (pbem 0.2) drew dice by the report's sentences; format 3 by stable keys, so its
    rolls would differ: opening one says so, and which pbem finishes it, in one line."""
    folder = make(tmp_path, demo_keys)
    header = folder / "campaign.yaml"
    for old, finisher in ((2, "pbem==0.2.0"), (1, "pbem==0.1.0")):
        header.write_text(header.read_text().replace(f"format: {camp.FORMAT}", f"format: {old}", 1))
        with pytest.raises(PbemError, match=f"this campaign is in format {old}.*{finisher.replace('.', '[.]')}"):
            camp.open_campaign(folder)
        header.write_text(header.read_text().replace(f"format: {old}", f"format: {camp.FORMAT}", 1))
    assert camp.open_campaign(folder).header["format"] == 3
