"""End of the Iron Dream: turns and weather (25.11, 27.2), and the turn windows other rules
set (6.8, 7.13-7.15, 25.5). Every number is read from rules/end-of-the-iron-dream/ through
kit.numbers; unknown data refuses naming its path.

Sequence-table use: `weather(data, scenario, turn)` at the start of every player-turn (the
report prints it; movement, mobile assaults and TAC AIR read it); `operational_ma(...)` wherever
a unit's MA is taken (5.x.5 Operational Movement Phases, 12.x strategic moves multiply it);
`tac_air(...)` when WA assault odds or WA defences are computed (5.2.5, 5.2.6, enemy 5.x.6);
`foul_mobile_assault_problems(...)` on each mobile assault order (11.4, 25.11 D)."""

from __future__ import annotations

from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem

FAIR, FOUL = "fair", "foul"
LHJ = "let-history-judge"


def weather(data: GameData, scenario: str, turn: int) -> str:
    """25.11 A: "Turns 10-19, inclusive, are foul weather. The rest are fair weather." 25.11 G /
    27.2: in Let History Judge foul weather starts on Turn 10 and stays for the rest of the game."""
    if scenario == LHJ:
        start = numbers.integer(data, "game.turns.weather.let_history_judge_foul_from", "the first foul turn of Let History Judge (25.11 G)")
        return FOUL if turn >= start else FAIR
    first = numbers.integer(data, "game.turns.weather.iron_dream.foul_turns.from", "the first foul weather turn (25.11 A)")
    last = numbers.integer(data, "game.turns.weather.iron_dream.foul_turns.to", "the last foul weather turn (25.11 A)")
    return FOUL if first <= turn <= last else FAIR


def operational_ma(data: GameData, printed_ma: int, weather_now: str, *, wa_su: bool = False) -> int:
    """25.11 B: in foul weather all operational MAs of 7 become 6, and WA SUs' MAs become 5.
    25.11 F: fair weather cancels every foul effect."""
    if weather_now != FOUL:
        return printed_ma
    if wa_su:
        return numbers.integer(data, "game.turns.weather.foul_effects.wa_su_ma", "the foul weather MA of WA SUs (25.11 B)")
    if printed_ma == numbers.integer(data, "game.turns.weather.foul_effects.reduced_operational_ma", "the MA foul weather reduces (25.11 B)"):
        return numbers.integer(data, "game.turns.weather.foul_effects.operational_ma_7_becomes", "the reduced foul weather MA (25.11 B)")
    return printed_ma


def tac_air(data: GameData, weather_now: str, unit_in_gs: bool) -> int:
    """25.8 A, 25.11 C: in fair weather every WA unit in GS has TAC AIR: a 1R shift on its
    assaults (and a 1L on German assaults against it). 25.8 B: paratroops in EGS on their drop
    turn have none (`unit_in_gs` False). Returns the rightward shift, 0 without TAC AIR."""
    if weather_now != FAIR or not unit_in_gs:
        return 0
    return numbers.integer(data, "crt.shifts.wa_tac_air_attack", "the TAC AIR shift (25.8)")


def foul_mobile_assault_problems(weather_now: str, assaults_this_turn: int, hexes_entered_before: int, index: int | None = None) -> list[Problem]:
    """25.11 D / 11.4: in foul weather a mechanized unit makes only one mobile assault per turn,
    and only into the first hex it enters. `assaults_this_turn` counts the unit's earlier mobile
    assaults this turn; `hexes_entered_before` the hexes it entered before this assault."""
    if weather_now != FOUL:
        return []
    problems = []
    if assaults_this_turn >= 1:
        problems.append(Problem(index, "in foul weather a mechanized unit makes only one mobile assault per turn (25.11 D)"))
    if hexes_entered_before > 0:
        problems.append(Problem(index, "in foul weather a mobile assault may only be into the first hex the unit enters (25.11 D)"))
    return problems


def heavy_bomber_windows(data: GameData) -> dict[str, tuple[int, int]]:
    """25.5 A: "two times during the game. The first must be during Turns 3-6, and the second
    during Turns 20-23": window name -> (first turn, last turn)."""
    out = {}
    for key in ("first", "second"):
        low = numbers.integer(data, f"special.heavy_bomber_strikes.windows.{key}.from", f"the {key} heavy bomber window (25.5 A)")
        high = numbers.integer(data, f"special.heavy_bomber_strikes.windows.{key}.to", f"the {key} heavy bomber window (25.5 A)")
        out[key] = (low, high)
    return out


def heavy_bomber_problems(data: GameData, turn: int, windows_used: set[str], index: int | None = None) -> list[Problem]:
    """25.5 A: a strike outside both windows, or a second one in the same window, is refused.
    Sequence-table use: the WA Prepared Assault Phase (5.2.6), before any other action (25.5 B)."""
    windows = heavy_bomber_windows(data)
    window = next((k for k, (low, high) in windows.items() if low <= turn <= high), None)
    if window is None:
        spans = " and ".join(f"{low}-{high}" for low, high in windows.values())
        return [Problem(index, f"no heavy bomber strike on Turn {turn}: only during Turns {spans} (25.5 A)")]
    if window in windows_used:
        return [Problem(index, f"the {window} heavy bomber strike has been used (25.5 A)")]
    return []
