"""Safe, bounded YAML in and deterministic YAML out.

Input comes from opponents and forums, so loading refuses anchors/aliases (billion-laughs),
deep nesting, object-constructing tags, non-UTF-8 and oversized files before any game code
sees the data. Dates and floats are refused or kept as strings so every machine reads the same.
"""

import functools
import io
import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from .canonical import check_plain
from .errors import PbemError

# Sizes are checked before a byte is parsed, so a hostile folder or message fails fast with
# little memory. Each is well above what a real campaign writes (a save of Operation Grenade is
# about 15 KB, an orders file about 1 KB); the data override, a whole printed map, gets most.
MAX_FILE_BYTES = 4 * 1024 * 1024       # a data override, rules data
MAX_SAVE_BYTES = 2 * 1024 * 1024       # one save.yaml
MAX_HEADER_BYTES = 256 * 1024          # campaign.yaml
MAX_SIGNED_BYTES = 256 * 1024          # one signed message (orders, response, reveal, commitment), email text included
MAX_DEPTH = 40
MAX_SCALAR_CHARS = 64 * 1024


class _Plain:
    """Constructor rules shared by both bounded loaders: no duplicate or merge keys, bounded strings."""

    def construct_mapping(self, node, deep=False):
        # PyYAML silently keeps the *last* of two equal keys and merges
        # `<<:` keys, so a signed text could show one `orders:` list to the reader and hand pbem
        # another. Refuse both, so every reader of a file sees the same data.
        if isinstance(node, yaml.MappingNode):
            seen = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise yaml.MarkedYAMLError(None, None, "merge keys (<<) are not allowed", key_node.start_mark)
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                    seen.add(key)
                except TypeError:
                    continue            # an unhashable key: the base constructor refuses it
                if duplicate:
                    raise yaml.MarkedYAMLError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        return super().construct_mapping(node, deep)

    def construct_scalar(self, node):
        value = super().construct_scalar(node)
        if isinstance(value, str) and len(value) > MAX_SCALAR_CHARS:
            raise yaml.MarkedYAMLError(None, None, f"a value longer than {MAX_SCALAR_CHARS} characters", node.start_mark)
        return value


class _BoundedLoader(_Plain, yaml.SafeLoader):
    """SafeLoader without aliases, timestamps or floats, with a nesting limit."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.MarkedYAMLError(None, None, "aliases (*name) are not allowed", event.start_mark)
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise yaml.MarkedYAMLError(None, None, "anchors (&name) are not allowed", event.start_mark)
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(None, None, f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


# YAML 1.2-style plain scalars: only true/false are booleans and only plain decimals are
# integers, so "yes", "on", "0419" (a hex id, octal in YAML 1.1) and "1:20" (sexagesimal 80 in
# YAML 1.1) stay the strings a player typed. Dates stay strings; floats are refused below
# (their text differs across platforms).
_DROPPED = ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool")
_BoundedLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in _DROPPED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_BoundedLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_BoundedLoader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789"))


def plain_scalar_tag(text: str) -> str:
    """The tag the bounded loaders give `text` written as a plain scalar: what PyYAML's
    BaseResolver.resolve does for a plain scalar, on the bounded loaders' implicit resolvers."""
    table = _BoundedLoader.yaml_implicit_resolvers
    if text[:1] not in table and None not in table:      # most words: no resolver to try (issue 13)
        return "tag:yaml.org,2002:str"
    for tag, regexp in table.get(text[:1], []) + table.get(None, []):
        if regexp.match(text):
            return tag
    return "tag:yaml.org,2002:str"


def _refuse_float(loader, node):
    raise yaml.MarkedYAMLError(None, None, f"decimal number {node.value!r} is not allowed (write it as a string)", node.start_mark)


_BoundedLoader.add_constructor("tag:yaml.org,2002:float", _refuse_float)


