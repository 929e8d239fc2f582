"""End of the Iron Dream 25.3 G: fog of war (option `fog=true`, behaviour 4) in Let History Judge.

25.3 G: "In the Let History Judge scenario there are no dummy units, and the WA may examine the
stacks of the Soviets at any time. The Soviets may not do so with stacks, however, until committed
to an assault in the hex." So only NATO's (the WA seat's) stacks are hidden, from the Soviets.

TEST DATA (made up, as tests/test_eid_abomb.py): its Let History Judge set-up, with wa-mech-2 moved
from T5 to U22 under wa-mech-4, next to U23's lone Soviet army, and the Soviet SU su-su-2 from V24 to
U24 (beside U23); NATO's five SUs stay in T5."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from pbem import campaign as camp
from pbem.demo import demo_commitment
from pbem.gamedata import load_scenario
from pbem.games.end_of_the_iron_dream import GAME, fog_dummies
from pbem.hidden.private import find_private
from pbem.hidden.steps import hidden_of
from pbem.keys import key_id
from tests.eidhelp import ROWS, at, data, problems, values
from tests.test_eid_abomb import SECRET, SALTS, SEATS, keys, play_signed, position as abomb_position, sign
from tests.test_eid_game import LHJ_CITIES
from tests.test_eid_lhj_boxes import more

from tests.test_cli import run
from tests import fastyaml

from .leaks import find_leaks

LHJ = load_scenario("end-of-the-iron-dream", "let-history-judge")[0]
EXTRA = {"map.setup_areas.lhj_soviet_controlled": [f"{r}{c}" for r in ROWS for c in (24, 25, 26)],
         "map.edges.east": [f"{r}26" for r in ROWS], "positions.test.wa_supply_sources": ["P1"],
         "map.countries.yugoslavia": [], "map.countries.red_y": [], **LHJ_CITIES}


def position() -> dict:
    units = abomb_position()
    units.update({"wa-mech-2": {"hex": "U22"}, "su-su-2": {"hex": "U24"}})
    return units


def fogged():
    d = data(position=position(), behaviour=4, extra={**EXTRA, **more()})
    return d, GAME.setup(d, LHJ, list(SEATS), {"position": "test", "fog": "true"})


def test_25_3_g_let_history_judge_plays_fog_hiding_only_nato_s_stacks():
    """Accepted with fog=true; NATO's stacks hide what lies under their tops (U22: wa-mech-4 over
    wa-mech-2, the lower id of two 2-step units on top; T5's five SUs, with no combat unit for a top,
    all show); the Soviet stacks (T23's thirteen armies, Q20's eight) hide nothing; only NATO's
    movement file is an owner step."""
    d, s = fogged()
    assert s["fog"] == {"hidden": {"soviet": [], "western": []}, "checks": [], "dummies": {}}
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "western")
    assert {k: v["unit"] for k, v in items.items()} == {"U22/1": "wa-mech-4"}
    assert "wa-mech-2" in public["units"] and "wa-mech-4" not in public["units"]
    assert public["fog"]["hidden"] == {"soviet": [], "western": ["U22"]}
    assert GAME.hidden.merge(d, copy.deepcopy(public), "western", items) == s
    public, items = GAME.hidden.split(d, copy.deepcopy(s), "soviet")
    assert items == {} and public == s
    nato, soviet = at(s, 1, "western"), at(s, 1, "soviet")
    assert GAME.hidden.owner_step(d, nato, "western")
    assert not GAME.hidden.owner_step(d, soviet, "soviet")        # played in the open: NATO sees every stack


def test_25_3_g_no_dummy_units_in_let_history_judge():
    """25.3 G: "there are no dummy units": a dummy order is refused (and the scenario needs no
    dummy count, special.fog_of_war.dummies)."""
    d, s = fogged()
    nato = at(s, 1, "western")
    assert problems(d, nato, "western", [{"dummy": "dummy-1", "at": "U22"}]) == [
        "there are no dummy units in the Let History Judge scenario (25.3 G)"]
    assert problems(d, at(s, 1, "soviet"), "soviet", [{"dummy": "dummy-1", "at": "T23"}]) == [
        "there are no dummy units in the Let History Judge scenario (25.3 G)"]


def test_25_3_g_a_soviet_assault_opens_the_nato_stack():
    """25.3 G: the Soviets examine a NATO stack once "committed to an assault in the hex": a prepared
    (`attack:`) or mobile (`assault:`) assault on U22 opens NATO's items there, none elsewhere."""
    d, s = fogged()
    hidden = {"western": ["U22/1", "T9/1"], "soviet": []}
    assert GAME.hidden.opens(d, at(s, 1, "soviet", "assault"), hidden, "soviet",
                             [{"attack": "U22", "with": ["su-inf-43"]}]) == {"western": ["U22/1"]}
    assert GAME.hidden.opens(d, at(s, 1, "soviet", "movement"), hidden, "soviet",
                             [{"assault": "U22", "with": ["su-inf-43"]}]) == {"western": ["U22/1"], "soviet": []}


