"""End of the Iron Dream, behaviour 3: German fortifications — building them (5.1.1 A, 22.1, 22.2,
22.11), no mobile assault into a Level 3 fort (11.3, 22.4), vacant forts (22.5), occupied forts
(22.6), their destruction (22.7), the +1 DRM (22.14), a heavy bomber strike on a vacant fort
(25.5 F), none in Let History Judge (22.15).

TEST DATA (tests/eidhelp.py, tests/test_eid_supply_play.py): clear hexes, made-up CRT cells and
forts at the start (`special.fortifications.at_start`, 22.13); Greater Germany is columns 9-21, Italy R1-R2 (made up);
Berlin is T21 (15.12); the WA trace their supply to V6 (a made-up port)."""

from __future__ import annotations

import pytest

from pbem.errors import PbemError, UnknownDataError
from pbem.games.end_of_the_iron_dream import GAME, forts
from tests.eidhelp import COLUMNS, ROWS, at, play, problems, start
from tests.test_eid_supply_units import KOENIGSBURG
from tests.test_eid_supply_play import BEACH, SUPPLY

AS = {"supply": "wa-su-1", "hexes": ["U6"]}                                          # 15.22 (behaviour 3)
LANDS = {"map.countries.greater_germany": [f"{r}{c}" for r in ROWS for c in range(9, 22)],
         "map.countries.italy": ["R1", "R2"]}


def start3(position: dict, hexes: dict | None = None, cells: dict | None = None, forts: dict | None = None):
    """A behaviour-3 campaign; `forts` the ones printed on the map at the start (22.13, made up)."""
    return start(position, behaviour=3, hexes=hexes, cells=cells,
                 extra={**SUPPLY, **KOENIGSBURG, **BEACH, **LANDS, "special.fortifications.at_start": forts or {}})


def test_5_1_1_a_22_1_22_2_fort_factors_in_the_replacement_phase():
    """22.1 A: "They may be placed in Greater Germany or Italy in any hex other than Berlin"; B: "0-4
    factors per turn, beginning with the start of the Turn 2 Replacement Phase"; 22.2 A: a factor
    makes a new fort or enhances one by one level; B: "Only one fort factor per turn may be placed
    in a hex"; 22.3 A: Levels 1-3; 22.11 B: none after the collapse."""
    d, s = start3({"de-inf-1": "S12", "su-inf-3": "T25"})
    s2 = at(s, 2, "axis")
    assert problems(d, at(s, 1, "axis"), "axis", [{"fort": "S12"}]) == [
        "fort factors are deployed from the Turn 2 Replacement Phase (22.1 B)"]
    assert problems(d, s2, "axis", [{"fort": "S12"}, {"fort": "S12"}]) == [
        "only one fort factor a turn in a hex, S12 has had one (22.2 B)"]
    assert problems(d, s2, "axis", [{"fort": h} for h in ("S12", "S13", "S14", "S15", "S16")]) == [
        "Germany deploys 0-4 fort factors a turn (22.1 B)"]
    assert problems(d, s2, "axis", [{"fort": "S5"}]) == [
        "S5 is not a hex of Greater Germany or Italy other than Berlin (22.1 A, 22.13, 25.1 A)"]
    assert problems(d, s2, "axis", [{"fort": "T21"}]) == [
        "T21 is not a hex of Greater Germany or Italy other than Berlin (22.1 A, 22.13, 25.1 A)"]
    assert problems(d, {**s2, "forts": {"S12": 3}}, "axis", [{"fort": "S12"}]) == [
        "the fort in S12 is at Level 3, the highest (22.3 A)"]
    collapsed = at(s, 2, "axis")
    collapsed["economy"] = {**collapsed["economy"], "collapsed": 1}
    assert problems(d, collapsed, "axis", [{"fort": "S12"}]) == [
        "no more forts: the economy has collapsed or all three secondary economic hexes are liberated (22.11)"]
    state, events = play(d, {**s2, "forts": {"S13": 1}}, "axis", [{"fort": "S12"}, {"fort": "S13"}])
    assert events[:2] == [{"event": "fort_built", "hex": "S12", "level": 1, "rule": "5.1.1 A, 22.1"},
                          {"event": "fort_built", "hex": "S13", "level": 2, "rule": "5.1.1 A, 22.1"}]
    assert state["forts"] == {"S12": 1, "S13": 2} and state["fort_factors"] == ["S12", "S13"]
    assert [row for row in GAME.positions(d, state) if row[0] in ("S12", "S13")] == [
        ["S12", "Level 1 fort", "axis", "-"], ["S12", "de-inf-1", "axis", "2/2"], ["S13", "Level 2 fort", "axis", "-"]]


