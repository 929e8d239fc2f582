"""A pytest plugin: every YAML document the test suite dumps is written by both emitters and compared.

    python3 -m pytest -q -p benchmarks.dumpcheck

`pbem.yamlio.dump_yaml` takes libyaml's emitter for data inside the domain where it writes the
same bytes as PyYAML's pure-Python emitter (`c_dumpable`). This plugin checks that claim on every
campaign, save, header, report and signed message the whole suite builds: each dump_yaml call
also dumps with the Python emitter, and any difference fails the call (and is listed at the end).
Not part of the normal run (it doubles the dumping time).
"""

import pbem.yamlio as yamlio

_REAL = yamlio.dump_yaml
_SEEN = {"calls": 0, "c_path": 0}
_DIFFS: list[str] = []


def _checked_dump(data) -> str:
    text = _REAL(data)
    reference = yamlio.dump_yaml_python(data)
    _SEEN["calls"] += 1
    _SEEN["c_path"] += yamlio._C_DUMPER is not None and yamlio.c_dumpable(data)
    if text != reference:
        _DIFFS.append(repr(data)[:300])
        raise AssertionError(f"dump_yaml differs from the Python emitter on {repr(data)[:200]}")
    return text


yamlio.dump_yaml = _checked_dump      # before any pbem module binds the name (plugins load first)


def pytest_terminal_summary(terminalreporter) -> None:
    terminalreporter.write_line(f"dumpcheck: {_SEEN['calls']} documents dumped, {_SEEN['c_path']} by libyaml, "
                                f"{len(_DIFFS)} differing from the Python emitter")
    for diff in _DIFFS[:20]:
        terminalreporter.write_line(f"  differs: {diff}")
