"""15.0 set-up: a campaign starts from the position its group agrees on
(`module.positions.NAME` of the data override: every unit's hex, and its steps if not full),
every unit in supply (11.4) and in command (3.3.3); the cup (1.4) and the first chit (2.3.1)
are the scenario's start state (scenarios/stargard-solstice/campaign.yaml)."""

from __future__ import annotations

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.sequence import PASSES
from .common import canonical, counter, full_steps, info
from .cup import chit_side
from .setup_data import start_state

POSITIONS = "the position the group agrees on (its data override)"


def start(data: GameData, scenario: dict, options: dict) -> dict:
    name = options["position"]
    position = data.get(f"module.positions.{name}", f"the starting position {name!r} (15.0)")
    if not isinstance(position, dict) or not isinstance(position.get("units"), dict):
        raise UnknownDataError(f"module.positions.{name}.units", f"the units of the position {name!r}", POSITIONS, data.override_file)
    units: dict[str, dict] = {}
    for unit_id in sorted(position["units"]):
        where = position["units"][unit_id]
        if not isinstance(where, dict) or "hex" not in where:
            raise UnknownDataError(f"module.positions.{name}.units.{unit_id}.hex", f"the hex of {unit_id}", POSITIONS, data.override_file)
        c = counter(data, unit_id)
        full = full_steps(data, unit_id)
        steps = int(where.get("steps", full))
        if not 1 <= steps <= full:
            raise PbemError(f"data `module.positions.{name}.units.{unit_id}.steps` must be 1..{full}", data.override_file)
        hex_id = canonical(data, where["hex"])
        info(data, hex_id)
        units[unit_id] = {"side": str(unwrap(c["side"])), "hex": hex_id, "steps": steps, "supply": "in"}
    begin = start_state(scenario)
    chits = sorted(str(c) for side in ("german", "soviet") for c in begin["cup"][side])
    # 1.4 "a command chit for each army": whether the Konstantinov HQ (a cavalry corps) has one
    # is not in the text (SS11); the group says so in its data override
    if numbers.flag(data, "command.chits.konstantinov_chit.exists", "whether the Konstantinov HQ has a chit (1.4)"):
        chits = sorted([*chits, "Konstantinov-HQ"])
    for chit in chits:
        chit_side(data, chit)
    return {
        "seats": ["german", "soviet"], "turn": int(begin["turn"]),
        "last_turn": int(begin["last_turn"]),
        "phase": "random_event", "units": units, "dead": [], "chits": chits, "cup": list(chits),
        "first_chit": str(begin["first_chit"]),
        "drawn": {"german": [], "soviet": []}, "activations": {"german": 0, "soviet": 0}, "draws": 0,
        "active": None, "chit": None, "hq": None, "hq_hex": None, "activated": [], "independents": [], "moved": [],
        "attackers": [], "attacked": [], "vacated": None, "barred": None, "previous": None, "pending": None,
        "last_event": None, "reactions": [], "activated_hqs": [], PASSES: True,
    }
