"""Tests for pbem.hexgrid.  Rulebook facts cite ../shared/rulebooks/<game>.txt by rule number."""

import math

import pytest

from pbem.hexgrid import (
    OFFSETS,
    GridSpec,
    axial_to_offset,
    cheapest_path,
    hexside_key,
    offset_to_axial,
    path_cost,
    reachable,
    stack_violations,
    trace_supply,
    zoc,
)

# Smithereens (2.3, 2.4): two sheets; the eastern sheet's 10xxE column lies on top of the
# western sheet's 42xx column, so E ids are 32 columns east of W ids.  Column extents say which
# printed columns each sheet has, so that format() knows 1105E is only on the eastern sheet.
SMITHEREENS = {
    "rule": "2.4",
    "numbering": "xxyy",
    # 11.3's example needs 2119 adjacent to 2219 and 2220: odd columns sit lower.
    "offset": "odd-columns-down",
    "maps": {
        "": {"col_offset": 0, "last_col": 42},
        "W": {"col_offset": 0, "last_col": 42},
        "E": {"col_offset": 32, "first_col": 10},
    },
}


@pytest.fixture
def smi():
    return GridSpec.from_dict(SMITHEREENS)


@pytest.fixture
def eotid():
    # End of the Iron Dream: letter rows (A=1), number columns; 15.21.1 fixes the parity.
    return GridSpec.from_dict({"numbering": "letter-number", "offset": "even-rows-right"})


# -- GridSpec.from_dict ----------------------------------------------------------------------

def test_from_dict_fields(smi):
    assert smi.numbering == "xxyy"
    assert smi.offset == "odd-columns-down"
    assert [(m.suffix, m.col_offset, m.first_col, m.last_col) for m in smi.maps] == [
        ("", 0, None, 42),
        ("W", 0, None, 42),
        ("E", 32, 10, None),
    ]
    assert smi.flat_top is True


def test_from_dict_accepts_provenance_wrappers():
    spec = GridSpec.from_dict(
        {"numbering": {"value": "xx.yy", "rule": "2.1"}, "offset": "odd-rows-right", "printed_on": "map"}
    )
    assert (spec.numbering, spec.offset, spec.flat_top) == ("xx.yy", "odd-rows-right", False)
    assert [m.suffix for m in spec.maps] == [""]


@pytest.mark.parametrize(
    "d, fragment",
    [
        ("xxyy", "must be a mapping"),
        ({"offset": "odd-columns-down"}, "numbering is None"),
        ({"numbering": "xyxy", "offset": "odd-columns-down"}, "numbering is 'xyxy'"),
        ({"numbering": "xxyy", "offset": "unknown"}, "offset is 'unknown'"),
        ({"numbering": "xxyy", "offset": "odd-columns-down", "ofset": 1}, "unknown key(s) ['ofset']"),
        ({"numbering": "xxyy", "offset": "odd-columns-down", "maps": {}}, "non-empty mapping"),
        ({"numbering": "xxyy", "offset": "odd-columns-down", "maps": {"E": "32"}}, "maps.E must be an integer"),
        ({"numbering": "xxyy", "offset": "odd-columns-down", "maps": {"E": True}}, "maps.E must be an integer"),
        ({"numbering": "xxyy", "offset": "odd-columns-down", "maps": {"E1": 32}}, "suffix 'E1'"),
        ({"numbering": "xxyy", "offset": "odd-columns-down", "maps": {"E": {"first_col": 10}}}, "needs col_offset"),
    ],
)
def test_from_dict_rejects_bad_input(d, fragment):
    with pytest.raises(ValueError) as e:
        GridSpec.from_dict(d)
    assert fragment in str(e.value)


# -- parse / format ----------------------------------------------------------------------

