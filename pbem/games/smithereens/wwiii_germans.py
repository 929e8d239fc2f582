"""14.15 German reinforcements in the WWIII Straight-Up scenario (behaviour 6).

"Before starting play, the Western Allied player should go through the German countermix and select
nine non-SS 0-1-4 infantry units. Place one as a reinforcement in every box of the Turn Record Track
from turn 12 through 20, inclusive. These units enter via Frankfurt (provided that city is Allied
controlled and in supply to a west board edge hex or Antwerp), and are considered part of the US army
grouping. (There are no German replacements.)" and "may never enter any hex in or adjacent to The
Protectorate ... may not enter Italy or any hexes adjacent to Yugoslavia or any hexes adjacent to those
countries. Further, they may not enter Trieste or any hex adjacent to it, nor may they enter Switzerland."

The choice is one order of the Allied deployment file: `- german_reinforcements: [U12, U13, ..., U20]`
(the unit for turn 12 first). The chosen counters play as Western Allied units (components.WWIII).
"""

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ...errors import UnknownDataError
from ...kit import numbers
from ..base import Problem
from .components import spelled
from .wwiii_segue import SegueRules
from .wwiii_setup import play

KEY = "german_reinforcements"
# Only 14.15 reads `oder` hexsides: a map completed for the historical game marks the Oder `river` alone, so
# an unmarked side means "not the Oder" only once the campaign says its list is whole (as Stargard's rail lines).
# The Rhine needs no flag: 11.15/11.16 read `rhine` in every game (components.hexside).
ODER_LISTED = "map.regions.rivers.oder.listed"
ODER_WHAT = "whether every Oder hexside of the map is marked `oder` in map.hexsides (14.15)"


def chosen(orders: list, key: str) -> tuple[list, list, list[int]]:
    """The orders naming `key`, the other orders, and the others' indexes in the file."""
    choice = [o for o in orders if isinstance(o, dict) and key in o]
    kept = [i for i, o in enumerate(orders) if not (isinstance(o, dict) and key in o)]
    return choice, [orders[i] for i in kept], kept


