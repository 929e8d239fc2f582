"""End of the Iron Dream, behaviour 2: victory points and the end of the game (26.0).

At the end of the last turn (26.1 A) every city's VPs go to the army controlling it by 4.1
alone (26.5 B: supply has no significance), the Hook's two cities only to Germany with units in
them, else also to Antwerp's holder (26.6.5 D); the special VPs of 26.6 kept in a ledger during
play are added. Three players (and four, 26.7 A: the German commanders are one team): the
greatest total wins, ties are possible (26.1 A). Two players: the West German and WA totals and
the East German and Soviet totals each give one Final VP (26.3-26.5).

The special VPs pbem keeps (each a ledger entry with the hex it happened in, for 26.5 D/G):
26.6.1 WA steps lost after the collapse, 26.6.6 D German steps lost at the redoubt, 26.6.6 C the Alpenfestung still on the board (26.6.6 B: destroyed when an Alliance unit enters
its hex), 26.6.7 National Socialist ardor, 26.6.8 the 65th Z.B.V. on the board at the end of a
WA-turn, 26.6.10 the Yugoslav armies destroyed, 26.6.11 the reserve corps. The others need rules
this module does not play (the game's not-enforced list says which and why).

Data, never guessed: a city is a hex with `map.hexes.HEX.city: true`; its VPs
`map.hexes.HEX.vp` (26.1 B: the circled red number, else 1: printed on the map; the text gives
Berlin, Rotterdam and Amsterdam, and Warsaw and Königsburg by name, map.places.NAME.vp); the
two-player line's west side `victory.two_player.line.west_hexes` (26.3 B). A campaign of
behaviour 2 must give them at set-up (the count may come at the end of any later step)."""

from __future__ import annotations

from fractions import Fraction

from ...errors import UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from .common import ALLIANCE, ARMY_NAMES, PRINTED_ON, counter, grid, is_type, mapdata, plays
from . import yugoslavia
from .supply_play import LHJ, berlin_hex, collapsed, control

VALUES = "victory.special_vp_values"
WEST = "victory.two_player.line.west_hexes"
ZBV = "units.classes.strategic_rockets_unit"


def ledger(state: dict) -> dict:
    return state.setdefault("victory", {"ledger": [], "cities": {}, "last_hex": {}})


def two_player(state: dict) -> bool:
    return "alliance" in state["seats"]


# -- the data --------------------------------------------------------------------------------
def cities(data: GameData) -> list[str]:
    """26.1 B: every city hex of the map data: `map.hexes.HEX.city`, or a VP value (26.1 B-C: every
    city has one, nothing else does; the text values Berlin, Antwerp and the Hook's cities)."""
    hexes = mapdata(data)
    return sorted(h for h in hexes.hexes() if hexes.terrain_known(h)
                  and (hexes.has(h, "city") or unwrap(hexes.entry(h).get("vp", "unknown")) != "unknown"))


def city_vp(data: GameData, hex_id: str) -> int:
    """26.1 B: the circled red number next to the city, or 1 without one: the map's
    (map.hexes.HEX.vp), or a place the text values by name whose hex the data gives."""
    entry = mapdata(data).entry(hex_id)
    if unwrap(entry.get("vp", "unknown")) != "unknown":
        return numbers.integer(data, f"map.hexes.{hex_id}.vp", f"the VPs of the city in {hex_id} (26.1 B)")
    places = data.get("map.places", "the map's places")
    for name in sorted(places):
        place = places[name]
        if isinstance(place, dict) and "vp" in place and unwrap(place.get("hex")) == hex_id:
            return numbers.integer(data, f"map.places.{name}.vp", f"the VPs of {name} (26.1)")
    raise UnknownDataError(f"map.hexes.{hex_id}.vp", f"the VPs of the city in {hex_id} (26.1 B: its circled red "
                           "number, 1 if none)", PRINTED_ON, data.override_file)


def west_of_line(data: GameData) -> set[str]:
    """26.3 B: the hexes west of the east-west theater boundary line (every other hex is east)."""
    return {grid(data).canonical(h) for h in numbers.texts(data, WEST, "the hexes west of the theater boundary line (26.3 B)")}