def test_parse_format_each_numbering():
    xxyy = GridSpec("xxyy", "odd-columns-down")
    assert xxyy.parse("2516") == (25, 16)
    assert xxyy.format(25, 16) == "2516"
    assert xxyy.format(1, 0) == "0100"  # Smithereens has row 00 (6.17: "3600")
    dotted = GridSpec("xx.yy", "odd-columns-down")
    assert dotted.parse("12.07") == (12, 7)
    assert dotted.format(12, 7) == "12.07"
    letters = GridSpec("letter-number", "even-rows-right")
    assert letters.parse("C12") == (12, 3)  # row is the letter, column the number
    assert letters.parse("X9") == (9, 24)
    assert letters.parse("AA3") == (3, 27)
    assert letters.format(12, 3) == "C12"
    assert letters.format(3, 27) == "AA3"
    assert letters.format(1, 52) == "AZ1"
    assert letters.format(1, 53) == "BA1"


@pytest.mark.parametrize(
    "numbering, bad",
    [
        ("xxyy", "251"),
        ("xxyy", "25166"),
        ("xxyy", "25.16"),
        ("xxyy", " 2516"),
        ("xxyy", "2516E"),  # no such map sheet in a one-sheet game
        ("xx.yy", "1207"),
        ("xx.yy", "12.7"),
        ("letter-number", "12C"),
        ("letter-number", "c12"),
        ("letter-number", "C012"),
        ("letter-number", "C"),
    ],
)
def test_parse_rejects_bad_ids(numbering, bad):
    spec = GridSpec(numbering, "odd-columns-down")
    with pytest.raises(ValueError) as e:
        spec.parse(bad)
    assert repr(bad) in str(e.value)
    assert "e.g." in str(e.value)  # names the expected pattern


def test_parse_rejects_non_string():
    with pytest.raises(ValueError):
        GridSpec("xxyy", "odd-columns-down").parse(2516)


def test_format_rejects_unexpressible():
    spec = GridSpec("xxyy", "odd-columns-down")
    for col, row in [(-1, 5), (5, -1), (100, 5), (5, 100)]:
        with pytest.raises(ValueError, match="no xxyy hex id"):
            spec.format(col, row)
    with pytest.raises(ValueError):
        GridSpec("letter-number", "odd-rows-right").format(5, 0)  # no letter for row 0


# -- Smithereens map sheets (2.3, 2.4) -----------------------------------------------------

def test_smithereens_2_4_overlap_column_is_one_location(smi):
    assert smi.parse("1005E") == smi.parse("4205") == (42, 5)
    assert smi.same_hex("1005E", "4205W")
    assert smi.canonical("1005E") == "4205"  # overlap: first-listed sheet's id
    assert smi.format(42, 5) == "4205"


def test_smithereens_2_3_w_suffix_is_optional(smi):
    assert smi.parse("2516W") == smi.parse("2516") == (25, 16)
    assert smi.canonical("2516W") == "2516"


def test_smithereens_2_3_east_only_columns_keep_e_suffix(smi):
    # Warsaw 1819E (2.3) is only on the eastern sheet
    assert smi.parse("1819E") == (50, 19)
    assert smi.format(50, 19) == "1819E"
    assert smi.canonical("1105E") == "1105E"
    assert smi.format(41, 5) == "4105"


def test_smithereens_ids_off_a_sheet_are_rejected(smi):
    with pytest.raises(ValueError, match="column 47 is not on the"):
        smi.parse("4705")  # the western sheet ends at 42xx (2.4)
    with pytest.raises(ValueError, match="column 9 is not on map 'E'"):
        smi.parse("0905E")  # the eastern sheet starts at 10xxE (2.4)


def test_smithereens_2_4_neighbours_across_the_seam(smi):
    # 4105 is the last column only on the W sheet; its eastern neighbours are the overlap
    # column, written with the W (unsuffixed) id.
    assert smi.neighbours("4105") == ["4104", "4205", "4206", "4106", "4006", "4005"]
    # 1105E is the first E-only column; its western neighbours are 1005E/1006E = 4205/4206.
    assert smi.neighbours("1105E") == ["1104E", "1205E", "1206E", "1106E", "4206", "4205"]
    assert smi.adjacent("1105E", "1005E")
    assert smi.adjacent("4105", "1005E")
    assert smi.distance("4105", "1105E") == 2
    assert smi.distance("1005E", "4205") == 0
    assert not smi.adjacent("1005E", "4205")  # same hex, not neighbours