_FAST_LOADER: type | None = None          # libyaml-backed loaders, when PyYAML has libyaml
_C_BOUNDED_LOADER: type | None = None
if hasattr(yaml, "CSafeLoader"):
    class _FastLoader(yaml.CSafeLoader):
        """libyaml-backed loader for the project's own rules data (large, trusted files):
        same resolvers and float refusal, without the per-node alias/depth hooks."""

    class _CBoundedLoader(_Plain, yaml.CSafeLoader):
        """libyaml-backed bounded loader (about five times faster on saves and data overrides):
        the constructor rules of _Plain; aliases, anchors and depth are checked on the event
        stream first (`_check_events`), since libyaml composes nodes without Python hooks."""

    for _loader in (_FastLoader, _CBoundedLoader):
        _loader.yaml_implicit_resolvers = _BoundedLoader.yaml_implicit_resolvers
        _loader.add_constructor("tag:yaml.org,2002:float", _refuse_float)
    _FAST_LOADER, _C_BOUNDED_LOADER = _FastLoader, _CBoundedLoader
# else PyYAML was built without libyaml: the bounded loader serves


def _check_events(text: str) -> None:
    """What _BoundedLoader.compose_node refuses, on libyaml's event stream: aliases, anchors and
    more than MAX_DEPTH nested nodes (a scalar counts one level, as it does there)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            if isinstance(event, yaml.AliasEvent):
                raise yaml.MarkedYAMLError(None, None, "aliases (*name) are not allowed", event.start_mark)
            if getattr(event, "anchor", None):
                raise yaml.MarkedYAMLError(None, None, "anchors (&name) are not allowed", event.start_mark)
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent, yaml.ScalarEvent)):
                if depth + 1 > MAX_DEPTH:
                    raise yaml.MarkedYAMLError(None, None, f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
                if not isinstance(event, yaml.ScalarEvent):
                    depth += 1
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in str(exc.problem):     # libyaml 0.2.5+ stops deep flow nesting itself
            raise yaml.MarkedYAMLError(None, None, f"nesting deeper than {MAX_DEPTH} levels", exc.problem_mark) from None
        raise


_DECLINED = object()        # _simple_load: not plain block/flow data of the common kind; read the checked way


def _simple_load(text: str) -> Any:
    """What the checked way (_check_events, then _CBoundedLoader) reads from `text`, built in one
    pass over libyaml's events (issue 13: the event pass, libyaml's nodes and PyYAML's constructor
    were three walks of every signed body); or _DECLINED for anything outside the common kind, which
    the checked way then reads, or refuses with its own message. The common kind: one document of
    mappings, sequences and scalars, with no tag, no anchor or alias (no '&' or '*' in the text at
    all), at most MAX_DEPTH levels (counted as _check_events counts them, before a level is
    entered), every scalar within MAX_SCALAR_CHARS and resolving to a string, an integer, a boolean
    or null, every key a string and no key twice in a mapping."""
    if "&" in text or "*" in text:
        return _DECLINED
    parser = yaml.cyaml.CParser(text)
    try:
        return _simple_events(parser)
    except (yaml.YAMLError, ValueError):      # malformed, or a number too long for int()
        return _DECLINED
    finally:
        parser.dispose()


def _simple_events(parser: Any) -> Any:
    """_simple_load on the parser's events (the innermost open collection and its pending key in
    locals, a plain scalar's value kept by its text: issue 13, every signed body goes this way)."""
    get = parser.get_event
    if type(get()) is not yaml.StreamStartEvent or type(get()) is not yaml.DocumentStartEvent:
        return _DECLINED
    scalar, mapping, sequence = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
    ends = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    plain = _PLAIN_VALUES
    stack: list = []            # the enclosing (collection, pending key) pairs of the open collections
    top: Any = None             # the innermost open collection (None: at the root)
    key: Any = _DECLINED        # a mapping's key awaiting its value, else _DECLINED
    root: Any = _DECLINED
    while True:
        event = get()
        kind = type(event)
        if kind in ends:
            value = top         # already in its parent (added when it opened)
            top, key = stack.pop()
            if top is None:
                root = value
            continue
        if kind is yaml.DocumentEndEvent:
            break
        if event.anchor is not None or event.tag is not None or len(stack) >= MAX_DEPTH:
            return _DECLINED
        if kind is scalar:
            value = event.value
            if len(value) > MAX_SCALAR_CHARS:
                return _DECLINED
            if event.implicit[0]:
                text = value
                value = plain.get(text, _DECLINED)
                if value is _DECLINED and (value := _kept_plain(text)) is _DECLINED:
                    return _DECLINED
        elif kind is mapping:
            value = {}
        elif kind is sequence:
            value = []
        else:
            return _DECLINED
        if top is None:
            root = value
        elif type(top) is list:
            top.append(value)
        elif key is _DECLINED:      # a mapping's key: a string, not twice in one mapping
            if type(value) is not str or value in top:
                return _DECLINED
            key = value
        else:
            top[key] = value
            key = _DECLINED
        if type(value) is dict or type(value) is list:
            stack.append((top, key))        # filled as its events come
            top, key = value, _DECLINED
    if type(get()) is not yaml.StreamEndEvent or root is _DECLINED:
        return _DECLINED          # a second document, or none
    return root


