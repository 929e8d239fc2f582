"""A side's private part: what only that side may see, kept in its own folder, never sent.

Layout (default: beside the campaign folder DIR, so the campaign folder stays byte-identical
on every machine; `--private PATH` names another place):

    DIR.private-SIDE/NNNN.yaml   what SIDE hid when its signed step made save NNNN:
        pbem: private
        campaign: ID
        side: SIDE
        save: NNNN
        items: {ITEM: {value: ..., salt: 64 hex}}   every item SIDE holds hidden in save NNNN
        orders: {list: [...], salt: 64 hex}          the orders as played (the public ones hide them)
        events: [...]                                 the step's events as the owner's report shows them
        data_used: [...]                              override values the step used

A save's hidden items of SIDE are those of the latest file numbered at or below it, less the
ones opened since (the save's `hidden:` lists what is still hidden). Hand the folder over at
the end of the game for `pbem verify DIR --private PATH`. Back it up: the salts are also
derived from the key (pbem.hidden.commit), but the orders played are only here.
"""

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import PbemError
from ..storage import _fsync_dir, safe_component
from ..yamlio import MAX_SAVE_BYTES, dump_yaml, load_yaml_file
from .commit import Opening, check_opening

FILE_NAME = re.compile(r"^([0-9]{4})\.yaml$")
RECORD_FIELDS = {"pbem", "campaign", "side", "save", "items", "orders", "events", "data_used"}


def default_private_folder(campaign_folder: Path, side: str) -> Path:
    folder = Path(campaign_folder).resolve()
    return folder.with_name(f"{folder.name}.private-{safe_component(side, 'side')}")


@dataclass(frozen=True)
class PrivatePart:
    folder: Path
    side: str
    campaign: str

    def path(self, number: int) -> Path:
        return self.folder / f"{number:04d}.yaml"

    def exists(self) -> bool:
        return self.folder.is_dir()

    def write(self, number: int, items: dict[str, Opening], orders: dict | None, events: list,
              data_used: list) -> Path:
        """Write (or replace, while the step is not yet recorded) the record of save `number`."""
        record = {"pbem": "private", "campaign": self.campaign, "side": self.side, "save": number,
                  "items": {k: items[k].as_dict() for k in sorted(items)}, "orders": orders,
                  "events": events, "data_used": data_used}
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temp = tempfile.mkstemp(prefix=".tmp-", dir=self.folder)
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(dump_yaml(record))
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, self.path(number))
        _fsync_dir(self.folder)
        return self.path(number)

    def record(self, number: int) -> dict:
        path = self.path(number)
        record = load_yaml_file(path, limit=MAX_SAVE_BYTES)
        if (not isinstance(record, dict) or set(record) != RECORD_FIELDS or record["pbem"] != "private"
                or record["campaign"] != self.campaign or record["side"] != self.side or record["save"] != number
                or not isinstance(record["items"], dict)):
            raise PbemError(f"not the private part of {self.side} for save {number} of campaign {self.campaign}", str(path))
        return record

    def latest_at(self, number: int) -> int | None:
        """The number of the record in force at save `number` (the latest at or below it)."""
        if not self.folder.is_dir():
            return None
        numbers = [int(m.group(1)) for p in self.folder.iterdir() if (m := FILE_NAME.fullmatch(p.name))]
        below = [n for n in numbers if n <= number]
        return max(below) if below else None

    def items_at(self, number: int, committed: dict[str, str]) -> dict[str, Opening]:
        """The openings of every item the save holds hidden for this side, each checked
        against its commitment (a private part that does not open its own save is refused)."""
        if not committed:
            return {}
        at = self.latest_at(number)
        if at is None:
            raise PbemError(f"the private part of {self.side} has no record at or before save {number}", str(self.folder))
        items = self.record(at)["items"]
        openings = {}
        for item, digest in sorted(committed.items()):
            if item not in items:
                raise PbemError(f"the private part of {self.side} (save {at}) lacks hidden item {item!r} of save {number}",
                                str(self.path(at)))
            openings[item] = check_opening(self.campaign, self.side, item, items[item], digest)
        return openings


def find_private(campaign_folder: Path, campaign: str, side: str, given: Path | None = None) -> PrivatePart | None:
    """The side's private part: the folder given, else the default beside the campaign (None if absent)."""
    folder = Path(given) if given is not None else default_private_folder(campaign_folder, side)
    part = PrivatePart(folder, side, campaign)
    if given is not None and not part.exists():
        raise PbemError("no such private part (a folder of NNNN.yaml records)", str(folder))
    return part if part.exists() else None


def side_of_part(folder: Path) -> str:
    """Which side a handed-over private part belongs to (read from its records)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise PbemError("no such private part (a folder of NNNN.yaml records)", str(folder))
    names = sorted(p.name for p in folder.iterdir() if FILE_NAME.fullmatch(p.name))
    if not names:
        raise PbemError("holds no NNNN.yaml record: not a private part", str(folder))
    record: Any = load_yaml_file(folder / names[0], limit=MAX_SAVE_BYTES)
    if not isinstance(record, dict) or record.get("pbem") != "private" or not isinstance(record.get("side"), str):
        raise PbemError("not a pbem private record", str(folder / names[0]))
    return str(record["side"])