def test_plain_int_maps_as_in_the_brief():
    # {"": 0, "W": 0, "E": 32} without column extents: ids on all sheets parse, and format()
    # picks the first-listed sheet that can write the column.
    spec = GridSpec.from_dict({"numbering": "xxyy", "offset": "odd-columns-down", "maps": {"": 0, "W": 0, "E": 32}})
    assert spec.parse("1005E") == spec.parse("4205") == (42, 5)
    assert spec.parse("2516W") == spec.parse("2516")
    assert spec.canonical("1005E") == "4205"
    assert spec.format(131, 5) == "9905E"  # only the E sheet can write column 131


# -- adjacency facts from the rulebooks -----------------------------------------------------

def test_smithereens_11_3_2119_adjacent_to_2219_and_2220(smi):
    # 11.3: "an attacking unit or stack in 2119 may not attack defenders in 2219 and 2220 as
    # one battle" -- the example only makes sense if 2119 touches both hexes.
    assert smi.adjacent("2119", "2219")
    assert smi.adjacent("2119", "2220")
    assert smi.neighbours("2119") == ["2118", "2219", "2220", "2120", "2020", "2019"]


def test_smithereens_11_3_rules_out_even_columns_down():
    # With even columns lowered, 2119's eastern neighbours would be 2218 and 2219, so 11.3's
    # example fixes Smithereens as odd-columns-down (parity of the printed column number).
    even = GridSpec("xxyy", "even-columns-down")
    assert even.neighbours("2119") == ["2118", "2218", "2219", "2120", "2019", "2018"]
    assert not even.adjacent("2119", "2220")


def test_smithereens_10_17_example_hexes_are_two_apart(smi):
    # 10.17's example (3604 to 3606 "directly") names hexes in the same column two rows apart;
    # no hex grid makes them adjacent.  Recorded so the data authors can treat it as errata.
    assert smi.distance("3604", "3606") == 2
    assert not smi.adjacent("3604", "3606")


def test_smithereens_rhine_hexsides_are_real(smi):
    # 11.16 Design Note: the Rhine "starts ... at 1718/1818 ... passes Frankfurt at
    # 2111/2211, and flows into the Hook of Holland at 2104/2204" -- each pair shares a hexside.
    for a, b in [("1718", "1818"), ("2111", "2211"), ("2104", "2204"), ("1626", "1726")]:
        assert smi.adjacent(a, b)
    assert hexside_key("1818", "1718") == "1718|1818"


def test_eotid_15_21_1_r17_ring(eotid):
    # 15.21.1 example: R17's adjacent hexes are R16, R18, S17, S18, Q17, Q18, and the
    # mutually adjacent pairs around it are R16/S17, S17/S18, S18/R18, R18/Q18, Q18/Q17, Q17/R16.
    assert eotid.neighbours("R17") == ["Q18", "R18", "S18", "S17", "R16", "Q17"]
    for a, b in [("R16", "S17"), ("S17", "S18"), ("S18", "R18"), ("R18", "Q18"), ("Q18", "Q17"), ("Q17", "R16")]:
        assert eotid.adjacent(a, b)
    assert not eotid.adjacent("R16", "S18")


def test_eotid_18_23_concentric_examples(eotid):
    # 18.23: attackers in T23+T25, or in T23+S25+U25, around a defender in T24 are
    # "concentric": every hex around T24 holds an attacker or is adjacent to one.
    ring = eotid.neighbours("T24")
    assert ring == ["S25", "T25", "U25", "U24", "T23", "S24"]
    for attackers in (["T23", "T25"], ["T23", "S25", "U25"]):
        assert all(h in ring for h in attackers)
        for h in ring:
            assert h in attackers or any(eotid.adjacent(h, a) for a in attackers)