def validate(data: GameData, state: dict) -> None:
    """Behaviour 2, at set-up: every city's VPs, the Hook's and Antwerp's hexes, the 26.6 values
    and with two players the line; the count (and ardor, 26.6.7, at any step) needs them. Let
    History Judge: its twelve cities' hexes and the NATO threshold (27.10)."""
    if state["scenario"] == LHJ:
        lhj_cities(data)
        numbers.integer(data, LHJ_KEY + ".nato_wins_with", "the VPs NATO needs (27.10 E)")
        return
    for hex_id in cities(data):
        city_vp(data, hex_id)
    if {hook_hex(data, "rotterdam"), hook_hex(data, "amsterdam")} & set(cities(data)):
        mapdata(data).info(hook_hex(data, "antwerp"))              # 26.6.5 D: its holder may get them
    for key in ("alpenfestung_on_board_wa", "alpenfestung_german_step_wa", "hook_of_holland_wa", "reserve_corps_unconverted", "zbv_65_from_turn",
                "wa_step_after_collapse"):
        numbers.integer(data, f"{VALUES}.{key}", f"26.6 {key}")
    numbers.fraction(data, f"{VALUES}.zbv_65_per_wa_turn", "the 65th Z.B.V.'s VPs per WA-turn (26.6.8 G)")
    numbers.integers(data, f"{VALUES}.yugoslav_destroyed", "the VPs of the Yugoslav armies destroyed (26.6.10)")
    if two_player(state):
        west_of_line(data)
    record_cities(data, state)
    record_last_hexes(data, state)


HOOK = {"rotterdam": "Y13", "amsterdam": "Y14", "antwerp": "V12"}       # 26.6.5 A, map.yaml names


def hook_hex(data: GameData, name: str) -> str:
    """The hexes of Rotterdam, Amsterdam (26.6.5 A) and Antwerp (map.yaml), named in the data."""
    hex_id = HOOK[name]
    label = str(unwrap(mapdata(data).entry(hex_id).get("name", "unknown")))
    if label.lower() != name:
        raise UnknownDataError(f"map.hexes.{hex_id}.name", f"{name.title()}'s hex (26.6.5 D)", PRINTED_ON, data.override_file)
    return hex_id


# -- during play -----------------------------------------------------------------------------
def add(state: dict, army: str, vp: Fraction, rule: str, what: str, hex_id: str | None) -> dict:
    entry = {"army": army, "vp": str(vp), "rule": rule, "turn": min(state["turn"], state["last_turn"]), "what": what,
             "hex": hex_id}
    ledger(state)["ledger"].append(entry)
    return {"event": "vp", **entry}


def record_cities(data: GameData, state: dict) -> None:
    owner = control(data, state)
    ledger(state)["cities"] = {h: owner[h] for h in cities(data)}


def watch(data: GameData, state: dict, events: list, owner: dict[str, str] | None = None) -> None:
    """After every step (idempotent: the kit calls it again after a phase passing by itself):
    26.6.7 ardor, 26.6.6 B the Alpenfestung destroyed, 26.6.10 the Yugoslavs, the last hex of the
    units a later VP is counted for (26.5 D: the side of the line the event took place on).
    `owner`: `control` of this state, when the caller has it."""
    if state["scenario"] == LHJ:
        return
    book = ledger(state)
    owner = control(data, state) if owner is None else owner
    for hex_id, before in sorted(book["cities"].items()):
        if before in ALLIANCE and owner[hex_id] == "axis":            # 26.6.7 A: a liberated city retaken
            events.append(add(state, "axis", Fraction(city_vp(data, hex_id)), "26.6.7", f"ardor: {hex_id} retaken", hex_id))
        if before != owner[hex_id]:
            from .garrisons import liberated                        # 26.6.4 A, D (garrisons imports this module)
            liberated(data, state, hex_id, before, owner[hex_id])
            yugoslavia.liberation(data, state, hex_id, before, owner[hex_id], events)     # 20.4 (behaviour 3)
        book["cities"][hex_id] = owner[hex_id]
    fortress = state.get("alpenfestung")
    if fortress and any(u["hex"] == fortress and u["side"] in ALLIANCE for u in state["units"].values()) \
            and not any(u["hex"] == fortress and u["side"] == "axis" for u in state["units"].values()):
        state["alpenfestung"] = None
        events.append({"event": "eliminated", "unit": "Alpenfestung", "why": "an Alliance unit entered its hex alone (26.6.6 B)"})
    yugoslav_losses(data, state, events)
    hook_entered(data, state, events)
    record_last_hexes(data, state)