_PLAIN_VALUES: dict = {}        # a plain scalar's text -> its value (_simple_scalar; bounded)


def _kept_plain(text: str) -> Any:
    """_simple_scalar(text), kept in _PLAIN_VALUES unless _DECLINED."""
    value = _simple_scalar(text)
    if value is not _DECLINED:
        if len(_PLAIN_VALUES) >= 4096:
            _PLAIN_VALUES.clear()
        _PLAIN_VALUES[text] = value
    return value


def _simple_scalar(text: str) -> Any:
    """A plain scalar's value as the bounded loaders construct it: a string, an integer, a boolean
    or null; _DECLINED for any other tag (a decimal number, a merge key, `=`)."""
    tag = plain_scalar_tag(text)
    if tag == "tag:yaml.org,2002:str":
        return text
    if tag == "tag:yaml.org,2002:int":
        return int(text)
    if tag == "tag:yaml.org,2002:bool":
        return text.lower() == "true"
    if tag == "tag:yaml.org,2002:null":
        return None
    return _DECLINED


def parse_yaml_text(text: str, name: str, trusted: bool = False):
    """Parse YAML text; any problem becomes a one-line PbemError naming `name` and the line.

    `trusted` is only for the rules/ files shipped with pbem; everything a player sends goes
    through the bounded loader."""
    built = False       # read in one pass: plain data by construction (_simple_events), checked already
    try:
        if trusted and _FAST_LOADER:
            data = yaml.load(text, Loader=_FAST_LOADER)  # noqa: S506 - a safe loader
        elif _C_BOUNDED_LOADER:
            yaml.reader.Reader(text)        # PyYAML's check for unprintable characters, as before
            data = _simple_load(text)
            built = data is not _DECLINED
            if not built:
                _check_events(text)
                data = yaml.load(text, Loader=_C_BOUNDED_LOADER)  # noqa: S506 - a safe loader
        else:
            data = yaml.load(text, Loader=_BoundedLoader)  # noqa: S506 - a safe loader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "malformed YAML"
        raise PbemError(f"malformed YAML: {problem}", name, line) from None
    except yaml.YAMLError as exc:
        raise PbemError(f"malformed YAML: {exc}", name) from None
    except RecursionError:
        raise PbemError("malformed YAML: nesting too deep", name) from None
    except ValueError:   # int() refuses numbers over 4300 digits; was an uncaught traceback
        raise PbemError("malformed YAML: a number too long to read", name) from None
    # only plain data (string keys; str, int, bool, null, lists, mappings) may come in;
    # !!set, !!binary, !!timestamp, !!omap/!!pairs and `1:`/`yes:`/`~:` keys used to pass through.
    try:
        if not built:
            check_plain(data)
    except ValueError as exc:
        raise PbemError(f"malformed YAML: only plain data is allowed ({exc})", name) from None
    return data


def decode_utf8(raw: bytes, name: str) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PbemError(f"not UTF-8 text (bad byte at offset {exc.start})", name) from None
    return text.removeprefix("\ufeff")


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    return read_text_sized(path, limit)[0]


