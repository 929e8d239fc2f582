"""Illegal orders in a campaign: `pbem check` lists every problem with the line of the order
and the rule number; `pbem adjudicate` refuses the signed orders with one line naming the
file and the rule, and writes nothing.

Campaign: the demo data plus test-only units and terrain (tests/adversarial/data/
more-units-override.yaml, demonstration data): nine German units for 8.1 (one of them in 1818E,
next to two Soviet stacks, for 11.4), four Soviet units for
8.4, a US unit for 8.5, a lake hexside 1820E|1821E (10.15), an all-sea hexside 1720E|1820E and
a sea hex 1620E (10.17); hexes the data does not describe (e.g. 1721E) have unknown terrain.
"""

import pytest

from pbem import campaign as camp
from pbem.yamlio import dump_yaml, parse_yaml_text

from . import util

GERMAN_MOVE, SOVIET_MOVE, GERMAN_ASSAULT = 4, 1, 0
NINE = ["ger-46pz", "ger-73id"]

# name -> (save, side, orders, phrase with the rule, index of the offending order or None)
ILLEGAL = {
    "10.3-into-an-enemy-hex": (GERMAN_MOVE, "german", [{"move": "ger-46pz", "path": ["1819E", "1918E"]}], "contains enemy units (10.3)", 0),
    "10.3-through-an-enemy-hex": (GERMAN_MOVE, "german", [{"move": "ger-46pz", "path": ["1819E", "1918E", "1917E"]}], "(10.3)", 0),
    "10.2-over-the-movement-allowance": (GERMAN_MOVE, "german",
        [{"move": "ger-73id", "path": ["1819E", "1719E", "1720E", "1719E", "1819E"]}], "(10.2", 0),
    "10.1-not-adjacent": (GERMAN_MOVE, "german", [{"move": "ger-17id", "path": ["1820E", "1919E", "2121E"]}], "1919E and 2121E are not adjacent (10.1)", 0),
    "10.1-a-jump": (GERMAN_MOVE, "german", [{"move": "ger-73id", "path": ["1819E", "1821E"]}], "not adjacent (10.1)", 0),
    "10.6-moved-twice": (GERMAN_MOVE, "german", [{"move": "ger-73id", "path": ["1819E", "1719E"]},
                                                 {"move": "ger-73id", "path": ["1719E", "1720E"]}], "(10.6)", 1),
    "5.1-moving-an-enemy-unit": (GERMAN_MOVE, "german", [{"move": "sov-47a", "path": ["1918E", "1917E"]}], "(5.1)", 0),
    "10.15-across-a-lake-hexside": (GERMAN_MOVE, "german", [{"move": "ger-17id", "path": ["1820E", "1821E"]}], "lake hexside 1820E-1821E is impossible (10.15)", 0),
    "10.17-across-an-all-sea-hexside": (GERMAN_MOVE, "german", [{"move": "ger-17id", "path": ["1820E", "1720E"]}], "all-sea hexside 1820E-1720E (10.17)", 0),
    "10.17-into-a-sea-hex": (GERMAN_MOVE, "german", [{"move": "ger-73id", "path": ["1819E", "1719E", "1620E"]}], "no unit may enter 1620E (10.17)", 0),
    "8.1-nine-german-units": (GERMAN_MOVE, "german", [{"move": "ger-46pz", "path": ["1819E", "1718E"]},
                                                      {"move": "ger-73id", "path": ["1819E", "1718E"]},
                                                      {"move": "ger-17id", "path": ["1820E", "1719E", "1718E"]},
                                                      {"move": "ger-g6", "path": ["1818E", "1718E"]}],
                              "more than eight German units (8.1)", None),
    "8.4-four-soviet-units-without-artillery": (SOVIET_MOVE, "alliance", [{"move": "sov-3sa", "path": ["1917E", "1918E"]},
                                                                         {"move": "sov-5sa", "path": ["1917E", "1918E"]},
                                                                         {"move": "sov-2gta", "path": ["2019E", "1918E"]}], "(8.4)", None),
    # via 1918E: 1917E and 2018E are both next to the US unit in 2017E (10.36 2)
    "8.4-two-soviet-artillery": (SOVIET_MOVE, "alliance", [{"move": "sov-5art", "path": ["1917E", "1918E", "2018E"]}],
                                 "more than one Soviet artillery unit in a hex (8.4)", None),
    "8.4-minor-allies-of-two-nations": (SOVIET_MOVE, "alliance", [{"move": "sov-1cz", "path": ["2020E", "1920E"]}], "of different nations may not stack together (8.4)", None),
    "8.5-soviet-with-western": (SOVIET_MOVE, "alliance", [{"move": "sov-4art", "path": ["2018E", "2017E"]}], "may never stack together (8.5)", None),
    "11.1-no-enemy-in-the-target": (GERMAN_ASSAULT, "german", [{"attack": "1719E", "with": ["ger-46pz"]}], "(11.1)", 0),
    "11.1-attacker-not-adjacent": (GERMAN_ASSAULT, "german", [{"attack": "1918E", "with": ["ger-17id"]}], "is not adjacent to 1918E (11.1)", 0),
    "11.1-enemy-unit-as-attacker": (GERMAN_ASSAULT, "german", [{"attack": "1918E", "with": ["sov-2gta"]}], "(11.1)", 0),
    "11.4-hex-attacked-twice": (GERMAN_ASSAULT, "german", [{"attack": "1918E", "with": ["ger-46pz"]},
                                                           {"attack": "1918E", "with": ["ger-73id"]}], "(11.4)", 1),
    "11.4-unit-attacks-twice": (GERMAN_ASSAULT, "german", [{"attack": "1918E", "with": ["ger-g6"]},
                                                           {"attack": "1917E", "with": ["ger-g6"]}],
                                "ger-g6 attacks twice; no unit may attack more than once per phase (11.4)", 1),
}
UNKNOWN_TERRAIN = (GERMAN_MOVE, "german", [{"move": "ger-73id", "path": ["1819E", "1719E", "1720E", "1721E"]}])


