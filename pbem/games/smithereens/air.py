"""13.7 Western Allied strategic airpower: the bombers' strike before a Western Allied prepared
assault. The assault order names it: `bombers: [UNIT, ...]`, the defenders' steps in the order
the Allies choose to take them (a unit once per step; "Allies' choice", 13.7), at least as many
as the strike can take. The die is rolled when that fight's resolution begins; the steps go at
once; then the battle is resolved as a normal PA, or, if the bombers annihilated the defenders,
the attackers named in `advance:` take their free one-hex advance (13.7, 11.33)."""

from ...dice import Dice
from ...gamedata import GameData
from ...kit import numbers
from .responses import ResponseRules

AIR = "special.western_strategic_airpower"


class AirRules(ResponseRules):
    def bomber_problems(self, data: GameData, state: dict, army: str, order: dict, target: str, defenders: list[str],
                        bombed: list[str]) -> list[str]:
        """13.7: Western Allied PAs only, after turn 3, twice a game, one a turn; the loss order given."""
        choice = order["bombers"]
        if army != "western":
            return ["only Western Allied prepared assaults may have the strategic bombers' support (13.7)"]
        after = numbers.integer(data, f"{AIR}.after_turn", "the turn after which the bombers may fly (13.7)")
        if state["turn"] <= after:
            return [f"the strategic bombers fly only after turn {after} (13.7)"]
        per_game = numbers.integer(data, f"{AIR}.uses_per_game", "the bombers' uses per game (13.7)")
        per_turn = numbers.integer(data, f"{AIR}.max_per_turn", "the bombers' attacks per turn (13.7)")
        used = list(state.get("bombers_used", []))
        bombed.append(target)
        if len(used) + len(bombed) > per_game:
            return [f"the strategic bombers fly only {per_game} times a game (13.7); used on turns {', '.join(map(str, used)) or 'none'}"]
        if len(bombed) > per_turn:
            return [f"only {per_turn} bomber attack per turn (13.7)"]
        steps = {u: state["units"][u]["steps"] for u in defenders}
        most = max(self.bomber_steps(data, roll) for roll in range(1, self.die_faces(data) + 1))
        if not isinstance(choice, list) or any(u not in steps for u in choice) or any(choice.count(u) > steps[u] for u in steps):
            return [f"`bombers:` lists the defenders of {target} ({', '.join(defenders)}) once per step, in the order the Allies take them (13.7)"]
        if len(choice) < min(most, sum(steps.values())):
            return [f"`bombers:` must name {min(most, sum(steps.values()))} steps, as many as the strike may take (13.7)"]
        return []

    def riverine_problems(self, data: GameData, state: dict, army: str, order: dict, target: str, used: list[str]) -> list[str]:
        """13.9 mission 1: the Amphibious & Riverine marker atop one attacking Western stack across a
        river (Rhine included) negates that hexside's defensive benefit; from Game Turn 7, once a game turn."""
        path = "special.amphibious_riverine"
        if army != "western":
            return ["only Western Allied units have the Amphibious & Riverine marker (13.9)"]
        first = numbers.integer(data, f"{path}.from_turn", "the turn the Amphibious & Riverine marker arrives (13.9)")
        if state["turn"] < first:
            return [f"the Amphibious & Riverine marker arrives on Game Turn {first} (13.9)"]
        per_turn = numbers.integer(data, f"{path}.uses_per_game_turn", "the marker's missions per game turn (13.9)")
        used.append(target)
        if state.get("riverine_turns", []).count(state["turn"]) + len(used) > per_turn:
            return [f"the Amphibious & Riverine marker flies {per_turn} mission a game turn (13.9)"]
        try:
            stack = self.grid(data).canonical(str(order["riverine"]))
        except ValueError as exc:
            return [str(exc)]
        hexes = {state["units"][u]["hex"] for u in order["with"] if u in state["units"]}
        crossing = {"river", "rhine"} | ({"lake", "sea"} if self.plays(data, 3) else set())     # 13.9 mission 2: behaviour 3
        if stack not in hexes or not crossing & set(self.hexside(data, stack, target)):
            water = "a river, lake or all-sea hexside" if self.plays(data, 3) else "a river hexside"
            return [f"`riverine:` is the hex of an attacking stack across {water} from {target} (13.9)"]
        return []

    def bomb(self, data: GameData, state: dict, order: dict, target: str, dice: Dice) -> dict:
        """The strike: its die, the steps lost in the Allies' order, whether the hex is empty."""
        roll = dice.roll(f"bombers/{target}", self.die_faces(data), about=f"strategic bombers over {target} (13.7)")
        count = self.bomber_steps(data, roll)
        lost: dict[str, int] = {}
        for unit_id in order["bombers"][:count]:
            if unit_id in state["units"]:
                self.lose_step(state, unit_id)
                lost[unit_id] = lost.get(unit_id, 0) + 1
        state["bombers_used"] = list(state.get("bombers_used", [])) + [state["turn"]]
        annihilated = not self.enemies_in(data, state, target, state["army"])
        return {"event": "bombers", "hex": target, "army": state["army"], "roll": roll, "steps": count, "steps_lost": lost,
                "annihilated": annihilated, "attackers": list(order["with"]), "advance": list(order.get("advance", [])), "rule": "13.7"}

    def bomber_steps(self, data: GameData, roll: int) -> int:
        return numbers.integer(data, f"{AIR}.german_steps_lost.{roll}", f"the steps the bombers take on a roll of {roll} (13.7)")

    def die_faces(self, data: GameData) -> int:
        return numbers.integer(data, "game.components.die_faces", "the faces of the one die (2.1)")
