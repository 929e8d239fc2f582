"""The game data model (docs/data-format.md): the files under rules/ and scenarios/, campaign
overrides, `pbem data missing` and `pbem data template`."""

import shutil
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from typer.testing import CliRunner

from pbem import campaign as camp
from pbem.cli import app
from pbem.datatools import override_template
from pbem.demo import demo_commitment, demo_folder
from pbem.errors import PbemError, UnknownDataError
from pbem.gamedata import load_game_data, project_root
from pbem.keys import key_id
from pbem.yamlio import dump_yaml, load_yaml_file

ROOT = project_root()
GAMES = sorted(p.name for p in (ROOT / "rules").iterdir() if p.is_dir())
DATA_FILES = sorted(p for game in GAMES for p in (ROOT / "rules" / game).glob("*.yaml")) + \
    sorted((ROOT / "scenarios").glob("*/*.yaml"))
META = {"rule", "printed_on", "open", "note", "notes", "comment"}
IDENTITY = {"pbem", "game", "title", "rulebook", "scenario", "id"}   # a file's own name tags, not game values

# The 16.2 table's nine column keys (German odds / Alliance odds), in the printed order.
CRT_COLUMNS = ["1:3/1:4", "1:2/1:3", "1:1/1:2", "2:1/1:1", "3:1/2:1", "4:1/3:1", "5:1/4:1", "6:1/5:1", "7:1/6:1"]
# The text gives rows 1 and 2 (16.2) and one row-3 cell (the 11.22 example, errata S2).
CELLS_THE_TEXT_LACKS = {f"crt.cells.{roll}.{column}" for roll in (3, 4, 5, 6) for column in CRT_COLUMNS} \
    - {"crt.cells.3.4:1/3:1"}

runner = CliRunner()


def convention_problems(node, path="", rule=None, printed_on=None, top=True) -> list[str]:
    """Walk a data file: what breaks docs/data-format.md (provenance, unknowns, floats, keys)."""
    problems = []
    if isinstance(node, dict):
        if isinstance(node.get("rule"), str):
            rule = node["rule"]
        elif "rule" in node:
            problems.append(f"{path}: `rule:` must be a string, got {node['rule']!r}")
        printed_on = node.get("printed_on", printed_on)
        # a mapping that holds game values itself (not only sub-mappings) needs a rule in scope
        leaves = [k for k, v in node.items() if k not in META and not (top and k in IDENTITY)
                  and not isinstance(v, dict) and not (isinstance(v, list) and any(isinstance(x, dict) for x in v))]
        if leaves and rule is None:
            problems.append(f"{path or '(top)'}: game values {leaves[:4]} with no `rule:` in scope")
        for key, value in node.items():
            if not isinstance(key, str):
                problems.append(f"{path}: key {key!r} is not a string")
            elif "." in key:
                problems.append(f"{path}: key {key!r} contains a dot")
            if key in META:
                continue
            problems += convention_problems(value, f"{path}.{key}" if path else str(key), rule, printed_on, False)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            problems += convention_problems(value, f"{path}.{index}", rule, printed_on, False)
    elif isinstance(node, float):
        problems.append(f"{path}: float {node!r} (write fractions as strings)")
    elif node == "unknown":
        if not printed_on:
            problems.append(f"{path}: `unknown` with no `printed_on:` in scope")
        if rule is None:
            problems.append(f"{path}: `unknown` with no `rule:` in scope")
    return problems


# -- the files -------------------------------------------------------------------------------------

def test_there_is_data_to_check():
    assert "smithereens" in GAMES
    assert any(p.parent.name == "smithereens" and p.parent.parent.name == "scenarios" for p in DATA_FILES)


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_data_file_follows_the_conventions(path):
    # the bounded loader (the one players' files go through) also refuses anchors, aliases,
    # duplicate keys, floats, dates and non-string keys
    data = load_yaml_file(path)
    assert convention_problems(data) == []
    assert not data.get("demonstration"), "demonstration values belong under examples/ only"


