"""`pbem data missing` and `pbem data template`: what the rulebook text lacks, and a form for it."""

from .gamedata import GameData
from .games.base import GameModule
from .yamlio import dump_yaml

# First matching prefix wins: "CRT cells" holds only the table's cells (crt.cells.ROLL.COLUMN);
# the other combat values crt.yaml leaves unknown (shift sizes, diagrams) get their own group.
GROUPS = (("crt.cells.", "CRT cells"), ("crt.", "Combat rules: shifts and other values"),
          ("map.", "Map: terrain per hex and hexsides"),
          ("units.", "Unit counters: factors, steps, set-up"), ("terrain.", "Terrain effects chart"))


def group_of(path: str) -> str:
    for prefix, name in GROUPS:
        if path.startswith(prefix):
            return name
    return "Other rules data"


def grouped_unknowns(data: GameData) -> dict[str, list[tuple[str, str]]]:
    groups: dict[str, list[tuple[str, str]]] = {}
    for path, printed_on in data.unknown_paths():
        groups.setdefault(group_of(path), []).append((path, printed_on))
    return groups


NAMED = "Entries the rules name, missing from the open collections"


def named_entries(data: GameData, game: GameModule) -> list:
    """(path, printed on, skeleton) for each entry of an open collection the game's rules name
    (a counter, a hex) and the data lacks (GameModule.missing_entries)."""
    return list(game.missing_entries(data))


def missing_report(data: GameData, game: GameModule) -> str:
    groups = grouped_unknowns(data)
    named = named_entries(data, game)
    if named:
        groups[NAMED] = [(path, printed) for path, printed, _ in named]
    lines = [f"{data.game}: {sum(len(v) for v in groups.values())} value(s) the rulebook text does not give"
             + (" (after this campaign's override)" if data.override_hash else "")]
    for name in [g for _, g in GROUPS] + ["Other rules data", NAMED]:
        entries = groups.get(name, [])
        if not entries:
            continue
        lines.append(f"\n{name} ({len(entries)}):")
        lines += [f"  {path}    [printed on: {printed}]" for path, printed in entries]
    if game.open_collections:
        lines.append(f"\nOpen collections (the text cannot list them; add entries in the override): {game.open_collections}")
    return "\n".join(lines).rstrip() + "\n"


def override_template(data: GameData, game: GameModule | None = None) -> str:
    if game is None:
        from .games import get_game
        game = get_game(data.game)
    values = {path: None for path, _ in data.unknown_paths()}
    values.update({path: skeleton for path, _, skeleton in named_entries(data, game)})
    body = {"pbem": "data-override", "game": data.game, "demonstration": False,
            "source": "FILL IN: which printed edition you copied these from", "values": values}
    head = ("# pbem data override: fill each `~` from your printed copy, delete lines you cannot fill.\n"
            "# Both players must agree on this file; its hash goes into the campaign header at `pbem new --data`.\n"
            "# Open collections take new entries too, e.g. `map.hexes.<HEX>: {terrain: clear}` for a hex the data does not list yet\n"
            "# (a hex the rulebook already gives is refused: only unknown values are filled); the entries the rules\n"
            "# name are listed with `unknown` for each value to copy (delete a key the counter does not have).\n")
    return head + dump_yaml(body)
