"""Dark December: the rules pbem does not enforce, each with why (written into every campaign header; the
variants and options a campaign chose add theirs, `DarkDecember.not_enforced_for`)."""

NOT_ENFORCED = (
    "campaigns begun before behaviour 3 play without 5.7 road control, 10.4 strategic movement (with 10.6.2, 11.2 B, 11.3 B, "
    "12.2, 13.3.2 B, 16.1 G, 20.1 B/C), 20.4.2 interdiction, 8.7.2 D, 13.7.4 C, 14.3 B's integrity from reserves and the "
    "commanders' 15.1 B/15.2 B/15.4 B/15.7 B, which they replay as recorded (docs/upgrading.md)",
    "11.1 A-C moving stacks: pbem moves each unit by its own order, so a stack is its units moved one by one and the limit "
    "is checked where each move ends (11.0 A); 8.2 supply does not read road control (its text asks only for a road free "
    "of enemy units, ZOCs and blown bridges), nor does 9.1 F (\"friendly controlled town\" read as a town no enemy unit "
    "holds)",
    "campaigns begun before behaviour 3 play without 9.1 G, 10.6.3 C, 10.7 exits, 10.7.2 C/10.7.3 and 13.6 B's last "
    "retreat priority, which read the map's edges (group data `map.edges.*`, from behaviour 3); 10.6.3 D is 10.7.2 C. "
    "13.6 C the Bulge rule is not enforced: the text does not define \"the Bulge\", nor when a unit is north or south "
    "of it",
    "10.9 restricted units are enforced from behaviour 3 (the Meuse and Semois hexsides group data `map.rivers.*`); "
    "they bind Allied moves in the Movement, Reaction and Exploitation Phases, not retreats or advances after combat, "
    "which the text does not call movement",
    "23.0 conditional forces (optional, `--option conditional=true`) are enforced from behaviour 3 with 26.8 A, 26.12 B "
    "and 26.14 B; 23.0 B \"occupies Bastogne\" and 23.0 C \"controls Bastogne\" are both read as a German unit in its "
    "hex (the text does not say control differs here); a scenario in which the condition holds at the start is "
    "refused with the option (pbem rolls no die at set-up); without the option pbem reads no counter's `conditional` "
    "marking, so a group playing without 23.0 leaves the conditional counters out of its data (23.0 A brings them in only "
    "by its dice)",
    "10.8 B's optional provisions: \"not required if Germany is presently winning\": the victory conditions are judged "
    "at the end of the game (7.2 F), and the text does not say how a side is winning before it; \"another armored regiment must be removed in its place\" needs an Allied choice "
    "at the start of its player turn, which no step takes (10.8 B itself and 10.8 C are enforced); 10.8 D: the text does "
    "not say which SS units are withdrawn",
    "14.6 historical reserve markers (optional): 6.2 B says no German unit may begin the Combat Phase in reserve from the "
    "historical positions, 14.6 A places eleven in reserve there, and the units it names (316/212, ...) are counters the "
    "data does not identify",
    "11.0 C: an overstacked move is refused (11.0 C eliminates only what a retreat left over the limit)",
    "15.x commanders (optional, `--option commanders=true`; enforced: 13.2/7.1.5.2 all out assault with 15.1 A/C, 15.3, "
    "15.8, 13.5.1 E with 15.2 A, and in behaviour 3 15.1 B, 15.2 B, 15.4 B/C, 15.5 A, 15.6 A-E, 15.7 A/B, 13.8.4.1/13.8.4.2 "
    "with Patton's and Manteuffel's counters as group data; 15.9 with `--option dietrich=true`; from behaviour 5 15.5 D "
    "displacement, reading DD19): campaigns begun before behaviour 5 keep 10.2 D for a lone leader's hex, as they "
    "recorded; under fog of war (25.0) 15.5 D is not played (a move is an owner step that changes no enemy unit), nor "
    "does a reinforcement's blocked entry hex (10.6.3 B) let it in; a displacement with no supplied friendly combat unit "
    "on the map is refused (15.5 D does not say where the leader goes); 15.7 C is the reinforcement code on the leaders' "
    "counters (10.6, group data)",
    "16.2.4 A/B the Allied counter-mix limit on new bridges (the counter mix is not in the text); 16.0 C the Our bridges "
    "demolished at the start: the text says only \"some\" (the map shows which), so pbem starts with no blown bridge and "
    "a campaign's map data gives those hexsides without a bridge (built again as new bridges, 16.2)",
    "27.0 corps artillery (optional): it needs the artillery units and barrage rules of another game (SPI's Battles for the "
    "Ardennes), which the text does not give",
    "26.x variants adjudicated: 26.1, 26.2, 26.5, 26.14 A; with the conditional forces (23.0) 26.8 A, 26.12 B, 26.14 B; from behaviour 2 (divisions as group data, "
    "`variants.division_variants`) 26.3, 26.4 A, 26.8 B/C, 26.12 A; from behaviour 3 26.7 and 26.9 A in the free set-up, "
    "26.11 (`luftwaffe: true`), 26.15 (the map's edges, group data `map.edges.*`) and 26.10 (on `map.rivers.meuse`: Germany "
    "crosses the Meuse when a German unit other than a leader ends a player turn on its west side, judged at the end of each "
    "player turn), 26.17 (the 66th's regiments, `variants.division_variants.26_17.divisions`, enter on any road hex of "
    "`map.edges.west`; 23.0 F keeps them out of play without the variant: the group leaves their counters out, or gives "
    "them `reinforcement: none` and no set-up hex, since without 26.17 pbem does not read their id) and 26.19 (a row's "
    "units due the Game-Turn after Germany controls all its objectives, 5.7 D road control read as \"captured\", judged at "
    "the end of each player turn; the rows' divisions and the towns' hexes group data `variants.division_variants.26_19.rows`, "
    "`map.places.TOWN.hex`; the normal arrival is the counters' turn), 26.20 B/C (the Campaign Game only; the reinforcements' "
    "edges from `map.edges.*`), 26.4 B and 26.6 A/B (an Allied set-up step before the German one, 6.0 H: the 99th within "
    "three hexes of `map.places.elsenborn.hex`, the 2nd west of the Our, `map.rivers.our`, its west side read as the "
    "Meuse's, DD14; the divisions `variants.division_variants.26_4.free_setup`/`.removed`). "
    "Not adjudicated, and why: 26.20 A the German choice is made openly at `pbem new` (variants 26.8 or 26.9 with 26.20), "
    "not secretly: pbem has no sealed campaign option, and A only suggests secrecy; 26.9 B the Turning Point exit hexes are part of that scenario's victory conditions, and the group's "
    "`game.victory.turning_point` counts every exited unit's strength (10.7 lets Germany exit at any road entry hex of the "
    "north, south and west edges), so the text gives nothing for the changed range to replace; campaigns begun before behaviour 5 "
    "record 26.13 Montgomery's withdrawal without adjudicating it (from behaviour 5 A-E: the second Allied move a "
    "sequence step, the river lines `map.rivers.meuse`/`.sure`/`.ambleve`/`.semois` with `map.edges.*`, the most direct "
    "route read as each hex entered one hex nearer the closest line's far bank or the Meuse's, reading DD20); campaigns begun before behaviour 4 play 26.8 without 26.8 D, "
    "judging every victory level, as they recorded (from behaviour 4 Germany wins only with the levels named in "
    "`variants.division_variants.26_8.german_may_win`, reading DD17); campaigns begun before behaviour 4 play "
    "26.16 without its A/B (from behaviour 4 the divisions `variants.division_variants.26_16.divisions` are due AM 17 "
    "December at their counters' entry areas, with 26.5 only, reading DD18) and 26.18 (from behaviour 4 A and B: the "
    "divisions `variants.division_variants.26_18.divisions` set up at start in any army area in the free set-up, 6.1 "
    "C's distance from the Westwall kept, with 26.5 and 26.16 only; from the historical positions, 6.2, there is no "
    "set-up step and they stay reinforcements, reading DD18); 26.18 C rolls a die before play, and pbem rolls none at "
    "set-up. Victory "
    "conditions and game lengths are printed in the study folder and on the Game Turn Record Track (group data "
    "game.turns.last_turn_*, game.victory.SCENARIO): campaigns begun before behaviour 3 end without a victory "
    "determination (7.2 F)",
)
