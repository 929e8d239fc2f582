"""Report lines of the behaviour-3 events: the holding boxes, sea movement, invasions and ports
(boxes.py, sea.py, invasion.py, ports.py)."""

from __future__ import annotations

from collections.abc import Callable

BOX = {"eto": "the ETO holding box", "mto": "the MTO holding box", "german": "the Replacement Army Holding Box",
       "southern_italy": "Southern Italy, off the map"}


def _where(place: str) -> str:
    return BOX.get(place, place)


def _replaced(e: dict) -> str:
    if "box" in e:
        return f"{e['unit']} fleshes out to {e['steps']} steps in {_where(e['box'])} (7.11, 7.21, 7.22 A)"
    if e.get("off_board"):                                    # a recreated Soviet unit (7.20, recreated.py)
        return f"{e['unit']} fleshes out to {e['steps']} steps off the board (7.20)"
    return f"{e['unit']} fleshes out to {e['steps']} steps (7.11; it may not move this turn, 7.19)"


ITEMS: dict[str, Callable[[dict], str]] = {
    "arrive": lambda e: f"{e['unit']} arrives in {_where(e['box'])} ({e['rule']})",
    "sail": lambda e: f"{e['unit']} moves by sea from {_where(e['from'])} to {_where(e['to'])}"
                      + (f" ({e['mp']} MP to land, 7.1 B)" if "mp" in e else f" ({e['rule']})"),
    "invasion": lambda e: (f"invasion {e['number']}: an invasion-port counter and {', '.join(e['units'])} from "
                           f"{_where(e['from'])} " + (f"sail against the defenders of {e['hex']}: the battle comes first in "
                                                      f"the Prepared Assault Phase ({e['rule']}, 14.18)" if e.get("opposed") else
                                                      f"go ashore unopposed in {e['hex']} ({e['rule']}, 14.24 A)")),
    "greece_invaded": lambda e: (f"invasion {e['number']}: an invasion-port counter from {_where(e['from'])} to Greece, "
                                 f"off the south edge ({e['rule']})"),
    "invasion_ashore": lambda e: f"the invasion force {', '.join(e['units'])} goes ashore in {e['hex']} ({e['rule']}, 14.24 A)",
    "invasion_failed": lambda e: (f"the invasion of {e['hex']} failed: {', '.join(e['units']) or 'nothing'} back to "
                                  f"{_where(e['box'])} ({e['rule']})"),
    "invasion_port_removed": lambda e: f"the invasion-port counter in {e['hex']} is removed ({e['rule']})",
    "southern_italy": lambda e: (f"{e['unit']} moves strategically {' - '.join(_where(h) for h in e['path'])} ({e['rule']})"
                                 if e.get("strategic") else
                                 f"{e['unit']} moves {' - '.join(_where(h) for h in e['path'])}: {e['mp']} MP this phase "
                                 f"({e['rule']}: the edge hex's terrain paid to get on or off the map)"),
    "port_liberated": lambda e: (f"the port of {e['hex']} is liberated{' by Yugoslav units, for the WA' if e.get('by') else ''}: "
                                 f"Port Opening Chart die {e['die']}, it works from the start of Turn {e['opens']} ({e['rule']})"),
    "port_closed": lambda e: f"the Axis take the port of {e['hex']} back: it never reopens ({e['rule']})",
    "convert": lambda e: f"{e['unit']} is withdrawn for the Free French conversion ({e['rule']})",
    "converted": lambda e: f"{', '.join(e['units'])} flip to their 3-4-5 sides, one step each ({e['rule']})",
    "replaced": _replaced,
    "chit_committed": lambda e: f"the WA commit to the secret of their second-invasion chit ({e['rule']})",
    "chit_drawn": lambda e: f"the Axis add their part: the WA alone know their second-invasion chit ({e['rule']})",
    "chit_revealed": lambda e: f"the second invasion reveals the chit: {e['chit']} ({e['rule']})",
    "paratroops_land": lambda e: f"{', '.join(e['units'])} hold {e['hex']}, clear of enemy units beneath them ({e['why']})",
    "drop": lambda e: f"{e['unit']} drops from {_where(e['from'])} into {e['at']} ({e['rule']}, 17.5)"
                      + (f", atop the defenders: it awaits {e['awaits']}" if e.get("awaits") else ""),
    "ebs": lambda e: f"{e['unit']} lands in {e['at']} by emergency beach supply: it moves and attacks no further ({e['rule']})",
    "bridgehead": lambda e: (f"bridgehead across {e['hex']}-{e['across']}: die {e['die']}" + (f" +{e['drm']}" if e["drm"] else "")
                             + (" secured" if e["secured"] else ", no effect") + f" ({e['rule']})"),
    "sea_losses": lambda e: f"{e['unit']} disembarks: German Sea Movement Chart die {e['die']}, {e['steps']} step(s) lost ({e['rule']})",
}