def hook_entered(data: GameData, state: dict, events: list) -> None:
    """26.6.5 B-C: the first Alliance unit to move or assault into the Hook of Holland (the hexes
    of map.hexes.HEX.hook_of_holland): a WA one costs the WA 3 VPs (behaviour 3: and an SU, hook.py),
    a Soviet one nothing."""
    book = ledger(state)
    if book.get("hook"):
        return
    hook = data.derived("eid.hook_of_holland", lambda: {h for h, v in mapdata(data).hexes().items()
                                                        if unwrap(v.get("hook_of_holland", False)) is True})   # once per data
    armies = [u["side"] for u in state["units"].values() if u["side"] in ALLIANCE and u["hex"] in hook]
    armies += [str(counter(data, e["attackers"][0])["side"]) for e in events
               if e["event"] == "assault" and hook & set(e.get("hexes", [e["hex"]]))]
    if not armies:
        return
    book["hook"] = armies[0]
    if armies[0] == "western":
        vp = numbers.integer(data, f"{VALUES}.hook_of_holland_wa", "the WA's VPs for entering the Hook (26.6.5 B)")
        events.append(add(state, "western", Fraction(vp), "26.6.5 B", "the Hook of Holland entered", sorted(hook)[0]))


def record_last_hexes(data: GameData, state: dict) -> None:
    book = ledger(state)
    for unit_id, unit in sorted(state["units"].items()):
        if watched(data, unit_id):
            book["last_hex"][unit_id] = unit["hex"]


def watched(data: GameData, unit_id: str) -> bool:
    """26.6.10's Yugoslav armies and 26.6.11's reserve corps (units.counters.UNIT.reserve); once per
    data and unit (every unit at every step, issue 13)."""
    return data.derived(f"eid.watched.{unit_id}", lambda: is_type(data, unit_id, "yugoslav")
                        or unwrap(counter(data, unit_id).get("reserve")) is True)


def yugoslav_losses(data: GameData, state: dict, events: list) -> None:
    """26.6.10: the first Yugoslav army destroyed gives Germany 1 VP, the second 2, the third 3,
    the fourth 4."""
    book = ledger(state)
    counted = {e["what"].split()[0] for e in book["ledger"] if e["rule"] == "26.6.10"}
    values = numbers.integers(data, f"{VALUES}.yugoslav_destroyed", "the VPs of the Yugoslav armies destroyed (26.6.10)")
    for dead in state["dead"]:
        unit_id = dead["unit"]
        if unit_id in counted or not is_type(data, unit_id, "yugoslav"):
            continue
        vp = values[min(len(counted), len(values) - 1)]
        counted.add(unit_id)
        events.append(add(state, "axis", Fraction(vp), "26.6.10", f"{unit_id} destroyed", book["last_hex"].get(unit_id)))


def end_of_wa_turn(data: GameData, state: dict, events: list) -> None:
    """26.6.8 G: at the end of any WA-turn from Turn 2, the 65th Z.B.V. still on the board costs
    the WA ½ VP (H: no limit)."""
    if state["scenario"] == LHJ:
        return
    first = numbers.integer(data, f"{VALUES}.zbv_65_from_turn", "the first turn of the 65th Z.B.V.'s VP loss (26.6.8 G)")
    unit_id = numbers.text(data, ZBV, "the 65th Z.B.V.'s counter (2.4.3)")
    if state["turn"] >= first and unit_id in state["units"]:
        vp = numbers.fraction(data, f"{VALUES}.zbv_65_per_wa_turn", "the 65th Z.B.V.'s VPs per WA-turn (26.6.8 G)")
        events.append(add(state, "western", vp, "26.6.8", f"{unit_id} on the board", state["units"][unit_id]["hex"]))


def snapshot(state: dict) -> dict:
    """Before a step: each unit's hex and steps, whether the collapse and the Alpenfestung were there."""
    from .pledge import aloft
    return {"units": {u: (v["hex"], v["steps"], v["side"]) for u, v in state["units"].items()},
            "collapsed": collapsed(state), "alpenfestung": state.get("alpenfestung"), "aloft": aloft(state),
            "boxed": {u for box in (state.get("boxes") or {}).values() for u in box}}