def read_text_sized(path: Path, limit: int = MAX_FILE_BYTES) -> tuple[str, int]:
    """read_text, and the file's size in bytes (one stat for both checks and the caller's)."""
    path = path if isinstance(path, Path) else Path(path)
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise PbemError("file not found", str(path)) from None
    except OSError as exc:
        raise PbemError(f"cannot read: {exc.strerror}", str(path)) from None
    if not stat.S_ISREG(status.st_mode):      # what path.is_file() asks of the same stat
        raise PbemError("not a regular file", str(path))
    size = status.st_size
    if size > limit:
        raise PbemError(f"file is {size} bytes, over the {limit}-byte limit", str(path))
    return decode_utf8(_read_whole(path, size), str(path)), size


def _read_whole(path: Path, size: int) -> bytes:
    """path.read_bytes() through os, without pathlib's and io's file objects (issue 13: they cost more
    than reading a signed file): the size the stat gave and one byte more, then on to the end."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = [os.read(fd, size + 1)]
        while chunks[-1]:
            chunks.append(os.read(fd, 65536))
        return b"".join(chunks)
    finally:
        os.close(fd)


def load_yaml_file(path: Path, limit: int = MAX_FILE_BYTES, expect_mapping: bool = True, trusted: bool = False):
    text = read_text(path, limit)
    data = parse_yaml_text(text, str(path), trusted)
    if expect_mapping and not isinstance(data, dict):
        raise PbemError("expected a YAML mapping at top level", str(path))
    return data


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data):
        return True


def _str_representer(dumper, value):
    style = "|" if "\n" in value else None
    if "\x85" in value:
        # PyYAML writes a U+0085 (NEL) raw, and reads it back as a line
        # break, so the save on disk hashed differently from the save in memory; "\N" escapes it
        style = '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_representer)

# libyaml's emitter (about ten times faster) writes the same bytes as PyYAML's pure-Python one
# only on part of the data: it counts a key's length in UTF-8 bytes (Python: characters) for
# the 128 limit of a simple key, writes an empty key as '' where Python writes `? ''`, quotes
# characters beyond U+FFFF, and ends the document with `...` after any `|+` block anywhere.
# So it serves only data inside the domain below, where the two were checked to agree (the
# bundled campaign and generated documents: tests/test_yamlio.py; every campaign the test suite
# builds: `python3 -m pytest -p benchmarks.dumpcheck`); anything else goes to the Python emitter.
_C_DUMPER: type | None = None
if hasattr(yaml, "CSafeDumper"):
    class _CDumper(yaml.CSafeDumper):
        def ignore_aliases(self, data):
            return True

        def represent(self, data):
            """The node graph SafeRepresenter builds for plain data, built directly (its generic
            dispatch was most of a dump; issue 13); anything else goes the representer's way."""
            node = _plain_node(data)
            if node is None:
                super().represent(data)
                return
            self.serialize(node)
            self.represented_objects, self.object_keeper, self.alias_key = {}, [], None

        def resolve(self, kind, value, implicit):
            """A scalar's implicit tag is a pure function of its text here (no path resolvers):
            memoised, the same keys and words recur in every save."""
            if kind is not yaml.ScalarNode:
                return super().resolve(kind, value, implicit)
            key = (value, implicit)
            tag = _RESOLVED.get(key)
            if tag is None:
                tag = _RESOLVED[key] = super().resolve(kind, value, implicit)
                if len(_RESOLVED) > 100_000:
                    _RESOLVED.clear()
            return tag

    _CDumper.add_representer(str, _str_representer)
    _C_DUMPER = _CDumper

_RESOLVED: dict = {}
_MAP, _SEQ = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_SCALARS = {bool: "tag:yaml.org,2002:bool", int: "tag:yaml.org,2002:int", str: "tag:yaml.org,2002:str"}


