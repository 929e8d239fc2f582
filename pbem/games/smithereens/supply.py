"""6.x supply (standard level): tracing supply lines, out-of-supply units, Antwerp (6.9)."""

import marshal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ...canonical import data_hash, is_exactly_plain
from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...hexgrid import trace_supply
from ...kit import numbers
from .components import ALLIANCE, SmithereensBase, camp

_NO_OVERLAY = data_hash({})
# blocking_kept(): (the data, the state, army -> blocking()'s answer) while a caller traces from that state
_KEPT_BLOCKING: ContextVar[tuple[GameData, dict, dict[str, set[str]]] | None] = ContextVar("smithereens_blocking", default=None)


def overlay_hash(overlay: dict) -> str:
    """data_hash of the map's overlay (13.8); the empty one, nearly every step's, without hashing it
    again (issue 13: every supply line's key names it)."""
    return data_hash(overlay) if overlay else _NO_OVERLAY


class SupplyRules(SmithereensBase):
    def in_supply(self, data: GameData, state: dict, unit_id: str, hex_id: str | None = None) -> bool:
        """6.1–6.19: can the unit trace a supply line (or is it in a source) from `hex_id`?"""
        if state.get("level") != "standard":
            return True                                     # 6.0 Beginners Note: ignore supply
        army = self.army_of(data, unit_id)
        nationality = self.counter(data, unit_id).get("nationality", army)
        hex_id = hex_id or state["units"][unit_id]["hex"]
        if nationality == "yugoslavian" and hex_id in self.region(data, "yugoslavia", "6.12"):
            return True                                     # 6.12
        if army == "western":
            return self.western_supply(data, state, hex_id)
        if army == "soviet":
            return self.line(data, state, hex_id, army, self.soviet_source(data), self.region(data, "wwii_line_and_west", "6.6"), ("6.6",))
        return self.german_supply(data, state, hex_id)

    def replenishment_supply(self, data: GameData, state: dict, unit_id: str) -> bool:
        """9.9: a reduced unit is replenished only "in supply to a board edge or Antwerp (for the
        Western Allies) or Ruhr City (for the German) supply source" (the Soviets: their board
        edge, 6.6); in-city, coastal, Courland or USIR supply is not enough. Beginner level: no supply."""
        if state.get("level") != "standard":
            return True                                     # 6.0 Beginners Note
        army, hex_id = self.army_of(data, unit_id), state["units"][unit_id]["hex"]
        if army == "western":
            return self.western_supply(data, state, hex_id, coastal=False)
        if army == "german":
            ruhr = {h for h in self.ruhr_cities(data) if self.controller(data, state, h, "replenishment, 9.9") == "german"}
            return not state.get("collapsed") and self.line(data, state, hex_id, "german", lambda h: h in ruhr, self.beyond_german_limit(data),
                                                            ("6.15", frozenset(ruhr)))
        return self.in_supply(data, state, unit_id)

    def western_supply(self, data: GameData, state: dict, hex_id: str, coastal: bool = True) -> bool:
        if state["western_oos_until"] >= state["turn"]:
            return False                                    # 6.9: Antwerp captured
        if coastal and hex_id in self.region(data, "non_baltic_coastal_hexes", "6.11"):
            return True                                     # 6.11
        edges = self.region(data, "italy_south_edge", "6.7")
        if hex_id not in self.region(data, "italy", "6.8"):  # 6.8: units in Italy trace to its south edge only
            edges = edges | self.region(data, "france_west_edge", "6.7") | ({self.antwerp(data)} if not state["antwerp_lost"] else set())
        return self.trace(data, state, hex_id, "western", lambda h: h in edges, self.region(data, "east_of_wwii_line", "6.7"))

    def soviet_source(self, data: GameData) -> Callable[[str], bool]:
        """6.6: the eastern map's east edge, hex column 42xxE."""
        column = self.once(data, numbers.integer, "supply.sources.soviet.east_edge_column", "the eastern map's east edge column (6.6)")
        return lambda hex_id: hex_id.endswith("E") and hex_id.startswith(str(column))

    def german_supply(self, data: GameData, state: dict, hex_id: str) -> bool:
        grid = self.grid(data)
        if self.is_city(data, hex_id, "6.16") and hex_id not in state["fell"] and self.start_control(data, hex_id, "6.16") == "german":
            return True                                     # 6.16 in-city supply
        if not state.get("collapsed") and hex_id in self.region(data, "baltic_coast_german_range", "6.17"):
            return True                                     # 6.17
        ports = [p for p in self.courland_ports(data) if p not in state["ports_lost"]]
        reach = self.once(data, numbers.integer, "supply.sources.german_courland.max_path_hexes", "the Courland supply range (6.18)")
        if ports and any(grid.distance(hex_id, p) <= reach for p in ports):       # 6.18 Courland, four hexes
            if self.line(data, state, hex_id, "german", lambda h: h in ports, set(), ("6.18", frozenset(ports)), max_length=reach):
                return True
        if state.get("collapsed"):
            return False                                    # 7.4: only in-city and Courland supply remain
        usir = self.region(data, "upper_silesian_industrial_region", "6.14")
        usir_lost = bool(usir & set(state["destroyed"]))
        if usir_lost and hex_id in usir - set(state["destroyed"]):
            return True                                     # 6.14: only units in a remaining USIR hex
        ruhr = {h for h in self.ruhr_cities(data) if self.controller(data, state, h, "German supply, 6.14") == "german"}
        sources = ruhr | (set() if usir_lost else usir)
        return self.line(data, state, hex_id, "german", lambda h: h in sources, self.beyond_german_limit(data), ("6.15", frozenset(sources)))

    def beyond_german_limit(self, data: GameData) -> set[str]:
        """6.15: no German supply line is traced east of the 34xxE hexrow."""
        limit = self.once(data, numbers.integer, "supply.sources.german.east_limit_column", "the German supply limit column (6.15)")
        return {h for h in self.hexes_known(data) if h.endswith("E") and int(h[:2]) > limit}

    def hexes_known(self, data: GameData) -> set:
        board = self.map(data)
        return data.derived("smithereens.known_hexes", lambda: {self.grid(data).canonical(h) for h in board.hexes()
                                                                if board.terrain_known(h)})

    def trace(self, data: GameData, state: dict, start: str, army: str, is_source: Callable[[str], bool], excluded: set,
              max_length: int | None = None, blocked: set[str] | None = None) -> bool:
        """6.2: a chain of hexes free of enemy units (and, for the Western Allies and Soviets, of
        each other's units), not across lake or all-sea hexsides, not into excluded areas or
        neutral Switzerland. Only hexes of known terrain are traced; if no line is found and the
        search met a hex of unknown terrain, the answer needs that hex's data. `blocked`: blocking()'s
        answer for this state and army, when the caller has it."""
        unknown: list[str] = []
        known = self.hexes_known(data)
        neutral = self.region(data, "switzerland", "6.2")
        if blocked is None:
            blocked = self.blocking(data, state, army)
        complete = self.map_complete(data)
        board, listed = self.map(data), self.hexes(data)
        steps = self.supply_steps(data)
        sides_read = False

        def can_enter(a: str, b: str) -> bool:
            nonlocal sides_read
            if b in blocked or b in excluded or b in neutral:
                return False
            step = steps.get((a, b))
            if step is None:                   # a step that raises is not kept: it raises again next time
                step = steps[(a, b)] = self.supply_step(data, known, listed, complete, a, b)
            if step == "unknown":              # unknown terrain, or listed while the map is incomplete
                unknown.append(b)
                return False
            if step in ("open", "water") and not sides_read:
                board.listed_hexsides()        # the hexside list's overrides noted as its reading did
                sides_read = True
            return step == "open" or (step == "water" and self.water_open(state, army, a, b))

        def source(h: str) -> bool:
            return is_source(h) and h not in blocked and h in known      # 6.13: an occupied source is lost
        found = trace_supply(self.grid(data), start, source, can_enter, max_length) is not None
        if not found and unknown:
            first = sorted(unknown)[0]
            raise UnknownDataError(f"map.hexes.{first}.terrain", f"the terrain of hex {first}, to trace supply (6.2) "
                                   "(or `map.hexes_complete: true` if it is off the map)", "the map (16.1)", data.override_file)
        return found

    def line(self, data: GameData, state: dict, start: str, army: str, is_source: Callable[[str], bool], excluded: set,
             names: tuple, max_length: int | None = None) -> bool:
        """trace() of a German or Soviet supply line, kept per data under all it reads (issue 13: a
        step's check, its trial and its apply, and the steps after, trace the same lines): the hexes
        it may not enter (blocking), the map's overlay (13.8), and `names`, which names is_source and
        excluded whole ("6.15": beyond the German limit). No lake or all-sea hexside opens to these
        lines (water_open: 13.9 opens one to the Western Allies only): the rest of the state is not read."""
        if army == "western":
            return self.trace(data, state, start, army, is_source, excluded, max_length)
        self.hexes_known(data)              # read before the units, as trace() does (the same first refusal)
        self.region(data, "switzerland", "6.2")
        # the units' counters read here, for this state: the kept trace reads none (its used overrides are the key's)
        blocked = self.blocking(data, state, army)
        key = ("smithereens.line", type(self).__name__, army, start, self.within_reach(data, start, blocked, max_length),
               overlay_hash(self.map(data).overlay), names, max_length)
        return bool(data.remembered(key, lambda: self.trace(data, state, start, army, is_source, excluded, max_length, blocked)))

    def within_reach(self, data: GameData, start: str, blocked: set[str], max_length: int | None) -> frozenset[str]:
        """The blocked hexes a line of at most `max_length` hexes from `start` could meet: its search
        never gets farther from the start than that, so the others change nothing (issue 13: a 7.3 path
        is not traced again when units move far from it). A hex the grid cannot place is kept."""
        if max_length is None:
            return frozenset(blocked)
        grid, near = self.grid(data), set()
        for hex_id in blocked:
            try:
                if grid.distance(start, hex_id) > max_length:
                    continue
            except ValueError:
                pass
            near.add(hex_id)
        return frozenset(near)

    @contextmanager
    def blocking_kept(self, data: GameData, state: dict) -> Iterator[None]:
        """Inside, blocking() of this very data and state is worked out once per army: for callers
        that only read the state while they trace many lines from it (issue 13: each unit's supply, each
        Ruhr city's path). The first answer notes its overrides where a fresh one would."""
        token = _KEPT_BLOCKING.set((data, state, {}))
        try:
            yield
        finally:
            _KEPT_BLOCKING.reset(token)

    def blocking(self, data: GameData, state: dict, army: str) -> set[str]:
        """6.2: the hexes `army`'s supply lines may not enter: enemy units in them (and, for the
        Western Allies and Soviets, each other's units)."""
        kept = _KEPT_BLOCKING.get()
        if kept is not None and kept[0] is data and kept[1] is state:
            answers = kept[2]
            if army not in answers:
                answers[army] = self._blocking(data, state, army)
            return answers[army]
        return self._blocking(data, state, army)

    def _blocking(self, data: GameData, state: dict, army: str) -> set[str]:
        def hostile(unit_id: str) -> bool:
            other = self.army_of(data, unit_id)
            return camp(other) != camp(army) or (army in ALLIANCE and other in ALLIANCE and other != army)
        return {h for h, units in self.stacks(state).items() if any(hostile(u) for u in units)}

    def supply_steps(self, data: GameData) -> dict:
        """(hex, next hex) -> supply_step's verdict, per data and map overlay (13.8): a supply line
        asks the same steps again and again (issue 13)."""
        overlay = overlay_hash(self.map(data).overlay)
        return data.derived(f"smithereens.supply_steps|{overlay}", dict)

    def supply_step(self, data: GameData, known: set, listed: dict, complete: bool, a: str, b: str) -> str:
        """What the map says of a supply line's step from a into b (6.2), whoever traces it:
        "unknown" (b's terrain unknown and the map not complete, or b listed), "off" (off a complete
        map), "unplayable" (10.17, 10.18), "water" (a lake or all-sea hexside) or "open"."""
        if b not in known:
            return "unknown" if not complete or b in listed else "off"
        if self.terrain(data, b) in ("sea", "hook_of_holland") or self.prohibited(data, b):
            return "unplayable"
        sides = self.hexside(data, a, b)      # both hexes' terrain known, then the map's features
        return "water" if {"lake", "sea"} & set(sides) else "open"

    def water_open(self, state: dict, army: str, a: str, b: str) -> bool:
        """Whether a supply line of `army` may cross this lake or all-sea hexside (13.9 mission 3, riverine.py)."""
        return False

    def map_complete(self, data: GameData) -> bool:
        """True once the campaign's override says every hex of the map is listed."""
        try:
            return data.get("map.hexes_complete", "whether every map hex is listed") is True
        except UnknownDataError:
            return False

    def baltic_mech(self, data: GameData, state: dict, army: str) -> list[str]:
        """6.17: mech units drawing Baltic coastal supply have their MF halved as if OOS."""
        if state.get("level") != "standard" or army != "german":
            return []
        coast = self.region(data, "baltic_coast_german_range", "6.17")
        return [u for u, v in state["units"].items() if self.army_of(data, u) == "german" and v["hex"] in coast
                and self.is_mech(data, u)]

    def oos_units(self, data: GameData, state: dict, units: list[str]) -> list[str]:
        """Units out of supply now; units sharing hex, army and nationality share one trace.
        A function of the data, the state and the map's overlay (13.8, laid from a state): kept per
        data under the state's exact value and the overlay's hash (a phase's check and its apply ask
        the same, issue 13)."""
        try:
            if not is_exactly_plain(state):
                raise ValueError("not plain data")
            # marshal's bytes of exactly plain data read back as that very value (each type its own code);
            # version 0 writes no references or interned strings, so equal values give equal bytes; a
            # tenth of the cost of its hash (issue 13: a phase's check, trial and apply ask for equal states)
            text = marshal.dumps(state, 0)
        except ValueError:               # a working state that is not plain data: traced, not kept
            return self._oos_units(data, state, units)
        key = ("smithereens.oos_units", type(self).__name__, text, overlay_hash(self.map(data).overlay), tuple(units))
        return list(data.remembered(key, lambda: self._oos_units(data, state, units)))     # the caller's own

    def _oos_units(self, data: GameData, state: dict, units: list[str]) -> list[str]:
        answers: dict = {}
        result = []
        with self.blocking_kept(data, state):            # in_supply only reads the state
            for unit_id in units:
                key = (state["units"][unit_id]["hex"], self.army_of(data, unit_id), self.counter(data, unit_id).get("nationality"))
                if key not in answers:
                    answers[key] = self.in_supply(data, state, unit_id)
                if not answers[key]:
                    result.append(unit_id)
        return result

    def antwerp_captured(self, data: GameData, state: dict, events: list, dice: Dice | None) -> None:
        """6.9: all Western units OOS for a die-rolled time; Antwerp never supplies them again."""
        if dice is None:
            raise PbemError("internal: Antwerp captured without dice")
        faces = self.once(data, numbers.integer, "game.components.die_faces", "the faces of the one die (2.1)")
        table = "supply.sources.western_antwerp.enemy_capture.turns_after_by_roll"
        given = data.get(table, "the OOS turns by die roll (6.9)")
        turns = {}
        for face in range(1, faces + 1):                     # the whole table is known before the die is rolled
            value = unwrap(given.get(str(face), "unknown")) if isinstance(given, dict) else "unknown"
            if value == "unknown":
                raise UnknownDataError(f"{table}.{face}", f"the OOS turns for a roll of {face} (6.9)", "the rulebook (6.9)", data.override_file)
            if not isinstance(value, int) or isinstance(value, bool):
                raise PbemError(f"{table}.{face} must be a whole number of turns, not {value!r}")
            turns[face] = value
        roll = dice.roll("antwerp", faces, about="Antwerp captured (6.9)")
        extra = turns[roll]
        state["antwerp_lost"] = True
        state["western_oos_until"] = state["turn"] + extra
        events.append({"event": "antwerp", "roll": roll, "until": state["western_oos_until"], "rule": "6.9"})
