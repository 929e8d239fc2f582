"""Issue 13: verify compares a replayed file with the stored one by reading at most one byte more
than expected through os; the verdicts are the ones of reading the whole file."""

import os

import pytest

from pbem.verify import _compare

TEXT = "save: 1\nnumber: ünf\n"


def _whole_file_verdict(path, expected: str) -> str | None:
    """_compare as first written (pathlib's stat, then the whole file)."""
    data = expected.encode("utf-8")
    try:
        if path.stat().st_size != len(data):
            return f"{path}: differs from the replay"
        actual = path.read_bytes()
    except OSError:
        return f"{path}: missing"
    return None if actual == data else f"{path}: differs from the replay"


@pytest.mark.parametrize("stored", [TEXT, TEXT + "x", TEXT[:-1], TEXT.replace("1", "2"), "", TEXT * 3])
def test_a_stored_file_gets_the_whole_files_verdict(tmp_path, stored):
    path = tmp_path / "save.yaml"
    path.write_text(stored, encoding="utf-8")
    assert _compare(path, TEXT) == _whole_file_verdict(path, TEXT)
    assert (_compare(path, TEXT) is None) == (stored == TEXT)


def test_a_missing_file_a_dangling_link_and_a_folder_get_the_whole_files_verdict(tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling.yaml")
    as_long = "x" * os.stat(folder).st_size                # a folder of the expected size: it cannot be read
    cases = [(tmp_path / "missing.yaml", TEXT), (tmp_path / "dangling.yaml", TEXT), (folder, TEXT), (folder, as_long)]
    for path, expected in cases:
        assert _compare(path, expected) == _whole_file_verdict(path, expected), path
    assert _compare(folder, as_long) == f"{folder}: missing"
    assert _compare(tmp_path / "missing.yaml", TEXT) == f"{tmp_path / 'missing.yaml'}: missing"
