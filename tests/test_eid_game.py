"""End of the Iron Dream: seats (1.0, 26.3, 26.7), who reveals for a roll (docs/dice.md), the
sequence of play (5.0), Operation Bagration's choice (6.5), the Soviet flip (3.5), the end of the
game (26.1) and `pbem new`."""


from pbem.gamedata import load_scenario
from pbem.games.end_of_the_iron_dream import GAME
from tests.eidhelp import at, play, problems, start
from tests.test_cli import run
from tests import fastyaml
from tests.players import keyed_players


def test_1_0_two_three_or_four_players_and_let_history_judge_strictly_two():
    """1.0 B-D, G: three players by default, two (26.3) or four (26.7); 1.0 H: Let History Judge
    is strictly a two-player contest."""
    iron = load_scenario("end-of-the-iron-dream", "iron-dream")[0]
    lhj = load_scenario("end-of-the-iron-dream", "let-history-judge")[0]
    assert GAME.seats(iron) == [["alliance", "axis"], ["axis", "soviet", "western"],
                                ["axis-east", "axis-west", "soviet", "western"]]
    assert GAME.seats(lhj) == [["soviet", "western"]]


def test_reveals_three_camps_every_other_seat_two_and_four_seats_one_per_other_camp():
    """docs/dice.md "Three or more seats": three players are three camps (1.0 G: each wins
    alone), so every other seat reveals; the two-player game has two camps; 26.7's two German
    commanders are one camp (they "win or lose as a team")."""
    _, three = start({"de-inf-1": "T24"})
    assert GAME.awaiting(three).opponents == ("soviet", "western")
    _, two = start({"de-inf-1": "T24"}, seats=("alliance", "axis"))
    assert GAME.awaiting(two).opponents == ("alliance",)
    assert GAME.awaiting(at(two, 2, "soviet")).side == "alliance"
    _, four = start({"de-inf-1": "T24"}, seats=("axis-east", "axis-west", "soviet", "western"))
    assert GAME.awaiting(four).side == "axis-west" and GAME.awaiting(four).opponents == ("soviet", "western")
    assert GAME.awaiting(at(four, 2, "western")).opponents == ("axis-east", "soviet")


def test_5_0_player_turns_axis_western_soviet_each_movement_then_prepared_assaults():
    """5.0-5.3: the Axis, Western Allied and Soviet player-turns, each an Operational Movement
    Phase then a Prepared Assault Phase; on Turn 1 the Soviet turn begins with the Bagration
    choice (6.5 A); then Turn 2."""
    d, s = start({"de-inf-1": "T24", "su-inf-3": "T23", "wa-mech-2": "T25"})
    seen = []
    for _ in range(7):
        waiting = GAME.awaiting(s)
        seen.append(waiting.phase)
        orders = [{"bagration": False}] if s["phase"] == "bagration" else []
        s, _ = play(d, s, waiting.side, orders)
    assert seen == ["Turn 1 Axis operational movement", "Turn 1 Western Allied operational movement",
                    "Turn 1 Western Allied prepared assaults", "Turn 1 Soviet Operation Bagration choice",
                    "Turn 1 Soviet operational movement", "Turn 1 Soviet prepared assaults",
                    "Turn 2 Axis operational movement"]


def test_6_5_a_the_bagration_choice_is_announced_and_recorded():
    """6.5 A: the Soviets announce at the beginning of their player-turn whether they run
    Operation Bagration."""
    d, s = start({"de-inf-1": "T24", "su-inf-3": "T22"})
    s = at(s, 1, "soviet", "bagration")
    assert problems(d, s, "soviet", [{"bagration": "maybe"}]) == [
        "the Soviets announce `bagration: true` or `bagration: false` (6.5 A)"]
    after, events = play(d, s, "soviet", [{"bagration": True}])
    assert after["bagration"] is True and after["phase"] == "movement"
    assert events == [{"event": "bagration", "chosen": True}]


def test_6_5_b_with_bagration_the_soviets_make_no_turn_1_prepared_assault():
    """6.5 B: with Operation Bagration the Soviets only move SUs on Turn 1; 6.6 Yugoslav partisans
    attack normally."""
    d, s = start({"de-inf-1": "T24", "su-inf-3": "T23", "yu-mtn-1Y": "U24"})
    s = at(s, 1, "soviet", "assault", bagration=True)
    assert problems(d, s, "soviet", [{"attack": "T24", "with": ["su-inf-3"]}]) == [
        "su-inf-3 may not assault: with Operation Bagration only SUs act on Turn 1 (6.5 B; 6.6 Yugoslav partisans)"]
    assert problems(d, s, "soviet", [{"attack": "T24", "with": ["yu-mtn-1Y"]}]) == []


