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
