"""End of the Iron Dream, behaviour 3: port cities opened in play (14.26-14.31), WA GS sources
and landing hexes once open (15.14 A, 14.26 B).

The port cities are the map's blue names (14.26 A: `invasions.ports.port_cities`, hex ids); the
position's opened ports (positions.NAME.wa_supply_sources) work from the start. At the instant a
port city passes from the Axis to WA control (4.8; checked after every step) the WA roll the die
on the Port Opening Chart (`invasions.ports.opening.results`: die -> turns to wait; 14.27 B's
example gives the 4): the port works from the start of the turn of its liberation plus that wait
(14.27 example: liberated on Turn 3, a 4, "starts to function as a port at the start of Turn
7"). A port the Axis take back never reopens (14.28). An inland port (14.31 A) works only while
the WA also control its labelled hexes (14.31 B-D: `invasions.ports.inland_ports.labelled_hexes.HEX`,
X12 and W13 for Antwerp and Rotterdam). The chart and the port cities are read at set-up (every
step may liberate a port); the labelled hexes when an inland port is among the port cities.

Behaviour 4, 20.6: "Yugoslav units can open Trieste for the WA, but must, as usual in such cases,
roll on the port opening chart." At the instant Trieste (map.places.trieste.hex, read at set-up
when the map has Yugoslav hexes: the Yugoslavs move only there, 20.1)
passes from the Axis to the Soviets with a Yugoslav unit among its liberators (the Soviet combat
units in it, else those whose ZOC reaches it, as 20.4's), the WA roll the chart as at 14.27 A;
the port then works for the WA from that turn plus the wait while the WA or the Soviets hold
Trieste (the Soviets' own units never use it: 13.0 A; a WA line from it in Soviet hands asks the
Soviets' consent, 15.10, as any line through their hexes); a port is closed for good only when
Germany recaptures it (14.28: "recaptured by Germany"; behaviour 3 closed one on any change away
from the WA)."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from .abomb import working_ports
from .common import grid, is_type, plays, zoc_reach
from .supply_play import LHJ, control
from .yugoslavia import hexes as yugoslav_hexes

CITIES = "invasions.ports.port_cities"
CHART = "invasions.ports.opening.results"
INLAND = "invasions.ports.inland_ports"


def port_cities(data: GameData) -> list[str]:
    """14.26 A, read once per data (the ports watch asks at every step, issue 13)."""
    return list(data.derived("eid.port_cities", lambda: tuple(sorted(
        grid(data).canonical(h) for h in numbers.texts(data, CITIES, "the port cities: names in blue ink (14.26 A)")))))


def chart(data: GameData) -> dict[int, int]:
    """The Port Opening Chart: die -> the turns the WA wait (14.27 B)."""
    return {die: numbers.integer(data, f"{CHART}.{die}", f"the Port Opening Chart's result for a {die} (14.27)")
            for die in range(1, 7)}


def inland(data: GameData) -> list[str]:
    """14.31 A: Amsterdam, Antwerp, Bordeaux, Hamburg, Nantes, Rotterdam."""
    ports = data.get(f"{INLAND}.ports", "the inland ports (14.31 A)")
    return sorted(grid(data).canonical(str(h)) for h in ports)


def labelled(data: GameData, port: str) -> list[str]:
    """14.31 B-C: the hexes around an inland port bearing its initial."""
    return [grid(data).canonical(h) for h in numbers.texts(
        data, f"{INLAND}.labelled_hexes.{port}", f"the hexes around the inland port {port} marked with its initial (14.31 B)")]


def validate(data: GameData, state: dict) -> None:
    """At set-up: the data any later step may need; the port cities the WA hold now (no roll for
    them; 27.8: in Let History Judge those "function as GS sources" from the start)."""
    chart(data)
    for port in port_cities(data):
        if port in inland(data):
            labelled(data, port)
    owner = control(data, state)
    held = [p for p in port_cities(data) if owner.get(p) == "western"]
    opening = {p: state["turn"] for p in held} if state["scenario"] == LHJ else {}
    state["ports"] = {"opening": opening, "closed": [], "held": held}
    if plays(data, 4):                                                  # 20.6 (20.1: with Yugoslav hexes only)
        state["ports"]["yugoslav"] = []
        if yugoslav_hexes(data):
            state["ports"]["trieste"] = owner.get(trieste(data))


def trieste(data: GameData) -> str:
    return grid(data).canonical(numbers.text(data, "map.places.trieste.hex", "Trieste's hex (20.6)"))


def opened(data: GameData, state: dict, owner: dict[str, str]) -> list[str]:
    """15.14 A, 14.26 B: the ports opened in play that work now."""
    if "ports" not in state:
        return []
    found = []
    for port, turn in sorted(state["ports"]["opening"].items()):
        holders = ("western", "soviet") if port in state["ports"].get("yugoslav", ()) else ("western",)    # 20.6
        if state["turn"] < turn or owner.get(port) not in holders or port in state["ports"]["closed"]:      # 14.28
            continue
        if not working_ports(state, [port]):                            # 27.6 J
            continue
        if port in inland(data) and any(owner.get(h) != "western" for h in labelled(data, port)):
            continue                                                    # 14.31 B, D
        found.append(port)
    return found


def watch(data: GameData, state: dict, events: list, dice: Dice, owner: dict[str, str], given: list[str]) -> None:
    """14.27 A: a roll at each port's liberation; 14.28: a port the Axis take back is closed."""
    ports = state["ports"]
    held = set(ports["held"])
    ports["held"] = [p for p in port_cities(data) if owner.get(p) == "western"]
    for port in port_cities(data):
        holder = owner.get(port)
        if port in given or port in ports["closed"] or not working_ports(state, [port]):     # 27.6 J: no roll
            continue
        if port in ports["opening"] and (holder == "axis" if plays(data, 4) else holder != "western"):
            ports["closed"] = sorted([*ports["closed"], port])
            events.append({"event": "port_closed", "hex": port, "rule": "14.28"})
        elif port not in ports["opening"] and holder == "western" and port not in held:
            table = chart(data)
            die = dice.roll(f"port/{port}", 6, about=f"Port Opening Chart for {port} (14.27)")
            ports["opening"] = {**ports["opening"], port: state["turn"] + table[die]}
            events.append({"event": "port_liberated", "hex": port, "die": die, "opens": state["turn"] + table[die],
                           "rule": "14.27"})
    if plays(data, 4):
        yugoslav_opening(data, state, events, dice, owner)


