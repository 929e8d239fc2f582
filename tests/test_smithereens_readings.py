"""Errata readings a group chooses at `pbem new` (docs/errata.md S1, S4; rules/smithereens/readings.yaml):
the default is the data as written; another choice is recorded in the header, named in every
report, and read by the rules."""

from pathlib import Path

import pytest

from pbem import campaign as camp
from pbem.demo import demo_commitment
from pbem.errors import PbemError
from pbem.gamedata import apply_readings, load_game_data, load_scenario
from pbem.games.smithereens import GAME
from pbem.keys import key_id
from pbem.verify import verify
from tests.conftest import ROOT

TEST_DATA = Path(__file__).resolve().parent / "data" / "smithereens-rules-test-override.yaml"
DEMO_DATA = ROOT / "examples" / "smithereens-demo" / "data-override.yaml"


def reading(**chosen):
    data = load_game_data("smithereens", TEST_DATA)
    apply_readings(data, GAME.options({f"errata.{k}": v for k, v in chosen.items()}).get("errata"))
    return data


def thaw_march(data):
    """A Soviet infantry unit (non-mech, MF 4) in a Thaw turn (5, 10.21) crossing two rivers: 3115-3116-3216."""
    state = GAME.setup(data, load_scenario("smithereens", "historical")[0], ["alliance", "german"])
    state["units"]["s-inf1"] = {"hex": "3115", "steps": 2}
    state.update(turn=5, army="soviet", phase="movement")
    return [p.message for p in GAME.check(data, state, "alliance", [{"move": "s-inf1", "path": ["3115", "3116", "3216"]}])]


def test_errata_option_is_recorded_as_errata():
    assert GAME.options({"errata.S4": "all-units", "level": "standard"}) == {"level": "standard", "fog": False, "errata": {"S4": "all-units"}}
    assert GAME.options({"errata": {"S1": "text"}}) == {"level": "beginner", "fog": True, "errata": {"S1": "text"}}   # as the header holds it
    assert GAME.options({}) == {"level": "beginner", "fog": True}      # defaults: the level and 11.7 fog of war


def test_s4_thaw_river_cost_10_21_by_default_10_16_if_chosen():
    """S4: 10.21 (the default) keeps non-mech river crossings at +1 in the Thaw; a group reading
    10.16 ("units must expend two extra (+2) MP") chooses `errata.S4=all-units`."""
    assert thaw_march(reading()) == []                                                     # (1+1) + (1+1) = 4
    assert thaw_march(reading(S4="all-units")) == [
        "s-inf1 needs 6 MP for this path but has 4 (10.2; 10.4 guarantees one hex only)"]     # (1+2) + (1+2)


def test_s1_mountain_shift_one_column_by_default_two_if_chosen():
    """S1: the 11.13 example (6:1 becomes 5:1) gives one column left, the default; its text, "two
    CRT columns leftward", is `errata.S1=text`. The shift names the reading it came from."""
    def mountain(data):
        state = GAME.setup(data, load_scenario("smithereens", "historical")[0], ["alliance", "german"])
        state["units"].update({"s-inf1": {"hex": "2016", "steps": 2}, "g-inf1": {"hex": "2116", "steps": 2}})
        state.update(turn=2, army="soviet", phase="assault")
        return [s for s in GAME.shifts(data, state, {"with": ["s-inf1"]}, "2116", "soviet") if s["why"] == "mountain"]
    assert [(s["shift"], s["rule"]) for s in mountain(reading())] == [(-1, "11.13")]
    assert [(s["shift"], s["rule"]) for s in mountain(reading(S1="text"))] == [(-2, "reading S1=text (docs/errata.md)")]


def test_an_unknown_reading_or_choice_is_refused():
    with pytest.raises(PbemError, match=r"errata\.S4 must be one of all-units, mech-only, not 'plus-three'"):
        reading(S4="plus-three")
    with pytest.raises(PbemError, match=r"no errata reading 'S99' for smithereens \(readings: S1, S4"):
        reading(S99="x")


def test_pbem_new_records_the_reading_in_the_header_and_the_reports(tmp_path, demo_keys):
    """Chosen at creation, recorded in the header's options, named in the reports, used on every
    reopening (and so by verify's replay)."""
    commitments = {s: demo_commitment(k, "r1", s) for s, k in demo_keys.items()}
    players = {s: key_id(k.public_key()) for s, k in demo_keys.items()}
    folder = tmp_path / "r1"
    with pytest.raises(PbemError, match="errata.S1 must be one of"):
        camp.create_campaign(folder, "smithereens", "historical", players, commitments, DEMO_DATA, options={"errata.S1": "three"})
    assert not folder.exists()
    created = camp.create_campaign(folder, "smithereens", "historical", players, commitments, DEMO_DATA,
                                   options={"errata.S4": "all-units"})
    assert created.header["options"] == {"level": "beginner", "fog": True, "errata": {"S4": "all-units"}}
    assert created.data.get("terrain.natural.river.movement.thaw_extra_mp.non_mech") == 2
    report = (folder / "steps" / "0000" / "report.txt").read_text()
    assert "Errata readings chosen by the group at creation (docs/errata.md): S4 = all-units." in report
    assert verify(folder).ok
