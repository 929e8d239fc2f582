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
step may liberate a port); the labelled hexes when an inland port is among the port cities."""

from __future__ import annotations

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from .abomb import working_ports
from .common import grid
from .supply_play import LHJ, control

CITIES = "invasions.ports.port_cities"
CHART = "invasions.ports.opening.results"
INLAND = "invasions.ports.inland_ports"


def port_cities(data: GameData) -> list[str]:
    return sorted(grid(data).canonical(h) for h in numbers.texts(data, CITIES, "the port cities: names in blue ink (14.26 A)"))


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


def opened(data: GameData, state: dict, owner: dict[str, str]) -> list[str]:
    """15.14 A, 14.26 B: the ports opened in play that work now."""
    if "ports" not in state:
        return []
    found = []
    for port, turn in sorted(state["ports"]["opening"].items()):
        if state["turn"] < turn or owner.get(port) != "western" or port in state["ports"]["closed"]:      # 14.28
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
        if port in ports["opening"] and holder != "western":
            ports["closed"] = sorted([*ports["closed"], port])
            events.append({"event": "port_closed", "hex": port, "rule": "14.28"})
        elif port not in ports["opening"] and holder == "western" and port not in held:
            table = chart(data)
            die = dice.roll(f"port/{port}", 6, about=f"Port Opening Chart for {port} (14.27)")
            ports["opening"] = {**ports["opening"], port: state["turn"] + table[die]}
            events.append({"event": "port_liberated", "hex": port, "die": die, "opens": state["turn"] + table[die],
                           "rule": "14.27"})