def test_22_6_a_each_level_1l_b_no_intrinsic_df_and_22_14_plus_1_on_the_die():
    """22.6 A: "each fortification level provides a 1L shift"; B: "the intrinsic fort defense
    strength of one is ignored, not added to the garrison's DFs"; 22.14: "Whenever a fort is
    assaulted in any way, apply a +1 DRM": the die 3 reads the row of 4."""
    cells = {col: {"4": "0/1"} for col in COLUMNS}
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": "T6"},
                  forts={"T6": 2}, cells=cells)
    state, events = play(d, at(s, 10, "western", "assault"), "western", [AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}], 3)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defence"], battle["initial"], battle["column"], battle["die"], battle["row"], battle["result"]) == (
        7, "2-1", "1-2", 3, 4, "0/1")
    assert battle["shifts"] == [{"shift": -2, "why": "Level 2 fort", "rule": "22.6 A"}]
    table = next(b for b in GAME.describe(d, state, events) if b[0] == "table")
    assert ["Die", "3 +1 for the fort: the row of 4 (22.14)"] in table[2]


def test_11_3_22_4_no_mobile_assault_into_a_level_3_fort():
    """11.3: "Mobile assaults may not be conducted into hexes containing Level 3 German
    fortifications"; 22.4: "Level 1 and 2 forts may be mobile assaulted"."""
    for level, expected in ((3, ["T6 holds a Level 3 fort: no mobile assault into it (11.3, 22.4)"]), (2, [])):
        d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "V6", "de-inf-1": "T6"},
                      forts={"T6": level})
        assert problems(d, at(s, 10, "western"), "western", [{"assault": "T6", "with": ["wa-mech-2"]}]) == expected


def test_22_5_a_vacant_fort_defends_with_1_df_and_any_loss_destroys_it_14_21_d_e():
    """22.5 A: "Vacant forts ... defend with only 1 DF, no matter what their level is"; B: "Any
    step loss destroys them when vacant"; C: they "generate the column shifts appropriate to their
    level". 14.21 D-E: with the garrison gone, a WA force (here 40 AFs; 14.21's 38) against the
    vacant Level-2 fort of a city resolves "on the clear terrain line of the CRT at 7-1 odds ... A
    +1 DRM still applies because of the fort." Not a probe (18.21: "empty of forts")."""
    cells = {"7-1": {"6": "0/1", "3": "0/0"}}
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-mech-6": "U6", "wa-mech-12": "U6", "wa-su-1": "V6",
                   "de-inf-1": "P20"}, hexes={"T6": {"terrain": "clear", "city": True, "vp": 1}}, forts={"T6": 2}, cells=cells)
    s = at(s, 9, "western", "assault")
    orders = [AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4", "wa-mech-6", "wa-mech-12"]}]
    state, events = play(d, s, "western", orders, 2)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["attack"], battle["defence"], battle["initial"], battle["column"], battle["row"]) == (40, 1, "40-1", "7-1", 3)
    assert [x["rule"] for x in battle["shifts"]] == ["18.24", "25.8 A", "22.6 A"]
    assert not any(e["event"] in ("fort_destroyed", "probe") for e in events)
    assert state["army"] == "soviet"                                       # the fort stands: no advance (18.16 A)
    state, events = play(d, s, "western", orders, 5)
    assert {"event": "fort_destroyed", "hex": "T6", "why": "a vacant fort: any step loss destroys it (22.5 B)"} in events
    assert state["phase"] == "pa_attacker" and state["forts"] == {"T6": 0}
    state, _ = play(d, state, "western", [{"advance": {"wa-mech-2": ["T6"]}}])
    assert state["units"]["wa-mech-2"]["hex"] == "T6"


def test_22_7_a_the_fort_falls_when_the_alliance_advances_into_it_after_its_garrison_retreats():
    """22.7 A: "If combat units retreat out of a fort due to combat, the fort is automatically
    destroyed the instant any victorious Alliance attackers advance after combat into the fort hex"."""
    cells = {col: {"2": "0/1"} for col in COLUMNS}
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": "T6"},
                  forts={"T6": 1}, cells=cells)
    state, _ = play(d, at(s, 10, "western", "assault"), "western", [AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}], 1)
    state, _ = play(d, state, "axis", [{"retreat": {"de-inf-1": ["S6"]}}])
    assert forts.level(d, state, "T6") == 1
    state, events = play(d, state, "western", [{"advance": {"wa-mech-2": ["T6"]}}])
    assert {"event": "fort_destroyed", "hex": "T6", "why": "victorious Alliance attackers advance into it (22.7 A)"} in events
    assert forts.level(d, state, "T6") == 0


