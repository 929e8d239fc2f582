"""The map picture of a save: an SVG of the hexes around the units (`pbem report DIR --svg FILE`).

Drawn from the save and the campaign's game data only, so it is deterministic (same save, same
bytes). It shows:
  - hexes whose terrain the campaign data gives (rulebook or override), within REACH hexes of
    a unit or of a last-phase battle (all of them when the map is empty), with city names;
    hexes of unknown terrain that hold units or battles are drawn hatched with "?";
  - featured hexsides between drawn hexes (rivers, the Rhine, lakes, all-sea);
  - every unit with its id and the game's label for it (Smithereens: "attack-defense-movement"
    of its current face, "?-?-?" where the data lacks the counter's factors; Operation Grenade:
    untried/tried/reduced/cadre, and the strength only in the owning side's picture);
  - the battles of the last prepared-assault phase (state["last_combats"]) outlined in red with
    their column, roll and result.
The game module must offer grid(), hexes(), hex_info(), unit_side() and unit_label().
"""

from .errors import PbemError
from .svg import render_svg

REACH = 2            # hexes of known terrain drawn around each unit and battle
SIDE_FILL = {"german": "#c4ccd6", "soviet": "#f2c9bd", "western": "#d5e4b8"}


def _terrain_name(value) -> str | None:
    """"clear (city)" -> "clear"; anything not a known terrain string -> None."""
    if isinstance(value, str) and value != "unknown":
        return value.split(" (")[0]
    return None


def _unit_fill(game, data, state: dict, unit_id: str) -> str:
    try:
        return SIDE_FILL.get(game.unit_side(data, state, unit_id), "#ffffff")
    except PbemError:
        return "#ffffff"


def _drawn_feature(feature) -> str | None:
    """One feature to draw for a hexside: a name, or the most visible of a list of them."""
    if isinstance(feature, dict) and "value" in feature:
        feature = feature["value"]
    if isinstance(feature, list):
        for name in ("rhine", "river", "roer_upper", "roer_lower", "stream", "lake"):
            if name in feature:
                return "river" if name.startswith("roer") or name == "stream" else name
        return None
    return feature if isinstance(feature, str) else None


def picture_svg(game, data, state: dict, title: str = "", side: str | None = None) -> str:
    grid = game.grid(data)
    units: dict[str, list] = {}
    for unit_id, unit in sorted(state.get("units", {}).items()):
        hex_id = grid.canonical(unit["hex"])
        units.setdefault(hex_id, []).append({
            "id": unit_id,
            "label": game.unit_label(data, state, unit_id, side),
            "fill": _unit_fill(game, data, state, unit_id),
        })
    marks: dict[str, str] = {}
    for combat in state.get("last_combats", []) or []:
        hex_id = grid.canonical(combat["hex"])
        label = str(combat["label"]).replace(" roll ", "\nroll ", 1)       # "COLUMN\nroll N: RESULT"
        marks[hex_id] = f"{marks[hex_id]}\n{label}" if hex_id in marks else label

    known: dict[str, dict] = {}
    for hex_id in sorted(game.hexes(data)):
        info = game.hex_info(data, hex_id)
        terrain = _terrain_name(info.get("terrain"))
        if terrain is None:
            continue
        attrs = {"terrain": terrain}
        if info.get("city") is True:
            attrs["city"] = True
        if isinstance(info.get("name"), str):
            attrs["name"] = info["name"]
        known[grid.canonical(hex_id)] = attrs
    centres = sorted(set(units) | set(marks))
    if centres:
        hexes = {h: a for h, a in known.items() if any(grid.distance(h, c) <= REACH for c in centres)}
    else:
        hexes = dict(known)

    drawn = set(hexes) | set(units) | set(marks)
    hexsides: dict[str, str] = {}
    try:
        listed = data.get("map.hexsides", "hexside features", default={}) or {}
    except PbemError:
        listed = {}
    for key, feature in sorted(listed.items()) if isinstance(listed, dict) else []:
        feature = _drawn_feature(feature)
        a, sep, b = str(key).partition("|")
        if not sep or feature is None:
            continue
        try:
            a, b = grid.canonical(a), grid.canonical(b)
        except ValueError:
            continue
        if a in drawn and b in drawn and grid.adjacent(a, b):
            hexsides[f"{a}|{b}"] = feature
    return render_svg(grid, hexes, units, marks, title=title, hexsides=hexsides)


def save_svg(campaign, save: dict, side: str | None = None) -> str:
    """The picture of one save of a campaign, titled with the campaign, save number and what is next."""
    waiting = save.get("awaiting") or {}
    title = f"{campaign.header.get('title', campaign.id)} — save {save['number']}"
    if waiting.get("phase"):
        title += f" — next: {waiting['phase']}"
    if (save.get("data_used") or {}).get("demonstration") or campaign.data.demonstration:
        title += " — DEMONSTRATION DATA"
    if side:
        title += f" — {side}'s view"
    return picture_svg(campaign.game, campaign.data, save["state"], title, side)
