"""9.x reinforcements and replacements."""

from typing import Any

from ...dice import Dice
from ...gamedata import GameData
from ..base import Problem
from ...kit import numbers
from .components import spelled
from .control import ControlRules


REPLACEMENTS = "reinforcements.replacements"
RATES = {"soviet": ("red_army", "9.12"), "western": ("western_allied", "9.14")}
GROUPS = {"mechanized": "mech"}      # a rate's `max_to_GROUP` -> the name the messages use


class ReplacementRules(ControlRules):
    def replacement_rate(self, data: GameData, army: str) -> tuple[int, dict[str, int], str]:
        """9.12, 9.14: an Alliance army's replacement steps per game turn and its per-group caps."""
        name, rule = RATES[army]
        path = f"{REPLACEMENTS}.rates.{name}"
        steps = numbers.integer(data, f"{path}.steps_per_game_turn", f"the {army} replacement steps per game turn ({rule})")
        caps = {GROUPS.get(key.removeprefix("max_to_"), key.removeprefix("max_to_")):
                numbers.integer(data, f"{path}.{key}", f"the {army} replacement cap {key} ({rule})")
                for key in sorted(data.get(path, f"the {army} replacement rates ({rule})")) if key.startswith("max_to_")}
        return steps, caps, rule

    def entry_kind(self, data: GameData, state: dict, army: str, hex_id: str) -> str | None:
        """Whether `army`'s reinforcements may enter at `hex_id`: "city" (free, 9.2), "edge", or None.
        A city whose control (or whose city flag) the data lacks refuses, naming its path."""
        if army == "german":                                               # 9.5 Wehrkreis cities
            ok = hex_id in self.wehrkreis_cities(data, "9.5") and self.controller(data, state, hex_id, "9.5") == "german"
            return "city" if ok else None
        if army == "soviet":                                               # 9.3
            east = self.region(data, "east_of_wwiii_demarcation_line", "9.3")
            ok = hex_id in east and self.is_city(data, hex_id, "9.3") and self.controller(data, state, hex_id, "9.3") == "alliance"
            return "city" if ok else None
        edges = self.region(data, "france_west_edge", "9.4") | self.region(data, "italy_south_edge", "9.4")
        return "edge" if hex_id in edges | {self.antwerp(data)} else None   # 9.4 (Antwerp, 6.8)

    def reclaimed(self, data: GameData, unit_id: str, arrival: dict) -> dict:
        """A unit reclaimed from the deadpile waits as a reinforcement (9.10); a Yugoslav one is marked
        (behaviour 6): it re-enters via an Alliance-controlled city in Yugoslavia (9.13)."""
        if self.plays(data, 6) and self.counter(data, unit_id).get("nationality") == "yugoslavian":
            return {**arrival, "reclaimed": True}
        return arrival

    def yugoslav_reentry_cities(self, data: GameData, state: dict) -> set[str]:
        """9.13: the Alliance-controlled cities in Yugoslavia (map.regions.yugoslavia)."""
        return {h for h in self.region(data, "yugoslavia", "9.13")
                if self.is_city(data, h, "9.13") and self.controller(data, state, h, "9.13") == "alliance"}

    def check_replacements(self, data: GameData, state: dict, army: str, orders: list, arrivals: dict) -> list[Problem]:
        """9.7–9.15: replenish reduced units on the map or reclaim Alliance units from the deadpile."""
        problems: list[Problem] = []
        used: dict[str, int] = {"total": 0}
        per_unit: dict[str, int] = {}
        for index, order in enumerate(orders):
            if "replace" not in order:
                continue
            unit_id, steps = order.get("replace"), order.get("steps")
            if set(order) != {"replace", "steps"} or not isinstance(steps, int) or steps < 1:
                problems.append(Problem(index, "a replacement order is `replace: UNIT` with `steps: N` (9.9)"))
                continue
            reason = self.replacement_problem(data, state, army, unit_id, steps, used, per_unit)
            if reason:
                problems.append(Problem(index, reason))
            elif unit_id in state["eliminated"]:                       # 9.10: re-enters as a reinforcement
                arrivals[unit_id] = self.reclaimed(data, unit_id, {"turn": state["turn"], "steps": steps})
            else:
                state["units"][unit_id] = dict(state["units"][unit_id], steps=state["units"][unit_id]["steps"] + steps)
        return problems

    def replacement_problem(self, data: GameData, state: dict, army: str, unit_id: str, steps: Any, used: dict[str, int], per_unit: dict[str, int]) -> str | None:
        if not isinstance(unit_id, str) or (unit_id not in state["units"] and unit_id not in state["eliminated"]):
            return f"no unit {unit_id!r} on the map or in the deadpile"
        if self.army_of(data, unit_id) != army:
            return f"{unit_id} is not a {army} unit (9.9)"
        counter = self.counter(data, unit_id)
        nationality = counter.get("nationality", army)
        if nationality in numbers.texts(data, f"{REPLACEMENTS}.replenishing.never_replaced", "the nationalities never replaced (9.9)"):
            return f"{nationality.replace('_', ' ')} units never receive replacements (9.9)"
        if nationality == "yugoslavian" and self.plays(data, 6) and \
                counter["type"] in numbers.texts(data, f"{REPLACEMENTS}.rates.yugoslav.never_types", "the Yugoslav units never replaced (9.13)"):
            return f"{unit_id} is a Yugoslav partisan band: the Yugoslav step replenishes Yugoslav armies only (9.13)"
        if unit_id in state["eliminated"]:
            if army == "german":
                return "German-side units may never be brought out of the deadpile (9.10)"
            if nationality == "yugoslavian" and self.plays(data, 6) and not self.yugoslav_reentry_cities(data, state):
                return f"no Alliance-controlled city in Yugoslavia: Yugoslav deadpile reclamations cease until one is (9.13), so not {unit_id}"
            if counter["type"] in numbers.texts(data, f"{REPLACEMENTS}.deadpile.never_types", "the unit types never reclaimed (9.10)"):
                return f"{counter['type'].replace('_', ' ')} units may never be reclaimed from the deadpile (9.10)"
            current = 0
        else:
            current = state["units"][unit_id]["steps"]
            if not self.replenishment_supply(data, state, unit_id):
                source = {"german": "a Ruhr City", "western": "a board edge or Antwerp"}.get(army, "a board edge")
                return f"{unit_id} is not in supply to {source} supply source and may not be replenished (9.9)"
        per_unit[unit_id] = per_unit.get(unit_id, 0) + steps
        most = numbers.integer(data, f"{REPLACEMENTS}.replenishing.max_steps_per_unit_per_player_turn", "replacement steps per unit (9.9)")
        if per_unit[unit_id] > most:
            return f"{unit_id} may receive at most {spelled(most)} replacement steps per player turn (9.9)"
        if current + per_unit[unit_id] > counter["steps"]:
            return f"{unit_id} may not be made stronger than its {counter['steps']} steps (9.9, 9.10)"
        if army == "german":
            used["total"] += steps
            german = numbers.integer(data, f"{REPLACEMENTS}.rates.german.steps_per_game_turn", "German replacement steps per game turn (9.15)")
            return f"the German receives at most {spelled(german)} replacement step per game turn (9.15)" if used["total"] > german else None
        rate, caps, rule = self.replacement_rate(data, army)
        pool = "yugoslav" if nationality == "yugoslavian" else "total"          # 9.13: a separate Yugoslav step
        used[pool] = used.get(pool, 0) + steps
        if pool == "yugoslav":
            rate, rule = numbers.integer(data, f"{REPLACEMENTS}.rates.yugoslav.steps_per_game_turn", "Yugoslav replacement steps (9.13)"), "9.13"
        if used[pool] > rate - state.get("replacements_used", {}).get(f"{army}.{pool}", 0):
            return f"only {rate} {'Yugoslav ' if pool == 'yugoslav' else ''}replacement step(s) per game turn ({rule})"
        for group, cap in caps.items():
            member = self.is_mech(data, unit_id) if group == "mech" else (
                self.grouping(data, unit_id) == group or nationality == group)
            if member:
                used[group] = used.get(group, 0) + steps
                if used[group] > cap:
                    return f"no more than {cap} replacement step(s) per turn to {group} units ({rule})"
        return None

    def german_replacement_granted(self, data: GameData, state: dict, dice: Dice, events: list) -> bool:
        """9.15: from turn 2, one step while all six USIR factories stand; with fewer, a die roll
        of at most the number of factories left."""
        german = f"{REPLACEMENTS}.rates.german"
        first = numbers.integer(data, f"{german}.from_turn", "the first turn of German replacements (9.15)")
        if state["turn"] < first:
            events.append({"event": "replacement_roll", "text": f"no German replacements before Game Turn {first}", "rule": "9.15"})
            return False
        if state.get("collapsed"):
            events.append({"event": "replacement_roll", "text": "none after the economic collapse (7.5)", "rule": "9.15"})
            return False
        usir = self.region(data, "upper_silesian_industrial_region", "9.15")
        factories = len(usir - set(state["destroyed"]))
        if factories >= numbers.integer(data, f"{german}.usir_factories", "the USIR factories (9.15)"):
            return True
        faces = numbers.integer(data, "game.components.die_faces", "the faces of the one die (2.1)")
        roll = dice.roll("replacements/german", faces, about="German replacement step (9.15)")
        granted = roll <= factories
        events.append({"event": "replacement_roll", "text": f"{factories} factories left, die roll {roll}: "
                                                             f"{'replacement step received' if granted else 'no replacement'}", "rule": "9.15"})
        return granted

    def apply_replacements(self, data: GameData, state: dict, orders: list, dice: Dice, events: list) -> None:
        """9.9-9.15 at the very start of the movement phase: the German first rolls for his step (9.15)."""
        army = state["army"]
        replacing = [o for o in orders if "replace" in o]
        if not replacing or (army == "german" and not self.german_replacement_granted(data, state, dice, events)):
            return
        for order in replacing:
            unit_id, steps = order["replace"], order["steps"]
            if unit_id in state["eliminated"]:
                state["eliminated"].remove(unit_id)
                state["reinforcements"][unit_id] = self.reclaimed(data, unit_id, {"turn": state["turn"], "steps": steps})
            else:
                state["units"][unit_id]["steps"] += steps
            key = "yugoslav" if self.counter(data, unit_id).get("nationality") == "yugoslavian" else "total"
            used = state.setdefault("replacements_used", {})
            used[f"{army}.{key}"] = used.get(f"{army}.{key}", 0) + steps
            events.append({"event": "replacement", "unit": unit_id, "steps": steps, "rule": "9.9" if unit_id in state["units"] else "9.10"})

    def forfeit_reinforcements(self, data: GameData, state: dict, events: list) -> None:
        """9.1, 9.5: German reinforcements not entered on their turn are lost."""
        for unit_id, entry in sorted(state["reinforcements"].items()):
            if self.army_of(data, unit_id) == "german" and entry["turn"] <= state["turn"]:
                del state["reinforcements"][unit_id]
                state["eliminated"].append(unit_id)
                events.append({"event": "forfeit", "unit": unit_id, "rule": "9.1"})
