"""13.1-13.3 the 1st Allied Airborne Army (1AAA) and the 9.6 Group Steiner entry a drop sets off
(behaviour 4).

13.1: "The decision to deploy 1AAA may be made by the Western Allied (or Grand Alliance) player at the
start of any of his player turns. To be eligible ... one or both of the Western Allies' airborne corps
... must start the player turn in a city hex not adjacent to any enemy units and in overland supply to a
board edge hex or Antwerp. Further, each of the two corps may only make one airborne deployment per game"
13.2: "Air drops may be made into any clear or city hexes on the maps; there are no range limitations.
Exception: 1AAA units may only drop into city hexes after the German economy has collapsed, and even then
they may never drop into any hex containing a Flak Korps. ... if both corps are sent, they must be sent to
the same drop hex. ... The drop is made at the start of the Western Allied movement phase."
13.3: they "remain passively in their drop hex until such time as a non-1AAA Western Allied unit, itself
in direct overland supply to a board edge or Antwerp, moves adjacent to the paratroopers. At that point
remove the 1AAA marker; the paratroopers instantly revert to their mobile (mechanized-class) movement
status. While the 1AAA is deployed there may be no Western Allied supply by air to any other hex than the
drop hex." A follow-up drop goes "into the same hex".

Orders, in the first file of the Western Movement Phase (after any `replace:`): `- airdrop: HEX` with
`with: [CORPS, ...]`. The corps are the Western counters whose type is one of
`special.first_allied_airborne_army.unit_types`. The state keeps `aaa: {hex, units}` while deployed (the
supply head marker: its units are in supply, 13.3) and `aaa_drops: {CORPS: N}`. Beginner level: no
supply is traced (6.0 Beginners Note), so the overland-supply conditions are not asked.

9.6: Group Steiner "enters play ... at the first instant any Grand Alliance unit moves adjacent to Berlin
or enters Berlin directly via airdrop": a drop into Berlin, or into a hex next to it (reading: the drop
is the paratroopers' move of that phase, 13.2), ends its file; the German places Group Steiner (the `ogs`
response), then the Movement Phase goes on with reinforcements and moves.

13.2 drop zone combat: a drop into a hex holding enemy units ends its file and runs one MA round (12.8,
mobile.py) from the drop hex itself (no launch hex, no river crossing); the German answers the step losses
where he has a choice (the `ma_response` phase, 12.13); enemy units left after it eliminate the dropped
corps. With Group Steiner set off too, his placement comes first ("at the first instant"), then the combat.
"""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from ..base import Problem
from .components import spelled
from .strategic import state_level
from .thunderclap import ThunderclapRules

KEY = "airdrop"
DATA = "special.first_allied_airborne_army"


