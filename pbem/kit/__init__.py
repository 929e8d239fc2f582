"""The hex-wargame kit: the machinery a game module is assembled from.

A game module is its rules data (rules/GAME/*.yaml), its sequence of play (a table of
`Phase` entries, pbem.kit.sequence) and the few rules that are truly its own. Everything the
games share lives here, game-agnostic and typed:

- board:     a read-only view of a position (units, stacks, sides, control)
- terrain:   hex and hexside features from the data; unknown values refuse naming their path
- movement:  walking a path against MP costs, zones of control and stacking limits
- combat:    odds/differential to a column, named shifts, clamping, whole-column CRT lookup
- losses:    step spreading, retreat path checks
- sequence:  the sequence of play as one table; pure checks; one refusal style
- numbers:   reading rulebook numbers from the data (never a constant in Python)

Nothing here knows a game by name. docs/adding-a-game.md walks through using it.
"""
