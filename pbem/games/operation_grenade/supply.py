"""Supply (11.0) and the US supply restrictions (19.4)."""


def determine(game, data, state, events) -> None:
    """11.0: the Mutual Supply Determination Phase (to be built)."""


def combat_strength(game, data, state, unit_id, strength: int, role: str) -> int:
    return strength


def movement_allowance(game, data, state, unit_id, allowance: int) -> int:
    return allowance
