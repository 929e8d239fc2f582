"""2.2, 2.3, 2.6 and 3.x: the random event roll, the shared chit cup and HQ activation.

Each draw from the cup is a die of the step's committed two-party dice (pbem.dice) over the
chits left in the cup, in id order (`cup/TURN/N`: the N-th roll of the turn), so both players
can check it: a cup of 7 chits is a 1d7 and face 3 is the third chit by id. The drawn chit
makes its owner the active player (3.1.1); a special chit lets its owner pick the HQ (3.1.4,
3.1.5). Which side the sequence of play awaits is therefore worked out from the state after
every draw (`state["active"]`)."""

from __future__ import annotations

from ...dice import Dice
from ...errors import PbemError, UnknownDataError
from ...gamedata import GameData, unwrap
from ...kit import numbers
from ..base import Problem
from .common import behaviour, commanded_by, counter, grid, is_hq, kind, side_of, trial_copy
from .reich import command_range, movers
from . import withdrawal


# -- the chits ---------------------------------------------------------------------------
def special_side(data: GameData, chit: str) -> str | None:
    """The owner of a special chit (1.4: 1 BRF, 11 Pz AOK, 3 Pz AOK), None for an HQ's chit."""
    # read once per data (a draw asks for every chit in the cup)
    chits = data.derived("stargard.special_chits", lambda: data.get("module.special_chits", "the special command chits (1.4)"))
    return str(unwrap(chits[chit])) if chit in chits and chit != "rule" else None


def chit_side(data: GameData, chit: str) -> str:
    """1.4: each army (Soviet) or corps (German) HQ has its chit, named by the HQ's id."""
    special = special_side(data, chit)
    return special if special else str(unwrap(counter(data, chit)["side"]))


def limit(data: GameData, state: dict, side: str) -> int:
    """3.1.2, 1.2.2: how many HQs a side may activate this turn (the turn track); 12.1: one
    Soviet chit on turn 1."""
    if side == "german" and state.get("wenck") == state["turn"]:
        chits = numbers.integer(data, "module.wenck_chits", "the German chits after General Wenck falls asleep (19.1.9)")
    else:
        chits = numbers.integer(data, f"command.per_turn_limit.by_turn.{state['turn']}.{side}",
                                f"the {side} command chits of turn {state['turn']} (turn track, 3.1.2)")
    if side == "german" and state["turn"] in state.get("fuel_short", []):
        chits += numbers.integer(data, "command.per_turn_limit.german_fuel_penalty", "the fuel penalty (5.4.2)")
    return chits


def draw_problems(data: GameData, state: dict) -> list[Problem]:
    """What a draw needs known before its die (3.1.2): both sides' limits this turn."""
    for side in ("german", "soviet"):
        limit(data, state, side)
    for chit in state["cup"]:
        chit_side(data, chit)
    activation_needs(data, state, [c for c in state["cup"] if not special_side(data, c)])
    return []


def activation_needs(data: GameData, state: dict, hqs: list[str]) -> None:
    """What activating any of `hqs` reads (3.3.1, 3.3.3): their command ranges, and whom every
    unit on the map is commanded by — asked before the die of a draw."""
    for hq in hqs:
        if hq in state["units"]:
            command_range(data, state, hq)
    for unit_id in sorted(state["units"]):
        if not is_hq(data, unit_id) and kind(data, unit_id) != "festung":
            commanded_by(data, unit_id)


