"""canonical.check_plain: plain data passes, anything else is refused naming its path (the fast
exact-type walk of issue 13 answers what the path-naming walk answers)."""

from collections import OrderedDict

import pytest

from pbem.canonical import check_plain, data_hash, is_exactly_plain


class Word(str):
    pass


@pytest.mark.parametrize("value, message", [
    ({"a": [1, {"b": 1.5}]}, "value at $.a[1].b has unsupported type float"),
    ({"a": {1: "x"}}, "key 1 at $.a is not a string"),
    ({"a": {True: "x"}}, "key True at $.a is not a string"),
    ([None, "x", b"bytes"], "value at $[2] has unsupported type bytes"),
    ({"when": __import__("datetime").date(2026, 12, 4)}, "value at $.when has unsupported type date"),
])
def test_what_is_not_plain_is_refused_naming_its_path(value, message):
    assert not is_exactly_plain(value)
    with pytest.raises(ValueError) as raised:
        check_plain(value)
    assert str(raised.value) == message


def test_plain_data_passes_and_subclasses_take_the_path_naming_walk():
    plain = {"units": {"u1": {"hex": "0410", "steps": 2, "moved": True, "chit": None}}, "list": [[], {}, [1, "a"]]}
    assert is_exactly_plain(plain)
    check_plain(plain)
    subclassed = OrderedDict(word=Word("0410"), n=[1])          # isinstance-plain, not exactly plain
    assert not is_exactly_plain(subclassed)
    check_plain(subclassed)                                     # passes, as it always did
    assert data_hash(subclassed) == data_hash({"word": "0410", "n": [1]})