def step_losses(data: GameData, state: dict, before: dict, events: list) -> None:
    """After a step: 26.6.1 each WA step lost once the collapse has taken place costs the WA 1 VP;
    26.6.6 D each German step destroyed in the redoubt's hex or a mountain hex next to it gives
    the WA 1 VP. Read per step (a collapse within the step counts from the next one, a loss is
    placed in the unit's hex at the step's end, or at its start for a unit destroyed)."""
    if state["scenario"] == LHJ:
        return
    redoubt = before["alpenfestung"]
    zone = {redoubt, *(h for h in grid(data).neighbours(redoubt) if mapdata(data).listed(h)
                       and mapdata(data).terrain(h) == "mountain")} if redoubt else set()
    units = dict(before["units"])
    aloft: dict[str, dict] = {}
    if plays(data, 4):                                  # the paratroops off the map (17.6.1, 17.6.2) count too
        from .pledge import aloft as aloft_now, boarded
        took_off = {u: v for u, v in boarded(state).items() if u in before["boxed"]}     # from a box in this step
        units = {**took_off, **before["aloft"], **units}
        aloft = {u: {"hex": h, "steps": n} for u, (h, n, _) in aloft_now(state).items()}
        aloft.update({u: {"hex": box, "steps": n} for box, held in sorted((state.get("boxes") or {}).items())
                      for u, n in held.items()})                  # a unit sailing to its box loses no step
        from .italy import PLACE, off_map
        aloft.update({u: {"hex": PLACE, "steps": n} for u, n in off_map(state).items()})   # 25.12 B: gone to Southern Italy
    for unit_id, (hex_id, steps, side) in sorted(units.items()):
        now = state["units"].get(unit_id) or aloft.get(unit_id)
        lost = steps - (now["steps"] if now else 0)
        where = now["hex"] if now else hex_id
        if lost <= 0:
            continue
        if side == "western" and before["collapsed"]:
            vp = numbers.integer(data, f"{VALUES}.wa_step_after_collapse", "the VPs of a WA step after the collapse (26.6.1)")
            events.append(add(state, "western", Fraction(vp * lost), "26.6.1", f"{unit_id} lost {lost} step(s)", where))
        if side == "axis" and where in zone and unwrap(counter(data, unit_id).get("nation")) == "german":
            vp = numbers.integer(data, f"{VALUES}.alpenfestung_german_step_wa", "the WA's VPs per German step at the redoubt (26.6.6 D)")
            events.append(add(state, "western", Fraction(vp * lost), "26.6.6 D", f"{unit_id} lost {lost} step(s)", where))


# -- the end of the game ---------------------------------------------------------------------
def end_entries(data: GameData, state: dict) -> list[dict]:
    """What counts only at the end: 26.6.6 C the Alpenfestung on the board, 26.6.11 the reserve
    corps dead or on their unconverted 1-1-4 side (pbem shows it as the counter's reduced side)."""
    out = []
    if state.get("alpenfestung"):
        out.append(add(state, "western", Fraction(numbers.integer(data, f"{VALUES}.alpenfestung_on_board_wa", "26.6.6 C")),
                       "26.6.6 C", "the Alpenfestung on the board", state["alpenfestung"]))
    vp = Fraction(numbers.integer(data, f"{VALUES}.reserve_corps_unconverted", "26.6.11"))
    dead = {d["unit"] for d in state["dead"]}
    for unit_id in sorted(ledger(state)["last_hex"]):
        if is_type(data, unit_id, "yugoslav"):
            continue
        unit = state["units"].get(unit_id)
        if unit_id in state.get("reserve_converted", []):              # 7.26: no longer the 1-1-4 (behaviour 3)
            continue
        if unit_id in dead or (unit is not None and unit["steps"] == 1):
            out.append(add(state, "axis", vp, "26.6.11", f"{unit_id} {'dead' if unit is None else 'unconverted'}",
                           ledger(state)["last_hex"][unit_id]))
    return out


def city_owners(data: GameData, state: dict) -> dict[str, str | None]:
    """26.5 B: each city's holder by 4.1 alone; 26.6.5 D: Rotterdam and Amsterdam are Germany's
    only with German units in them, else they go to the player controlling Antwerp."""
    owner = control(data, state)
    out: dict[str, str | None] = {h: owner[h] for h in cities(data)}
    rising = ledger(state).get("warsaw")
    if isinstance(rising, dict) and rising["to_wa"]:                      # 26.6.9 C: its liberation is the WA's
        warsaw = grid(data).canonical(numbers.text(data, "map.places.warsaw.hex", "the hex of Warsaw (26.6.9)"))
        if out.get(warsaw) == "soviet":
            out[warsaw] = "western"
    for name in ("rotterdam", "amsterdam"):
        hex_id = hook_hex(data, name)
        if hex_id in out:
            antwerp = owner[hook_hex(data, "antwerp")]
            german = any(u["hex"] == hex_id and u["side"] == "axis" for u in state["units"].values())
            out[hex_id] = "axis" if german else antwerp
    return out