# -- drawing -----------------------------------------------------------------------------
def draw(data: GameData, state: dict, events: list, dice: Dice) -> None:
    """2.3.1, 3.1.1-3.1.3: draw until a chit activates; a chit whose side has reached its
    limit is set aside (3.1.2); the HQ chosen with a special chit in the previous segment goes
    back into the cup when drawn (3.1.3). No chit left to activate ends the Command Phase.
    12.1: on turn 1 the armies the Germans attacked react first, one by one. 12.6, 16.1: while a
    Soviet chit is withdrawn, a Soviet slot drawn waits for the Soviet to name its chit."""
    if react(data, state, events):
        return
    while True:
        room = {s: state["activations"][s] < limit(data, state, s) for s in ("german", "soviet")}
        if command_over(data, state, room):
            over = {"event": "command_over", "turn": state["turn"], "left": list(state["cup"])}
            record = withdrawal.held(state)
            if state["cup"] and behaviour(data, 2):        # behaviour 2: the report says why they are left
                over["why"] = ("each side has activated the chits the turn track allows this turn (3.1.2, 2.3.3)"
                               if not any(room.values()) else "only the chit just played is left (3.1.3)"
                               if record is None or len(state["cup"]) > 1 else "only the withdrawn chit is left")
            if record is not None:
                over["withdrawn"] = record["rule"]           # one Soviet chit of those left is the one set aside
            events.append(over)
            state.update(phase="supply", active=None, hq=None, chit=None)      # 2.4
            if record is not None:
                state["phase"] = "return_chit"              # 12.6, 16.1: the chit goes back, opened
            return
        chit = pick(data, state, dice)
        if chit is None:                                   # 12.6, 16.1: the Soviet names the chit at the slot
            state.update(phase="name_chit", active="soviet", hq=None, chit=None)
            events.append({"event": "slot", "slot": state["slot"]["slot"], "of": state["slot"]["of"],
                           "draw": state["draws"], "rule": withdrawal.held(state)["rule"]})   # type: ignore[index]
            return
        if take(data, state, events, chit):
            return


def command_over(data: GameData, state: dict, room: dict[str, bool]) -> bool:
    """No chit left that may activate: the cup empty (less a withdrawn chit, 12.6), no side with
    room (3.1.2), or only the chit just played left (3.1.3)."""
    barred = state.get("barred")
    record = withdrawal.held(state)
    if record is None:
        return not state["cup"] or not any(room.values()) or state["cup"] == [barred]
    german = [c for c in state["cup"] if chit_side(data, c) == "german"]
    slots = len(withdrawal.soviet_cup(data, state)) - 1
    if not any(room.values()) or len(german) + slots == 0:
        return True
    # only the barred chit is really left: a German one, or a Soviet one the Soviet named and put back
    return (german == [barred] and slots == 0) or (
        not german and slots == 1 and barred is not None and record.get("back") == barred and barred in state["cup"])


def take(data: GameData, state: dict, events: list, chit: str) -> bool:
    """The drawn chit (3.1.1-3.1.3, 12.1): True when it activates (the draw stops)."""
    room = {s: state["activations"][s] < limit(data, state, s) for s in ("german", "soviet")}
    side = chit_side(data, chit)
    record = withdrawal.held(state)
    if chit == state.get("barred"):
        events.append({"event": "chit_back", "chit": chit, "rule": "3.1.3"})
        if record is not None:
            record["back"] = chit
        return False
    if record is not None:
        record.pop("back", None)
    state["cup"].remove(chit)
    state["drawn"][side].append(chit)
    if state["turn"] == 1 and chit in state.get("activated_hqs", []):
        events.append({"event": "chit_aside", "chit": chit, "side": side, "why": "its army was activated this turn (12.1)"})
        return False
    if not room[side]:
        events.append({"event": "chit_aside", "chit": chit, "side": side,
                       "why": f"the {side} limit of chits this turn is reached (3.1.2)"})
        return False
    if not special_side(data, chit) and chit not in state["units"]:
        events.append({"event": "chit_aside", "chit": chit, "side": side, "why": "its HQ is not on the map (3.3)"})
        return False
    state["activations"][side] += 1
    state["active"], state["chit"], state["barred"] = side, chit, None
    events.append({"event": "chit", "chit": chit, "side": side, "draw": state["draws"]})
    if special_side(data, chit):
        state["phase"] = "pick_hq"
    else:
        activate(data, state, chit, events)
    return True