def yugoslav_opening(data: GameData, state: dict, events: list, dice: Dice, owner: dict[str, str]) -> None:
    """20.6: Trieste liberated by Yugoslav units: the Port Opening Chart (14.27); 14.28 its recapture."""
    if "trieste" not in state["ports"]:
        return                                                          # 20.1: no Yugoslav hex, no Yugoslav liberation
    ports, hex_id = state["ports"], trieste(data)
    before, now = ports["trieste"], owner.get(hex_id)
    ports["trieste"] = now
    if hex_id in ports["yugoslav"] and now == "axis" and hex_id not in ports["closed"]:
        ports["closed"] = sorted([*ports["closed"], hex_id])
        events.append({"event": "port_closed", "hex": hex_id, "rule": "14.28"})
    if before != "axis" or now != "soviet" or hex_id in ports["opening"] or hex_id in ports["closed"] \
            or not working_ports(state, [hex_id]):                                # 27.6 J: no roll
        return
    soviet = [k for k, u in state["units"].items() if u["side"] == "soviet" and not is_type(data, k, "supply_unit")]
    inside = [k for k in soviet if state["units"][k]["hex"] == hex_id]
    liberators = inside or [k for k in soviet if hex_id in zoc_reach(data, state["units"][k]["hex"])]
    if not any(is_type(data, k, "yugoslav") for k in liberators):
        return
    table = chart(data)
    die = dice.roll(f"port/{hex_id}", 6, about=f"Port Opening Chart for Trieste, {hex_id} (20.6, 14.27)")
    ports["opening"] = {**ports["opening"], hex_id: state["turn"] + table[die]}
    ports["yugoslav"] = [hex_id]
    events.append({"event": "port_liberated", "hex": hex_id, "die": die, "opens": state["turn"] + table[die],
                   "by": "yugoslav", "rule": "20.6"})