class AirborneRules(ThunderclapRules):
    # -- the counters and the marker -------------------------------------------------------------
    def is_airborne(self, data: GameData, unit_id: str) -> bool:
        types = numbers.texts(data, f"{DATA}.unit_types", "the counter types of the Western Allied airborne corps (13.1)")
        return self.army_of(data, unit_id) == "western" and str(self.counter(data, unit_id)["type"]) in types

    def passive(self, data: GameData, state: dict, unit_id: str) -> str | None:
        """13.3: the drop hex of a paratrooper still under the 1AAA marker, else None."""
        aaa = state.get("aaa") if self.plays(data, 4) else None
        return str(aaa["hex"]) if aaa and unit_id in aaa["units"] else None

    def relieves(self, data: GameData, state: dict, unit_id: str, path: list[str]) -> bool:
        """13.3: a non-1AAA Western unit, in direct overland supply to a board edge or Antwerp,
        moves adjacent to the paratroopers (its path enters a hex next to the drop hex)."""
        aaa = state.get("aaa") if self.plays(data, 4) else None
        if not aaa or unit_id in aaa["units"] or self.army_of(data, unit_id) != "western":
            return False
        grid = self.grid(data)
        for hex_id in path:
            if hex_id == aaa["hex"] or grid.adjacent(hex_id, aaa["hex"]):
                return state_level(state) != "standard" or self.western_supply(data, state, hex_id, coastal=False)
        return False

    # -- the drop --------------------------------------------------------------------------------
    def special_key(self, data: GameData, order: dict) -> str | None:
        return KEY if KEY in order and self.plays(data, 4) else super().special_key(data, order)

    def special_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        if self.special_key(data, order) == KEY:
            return None                  # checked on the state at the phase's start (check_movement)
        if "airdrop_supply" in order and view.get("aaa") and self.plays(data, 4):
            return "the 1AAA is deployed: no Western Allied supply by air to any hex but its drop hex (6.10, 13.3)"
        return super().special_problem(data, view, army, order, moved)

    def pick_up(self, data: GameData, state: dict, order: dict, events: list) -> None:
        if self.special_key(data, order) != KEY:
            super().pick_up(data, state, order, events)      # the drop is made first, in apply_movement

    def corps_problem(self, data: GameData, state: dict, unit_id: object) -> str | None:
        """13.1: an airborne corps on the map, in a city, no enemy next to it, in overland supply,
        with a deployment left."""
        if not isinstance(unit_id, str) or unit_id not in state["units"]:
            return f"no unit {unit_id!r} on the map"
        if not self.is_airborne(data, unit_id):
            return f"{unit_id} is not a Western Allied airborne corps (13.1)"
        here = state["units"][unit_id]["hex"]
        if self.passive(data, state, unit_id):
            return f"{unit_id} is deployed in {here} until relieved (13.3)"
        most = numbers.integer(data, "units.special_units.first_allied_airborne_army.drops_per_corps.historical",
                               "the airborne deployments of each corps per game (13.1)")
        if state.get("aaa_drops", {}).get(unit_id, 0) >= most:
            return f"{unit_id} has made its {spelled(most)} airborne deployment(s) of the game (13.1)"
        if not self.is_city(data, here, "13.1"):
            return f"{unit_id} must start the player turn in a city hex to drop; {here} is none (13.1)"
        if any(self.enemies_in(data, state, h, "western") for h in self.grid(data).neighbours(here)):
            return f"{unit_id} starts the player turn next to enemy units in {here} (13.1)"
        if state_level(state) == "standard" and not self.western_supply(data, state, here, coastal=False):
            return f"{unit_id} is not in overland supply to a board edge hex or Antwerp (13.1)"
        return None

    def drop_hex_problem(self, data: GameData, state: dict, hex_id: str) -> str | None:
        """13.2: a clear or city hex (a city only after the collapse, never with a Flak Korps); 13.3
        a follow-up drop into the same hex."""
        aaa = state.get("aaa")
        if aaa and hex_id != aaa["hex"]:
            return f"the 1AAA is deployed in {aaa['hex']}: a follow-up drop goes into the same hex (13.3)"
        if self.is_city(data, hex_id, "13.2"):
            if not state.get("collapsed"):
                return f"1AAA units may only drop into city hexes like {hex_id} after the German economy has collapsed (13.2)"
        elif self.terrain(data, hex_id) != "clear":
            return f"air drops are made into clear or city hexes; {hex_id} is {self.terrain(data, hex_id)} (13.2)"
        if any(self.is_flak(data, u) for u in self.stacks(state).get(hex_id, [])):
            return f"1AAA units may never drop into a hex containing a Flak Korps, like {hex_id} (13.2, 13.13)"
        return None

    def airdrop_problem(self, data: GameData, state: dict, order: dict) -> str | None:
        units = order.get("with")
        if set(order) != {KEY, "with"} or not isinstance(order.get(KEY), str) or not isinstance(units, list) or not units:
            return "a 1AAA drop is `airdrop: HEX` with `with: [CORPS, ...]` (13.2)"
        if state["army"] != "western":
            return "only the Western Allied airborne corps drop, in a Western player turn (13.1)"
        if state.get("mobile"):
            return "the drop is made at the start of the Western Allied movement phase, in its first file (13.2)"
        if len(set(units)) != len(units):
            return "each corps drops once (13.2)"
        for unit_id in units:
            reason = self.corps_problem(data, state, unit_id)
            if reason:
                return reason
        try:
            hex_id = self.grid(data).canonical(str(order[KEY]))
        except ValueError as exc:
            return str(exc)
        return self.drop_hex_problem(data, state, hex_id)

    def dropped(self, data: GameData, state: dict, order: dict) -> dict:
        """The state after the drop: the corps in the drop hex under the 1AAA marker (13.2)."""
        hex_id = self.grid(data).canonical(str(order[KEY]))
        units = [str(u) for u in order["with"]]
        placed = {**state["units"], **{u: dict(state["units"][u], hex=hex_id) for u in units}}
        drops = dict(state.get("aaa_drops", {}))
        for unit_id in units:
            drops[unit_id] = drops.get(unit_id, 0) + 1
        earlier = (state.get("aaa") or {}).get("units", [])
        return dict(state, units=placed, aaa={"hex": hex_id, "units": sorted({*earlier, *units})}, aaa_drops=drops)

    def calls_steiner(self, data: GameData, state: dict, order: dict) -> bool:
        """9.6: a drop into Berlin or next to it, with Group Steiner still off the map."""
        return bool(self.ogs_waiting(state)) and self.near_berlin(data, self.grid(data).canonical(str(order[KEY])))

    def fights(self, data: GameData, state: dict, order: dict) -> bool:
        """13.2: "If there are any enemy units there, the air dropped units immediately run what is
        procedurally an MA (except here it's called "drop zone combat")." """
        return bool(self.enemies_in(data, state, self.grid(data).canonical(str(order[KEY])), "western"))

    def check_movement(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        drops = [(i, o) for i, o in enumerate(orders) if isinstance(o, dict) and self.special_key(data, o) == KEY]
        if not drops:
            return super().check_movement(data, state, side, orders)
        if len(drops) > 1:
            return [Problem(drops[1][0], "if both corps are sent, they must be sent to the same drop hex: one `airdrop:` order (13.2)")]
        index, order = drops[0]
        reason = self.airdrop_problem(data, state, order)
        if reason:
            return [Problem(index, reason)]
        others = any("replace" not in o for o in orders[:index] + orders[index + 1:])
        if self.calls_steiner(data, state, order) and others:
            return [Problem(index, "a drop into or next to Berlin ends its file (only `replace:` orders with it): Group Steiner "
                                   "enters, then the Movement Phase goes on (9.6)")]
        if self.fights(data, state, order):
            if others:
                return [Problem(index, "a drop into a hex holding enemy units ends its file (only `replace:` orders with it): the "
                                       "drop zone combat is resolved, then the Movement Phase goes on (13.2)")]
            return super().check_movement(data, state, side, orders)      # its trial run resolves the combat
        return super().check_movement(data, self.dropped(data, state, order), side, orders)

    def apply_movement(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        drop = next((o for o in orders if isinstance(o, dict) and self.special_key(data, o) == KEY), None)
        if drop is None:
            return self.relieved_by(data, state, orders, super().apply_movement(data, state, side, orders, dice))
        made = self.dropped(data, state, drop)
        units = [str(u) for u in drop["with"]]
        steiner, combat = self.calls_steiner(data, state, drop), self.fights(data, state, drop)
        events: list[dict] = []
        if not (steiner or combat):
            state.update(units=made["units"], aaa=made["aaa"], aaa_drops=made["aaa_drops"])
            events.append({"event": KEY, "hex": made["aaa"]["hex"], "units": units, "rule": "13.2"})
            return self.relieved_by(data, state, orders, events + super().apply_movement(data, state, side, orders, dice))
        record = self.phase_start(data, state)            # the drop ends its file: the phase goes on after it
        self.apply_replacements(data, state, orders, dice, events)
        state.update(units=made["units"], aaa=made["aaa"], aaa_drops=made["aaa_drops"])
        events.append({"event": KEY, "hex": made["aaa"]["hex"], "units": units, "rule": "13.2"})
        record.update(moved=sorted(made["aaa"]["units"]), last=made["aaa"]["hex"], drop=True)
        state.update(mobile=record, last_combats=[])
        if steiner:                       # 9.6: "at the first instant": before the drop zone combat
            record.update(why="Group Steiner's entry (9.6)", **({"drop_combat": units} if combat else {}))
            state["phase"] = "ogs"
            events.append({"event": "steiner_called", "hex": made["aaa"]["hex"], "unit": ", ".join(units), "rule": "9.6"})
            return events
        self.drop_zone_combat(data, state, units, dice, events)
        return events

    def relieved_by(self, data: GameData, state: dict, orders: list, events: list) -> list[dict]:
        """13.3 after the file's moves: the first relieving move or entry takes the marker off."""
        for order in orders:
            unit_id = order.get("move") or order.get("enter") if isinstance(order, dict) else None
            if state.get("aaa") and isinstance(unit_id, str) and isinstance(order.get("path"), list):
                path = [self.grid(data).canonical(str(h)) for h in order["path"]]
                self.note_relief(data, state, unit_id, path[1:] if "move" in order else path, events)
        if "aaa" in state and state["aaa"] is None:
            del state["aaa"]
        return events

    # -- 13.2 drop zone combat ---------------------------------------------------------------------
    def drop_zone_combat(self, data: GameData, state: dict, units: list[str], dice: Dice, events: list) -> None:
        """One MA round (12.8) of the dropped corps against the enemy units of their drop hex; the
        defender's step losses where he has a choice (12.13, 11.30) are his `ma_response` answer."""
        mobile, hex_id = state["mobile"], state["aaa"]["hex"]
        mobile.update(why="the 1AAA drop zone combat (13.2)", last=hex_id)
        mobile["open"] = {"hex": hex_id, "from": hex_id, "units": list(units), "round": 1, "spent": {u: 0 for u in units},
                          "across_river": False, "drop": True}
        self.ma_resolve(data, state, {"assault": hex_id, "with": list(units)}, dice, events)

    def after_round(self, data: GameData, state: dict, events: list, dice: Dice | None) -> None:
        """13.2: "if at the end of the first round there are any remaining enemy units in the drop hex,
        the dropped airborne units are eliminated and the deployment has failed." """
        mobile = state["mobile"]
        opened = mobile["open"]
        if not (opened and opened.get("drop")):
            super().after_round(data, state, events, dice)
            return
        hex_id, survivors = opened["hex"], [u for u in opened["units"] if u in state["units"]]
        if self.enemies_in(data, state, hex_id, state["army"]):
            for unit_id in survivors:
                del state["units"][unit_id]
                state["eliminated"].append(unit_id)
            events.append({"event": "drop_failed", "hex": hex_id, "units": survivors, "rule": "13.2"})
            state["phase"], mobile["answer"], mobile["open"] = "movement", None, None
        else:
            super().after_round(data, state, events, dice)      # the hex cleared: they hold it (12.9)
            mobile["going_on"] = {}                              # and stay there passively (13.3)
        kept = [u for u in state["aaa"]["units"] if u in state["units"]]
        if kept:
            state["aaa"]["units"] = kept
        else:
            del state["aaa"]

    def check_ogs(self, data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
        problems = super().check_ogs(data, state, side, orders)
        if not problems and state["mobile"].get("drop_combat"):
            self.trial_apply(data, state, side, orders, self.apply_ogs)
        return problems

    def apply_ogs(self, data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
        events = super().apply_ogs(data, state, side, orders, dice)
        units = state["mobile"].pop("drop_combat", None)
        if units:                         # 13.2: the drop zone combat follows Group Steiner's entry
            self.drop_zone_combat(data, state, list(units), dice, events)
        return events

    # -- 13.3 passive until relieved -------------------------------------------------------------
    def move_problem(self, data: GameData, view: dict, army: str, order: dict, moved: set[str]) -> str | None:
        unit_id, path = order.get("move"), order.get("path")
        where = self.passive(data, view, unit_id) if isinstance(unit_id, str) else None
        if where and isinstance(path, list) and len(path) > 1:
            return (f"{unit_id} stays passively in its drop hex {where} until a non-1AAA Western Allied unit in direct overland "
                    "supply moves adjacent (13.3)")
        reason = super().move_problem(data, view, army, order, moved)
        if not reason and isinstance(unit_id, str) and isinstance(path, list):
            self.note_relief(data, view, unit_id, [self.grid(data).canonical(str(h)) for h in path[1:]], [])
        return reason

    def note_relief(self, data: GameData, state: dict, unit_id: str, path: list[str], events: list) -> None:
        if self.relieves(data, state, unit_id, path):
            events.append({"event": "aaa_relieved", "hex": state["aaa"]["hex"], "units": state["aaa"]["units"], "by": unit_id, "rule": "13.3"})
            state["aaa"] = None           # a view is a copy: the marker is set aside, not popped from the state

    def attack_problems(self, data: GameData, state: dict, army: str, order: dict, used: set[str], targets: set[str]) -> list[str]:
        units = order.get("with")
        passive = [u for u in units if isinstance(u, str) and self.passive(data, state, u)] if isinstance(units, list) else []
        if passive:
            return [f"{passive[0]} stays passively in its drop hex until relieved: it may not attack (13.3)"]
        return super().attack_problems(data, state, army, order, used, targets)

    def mobile_assault_problem(self, data: GameData, view: dict, mobile: dict, order: dict, alone: bool, moved: set[str]) -> str | None:
        units = order.get("with")
        passive = [u for u in units if isinstance(u, str) and self.passive(data, view, u)] if isinstance(units, list) else []
        if passive:
            return f"{passive[0]} stays passively in its drop hex until relieved: it may not make mobile assaults (13.3, 12.17)"
        return super().mobile_assault_problem(data, view, mobile, order, alone, moved)

    def in_supply(self, data: GameData, state: dict, unit_id: str, hex_id: str | None = None) -> bool:
        where = self.passive(data, state, unit_id)
        if where and state.get("level") == "standard" and (hex_id or state["units"][unit_id]["hex"]) == where:
            return True                   # 13.3: the 1AAA supply head marker atop them
        return super().in_supply(data, state, unit_id, hex_id)

    def movement_template(self, data: GameData, state: dict, side: str) -> dict:
        template = super().movement_template(data, state, side)
        if self.plays(data, 4) and state["army"] == "western" and not state.get("mobile"):
            template["notes"].append("Western: `- airdrop: HEX` with `with: [CORPS, ...]` drops the airborne corps at the start of "
                                     "the phase (13.1-13.3).")
        return template

    def describe(self, data: GameData, state: dict, events: list) -> list:
        blocks: list = []
        for event in events:
            if event["event"] == KEY:
                blocks.append(("item", f"1AAA drop: {', '.join(event['units'])} into {event['hex']}, under the supply head marker, "
                                       "passive until relieved (13.2, 13.3)"))
            elif event["event"] == "drop_failed":
                blocks.append(("item", f"Enemy units remain in {event['hex']} after the first round: the dropped "
                                       f"{', '.join(event['units']) or 'units'} are eliminated, the deployment has failed (13.2)"))
            elif event["event"] == "aaa_relieved":
                blocks.append(("item", f"{event['by']} moves next to the paratroopers in {event['hex']}: the 1AAA marker comes off, "
                                       f"{', '.join(event['units'])} move normally again (13.3)"))
            else:
                blocks += super().describe(data, state, [event])
        return blocks
