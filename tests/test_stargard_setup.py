"""Stargard Solstice 15.0 set-up from the scenario: every unit the text puts in a named hex is
placed there (15.1, 15.2), then each side places its "within 1 of" groups as a signed
placement, the German player first (pbem's reading: 15.0 does not say who places first).

TEST DATA: the counters' factors and the hexes around the groups are made up (the text does not
print them); the placements are the rulebook's (scenarios/stargard-solstice/campaign.yaml)."""

import pytest

from pbem.gamedata import apply_values, load_game_data
from pbem.games.stargard_solstice import GAME
from pbem.games.stargard_solstice.setup_data import fixed_placements, units
from tests.sshelp import SCENARIO, play

AROUND = {"0411": ["0410", "0510", "0511", "0412", "0311", "0310"], "1617": ["1616", "1716", "1717", "1618", "1517", "1516"],
          "3621": ["3620", "3720", "3721", "3622", "3521", "3520"], "3110": ["3109", "3210", "3211", "3111", "3011", "3010"]}
NINE_FJ = ["PzJG54/9FJ", "PzJG53/9FJ", "PzJG51/9FJ", "9J/9FJ", "9P/9FJ", "FJzbV/9FJ"]
TWO33 = ["44Pz/233", "142/233", "139/233", "144P/233", "144J/233"]
TWO81 = ["281P/281", "368/281", "322/281", "418/281"]


def data():
    d = load_game_data("stargard-solstice")
    values: dict = {"game.hex_grid.offset": "odd-columns-down", "command.chits.konstantinov_chit.exists": False}
    for unit_id, c in units(d).items():
        if c["type"] in ("combat", "festung"):
            values.update({f"units.counters.{unit_id}.{k}": 2 for k in ("attack", "defense", "steps") if c.get(k) == "unknown"})
    for of, around in AROUND.items():
        values.update({f"map.hexes.{h}": {"terrain": "clear"} for h in [of, *around] if h not in ("0311",)})
    values["map.hexes.0311.terrain"] = "clear"
    apply_values(d, values, "tests/test_stargard_setup.py", "override")
    return d


def spread(units_, hexes):
    return [{"place": u, "at": hexes[i // 2]} for i, u in enumerate(units_)]


def test_15_1_15_2_fixed_placements_then_the_german_groups():
    d = data()
    s = GAME.setup(d, SCENARIO, ["german", "soviet"], {})
    assert s["phase"] == "placement" and GAME.awaiting(s).as_dict()["phase"] == 'Set-up: the German "within 1 of" groups (15.1, 15.2)'
    assert s["units"]["Stell-II-HQ"] == {"side": "german", "hex": "0418", "steps": 1, "supply": "in"}
    assert set(s["units"]) == set(fixed_placements(SCENARIO))
    assert "PzJG54/9FJ" not in s["units"]


def test_15_0_a_group_unit_goes_within_1_of_its_hex_legally_stacked_each_once():
    d = data()
    s = GAME.setup(d, SCENARIO, ["german", "soviet"], {})
    orders = spread(NINE_FJ, ["0411", "0410", "0510"]) + spread(TWO33, ["1617", "1616", "1716"]) + spread(TWO81, ["3621", "3620"])
    assert GAME.check(d, s, "german", orders) == []
    far = [dict(orders[0], at="0409")] + orders[1:]
    assert [p.message for p in GAME.check(d, s, "german", far)] == [
        "PzJG54/9FJ goes within 1 of 0411, not in 0409 (15.1: PzJG54/9FJ, PzJG53/9FJ, PzJG51/9FJ, 9J/9FJ, 9P/9FJ, "
        "FJzbV/9FJ (w/i 1 of 04.11))"]
    crowded = [dict(o, at="0411") if o["place"] == "9J/9FJ" else o for o in orders]
    assert "over the limit of 2 (6.0); all units begin within stacking limits (15.0)" in GAME.check(d, s, "german", crowded)[0].message
    assert [p.message for p in GAME.check(d, s, "german", orders[:-1])] == [
        "place 418/281 too: `place: UNIT, at: HEX` for every unit of your \"within 1 of\" groups (15.1, 15.2)"]
    s, events, _ = _apply(d, s, "german", orders)
    assert events[0] == {"event": "placed", "unit": "PzJG54/9FJ", "hex": "0411"} and s["placing"] == "soviet"
    soviet = [{"place": "Konstantinov-HQ", "at": "3110"}] + spread(["14GC/7GC", "15GC/7GC", "16GC/7GC"], ["3110", "3109"])
    s, _, _ = _apply(d, s, "soviet", soviet)
    assert s["phase"] == "random_event" and s["units"]["16GC/7GC"]["hex"] == "3109"


def _apply(d, s, side, orders):
    return play(d, s, side, orders)


@pytest.mark.parametrize("given", [{}, {"position": "demo"}])
def test_the_position_option_is_optional(given):
    """Every new campaign records withdrawal=true (12.6, behaviour 3)."""
    assert GAME.options(given) == {**given, "withdrawal": True}


def test_15_0_without_the_printed_values_the_set_up_is_refused_naming_the_first_one_missing():
    """pbem never guesses: a campaign set up from the bare rulebook data is refused, naming the
    data path of the first value the text does not give (the counters' factors, 1.3.7)."""
    from pbem.errors import UnknownDataError
    with pytest.raises(UnknownDataError, match=r"units\.counters\.[^`]+\.(attack|steps)"):
        GAME.setup(load_game_data("stargard-solstice"), SCENARIO, ["german", "soviet"], {})