def test_25_3_g_the_header_reads_the_let_history_judge_fog():
    """The campaign header's not-enforced list (not_enforced_in): 25.3 G is no longer refused and
    its reading is printed for a Let History Judge campaign under fog only."""
    fog_on = GAME.not_enforced_in({"fog": True}, LHJ)
    assert fog_on[-2] == fog_dummies.FOG_ON and "25.3 G" not in fog_on[-2]
    assert fog_on[-1] == fog_dummies.FOG_LHJ == (
        "25.3 G under fog in Let History Judge, pbem's reading: only NATO's (the WA seat's) stacks are hidden, from "
        "the Soviets, until an assault opens them; the Soviets' stacks always show (their files are played in the "
        "open); no dummy units")
    assert GAME.not_enforced_in({}, LHJ)[-1] == fog_dummies.FOG_OFF
    iron_dream = load_scenario("end-of-the-iron-dream", "iron-dream")[0]
    assert GAME.not_enforced_in({"fog": True}, iron_dream)[-1] == fog_dummies.FOG_ON


# -- a campaign on disk ------------------------------------------------------------------------------
def new_campaign(tmp_path: Path):
    """The set-up above under fog, signed with the demo's keys (examples/end-of-the-iron-dream-demo/keys)."""
    k = keys()
    override = tmp_path / "data-override.yaml"
    found = values(position=position(), behaviour=4, extra={**EXTRA, **more()})
    override.write_text(yaml.safe_dump({"pbem": "data-override", "game": "end-of-the-iron-dream", "values": found},
                                       sort_keys=False))
    return camp.create_campaign(tmp_path / "campaign", "end-of-the-iron-dream", "let-history-judge",
                                {s: key_id(k[s].public_key()) for s in SEATS},
                                {s: demo_commitment(k[s], "eid-fog-lhj", s) for s in SEATS}, override,
                                title="25.3 G test (test data)", options={"position": "test", "fog": "true"})


def test_25_3_g_the_soviets_receive_no_unit_under_a_nato_top_until_their_assault_opens_it(tmp_path):
    """NATO's movement file is its owner step: the public save holds U22/1 for wa-mech-4 and no file
    the Soviets receive names it (the leak search); the Soviets' own files are played in the open,
    every Soviet unit not eliminated in the save; their prepared assault on U22 (su-inf-43 from U23,
    su-su-2 burnt for it) opens the stack with NATO's dice reveal: both defenders fight; `verify
    --private` replays NATO's hidden steps. (The 27.6 A chit step hides NATO's stacks too: the
    Soviets' check of it reads them hidden again.)"""
    campaign = new_campaign(tmp_path)
    assert campaign.header["options"]["fog"] is True
    assert campaign.header["not_enforced"][-1] == fog_dummies.FOG_LHJ
    plan = [("western", [{"abomb_secret": SECRET}]), ("soviet", [{"abomb_salt": SALTS["A"]}]), ("western", []),
            ("western", []), ("soviet", []),
            ("soviet", [{"supply": "su-su-2", "hexes": ["U23"]}, {"attack": "U22", "with": ["su-inf-43"]}])]
    for side, orders in plan:
        play_signed(campaign, side, sign(campaign, side, orders))
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    assert sorted(hidden_of(saves[3], "western")) == ["U22/1", "abomb-chit"]
    assert "wa-mech-4" not in saves[3]["state"]["units"] and saves[3]["state"]["units"]["wa-mech-2"]["hex"] == "U22"
    soviets = {u for u, v in saves[0]["state"]["units"].items() if v["side"] == "soviet"}
    for save in saves:                                   # the Soviets' files are played in the open
        assert hidden_of(save, "soviet") == {}
        gone = {d["unit"] for d in save["state"]["dead"]} | ({"su-su-2"} if save["number"] >= 6 else set())   # 15.22 burnt
        assert {u for u, v in save["state"]["units"].items() if v["side"] == "soviet"} == soviets - gone
    assert saves[5]["state"]["phase"] == "assault" and saves[5]["awaiting"]["side"] == "soviet"
    assert sorted(hidden_of(saves[6], "western")) == ["abomb-chit"]
    fight = next(e for e in saves[6]["events"] if e["event"] == "assault")
    assert fight["hex"] == "U22" and fight["defenders"] == ["wa-mech-2", "wa-mech-4"]
    reveal = camp.read_stored(campaign.step_dir(6) / "reveal-western.txt").body
    assert reveal["hidden"]["open"]["U22/1"]["value"]["unit"] == "wa-mech-4"
    part = find_private(campaign.folder, campaign.id, "western")
    leaks, searched = find_leaks(campaign.folder, {"western": part})
    assert leaks == [] and searched >= 3
    assert camp.verify(campaign.folder).ok and camp.verify(campaign.folder, part.folder).ok
    checked = run("verify", campaign.folder, "--private", part.folder).stdout
    assert "every hidden item and hidden step of western from its private part" in checked