def _orders_text(folder, side, orders) -> str:
    body = parse_yaml_text(camp.order_template(folder, side), "template")
    body["orders"] = orders
    return dump_yaml(body)


def _item_line(text: str, index: int) -> int:
    lines = text.split("\n")
    start = lines.index("orders:")
    items = [i for i in range(start + 1, len(lines)) if lines[i].startswith("- ")]
    return items[index] + 1


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_check_lists_the_problem_with_its_line_and_rule(more_units_at, tmp_path, case):
    number, side, orders, phrase, index = ILLEGAL[case]
    folder = util.copy_campaign(more_units_at(number), tmp_path / "campaign")
    text = _orders_text(folder, side, orders)
    path = util.write(tmp_path / "orders.yaml", text)
    before = util.snapshot(tmp_path)
    problems = util.assert_check_refused(util.pbem("check", folder, path), phrase, str(path))
    hit = next(p for p in problems if phrase in p)
    if index is not None:
        assert hit.startswith(f"{path}:{_item_line(text, index)}: ") and hit.endswith(f"(order {index + 1})"), hit
    assert util.snapshot(tmp_path) == before


@pytest.mark.parametrize("case", sorted(ILLEGAL))
def test_adjudicate_refuses_illegal_signed_orders(more_units_at, tmp_path, case):
    number, side, orders, phrase, index = ILLEGAL[case]
    folder = util.copy_campaign(more_units_at(number), tmp_path / "campaign")
    path = util.write(tmp_path / "orders.txt", util.signed_orders(folder, side, orders))
    before = util.snapshot(tmp_path)
    result = util.pbem("adjudicate", folder, path, "--key", util.DEMO_SRC / "keys" / util.other(side))
    line = util.assert_refused(result, phrase, f"{path}: illegal orders")
    if index is not None:
        assert f"order {index + 1}:" in line
    assert util.snapshot(tmp_path) == before


@pytest.mark.parametrize("command", ["check", "adjudicate"])
def test_unknown_terrain_names_the_data_path(more_units_at, tmp_path, command):
    number, side, orders = UNKNOWN_TERRAIN
    folder = util.copy_campaign(more_units_at(number), tmp_path / "campaign")
    if command == "check":
        path = util.write(tmp_path / "orders.yaml", _orders_text(folder, side, orders))
        args = ["check", folder, path]
    else:
        path = util.write(tmp_path / "orders.txt", util.signed_orders(folder, side, orders))
        args = ["adjudicate", folder, path, "--key", util.DEMO_SRC / "keys" / util.other(side)]
    before = util.snapshot(tmp_path)
    result = util.pbem(*args)
    if command == "check":      # check lists each problem on its own line, then one summary line
        assert result.exit_code == 1 and result.stdout == ""
        problem, summary = result.stderr.splitlines()
        assert summary == f"pbem: error: 1 problem(s) in {path}"
        line = problem
        assert "`map.hexes.1721E`" in line
    else:
        line = util.assert_refused(result, "`map.hexes.1721E`")
    assert "hex 1721E and its terrain" in line and "data-override.yaml" in line
    assert str(path) in line
    assert util.snapshot(tmp_path) == before