def test_eotid_2_12_points_where_three_hexes_meet(eotid):
    # 2.12 map errata: "hexes G31, G32 and F31 all meet", and later "F32, F33 and G33 meet".
    for trio in (("G31", "G32", "F31"), ("F32", "F33", "G33")):
        a, b, c = trio
        assert eotid.adjacent(a, b) and eotid.adjacent(b, c) and eotid.adjacent(a, c)


def test_eotid_2_12_a_blocked_hexside_pairs(eotid):
    # 2.12 A: "The following hex-pairs are blocked hexsides: L15/K15, L15/K16, L16/K16, K16/K17,
    # K17/J17, K18/J17, I18/J18" -- each pair must share a hexside.
    pairs = [("L15", "K15"), ("L15", "K16"), ("L16", "K16"), ("K16", "K17"), ("K17", "J17"), ("K18", "J17"), ("I18", "J18")]
    assert all(eotid.adjacent(a, b) for a, b in pairs)
    # with A=1 parity, odd-rows-right would break two of them
    odd = GridSpec("letter-number", "odd-rows-right")
    assert [a + "/" + b for a, b in pairs if not odd.adjacent(a, b)] == ["L15/K16", "K18/J17"]


# -- exact neighbours for every offset kind ---------------------------------------------------

@pytest.mark.parametrize(
    "numbering, offset, hex_id, expected",
    [
        ("xxyy", "odd-columns-down", "2219", ["2218", "2318", "2319", "2220", "2119", "2118"]),
        ("xxyy", "even-columns-down", "2219", ["2218", "2319", "2320", "2220", "2120", "2119"]),
        ("xx.yy", "odd-rows-right", "05.03", ["06.02", "06.03", "06.04", "05.04", "04.03", "05.02"]),
        ("xx.yy", "odd-rows-right", "05.04", ["05.03", "06.04", "05.05", "04.05", "04.04", "04.03"]),
        ("letter-number", "even-rows-right", "Q17", ["P17", "Q18", "R17", "R16", "Q16", "P16"]),
        ("letter-number", "odd-rows-right", "R17", ["Q17", "R18", "S17", "S16", "R16", "Q16"]),
    ],
)
def test_exact_neighbours(numbering, offset, hex_id, expected):
    spec = GridSpec(numbering, offset)
    assert spec.neighbours(hex_id) == expected
    assert [spec.direction(hex_id, n) for n in expected] == [0, 1, 2, 3, 4, 5]


def test_neighbours_skip_unexpressible_hexes():
    spec = GridSpec("xxyy", "odd-columns-down")
    # 0000 (even col, upper): N and NE would be row -1, SW and NW column -1
    assert spec.neighbours("0000") == ["0100", "0001"]


def test_direction_and_distance_values(smi):
    assert smi.direction("2119", "2219") == 1
    assert smi.direction("2219", "2119") == 4
    assert smi.direction("2119", "2119") is None
    assert smi.direction("2119", "2319") is None
    assert smi.distance("2119", "2119") == 0
    assert smi.distance("2119", "2519") == 4
    assert smi.distance("2119", "2125") == 6
    assert smi.distance("1511", "1819E") == 35  # Metz to Warsaw (2.3): 35 columns, 8 rows


def test_hexside_key_order_independent(smi):
    assert hexside_key("2517", "2516") == hexside_key("2516", "2517") == "2516|2517"
    assert hexside_key("1005E", "4105", smi) == hexside_key("4105", "4205", smi) == "4105|4205"
    with pytest.raises(ValueError, match="not adjacent"):
        hexside_key("2516", "2518", smi)


# -- property-style checks over a grid, for every offset kind -------------------------------

def _centre(offset, col, row):
    """Page position of a hex centre (unit = hex radius), straight from the offset layout."""
    s3 = math.sqrt(3)
    if offset.endswith("columns-down"):
        lowered = (col % 2 == 0) == offset.startswith("even")
        return 1.5 * col, s3 * row + (s3 / 2 if lowered else 0)
    shifted = (row % 2 == 0) == offset.startswith("even")
    return s3 * col + (s3 / 2 if shifted else 0), 1.5 * row