def test_the_walker_sees_what_it_should():
    bad = {"a": {"b": 1, "c": "unknown", "d": ["x"]}, "e": {"rule": "1.1", "f": "unknown", "g.h": 2},
           "i": {"rule": "2.2", "printed_on": "map", "j": "unknown", "k": {"value": "unknown", "rule": "3.3"}}}
    problems = convention_problems(bad)
    assert any(p.startswith("a: game values") for p in problems)
    assert "a.c: `unknown` with no `printed_on:` in scope" in problems
    assert "e.f: `unknown` with no `printed_on:` in scope" in problems
    assert "e: key 'g.h' contains a dot" in problems
    assert not any(p.startswith("i") for p in problems)
    assert convention_problems({"x": {"rule": "1", "y": 0.5}}) == ["x.y: float 0.5 (write fractions as strings)"]


@pytest.mark.parametrize("game", GAMES)
def test_game_data_loads_and_every_unknown_says_where_it_is_printed(game):
    data = load_game_data(game)
    unknowns = data.unknown_paths()
    for path, printed_on in unknowns:
        assert printed_on != "the printed game", f"{path} has no printed_on in scope"
        with pytest.raises(UnknownDataError):
            data.get(path)


def test_demonstration_files_only_under_examples_with_a_notice():
    """Every YAML file of the project; the frozen corpus repeats many files byte for byte, and a file's
    document is a pure function of its bytes: each distinct content is loaded once."""
    found = []
    loaded: dict[bytes, dict] = {}
    for path in sorted(ROOT.rglob("*.yaml")):
        relative = path.relative_to(ROOT)
        if relative.parts[0].startswith(".") or "egg-info" in relative.parts[0]:
            continue
        raw = path.read_bytes()
        doc = loaded[raw] if raw in loaded else loaded.setdefault(raw, load_yaml_file(path))
        is_override = doc.get("pbem") == "data-override"
        if doc.get("demonstration") or (is_override and relative.parts[0] == "examples"):
            found.append(relative)
            # test fixtures under tests/ are test-only demonstration files
            assert relative.parts[0] in ("examples", "tests"), relative
            assert doc.get("demonstration") is True, relative
            assert str(doc.get("notice", "")).strip(), relative
    assert Path("examples/smithereens-demo/data-override.yaml") in found


# -- overrides ---------------------------------------------------------------------------------------

def write_override(folder: Path, values: dict, name="data-override.yaml", **top) -> Path:
    doc = {"pbem": "data-override", "game": "smithereens", **top, "values": values}
    path = folder / name
    path.write_text(dump_yaml(doc), encoding="utf-8")
    return path


def test_get_on_an_unknown_names_the_path_and_the_override_file():
    data = load_game_data("smithereens")
    with pytest.raises(UnknownDataError) as info:
        data.get("crt.cells.4.1:3/1:4")
    assert info.value.path == "crt.cells.4.1:3/1:4"
    message = str(info.value)
    assert "crt.cells.4.1:3/1:4" in message and "data-override.yaml" in message
    assert "Combat Results Table (16.2)" in message            # where the group finds it (printed_on)


def test_supplying_an_unknown_value(tmp_path):
    path = write_override(tmp_path, {"crt.cells.4.1:3/1:4": "3/0", "map.hexes.2119.terrain": "clear"})
    data = load_game_data("smithereens", path)
    assert data.get("crt.cells.4.1:3/1:4") == "3/0"
    assert data.provenance("crt.cells.4.1:3/1:4") == "override"
    assert data.get("map.hexes.2119.terrain") == "clear"
    assert data.provenance("crt.cells.1.1:3/1:4") == "rule 16.2"       # untouched rulebook values
    assert data.provenance("crt.cells.3.4:1/3:1") == "rule 11.22"
    assert not data.demonstration
    assert "crt.cells.4.1:3/1:4" not in dict(data.unknown_paths())


def test_a_demonstration_override_is_labelled_so(tmp_path):
    path = write_override(tmp_path, {"crt.cells.4.1:3/1:4": "3/0"}, demonstration=True, notice="made up for a test")
    data = load_game_data("smithereens", path)
    assert data.provenance("crt.cells.4.1:3/1:4") == "demonstration"
    assert data.demonstration and data.demonstration_notice == "made up for a test"


def test_blank_template_entries_stay_unknown(tmp_path):
    path = write_override(tmp_path, {"crt.cells.4.1:3/1:4": None, "crt.cells.4.1:2/1:3": "unknown"})
    data = load_game_data("smithereens", path)
    with pytest.raises(UnknownDataError):
        data.get("crt.cells.4.1:3/1:4")
    with pytest.raises(UnknownDataError):
        data.get("crt.cells.4.1:2/1:3")


