"""End of the Iron Dream, behaviour 4: GS across a lake hexside after an amphibious assault (15.14 F).

15.14 F: "If the WA makes an amphibious assault across a lake hexside, GS may be traced through the
just-crossed lake hexside as long as one corps remains in the landing hex on the assaulted side of
the lake. When using the amphibious capability to assault across coastal blocked hexsides, the WA
units will use their coastal GS capacity to remain in supply."

- The crossing is made by the advance after combat of the amphibious coastal attack (14.33 A-B:
  the only prepared assault across a lake hexside): an advance whose first hex lies across a lake
  hexside records that hexside (state["lake_lines"]: "FROM|LANDING", the landing hex on the
  assaulted side).
- WA GS lines (15.8 A) may cross a recorded hexside while a WA combat unit (a corps; SUs are not)
  stands in its landing hex; once none does, the record lapses for good (checked after every step).
- The second sentence needs nothing more: a WA unit on an Atlantic, Mediterranean or Adriatic
  coastal hex is in GS there (15.14 C, supply_play.coastal)."""

from __future__ import annotations

from typing import Any

from ...gamedata import GameData
from .common import hexside, is_type, plays


def landed(data: GameData, state: dict, start: str, first: str) -> None:
    """After an advance by the WA from `start` whose first hex is `first`: a lake hexside crossed
    (15.14 F, 14.33 B) is recorded."""
    if not plays(data, 4) or state["army"] != "western" or "lake" not in hexside(data, start, first):
        return
    state["lake_lines"] = sorted({*state.get("lake_lines", []), f"{start}|{first}"})


def held(data: GameData, state: dict, landing: str) -> bool:
    return any(v["hex"] == landing and v["side"] == "western" and not is_type(data, u, "supply_unit")
               for u, v in state["units"].items())


def open_sides(data: GameData, state: dict, army: str) -> set[frozenset[str]]:
    """The lake hexsides a WA GS line may cross now (15.14 F)."""
    if army != "western" or not plays(data, 4) or not state.get("lake_lines"):
        return set()
    found = set()
    for entry in state["lake_lines"]:
        start, landing = entry.split("|")
        if held(data, state, landing):
            found.add(frozenset((start, landing)))
    return found


def blocked_for(data: GameData, state: dict, army: str, test: Any) -> Any:
    """15.8 A's hexside test `test` with 15.14 F's opened lake hexsides for `army`."""
    return with_open(test, open_sides(data, state, army))


def with_open(test: Any, opened: set[frozenset[str]]) -> Any:
    """`test` with the hexsides of `opened` (open_sides) crossable."""
    if not opened:
        return test
    return lambda a, b: test(a, b) and frozenset((a, b)) not in opened


def watch(data: GameData, state: dict) -> None:
    """After every step: a crossing whose landing hex holds no WA corps lapses (15.14 F)."""
    if not state.get("lake_lines"):
        return
    kept = [e for e in state["lake_lines"] if held(data, state, e.split("|")[1])]
    if kept:
        state["lake_lines"] = kept
    else:
        state.pop("lake_lines")
