"""Issue 13: what the map picture keeps between drawings (a stack's counters per place, a legend's
text) draws the very bytes a fresh drawing does, and a stack is kept only under its exact value."""

import pytest

from pbem import svg
from pbem.hexgrid import GridSpec
from pbem.svg import Arrow, Legend, render_svg

SPEC = GridSpec("xxyy", "odd-columns-down")
HEXES = {f"{c:02d}{r:02d}": {"terrain": t} for c in range(2, 6) for r, t in zip(range(3, 6), ("clear", "forest", "town"))}


class Label(str):
    """A label that draws otherwise than its value: no plain data, so never kept."""

    def __str__(self) -> str:
        return "changed"


def _fresh(*args, **kwargs) -> str:
    """render_svg with every memo of the picture emptied first."""
    for memo in (svg._fmt, svg._polygon_text, svg._id_text, svg._geometry, svg._legend_text):
        memo.cache_clear()
    svg._STACKS.clear()
    return render_svg(*args, **kwargs)


# stacks whose values are equal but of another type draw otherwise: each must be its own key
VARIANTS = [
    [{"id": "1 Gd", "label": "6-5-4", "steps": (1, 2), "badges": ["OOS"], "side": "red", "fill": "#ff0000"}],
    [{"id": "1 Gd", "label": "6-5-4", "steps": [1, 2], "badges": ["OOS"], "side": "red", "fill": "#ff0000"}],
    [{"id": "1 Gd", "label": 1, "steps": (True, 2), "badges": [1], "side": "red"}],
    [{"id": "1 Gd", "label": True, "steps": (1, 2), "badges": [True], "side": "red"}],
    [{"id": "1 Gd", "label": 1.0, "steps": None, "badges": ["1.0"], "side": "red"}],
    [{"id": "1 Gd", "label": Label("6-5-4")}],
    [{"id": "1 Gd", "label": "6-5-4"}, {"id": "2 Gd", "label": "4-4-4", "badges": ["OOS", "DG"]}, {"id": "3 Gd"}],
    ["5 Gd", {"id": "6 Gd", "label": "1-1-1"}],
]


@pytest.mark.parametrize("hex_id", ["0304", "0405"])
def test_kept_stacks_and_legends_draw_what_a_fresh_drawing_does(hex_id):
    legend = Legend({"OOS": "out of supply (6.4)", "DG": "demoralised"}, notes=("a note", "another note, longer"))
    arrows = [Arrow("move", ("0203", hex_id), ("1 Gd",))]
    for units in VARIANTS:
        for title in ("T", "Step 2: a title long enough to wrap over the width of the page and then some more words"):
            args = (SPEC, HEXES, {hex_id: units}, {"0505": "1:1"}, title, {"0304|0305": "river"})
            expected = _fresh(*args, arrows=arrows, legend=legend)
            for variant in VARIANTS:                     # every other stack kept first, at the same place
                render_svg(*args[:2], {hex_id: variant}, *args[3:], arrows=arrows, legend=legend)
            assert render_svg(*args, arrows=arrows, legend=legend) == expected, units
            assert render_svg(*args, arrows=arrows, legend=legend) == expected, units


def test_a_stack_is_kept_under_its_exact_value_only():
    assert svg._stack_key([{"id": "a", "steps": (1, 2)}]) != svg._stack_key([{"id": "a", "steps": [1, 2]}])
    assert svg._stack_key([{"id": "a", "label": 1}]) != svg._stack_key([{"id": "a", "label": True}])
    assert svg._stack_key([{"id": "a", "label": Label("x")}]) is None
    assert svg._stack_key([{"id": "a", "badges": [Label("x")]}]) is None
    assert svg._stack_key([{1: "a"}]) is None
    assert svg._stack_key(["a"]) is None
