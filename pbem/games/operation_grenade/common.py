"""What every Operation Grenade rule group shares: the sides, dates, designations, the order
spelling, and the rulebook numbers read from rules/operation-grenade/*.yaml (pbem.kit.numbers)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from ...errors import UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ...kit.orders import as_text, each_order

SIDES = ("allied", "german")
ONE_STEP_SIZES = ("battalion",)                        # 9.82: battalions, artillery, cadres: one step
MECHANIZED = ("tank", "mechanized_infantry", "reconnaissance", "self_propelled_artillery")   # 5.31
ARTILLERY = ("artillery", "self_propelled_artillery")
LINE_ORDER = ("hilltop_city", "woods_swamp_town", "clear")            # 9.89: most favourable to the defender first
PUBLIC_FORM = {"untried": "untried", "front": "tried", "reduced": "reduced", "cadre": "cadre"}
PHASE_NAMES = {"flood": "Roer flood declaration (17.0)", "d_day": "D-Day declaration (18.0)",
               "movement": "Movement Phase (5.0)", "combat": "Combat Phase (9.0)"}


def other(side: str) -> str:
    return "german" if side == "allied" else "allied"


def parse_date(text: str) -> date:
    return date.fromisoformat(str(text))


def corps_of(unit_id: str) -> str:
    """2.22: designations read unit/division/corps (or unit/corps); the corps is the last part.
    The designation only: a unit's corps for the rules is `corps()`."""
    return unit_id.rsplit("/", 1)[-1]


def corps(game: Any, data: GameData, unit_id: str) -> str:
    """The one answer to "which corps is this unit in", for every rule that asks: supply (19.41,
    19.42), artillery support (9.63), the 7th Corps limit (19.32). 2.22: the last part of the
    designation, unless the counter data gives `corps:`. Errata E4: where the rules data points
    a unit's corps at its counter (405/102/12, printed "/12" beside two "/13" regiments of the
    102nd), the campaign must give `units.counters.<unit>.corps`; until it does, refused."""
    given = unwrap(game.counter(data, unit_id).get("corps", UNKNOWN_CORPS))
    if given != UNKNOWN_CORPS:
        return str(given)
    if unit_id in data.derived("operation-grenade.corps_on_counter", lambda: _corps_on_counter(data)):
        raise UnknownDataError(f"units.counters.{unit_id}.corps", f"the corps of {unit_id} (2.22, 9.63, 19.4; errata E4)",
                               "the unit counter (2.22)", data.override_file)
    return corps_of(unit_id)


UNKNOWN_CORPS = "unknown"


def _corps_on_counter(data: GameData) -> frozenset:
    """The named units whose corps the rules data does not give as text (E4: `corps: {see: ...}`)."""
    named = data.get("units.named_units", "the units named in the text (16.0)")
    return frozenset(entry["id"] for group in named.values() if isinstance(group, list) for entry in group
                     if isinstance(entry, dict) and "id" in entry and "corps" in entry and not isinstance(entry["corps"], str))


def _ids_as_text(order: dict) -> dict:
    order = {k: ([as_text(v) for v in value] if isinstance(value, list) else as_text(value)) for k, value in order.items()}
    if isinstance(order.get("retreat"), dict):
        order["retreat"] = {str(k): [as_text(h) for h in v] if isinstance(v, list) else v
                            for k, v in order["retreat"].items()}
    return order


def normalise_orders(orders: Any) -> Any:
    """Hex ids as text: a player may write `attack: 0410` without quotes (it stays 0410)."""
    return each_order(orders, _ids_as_text)


# -- rulebook numbers ----------------------------------------------------------------------------
def max_stack(data: GameData) -> int:
    return numbers.integer(data, "game.stacking.max_units_per_hex", "the most units in a hex at the end of movement (7.11)")


def zoc_leave_fraction(data: GameData) -> Fraction:
    return numbers.fraction(data, "game.zones_of_control.movement.leave_at_start_of_movement_phase.fraction_of_allowance",
                            "the part of the Movement Allowance spent to leave an enemy ZOC (6.32)")


def minimum_strength(data: GameData) -> int:
    return numbers.integer(data, "crt.odds.minimum_combat_strength", "the minimum Combat Strength (11.33)")


def modifier(data: GameData, path: str, rule: str) -> int:
    """A Combat Strength multiplier or addition of crt.strength_modifiers (9.32, 12.21, 20.1)."""
    return numbers.integer(data, f"crt.strength_modifiers.{path}", f"the defence modifier {path} ({rule})")