def react(data: GameData, state: dict, events: list) -> bool:
    """12.1: "the Soviet player may activate all armies that are attacked ... during turn 1,
    directly after the current German activation has finished ... beginning with the one
    attacked first"; each army once (as usual). The attacked armies wait in `reactions`."""
    while state.get("reactions"):
        hq = state["reactions"].pop(0)
        if hq not in state["units"] or hq in state["activated_hqs"]:
            continue
        state["active"], state["chit"], state["barred"] = "soviet", None, None
        events.append({"event": "reaction", "hq": hq, "rule": "12.1"})
        activate(data, state, hq, events)
        return True
    return False


def attacked_armies(data: GameData, state: dict, side: str, defenders: list[str]) -> None:
    """12.1: on turn 1, note the Soviet armies the German attack struck (a unit's army is its HQ,
    3.3.1; independent units belong to none), in the order attacked."""
    if state["turn"] != 1 or side != "german" or "reactions" not in state:
        return
    for unit_id in defenders:
        hq = commanded_by(data, unit_id)
        if hq and hq not in state["units"]:       # "that HQ (and its accompanying command chit) arrives in the
            if hq not in state.setdefault("early_hqs", []):      # reinforcement phase of that turn"
                state["early_hqs"].append(hq)
        elif hq and hq not in state["reactions"] and hq not in state["activated_hqs"]:
            state["reactions"].append(hq)


def pick(data: GameData, state: dict, dice: Dice) -> str | None:
    """One chit from the cup: a die with as many faces as chits, over the chits in id order.
    12.6, 16.1: while a Soviet chit is withdrawn, one face per German chit (id order) and one per
    Soviet slot (the Soviet chits in the cup less the withdrawn one); a slot returns None and
    is kept in `state["slot"]` for the Soviet to name (withdrawal.apply_name)."""
    cup = sorted(state["cup"])
    state["draws"] += 1
    record = withdrawal.held(state)
    if record is None:
        if len(cup) == 1:
            return cup[0]
        face = dice.roll(f"cup/{state['turn']}/{state['draws']}", len(cup),
                         about=f"turn {state['turn']} draw {state['draws']} from the cup: {', '.join(cup)} (3.1.1)")
        return cup[face - 1]
    german = [c for c in cup if chit_side(data, c) == "german"]
    slots = len(cup) - len(german) - 1
    faces = len(german) + slots
    face = 1 if faces == 1 else dice.roll(
        f"cup/{state['turn']}/{state['draws']}", faces,
        about=f"turn {state['turn']} draw {state['draws']} from the cup: {', '.join(german) or 'no German chit'} and "
              f"{slots} Soviet slot(s) (3.1.1, {record['rule']})")
    if face <= len(german):
        return german[face - 1]
    state["slot"] = {"slot": face - len(german), "of": slots}
    return None


def first_draw(data: GameData, state: dict, events: list, dice: Dice) -> None:
    """2.3.1: on turn 1 the first chit is automatically the 3rd SS Panzer Corps chit."""
    if withdrawal.due(data, state):                    # 12.6, 16.1: the Soviet may first set a chit aside
        state["phase"] = "withdraw"
        return
    if state["turn"] == 1 and state["first_chit"] in state["cup"]:
        chit = state["first_chit"]
        state["cup"].remove(chit)
        state["drawn"]["german"].append(chit)
        state["activations"]["german"] += 1
        state["active"], state["chit"], state["barred"] = "german", chit, None
        events.append({"event": "chit", "chit": chit, "side": "german", "draw": 0, "why": "2.3.1"})
        activate(data, state, chit, events)
        return
    draw(data, state, events, dice)


