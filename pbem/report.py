"""Turn reports in plain text, Markdown (CommonMark) or forum BBCode (phpBB's default tags), from
saves alone (deterministic).

A report is a list of blocks: ("h2"…"h5", text), ("p", text), ("item", text),
("table", headers, rows) — a table whose headers are all empty is a key/value list. Text may hold
`code` spans (commands, paths). Games describe their events as blocks (their sub-headings are
"h4"); this module frames them: one save (step_blocks) or a whole Game-Turn (turn_blocks).
BBCode has no table tag in phpBB: tables are [code] blocks, key/value lists are [list]s.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import PbemError

if TYPE_CHECKING:                       # pbem.folder imports this module
    from .folder import Campaign

FORMATS = ("text", "md", "bbcode")
View = Callable[[dict], dict]    # a save -> the save as one side reads it (pbem.hidden.steps.side_save)
HEADINGS = ("h2", "h3", "h4", "h5")
FIRST_REPORT = "steps/0000/report.txt"


def plural(count: int, word: str) -> str:
    """`1 loss point`, `2 loss points`."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _value(key: str, value: Any) -> str:
    if isinstance(value, list):
        return (" → " if key == "path" else ", ").join(_value(key, v) for v in value) or "none"
    if isinstance(value, dict):
        return "(" + "; ".join(f"{k} {_value(k, v)}" for k, v in value.items()) + ")"
    return str(value).replace("_", " ") if isinstance(value, str) and " " not in str(value) else str(value)


def order_line(order: Any) -> str:
    """One order as a readable line: `move 13/8/7, path 0108 → 0109`; `defend 0310, artillery none`."""
    if not isinstance(order, dict):
        return _value("", order)
    return ", ".join(f"{str(k).replace('_', ' ')} {_value(str(k), v)}" for k, v in order.items())


def user_path(path: str) -> str:
    """A data path as a data override spells it: `crt.crt.cells.3` (file crt.yaml, key crt) -> `crt.cells.3`."""
    parts = path.split(".")
    return ".".join(parts[1:]) if len(parts) > 1 and parts[0] == parts[1] else path


def _grouped(paths: list[str]) -> str:
    """Data paths for reading: many entries of one collection become `units.counters.* (52 values)`."""
    groups: dict[str, list[str]] = {}
    for path in paths:
        groups.setdefault(".".join(path.split(".", 2)[:2]), []).append(path)
    shown = []
    for prefix, members in groups.items():
        shown += [f"{user_path(prefix)}.* ({len(members)} values)"] if len(members) > 4 else [user_path(m) for m in members]
    return ", ".join(shown)


def _data_note(campaign: Campaign, paths: list[str], demonstration: bool, what: str) -> list:
    amended: dict[str, list[str]] = {}          # values of data amendments signed by both, by amendment
    for path in paths:
        label = campaign.data.overridden.get(path, "")
        if label.startswith("data amendment"):
            amended.setdefault(label, []).append(path)
    if amended:                                  # most steps have none: no search per path (issue 13)
        paths = [p for p in paths if not any(p in group for group in amended.values())]
    notes = [("p", f"{label[0].upper()}{label[1:]} values used: {_grouped(group)}") for label, group in sorted(amended.items())]
    if demonstration and paths:
        return [("p", f"DEMONSTRATION DATA: {what} used values that are NOT the published game's "
                      f"({campaign.data.demonstration_notice}) — {_grouped(paths)}")] + notes
    return ([("p", f"Campaign data override values used: {_grouped(paths)}")] if paths else []) + notes


def _amendment_blocks(produced: dict) -> list:
    """A data amendment step: who proposed and countersigned it, and every value it supplies."""
    amendment = produced["amendment"]
    blocks: list = [("p", f"Data amendment proposed by {produced['side']} (signed by {amendment['signer'][:20]}…), "
                          f"countersigned by {', '.join(sorted(produced['consents']))}"
                          + (f": {amendment['note']}" if amendment["note"] else "") + ". The position is unchanged.")]
    blocks += [("item", f"`{path}` = {value}") for path, value in sorted(amendment["values"].items())]
    blocks += [("item", f"errata reading {reading} = {choice} (docs/errata.md)") for reading, choice in sorted(amendment["errata"].items())]
    return blocks