@pytest.mark.parametrize("offset", OFFSETS)
@pytest.mark.parametrize("numbering", ["xxyy", "xx.yy", "letter-number"])
def test_grid_properties(numbering, offset):
    spec = GridSpec(numbering, offset)
    cells = [(c, r) for c in range(3, 12) for r in range(3, 12)]  # ring 2 stays expressible
    ids = {spec.format(c, r): (c, r) for c in range(0, 14) for r in range(1, 14)}
    for c, r in cells:
        h = spec.format(c, r)
        assert spec.parse(h) == (c, r)
        assert axial_to_offset(offset, *offset_to_axial(offset, c, r)) == (c, r)
        x, y, z = spec.to_cube(h)
        assert x + y + z == 0
        nbs = spec.neighbours(h)
        assert len(set(nbs)) == 6
        # neighbours are exactly the hexes one hex-width away on the page
        cx, cy = _centre(offset, c, r)
        geometric = sorted(
            k for k, (c2, r2) in ids.items()
            if abs(math.dist((cx, cy), _centre(offset, c2, r2)) - math.sqrt(3)) < 1e-9
        )
        assert sorted(nbs) == geometric
        for i, n in enumerate(nbs):
            assert h in spec.neighbours(n)  # symmetric
            assert spec.direction(h, n) == i
            assert spec.direction(n, h) == (i + 3) % 6
            assert spec.distance(h, n) == spec.distance(n, h) == 1
        # neighbours of neighbours: 6 at distance 1 plus 12 at distance 2
        ring2 = {m for n in nbs for m in spec.neighbours(n)} - {h}
        assert len(ring2) == 18
        assert sorted(spec.distance(h, m) for m in ring2) == [1] * 6 + [2] * 12


@pytest.mark.parametrize("offset", OFFSETS)
def test_distance_matches_breadth_first_steps(offset):
    spec = GridSpec("xxyy", offset)
    start = spec.format(6, 6)
    steps = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for h in frontier:
            for n in spec.neighbours(h):
                if n not in steps and steps[h] < 5:
                    steps[n] = steps[h] + 1
                    nxt.append(n)
        frontier = nxt
    assert len(steps) == 1 + 3 * 5 * 6  # hexes within 5 steps
    for h, d in steps.items():
        assert spec.distance(start, h) == spec.distance(h, start) == d


# -- movement -------------------------------------------------------------------------------

@pytest.fixture
def toy():
    """Columns 01-04, rows 01-03, odd-columns-down.  0201 is forest (3 MP), everything else
    clear (1 MP); the 0202/0301 hexside is prohibited (say, all-sea, Smithereens 10.17)."""
    spec = GridSpec("xxyy", "odd-columns-down")
    forest = {"0201"}
    prohibited = {"0202|0301"}

    def cost(a, b):
        c, r = spec.parse(b)
        if not (1 <= c <= 4 and 1 <= r <= 3) or hexside_key(a, b) in prohibited:
            return None
        return 3 if b in forest else 1

    return spec, cost


def test_cheapest_path_avoids_forest_and_prohibited_hexside(toy):
    spec, cost = toy
    # 0101->0202->0301 would cost 2 but crosses the prohibited hexside; via forest 0201 costs 4
    assert cheapest_path(spec, "0101", "0301", cost) == (3, ["0101", "0202", "0302", "0301"])
    assert cheapest_path(spec, "0101", "0301", cost, max_cost=2) is None
    assert cheapest_path(spec, "0101", "0101", cost) == (0, ["0101"])


def test_cheapest_path_ties_break_by_hex_id():
    spec = GridSpec("xxyy", "odd-columns-down")
    flat = lambda a, b: 1 if all(1 <= v <= 4 for v in spec.parse(b)) else None  # noqa: E731
    # two 2-step routes, via 0201 or via 0202: the lower id wins
    assert cheapest_path(spec, "0101", "0301", flat) == (2, ["0101", "0201", "0301"])


