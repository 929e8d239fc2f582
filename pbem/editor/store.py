"""Saving the editor's values as a data override, validated as `pbem new --data` validates it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..datatools import GROUPS, group_of
from ..errors import PbemError
from ..gamedata import UNKNOWN, GameData, load_game_data, load_override, load_scenario, scenarios_dir
from ..games import get_game
from ..yamlio import MAX_FILE_BYTES, dump_yaml, parse_yaml_text

YAML_TEXT = "__yaml__"      # {"__yaml__": "[1131, 1232]"}: a value the page took as YAML text
MAX_PATH_CHARS = 300
_ORDER = [name for _, name in GROUPS] + ["Other rules data"]
HEAD = ("# pbem data override, written by `pbem data edit` from the group's printed copy.\n"
        "# Both players must agree on this file; its hash goes into the campaign header at `pbem new --data`.\n")


def read_values(path: Path | None, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An existing override's values and its other top-level keys (source, demonstration, notice)."""
    if path is None or not path.exists():
        return {}, {}
    doc = load_override(path, game)
    values = {k: v for k, v in doc["values"].items() if v is not None and v != UNKNOWN}
    return values, {k: v for k, v in doc.items() if k not in ("pbem", "game", "values")}


def plain_value(value: Any, path: str) -> Any:
    """A value the page sent, as override data: YAML-text values parsed (bounded), floats refused."""
    if isinstance(value, dict) and set(value) == {YAML_TEXT}:
        text = value[YAML_TEXT]
        if not isinstance(text, str):
            raise PbemError(f"value of {path}: YAML text expected")
        return parse_yaml_text(text, f"value of {path}")
    if isinstance(value, float):
        raise PbemError(f"value of {path}: {value} is a fraction; write it as a string like \"1/2\" (no floats in game data)")
    if isinstance(value, dict):
        return {str(k): plain_value(v, f"{path}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [plain_value(v, path) for v in value]
    if value is None or isinstance(value, (str, int, bool)):
        return value
    raise PbemError(f"value of {path}: not plain data")


def clean_values(values: Any) -> dict[str, Any]:
    if not isinstance(values, dict):
        raise PbemError("values: a mapping of data path -> value expected")
    out: dict[str, Any] = {}
    for path, value in values.items():
        if not isinstance(path, str) or not path or len(path) > MAX_PATH_CHARS or not path.isprintable() or ".." in path:
            raise PbemError(f"override key {str(path)[:80]!r} is not a data path")
        value = plain_value(value, path)
        if value is not None and value != "":
            out[path] = value
    ordered = sorted(out, key=lambda p: (_ORDER.index(group_of(p)), p))
    return {p: out[p] for p in ordered}


def override_text(game: str, values: Mapping[str, Any], extra: Mapping[str, Any]) -> str:
    doc: dict[str, Any] = {"pbem": "data-override", "game": game, "demonstration": False,
                           "source": "FILL IN: which printed edition you copied these from"}
    doc.update({k: v for k, v in extra.items() if k not in ("pbem", "game", "values")})
    doc["values"] = dict(values)
    text = HEAD + dump_yaml(doc)
    if len(text.encode()) > MAX_FILE_BYTES:
        raise PbemError(f"the override would be over the {MAX_FILE_BYTES}-byte limit of a data file")
    return text


def new_campaign_checks(game_id: str, data: GameData) -> list[dict[str, str]]:
    """What `pbem new` does with the data after loading it: each scenario's set-up, for the
    game's first seat arrangement. A refusal here names what `pbem new` would refuse."""
    game = get_game(game_id)
    out = []
    for path in sorted(scenarios_dir(game_id).glob("*.yaml")):
        try:
            scenario, _ = load_scenario(game_id, path.stem)
            seats = sorted(game.seats(scenario)[0])
            game.setup(data, scenario, seats, game.options({}))
            out.append({"scenario": path.stem, "result": "ok"})
        except PbemError as exc:
            out.append({"scenario": path.stem, "result": exc.one_line()})
    return out


def save_override(game: str, values: Mapping[str, Any], extra: Mapping[str, Any], target: Path) -> GameData:
    """Write `target` (atomically, replacing the editor's own earlier save) only if the data
    loads with it exactly as `pbem new --data` loads it; else PbemError and nothing written."""
    text = override_text(game, values, extra)
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".pbem-edit-", suffix=".yaml", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        try:
            data = load_game_data(game, Path(temp))
        except PbemError as exc:
            if exc.file == temp:
                exc.file = str(target)          # name the file being saved, not its temporary twin
            raise
        os.replace(temp, target)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)
    data.override_file = target.name
    return data