def _plain_node(data, checked: bool = False):
    """The node SafeRepresenter (with default_flow_style=False, sort_keys=False, no aliases and
    _str_representer) gives `data` of exactly dict, list, str, int, bool and None; else None.
    `checked`: also None unless every key and text is in the domain of c_dumpable (below)."""
    kind = type(data)
    if kind is dict:
        pairs = []
        for key, value in data.items():
            if checked and not (type(key) is str and _c_text_ok(key, True)):
                return None
            key_node, value_node = _plain_node(key, checked), _plain_node(value, checked)
            if key_node is None or value_node is None:
                return None
            pairs.append((key_node, value_node))
        return yaml.MappingNode(_MAP, pairs, flow_style=False)
    if kind is list:
        items = []
        for value in data:
            node = _plain_node(value, checked)
            if node is None:
                return None
            items.append(node)
        return yaml.SequenceNode(_SEQ, items, flow_style=False)
    if kind is str:
        if checked and not _c_text_ok(data, False):
            return None
        style = '"' if "\x85" in data else "|" if "\n" in data else None
        return yaml.ScalarNode(_SCALARS[str], data, style=style)
    if kind is bool:
        return yaml.ScalarNode(_SCALARS[bool], "true" if data else "false")
    if kind is int:
        return yaml.ScalarNode(_SCALARS[int], str(data))
    if data is None:
        return yaml.ScalarNode("tag:yaml.org,2002:null", "null")
    return None


# printable text of the Basic Multilingual Plane and LF: no tab, C0/C1 controls, NEL, U+2028/9,
# BOM, surrogates or U+FFFE/F; a value no longer than _C_MAX_CHARS (far from the 10,000 width)
# (LF x20-x7e u00a0-u2027 u202a-ud7ff ue000-ufefe uff00-ufffd, written as the complement: the same
# characters, compiled in 0.2 ms instead of 2 ms at every start, issue 13)
_C_TEXT = re.compile("[^\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff\U00010000-\U0010ffff]*")
_C_MAX_CHARS = 4000
_C_MAX_KEY_BYTES = 128


def _c_value_ok(value: str) -> bool:
    if len(value) > _C_MAX_CHARS or not _C_TEXT.fullmatch(value):
        return False
    # a `|+` block (two or more trailing line breaks, or only one): libyaml adds `...`
    return not (value.endswith("\n") and (len(value) == 1 or value[-2] == "\n"))


def _c_key_ok(key: object) -> bool:
    return (isinstance(key, str) and key != "" and "\n" not in key and len(key.encode("utf-8")) < _C_MAX_KEY_BYTES
            and _C_TEXT.fullmatch(key) is not None)


@functools.lru_cache(maxsize=1 << 16)
def _c_text_ok(text: str, key: bool) -> bool:
    """_c_key_ok or _c_value_ok of a text (memoised: the same keys and ids recur in every save)."""
    return _c_key_ok(text) if key else _c_value_ok(text)


def c_dumpable(data) -> bool:
    """True if the libyaml emitter writes `data` byte for byte as the Python one does: a mapping
    or list at the top, and inside only str (in the domain above), int, bool, None, list, dict."""
    if not isinstance(data, (dict, list)):
        return False
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if not _c_key_ok(key):
                    return False
                stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str):
            if not _c_value_ok(node):
                return False
        elif not (node is None or isinstance(node, int)):
            return False
    return True


_DUMP_OPTIONS = {"sort_keys": False, "allow_unicode": True, "default_flow_style": False, "width": 10_000, "indent": 2}


def dump_yaml_python(data) -> str:
    """dump_yaml with PyYAML's pure-Python emitter, always (the reference the fast path matches)."""
    return yaml.dump(data, Dumper=_Dumper, **_DUMP_OPTIONS)


def dump_yaml(data) -> str:
    """Deterministic YAML: insertion order kept, no aliases, no line folding, LF endings."""
    if _C_DUMPER is not None:
        # entry by entry from a process's second document on: the first (often the only one, as
        # in `pbem adjudicate`) is written whole, which costs less than filling the entry texts
        if type(data) is dict and data and _DOCUMENTS_WRITTEN[0]:
            out: list[str] = []
            if _entries_text(data, "", out):
                return "".join(out)
        _DOCUMENTS_WRITTEN[0] += 1
        # plain data in the domain: its nodes built and checked in one walk, then libyaml's emitter
        node = _plain_node(data, checked=True) if type(data) in (dict, list) else None
        if node is not None:
            return _c_emit(node)
        if c_dumpable(data):        # in the domain, of other types (a dict subclass): the representer's nodes
            return yaml.dump(data, Dumper=_C_DUMPER, **_DUMP_OPTIONS)
    return dump_yaml_python(data)


