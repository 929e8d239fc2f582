"""Game data with provenance: rulebook values, `unknown` cells, and a campaign's override.

Paths are dotted: the file stem, then the keys inside it; a file that nests its data under a
key named like itself may be addressed without it (crt.yaml's `crt: cells:` is `crt.cells`).
See docs/data-format.md for the conventions.
"""

import functools
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from . import parsecache
from .canonical import data_hash
from .errors import PbemError, UnknownDataError
from .yamlio import MAX_FILE_BYTES, load_yaml_file, parse_yaml_text, read_text

UNKNOWN = "unknown"
META_KEYS = {"rule", "printed_on", "open", "note", "notes", "comment"}
OVERRIDE_NAME = "data-override.yaml"


def project_root() -> Path:
    return Path(__file__).resolve().parent.parent


def rules_dir(game: str) -> Path:
    return project_root() / "rules" / game


def scenarios_dir(game: str) -> Path:
    return project_root() / "scenarios" / game


def is_wrapped(value) -> bool:
    return isinstance(value, dict) and "value" in value and set(value) <= {"value", "rule", "note", "printed_on"}


def unwrap(value):
    """The value itself, whether written plainly or as {value: X, rule: ...}."""
    return value["value"] if is_wrapped(value) else value


_REMEMBERED_MAX = 256       # answers GameData.remembered keeps per data before it starts afresh
_ABSENT = object()          # GameData._walk: a key the node does not hold
_ANSWERS = "data.get"       # GameData.cache key of get's answers by path
_ANSWERS_MAX = 8192