# -- activation (3.3) --------------------------------------------------------------------
def activate(data: GameData, state: dict, hq: str, events: list) -> None:
    """3.3.1, 3.3.3: the HQ activates the combat units under its command within its command
    range, counted from the HQ (the unit's hex counts, the HQ's does not: a distance); on
    turn 1 all units start in command. Independent units (3.3.2) are named in the movement
    orders, two at most."""
    if hq not in state["units"]:
        raise PbemError(f"internal: the HQ {hq} is not on the map")
    where = state["units"][hq]["hex"]
    reach = command_range(data, state, hq)                  # 19.1.3: Munzel reduced
    units = commanded_units(data, state, hq, where, reach)
    if "fog_segment" in state:                     # 1.1.4: the hidden units' lists belong to one activation
        state["fog_segment"] += 1
    if "reich" in state:                           # 19.1.3: the withdrawing divisions move with any German chit
        state["reich_movers"] = [u for u in movers(data, state, hq) if u not in units]
        units = sorted({*units, *state["reich_movers"]})
    if "activated_hqs" in state:
        state["activated_hqs"].append(hq)         # 12.1: each army once a turn
    state.update(hq=hq, hq_hex=where, activated=units, independents=[], moved=[], attackers=[], attacked=[],
                 phase="movement", vacated=None, previous=hq)
    events.append({"event": "activated", "hq": hq, "units": units, "range": reach})


def commanded_units(data: GameData, state: dict, hq: str, where: str, reach: int) -> list[str]:
    """3.3.1, 3.3.3, 12.3, 12.5: the combat units `hq` (at `where`, range `reach`) activates."""
    g = grid(data)
    units = []
    for unit_id in sorted(state["units"]):
        if unit_id == hq or is_hq(data, unit_id) or side_of(state, unit_id) != state["active"]:
            continue
        if kind(data, unit_id) == "festung":         # 12.3: a Festung neither moves nor attacks
            continue
        if unit_id in state.get("cavalry_units", []) or commanded_by(data, unit_id) != hq:
            continue                                  # 12.5: the cavalry only with the 1 BF chit
        if state["turn"] == 1 or g.distance(where, state["units"][unit_id]["hex"]) <= reach:
            units.append(unit_id)
    if state.get("cavalry_units") and state["chit"] == numbers.text(
            data, "module.second_guards_cavalry_corps.chit", "the chit that commands the 2nd Guards Cavalry Corps (12.5)"):
        units += [u for u in state["cavalry_units"] if u in state["units"]]     # 12.5: AND the cavalry corps
    return units