def _c_emit(node) -> str:
    """What yaml.dump(data, Dumper=_C_DUMPER, **_DUMP_OPTIONS) writes, from data's node graph."""
    assert _C_DUMPER is not None
    stream = io.StringIO()
    dumper = _C_DUMPER(stream, **_DUMP_OPTIONS)
    try:
        dumper.open()
        dumper.serialize(node)
        dumper.close()
    finally:
        dumper.dispose()
    return stream.getvalue()


# -- entry by entry (issue 13) -------------------------------------------------------------------
# A block mapping's text is its entries' texts one after another. An entry whose value is a
# non-empty mapping is its key's line, then the value's entries two columns further in; one whose
# value is a non-empty list is its key's line, then the items at the key's column (libyaml at indent
# 2 writes such lists indentless); an item that is a non-empty mapping or list starts on its "- "
# line, the rest two columns further in; any other value follows "key: " or "- " as libyaml writes
# it anywhere in a block, when that is one line (simple keys only in the domain above; far within the
# 10,000 width here). So a document is put together from its keys' and values' texts, each worked
# out by libyaml once per process (a plain word needs no emitter: see _scalar_text); an entry with a
# value of several lines (a block scalar) is libyaml's text of that entry, kept by key, value and
# indentation. The bytes are libyaml's for the whole document (tests/test_yamlio.py).
_KEY_TEXT: dict = {}            # key -> its text as a simple key
# per type, value -> its one-line text as a block value or item (None: not one line; an empty collection under None)
_SCALAR_TEXT: dict[type, dict] = {str: {}, int: {}, bool: {}, type(None): {}, dict: {}, list: {}}
_ENTRY_TEXT: dict = {}          # (key, frozen value, indent) -> the entry's text, for values of several lines
_DOCUMENTS_WRITTEN = [0]        # documents this process has written through libyaml (dump_yaml)
_TEXTS_MAX = 200_000
_DEEPEST = 1000                 # columns of indentation: deeper, the whole document goes to libyaml (its width)
_MISSING = object()
# printable ASCII words with single spaces between them, a ':' only inside a word, no '#', and an
# alphanumeric first: libyaml may write it plain (no indicator, no ': ' or ' #', no leading or
# trailing space), and does whenever the dumper's resolvers read it back as a string
_PLAIN_WORDS = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+/=-]*(?::[A-Za-z0-9_.+/=-]+)*"
                          r"(?: [A-Za-z0-9_.+/=-]+(?::[A-Za-z0-9_.+/=-]+)*)*")


def _dumped_tag(text: str) -> str:
    """The tag the dumper's resolvers give the non-empty `text` as a plain scalar (what
    BaseResolver.resolve does, without path resolvers; the serializer writes it plain if a string)."""
    assert _C_DUMPER is not None
    table = _C_DUMPER.yaml_implicit_resolvers        # type: ignore[attr-defined]  # the dumper's Resolver table
    for tag, regexp in table.get(text[0], []) + table.get(None, []):
        if regexp.match(text):
            return tag
    return _SCALARS[str]


def _scalar_text(value) -> str | None:
    """libyaml's text of a scalar or an empty collection after "key: " or "- " in a block, when it
    is one line; None otherwise (or outside the domain). Kept per type and value."""
    kind = type(value)
    kept = _SCALAR_TEXT.get(kind)
    if kept is None or ((kind is dict or kind is list) and value):
        return None
    key = None if kind is dict or kind is list else value
    text = kept.get(key, _MISSING)
    if text is _MISSING:
        if len(kept) >= _TEXTS_MAX:
            kept.clear()
        text = kept[key] = _one_line_text(value)
    return text


def _one_line_text(value) -> str | None:
    """_scalar_text worked out: a plain word as it stands, else libyaml's text of the one-item list."""
    kind = type(value)
    # most texts and numbers of a save (hashes, ids, words, counts): plain, as they stand, when the
    # dumper's resolvers read them back with their own tag (_plain_node's text and tag)
    text = value if kind is str else str(value) if kind is int else None
    if (text is not None and len(text) <= _C_MAX_CHARS and _PLAIN_WORDS.fullmatch(text)
            and _dumped_tag(text) == _SCALARS[kind]):
        return text
    node = _plain_node([value], checked=True)
    whole = _c_emit(node) if node is not None else ""
    one_line = whole.startswith("- ") and whole.find("\n") == len(whole) - 1 and len(whole) <= _C_MAX_CHARS + 1000
    return whole[2:-1] if one_line else None


