"""Reading and writing BIF, the Bayesian Interchange Format.

BIF (Cozman's interchange format, version 0.15, as read and written by
pgmpy, bnlearn, Hugin's converters and the bnlearn repository of networks)
declares each variable with its states and each CPT either as a ``table`` or
as one line per combination of parent states::

    network alarm {
    }
    variable HISTORY {
      type discrete [ 2 ] { TRUE, FALSE };
    }
    probability ( HISTORY | LVFAILURE ) {
      (TRUE) 0.9, 0.1;
      (FALSE) 0.01, 0.99;
    }
    probability ( LVFAILURE ) {
      table 0.05, 0.95;
    }

A conditional ``table`` lists the probabilities of the first state for every
parent row (last parent fastest), then of the second state, and so on (the
layout pgmpy writes); a ``default`` line gives the row of every combination
not listed.  ``property`` lines are read and ignored.  A ``.gz`` file is
decompressed.

Variables read from BIF get ProbLog atoms (see
:func:`symlearn.bayes.networks.network.problog_atoms`), so that ``history`` and
``cvp(low)`` name their states in queries and evidence.

Functions
---------
read_bif, parse_bif, write_bif, format_bif

Examples
--------
>>> net = parse_bif('''
... variable rain { type discrete [ 2 ] { yes, no }; }
... variable wet { type discrete [ 2 ] { yes, no }; }
... probability ( rain ) { table 0.2, 0.8; }
... probability ( wet | rain ) { (yes) 0.9, 0.1; (no) 0.1, 0.9; }
... ''')
>>> net.variables, net.states("wet"), net["wet"].table.tolist()
(('rain', 'wet'), ('yes', 'no'), [[0.9, 0.1], [0.1, 0.9]])
"""

from __future__ import annotations

import math
import os
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from symlearn.bayes.networks.network import BayesianNetwork, Variable, problog_atoms
from symlearn.errors import KBError, ResourceLimitError
from symlearn.files import read_input, write_file
from symlearn.kb.sources import decode_source

__all__ = ["format_bif", "parse_bif", "read_bif", "write_bif"]

_TOKEN = re.compile(
    r"""
    (?P<space>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<punct>[{}()\[\],;|])
  | (?P<word>[^\s{}()\[\],;|"]+)
    """,
    re.VERBOSE | re.DOTALL,
)


#: Characters that need the tokenizer (comments, quotes, brackets) inside a list.
_NEEDS_TOKENS = re.compile(r'[/"{}()\[\]|;]')


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    text: str
    offset: int