def test_cheapest_path_unreachable(toy):
    spec, cost = toy
    assert cheapest_path(spec, "0101", "0501", cost) is None  # off the toy map


def test_reachable(toy):
    spec, cost = toy
    assert reachable(spec, "0101", cost, 2) == {
        "0101": 0,
        "0102": 1,
        "0202": 1,
        "0103": 2,
        "0203": 2,
        "0302": 2,
    }
    assert list(reachable(spec, "0101", cost, 3))[-5:] == ["0201", "0301", "0303", "0402", "0403"]
    assert reachable(spec, "0101", cost, 3)["0301"] == 3


def test_path_cost(toy):
    spec, cost = toy
    assert path_cost(spec, ["0101", "0201", "0301"], cost) == (4, None, "")
    assert path_cost(spec, ["0101"], cost) == (0, None, "")
    assert path_cost(spec, ["0101", "0202", "0301"], cost) == (1, 2, "0202 -> 0301 is prohibited")
    assert path_cost(spec, ["0101", "0102", "0302"], cost) == (1, 2, "0302 is not adjacent to 0102 (distance 2)")
    assert path_cost(spec, ["0101", "0101"], cost) == (0, 1, "0101 is not adjacent to 0101 (distance 0)")
    total, idx, reason = path_cost(spec, ["0101", "02x1"], cost)
    assert (total, idx) == (0, 1) and "bad hex id '02x1'" in reason
    assert path_cost(spec, ["zz"], cost)[:2] == (0, 0)
    with pytest.raises(ValueError):
        path_cost(spec, [], cost)


def test_negative_cost_is_an_error():
    spec = GridSpec("xxyy", "odd-columns-down")
    with pytest.raises(ValueError, match="negative"):
        cheapest_path(spec, "0101", "0301", lambda a, b: -1)


# -- ZOC, stacking, supply -------------------------------------------------------------------

def test_zoc_blocked_across_hexside():
    spec = GridSpec("xxyy", "odd-columns-down")
    river = {"0202|0302"}
    blocked = lambda a, b: hexside_key(a, b) in river  # noqa: E731
    assert zoc(spec, ["0202"]) == {"0201", "0301", "0302", "0203", "0102", "0101"}
    assert zoc(spec, ["0202"], blocked) == {"0201", "0301", "0203", "0102", "0101"}
    # two units: the union, including a unit hex that is next to the other unit
    assert zoc(spec, ["0202", "0203"], blocked) == {
        "0201", "0301", "0203", "0102", "0101",       # from 0202 (not 0302: river)
        "0202", "0302", "0303", "0204", "0103",       # from 0203 (its side to 0302 is clear)
    }


def test_smithereens_zoc_crosses_the_seam(smi):
    assert "4205" in zoc(smi, ["1105E"])
    assert zoc(smi, ["1005E"]) == zoc(smi, ["4205"])


def test_stack_violations_sorted_by_hex():
    stacks = {"2517": ["a", "b", "c", "d"], "0101": ["a"], "1204": ["x", "y", "z"]}
    limit = lambda units: f"{len(units)} units; limit 2" if len(units) > 2 else None  # noqa: E731
    assert stack_violations(stacks, limit) == [("1204", "3 units; limit 2"), ("2517", "4 units; limit 2")]
    assert stack_violations({}, limit) == []


def test_trace_supply_with_max_length():
    # Operation Grenade 11.21: supply line of six hexes or less to a road hex.
    spec = GridSpec("xxyy", "odd-columns-down")
    on_map = lambda h: all(1 <= v <= 9 for v in spec.parse(h))  # noqa: E731
    enemy = {"0301"}
    can_enter = lambda a, b: on_map(b) and b not in enemy  # noqa: E731
    road = lambda h: h == "0701"  # noqa: E731
    assert spec.distance("0101", "0701") == 6
    assert trace_supply(spec, "0101", road, can_enter, max_length=6) == [
        "0101", "0202", "0302", "0402", "0501", "0601", "0701",
    ]
    assert trace_supply(spec, "0101", road, can_enter, max_length=5) is None
    assert trace_supply(spec, "0101", road, lambda a, b: on_map(b)) == [
        "0101", "0201", "0301", "0401", "0501", "0601", "0701",
    ]
    assert trace_supply(spec, "0701", road, can_enter, max_length=0) == ["0701"]
    # a wall of enemy units across the map cuts the line
    wall = {spec.format(4, r) for r in range(1, 10)}
    assert trace_supply(spec, "0101", road, lambda a, b: on_map(b) and b not in wall) is None