@dataclass
class GameData:
    game: str
    tree: dict                                   # stem -> data, with overrides applied
    files_hash: str                              # hash of the rulebook data files
    override_hash: str | None = None
    override_file: str = OVERRIDE_NAME
    demonstration: bool = False
    demonstration_notice: str = ""
    overridden: dict = field(default_factory=dict)   # path -> "override" | "demonstration"
    used_overrides: set = field(default_factory=set)
    cache: dict = field(default_factory=dict)        # derived objects (a game's grid, ...)
    readings: dict = field(default_factory=dict)     # errata reading id -> the group's choice (apply_readings)
    reading_values: dict = field(default_factory=dict)   # full path -> "reading ID=CHOICE" for the values it set
    behaviour: int | None = None                     # the module's behaviour revision the campaign plays (None: its current one)

    def derived(self, key: str, build):
        """An object worked out from the data once per campaign (a grid, a road network), kept
        under `key`: "kit.NAME" for the kit's, "GAME.NAME" for a game's own."""
        kept = self.cache.get(key)
        if kept is None:
            # every override the build reads, including those this step had already read: a later
            # step that only uses the cached value notes them as its own build would have
            outer, self.used_overrides = self.used_overrides, set()
            try:
                value = build()
                kept = self.cache[key] = (value, self.used_overrides)
            finally:
                outer |= self.used_overrides
                self.used_overrides = outer
        value, used = kept
        # the overrides the build read count for every step that uses it, cached or not: a
        # save's list of used overrides is then the same whether the step ran alone or in a replay
        if used:
            self.used_overrides |= used
        return value

    def remembered(self, key: tuple, build, store: str = "kit.remembered", limit: int = _REMEMBERED_MAX):
        """build()'s value kept under `key` in a bounded memo per data (cleared with the derived
        objects, as by an amendment), for answers that depend on more than the data: the key names
        the rest (a state's hash, a side, ...). The overrides the build read count for every use,
        as derived() notes them; a build that raises is not kept. The caller copies what it changes.
        A `store` of its own with a smaller `limit` suits large answers (a map-wide search)."""
        memo = self.derived(store, dict)
        if key not in memo:
            outer, self.used_overrides = self.used_overrides, set()
            try:
                value = build()
                if len(memo) >= limit:
                    memo.clear()
                memo[key] = (value, self.used_overrides)
            finally:
                outer |= self.used_overrides
                self.used_overrides = outer
        value, used = memo[key]
        self.used_overrides |= used
        return value

    # -- reading -------------------------------------------------------------------------
    def _parts(self, path: str) -> list[str]:
        """`crt.cells` means `crt.crt.cells` when crt.yaml nests its data under `crt:`."""
        parts = path.split(".")
        top = self.tree.get(parts[0])
        if len(parts) > 1 and isinstance(top, dict) and parts[1] not in top and isinstance(top.get(parts[0]), dict):
            parts.insert(1, parts[0])
        return parts

    def full_path(self, path: str) -> str:
        """The one spelling of a path (`crt.cells` -> `crt.crt.cells`), for overrides and provenance."""
        return ".".join(self._parts(path))

    def _walk(self, path: str, parts: list[str] | None = None):
        node, rule, printed_on, is_open = self.tree, None, None, False
        for part in self._parts(path) if parts is None else parts:
            if isinstance(node, dict):             # each key looked up once (every data read walks here)
                given = node.get("rule")
                if isinstance(given, str):
                    rule = given
                if "printed_on" in node:
                    printed_on = node["printed_on"]
                if not is_open:
                    is_open = bool(node.get("open", False))
                child = node.get(part, _ABSENT)
                if child is _ABSENT:
                    return None, rule, printed_on, is_open, False
                node = child
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None, rule, printed_on, is_open, False
        if isinstance(node, dict) and isinstance(node.get("rule"), str):
            rule = node["rule"]
            printed_on = node.get("printed_on", printed_on)
        return node, rule, printed_on, is_open, True

    def has(self, path: str) -> bool:
        return self._walk(path)[4]

    def get(self, path: str, what: str | None = None, default=PbemError):
        """The value at `path`; refuse with UnknownDataError if the rulebook lacks it."""
        # every data read asks (thousands a replay): the answer for a path is kept while the data
        # stay as they are, in `cache`, which every change of the data clears
        answers = self.cache.get(_ANSWERS)
        if answers is None:
            answers = self.cache[_ANSWERS] = {}
        answer = answers.get(path)
        if answer is None:
            if len(answers) >= _ANSWERS_MAX:
                answers.clear()
            answer = answers[path] = self._answer(path)
        node, known, printed_on, noted = answer
        if not known:
            if default is not PbemError and node is _ABSENT:
                return default
            raise UnknownDataError(path, what or path, printed_on, self.override_file)
        if noted:
            self.used_overrides.update(noted)
        return node

    def _answer(self, path: str) -> tuple:
        """What get answers for `path`: (the value, or _ABSENT; whether it is known; where it is
        printed; the overridden paths a read of it notes as used)."""
        parts = self._parts(path)
        node, _rule, printed_on, _open, found = self._walk(path, parts)
        if not found:
            return _ABSENT, False, printed_on, ()
        if is_wrapped(node):
            node = node["value"]
        if node == UNKNOWN:
            return node, False, printed_on, ()
        return node, True, printed_on, tuple(p for p in _prefixes(".".join(parts)) if p in self.overridden)

    def require_keys(self, value: dict, path: str, keys, owner: str, printed_on: str) -> dict:
        """`value` (read from `path`) with each of `keys` known; else UnknownDataError naming the first."""
        for key in keys:
            if value.get(key, UNKNOWN) == UNKNOWN:
                raise UnknownDataError(f"{path}.{key}", f"the {key} of {owner}", printed_on, self.override_file)
        return value

    def provenance(self, path: str) -> str:
        if self.full_path(path) in self.reading_values:
            return self.reading_values[self.full_path(path)]
        for prefix in _prefixes(self.full_path(path)):
            if prefix in self.overridden:
                return self.overridden[prefix]
        node, rule, *_ = self._walk(path)
        if is_wrapped(node) and node.get("rule"):
            return f"rule {node['rule']}"
        return f"rule {rule}" if rule else "rulebook"

    def _note_use(self, path: str, full: str | None = None) -> None:
        for prefix in _prefixes(self.full_path(path) if full is None else full):
            if prefix in self.overridden:
                self.used_overrides.add(prefix)

    def unknown_paths(self) -> list[tuple[str, str]]:
        """Every `unknown` value: (path, where it is printed)."""
        found: list[tuple[str, str]] = []

        def visit(node, path, printed_on):
            if isinstance(node, dict):
                printed_on = node.get("printed_on", printed_on)
                if is_wrapped(node):
                    node = node["value"]
                else:
                    for key, value in node.items():
                        if key not in META_KEYS:
                            visit(value, f"{path}.{key}" if path else key, printed_on)
                    return
            if isinstance(node, list):
                for index, value in enumerate(node):
                    visit(value, f"{path}.{index}", printed_on)
            elif node == UNKNOWN:
                stem, _, rest = path.partition(".")
                short = f"{stem}.{rest[len(stem) + 1:]}" if rest.startswith(stem + ".") else path
                found.append((short, printed_on or "the printed game"))

        visit(self.tree, "", None)
        return found


