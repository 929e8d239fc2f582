"""pbem/kit helpers shared by several games: `set_steps` (kit/losses.py) and `ids_as_text`
(kit/orders.py), used by End of the Iron Dream and Stargard Solstice."""

from pbem.kit.losses import set_steps
from pbem.kit.orders import ids_as_text


def test_set_steps_reduces_or_moves_the_unit_to_its_box_sorted():
    state = {"units": {"b": {"side": "german", "hex": "0101", "steps": 2}, "c": {"side": "soviet", "hex": "0102", "steps": 1}},
             "dead": [{"unit": "d", "side": "soviet"}]}
    events: list = []
    set_steps(state, "b", 1, events, "loss (8.6)")
    set_steps(state, "c", 0, events, "loss (8.6)")
    assert state["units"] == {"b": {"side": "german", "hex": "0101", "steps": 1}}
    assert state["dead"] == [{"unit": "c", "side": "soviet"}, {"unit": "d", "side": "soviet"}]
    assert events == [{"event": "reduced", "unit": "b", "steps": 1, "why": "loss (8.6)"},
                      {"event": "eliminated", "unit": "c", "why": "loss (8.6)"}]
    set_steps(state, "b", 0, events, "gone", box="volksturm")
    assert state["volksturm"] == [{"unit": "b", "side": "german"}]


def test_ids_as_text_fields_lists_and_routes():
    order = {"move": 12, "path": [410, "0411"], "retreat": {7: [1513]}, "to": [1, 2], "strategic": True}
    assert ids_as_text(dict(order), ("move", "to"), ("path",), ("retreat",)) == {
        "move": "12", "path": ["410", "0411"], "retreat": {"7": ["1513"]}, "to": ["1", "2"], "strategic": True}
    assert ids_as_text(dict(order), ("move", "to"), ("path",), (), lists_in_fields=False)["to"] == [1, 2]