class _Reader:
    """A recursive-descent reader over BIF tokens that knows where each token is.

    Tokens are read on demand, and a list of numbers up to ``;`` (nearly all
    of a large file: the CPTs) is read in one step by :meth:`numbers`, so a
    number costs no token object.
    """

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.offset = 0  # where the next token (or the space before it) starts
        self._peeked: tuple[_Token | None, int] | None = None  # the next token, its end

    def _scan(self) -> tuple[_Token | None, int]:
        """The next token from :attr:`offset` (None at the end) and where it ends."""
        text, offset = self.text, self.offset
        while offset < len(text):
            match = _TOKEN.match(text, offset)
            if match is None:  # pragma: no cover - the word pattern matches anything else
                raise self.error_at(offset, "unexpected character")
            kind = match.lastgroup or "word"
            if kind != "space":
                return _Token(kind, match.group(), offset), match.end()
            offset = match.end()
        return None, offset

    def error_at(self, offset: int, message: str) -> KBError:
        line = self.text.count("\n", 0, offset) + 1
        start = self.text.rfind("\n", 0, offset) + 1
        end = self.text.find("\n", offset)
        source = self.text[start : end if end >= 0 else len(self.text)]
        return KBError(message, self.path, line, offset - start + 1, source)

    def error(self, message: str, token: _Token | None = None) -> KBError:
        token = token or self.peek()
        return self.error_at(token.offset if token else len(self.text), message)

    def peek(self) -> _Token | None:
        if self._peeked is None:
            self._peeked = self._scan()
        return self._peeked[0]

    def next(self, what: str) -> _Token:
        token = self.peek()
        if token is None:
            raise self.error_at(len(self.text), f"expected {what}, found the end of the file")
        assert self._peeked is not None
        self.offset = self._peeked[1]
        self._peeked = None
        return token

    def expect(self, text: str) -> _Token:
        token = self.next(repr(text))
        if token.text != text:
            raise self.error(f"expected {text!r}, found {token.text!r}", token)
        return token

    def word(self, what: str) -> _Token:
        token = self.next(what)
        if token.kind not in ("word", "string"):
            raise self.error(f"expected {what}, found {token.text!r}", token)
        return token

    def skip_block(self) -> None:
        """Skip a ``{ ... }`` block (nested blocks included)."""
        self.expect("{")
        depth = 1
        while depth:
            token = self.next("'}'")
            depth += {"{": 1, "}": -1}.get(token.text, 0)

    def skip_statement(self) -> None:
        while self.next("';'").text != ";":
            pass

    def number(self) -> float:
        token = self.word("a probability")
        try:
            value = float(token.text)
        except ValueError:
            raise self.error(f"expected a probability, found {token.text!r}", token) from None
        if math.isnan(value):
            raise self.error("a probability cannot be nan", token)
        return value

    def numbers(self) -> list[float]:
        """Numbers separated by commas or spaces, up to ``;``."""
        fast = self._numbers_at_once()
        if fast is not None:
            return fast
        values: list[float] = []  # one token at a time: finds the bad one
        while True:
            token = self.peek()
            if token is None or token.text == ";":
                self.next("';'")
                return values
            if token.text == ",":
                self.next("','")
                continue
            values.append(self.number())

    def _plain_run(self, stop: str) -> tuple[list[str], int] | None:
        """The words up to ``stop`` (split at commas and spaces) and where ``stop`` is.

        None when the run holds anything the tokenizer must look at.
        """
        start = self.offset
        if self._peeked is not None and self._peeked[0] is not None:
            start = self._peeked[0].offset
        end = self.text.find(stop, start)
        if end < 0:
            return None
        chunk = self.text[start:end]
        if _NEEDS_TOKENS.search(chunk):
            return None
        return chunk.replace(",", " ").split(), end

    def _skip_to(self, end: int) -> None:
        self.offset = end
        self._peeked = None

    def _numbers_at_once(self) -> list[float] | None:
        """The numbers up to ``;`` read in one step, or None when a token needs a look."""
        run = self._plain_run(";")
        if run is None or "n" in self.text[self.offset : run[1]].lower():  # nan, inf: look
            return None
        try:
            values = list(map(float, run[0]))
        except ValueError:
            return None
        self._skip_to(run[1] + 1)
        return values

    def words_to(self, stop: str) -> list[str]:
        """The words (state names) up to the token ``stop``, which is read too."""
        run = self._plain_run(stop)
        if run is not None:
            self._skip_to(run[1] + 1)
            return run[0]
        words = []
        while (token := self.next(repr(stop))).text != stop:
            if token.text != ",":
                words.append(token.text.strip('"'))
        return words


@dataclass
class _Declaration:
    name: str
    states: list[str]
    token: _Token


@dataclass
class _Probability:
    variable: str
    parents: list[str]
    rows: list[tuple[list[str], list[float], _Token]]
    table: tuple[list[float], _Token] | None
    default: list[float] | None
    token: _Token


def _variable(reader: _Reader) -> _Declaration:
    name = reader.word("a variable name")
    reader.expect("{")
    states: list[str] | None = None
    while True:
        token = reader.next("'}'")
        if token.text == "}":
            break
        if token.text == "type":
            reader.word("discrete")
            reader.expect("[")
            reader.word("the number of states")
            reader.expect("]")
            reader.expect("{")
            states = reader.words_to("}")
            reader.expect(";")
        else:
            reader.skip_statement()
    if not states:
        raise reader.error(f"variable {name.text} declares no states", name)
    if len(set(states)) != len(states):
        raise reader.error(f"variable {name.text} lists a state twice", name)
    return _Declaration(name.text, states, name)


def _probability(reader: _Reader) -> _Probability:
    start = reader.expect("(")
    names: list[str] = []
    parents: list[str] = []
    target = names
    while (token := reader.next("')'")).text != ")":
        if token.text == "|":
            target = parents
        elif token.text != ",":
            target.append(token.text)
    if not names:
        raise reader.error("probability ( ... ) names no variable", start)
    if target is names:  # the old form: probability ( X P1 P2 )
        names, parents = names[:1], names[1:]
    if len(names) != 1:
        raise reader.error("probability ( ... ) must name one variable before '|'", start)
    block = _Probability(names[0], parents, [], None, None, start)
    reader.expect("{")
    while True:
        token = reader.next("'}'")
        if token.text == "}":
            return block
        if token.text == "(":
            block.rows.append((reader.words_to(")"), reader.numbers(), token))
        elif token.text == "table":
            block.table = (reader.numbers(), token)
        elif token.text == "default":
            block.default = reader.numbers()
        else:
            reader.skip_statement()