def test_25_5_f_a_strike_removes_an_ungarrisoned_fort_but_never_a_garrisoned_one():
    """25.5 F: "If ungarrisoned forts are struck, remove the fort counter. If there are mobile units
    in the fort at the time of the strike, however, the fort itself can then not be struck"; G: the
    emptied hex makes the assault a probe."""
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": "T5"},
                  forts={"T6": 2, "T5": 1})
    s = at(s, 3, "western", "assault")
    assert problems(d, s, "western", [{"bomb": "T5"}, AS, {"attack": "T5", "with": ["wa-mech-2"]}]) == [
        "the fort in T5 holds units: one of them takes the hit, not the fort (25.5 F)"]
    state, events = play(d, s, "western", [{"bomb": "T6"}, AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}])
    assert {"event": "fort_destroyed", "hex": "T6", "why": "a heavy bomber strike on the ungarrisoned fort (25.5 F)"} in events
    assert {"event": "probe", "hexes": ["T6"], "attackers": ["wa-mech-2", "wa-mech-4"], "rule": "18.21, 25.5 G"} in events


def test_22_15_no_forts_in_let_history_judge():
    """22.15: "There are no forts in the Let History Judge scenario. Ignore the ones printed on the board"."""
    d, s = start3({"de-inf-1": "P20", "su-inf-3": "T25"}, forts={"T6": 2})
    assert forts.level(d, s, "T6") == 2
    assert forts.level(d, {**s, "scenario": "let-history-judge"}, "T6") == 0


def test_25_5_e_bombed_supply_concentrations_are_permanently_destroyed():
    """25.5 E: "The bombed unit suffers a one step loss. Bombed supply concentrations are permanently
    destroyed." A German SU in the hex the WA assault is struck: off the map for good."""
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "de-inf-1": "T6", "de-su-1": "T6"})
    state, events = play(d, at(s, 3, "western", "assault"), "western",
                         [{"bomb": "de-su-1"}, AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}], 1)
    assert {"event": "eliminated", "unit": "de-su-1",
            "why": "heavy bomber strike: a supply concentration is destroyed permanently (25.5 E)"} in events
    assert {"unit": "de-su-1", "side": "axis", "permanent": True} in state["dead"]


def test_4_1_b_a_zoc_into_a_fort_hex_is_not_uncontested():
    """4.1 B: "An uncontested ZOC is defined as a unit having a ZOC in a hex that is not occupied by
    another player's unit or German Volkssturm or fortification factor". The WA ZOC from U6 takes
    T5 but not the vacant fort in T6, which stays German."""
    from pbem.games.end_of_the_iron_dream.supply_play import control
    d, s = start3({"wa-mech-2": "U6", "de-inf-1": "P20"}, forts={"T6": 1})
    owner = control(d, s)
    assert (owner["T5"], owner["T6"]) == ("western", "axis")


def test_22_4_22_5_a_vacant_fort_is_mobile_assaulted_not_entered():
    """22.4: "Level 1 and 2 forts may be mobile assaulted"; 22.5 A: a vacant fort defends with 1 DF;
    B: any step loss destroys it. A reading: a vacant fort's hex is assaulted, not moved into. wa-mech-2
    (10 AFs) against the vacant Level-1 fort in T6 (fair weather): 10-1, 2L mobile, 1R TAC AIR, 1L
    the fort: the 7-1 column; the die 3 reads the row of 4 (22.14); the fort falls and wa-mech-2
    occupies T6 (11.12 A)."""
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "V6", "de-inf-1": "P20"}, forts={"T6": 1},
                  cells={"7-1": {"4": "0/1"}})
    s = at(s, 9, "western")
    assert problems(d, s, "western", [{"move": "wa-mech-2", "path": ["U6", "T6"]}]) == [
        "U6 → T6: T6 holds a German fort: it is assaulted, not entered (22.4, 22.5)"]
    state, events = play(d, s, "western", [{"assault": "T6", "with": ["wa-mech-2"]}], 3)
    battle = next(e for e in events if e["event"] == "assault")
    assert (battle["defenders"], battle["defence"], battle["initial"], battle["column"], battle["row"]) == ([], 1, "10-1", "7-1", 4)
    assert {"event": "fort_destroyed", "hex": "T6", "why": "a vacant fort: any step loss destroys it (22.5 B)"} in events
    assert {"event": "occupy", "units": ["wa-mech-2"], "hex": "T6", "why": "11.12 A"} in events
    assert state["units"]["wa-mech-2"]["hex"] == "T6" and state["phase"] == "movement"