def test_trace_supply_nearest_source_wins():
    spec = GridSpec("xxyy", "odd-columns-down")
    on_map = lambda a, b: all(1 <= v <= 9 for v in spec.parse(b))  # noqa: E731
    sources = {"0505", "0905", "0502"}
    assert trace_supply(spec, "0504", lambda h: h in sources, on_map) == ["0504", "0505"]
    assert trace_supply(spec, "0503", lambda h: h in sources, on_map, max_length=1) == ["0503", "0502"]


# -- the per-grid memo answers exactly what the computation does ---------------------------------

@pytest.mark.parametrize("offset", OFFSETS)
@pytest.mark.parametrize("numbering", ["xxyy", "xx.yy", "letter-number"])
def test_memoised_answers_equal_the_computed_ones(numbering, offset):
    maps = {"": {"col_offset": 0, "last_col": 20}, "E": {"col_offset": 12, "first_col": 5}}
    spec = GridSpec.from_dict({"numbering": numbering, "offset": offset, "maps": maps})
    ids = {spec.format(col, row) for col in range(0, 40) for row in range(1, 30)}
    for hex_id in sorted(ids) * 2:                       # the second round is answered by the memo
        assert spec.neighbours(hex_id) == spec._neighbours(hex_id)
        assert spec.parse(hex_id) == spec._parse(hex_id)
        assert spec.canonical(hex_id) == spec.format(*spec._parse(hex_id))
        q, r = offset_to_axial(offset, *spec._parse(hex_id))
        assert spec.to_axial(hex_id) == (q, r)
        q1, r1 = offset_to_axial(offset, 1, 1)                 # distance reads the axial memo itself
        assert spec.distance(hex_id, spec.format(1, 1)) == max(abs(q - q1), abs(r - r1), abs(q - q1 + r - r1))
    first = spec.neighbours(sorted(ids)[0])
    first.append("mutated")                              # a caller's list is its own
    assert "mutated" not in spec.neighbours(sorted(ids)[0])
    assert spec == GridSpec.from_dict({"numbering": numbering, "offset": offset, "maps": maps})   # the memo is no field


def test_a_refused_id_is_refused_every_time():
    spec = GridSpec("xxyy", "odd-columns-down")
    for _ in range(2):
        with pytest.raises(ValueError, match="bad hex id '25x6'"):
            spec.parse("25x6")
        with pytest.raises(ValueError, match="bad hex id"):
            spec.neighbours(2516)        # type: ignore[arg-type]
        with pytest.raises(ValueError, match="bad hex id '25x6'"):
            spec.distance("2516", "25x6")


def test_a_bad_hex_id_is_a_refusal_and_still_a_value_error():
    """An order naming `13.12` on a grid that writes `1312` is refused in one line (PbemError)
    wherever a game reads it, not a traceback; the grid's own callers still catch ValueError."""
    from pbem.errors import BadHexId, PbemError
    spec = GridSpec.from_dict({"numbering": "xxyy", "offset": "even-columns-down"})
    for bad in ("13.12", "131", 1312):
        try:
            spec.parse(bad)          # type: ignore[arg-type]
        except BadHexId as exc:
            assert isinstance(exc, PbemError) and isinstance(exc, ValueError)
            assert str(exc).startswith(f"bad hex id {bad!r}: expected 4 digits CCRR") and "\n" not in str(exc)
        else:
            raise AssertionError(bad)
