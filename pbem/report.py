"""Turn reports in plain text, Markdown or forum BBCode, from a save alone (deterministic).

A report is a list of blocks: ("h2"|"h3", text), ("p", text), ("item", text),
("table", headers, rows). Games describe their events as blocks; this module frames them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:                       # pbem.folder imports this module
    from .folder import Campaign

FORMATS = ("text", "md", "bbcode")


def _flow(order: Any) -> str:
    """One order on one line, as YAML flow style: {attack: 1918E, with: [ger-46pz]}."""
    return yaml.safe_dump(order, default_flow_style=True, sort_keys=False, width=10_000, allow_unicode=True).strip()


def _grouped(paths: list[str]) -> str:
    """Data paths for reading: many entries of one collection become `units.counters.* (52)`."""
    groups: dict[str, list[str]] = {}
    for path in paths:
        groups.setdefault(".".join(path.split(".")[:2]), []).append(path)
    shown = []
    for prefix, members in groups.items():
        shown += [f"{prefix}.* ({len(members)} values)"] if len(members) > 4 else members
    return ", ".join(shown)


def step_blocks(campaign: Campaign, save: dict, side: str | None = None) -> list:
    """The report of one save. `side` None: the public report (step folder, forum); a side: that
    side's own report, which may add what only it may see (its strength chits, 8.42)."""
    header, game = campaign.header, campaign.game
    blocks: list = [("h2", f"{header['title']} — {header['game']} / {header['scenario']} — save {save['number']}"
                           + (f" — {side}'s own report, not for the opponent" if side else ""))]
    used = save.get("data_used", {})
    if used.get("demonstration"):
        blocks.append(("p", "DEMONSTRATION DATA: this step used values that are NOT the published game's "
                            f"({campaign.data.demonstration_notice}) — {_grouped(used['override_values'])}"))
    elif used.get("override_values"):
        blocks.append(("p", f"Campaign data override values used: {_grouped(used['override_values'])}"))
    produced = save["produced_by"]
    if "setup" in produced:
        blocks.append(("p", f"Set-up of scenario '{produced['setup']}'."))
    else:
        blocks.append(("p", f"{produced['phase']}: {produced['kind']} of {produced['side']} "
                            f"(signed by {produced['orders']['signer'][:20]}…)."))
        blocks.append(("h3", "Orders"))
        orders = produced["orders"].get("list", [])
        blocks += [("item", _flow(o)) for o in orders] or [("item", "none")]
        blocks.append(("h3", "Results"))
        blocks += game.describe(campaign.data, save["state"], save["events"]) or [("item", "nothing happened")]
    dice = save.get("dice")
    if dice and dice.get("rolls"):
        blocks.append(("h3", "Dice"))
        blocks.append(("p", f"Seed {dice['seed']} (step {dice['step']}; recompute with `pbem rolls`)."))
        blocks.append(("table", ["Purpose", "Die", "Result"], [[f"{r['about']} ({r['purpose']})", r["die"], str(r["result"])] for r in dice["rolls"]]))
    positions = game.positions(campaign.data, save["state"], side)
    blocks.append(("h3", "Positions"))
    blocks.append(("table", list(game.position_headers), positions))
    waiting = save["awaiting"]
    readings = (header.get("options") or {}).get("errata")
    if readings:
        blocks.append(("p", "Errata readings chosen by the group at creation (docs/errata.md): "
                            + "; ".join(f"{k} = {v}" for k, v in sorted(readings.items())) + "."))
    if header.get("not_enforced"):
        blocks.append(("p", "Not enforced by pbem in this campaign (agreed at creation): " + "; ".join(header["not_enforced"]) + "."))
    blocks.append(("h3", "Next"))
    if waiting.get("done"):
        blocks.append(("p", "The game is over."))
    else:
        verb = "orders" if waiting["kind"] == "orders" else "a signed response"
        blocks.append(("p", f"{waiting['phase']}: {waiting['side']} sends {verb} "
                            f"(`pbem orders DIR --side {waiting['side']}`)."))
    return blocks


def render(blocks: list, fmt: str = "text") -> str:
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    out: list[str] = []
    for block in blocks:
        kind = block[0]
        if kind in ("h2", "h3"):
            text = block[1]
            if fmt == "md":
                if out and out[-1] != "":
                    out.append("")          # Markdown needs a blank line before a heading
                out += [("## " if kind == "h2" else "### ") + text, ""]
            elif fmt == "bbcode":
                out += [f"[b]{'[size=150]' if kind == 'h2' else ''}{text}{'[/size]' if kind == 'h2' else ''}[/b]"]
            else:
                out += [text, ("=" if kind == "h2" else "-") * len(text)]
        elif kind == "p":
            out += [block[1], ""]
        elif kind == "item":
            out.append(("[*]" if fmt == "bbcode" else "- ") + block[1])
        elif kind == "table":
            out += _table(block[1], block[2], fmt)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(_tidy(out, fmt)) + "\n"


def _tidy(lines: list[str], fmt: str) -> list[str]:
    """BBCode wants [list] around items; collapse doubled blank lines everywhere."""
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
        if line == "" and result and result[-1] == "":
            continue
        result.append(line)
    if in_list:
        result.append("[/list]")
    return result


def _table(headers: list[str], rows: list[list[str]], fmt: str) -> list[str]:
    if fmt == "md":
        def cell(text: str) -> str:
            return str(text).replace("|", "\\|")
        lines = ["| " + " | ".join(cell(h) for h in headers) + " |", "|" + "---|" * len(headers)]
        return lines + ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows] + [""]
    widths = [max([len(str(h))] + [len(str(r[i])) for r in rows]) for i, h in enumerate(headers)]
    lines = [("  ".join(str(h).ljust(w) for h, w in zip(headers, widths))).rstrip()] if any(headers) else []
    lines += [("  ".join(str(c).ljust(w) for c, w in zip(row, widths))).rstrip() for row in rows]
    if fmt == "bbcode":
        return ["[code]"] + lines + ["[/code]"]
    return lines + [""]


def render_step_report(campaign: Campaign, save: dict, fmt: str = "text") -> str:
    return render(step_blocks(campaign, save), fmt)