def _key_text(key) -> str | None:
    """libyaml's text of a mapping key (a simple key on one line), or None."""
    text = _KEY_TEXT.get(key) if type(key) is str else None
    if text is None and type(key) is str:
        entry = _entry_text(key, None, "")
        if entry is None or not entry.endswith(_KEY_ONLY) or "\n" in entry[:-1]:
            return None
        text = _KEY_TEXT[key] = entry[:-len(_KEY_ONLY)]
    return text


_KEY_ONLY = ": null\n"


def _entries_text(mapping: dict, indent: str, out: list) -> bool:
    """The texts of a non-empty mapping's entries at `indent`, appended to `out`; False if an entry
    is outside the domain (the caller then writes the whole document the other way)."""
    if len(indent) > _DEEPEST:
        return False
    strings = _SCALAR_TEXT[str]         # most values: a text looked up here, without a call
    for key, value in mapping.items():
        key_text = _KEY_TEXT.get(key) if type(key) is str else None
        if key_text is None and (key_text := _key_text(key)) is None:
            return False
        kind = type(value)
        if kind is dict and value:
            out.append(f"{indent}{key_text}:\n")
            if not _entries_text(value, indent + "  ", out):
                return False
            continue
        if kind is list and value:
            mark = len(out)
            out.append(f"{indent}{key_text}:\n")
            if _items_text(value, indent, out):
                continue
            del out[mark:]
        else:
            text = strings.get(value) if kind is str else None
            if text is not None or (text := _scalar_text(value)) is not None:
                out.append(f"{indent}{key_text}: {text}\n")
                continue
        text = _kept_entry_text(key, value, indent)     # a value of several lines
        if text is None:
            return False
        out.append(text)
    return True


def _items_text(items: list, indent: str, out: list) -> bool:
    """The texts of a non-empty list's items, each "- " at `indent`, appended to `out`; False if an
    item is outside the domain or a text of several lines."""
    inner = indent + "  "
    if len(inner) > _DEEPEST:
        return False
    for item in items:
        kind = type(item)
        if (kind is dict or kind is list) and item:
            mark = len(out)
            if not (_entries_text(item, inner, out) if kind is dict else _items_text(item, inner, out)):
                return False
            out[mark] = f"{indent}- {out[mark][len(inner):]}"      # its first line starts on the item's "- "
            continue
        text = _scalar_text(item)
        if text is None:
            return False
        out.append(f"{indent}- {text}\n")
    return True


def _frozen(value):
    """A hashable stand-in of a scalar, an empty mapping or a list of scalars, with each type (1 and
    True differ); None for anything else (not kept)."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return kind, value
    if kind is list and all(type(v) in (str, int, bool) or v is None for v in value):
        return list, tuple((type(v), v) for v in value)
    if kind is dict and not value:
        return dict, ()
    return None


def _kept_entry_text(key: str, value, indent: str) -> str | None:
    """_entry_text, kept by key, value and indentation where the value is hashable."""
    frozen = _frozen(value)
    text = _ENTRY_TEXT.get((key, frozen, indent)) if frozen is not None else None
    if text is None:
        text = _entry_text(key, value, indent)
        if text is not None and frozen is not None:
            if len(_ENTRY_TEXT) >= _TEXTS_MAX:
                _ENTRY_TEXT.clear()
            _ENTRY_TEXT[(key, frozen, indent)] = text
    return text


def _entry_text(key: str, value, indent: str) -> str | None:
    """libyaml's text of the one-entry mapping {key: value}, each line but the blank ones indented."""
    node = _plain_node({key: value}, checked=True)
    if node is None:
        return None
    text = _c_emit(node)
    return "\n".join(indent + line if line else line for line in text.split("\n")) if indent else text