@pytest.mark.parametrize("dotted, value, rule", [
    ("crt.cells.1.1:3/1:4", "9/9", "rule 16.2"),                         # 16.2 row 1
    ("crt.cells.3.4:1/3:1", "2/2", "rule 11.22"),                        # the 11.22 example cell
    ("terrain.natural.clear.movement.mech", 2, "rule 10.10"),
    ("map.hexes.2625.terrain", "clear", "rule 10.13"),                    # "2625 is a mountain hex"
])
def test_replacing_a_rulebook_value_is_refused(tmp_path, dotted, value, rule):
    path = write_override(tmp_path, {dotted: value})
    with pytest.raises(PbemError) as info:
        load_game_data("smithereens", path)
    message = str(info.value)
    assert dotted in message and rule in message and "would replace a rulebook value" in message


def test_merging_into_a_hex_may_not_replace_its_known_terrain(tmp_path):
    path = write_override(tmp_path, {"map.hexes.1511": {"terrain": "forest"}})     # Metz: clear (city), 10.19
    with pytest.raises(PbemError) as info:
        load_game_data("smithereens", path)
    assert "map.hexes.1511" in str(info.value) and "terrain" in str(info.value)


def test_adding_entries_to_open_collections(tmp_path):
    counter = {"side": "german", "type": "infantry", "mech": False, "steps": 1,
               "full": {"attack": 2, "defense": 2, "movement": 4}}
    path = write_override(tmp_path, {"map.hexes.2516": {"terrain": "clear"}, "map.hexsides.2516|2517": "river",
                                     "units.counters.ger-test": counter,
                                     "map.hexes.2219": {"terrain": "rough"}})      # merged into a listed hex
    data = load_game_data("smithereens", path)
    assert data.get("map.hexes.2516.terrain") == "clear"
    assert data.get("map.hexsides.2516|2517") == "river"
    assert data.get("units.counters.ger-test.full.defense") == 2
    assert data.provenance("units.counters.ger-test.full.defense") == "override"
    assert data.get("map.hexes.2219.terrain") == "rough"
    assert data.get("map.hexes.2219.notes")[0]["rule"] == "11.3"                 # the rulebook's notes stay


def test_adding_to_a_closed_collection_is_refused(tmp_path):
    path = write_override(tmp_path, {"crt.cells.3.8:1/7:1": "1/1"}, name="a.yaml")     # a tenth column (16.2 has nine)
    with pytest.raises(PbemError) as info:
        load_game_data("smithereens", path)
    assert "crt.cells.3.8:1/7:1" in str(info.value) and "open collection" in str(info.value)
    path = write_override(tmp_path, {"crt.cells.7.1:3/1:4": "1/1"}, name="b.yaml")     # a seventh die face
    with pytest.raises(PbemError) as info:
        load_game_data("smithereens", path)
    assert "crt.cells.7.1:3/1:4" in str(info.value) and "does not name a place" in str(info.value)


def test_an_override_for_another_game_is_refused(tmp_path):
    path = write_override(tmp_path, {"crt.cells.4.1:3/1:4": "3/0"}, game="operation-grenade")
    path.write_text(path.read_text().replace("game: smithereens\n", ""), encoding="utf-8")
    with pytest.raises(PbemError) as info:
        load_game_data("smithereens", path)
    assert "operation-grenade" in str(info.value) and "smithereens" in str(info.value)


@pytest.mark.parametrize("notice", [None, "", "   "])
def test_a_demonstration_override_without_a_notice_is_refused(tmp_path, notice):
    top = {"demonstration": True} | ({} if notice is None else {"notice": notice})
    path = write_override(tmp_path, {"crt.cells.4.1:3/1:4": "3/0"}, **top)
    with pytest.raises(PbemError) as info:
        load_game_data("smithereens", path)
    assert "notice" in str(info.value)