class GermanAlliedRules(SegueRules):
    def eligible(self, data: GameData, state: dict, unit_id: Any) -> str | None:
        """Why a counter may not be one of the nine (None: it may)."""
        rule = play(state, KEY)
        if not isinstance(unit_id, str) or unit_id not in data.get("units.counters", "the unit counters"):
            return f"no counter {unit_id!r}"
        counter = self.counter(data, unit_id)
        ss = counter.get("ss", "unknown")
        if ss == "unknown":
            raise UnknownDataError(f"units.counters.{unit_id}.ss", f"whether {unit_id} is an SS unit (14.15)", "the unit counter",
                                   data.override_file)
        full = counter.get("full") or {}
        factors = tuple(full.get(k) for k in ("attack", "defense", "movement"))
        if counter["side"] != "german" or ss is True or counter["type"] != rule["type"] or \
                factors != (rule["attack"], rule["defense"], rule["movement"]):
            return f"{unit_id} is not a non-SS {rule['attack']}-{rule['defense']}-{rule['movement']} German {rule['type']} unit (14.15)"
        return None

    def choice_problems(self, data: GameData, state: dict, choice: list) -> list[str]:
        rule = play(state, KEY)
        count = int(rule["count"])
        if len(choice) != 1 or set(choice[0]) != {KEY} or not isinstance(choice[0][KEY], list):
            return [f"the Allied deployment names the German reinforcements once: `{KEY}: [UNIT, ...]`, {spelled(count)} "
                    f"non-SS {rule['attack']}-{rule['defense']}-{rule['movement']} infantry units, turn {rule['first_turn']}'s first (14.15)"]
        units = choice[0][KEY]
        if len(units) != count or len(set(map(str, units))) != count:
            return [f"select {spelled(count)} different German units, one for each turn from {rule['first_turn']} (14.15)"]
        return [reason for reason in (self.eligible(data, state, u) for u in units) if reason]

    def check_placement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        if "wwiii" not in state or state["army"] != "western":
            return super().check_placement(data, state, side, orders)
        choice, rest, kept = chosen(orders, KEY)
        where = next((i for i, o in enumerate(orders) if isinstance(o, dict) and KEY in o), None)
        problems = [Problem(where, reason) for reason in self.choice_problems(data, state, choice)]
        return problems + [Problem(kept[p.index] if p.index is not None else None, p.message)
                           for p in super().check_placement(data, state, side, rest)]

    def apply_placement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        if "wwiii" not in state or state["army"] != "western":
            return super().apply_placement(data, state, side, orders, dice)
        choice, rest, _ = chosen(orders, KEY)
        units = [str(u) for u in choice[0][KEY]]
        first = int(play(state, KEY)["first_turn"])
        for offset, unit_id in enumerate(units):
            state["reinforcements"][unit_id] = {"turn": first + offset, "steps": self.counter(data, unit_id)["steps"]}
        state["wwiii"]["german_allied"] = units
        return [{"event": "german_reinforcements", "units": units, "rule": "14.15"}, *super().apply_placement(data, state, side, rest, dice)]

    def is_german_allied(self, state: dict, unit_id: Any) -> bool:
        return "wwiii" in state and unit_id in state["wwiii"].get("german_allied", ())

    def grouping(self, data: GameData, unit_id: str) -> str | None:
        if self.counter(data, unit_id)["side"] == "german" and self.army_of(data, unit_id) == "western":
            return "us"                                   # 14.15: "part of the US army grouping"
        return super().grouping(data, unit_id)

    def unit_entry_kind(self, data: GameData, state: dict, army: str, unit_id: str, hex_id: str) -> str | None:
        """14.15: via Frankfurt, "provided that city is Allied controlled and in supply to a west board
        edge hex or Antwerp" (supply only at the standard level, 6.0 Beginners Note)."""
        if not self.is_german_allied(state, unit_id):
            return super().unit_entry_kind(data, state, army, unit_id, hex_id)
        frankfurt = self.grid(data).canonical(numbers.text(data, "map.places.Frankfurt.hex", "Frankfurt's hex (14.15)"))
        if hex_id != frankfurt or self.controller(data, state, hex_id, "14.15") != "western":
            return None
        if state.get("level") == "standard" and not self.western_supply(data, state, hex_id, coastal=False):
            return None
        return "city"

    def forbidden(self, data: GameData) -> set[str]:
        """14.15: in or next to the Protectorate, Italy, Yugoslavia or Trieste; in Switzerland."""
        grid = self.grid(data)
        near = set()
        for name in ("the_protectorate", "italy", "yugoslavia"):
            near |= self.region(data, name, "14.15")
        trieste = grid.canonical(numbers.text(data, "map.places.Trieste.hex", "Trieste's hex (14.15)"))
        near.add(trieste)
        return near | {n for h in near for n in grid.neighbours(h)} | self.region(data, "switzerland", "14.15")

    def german_allied_problem(self, data: GameData, state: dict, unit_id: Any, path: Any) -> str | None:
        if not self.is_german_allied(state, unit_id) or not isinstance(path, list):
            return None
        forbidden = self.forbidden(data)
        try:
            hexes = [self.grid(data).canonical(str(h)) for h in path]
        except ValueError:
            return None                                       # refused by the move's own check
        for hex_id in hexes:
            if hex_id in forbidden:
                return (f"{unit_id} is a German-Allied unit: never in or next to the Protectorate, Italy, Yugoslavia or "
                        f"Trieste, nor in Switzerland ({hex_id}) (14.15)")
        if len(hexes) > 1 and self.plays(data, 6) and not numbers.flag(data, ODER_LISTED, ODER_WHAT):
            return (f"{unit_id} is a German-Allied unit, which may not move east of the Oder: mark each Oder hexside "
                    f"`[river, oder]` in map.hexsides and set `{ODER_LISTED}: true` (14.15)")
        for a, b in zip(hexes, hexes[1:]):
            # "they may not move east of the Oder River or west of the Rhine": between the two rivers (Frankfurt,
            # their entry, lies there), so never across a hexside the map data marks `rhine` or `oder` (as `dvina`, 3.11)
            crossed = sorted({"rhine", "oder"} & set(self.hexside(data, a, b))) if self.grid(data).adjacent(a, b) else []
            if crossed:
                return (f"{unit_id} is a German-Allied unit and may not move east of the Oder or west of the Rhine: "
                        f"{a}-{b} crosses the {crossed[0].capitalize()} (14.15)")
        return None

    def move_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        return self.german_allied_problem(data, view, order.get("move"), order.get("path")) or \
            super().move_problem(data, view, army, order, moved)

    def entry_problem(self, data: GameData, state: dict, army: str, order: dict, arrivals: dict) -> str | None:
        return self.german_allied_problem(data, state, order.get("enter"), order.get("path")) or \
            super().entry_problem(data, state, army, order, arrivals)

    def replacement_problem(self, data: GameData, state: dict, army: str, unit_id: str, steps: Any,
                            used: dict[str, int], per_unit: dict[str, int]) -> str | None:
        if self.is_german_allied(state, unit_id):
            return f"{unit_id} is a German-Allied unit: there are no German replacements (14.15)"
        return super().replacement_problem(data, state, army, unit_id, steps, used, per_unit)

    def placement_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().placement_template(data, state, side)
        if "wwiii" in state and state["army"] == "western":
            template["notes"].append(f"14.15: `- {KEY}: [UNIT, ...]` names the nine non-SS 0-1-4 German infantry units, "
                                     "turn 12's first (they enter via Frankfurt, one a turn through turn 20).")
        return template