def test_15_11_and_9_8_a_german_fort_negates_ezocs_for_supply_lines_and_retreats():
    """15.11: "German fortification counters, just like combat units, do serve to negate the effects
    of EZOCs in their hexes for the purposes of tracing supply lines"; 9.8: they "count as friendly
    units for purposes of negating EZOCs as in 9.7" (retreats). wa-mech-6 in S5 projects a ZOC into
    S6, a fort hex: de-inf-1 may retreat there from T6; T5 (no fort) stays closed to it."""
    from pbem.games.end_of_the_iron_dream.supply_play import lines
    cells = {col: {"1": "0/1"} for col in COLUMNS}
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "U6", "wa-su-1": "U6", "wa-mech-6": "S5", "de-inf-1": "T6"},
                  forts={"S6": 1}, cells=cells)
    ezoc = lines(d, s, "axis")[2]
    assert "S6" not in ezoc and "T5" in ezoc
    state, _ = play(d, at(s, 10, "western", "assault"), "western", [AS, {"attack": "T6", "with": ["wa-mech-2", "wa-mech-4"]}], 1)
    assert problems(d, state, "axis", [{"retreat": {"de-inf-1": ["T5"]}}]) == [
        "de-inf-1 cannot retreat into T5: an enemy ZOC no friendly unit negates (9.10, 18.19 C)"]
    assert problems(d, state, "axis", [{"retreat": {"de-inf-1": ["S6"]}}]) == []


def test_22_13_the_forts_printed_at_the_start_are_the_campaigns_data():
    """22.13: "At the start of the game there are hexes outside of Germany and Italy that already
    contain fortifications" -- the text names none: a behaviour-3 Iron Dream campaign is refused
    until its data give `special.fortifications.at_start` ({} for none); a level must be 1-3."""
    with pytest.raises(UnknownDataError, match=r"special\.fortifications\.at_start"):
        start({"de-inf-1": "P20"}, behaviour=3,
              extra={**SUPPLY, **KOENIGSBURG, **BEACH, **LANDS, "special.fortifications.at_start": "unknown"})
    with pytest.raises(PbemError, match=r"special\.fortifications\.at_start\.T6` must be a fort level 1-3, not 4"):
        start3({"de-inf-1": "P20"}, forts={"T6": 4})


def test_22_5_a_vacant_fort_next_to_a_wa_unit_keeps_the_prepared_assault_phase_open():
    """22.5: a vacant fort defends, so the WA Prepared Assault Phase does not pass by itself while
    a WA unit stands next to one (with no German unit near, it would, 18.1)."""
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "V6", "de-inf-1": "P20"}, forts={"T6": 3})
    state, events = play(d, at(s, 10, "western"), "western", [])
    assert state["phase"] == "assault" and not any(e["event"] == "passed" for e in events)
    d, s = start3({"wa-mech-2": "U6", "wa-mech-4": "V6", "de-inf-1": "P20"})
    state, events = play(d, at(s, 10, "western"), "western", [])
    assert any(e["event"] == "passed" for e in events) and state["army"] == "soviet"


def test_28_5_the_16_fort_markers_limit_the_forts_built_in_play():
    """28.5: the counter mix holds "16 Fortification markers" (a reading: one marks each fort built or
    enhanced in play while it stands; a printed fort needs none, a destroyed one gives its marker
    back). A 17th is refused; enhancing a marked fort needs no new marker."""
    d, s = start3({"de-inf-1": "S12", "su-inf-3": "T25"}, forts={"S9": 1})
    sixteen = {f"{r}{c}": 1 for r in ("R", "S") for c in range(14, 22)}             # 16 forts built in play
    full = {**at(s, 5, "axis"), "forts": sixteen}
    assert problems(d, full, "axis", [{"fort": "S12"}]) == [
        "all 16 fort markers are on the map: no new fort in S12 until one is destroyed (28.5)"]
    assert problems(d, full, "axis", [{"fort": "S9"}]) == [
        "all 16 fort markers are on the map: no new fort in S9 until one is destroyed (28.5)"]
    assert problems(d, full, "axis", [{"fort": "S14"}]) == []                       # a marked fort enhanced
    assert forts.marked(d, full) == set(sixteen)
    freed = {**full, "forts": {**sixteen, "S14": 0, "S9": 1}}                      # one destroyed; the printed one as printed
    state, events = play(d, freed, "axis", [{"fort": "S12"}])
    assert state["forts"]["S12"] == 1 and len(forts.marked(d, state)) == 16