def test_a_file_that_is_not_an_override_is_refused(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("pbem: save\ngame: smithereens\nvalues: {}\n", encoding="utf-8")
    with pytest.raises(PbemError, match="not a data override"):
        load_game_data("smithereens", path)


# -- campaigns: `pbem data missing` ---------------------------------------------------------------------

def missing_groups(folder: Path) -> dict[str, set[str]]:
    result = runner.invoke(app, ["data", "missing", str(folder)])
    assert result.exit_code == 0, result.output
    groups: dict[str, set[str]] = {}
    current = None
    for line in result.output.splitlines():
        if line and not line.startswith(" ") and line.endswith("):"):
            current = line.rsplit(" (", 1)[0]
            groups[current] = set()
            count = int(line.rsplit(" (", 1)[1].rstrip("):"))
        elif line.startswith("  ") and current:
            groups[current].add(line.strip().split("    [printed on:")[0])
            assert len(groups[current]) <= count
    return groups


@pytest.fixture(scope="module")
def bare_build(tmp_path_factory) -> Path:
    """A Smithereens campaign created WITHOUT a data override, once per module: copy before use."""
    keys = {seat: Ed25519PrivateKey.generate() for seat in ("alliance", "german")}
    commitments = {seat: demo_commitment(key, "bare-test", seat) for seat, key in keys.items()}
    players = {seat: key_id(key.public_key()) for seat, key in keys.items()}
    folder = tmp_path_factory.mktemp("bare-build") / "bare"
    camp.create_campaign(folder, "smithereens", "historical", players, commitments)
    return folder


@pytest.fixture
def bare_campaign(bare_build, tmp_path) -> Path:
    """The bare campaign, each test's own copy."""
    return Path(shutil.copytree(bare_build, tmp_path / "bare"))


def test_a_campaign_can_be_created_without_counters(bare_campaign):
    # units.counters is an open collection with no entries in the text: set-up places nobody
    campaign = camp.open_campaign(bare_campaign)
    assert campaign.header["data"]["override"] is None
    number, save, _ = campaign.latest()
    assert number == 0 and save["state"]["units"] == {}
    assert save["state"]["control"]["1819E"] == "german"                   # 3.9 example
    assert save["awaiting"]["side"] == "german"
    assert camp.verify(bare_campaign).ok


def test_data_missing_lists_exactly_the_crt_cells_the_text_lacks(bare_campaign):
    groups = missing_groups(bare_campaign)
    assert len(CELLS_THE_TEXT_LACKS) == 35
    assert groups["CRT cells"] == CELLS_THE_TEXT_LACKS
    everything = set().union(*groups.values())
    assert everything == {p for p, _ in load_game_data("smithereens").unknown_paths()}


def test_data_missing_after_the_demo_override_lists_only_what_it_leaves_unknown(bare_campaign, demo_build):
    before = set().union(*missing_groups(bare_campaign).values())
    groups = missing_groups(demo_build)                                    # run_demo(work)'s campaign
    assert "CRT cells" not in groups                                       # the demo fills all 35
    demo_values = load_yaml_file(demo_folder("smithereens-demo") / "data-override.yaml")["values"]
    filled = {path for path in demo_values if path in before}
    assert CELLS_THE_TEXT_LACKS <= filled
    assert set().union(*groups.values()) == before - filled


# -- `pbem data template` -----------------------------------------------------------------------------

def test_data_template_filled_in_is_accepted_as_an_override(tmp_path):
    target = tmp_path / "smithereens-data-override.yaml"
    result = runner.invoke(app, ["data", "template", "smithereens", "--out", str(target)])
    assert result.exit_code == 0, result.output
    template = load_yaml_file(target)
    unknown = {p for p, _ in load_game_data("smithereens").unknown_paths()}
    assert set(template["values"]) == unknown and set(template["values"].values()) == {None}
    # as it comes, the form supplies nothing but is a valid override
    assert load_game_data("smithereens", target).unknown_paths() == load_game_data("smithereens").unknown_paths()
    filled = {"crt.cells.3.1:3/1:4": "3/0", "crt.cells.4.5:1/4:1": "1/2", "crt.cells.6.7:1/6:1": "0/4"}
    template["values"].update(filled)
    template["source"] = "our printed copy"
    path = tmp_path / "data-override.yaml"
    path.write_text(dump_yaml(template), encoding="utf-8")
    data = load_game_data("smithereens", path)
    for dotted, value in filled.items():
        assert data.get(dotted) == value and data.provenance(dotted) == "override"
    assert len(data.unknown_paths()) == len(unknown) - 3
    # a second `data template` never overwrites the first
    again = runner.invoke(app, ["data", "template", "smithereens", "--out", str(target)])
    assert again.exit_code == 1 and "never overwrites" in again.output


def test_data_template_text_is_the_function_output(tmp_path):
    target = tmp_path / "t.yaml"
    runner.invoke(app, ["data", "template", "smithereens", "--out", str(target)])
    assert target.read_text(encoding="utf-8") == override_template(load_game_data("smithereens"))