def _step_body(campaign: Campaign, save: dict, sub: str) -> list:
    """Orders, results and dice of one adjudicated save; `sub` is the heading level of its sections."""
    produced = save["produced_by"]
    blocks: list = [(sub, "Orders")]
    blocks += [("item", order_line(o)) for o in produced["orders"].get("list", [])] or [("item", "none")]
    blocks.append((sub, "Results"))
    described = campaign.game.describe(campaign.data, save["state"], save["events"]) or [("item", "nothing happened")]
    if sub != "h3":                       # the game's sub-headings go one level below the sections
        described = [(HEADINGS[HEADINGS.index(b[0]) + 1],) + tuple(b[1:]) if b[0] in HEADINGS[:-1] else b for b in described]
    blocks += described
    dice = save.get("dice")
    if dice and dice.get("rolls"):
        blocks.append((sub, "Dice"))
        blocks.append(("p", f"Seed {dice['seed']} (step {dice['step']}; recompute with `pbem rolls`)."))
        blocks.append(("table", ["Purpose", "Die", "Result"], [[f"{r['about']} ({r['purpose']})", r["die"], str(r["result"])] for r in dice["rolls"]]))
    return blocks


def _not_enforced(campaign: Campaign, first: bool) -> list:
    """Said in full once, in the campaign's first report; a one-line pointer everywhere after."""
    listed = campaign.header.get("not_enforced")
    if not listed:
        return []
    if first:
        return [("p", "Not enforced by pbem in this campaign (agreed at creation): " + "; ".join(listed) + ".")]
    return [("p", f"Not enforced by pbem in this campaign: the rules agreed at creation, listed in the first report (`{FIRST_REPORT}`).")]


def _footer(campaign: Campaign, save: dict, side: str | None, first: bool) -> list:
    """Positions, errata readings, what is not enforced and what comes next, after `save`."""
    header, game = campaign.header, campaign.game
    blocks: list = [("h3", "Positions"), ("table", list(game.position_headers), game.positions(campaign.data, save["state"], side))]
    blocks += game.off_map(campaign.data, save["state"], side)
    hidden = {s: sorted(items) for s, items in sorted((save.get("hidden") or {}).items()) if items}
    if hidden:     # pbem.hidden: what each side holds hidden, by public item id (e.g. units under a stack's top, 11.7)
        blocks.append(("p", "Hidden from the enemy: " + "; ".join(
            f"{s} {plural(len(i), 'item')} ({', '.join(i)})" for s, i in hidden.items()) + "."))
    readings = (header.get("options") or {}).get("errata")
    if readings:
        blocks.append(("p", "Errata readings chosen by the group at creation (docs/errata.md): "
                            + "; ".join(f"{k} = {v}" for k, v in sorted(readings.items())) + "."))
    amended = {k: v for k, v in campaign.data.readings.items() if k not in (readings or {})}
    if amended:                           # chosen later by a data amendment signed by both (pbem.amend)
        blocks.append(("p", "Errata readings chosen by a data amendment (docs/errata.md): "
                            + "; ".join(f"{k} = {v}" for k, v in sorted(amended.items())) + "."))
    blocks += _not_enforced(campaign, first)
    blocks.append(("h3", "Next"))
    waiting = save["awaiting"]
    if waiting.get("done"):
        blocks.append(("p", "The game is over."))
    else:
        verb = "orders" if waiting["kind"] == "orders" else "a signed response"
        blocks.append(("p", f"{waiting['phase']}: {waiting['side']} sends {verb} "
                            f"(`pbem orders DIR --side {waiting['side']}`)."))
    return blocks


def _title(campaign: Campaign, what: str, side: str | None) -> tuple:
    header = campaign.header
    return ("h2", f"{header['title']} — {header['game']} / {header['scenario']} — {what}"
                  + (f" — {side}'s own report, not for the opponent" if side else ""))