@functools.lru_cache(maxsize=4096)
def _prefixes(path: str) -> tuple[str, ...]:
    """`a.b.c` -> (`a.b.c`, `a.b`, `a`); a pure function of the text, memoised (every data read asks)."""
    parts = path.split(".")
    return tuple(".".join(parts[:end]) for end in range(len(parts), 0, -1))


_TREE_CACHE: dict = {}                          # rules files' key (_rules_files) -> JSON text of (tree, hash)
MAX_RULES_FILES = 64
_PARSED: dict[tuple[str, str], str] = {}        # (path, text) -> JSON text of its data: a data override, a scenario
_PARSED_MAX = 32


def load_once(path: Path, limit: int = MAX_FILE_BYTES) -> dict:
    """load_yaml_file (the bounded loader), each text parsed once per process: opening a campaign
    and checking its header read the override and the scenario again, and the tests open the same
    campaigns many times. Keyed by the text itself, so a file edited meanwhile is parsed again;
    a refusal is never kept. The caller gets its own copy."""
    text = read_text(path, limit)
    key = (str(path), text)
    if key in _PARSED:
        return json.loads(_PARSED[key])

    def parse() -> dict:
        parsed = parse_yaml_text(text, str(path))
        if not isinstance(parsed, dict):
            raise PbemError("expected a YAML mapping at top level", str(path))
        return parsed
    # across processes: the parse of these very bytes, when a record proves itself (pbem/parsecache.py)
    value, kept = parsecache.cached("bounded-mapping", hashlib.sha256(text.encode("utf-8")).hexdigest(), parse)
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[key] = kept
    return value


def _rules_files(folder: Path) -> tuple[list[Path], tuple, str]:
    """The rules files of one game (installed, or a campaign's own copy), the key of their parse
    (the loader, their names and the sha256 of their bytes) and its digest."""
    if not folder.is_dir():
        raise PbemError(f"no rules data folder for this game ({folder})")
    paths = sorted(folder.glob("*.yaml"))
    if len(paths) > MAX_RULES_FILES:
        raise PbemError(f"more than {MAX_RULES_FILES} rules data files", str(folder))
    # only the rules/ shipped with pbem are trusted; a campaign's copy goes through the bounded loader
    trusted = folder.resolve().parent == (project_root() / "rules").resolve()
    key = (trusted, tuple((p.name, hashlib.sha256(p.read_bytes()).hexdigest()) for p in paths))
    return paths, key, hashlib.sha256(json.dumps(key).encode()).hexdigest()


def _load_tree(folder: Path) -> tuple[dict, str]:
    """(tree, files hash) of the rules files in `folder`, parsed once per process and kept across
    processes (the record of these very files, names and bytes, and loader): every copy of one set
    is parsed once. The caller gets its own copy."""
    paths, key, digest = _rules_files(folder)
    if key in _TREE_CACHE:
        tree, files_hash = json.loads(_TREE_CACHE[key])
        return tree, files_hash
    (tree, files_hash), text = parsecache.cached("rules-tree", digest, lambda: list(_parse_tree(paths, key[0])))
    if len(_TREE_CACHE) >= 8:
        _TREE_CACHE.clear()
    _TREE_CACHE[key] = text
    return tree, files_hash


