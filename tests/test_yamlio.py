"""Plain scalars as a player means them (YAML 1.2 style), and deterministic output."""

import pytest

from pbem.errors import PbemError
from pbem.yamlio import dump_yaml, parse_yaml_text


def test_plain_scalars_stay_what_the_player_typed():
    data = parse_yaml_text("a: yes\nb: 0419\nc: 1:20\nd: 2516\ne: true\nf: on\ng: -3\nh: 0x1F\ni: ~\nj: 2026-12-02\n", "o.yaml")
    assert data == {"a": "yes", "b": "0419", "c": "1:20", "d": 2516, "e": True, "f": "on", "g": -3,
                    "h": "0x1F", "i": None, "j": "2026-12-02"}


@pytest.mark.parametrize("text", ["a: 1.5", "a: .inf", "a: 1.0e+3"])
def test_decimal_numbers_are_refused(text):
    with pytest.raises(PbemError, match=r"o\.yaml:1: malformed YAML: decimal number"):
        parse_yaml_text(text, "o.yaml")


def test_dump_round_trips_strings_that_look_like_other_types():
    data = {"hex": "0419", "word": "yes", "odds": "1:20", "number": 2516, "flag": False, "text": "line\nbreak"}
    assert parse_yaml_text(dump_yaml(data), "x") == data
    assert dump_yaml(data) == dump_yaml(dict(data))
