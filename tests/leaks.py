"""The leak search (issue 18): the bytes of every file the opponent receives must not hold a
value the rules hide from it, nor anything that identifies one.

What the opponent receives: every file of the campaign folder (the header, the commitments, the
data override, each step's save, report and signed inputs, pending/), and what it renders from
them (the public report of each save and its map picture). What must not be in it: `Needle`s.

- core needles (every game): each salt of each item a private part holds, and the salt of the
  orders of each owner step: nowhere, except an item's salt from the step that opened it on;
- game needles: `LEAK_SOURCES[game_id](campaign, parts) -> [Needle]` (Smithereens below: the id of
  every unit hidden under a stack's top, in the files of each save that holds it hidden).
  Operation Grenade: its strength chits (`grenade_needles`).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pbem import campaign as camp
from pbem.hidden.private import FILE_NAME, PrivatePart
from pbem.hidden.steps import hidden_of
from pbem.picture import save_svg
from pbem.report import render_step_report


@dataclass(frozen=True)
class Needle:
    text: str
    what: str
    steps: frozenset[int] | None = None    # the saves whose files may not hold it; None: no file at all


def received(folder: Path, campaign: camp.Campaign) -> dict[str, tuple[int | None, bytes]]:
    """name -> (the save it belongs to, None for campaign-level files; its bytes)."""
    files: dict[str, tuple[int | None, bytes]] = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(folder)
        number = int(rel.parts[1]) if rel.parts[0] == "steps" and len(rel.parts) > 2 else None
        files[str(rel)] = (number, path.read_bytes())
    for number in campaign.step_numbers():
        save = campaign.load_save(number)[0]
        for fmt in ("text", "md", "bbcode"):
            files[f"rendered/{number:04d}/report.{fmt}"] = (number, render_step_report(campaign, save, fmt).encode())
        files[f"rendered/{number:04d}/map.svg"] = (number, save_svg(campaign, save).encode())
    return files


def core_needles(campaign: camp.Campaign, parts: dict[str, PrivatePart]) -> list[Needle]:
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    owner_steps = {n for n in campaign.step_numbers()[1:] if _owner_step(campaign, n)}
    needles = []
    for side, part in sorted(parts.items()):
        for path in sorted(part.folder.iterdir()):
            match = FILE_NAME.fullmatch(path.name)
            if not match:
                continue
            record = part.record(int(match.group(1)))
            if record["orders"] is not None:
                needles.append(Needle(record["orders"]["salt"], f"salt of {side}'s orders of save {record['save']}"))
            for item, opening in sorted(record["items"].items()):
                opened = _opened_at(saves, owner_steps, side, item, record["save"])
                steps = None if opened is None else frozenset(range(opened))
                needles.append(Needle(opening["salt"], f"salt of {side}'s item {item} of save {record['save']}", steps))
    return needles


def _owner_step(campaign: camp.Campaign, number: int) -> bool:
    folder = campaign.step_dir(number)
    orders = [camp.read_stored(p) for p in sorted(folder.glob("orders-*.txt"))]
    return any("result" in (m.body.get("hidden") or {}) for m in orders)


def _opened_at(saves: list[dict], owner_steps: set[int], side: str, item: str, committed: int) -> int | None:
    """The save whose step opened `item` (its commitment left the save in a public step), or None
    (still hidden, or hidden again by its owner's next owner step: then never shown)."""
    digest = hidden_of(saves[committed], side).get(item) if committed < len(saves) else None
    for save in saves[committed + 1:]:
        if hidden_of(save, side).get(item) != digest:
            return None if save["number"] in owner_steps else save["number"]
    return None


def smithereens_needles(campaign: camp.Campaign, parts: dict[str, PrivatePart],
                        wanted: Callable[[dict], bool] = lambda value: True) -> list[Needle]:
    """11.7: the unit ids under each stack's top, in the files of every save that holds them hidden."""
    needles: dict[str, set[int]] = {}
    for number in campaign.step_numbers():
        save = campaign.load_save(number)[0]
        for side, part in parts.items():
            for opening in part.items_at(number, hidden_of(save, side)).values():
                if wanted(opening.value):
                    needles.setdefault(opening.value["unit"], set()).add(number)
    return [Needle(unit, f"unit {unit} under fog of war", frozenset(steps)) for unit, steps in sorted(needles.items())]


def stargard_needles(campaign: camp.Campaign, parts: dict[str, PrivatePart]) -> list[Needle]:
    """12.6, 16.1: the withdrawn chit as the saves, reports and signed orders would name it, in the
    files of every save that holds it hidden (the chit's id alone is public: it is in the cup)."""
    needles: dict[str, set[int]] = {}
    for number in campaign.step_numbers():
        save = campaign.load_save(number)[0]
        part = parts.get("soviet")
        if part is None:
            continue
        for opening in part.items_at(number, hidden_of(save, "soviet")).values():
            if "unit" in opening.value:          # 1.1.4: a unit under a stack's top
                continue
            chit = opening.value["chit"]
            for text in (f"chit: {chit}", f'"chit":"{chit}"', f"withdraws {chit}", f"withdraw: {chit}",
                         f'"withdraw":"{chit}"', ", ".join(opening.value["order"])):
                needles.setdefault(text, set()).add(number)
    units = smithereens_needles(campaign, {s: p for s, p in parts.items()}, lambda value: "unit" in value)
    return units + [Needle(text, f"withdrawn chit ({text})", frozenset(steps)) for text, steps in sorted(needles.items())]


def chit_needles(campaign: camp.Campaign, parts: dict[str, PrivatePart]) -> list[Needle]:
    """End of the Iron Dream 14.12, 27.6 A: the WA's (NATO's) chit secrets, in the files of every save that holds them hidden."""
    needles: dict[str, set[int]] = {}
    for number in campaign.step_numbers():
        save = campaign.load_save(number)[0]
        for side, part in parts.items():
            for opening in part.items_at(number, hidden_of(save, side)).values():
                needles.setdefault(str(opening.value), set()).add(number)
    return [Needle(secret, "the WA's second-invasion or A-bomb chit secret", frozenset(steps)) for secret, steps in sorted(needles.items())]


def iron_dream_needles(campaign: camp.Campaign, parts: dict[str, PrivatePart]) -> list[Needle]:
    """End of the Iron Dream: 14.12 the WA's chit secret (27.6 A NATO's); 25.3 the unit ids under each stack's top
    and the hexes of the German dummies (as `dummy-N: HEX`, `"dummy-N":"HEX"` or `dummy-N in HEX`), in the files of
    every save that holds them hidden."""
    secrets: dict[str, set[int]] = {}
    dummies: dict[str, set[int]] = {}
    for number in campaign.step_numbers():
        save = campaign.load_save(number)[0]
        for side, part in parts.items():
            for item, opening in part.items_at(number, hidden_of(save, side)).items():
                if not isinstance(opening.value, dict):             # 14.12, 27.6 A: a chit's secret
                    secrets.setdefault(str(opening.value), set()).add(number)
                elif "dummy" in opening.value:
                    where = item.rsplit("/", 1)[0]
                    name = opening.value["dummy"]
                    for text in (f"{name}: {where}", f'"{name}":"{where}"', f"{name} in {where}"):
                        dummies.setdefault(text, set()).add(number)
    units = smithereens_needles(campaign, parts, lambda value: isinstance(value, dict) and "unit" in value)
    return (units + [Needle(s, "the WA's second-invasion chit secret", frozenset(n)) for s, n in sorted(secrets.items())]
            + [Needle(t, f"a German dummy ({t})", frozenset(n)) for t, n in sorted(dummies.items())])


def grenade_needles(campaign: camp.Campaign, parts: dict[str, PrivatePart]) -> list[Needle]:
    """Operation Grenade 8.42: the strength chits, dealt in secret (behaviour 3, the save holds
    `pools`): no file of any save may name any chit of the pools. A campaign that draws them in the
    open (behaviour 2) names each drawn chit in its `chit` events: tests/test_poker_grenade.py's
    `open_draw_needles` find those in the demo as pbem 0.6.0 played it (tests/compat/)."""
    from pbem.games.operation_grenade import chits
    numbers = campaign.step_numbers()
    start = campaign.load_save(numbers[0])[0]["state"]
    if "pools" not in start:
        return []
    ids = sorted({str(c["id"]) for pool in start["pools"] for c in chits.pool(campaign.data, pool)})
    return [Needle(i, f"strength chit {i}", frozenset(numbers)) for i in ids]


LEAK_SOURCES: dict[str, Callable[[camp.Campaign, dict[str, PrivatePart]], list[Needle]]] = {
    "smithereens": smithereens_needles,
    "dark-december": smithereens_needles,        # 25.0: the same items, {unit: ID, ...} under a stack's top
    "stargard-solstice": stargard_needles,
    "end-of-the-iron-dream": iron_dream_needles,  # 14.12, 27.6 A: the WA's (NATO's) secrets; 25.3: units under a top, dummies
    "operation-grenade": grenade_needles,         # 8.42: the strength chits
}


def _occurs(needle: str, data: bytes) -> bool:
    """As a whole token: `sov-2` is not found inside `sov-2gta`."""
    text = needle.encode()
    if text not in data:                # not even inside a longer token: no pattern to search (most needles, most files)
        return False
    pattern = rb"(?<![A-Za-z0-9_-])" + re.escape(text) + rb"(?![A-Za-z0-9_-])"
    return re.search(pattern, data) is not None


TOKEN = re.compile(rb"[A-Za-z0-9_-]+")


class _Searched:
    """_occurs(needle, data) for the many needles searched in one file: a needle made only of token
    characters occurs as a whole token exactly when it is one of the file's maximal runs of them
    (found once per file); any other needle is searched as _occurs searches it."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.tokens = frozenset(TOKEN.findall(data))

    def __call__(self, needle: str) -> bool:
        text = needle.encode()
        if TOKEN.fullmatch(text):
            return text in self.tokens
        return _occurs(needle, self.data)


def find_leaks(folder: Path, parts: dict[str, PrivatePart]) -> tuple[list[str], int]:
    """(each leak as 'file: what', how many needles were searched for)."""
    campaign = camp.open_campaign(folder)
    needles = core_needles(campaign, parts)
    source = LEAK_SOURCES.get(campaign.header["game"])
    if source is not None:
        needles += source(campaign, parts)
    leaks = []
    for name, (number, data) in received(folder, campaign).items():
        occurs = _Searched(data)
        for needle in needles:
            applies = needle.steps is None or (number is not None and number in needle.steps)
            if applies and occurs(needle.text):
                leaks.append(f"{name}: {needle.what}")
    return leaks, len(needles)