def test_3_5_the_soviets_flip_22_german_infantry_and_5_wehrmacht_panzer_corps():
    """3.5: the Soviets (the Grand Alliance in a two-player match) "may flip over 22 German
    infantry corps (including Jaeger and mountain), and five Wehrmacht (not SS) Panzer corps to
    their weaker sides" (read as exactly that many: scenarios/end-of-the-iron-dream/iron-dream.yaml)."""
    infantry = ["de-inf-1", "de-inf-2", "de-inf-4", "de-inf-5", "de-inf-6", "de-inf-6SS", "de-inf-7", "de-inf-8",
                "de-inf-9", "de-inf-10", "de-inf-11", "de-inf-12", "de-inf-13", "de-inf-17", "de-inf-20", "de-inf-23",
                "de-inf-26", "de-inf-27", "de-inf-28", "de-inf-29", "de-inf-30", "de-inf-44J", "de-mtn-49"]
    position = {u: "T24" if i % 2 else "T22" for i, u in enumerate(infantry)}
    position.update({"de-inf-62R": "P3"})
    d, s = start(position, seats=("alliance", "axis"), flip=True)
    assert s["phase"] == "flip" and GAME.awaiting(s).side == "alliance" and GAME.awaiting(s).kind == "response"
    assert problems(d, s, "alliance", [{"flip": infantry[:21]}]) == [
        "exactly 22 German infantry corps (Jaeger and mountain included) are flipped, not 21 (3.5)"]
    assert problems(d, s, "alliance", [{"flip": infantry[:21] + ["de-inf-62R"]}]) == [
        "exactly 22 German infantry corps (Jaeger and mountain included) are flipped, not 21 (3.5)"]


def test_3_5_the_flip_applied():
    """3.5: the chosen corps turn to their weaker sides; Turn 1 begins (5.1)."""
    infantry = ["de-inf-1", "de-inf-2", "de-inf-4", "de-inf-5", "de-inf-6", "de-inf-6SS", "de-inf-7", "de-inf-8",
                "de-inf-9", "de-inf-10", "de-inf-11", "de-inf-12", "de-inf-13", "de-inf-17", "de-inf-20", "de-inf-23",
                "de-inf-26", "de-inf-27", "de-inf-28", "de-inf-29", "de-inf-30", "de-mtn-49"]
    d, s = start({u: "T22" if i < 4 else f"S{i}" for i, u in enumerate(infantry)}, flip=True)
    assert GAME.awaiting(s).side == "soviet"
    # no panzer corps on the map: none can be flipped, and exactly 5 are asked for
    assert problems(d, s, "soviet", [{"flip": infantry}]) == [
        "exactly 5 Wehrmacht (not SS) Panzer corps are flipped, not 0 (3.5)"]


def test_26_1_the_game_ends_after_the_last_turn():
    """26.1: Iron Dream lasts 23 turns; after the last Soviet player-turn the game is over."""
    d, s = start({"de-inf-1": "T24", "su-inf-3": "T22"})
    s = at(s, 23, "soviet", "assault", bagration=False)
    after, events = play(d, s, "soviet", [])
    assert after["game_over"] is True and GAME.awaiting(after).done
    assert {"event": "game_over", "turn": 23, "rule": "26.1"} in events


def test_pbem_new_needs_a_position_and_starts_three_seats(tmp_path, monkeypatch):
    """`pbem new end-of-the-iron-dream iron-dream` for three seats; without `position=` it is
    refused naming the option (the 3.x set-up is not played by pbem yet)."""
    monkeypatch.chdir(tmp_path)
    keyed_players(tmp_path, "eid", {seat: seat for seat in ("axis", "soviet", "western")})     # keygen, commit
    args = []
    for seat in ("axis", "soviet", "western"):
        args += ["--player", f"{seat}={seat}.pub", "--commitment", f"eid-{seat}.commit.txt"]
    bad = run("new", "end-of-the-iron-dream", "iron-dream", "--dir", "c0", *args, ok=False)
    assert bad.exit_code == 1 and "needs `position=NAME`" in bad.output and not (tmp_path / "c0").exists()
    from tests.conftest import ROOT
    override = ROOT / "examples" / "end-of-the-iron-dream-demo" / "data-override.yaml"
    run("new", "end-of-the-iron-dream", "iron-dream", "--dir", "c1", *args, "--data", str(override), "--option", "position=demo")
    header = fastyaml.safe_load((tmp_path / "c1" / "campaign.yaml").read_text())
    assert header["game"] == "end-of-the-iron-dream" and header["options"] == {"position": "demo", "chit": "hidden"}
    save = fastyaml.safe_load((tmp_path / "c1" / "steps" / "0000" / "save.yaml").read_text())
    assert save["awaiting"]["side"] == "axis" and save["state"]["units"]["de-inf-1"] == {"side": "axis", "hex": "T6", "steps": 2}


# TEST DATA: made-up hexes for the Let History Judge VP cities (27.10 B; Sofia C28 and Belgrade F23
# are the text's, off this test map)
LHJ_CITIES = {f"map.places.{n}.hex": h for n, h in (("bucharest", "W25"), ("budapest", "W20"), ("kiev", "P26"),
                                                     ("koenigsburg", "Q20"), ("minsk", "R26"), ("odessa", "S26"),
                                                     ("prague", "T10"), ("riga", "U26"), ("vienna", "V10"),
                                                     ("warsaw", "T15"))}