#: The most entries one conditional probability table may have (2**27 floats: 1 GiB).
MAX_TABLE_ENTRIES = 1 << 27


def _table(reader: _Reader, block: _Probability, states: dict[str, list[str]]) -> np.ndarray:
    for name in (block.variable, *block.parents):
        if name not in states:
            raise reader.error(f"{name} is not a declared variable", block.token)
    card = len(states[block.variable])
    parent_cards = [len(states[p]) for p in block.parents]
    rows = math.prod(parent_cards)
    if rows * card > MAX_TABLE_ENTRIES:  # refuse before numpy is asked for the memory
        raise reader.error(
            f"the table of {block.variable} has {rows * card:,} entries "
            f"({len(parent_cards)} parents); symlearn holds at most {MAX_TABLE_ENTRIES:,}",
            block.token,
        )
    table = np.full((*parent_cards, card), np.nan)
    if block.default is not None:
        if len(block.default) != card:
            raise reader.error(f"default of {block.variable} needs {card} numbers", block.token)
        table[...] = block.default
    if block.table is not None:
        values, token = block.table
        if len(values) != rows * card:
            raise reader.error(
                f"the table of {block.variable} has {len(values)} numbers, expected {rows * card}",
                token,
            )
        table[...] = np.asarray(values).reshape(card, rows).T.reshape(*parent_cards, card)
    places = [{state: i for i, state in enumerate(states[p])} for p in block.parents]
    for parent_states, values, token in block.rows:
        if len(parent_states) != len(block.parents) or len(values) != card:
            raise reader.error(
                f"a row of {block.variable} needs {len(block.parents)} parent states and "
                f"{card} numbers",
                token,
            )
        index = []
        for positions, parent, state in zip(places, block.parents, parent_states):
            if state not in positions:
                raise reader.error(f"{state} is not a state of {parent}", token)
            index.append(positions[state])
        table[tuple(index)] = values
    if np.isnan(table).any():
        raise reader.error(f"the CPT of {block.variable} leaves rows undefined", block.token)
    sums = table.sum(axis=-1)
    if np.abs(sums - 1.0).max() > 1e-6 or table.min() < 0:
        raise reader.error(
            f"a row of the CPT of {block.variable} is not a distribution", block.token
        )
    if np.abs(sums - 1.0).max() <= 1e-9:  # keep the numbers as written
        return table
    return table / sums[..., None]


def parse_bif(text: str, path: str = "<string>") -> BayesianNetwork:
    """Read a network from BIF text (see the module docstring).

    Rows that sum to 1 within 1e-9 are kept as written; rows within 1e-6 of
    summing to 1 are renormalised.

    Raises
    ------
    KBError
        With the line and column of the first problem: a syntax error, an
        undeclared variable or state, a missing or malformed CPT row.
    """
    reader = _Reader(text, path)
    name = "network"
    declarations: dict[str, _Declaration] = {}
    blocks: list[_Probability] = []
    while (token := reader.peek()) is not None:
        reader.next("a block")
        if token.text == "network":
            name = reader.word("a network name").text.strip('"')
            reader.skip_block()
        elif token.text == "variable":
            declaration = _variable(reader)
            if declaration.name in declarations:
                raise reader.error(f"variable {declaration.name} is declared twice", token)
            declarations[declaration.name] = declaration
        elif token.text == "probability":
            blocks.append(_probability(reader))
        else:
            raise reader.error(
                f"expected network, variable or probability, found {token.text!r}", token
            )
    states = {n: d.states for n, d in declarations.items()}
    tables: dict[str, tuple[list[str], np.ndarray]] = {}
    for block in blocks:
        if block.variable in tables:
            raise reader.error(f"the CPT of {block.variable} is given twice", block.token)
        tables[block.variable] = (block.parents, _table(reader, block, states))
    for declaration in declarations.values():
        if declaration.name not in tables:
            raise reader.error(
                f"variable {declaration.name} has no probability block", declaration.token
            )
    atoms = problog_atoms(list(declarations), states)
    variables = [
        Variable(n, tuple(states[n]), tuple(tables[n][0]), tables[n][1], atoms[n])
        for n in declarations
    ]
    return BayesianNetwork(variables, name)


#: The most bytes a compressed BIF file may unpack to (the largest networks of the
#: bnlearn repository are a few MB of text): a gzip "bomb" is refused, not unpacked.
MAX_BIF_BYTES = 128 * 2**20


