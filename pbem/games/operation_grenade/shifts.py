"""Column shifts beyond mud (24.22) and surprise (18.21): hilltops (9.33-9.35), combined arms (9.5)."""


def column_shifts(game, data, state, combat) -> list:
    return []