def totals(data: GameData, state: dict) -> dict[str, Fraction]:
    """26.1: three (or four) players: each army's cities and special VPs."""
    sums = {army: Fraction(0) for army in ("axis", "western", "soviet")}
    for hex_id, army in city_owners(data, state).items():
        if army is not None:
            sums[army] += city_vp(data, hex_id)
    for entry in ledger(state)["ledger"]:
        sums[entry["army"]] += Fraction(entry["vp"])
    return sums


def two_player_totals(data: GameData, state: dict) -> dict[str, Fraction]:
    """26.3-26.5: the West German, WA, East German and Soviet totals. A city counts on its side
    of the line (Berlin, 26.4: east if the Soviets hold it, west if the WA do, both German totals
    if Germany does); Alliance cities on the wrong side count for nobody (26.3 B); a special VP
    counts on the side of the line its hex is on (26.5 D, G)."""
    west = west_of_line(data)
    berlin = berlin_hex(data)
    sums = {key: Fraction(0) for key in ("west_german", "western", "east_german", "soviet")}
    for hex_id, army in city_owners(data, state).items():
        if army is None:
            continue
        sides: tuple[str, ...]
        if army == "western" and is_claimed_warsaw(data, state, hex_id):   # 26.6.9 F: "just as in a three-player game"
            sums["western"] += city_vp(data, hex_id)
            continue
        if hex_id != berlin:
            sides = ("west",) if hex_id in west else ("east",)
        else:                                                          # 26.4, 26.5 C/F
            sides = {"axis": ("west", "east"), "soviet": ("east",), "western": ("west",)}[army]
        for side in sides:
            key = counts_for(army, side)
            if key:
                sums[key] += city_vp(data, hex_id)
    for entry in ledger(state)["ledger"]:
        # the WA theater boxes (behaviour 3, 26.6.3) lie in the Atlantic and the Mediterranean, west of the line
        side = "west" if entry["hex"] in west or entry["hex"] in ("eto", "mto") else "east"
        key = counts_for(entry["army"], side)
        if key:
            sums[key] += Fraction(entry["vp"])
    return sums


def is_claimed_warsaw(data: GameData, state: dict, hex_id: str) -> bool:
    rising = ledger(state).get("warsaw")
    return isinstance(rising, dict) and bool(rising["to_wa"]) and hex_id == grid(data).canonical(
        numbers.text(data, "map.places.warsaw.hex", "the hex of Warsaw (26.6.9)"))


def counts_for(army: str, side: str) -> str | None:
    """Whose total VPs earned by `army` on `side` of the line go to (26.3 B: an Alliance camp's
    on the wrong side to nobody)."""
    if army == "axis":
        return f"{side}_german"
    return army if (army, side) in (("western", "west"), ("soviet", "east")) else None


LHJ_KEY = "victory.let_history_judge"


def lhj_cities(data: GameData) -> dict[str, str]:
    """27.10 B: the twelve 12-VP cities, name -> hex (map.places.NAME.hex)."""
    names = numbers.texts(data, LHJ_KEY + ".city_places", "the Let History Judge VP cities (27.10 B)")
    return {n: grid(data).canonical(numbers.text(data, f"map.places.{n}.hex", f"the hex of {n} (27.10 B)")) for n in names}


def lhj_result(data: GameData, state: dict) -> dict:
    """27.10: only NATO earns VPs, 12 for each of the twelve cities it controls (4.1); it cannot win
    without Berlin (C) or with a Soviet unit west of the triangle line at the end (D: outside the
    Soviet start area, map.setup_areas.lhj_soviet_controlled); it wins with 84 or more (E), else
    the Soviets do (F)."""
    owner = control(data, state)
    each = numbers.integer(data, "victory.let_history_judge_city_vp", "the VPs of a Let History Judge city (27.10 B)")
    from .neutrality import belgrade_barred                          # 27.7 B (behaviour 3)
    held = sorted(n for n, h in lhj_cities(data).items() if owner.get(h) == "western"
                  and not (n == "belgrade" and belgrade_barred(state)))
    points = state.get("victory", {}).get("ledger", [])                # 27.10 A: the garrison points (behaviour 3)
    vps = each * len(held) + sum(Fraction(e["vp"]) for e in points if e["rule"] == "26.6.4")
    east = {grid(data).canonical(h) for h in numbers.texts(data, "map.setup_areas.lhj_soviet_controlled",
                                                               "the Soviet start area (27.3 G)")}
    west = sorted(u for u, v in state["units"].items() if v["side"] == "soviet" and v["hex"] not in east)
    berlin = owner.get(berlin_hex(data)) == "western"
    needed = numbers.integer(data, LHJ_KEY + ".nato_wins_with", "the VPs NATO needs (27.10 E)")
    wins = berlin and not west and vps >= needed
    return {"totals": {"western": show(Fraction(vps))}, "cities": held, "berlin": berlin, "soviets_west": west,
            "winner": "western" if wins else "soviet", "rule": "27.10"}


