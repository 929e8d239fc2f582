"""Dark December: the rules pbem does not enforce in a campaign created now (behaviour 6), each with why
(written into every campaign header; the variants and options a campaign chose add theirs,
`DarkDecember.not_enforced_for`). What older revisions also leave to the players: docs/upgrading.md."""

NOT_ENFORCED = (
    "11.1 A-C moving stacks: pbem moves each unit by its own order, so a stack is its units moved one by one and the limit "
    "is checked where each move ends (11.0 A); 8.2 supply does not read road control (its text asks only for a road free "
    "of enemy units, ZOCs and blown bridges), nor does 9.1 F (\"friendly controlled town\" read as a town no enemy unit "
    "holds)",
    "13.6 C the Bulge rule: the text does not define \"the Bulge\", nor when a unit is north or south of it",
    "10.9 restricted units (the Meuse and Semois hexsides group data `map.rivers.*`) bind Allied moves in the Movement, "
    "Reaction and Exploitation Phases, not retreats or advances after combat, which the text does not call movement",
    "23.0 conditional forces (optional, `--option conditional=true`, with 26.8 A, 26.12 B and 26.14 B): 23.0 B \"occupies "
    "Bastogne\" and 23.0 C \"controls Bastogne\" are both read as a German unit in its hex (the text does not say control "
    "differs here); a scenario in which the condition holds at the start is refused with the option (pbem rolls no die "
    "at set-up); without the option pbem reads no counter's `conditional` marking, so a group playing without 23.0 leaves "
    "the conditional counters out of its data (23.0 A brings them in only by its dice)",
    "10.8 B's optional provisions: \"not required if Germany is presently winning\": the victory conditions are judged "
    "at the end of the game (7.2 F), and the text does not say how a side is winning before it; \"another armored "
    "regiment must be removed in its place\" needs an Allied choice at the start of its player turn, which no step takes "
    "(10.8 B itself and 10.8 C are enforced); 10.8 D: the text does not say which SS units are withdrawn",
    "14.6 historical reserve markers (optional): 6.2 B says no German unit may begin the Combat Phase in reserve from the "
    "historical positions, 14.6 A places eleven in reserve there, and the units it names (316/212, ...) are counters the "
    "data does not identify",
    "11.0 C: an overstacked move is refused (11.0 C eliminates only what a retreat left over the limit)",
    "15.x commanders (optional, `--option commanders=true`; 15.9 with `--option dietrich=true`): under fog of war (25.0) "
    "15.5 D displacement is not played (a move is an owner step that changes no enemy unit), nor does a reinforcement's "
    "blocked entry hex (10.6.3 B) let it in; a displacement with no supplied friendly combat unit on the map is refused "
    "(15.5 D does not say where the leader goes); 15.7 C is the reinforcement code on the leaders' counters (10.6, "
    "group data)",
    "16.2.4 A/B the Allied counter-mix limit on new bridges (the counter mix is not in the text); 16.0 C the Our bridges "
    "demolished at the start: the text says only \"some\" (the map shows which), so pbem starts with no blown bridge and "
    "a campaign's map data gives those hexsides without a bridge (built again as new bridges, 16.2)",
    "27.0 corps artillery (optional): it needs the artillery units and barrage rules of another game (SPI's Battles for the "
    "Ardennes), which the text does not give",
    "26.x variants: 26.20 A the German choice is made openly at `pbem new` (variants 26.8 or 26.9 with 26.20), not "
    "secretly: pbem has no sealed campaign option, and A only suggests secrecy; 26.9 B the Turning Point exit hexes are "
    "part of that scenario's victory conditions, and the group's `game.victory.turning_point` counts every exited unit's "
    "strength (10.7 lets Germany exit at any road entry hex of the north, south and west edges), so the text gives nothing "
    "for the changed range to replace; 26.18 C rolls a die before play, and pbem rolls none at set-up. Victory conditions "
    "and game lengths are printed in the study folder and on the Game Turn Record Track, not in the text (group data "
    "game.turns.last_turn_*, game.victory.SCENARIO)",
)