def lhj_start(behaviour: int, position: dict | None = None, more: dict | None = None):
    from tests.eidhelp import ROWS, data
    extra = {"map.setup_areas.lhj_soviet_controlled": [f"{r}{c}" for r in ROWS for c in (24, 25, 26)],
             "map.edges.east": [f"{r}26" for r in ROWS], "positions.test.wa_supply_sources": ["P1"],
             "map.countries.yugoslavia": [], "map.countries.red_y": [], **LHJ_CITIES, **(more or {})}
    units = {"su-inf-3": {"hex": "T24"}, "wa-mech-2": {"hex": "T5"}, **(position or {})}
    d = data(position=units, behaviour=behaviour, extra=extra)
    lhj = load_scenario("end-of-the-iron-dream", "let-history-judge")[0]
    return d, GAME.setup(d, lhj, ["soviet", "western"], {"position": "test"})


def test_27_let_history_judge_asks_no_bagration_question():
    """1.0 H: Let History Judge's "special rules can all be found in 27.0"; 27.2: it starts on
    June I, 1945, NATO first every turn; 27.3 C: "The Soviets cannot create STAVKA Shock Fronts in
    this scenario" (6.5 B's Bagration creates the first one). 6.5 A's choice is Iron Dream's
    (June 1944): behaviour 2 goes from the NATO turn straight to the Soviet Turn 1 movement."""
    d, s = lhj_start(2)
    assert GAME.awaiting(s).phase == "Turn 1 Western Allied operational movement"
    s, _ = play(d, s, "western", [])
    assert s["phase"] == "movement" and GAME.awaiting(s).phase == "Turn 1 Soviet operational movement"
    assert s["bagration"] is None
    assert problems(d, s, "soviet", [{"bagration": True}]) == [
        "unknown key(s) bagration here (expected abomb, arrive, assault, at, box, bridgeheads, cannibalize, claim, combat, "
        "convert, destroy, drop, ebs, egs, enter, fort, freikorps, from, hexes, hold, invade, losses, move, okh, paratroops, "
        "path, place, recreate, replace, retreat, sail, strategic, surge, theater, to, with, withdraw); `bagration:` is an "
        "order of another step: Operation Bagration choice, at the beginning of the Soviet Turn 1 player-turn (6.5 A); "
        "this one is Turn 1 Soviet operational movement"]


def test_27_behaviour_1_let_history_judge_campaigns_keep_the_question():
    """docs/upgrading.md: a behaviour-1 campaign replays unchanged, so it is still asked."""
    d, s = lhj_start(1)
    s, _ = play(d, s, "western", [])
    assert GAME.awaiting(s).phase == "Turn 1 Soviet Operation Bagration choice"


def test_27_10_nato_wins_with_84_vps_berlin_and_no_soviet_unit_west_of_the_triangle_line():
    """27.10 A-B: "only NATO earns VPs", 12 for each of Belgrade, Bucharest, Budapest, Kiev,
    Königsburg, Minsk, Odessa, Prague, Riga, Sofia, Vienna and Warsaw; C: "If NATO does not control
    Berlin, the NATO player cannot win"; D: nor with "a Soviet unit west of the triangle scenario
    start line" at the end of Turn 14; E: "at least 84 VPs"; F: else the Soviets win."""
    from tests.eidhelp import at
    seven = {"wa-mech-4": {"hex": "T21"}, "wa-mech-6": {"hex": "W20"}, "wa-mech-7": {"hex": "Q20"}, "wa-mech-8": {"hex": "T15"},
             "wa-mech-12": {"hex": "V10"}, "wa-mech-13": {"hex": "T10"}, "wa-mech-15": {"hex": "W25"}}
    d, s = lhj_start(2, position=seven)
    end = at(s, 14, "soviet", "assault")
    after, events = play(d, end, "soviet", [])
    assert after["game_over"] is True
    assert events[-1] == {"event": "victory", "totals": {"western": "72"}, "cities": [
        "bucharest", "budapest", "koenigsburg", "prague", "vienna", "warsaw"], "berlin": True, "soviets_west": [],
        "winner": "soviet", "rule": "27.10"}
    # (W25 is in the Soviet start area; a NATO unit there controls it: 6 cities, 72 VPs)
    assert GAME.describe(d, after, events)[-1] == (
        "item", "NATO VPs: 72 (bucharest, budapest, koenigsburg, prague, vienna, warsaw); NATO is short of its VPs; "
                "the Soviets win (27.10)")
    d, s = lhj_start(2, position={**seven, "wa-mech-16": {"hex": "P26"}})
    _, events = play(d, at(s, 14, "soviet", "assault"), "soviet", [])
    assert events[-1]["totals"] == {"western": "84"} and events[-1]["winner"] == "western"
    d, s = lhj_start(2, position={**seven, "wa-mech-16": {"hex": "P26"}, "su-inf-5": {"hex": "T12"}})
    _, events = play(d, at(s, 14, "soviet", "assault"), "soviet", [])
    assert events[-1]["soviets_west"] == ["su-inf-5"] and events[-1]["winner"] == "soviet"
