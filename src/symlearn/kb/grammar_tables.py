"""The knowledge-base grammar's LALR tables, shipped with the package as JSON.

Building lark's LALR(1) tables from ``grammars/kb.lark`` takes about 0.2 s, so
a parser is not built afresh on every run.  lark's own ``cache=True`` keeps
them as a *pickle* in the shared temporary directory under a predictable
name, and unpickling a file another local user planted there runs their
code.  symlearn never does that: the tables are generated once, by
``python -m symlearn.kb.grammar_tables``, into ``grammars/kb.lalr.json`` inside
the package, and read from there with :func:`json.loads`, which builds plain
data and runs nothing.  No file outside the package directory is read.

The JSON file records the text of the grammar it was built from and lark's
version (the text itself rather than a digest: comparing it needs no
``hashlib``, whose OpenSSL start-up costs 3.5 MB of memory).  When either
differs (the grammar was edited, lark was upgraded), the tables are not used
and the parser is built from the grammar in memory;
``tests/kb/test_grammar_tables.py`` fails until the file is regenerated.

JSON has no tuples and no integer keys, both of which lark's serialised form
uses, so :func:`encode` tags them (``{"(": [...]}`` for a tuple, ``{"{": [[key,
value], ...]}`` for a dictionary with keys that are not strings) and
:func:`decode` undoes the tags.  The parse table itself, most of the file, is
stored apart as one flat row of integers per state (``[state, token, action,
argument, token, action, argument, ...]``, the argument of a reduction being
the rule's memo number), and :func:`_parse_states` builds lark's dictionaries
from the rows sharing one tuple per distinct action: reading the file then
costs about 1 MB of memory, where the tagged form made a dictionary for every
action (8 MB at its peak, a quarter of the query engine's start-up memory).

Functions
---------
build_parser, load_parser, tables_text, encode, decode, write_tables
"""

from __future__ import annotations

import importlib.resources
import json
from typing import Any

import lark
from lark import Lark, Transformer
from lark.grammar import Rule
from lark.lexer import TerminalDef

__all__ = ["build_parser", "decode", "encode", "load_parser", "tables_text", "write_tables"]

#: Where the tables live inside the package (next to the grammar).
TABLES_FILE = ("grammars", "kb.lalr.json")
#: Options passed to lark, with or without the tables.
_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "start": ["start", "clause"],
    "maybe_placeholders": False,
}
_TUPLE = "("
_ITEMS = "{"


def build_parser(grammar: str, transformer: Transformer) -> Lark:
    """Build the LALR parser from the grammar text (slow; no cache is read or written)."""
    return Lark(grammar, transformer=transformer, **_OPTIONS)


def encode(value: Any) -> Any:
    """Turn lark's serialised data into JSON-ready data (tuples and int keys tagged).

    Examples
    --------
    >>> encode({1: (2, "a")})
    {'{': [[1, {'(': [2, 'a']}]]}
    >>> decode(encode({1: (2, "a"), "b": [None, True]}))
    {1: (2, 'a'), 'b': [None, True]}
    """
    if isinstance(value, tuple):
        return {_TUPLE: [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) and k not in (_TUPLE, _ITEMS) for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {_ITEMS: [[encode(k), encode(v)] for k, v in value.items()]}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in the grammar tables")


def decode(value: Any) -> Any:
    """Undo :func:`encode`."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if isinstance(value, dict):
        if len(value) == 1 and _TUPLE in value:
            return tuple(decode(v) for v in value[_TUPLE])
        if len(value) == 1 and _ITEMS in value:
            return {_hashable(decode(k)): decode(v) for k, v in value[_ITEMS]}
        return {k: decode(v) for k, v in value.items()}
    return value


def _hashable(key: Any) -> Any:
    return tuple(_hashable(k) for k in key) if isinstance(key, (list, tuple)) else key


def tables_text(grammar: str, transformer: Transformer) -> str:
    """The JSON text of the tables built from ``grammar``."""
    parser = build_parser(grammar, transformer)
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "transformer"}
    table = data["parser"]["parser"]
    states = table.pop("states")
    document = {
        "grammar": grammar,
        "lark_version": lark.__version__,
        "data": encode(data),
        "memo": encode(memo),
        "states": [_state_row(state, actions) for state, actions in states.items()],
    }
    return json.dumps(document, separators=(",", ":"), sort_keys=True) + "\n"


def _state_row(state: int, actions: dict[int, tuple[int, Any]]) -> list[int]:
    """One state's actions as ``[state, token, action, argument, ...]``."""
    row = [state]
    for token, (action, argument) in actions.items():
        row += [token, action, argument["@"] if action == 1 else argument]
    return row


def _parse_states(rows: list[list[int]]) -> dict[int, dict[int, tuple[int, Any]]]:
    """The serialised ``states`` lark reads, from the rows of :func:`_state_row`."""
    shared: dict[tuple[int, int], tuple[int, Any]] = {}
    states: dict[int, dict[int, tuple[int, Any]]] = {}
    for row in rows:
        actions: dict[int, tuple[int, Any]] = {}
        for i in range(1, len(row), 3):
            token, action, argument = row[i], row[i + 1], row[i + 2]
            value = shared.get((action, argument))
            if value is None:
                reference = {"@": argument} if action == 1 else argument
                value = shared[action, argument] = (action, reference)
            actions[token] = value
        states[row[0]] = actions
    return states


def _stored_tables() -> dict[str, Any] | None:
    resource = importlib.resources.files("symlearn").joinpath(*TABLES_FILE)
    try:
        document = json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def load_parser(grammar: str, transformer: Transformer) -> Lark:
    """The parser for ``grammar``: from the package's tables when they match it, else built.

    Only the package's own ``grammars/kb.lalr.json`` is read, as JSON.
    """
    document = _stored_tables()
    if (
        document is not None
        and document.get("grammar") == grammar
        and document.get("lark_version") == lark.__version__
    ):
        try:
            data = decode(document["data"])
            data["parser"]["parser"]["states"] = _parse_states(document.pop("states"))
            return Lark._load_from_dict(data, decode(document["memo"]), transformer=transformer)
        except Exception:  # tables lark cannot read back: build them instead
            pass
    return build_parser(grammar, transformer)


def write_tables() -> str:
    """Regenerate the package's tables file from the grammar; return its path."""
    from symlearn.kb.grammar import _TRANSFORMER, _grammar_text

    resource = importlib.resources.files("symlearn").joinpath(*TABLES_FILE)
    text = tables_text(_grammar_text(), _TRANSFORMER)
    path = str(resource)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    print(f"wrote {write_tables()}")
