"""GameData.derived: an object worked out once per data notes, at every use, the data overrides its
build read, so a save's `data_used` is the same whether its step ran alone (`pbem adjudicate`, a
fresh process) or in a replay (`pbem verify`, one process for every step)."""

from pbem.gamedata import GameData


def _data() -> GameData:
    data = GameData(game="test", tree={"map": {"hexes": {"0101": {"terrain": "clear"}}}}, files_hash="x")
    data.overridden = {"map.hexes.0101": "override"}
    return data


def _step(data: GameData, read_first: bool) -> list[str]:
    """One step: a fresh set of used overrides, maybe a direct read, then the derived object."""
    data.used_overrides = set()
    if read_first:
        data.get("map.hexes.0101.terrain")
    data.derived("test.terrain", lambda: data.get("map.hexes.0101.terrain"))
    return sorted(data.used_overrides)


def test_a_cached_build_notes_every_override_it_read():
    replay = _data()
    # the first step reads the override itself before the build: the build reads it again
    assert _step(replay, read_first=True) == ["map.hexes.0101"]
    # a later step of the same process uses the cached value only, and notes what its build read
    assert _step(replay, read_first=False) == ["map.hexes.0101"]
    alone = _data()                                # the same later step in a fresh process
    assert _step(alone, read_first=False) == ["map.hexes.0101"]


def test_a_failing_build_keeps_what_it_read_and_caches_nothing():
    data = _data()
    data.used_overrides = {"earlier"}

    def build():
        data.get("map.hexes.0101.terrain")
        raise ValueError("no")
    try:
        data.derived("test.failing", build)
    except ValueError:
        pass
    assert data.used_overrides == {"earlier", "map.hexes.0101"}
    assert "test.failing" not in data.cache


# -- GameData.remembered: answers keyed by more than the data (a state's hash), issue 13 -------------

def test_a_remembered_answer_notes_its_overrides_at_every_use_and_is_built_once():
    data = _data()
    builds = []

    def build():
        builds.append(1)
        return data.get("map.hexes.0101.terrain") + "!"
    data.used_overrides = set()
    assert data.remembered(("test", "state-1"), build) == "clear!"
    data.used_overrides = set()                    # the next step asks the same: kept, its override noted again
    assert data.remembered(("test", "state-1"), build) == "clear!"
    assert data.used_overrides == {"map.hexes.0101"} and len(builds) == 1
    assert data.remembered(("test", "state-2"), build) == "clear!" and len(builds) == 2     # another key, another build
    data.cache.clear()                             # as an amendment clears the derived objects
    data.remembered(("test", "state-1"), build)
    assert len(builds) == 3


def test_a_failing_remembered_build_keeps_what_it_read_and_nothing_else():
    data = _data()
    data.used_overrides = {"earlier"}

    def build():
        data.get("map.hexes.0101.terrain")
        raise ValueError("no")
    for _ in range(2):                             # refused each time, never kept
        try:
            data.remembered(("test", "failing"), build)
        except ValueError:
            pass
    assert data.used_overrides == {"earlier", "map.hexes.0101"}
    assert data.derived("kit.remembered", dict) == {}
