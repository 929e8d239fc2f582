"""14.19 WWII into WWIII (behaviour 6): a new campaign started from a won WWII campaign's final save.

"At the end of any WWII scenarios wherein the Grand Alliance team was declared the winner at the end of
Game Turn 10, immediately remove any surviving German-side units, along with the Yugoslav partisans,
the Bulgarians, the Romanians and the Polish Communists. Pick up any Yugoslav mobile units that may be
outside their own country and place them back inside their territory (Soviet player). Put away the
Soviet aircraft unit. Advance the turn marker to II May and go at it with all the rules above (but
don't make the strength step adjustments given in 14.2, just start playing from where you are at that
moment)."

The players "divide into two new sides", so the WWIII war is a new campaign with its own seats and keys:
`pbem new smithereens wwii_into_wwiii --from OLD_CAMPAIGN ...` verifies the old campaign and records its
final state, id, step and save hash as the campaign option `from` (in the signed header, so `verify`
rebuilds save 0 from it). Save 0: the units as they stood, less those 14.19 removes; the Swiss corps in
their printed hexes; the 14.4 corps and the Vlassov Army as Game Turn 11 reinforcements; the Thunderclap
marker where it was (14.3). Then the Allied file (his 14.15 choice) and, if a Yugoslav army stands
outside Yugoslavia, the Soviet's file putting it back; play begins at the Soviet Prepared Assault Phase
of Game Turn 11 (14.5).
"""

from typing import Any

from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from .wwiii_setup import CODE, SEGUE, WWIIISetupRules, scenario_play

ORIGIN_KEYS = {"campaign", "step", "save", "state"}


class SegueRules(WWIIISetupRules):
    def options(self, given: dict) -> dict:
        """`from` (14.19) is given by `pbem new --from`, never typed as an option."""
        given = dict(given)
        origin = given.pop("from", None)
        chosen = super().options(given)
        if origin is None:
            return chosen
        if not isinstance(origin, dict) or set(origin) != ORIGIN_KEYS or not isinstance(origin["state"], dict):
            raise PbemError("the option `from` is the final save of the WWII campaign, given by `pbem new --from OLD_CAMPAIGN` (14.19)")
        return {**chosen, "from": origin}

    def setup(self, data: GameData, scenario: dict, seats: list[str], options: dict | None = None) -> dict:
        if scenario.get("scenario") != SEGUE:
            return super().setup(data, scenario, seats, options)
        if not self.plays(data, 6):
            raise PbemError("the segue from WWII into WWIII (14.19) is played from Smithereens behaviour 6")
        chosen = self.options(options or {})
        self.check_fog(chosen)
        origin = chosen.get("from")
        if origin is None:
            raise PbemError("the segue (14.19) goes on from a WWII campaign the Grand Alliance won: "
                            "`pbem new smithereens wwii_into_wwiii --from OLD_CAMPAIGN ...`")
        rules = scenario_play(scenario)
        final, after = origin["state"], int(rules["segue_after_turn"])
        if not (final.get("game_over") is True and final.get("winner") == "alliance" and final.get("turn") == after):
            raise PbemError(f"campaign {origin['campaign']} did not end with the Grand Alliance declared the winner at the end "
                            f"of Game Turn {after}: there is no segue into WWIII (14.19)")
        first_turn = int(rules["segue_reinforcements_turn"])
        forces, kept_steps = self.segue_forces(data, rules, final, first_turn)
        state = self.wwiii_start(data, scenario, rules, seats, chosen, first_turn, forces)
        state["eliminated"] = [u for u in final.get("eliminated", []) if self.segue_keeps(data, rules, u)]
        state["wwiii"].update(segue_steps=kept_steps, rough=sorted({str(t["hex"]) for t in final.get("thunderclaps", [])}),
                              origin={k: origin[k] for k in ("campaign", "step", "save")})
        for key in ("antwerp_lost", "western_oos_until", "destroyed", "fell", "ports_lost"):
            if key in final:
                state[key] = final[key]          # where they are "at that moment": 6.9, 11.20, 6.16, 6.18 go on
        self.next_wwiii_placement(state, after=None)
        return state

    def segue_keeps(self, data: GameData, rules: dict, unit_id: str) -> bool:
        """14.19: "remove any surviving German-side units, along with the Yugoslav partisans, the Bulgarians,
        the Romanians and the Polish Communists"."""
        counter = self.counter(data, unit_id)
        return not (counter["side"] == "german" or counter.get("nationality") in set(rules["soviet_nationalities_deleted"])
                    or counter["type"] in set(rules["soviet_unit_types_not_deployed"]))

    def segue_forces(self, data: GameData, rules: dict, final: dict, first_turn: int) -> tuple[tuple[dict, dict, dict], dict]:
        self.check_wwiii_counters(data, rules)
        home = self.region(data, "yugoslavia", "14.19")
        units: dict[str, dict] = {}
        to_place: dict[str, str] = {}
        kept_steps: dict[str, int] = {}
        for unit_id, unit in sorted(final["units"].items()):
            if not self.segue_keeps(data, rules, unit_id):
                continue
            if self.counter(data, unit_id).get("nationality") == "yugoslavian" and unit["hex"] not in home:
                to_place[unit_id], kept_steps[unit_id] = CODE, int(unit["steps"])   # the Soviet puts it back
                continue
            units[unit_id] = {"hex": str(unit["hex"]), "steps": int(unit["steps"])}
        reinforcements: dict[str, dict] = {}
        counters = data.get("units.counters", "the unit counters")
        for unit_id in sorted(k for k in counters if k not in ("open", "printed_on", "rule")):
            counter: Any = self.counter(data, unit_id)
            if counter.get("nationality") == "swiss":              # 14.2's Swiss set-up, "all the rules above"
                setup = unwrap(counter.get("setup"))
                if not isinstance(setup, str) or setup == "unknown":
                    raise UnknownDataError(f"units.counters.{unit_id}.setup", f"the set-up hex printed on the Swiss corps {unit_id} (14.2)",
                                           "the unit counter", data.override_file)
                units[unit_id] = {"hex": self.grid(data).canonical(setup), "steps": counter["steps"]}
            elif counter.get("asterisked") is True or counter.get("nationality") == "vlassov":
                reinforcements[unit_id] = {"turn": first_turn, "steps": counter["steps"]}     # 14.4, 14.10
        return (to_place, units, reinforcements), kept_steps