def step_blocks(campaign: Campaign, save: dict, side: str | None = None, view: View | None = None) -> list:
    """The report of one save. `side` None: the public report (step folder, forum); a side: that
    side's own report, which may add what only it may see (its strength chits, 8.42). `view`: the
    save as that side reads it, from its private part (pbem.hidden.steps.side_save)."""
    save = view(save) if view else save
    blocks: list = [_title(campaign, f"save {save['number']}", side)]
    used = save.get("data_used", {})
    blocks += _data_note(campaign, used.get("override_values", []), bool(used.get("demonstration")), "this step")
    produced = save["produced_by"]
    if "setup" in produced:
        blocks.append(("p", f"Set-up of scenario '{produced['setup']}'."))
    elif "amendment" in produced:
        blocks += _amendment_blocks(produced)
    else:
        blocks.append(("p", f"{produced['phase']}: {produced['kind']} of {produced['side']} "
                            f"(signed by {produced['orders']['signer'][:20]}…)."))
        blocks += _step_body(campaign, save, "h3")
    return blocks + _footer(campaign, save, side, save["number"] == 0)


def turn_of(save: dict) -> int:
    """The Game-Turn a save's state is in (both games keep it as state["turn"]; 0 before the game)."""
    turn = save["state"].get("turn")
    if not isinstance(turn, int):
        raise PbemError(f"save {save['number']} has no Game-Turn number (state.turn): this game has no turn summary")
    return turn


def turn_steps(campaign: Campaign, turn: int) -> list[dict]:
    """The saves made by the steps of Game-Turn `turn`, in order: each step belongs to the turn of
    the state its orders were applied to (the set-up, save 0, is no step of a turn)."""
    numbers = campaign.step_numbers()
    # Game-Turns only go up, so the turn's steps are read back from the latest save until a save
    # of an earlier turn (a `pbem report` of the turn just finished read every save of the
    # campaign); a turn number that went down anywhere on the way reads them all, as before.
    found: list[dict] = []
    after = campaign.load_save(numbers[-1])[0]
    for number in reversed(numbers[:-1]):
        before = campaign.load_save(number)[0]
        if turn_of(before) > turn_of(after):
            found = []
            break
        if turn_of(before) < turn:
            break
        if turn_of(before) == turn:
            found.insert(0, after)
        after = before
    if found:
        return found
    saves = [campaign.load_save(n)[0] for n in numbers]
    steps = [s for before, s in zip(saves, saves[1:]) if turn_of(before) == turn]
    if not steps:
        turns = sorted({turn_of(s) for s in saves[:-1]})
        raise PbemError(f"no step of Game-Turn {turn} is adjudicated yet (turns with steps: {', '.join(map(str, turns)) or 'none'})")
    return steps


def finished_turn(campaign: Campaign) -> int | None:
    """The Game-Turn the latest step finished (the state's turn went up), else None."""
    numbers = campaign.step_numbers()
    if len(numbers) < 2:
        return None
    before, last = (campaign.load_save(n)[0] for n in numbers[-2:])
    return turn_of(before) if turn_of(last) > turn_of(before) else None


def turn_blocks(campaign: Campaign, turn: int, side: str | None = None, view: View | None = None) -> list:
    """The whole Game-Turn in one post: every step in order (orders, results — moves, combats with
    their odds, shifts and rules, rolls, losses, retreats, reinforcements —, dice), then the
    positions at its end and what comes next."""
    steps = [view(s) for s in turn_steps(campaign, turn)] if view else turn_steps(campaign, turn)
    name = f"Game-Turn {turn}" if turn else "before the game"
    blocks: list = [_title(campaign, f"{name} summary (saves {steps[0]['number']}–{steps[-1]['number']})", side)]
    paths = sorted({p for s in steps for p in s.get("data_used", {}).get("override_values", [])})
    demonstration = any(s.get("data_used", {}).get("demonstration") for s in steps)
    blocks += _data_note(campaign, paths, demonstration, "this turn")
    for save in steps:
        produced = save["produced_by"]
        blocks.append(("h3", f"Save {save['number']}: {produced['phase']}"))
        if "amendment" in produced:
            blocks += _amendment_blocks(produced)
            continue
        blocks.append(("p", f"{produced['kind'].capitalize()} of {produced['side']} (signed by {produced['orders']['signer'][:20]}…)."))
        blocks += _step_body(campaign, save, "h4")
    return blocks + _footer(campaign, steps[-1], side, False)