def read_bif(path: str | os.PathLike[str]) -> BayesianNetwork:
    """Read a network from a BIF file (``.bif`` or gzip-compressed ``.bif.gz``).

    Raises
    ------
    KBError
        For a file that cannot be read (a FIFO, a device), is not UTF-8 text
        (at the line and column of the first bad byte), or does not parse.
    ResourceLimitError
        When it unpacks to more than :data:`MAX_BIF_BYTES`.
    """
    raw = read_input(path)
    if raw[:2] == b"\x1f\x8b":
        raw = _gunzip(raw, str(path))
    return parse_bif(decode_source(raw, os.fspath(path)), os.fspath(path))


def _gunzip(data: bytes, path: str) -> bytes:
    """The unpacked bytes of gzip ``data`` (every member), refused past :data:`MAX_BIF_BYTES`."""
    parts: list[bytes] = []
    size = 0
    pending = data
    try:
        while pending:
            unpack = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
            chunk = pending
            while True:
                part = unpack.decompress(chunk, MAX_BIF_BYTES + 1 - size)
                parts.append(part)
                size += len(part)
                if size > MAX_BIF_BYTES:
                    raise ResourceLimitError(
                        f"{path} unpacks to more than {MAX_BIF_BYTES // 2**20} MiB: "
                        "resource_error(memory)"
                    )
                chunk = unpack.unconsumed_tail
                if unpack.eof or not (chunk or part):
                    break
            if not unpack.eof:
                raise KBError(f"{path} is a truncated gzip file", path)
            pending = unpack.unused_data
    except zlib.error as error:
        raise KBError(f"{path} is not a valid gzip file: {error}", path) from None
    return b"".join(parts)


_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")


def _bif_names(names: list[str]) -> dict[str, str]:
    """BIF identifiers for names: characters BIF cannot hold become ``_``."""
    result: dict[str, str] = {}
    used: set[str] = set()
    for name in names:
        candidate = name if _IDENTIFIER.match(name) else re.sub(r"[^A-Za-z0-9_]", "_", name)
        if not candidate or not (candidate[0].isalpha() or candidate[0] == "_"):
            candidate = "v_" + candidate
        base, n = candidate, 1
        while candidate in used:
            n += 1
            candidate = f"{base}_{n}"
        used.add(candidate)
        result[name] = candidate
    return result


def format_bif(network: BayesianNetwork) -> str:
    """The network as BIF text (rows for conditional CPTs, ``table`` for roots).

    Names BIF cannot hold (``calls(john)``) have their other characters
    replaced by ``_``; probabilities are written with Python's shortest exact
    representation, so reading the text back gives the same numbers.

    Examples
    --------
    >>> from symlearn.bayes.networks.network import BayesianNetwork, boolean_variable
    >>> print(format_bif(BayesianNetwork([boolean_variable("rain", (), 0.2)], "demo")))
    network demo {
    }
    variable rain {
      type discrete [ 2 ] { false, true };
    }
    probability ( rain ) {
      table 0.8, 0.2;
    }
    <BLANKLINE>
    """
    names = _bif_names(list(network.variables))
    lines = [f"network {_bif_names([network.name])[network.name]} {{", "}"]
    for name in network.variables:
        state_names = _bif_names(list(network.states(name)))
        lines += [
            f"variable {names[name]} {{",
            f"  type discrete [ {len(state_names)} ] {{ {', '.join(state_names.values())} }};",
            "}",
        ]
    for name in network.variables:
        variable = network[name]
        head = names[name]
        if variable.parents:
            head += " | " + ", ".join(names[p] for p in variable.parents)
        lines.append(f"probability ( {head} ) {{")
        if not variable.parents:
            lines.append("  table " + ", ".join(repr(float(x)) for x in variable.table) + ";")
        else:
            parent_names = [_bif_names(list(network.states(p))) for p in variable.parents]
            for states, probabilities in network.rows(name):
                given = ", ".join(parent_names[k][s] for k, s in enumerate(states))
                lines.append(f"  ({given}) " + ", ".join(map(repr, probabilities)) + ";")
        lines.append("}")
    return "\n".join(lines) + "\n"


def write_bif(
    network: BayesianNetwork,
    path: str | os.PathLike[str],
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> None:
    """Write the network to ``path`` as BIF (see :func:`format_bif`).

    Raises
    ------
    OutputError
        When ``path`` is one of ``inputs`` (unless ``force``) or cannot be written.
    """
    write_file(path, format_bif(network), inputs=inputs, force=force)