def final(data: GameData, state: dict, events: list) -> None:
    """26.1 A, 26.5 H-J, 27.10: the count at the end of the last turn and the result."""
    if state["scenario"] == LHJ:
        result = lhj_result(data, state)
        state["result"] = result
        events.append({"event": "victory", **result})
        return
    events += end_entries(data, state)
    result = two_player_result(data, state) if two_player(state) else three_player_result(data, state)
    state["result"] = result
    events.append({"event": "victory", **result})


def two_player_result(data: GameData, state: dict) -> dict:
    """26.5 H-J: a Final VP to the higher of the West German and WA totals, another to the higher
    of the East German and Soviet totals; more Final VPs win, equal ones are a draw."""
    t = two_player_totals(data, state)
    final_vps = {"axis": 0, "alliance": 0}
    for german, allied in (("west_german", "western"), ("east_german", "soviet")):
        if t[german] != t[allied]:
            final_vps["axis" if t[german] > t[allied] else "alliance"] += 1
    winner = None if final_vps["axis"] == final_vps["alliance"] else max(final_vps, key=lambda k: final_vps[k])
    return {"totals": {k: show(v) for k, v in t.items()}, "final_vps": final_vps, "winner": winner, "rule": "26.5 J"}


def three_player_result(data: GameData, state: dict) -> dict:
    """26.1 A: the greatest total wins (four players: the Axis one team, 26.7 A); ties possible."""
    t = totals(data, state)
    best = max(t.values())
    winners = sorted(k for k, v in t.items() if v == best)
    return {"totals": {k: show(v) for k, v in t.items()}, "winner": winners[0] if len(winners) == 1 else None,
            "tied": winners if len(winners) > 1 else [], "rule": "26.1 A"}


def show(vp: Fraction) -> str:
    """½ VPs (26.6.3, 26.6.8) written as mixed numbers: 12 1/2, -1/2."""
    if vp.denominator == 1:
        return str(vp.numerator)
    whole = int(vp)
    rest = abs(vp - whole)
    return f"{whole} {rest}" if whole else str(vp)


def describe(e: dict) -> str:
    if e["rule"] == "27.10":
        why = ("" if e["winner"] == "western" else
               "; NATO does not control Berlin" if not e["berlin"] else
               f"; Soviet units west of the triangle line: {', '.join(e['soviets_west'])}" if e["soviets_west"] else
               "; NATO is short of its VPs")
        return (f"NATO VPs: {e['totals']['western']} ({', '.join(e['cities']) or 'no city'}){why}; "
                f"{'NATO' if e['winner'] == 'western' else 'the Soviets'} win (27.10)")
    totals_text = ", ".join(f"{NAMES.get(k, k)} {v}" for k, v in e["totals"].items())
    if "final_vps" in e:
        finals = f"; Final VPs: Axis {e['final_vps']['axis']}, Grand Alliance {e['final_vps']['alliance']}"
        who = "the Grand Alliance" if e["winner"] == "alliance" else "the Axis" if e["winner"] else None
    else:
        finals = ""
        who = ARMY_NAMES[e["winner"]] if e["winner"] else None
        if not who:
            return f"VPs: {totals_text}; a tie between {' and '.join(ARMY_NAMES[a] for a in e['tied'])} ({e['rule']})"
    return f"VPs: {totals_text}{finals}; " + (f"{who} wins ({e['rule']})" if who else f"a draw ({e['rule']})")


NAMES = {"axis": "Axis", "western": "Western Allies", "soviet": "Soviets", "west_german": "West German",
         "east_german": "East German"}