_CODE = re.compile(r"`([^`]*)`")
_MD_SPECIAL = re.compile(r"([\\*<>\[\]#]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z]))")   # an intraword _ is no emphasis


def _inline(text: str, fmt: str) -> str:
    """Text with `code` spans, as the format writes it (Markdown escapes what it would read as markup)."""
    if fmt == "text":
        return text
    pieces = _CODE.split(text)
    out = []
    for i, piece in enumerate(pieces):
        if i % 2:                                  # a code span
            out.append(f"`{piece}`" if fmt == "md" else f"[b]{piece}[/b]")
        else:
            out.append(_MD_SPECIAL.sub(r"\\\1", piece) if fmt == "md" else piece.replace("`", "'"))
    return "".join(out)


def _heading(kind: str, text: str, fmt: str) -> list[str]:
    level = HEADINGS.index(kind)
    if fmt == "md":
        return ["", "#" * (level + 2) + " " + _inline(text, fmt), ""]
    if fmt == "bbcode":
        opening, closing = (("[size=150][b]", "[/b][/size]"), ("[b][u]", "[/u][/b]"), ("[b]", "[/b]"), ("[i]", "[/i]"))[level]
        return ["", opening + text.replace("`", "'") + closing]
    return ["", text, "=-~."[level] * len(text)]


def render(blocks: list, fmt: str = "text") -> str:
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    out: list[str] = []
    previous = ""
    for block in blocks:
        kind = block[0]
        if previous == "item" and kind != "item":
            out.append("")                 # a list ends before what follows (Markdown would merge a paragraph into it)
        if kind in HEADINGS:
            out += _heading(kind, block[1], fmt)
        elif kind == "p":
            out += ([] if previous in HEADINGS else [""]) + [_inline(block[1], fmt), ""]
        elif kind == "item":
            out.append(("[*]" if fmt == "bbcode" else "- ") + _inline(block[1], fmt))
        elif kind == "table":
            out += ([] if previous in HEADINGS else [""]) + _table(block[1], block[2], fmt)
        previous = kind
    return "\n".join(_tidy(out, fmt)) + "\n"


def _tidy(lines: list[str], fmt: str) -> list[str]:
    """BBCode wants [list] around items; no leading, trailing or doubled blank lines."""
    result: list[str] = []
    in_list = False
    for line in lines:
        is_item = fmt == "bbcode" and line.startswith("[*]")
        if is_item and not in_list:
            result.append("[list]")
            in_list = True
        if not is_item and in_list:
            result.append("[/list]")
            in_list = False
        if line == "" and (not result or result[-1] == ""):
            continue
        result.append(line)
    if in_list:
        result.append("[/list]")
    while result and result[-1] == "":
        result.pop()
    return result


def _table(headers: list[str], rows: list[list[str]], fmt: str) -> list[str]:
    keyed = not any(headers)
    if fmt == "md" and keyed:                       # no empty header row: a list of bold keys
        return [f"* **{_inline(str(r[0]), fmt)}**: {_inline(str(r[1]), fmt)}" for r in rows] + [""]   # "*": not merged with a "-" list next to it
    if fmt == "bbcode" and keyed:
        return [f"[*][b]{r[0]}[/b]: {r[1]}" for r in rows] + [""]          # _tidy wraps them in [list]
    if fmt == "md":
        def cell(text: str) -> str:
            return _inline(str(text), fmt).replace("|", "\\|")
        lines = ["| " + " | ".join(cell(h) for h in headers) + " |", "|" + "---|" * len(headers)]
        return lines + ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows] + [""]
    widths = [max([len(str(h))] + [len(str(r[i])) for r in rows]) for i, h in enumerate(headers)]
    lines = [] if keyed else [("  ".join(str(h).ljust(w) for h, w in zip(headers, widths))).rstrip()]
    line = "  ".join(f"{{!s:<{w}}}" for w in widths)       # one format a row, not a join of ljusts (issue 13)
    lines += [line.format(*row).rstrip() for row in rows]
    if fmt == "bbcode":
        return ["[code]"] + lines + ["[/code]", ""]
    return lines + [""]


def render_step_report(campaign: Campaign, save: dict, fmt: str = "text") -> str:
    return render(step_blocks(campaign, save), fmt)