def check_pick(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """3.1.4, 3.1.5: a special chit activates any HQ of its owner on the map; 3.1.3: never the
    formation activated in the segment before."""
    if len(orders) != 1 or "hq" not in orders[0]:
        return [Problem(None, f"name one HQ: `- hq: UNIT` ({state['chit']}, 3.1.4, 3.1.5)")]
    hq = str(orders[0]["hq"])
    if hq not in state["units"] or not is_hq(data, hq) or side_of(state, hq) != side:
        return [Problem(0, f"{hq} is not a {side} HQ on the map (3.1.4, 3.1.5)")]
    if hq == state.get("previous"):
        return [Problem(0, f"{hq} was activated in the segment before: never the same formation twice in a row (3.1.3)")]
    activation_needs(data, state, [hq])
    return []


def apply_pick(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    hq = str(orders[0]["hq"])
    events = [{"event": "picked", "chit": state["chit"], "hq": hq}]
    activate(data, state, hq, events)
    state["barred"] = hq
    return events


# -- 2.2 random events, 2.6 turn end -----------------------------------------------------
def event_row(data: GameData, turn: int) -> dict[int, tuple[str, dict]]:
    """The random event table's row for a turn (19.0): die face -> (its key, {primary, secondary})."""
    path = f"events.random_events.table.{turn}"
    row = data.get(path, f"the random event table for turn {turn} (19.0)")
    faces: dict[int, tuple[str, dict]] = {}
    for rolls, entry in row.items():
        if rolls in ("rule", "printed_on"):
            continue
        low, _, high = str(rolls).partition("-")
        for face in range(int(low), int(high or low) + 1):
            if not isinstance(unwrap(entry), dict):
                raise unknown_event(data, f"{path}.{rolls}", turn, face)
            faces[face] = (f"{path}.{rolls}", unwrap(entry))
    for face in range(1, 7):
        if face not in faces:
            raise unknown_event(data, path, turn, face)
    return faces


def unknown_event(data: GameData, path: str, turn: int, face: int) -> UnknownDataError:
    return UnknownDataError(path, f"the turn {turn} random event of die {face} (19.0)", "the Random Event Table (19.0)",
                            data.override_file)


def event_of(data: GameData, state: dict, face: int) -> tuple[str, str]:
    """19.0: the primary event; the secondary instead if the primary occurred last turn."""
    path, entry = event_row(data, state["turn"])[face]
    primary = str(unwrap(entry.get("primary", "unknown")))
    if primary == "unknown":
        raise unknown_event(data, f"{path}.primary", state["turn"], face)
    if primary != state.get("last_event"):
        return primary, "primary"
    secondary = str(unwrap(entry.get("secondary", "unknown")))
    if secondary == "unknown":
        raise unknown_event(data, f"{path}.secondary", state["turn"], face)
    return secondary, "secondary"


def check_event(data: GameData, state: dict, side: str, orders: list) -> list[Problem]:
    """2.2.1: the roll is made with an empty order file; every face must lead somewhere known."""
    if orders:
        return [Problem(0, "the random event roll takes no orders: send an empty file (2.2.1)")]
    effects = data.get("module.event_effects", "the random events' effects (19.1)")
    for face in range(1, 7):
        name, _ = event_of(data, state, face)
        what = unwrap(effects.get(name))
        if what in ("german_bombardment", "soviet_bombardment", "volks_artillery"):
            from .bombard import needs
            needs(data)                          # 8.5.1: the BRT and the bombardment column, before the die
        elif what in ("scraping_the_barrel", "mechanics_work_wonders"):
            from .replacements import start
            start(data, trial_copy(state), str(what), [])     # the units eligible, asked on a copy
        elif what == "defend_the_reich":
            from .reich import needs
            needs(data)
        elif what == "corps_tettau":
            from .tettau import needs as tettau_needs
            tettau_needs(data)
    if not (state["turn"] == 1 and state["first_chit"] in state["cup"]):
        draw_problems(data, state)
    else:
        activation_needs(data, state, [state["first_chit"]])
    return []


def apply_event(data: GameData, state: dict, side: str, orders: list, dice: Dice) -> list[dict]:
    from .air import phase
    air: list[dict] = []
    phase(state, air)                        # 2.1 the Air Unit Phase comes first
    face = dice.roll(f"event/{state['turn']}", 6, about=f"turn {state['turn']} random event (19.0)")
    name, which = event_of(data, state, face)
    state["last_event"] = name if which == "primary" else None
    events: list[dict] = [*air, {"event": "random_event", "turn": state["turn"], "die": face, "name": name, "which": which}]
    effect(data, state, name, events, dice)
    if state.get("bombard"):                  # 8.5.1: the bombarding player names its targets first
        state["phase"] = "bombard"
        return events
    if state.get("grounding"):                # 19.1.10: a side chooses the air unit it grounds first
        state["phase"] = "ground"
        return events
    if state.get("replacing"):                # 19.1.11, 19.1.13: a side chooses the unit it rebuilds
        state["phase"] = "replace"
        return events
    if state.get("tettau"):                   # 19.1.5: Corps Tettau enters, then the Soviet cavalry
        state["phase"] = "tettau"
        return events
    state.pop("grounding", None)
    state.pop("replacing", None)
    first_draw(data, state, events, dice)
    return events


def effect(data: GameData, state: dict, name: str, events: list, dice: Dice | None = None) -> None:
    """19.1.1, 19.1.2, 19.1.4, 19.1.6-19.1.13: what pbem carries out of an event (module.event_effects);
    the others are the players' (not_enforced)."""
    effects = data.get("module.event_effects", "the random events' effects (19.1)")
    what = unwrap(effects.get(name)) if name in effects and name != "rule" else None
    if what == "second_gta_out_of_fuel":
        state["out_of_fuel"] = {"hq": "2GT-HQ", "turn": state["turn"]}
    elif what == "german_surprise" and state["turn"] == 1:
        state["surprise"] = True
    elif what == "wenck":
        state["wenck"] = state["turn"]
    elif what == "aborted_air_operation":
        from .air import aborted
        aborted(state, events)
    elif what in ("german_bombardment", "soviet_bombardment", "volks_artillery") and dice is not None:
        from .bombard import start as bombard
        bombard(data, state, str(what), events, dice)
    elif what in ("scraping_the_barrel", "mechanics_work_wonders"):
        from .replacements import start
        start(data, state, str(what), events)
    elif what == "defend_the_reich":
        from .reich import trigger
        trigger(data, state, events)
    elif what == "corps_tettau" and dice is not None:
        from .tettau import arrive
        arrive(data, state, events, dice)
    elif what in ("remove_rudel", "remove_6ga", "remove_3jg") and "air" in state:
        unit = {"remove_rudel": "Rudel", "remove_6ga": "6-GA", "remove_3jg": "3-JG"}[what]
        for boxes in state["air"].values():
            for box in boxes.values():
                if unit in box:
                    box.remove(unit)


def arriving_chits(data: GameData, turn: int) -> list[str]:
    """15.3: the draw chits of a turn's reinforcements, by the ids the cup uses: a special chit's
    name (1.4), else its HQ's id (the HQ printed as the chit's name and "HQ": "47A" is 47A-HQ)."""
    from .setup_data import units
    # reinforcements.yaml lists every turn 15.3 prints; "Turns 5, 9 and 10 list nothing"
    row = data.get(f"reinforcements.turns.{turn}", f"the turn {turn} reinforcements (15.3)", default={}) or {}
    hqs = {str(c["printed"]).replace(" ", ""): u for u, c in units(data).items() if c.get("type") == "hq"}
    out = []
    for side in ("german", "soviet"):
        for chit in (row.get(side) or {}).get("chits", []):
            if special_side(data, str(chit)):
                out.append(str(chit))
            elif f"{chit}HQ".replace(" ", "") in hqs:
                out.append(hqs[f"{chit}HQ".replace(" ", "")])
            else:
                raise PbemError(f"internal: no HQ for the turn {turn} chit {chit!r} (15.3)")
    return sorted(out)


def end_turn(data: GameData, state: dict, events: list) -> None:
    """2.6.1 the VP marker segment (14.1.2); 2.6.2: remove the Pinned markers, put every available
    chit back in the cup, advance the turn marker; after the last turn the game ends (14.3)."""
    from .reich import turn_end
    from .victory import count, delayed_withdrawal, relief
    relief(data, state, events)
    turn_end(data, state, events)                      # 19.1.3, 14.3.2
    arriving = sorted(set(arriving_chits(data, state["turn"])) | set(state.pop("early_hqs", [])))   # 7.2, 12.1
    if arriving:
        state["chits"] = sorted(set(state["chits"]) | set(arriving))
        events.append({"event": "chits_arrive", "chits": arriving, "rule": "7.2, 7.2.1"})
    for unit in state["units"].values():
        unit.pop("pinned", None)
    events.append({"event": "turn_over", "turn": state["turn"]})
    state["turn"] += 1
    state.update(cup=sorted(state["chits"]), drawn={"german": [], "soviet": []}, activations={"german": 0, "soviet": 0},
                 draws=0, active=None, chit=None, hq=None, hq_hex=None, activated=[], independents=[], moved=[],
                 attackers=[], attacked=[], vacated=None, barred=None, previous=None, phase="random_event",
                 reactions=[], activated_hqs=[])
    delayed_withdrawal(data, state, events)            # 16.4, at the start of the turn
    if state["turn"] > state["last_turn"]:
        state["game_over"] = True
        events.append({"event": "game_over", "turn": state["last_turn"], "rule": "14.3"})
        if "vp" in state:
            events.append(count(data, state))