def _parse_tree(paths: list[Path], trusted: bool = True) -> tuple[dict, str]:
    tree, hashes = {}, {}
    for path in paths:
        data = load_yaml_file(path, trusted=trusted)
        _check_keys(data, str(path))
        tree[path.stem] = data
        hashes[path.name] = data_hash(data)
    return tree, data_hash(hashes)


def _check_keys(node, source: str, path: str = "") -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if not isinstance(key, str):
                raise PbemError(f"key {key!r} at '{path}' must be a string (quote hex ids)", source)
            if "." in key:
                raise PbemError(f"key {key!r} at '{path}' contains a dot (not allowed in data keys)", source)
            _check_keys(value, source, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            _check_keys(value, source, f"{path}.{index}")


_KEPT_FIELDS = ("tree", "files_hash", "override_hash", "demonstration", "demonstration_notice", "overridden")
_APPLIED: dict[tuple[str, str, str], str] = {}    # (game, rules, override sha256) -> JSON text of _KEPT_FIELDS


def load_game_data(game: str, override_path: Path | None = None, rules: Path | None = None) -> GameData:
    """The game's data: the installed rules/GAME/ files, or `rules` (a campaign's own copy)."""
    folder = rules if rules is not None else rules_dir(game)
    if override_path is None:
        tree, files_hash = _load_tree(folder)
        return GameData(game=game, tree=tree, files_hash=files_hash)
    # the rules with the override applied, once per process and across processes (pbem/parsecache.py):
    # keyed by the rules files and the override's bytes (this module's source is in every record's key);
    # the rules are read only to apply it (a record exists only for rules that were read and checked)
    text = read_text(override_path)
    key = (game, _rules_files(folder)[2], hashlib.sha256(text.encode("utf-8")).hexdigest())
    if key in _APPLIED:
        return GameData(game=game, **json.loads(_APPLIED[key]))

    def applied() -> dict:
        tree, files_hash = _load_tree(folder)
        data = GameData(game=game, tree=tree, files_hash=files_hash)
        apply_override(data, override_path)
        return {name: getattr(data, name) for name in _KEPT_FIELDS}
    value, kept = parsecache.cached("game-data", hashlib.sha256(json.dumps(key).encode()).hexdigest(), applied)
    if len(_APPLIED) >= 8:
        _APPLIED.clear()
    _APPLIED[key] = kept
    return GameData(game=game, **value)


def load_override(path: Path, game: str) -> dict:
    doc = load_once(path)
    if doc.get("pbem") != "data-override":
        raise PbemError("not a data override (expected 'pbem: data-override')", str(path))
    if doc.get("game") != game:
        raise PbemError(f"override is for game {doc.get('game')!r}, not {game!r}", str(path))
    if not isinstance(doc.get("values"), dict):
        raise PbemError("override needs a 'values:' mapping of data path -> value", str(path))
    if doc.get("demonstration") and not str(doc.get("notice", "")).strip():
        raise PbemError("a demonstration override must carry a 'notice:' saying its values are not the published ones", str(path))
    return doc


def apply_override(data: GameData, path: Path) -> None:
    doc = load_override(path, data.game)
    data.override_hash = data_hash(doc)
    data.demonstration = bool(doc.get("demonstration"))
    data.demonstration_notice = str(doc.get("notice", "")).strip()
    apply_values(data, doc["values"], str(path), "demonstration" if data.demonstration else "override")


def apply_values(data: GameData, values: dict, source: str, label: str) -> None:
    """Supply values by data path (an override's, or a data amendment's signed by both players):
    only `unknown` values and entries of open collections; a rulebook value is never replaced."""
    path = source
    for dotted, value in values.items():
        if not isinstance(dotted, str) or not dotted:
            raise PbemError(f"override key {dotted!r} is not a data path", str(path))
        if value == UNKNOWN or value is None:
            continue  # left blank in a template: still unknown
        _check_keys(value, str(path), dotted)
        dotted = data.full_path(dotted)
        parent_path, _, last = dotted.rpartition(".")
        parent, _rule, _printed, is_open, found = data._walk(parent_path) if parent_path else (data.tree, None, None, False, True)
        if not found or not isinstance(parent, dict):
            raise PbemError(f"override path '{dotted}' does not name a place in the {data.game} data", str(path))
        is_open = is_open or bool(parent.get("open"))
        current = parent.get(last, None)
        if last in parent:
            inner = unwrap(current)
            if inner != UNKNOWN and not (isinstance(inner, dict) and is_open):
                raise PbemError(f"override '{dotted}' would replace a rulebook value ({data.provenance(dotted)}); "
                                f"only unknown values can be supplied", str(path))
            if isinstance(inner, dict) and isinstance(value, dict):
                clash = [k for k in value if k in inner and unwrap(inner[k]) != UNKNOWN]
                if clash:
                    raise PbemError(f"override '{dotted}' would replace rulebook values {clash}", str(path))
                merged = dict(inner)
                merged.update(value)
                value = merged
        elif not is_open:
            raise PbemError(f"override path '{dotted}' is not an unknown value or an entry of an open collection", str(path))
        parent[last] = value
        data.overridden[dotted] = label
        data.cache.pop(_ANSWERS, None)     # GameData.get's answers were of the data before


def apply_readings(data: GameData, chosen: dict | None) -> None:
    """The readings of unclear rulebook text a group chose at `pbem new` (the campaign option
    `errata: {ID: CHOICE}`), among those the game's data declares (`readings.ID.choices`,
    rules/GAME/readings.yaml; docs/errata.md). Each choice sets the data values it lists; the
    data as written is each reading's default."""
    if not chosen:
        return
    top = data.tree.get("readings") or {}           # rules/GAME/readings.yaml, its data under `readings:`
    declared = top.get("readings", top) if isinstance(top, dict) else {}
    ids = sorted(k for k in declared if k not in META_KEYS and isinstance(declared[k], dict))
    if not isinstance(chosen, dict):
        raise PbemError("the errata option maps a reading id to a choice: --option errata.ID=CHOICE")
    for reading, choice in sorted(chosen.items()):
        if reading not in ids:
            raise PbemError(f"no errata reading {reading!r} for {data.game} (readings: {', '.join(ids) or 'none'}; docs/errata.md)")
        choices = declared[reading].get("choices", {})
        if choice not in choices:
            raise PbemError(f"errata.{reading} must be one of {', '.join(sorted(choices))}, not {choice!r}: "
                            f"{declared[reading].get('question', '')} (docs/errata.md)")
        for item in choices[choice]["values"]:
            parts = data.full_path(item["path"]).split(".")
            parent, _rule, _printed, _open, found = data._walk(".".join(parts[:-1]))
            if not found or not isinstance(parent, dict) or parts[-1] not in parent:
                raise PbemError(f"readings.{reading}.choices.{choice}: no data value {item['path']!r} to set")
            if is_wrapped(parent[parts[-1]]):
                parent[parts[-1]] = dict(parent[parts[-1]], value=item["value"])
            else:
                parent[parts[-1]] = item["value"]
            data.reading_values[".".join(parts)] = f"reading {reading}={choice} (docs/errata.md)"
    data.readings = dict(chosen)
    data.cache.pop(_ANSWERS, None)         # GameData.get's answers were of the data before


def load_scenario(game: str, scenario: str) -> tuple[dict, str]:
    folder = scenarios_dir(game)
    path = folder / f"{scenario}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.yaml"))
        raise PbemError(f"no scenario {scenario!r} for {game}; known: {', '.join(known) or 'none'}")
    doc = load_once(path)
    return doc, data_hash(doc)


def load_scenario_file(path: Path) -> tuple[dict, str]:
    """A scenario from a given file (a campaign's own copy of the one it was created with)."""
    doc = load_once(path)
    return doc, data_hash(doc)
