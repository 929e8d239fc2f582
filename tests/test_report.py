"""pbem report: the whole Game-Turn summary (--turn) and the three formats — Markdown parsed by a
real CommonMark parser, BBCode tags balanced with phpBB's default tags only, plain-text wording."""

import re
import shutil
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from pbem import campaign as camp
from pbem.cli import app
from pbem.report import order_line, plural, render, turn_blocks, user_path

from .conftest import ROOT
from .test_operation_grenade_campaign import BUNDLED, chit_ids, named

PHPBB_TAGS = {"b", "i", "u", "list", "*", "code", "size", "quote", "url", "color", "img"}


def run(*args, ok=True):
    result = CliRunner().invoke(app, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


@pytest.fixture(scope="module")
def smithereens(built_demo) -> Path:
    """The Smithereens demo campaign (`run_demo(work)`), built once per session: only read here."""
    return built_demo("smithereens") / "campaign"


# Issue 12: "Reports of the bundled campaigns in all three formats pass the parsers": every
# campaign bundled under examples/ (a game added later with its bundled campaign is checked
# without touching this file).
BUNDLED_CAMPAIGNS = {p.parent.name.removesuffix("-demo"): p for p in sorted((ROOT / "examples").glob("*-demo/campaign"))}
EVERY_CAMPAIGN = sorted(BUNDLED_CAMPAIGNS)


def reports(folder: Path, fmt: str) -> list[str]:
    """Every step report and every turn summary of a campaign in one format."""
    campaign = camp.open_campaign(folder)
    texts = [run("report", folder, "--step", n, "--format", fmt).stdout for n in campaign.step_numbers()]
    turns = sorted({campaign.load_save(n)[0]["state"]["turn"] for n in campaign.step_numbers()[:-1]})
    return texts + [run("report", folder, "--turn", t, "--format", fmt).stdout for t in turns]


# -- Markdown: CommonMark token stream --------------------------------------------------------

def md_tokens(text: str) -> list:
    return MarkdownIt("commonmark").enable("table").parse(text)


@pytest.mark.parametrize("which", EVERY_CAMPAIGN)
def test_markdown_parses_with_distinct_headings_headed_tables_and_no_merged_paragraphs(which):
    folder = BUNDLED_CAMPAIGNS[which]
    for text in reports(folder, "md"):
        tokens = md_tokens(text)
        headings = [(t.tag, tokens[i + 1].content) for i, t in enumerate(tokens) if t.type == "heading_open"]
        levels = dict((content, tag) for tag, content in headings)
        assert headings[0][0] == "h2"
        for section in ("Results", "Positions", "Next"):
            if section in levels:
                assert levels[section] in ("h3", "h4")
        for tag, content in headings:
            if content.startswith(("Combat ", "Prepared assault")):
                assert tag in ("h4", "h5") and tag != levels["Results"], content
        for i, t in enumerate(tokens):              # every table has a non-empty header row
            if t.type == "thead_open":
                cells = [tokens[j + 1].content for j in range(i, len(tokens)) if tokens[j].type == "th_open"
                         and j < next(k for k in range(i, len(tokens)) if tokens[k].type == "thead_close")]
                assert cells and all(c.strip() for c in cells), cells
        depth = 0
        for t in tokens:                            # "Waiting for …" is never inside a list item
            depth += t.type == "list_item_open"
            depth -= t.type == "list_item_close"
            if t.type == "inline" and t.content.startswith(("Waiting for", "Seed ", "Not enforced")):
                assert depth == 0, t.content
        assert "|  |" not in text and "{" not in text     # no empty header cells, no raw YAML orders


def test_markdown_step_10_of_the_bundled_campaign_in_detail():
    text = run("report", BUNDLED, "--step", 10, "--format", "md").stdout
    tokens = md_tokens(text)
    headings = {tokens[i + 1].content: t.tag for i, t in enumerate(tokens) if t.type == "heading_open"}
    assert headings["Results"] == "h3" and headings["Combat 1 at 0110"] == "h4" and headings["Orders"] == "h3"
    assert "- defend 0110, artillery 407/58\n" in text
    assert "* **Final column**: 1-5\n" in text
    waiting = [t for t in tokens if t.type == "inline" and t.content.startswith("Waiting for allied")]
    assert waiting and "\n" not in waiting[0].content


# -- BBCode: balanced phpBB tags, nothing of Markdown ----------------------------------------

def bbcode_problems(text: str) -> list[str]:
    """Tags balance (a stack; [*] needs an open [list]); only phpBB's default tags; no Markdown."""
    problems, stack = [], []
    for match in re.finditer(r"\[(/?)([a-z*]+)(?:=[^\]]*)?\]", text):
        closing, tag = match.group(1) == "/", match.group(2)
        if tag not in PHPBB_TAGS:
            problems.append(f"unknown tag {tag}")
        elif tag == "*":
            if not stack or stack[-1] != "list":
                problems.append("[*] outside [list]")
        elif closing:
            if not stack or stack.pop() != tag:
                problems.append(f"[/{tag}] closes nothing open")
        else:
            stack.append(tag)
    problems += [f"unclosed [{t}]" for t in stack]
    outside_code = re.sub(r"\[code\].*?\[/code\]", "", text, flags=re.S)
    problems += [f"Markdown leak {leak!r}" for leak in ("`", "**", "###", "|---") if leak in outside_code]
    problems += ["a Markdown list line"] if re.search(r"^- ", outside_code, re.M) else []
    return problems


@pytest.mark.parametrize("which", EVERY_CAMPAIGN)
def test_bbcode_balances_and_leaks_nothing(which):
    folder = BUNDLED_CAMPAIGNS[which]
    for text in reports(folder, "bbcode"):
        assert bbcode_problems(text) == [], text[:300]


def test_bbcode_checker_catches_what_it_should():
    assert bbcode_problems("[b]x[/i]") and bbcode_problems("[b]x") and bbcode_problems("[*]x")
    assert bbcode_problems("[table]x[/table]") and bbcode_problems("see `pbem rolls`")
    assert bbcode_problems("[list]\n[*]a\n[/list]\n[code]`x`[/code]") == []


def test_bbcode_tables_are_code_blocks_and_commands_bold():
    text = run("report", BUNDLED, "--step", 5, "--format", "bbcode").stdout
    assert "[code]\nPurpose" in text and "[b]pbem rolls[/b]" in text
    assert "[*][b]Final column[/b]: 1-3" in text


# -- text wording ------------------------------------------------------------------------------

def test_plural_orders_and_user_paths():
    assert plural(1, "loss point") == "1 loss point" and plural(2, "loss point") == "2 loss points"
    assert user_path("crt.crt.cells.3.1:1/1:2") == "crt.cells.3.1:1/1:2" and user_path("units.counters.x") == "units.counters.x"
    assert order_line({"move": "13/8/7", "path": ["0108", "0109"]}) == "move 13/8/7, path 0108 → 0109"
    assert order_line({"combat": "0310", "losses": [], "retreat": ["0208"]}) == "combat 0310, losses none, retreat 0208"
    assert order_line({"flood": "gradual_flood"}) == "flood gradual flood"


def test_smithereens_text_says_loss_points_steps_and_eliminations(smithereens):
    texts = "\n".join((smithereens / "steps" / f"{n:04d}" / "report.txt").read_text() for n in range(8))
    assert "crt.crt." not in texts and "crt.cells.3.1:1/1:2" in texts
    assert "1/1: attacker 1 loss point, defender 1 loss point (11.24" in texts      # one of each: singular
    assert "1 loss points" not in texts
    # behaviour 6: the one legal allocation (11.30) is applied without asking the defender
    assert ("Defender losses at 1819E: ger-73id −1 step (1 left) (11.29, 11.30: the only legal answer, applied "
            "without asking)") in texts
    assert re.search(r"−1 step \((eliminated|\d+ left)\)", texts)


def test_step_report_marks_an_eliminated_unit():
    from pbem.games.smithereens.report import _steps_lost
    state = {"units": {"a": {"steps": 2}}}
    assert _steps_lost(state, {"a": 1, "b": 2}) == "a −1 step (2 left), b −2 steps (eliminated)"


def test_not_enforced_said_once_then_pointed_to():
    first = (BUNDLED / "steps" / "0000" / "report.txt").read_text()
    assert "Not enforced by pbem in this campaign (agreed at creation): 8.42 \"It is strictly forbidden" in first
    for n in range(1, 13):
        text = (BUNDLED / "steps" / f"{n:04d}" / "report.txt").read_text()
        assert "8.42 \"It is strictly forbidden" not in text
        assert "listed in the first report (`steps/0000/report.txt`)" in text
    summary = run("report", BUNDLED, "--turn", 1).stdout
    assert "8.42 \"It is strictly forbidden" not in summary and "listed in the first report" in summary


# -- the Game-Turn summary ---------------------------------------------------------------------

TURN_1 = [
    "Game-Turn 1 summary (saves 3–7)",
    "Save 3: Game-Turn 1 (1945-02-23) Allied Movement Phase (5.0)",
    "- move 13/8/7, path 0108 → 0109",
    "- 28/8/7 moves 0108 → 0208 → 0209 (5.4)",
    "- attack 0110, with 13/8/7, advance 13/8/7",
    "Waiting for german to choose which regiment or brigade defends (7.22) at 0110, 0310.",
    "- german supports the combat at 0110: artillery 407/58 (9.64, 13.13)",
    "- 13/8/7 draws a strength chit from morale pool 2, face down (8.33)",
    "- 13/8/7 shows Combat Strength 4 (front, 8.42)",
    "Ratio                                 4-6 → column 1-2 of the clear line (9.0, 9.89)",
    "+1 US surprise (18.21), -1 hilltop: german unit on hilltop 0112, within 2 hexes of 0110 (9.35), -1 artillery support by 407/58 (9.62)",
    "Dice                                  5 + 2 = 7",
    "Result                                - (cell from demonstration)",
    "- 943/353/58 shows Combat Strength 2 (front, 8.42)",
    "- Variable German reinforcements, south map-edge: roll 6: none (23.1)",
    "combat 1 at 0110 die 1 (9.0) (crt/1/0110/1)                                1d6  5",
    "Save 7: Game-Turn 1 (1945-02-23) German Combat Phase (9.0)",
    "- No attacks declared (9.0)",
    "- Game-Turn 2 weather: roll 4 +1 → rain; MUD (24.22) (24.11)",
    "Game-Turn 2 (1945-02-24) Allied Movement Phase (5.0): allied sends orders",
]


def test_turn_summary_of_the_bundled_game_turn_1_has_every_step_in_order():
    text = run("report", BUNDLED, "--turn", 1).stdout
    positions = [text.index(line) for line in TURN_1]
    assert positions == sorted(positions)
    assert [int(n) for n in re.findall(r"^Save (\d+):", text, re.M)] == list(range(3, 8))
    assert "D-Day" not in text                      # save 2 belongs to the pre-game
    assert "Positions" in text and text.count("\nPositions\n") == 1


def test_report_without_step_or_turn_after_a_turns_last_step_is_the_turn_summary(tmp_path):
    from .test_operation_grenade_campaign import truncate
    turn_done = truncate(Path(shutil.copytree(BUNDLED, tmp_path / "campaign")), 7)      # save 7 ends Game-Turn 1
    assert run("report", turn_done).stdout == run("report", turn_done, "--turn", 1).stdout
    assert "save 8\n" in run("report", BUNDLED, "--step", 8).stdout
    assert run("report", BUNDLED).stdout == run("report", BUNDLED, "--step", 22).stdout     # Game-Turn 3 goes on


def test_turn_zero_is_the_pre_game_and_unknown_turns_are_refused():
    text = run("report", BUNDLED, "--turn", 0).stdout
    assert "before the game summary (saves 1–2)" in text and "- flood gradual flood" in text
    result = run("report", BUNDLED, "--turn", 5, ok=False)
    assert result.exit_code == 1 and "no step of Game-Turn 5 is adjudicated yet (turns with steps: 0, 1, 2, 3)" in result.output
    assert run("report", BUNDLED, "--turn", 1, "--step", 3, ok=False).exit_code == 1


def test_public_turn_summary_never_names_a_strength_chit():
    ids = chit_ids()
    for fmt in ("text", "md", "bbcode"):
        for turn in (0, 1):
            text = run("report", BUNDLED, "--turn", turn, "--format", fmt).stdout
            assert not [c for c in ids if named(text, c)], (fmt, turn)


def test_a_sides_turn_summary_shows_its_own_chits_only(tmp_path):  # 8.42
    """The chits dealt in secret: a side's own summary (its key decodes its cards) names its own chits
    held at the end of Game-Turn 1, never the enemy's."""
    from .test_operation_grenade_campaign import EXAMPLE, own_chits, truncate
    own = own_chits(truncate(Path(shutil.copytree(BUNDLED, tmp_path / "campaign")), 7))
    assert own["allied"] and own["german"]
    shutil.copytree(EXAMPLE / "keys", tmp_path / "keys")
    for side, enemy in (("allied", "german"), ("german", "allied")):
        text = run("report", BUNDLED, "--turn", 1, "--side", side, "--key", tmp_path / "keys" / side).stdout
        assert "own report, not for the opponent" in text
        assert all(named(text, c) for c in own[side]) and not [c for c in own[enemy] if named(text, c)]


def test_smithereens_turn_summary(smithereens):
    text = run("report", smithereens, "--turn", 2, "--format", "md").stdout
    assert "Game-Turn 2 summary (saves 4–9)" in text
    assert "#### Prepared assault on 1819E" in text or "##### Prepared assault on 1819E" in text
    assert "* **Result**: 1/1: attacker 1 loss point, defender 1 loss point" in text


def test_a_turns_steps_are_read_back_from_the_latest_save_only_as_far_as_that_turn(monkeypatch):
    """Issue 13: `pbem report` of the turn just finished read every save of the campaign; now the
    saves back to the turn's first step, with the same steps as a scan of every save."""
    from pathlib import Path

    from pbem import campaign as camp
    from pbem.folder import Campaign
    from pbem.report import turn_of, turn_steps
    folder = next((Path(__file__).parent / "compat").glob("operation-grenade-demo-*")) / "campaign"
    campaign = camp.open_campaign(folder)
    saves = [campaign.load_save(n)[0] for n in campaign.step_numbers()]
    turns = sorted({turn_of(s) for s in saves[:-1]})
    assert len(turns) >= 2
    for turn in turns:
        expected = [s for before, s in zip(saves, saves[1:]) if turn_of(before) == turn]
        assert turn_steps(campaign, turn) == expected, turn
    read = []
    real = Campaign.load_save
    monkeypatch.setattr(Campaign, "load_save", lambda self, n: read.append(n) or real(self, n))
    last = turns[-1]
    steps = turn_steps(campaign, last)
    first = min(s["number"] for s in steps)
    assert sorted(set(read)) == list(range(first - 2 if first >= 2 else 0, len(saves)))
