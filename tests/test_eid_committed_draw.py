"""The two-step owner-committed chit draw shared by 14.12 A (second-invasion chit) and 27.6 A (A-bomb
chit), committed_draw.py: every note, refusal, state change and event exactly as each module wrote
them before they shared the helper (saves of behaviour 3 and 4 campaigns replay byte for byte)."""

import re

import pytest

from pbem.errors import PbemError
from pbem.games.end_of_the_iron_dream import abomb, chit

SECRET = "0123456789abcdef" * 4
HINT = "(e.g. `python3 -c \"import secrets; print(secrets.token_hex(32))\"`)"


def test_the_second_invasion_chit_draw_14_12_a():
    """14.12 A: "the WA secretly draw one of the second invasion chits": the WA commit, the Axis salts."""
    draw = chit.DRAW
    assert draw.secret_template(None, None, {}, "wa") == {"orders": [], "notes": [
        f"14.12 A: `chit_secret: HEX`, 64 hex digits chosen at random {HINT}: kept in your private part; the "
        "Axis then adds its part and you alone see the chit"]}
    assert [p.message for p in draw.check_secret(None, None, {}, "wa", [{"chit_secret": "ABC"}])] == [
        "one order: `chit_secret: HEX`, 64 lowercase hex digits chosen at random (14.12 A)"]
    assert draw.check_secret(None, None, {}, "wa", [{"chit_secret": SECRET}]) == []
    state = {"turn": 4, "phase": "chit", "chit": {"stage": "commit", "resume": "movement"}}
    assert draw.apply_secret(None, None, state, "wa", [{"chit_secret": SECRET}], None) == [
        {"event": "chit_committed", "rule": "14.12 A"}]
    assert state == {"turn": 4, "phase": "chit_axis", "chit_secret": SECRET,
                     "chit": {"stage": "salt", "resume": "movement"}}
    assert [p.message for p in draw.check_salt(None, None, state, "axis", [{"chit_salt": "  "}])] == [
        "one order: `chit_salt: TEXT`, any text you choose, not empty (14.12 A)"]
    assert draw.apply_salt(None, None, state, "axis", [{"chit_salt": " pepper "}], None) == [
        {"event": "chit_drawn", "rule": "14.12 A"}]
    assert state == {"turn": 4, "phase": "movement", "chit_secret": SECRET,
                     "chit": {"stage": "drawn", "turn": 4, "salt": "pepper", "second": None}}
    assert list(state["chit"]) == ["stage", "turn", "salt", "second"]


def test_the_a_bomb_chit_draw_27_6_a():
    """27.6 A: "At the start of the game the NATO player secretly draws a second invasion chit from a
    cup to determine the turn A-Bombs become available": NATO commits, the Soviets salt."""
    draw = abomb.DRAW
    assert draw.secret_template(None, None, {}, "nato") == {"orders": [], "notes": [
        f"27.6 A: `abomb_secret: HEX`, 64 hex digits chosen at random {HINT}: kept in your private part; the "
        "Soviets then add their part and you alone see your A-bomb chit"]}
    assert [p.message for p in draw.check_secret(None, None, {}, "nato", [{"abomb_secret": SECRET, "x": 1}])] == [
        "one order: `abomb_secret: HEX`, 64 lowercase hex digits chosen at random (27.6 A)"]
    state = {"phase": "abomb", "abomb": {"stage": "commit", "resume": "movement", "used": 0, "clouds": {}, "nuked": []}}
    assert draw.apply_secret(None, None, state, "nato", [{"abomb_secret": SECRET}], None) == [
        {"event": "abomb_committed", "rule": "27.6 A"}]
    assert state["phase"] == "abomb_salt" and state["abomb"]["stage"] == "salt" and state["abomb_secret"] == SECRET
    assert draw.salt_template(None, None, state, "soviet") == {"orders": [{"abomb_salt": ""}], "notes": [
        "27.6 A: `abomb_salt: TEXT`, any text you choose (replace the empty '' with it): with NATO's committed "
        "secret it draws NATO's A-bomb chit"]}
    assert [p.message for p in draw.check_salt(None, None, state, "soviet", [{"abomb_salt": 7}])] == [
        "one order: `abomb_salt: TEXT`, any text you choose, not empty (27.6 A)"]
    assert draw.apply_salt(None, None, state, "soviet", [{"abomb_salt": "salt"}], None) == [
        {"event": "abomb_drawn", "rule": "27.6 A"}]
    assert state == {"phase": "movement", "abomb_secret": SECRET,
                     "abomb": {"used": 0, "clouds": {}, "nuked": [], "stage": "drawn", "salt": "salt"}}
    assert list(state["abomb"]) == ["used", "clouds", "nuked", "stage", "salt"]


def test_each_part_takes_back_only_its_own_secret_and_publishes_only_the_commitment():
    """14.12 A, 27.6 A: the drawer's private part gives back its secret (merge); any other item, or a
    secret that is no 64 hex digits, is refused naming the chit; the enemy sees the commitment event."""
    for part, item, key, what in ((chit.InvasionChit(None), "invasion-chit", "chit_secret", "the second-invasion chit (14.12)"),
                                  (abomb.ABombChit(), "abomb-chit", "abomb_secret", "the A-bomb chit (27.6 A)")):
        assert part.owns(item) and not part.owns("other")
        assert part.merge(None, {}, "west", {item: SECRET}) == {key: SECRET}
        refusal = "hidden item 'other' of west is not " + what
        with pytest.raises(PbemError, match=f"^{re.escape(refusal)}$"):
            part.merge(None, {}, "west", {"other": SECRET})
        with pytest.raises(PbemError, match="is not"):
            part.merge(None, {}, "west", {item: "XYZ"})
        name = key.removesuffix("_secret")
        events = [{"event": f"{name}_committed", "rule": "r"}, {"event": f"{name}_drawn", "rule": "r"}]
        assert part.public_events(None, {}, "west", events) == events[:1]
