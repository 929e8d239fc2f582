"""Issue 13: `pbem verify` keeps the parse of each signed body it accepted, by the sha256 of the
body's text (pbem/bodycache.py), and reads a body it read before from that note: the verdicts are
the same with or without notes, a changed byte is refused as before, and no other command reads
or writes notes."""

import json
import shutil
from pathlib import Path

import pytest

from pbem import bodycache, parsecache, signing
from pbem.campaign import open_campaign, verify

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "stargard-solstice-demo" / "campaign"


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PBEM_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The signed bodies parsed with the bounded loader (not read from a note; not signature blocks)."""
    seen: list[str] = []
    real = signing._parse_part

    def counted(text, source, first_line):
        if text.startswith("pbem:"):
            seen.append(source)
        return real(text, source, first_line)
    monkeypatch.setattr(signing, "_parse_part", counted)
    return seen


def _header_hash(campaign: Path) -> str:
    return open_campaign(campaign).header_hash


def _bodies_record(campaign: Path) -> dict:
    return parsecache.lookup("signed-bodies", bodycache.record_source(_header_hash(campaign)))


def test_a_second_verify_reads_and_lays_out_every_body_from_its_notes_to_the_same_verdict(
        tmp_path, cache, parses, monkeypatch):
    campaign = shutil.copytree(DEMO, tmp_path / "c")
    first = verify(campaign)
    assert first.ok, first.message
    inputs = sorted(campaign.glob("steps/*/*-*.txt")) + sorted(campaign.glob("commitments/*.txt"))
    assert len(parses) >= len(inputs) > 40
    notes = _bodies_record(campaign)
    assert len(notes["data"]) == len(notes["laid_out"]) == len(inputs)
    parses.clear()
    laid_out, real = [], signing.narrow_yaml
    monkeypatch.setattr(signing, "narrow_yaml", lambda *args: laid_out.append(args) or real(*args))
    second = verify(campaign)
    assert (second.ok, second.message, second.details) == (first.ok, first.message, first.details)
    assert parses == [] and laid_out == []


def test_a_changed_byte_is_refused_with_notes_as_without(tmp_path, cache, monkeypatch):
    campaign = shutil.copytree(DEMO, tmp_path / "c")
    assert verify(campaign).ok                              # every body noted
    orders = sorted(campaign.glob("steps/*/orders-*.txt"))[5]
    orders.write_text(orders.read_text().replace("sent: ", "sent:  ", 1))
    warm = verify(campaign)
    monkeypatch.setenv("PBEM_CACHE_DIR", "off")
    cold = verify(campaign)
    assert not warm.ok and (warm.message, warm.details) == (cold.message, cold.details)
    assert str(orders) in warm.message


def test_a_note_is_only_the_data_of_its_text(tmp_path, cache):
    """A record whose note for a stored text holds other data (a damaged cache) never makes a
    changed file pass: here the data of another step's orders, which lays out to other bytes."""
    campaign = shutil.copytree(DEMO, tmp_path / "c")
    assert verify(campaign).ok
    source = bodycache.record_source(_header_hash(campaign))
    notes = parsecache.lookup("signed-bodies", source)
    keys = list(notes["data"])
    notes["data"][keys[10]] = notes["data"][keys[11]]
    parsecache.store("signed-bodies", source, notes)
    result = verify(campaign)
    assert not result.ok


def test_other_commands_neither_read_nor_write_notes(tmp_path, cache, parses):
    campaign = shutil.copytree(DEMO, tmp_path / "c")
    orders = sorted(campaign.glob("steps/*/orders-*.txt"))[3]
    signing.parse_signed(orders.read_text(), str(orders))
    assert not bodycache._OPEN and not bodycache._USED_DATA and not bodycache._USED_LAID_OUT
    assert verify(campaign).ok
    parses.clear()
    message = signing.parse_signed(orders.read_text(), str(orders))      # outside verify: parsed
    assert parses == [str(orders)]
    assert message.armoured() == orders.read_text()


def test_a_record_that_is_not_notes_is_ignored(tmp_path, cache, parses):
    campaign = shutil.copytree(DEMO, tmp_path / "c")
    parsecache.store("signed-bodies", bodycache.record_source(_header_hash(campaign)), ["not", "notes"])
    assert verify(campaign).ok
    assert parses
    notes = _bodies_record(campaign)
    assert isinstance(notes, dict) and all(isinstance(json.loads(v), dict) for v in notes["data"].values())


def test_a_note_that_is_not_plain_data_is_read_from_the_text_instead(tmp_path, cache, parses):
    campaign = shutil.copytree(DEMO, tmp_path / "c")
    assert verify(campaign).ok
    source = bodycache.record_source(_header_hash(campaign))
    notes = parsecache.lookup("signed-bodies", source)
    for key in list(notes["data"])[:3]:
        notes["data"][key] = '{"pbem": 1.5}' if key.startswith(("0", "1", "2", "3", "4", "5", "6", "7")) else "[1]"
    parsecache.store("signed-bodies", source, notes)
    parses.clear()
    assert verify(campaign).ok
    assert len(parses) == 3
