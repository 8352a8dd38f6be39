r"""Other ILP systems' task files as knowledge bases: Popper task folders and Aleph tasks.

A learning task written for a peer system is read into the same
:class:`~symlearn.kb.knowledge_base.KnowledgeBase` our own files make:
background clauses, ``pos``/``neg`` examples, and one language bias
(``modeh``/``modeb`` :class:`~symlearn.kb.knowledge_base.Mode` objects,
determinations and ``set/2`` settings).  :func:`load_task` takes any mix of

* **a Popper task folder** (Cropper and Morel 2021; Popper v3): ``bk.pl``
  (background, read as SWI-Prolog would), ``exs.pl`` (``pos/1``, ``neg/1``)
  and ``bias.pl``, whose declarations become modes and settings
  (:func:`read_popper_bias`):

  ==============================  ==========================================
  ``head_pred(p, 2).``            ``modeh(1, p(...))``, the target
  ``body_pred(q, 2).``            ``modeb(*, q(...))`` and a determination
  ``type(q, (person, person)).``  the argument types (``(t,)`` for one)
  ``direction(q, (in, out)).``    ``in`` is ``+``, ``out`` is ``-``; an
                                  argument without a direction is ``-`` in a
                                  body literal (any variable) and ``+`` in
                                  the head
  ``enable_recursion.``           a body mode of the head predicate and
                                  ``set(recursion, true)`` (else ``false``)
  ``max_body(N).``                ``set(clauselength, N + 1)``
  ``max_vars(N).``                ``set(max_vars, N)``
  ``max_clauses(N).``             ``set(max_clauses, N)``
  ``non_datalog.``,               ``set(non_datalog, true)``,
  ``allow_singletons.``           ``set(allow_singletons, true)``
  ``enable_pi.``                  ``set(predicate_invention, true)`` (only
                                  ``lff`` invents predicates)
  ==============================  ==========================================

  Without ``type`` declarations every argument has the one type ``t``;
  without ``max_body``/``max_vars``, Popper's defaults (6 and 6) apply.
  ASP constraints (``:- ...``), rules and other declarations Popper reads
  are reported as warnings (with file, line and column) and not honoured;
  a line that is not a clause at all is a syntax error;

* **an Aleph task** (Srinivasan 2001), given as its basename ``NAME`` (what
  ``read_all(NAME)`` reads) or as any of its files: ``NAME.b`` (background
  with ``modeh``/``modeb``/``mode``, ``determination`` and ``set``),
  ``NAME.f`` (positive examples as plain facts) and ``NAME.n`` (negative
  examples as plain facts);

* **our own files**, read by :func:`~symlearn.kb.loader.load`, and files
  written for SWI-Prolog's Aleph pack (``:- begin_in_pos.`` ... blocks,
  ``aleph_set/2``, ``:- if``), which the loader reads the same way.

Functions
---------
load_task, expand_task_paths, read_popper_bias, read_example_file

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "bk.pl").write_text("parent(a, b). parent(b, c).")
>>> _ = (folder / "exs.pl").write_text("pos(gp(a, c)). neg(gp(a, b)).")
>>> _ = (folder / "bias.pl").write_text(
...     "head_pred(gp,2). body_pred(parent,2).\n"
...     "type(gp,(person,person)). type(parent,(person,person)).")
>>> kb = load_task([str(folder)])
>>> [str(m) for m in kb.modes]
['modeh(1, gp(+person, +person))', 'modeb(*, parent(-person, -person))']
>>> kb.settings["recursion"], len(kb.examples)
('false', 2)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from symlearn.errors import KBError, KBSyntaxError
from symlearn.files import as_paths
from symlearn.kb.knowledge_base import Example, KnowledgeBase, Mode
from symlearn.kb.loader import load, loads
from symlearn.kb.parser import read_clauses
from symlearn.kb.sources import include_refusal, read_source
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, is_callable

__all__ = [
    "PopperDeclarations",
    "expand_task_paths",
    "load_task",
    "read_example_file",
    "read_popper_bias",
]

#: The files of a Popper task folder.
POPPER_FILES = ("bk.pl", "exs.pl", "bias.pl")
#: The suffixes of an Aleph task's files: background, positives, negatives.
ALEPH_SUFFIXES = (".b", ".f", ".n")

Progress = Callable[[str, int, "int | None"], None]


def expand_task_paths(paths: Iterable[str]) -> list[tuple[str, str]]:
    """Each input as ``(kind, path)``; kinds ``kb``, ``popper-kb``, ``popper-bias``, etc.

    The kinds: ``kb``, ``popper-kb``, ``popper-bias``, ``positives`` and ``negatives``.

    A folder with ``kb.pl`` (and no ``bk.pl``) stands for that file, as a
    store written by ``symlearn store`` is read.  A folder with ``bk.pl`` or
    ``exs.pl`` is a Popper task (those two files are
    ``popper-kb``: read as SWI-Prolog consults them); a path ``NAME``
    that does not exist while ``NAME.b`` or ``NAME.f`` does is an Aleph
    basename; ``.f`` and ``.n`` files hold positive and negative examples.

    Raises
    ------
    KBError
        For a folder that is not a Popper task.
    """
    found: list[tuple[str, str]] = []
    for given in paths:
        path = Path(given)
        if path.is_dir() and (path / "kb.pl").is_file() and not (path / "bk.pl").exists():
            store = path / "kb.pl"  # a store (symlearn store) or a task folder
            _check_reach(store, path, f"the folder {path}")
            found.append(("kb", str(store)))
        elif path.is_dir():
            found.extend(_popper_folder(path))
        elif not path.exists() and any(
            _exists(path.with_name(path.name + s)) for s in ALEPH_SUFFIXES
        ):
            for suffix in ALEPH_SUFFIXES:
                part = path.with_name(path.name + suffix)
                if _exists(part):
                    _check_reach(part, path.parent, f"the Aleph task {path}")
                    found.append((_kind_of(part), str(part)))
        else:
            found.append((_kind_of(path), str(path)))
    return found


def _exists(path: Path) -> bool:
    """True for a path that exists or is a link (a dangling link is reported, not skipped)."""
    return path.exists() or path.is_symlink()


def _check_reach(part: Path, folder: Path, reached_from: str) -> None:
    """Refuse a file a folder or basename leads to that lies outside it or is no regular file.

    It is refused before it is read, so its content is never shown.
    """
    if not part.exists():
        raise KBError(f"{part} is a link to a missing file (from {reached_from})", str(part))
    refusal = include_refusal(part, folder if str(folder) else Path("."), reached_from)
    if refusal is not None:
        raise KBError(refusal, str(part))


def _kind_of(path: Path) -> str:
    return {".f": "positives", ".n": "negatives"}.get(path.suffix, "kb")


def _popper_folder(folder: Path) -> list[tuple[str, str]]:
    present = [name for name in POPPER_FILES if _exists(folder / name)]
    if "bk.pl" not in present and "exs.pl" not in present:
        raise KBError(
            f"{folder} is a directory but not a Popper task (no bk.pl or exs.pl in it)",
            str(folder),
        )
    for name in present:
        _check_reach(folder / name, folder, f"the task folder {folder}")
    kinds = {"bk.pl": "popper-kb", "exs.pl": "popper-kb", "bias.pl": "popper-bias"}
    return [(kinds[name], str(folder / name)) for name in present]


def load_task(
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    progress: Progress | None = None,
) -> KnowledgeBase:
    """Read our files, Popper task folders and Aleph tasks as one knowledge base.

    See the module docstring for what each format becomes.

    Raises
    ------
    KBError, KBSyntaxError
        For a missing file, a clause that does not parse, a bias declaration
        that is wrong (with file, line and column).
    """
    inputs = expand_task_paths(as_paths(paths, "paths"))
    plain = [path for kind, path in inputs if kind in ("kb", "popper-kb")]
    popper = {path for kind, path in inputs if kind == "popper-kb"}
    kb = _load_skipping_syntax_errors(plain, popper, progress) if plain else KnowledgeBase()
    for kind, path in inputs:
        if kind == "positives" or kind == "negatives":
            read_example_file(kb, path, "pos" if kind == "positives" else "neg")
        elif kind == "popper-bias":
            read_popper_bias(kb, path)
    return kb


#: The most unreadable clauses skipped in one Popper task before giving up.
MAX_SKIPPED_CLAUSES = 100


def _load_skipping_syntax_errors(
    paths: list[str], tolerant: set[str], progress: Progress | None
) -> KnowledgeBase:
    """Load ``paths``; in the files of ``tolerant`` skip a clause that does not parse.

    Popper consults ``bk.pl`` and ``exs.pl`` with SWI-Prolog, which reports a
    clause that does not read and goes on with the next one (Popper's own
    ``robots-linear/exs.pl`` starts with a stray ``#T1`` line that swallows
    the first example).  Each skipped clause is a ``file:line:col: warning``.
    Our own files stay strict: a syntax error there ends loading.
    """
    cleaned: dict[str, str] = {}
    warnings: list[str] = []
    while True:
        try:
            if not cleaned:
                kb = load(paths, progress=progress)
            else:
                kb = KnowledgeBase()
                for path in paths:
                    if path in cleaned:
                        kb.sources.append(path)
                        loads(cleaned[path], path, kb)
                    else:
                        load(path, kb, progress=progress)
            kb.warnings[:0] = warnings
            return kb
        except KBSyntaxError as error:
            if error.path not in tolerant or len(warnings) >= MAX_SKIPPED_CLAUSES:
                raise
            text = cleaned.get(error.path) or _read_text(error.path)
            cleaned[error.path] = _blank_statement_at(text, error.line or 1, error.column or 1)
            warnings.append(
                f"{error.path}:{error.line}:{error.column}: warning: {error.message}; "
                "the clause is skipped, as SWI-Prolog (which Popper runs) skips it"
            )


def _blank_statement_at(text: str, line: int, column: int) -> str:
    """``text`` with the clause around ``line:column`` turned into spaces (lines kept)."""
    lines = text.split("\n")
    offset = sum(len(part) + 1 for part in lines[: line - 1]) + column - 1
    for start, end in _statements(text):
        if start <= offset < end or offset < start:
            if offset < start:  # the error is in the gap before a clause: blank to its end
                start = offset
            blank = "".join(c if c == "\n" else " " for c in text[start:end])
            return text[:start] + blank + text[end:]
    return text[:offset] + "".join(c if c == "\n" else " " for c in text[offset:])


def _read_text(path: str) -> str:
    return read_source(Path(path))


def read_example_file(kb: KnowledgeBase, path: str, kind: str) -> None:
    """Add the facts of an Aleph ``.f`` (``kind="pos"``) or ``.n`` (``"neg"``) file as examples.

    Raises
    ------
    KBError
        For a clause that is not a plain fact (a rule or a directive).
    """
    text = _read_text(path)
    kb.sources.append(path)
    for read in read_clauses(text, path):
        term = read.term
        position = SourcePosition(path, read.line, read.column)
        if type(term) is Struct and term.name in (":-", "?-"):
            if len(term.args) == 1:
                continue  # a directive in an example file (Aleph ignores them too)
            raise KBError(
                f"an example file holds facts, not rules: {format_term(term)}",
                path,
                read.line,
                read.column,
                read.source_line,
            )
        if not is_callable(term):
            raise KBError(
                f"an example must be an atom, not {format_term(term)}",
                path,
                read.line,
                read.column,
                read.source_line,
            )
        kb.examples.append(Example(kind, term, None, position))  # type: ignore[arg-type]
        kb.predicate(kind, 1).add(Clause.fact(Struct(kind, (term,))), position)


# ------------------------------------------------------------------ Popper's bias.pl

_POPPER_FLAGS = {
    "enable_recursion": "recursion",
    "non_datalog": "non_datalog",
    "allow_singletons": "allow_singletons",
    "enable_pi": "predicate_invention",
}
_POPPER_NUMBERS = ("max_vars", "max_body", "max_clauses")
#: Popper v3.1.0's defaults for what ``bias.pl`` does not say.
POPPER_DEFAULTS = {"max_body": 6, "max_vars": 6}
#: Declarations Popper reads that FOIL and Progol cannot honour (warned about).
_POPPER_IGNORED = frozenset(
    {
        "max_ho",
        "constant",
        "only_once",
        "bad_body",
        "meta_clause",
        "meta_lower",
        "custom_max_size",
        "body_literal",
    }
)


def _statements(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of each clause of ``text`` (end just after its full stop)."""
    spans: list[tuple[int, int]] = []
    i, n, start = 0, len(text), None
    depth = 0
    while i < n:
        c = text[i]
        if c == "%":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if c.isspace():
            i += 1
            continue
        if start is None:
            start = i
        if c in "'\"`":
            end = i + 1
            while end < n and text[end] != c:
                end += 2 if text[end] == "\\" else 1
            i = end + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(depth - 1, 0)
        elif (
            c == "." and depth == 0 and (i + 1 >= n or text[i + 1].isspace() or text[i + 1] == "%")
        ):
            spans.append((start, i + 1))
            start = None
        i += 1
    if start is not None:
        spans.append((start, n))
    return spans


def _line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


_ONE_TUPLE = re.compile(r",(\s*)\)")
#: Answer-set syntax no Prolog clause has (Popper's ``bad_body(...) :- ..., V != 0.``).
_ASP_ONLY = re.compile(r"!=|#count|#sum|#min|#max|\bnot\s")


def _asp_rule(statement: str) -> bool:
    """Whether a ``bias.pl`` statement is an answer-set rule Prolog cannot read."""
    return ":-" in statement and _ASP_ONLY.search(statement) is not None


def read_popper_bias(kb: KnowledgeBase, path: str) -> None:
    """Turn a Popper ``bias.pl`` into modes, determinations and settings of ``kb``.

    See the module docstring for the declarations understood.  ASP
    constraints and anything else Popper would read but we cannot honour go
    to ``kb.warnings`` as ``FILE:LINE:COLUMN: warning: ...``.

    Raises
    ------
    KBSyntaxError
        For a line that is not a clause.
    KBError
        For a declaration whose arguments are wrong (``type(p, 3)``).
    """
    text = _read_text(path)
    kb.sources.append(path)
    # Blank out ASP constraints (they may use clingo syntax) and write Popper's
    # one-element tuples (t,) as (t), keeping every offset where it was.
    chars = list(text)
    constraints: list[int] = []
    for start, end in _statements(text):
        if text.startswith(":-", start) or _asp_rule(text[start:end]):
            constraints.append(start)
            for k in range(start, end):
                if chars[k] != "\n":
                    chars[k] = " "
    patched = _ONE_TUPLE.sub(lambda m: " " + m.group(1) + ")", "".join(chars))
    for offset in constraints:
        line, column = _line_column(text, offset)
        kb.warnings.append(
            f"{path}:{line}:{column}: warning: a Popper constraint is not honoured by "
            "symlearn's learners"
        )
    bias = _PopperBias(path)
    for read in read_clauses(patched, path):
        bias.read(read)
    bias.apply(kb)


@dataclass(frozen=True)
class PopperDeclarations:
    """A ``bias.pl``'s predicate declarations as written (``kb.declarations["popper_bias"]``).

    The modes made from them lose one distinction Popper keeps: a
    ``body_pred`` without a ``direction`` may be called with any argument
    bound (its mode has ``-`` everywhere); here the directions are only those
    declared.
    """

    head_preds: tuple[tuple[str, int], ...]
    body_preds: tuple[tuple[str, int], ...]
    types: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict)
    directions: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict)


class _PopperBias:
    """The declarations of one ``bias.pl`` as they are read."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.heads: list[tuple[str, int, SourcePosition]] = []
        self.bodies: list[tuple[str, int, SourcePosition]] = []
        self.types: dict[tuple[str, int], tuple[tuple[str, ...], SourcePosition, object]] = {}
        self.directions: dict[tuple[str, int], tuple[tuple[str, ...], SourcePosition, object]] = {}
        self.settings: dict[str, tuple[Term, SourcePosition]] = {}
        self.warnings: list[str] = []

    def error(self, read: object, message: str) -> KBError:
        return KBError(
            message,
            self.path,
            read.line,  # type: ignore[attr-defined]
            read.column,  # type: ignore[attr-defined]
            read.source_line,  # type: ignore[attr-defined]
        )

    def warn(self, read: object, message: str) -> None:
        self.warnings.append(
            f"{self.path}:{read.line}:{read.column}: warning: {message}"  # type: ignore[attr-defined]
        )

    def read(self, read: object) -> None:
        term: Term = read.term  # type: ignore[attr-defined]
        position = SourcePosition(self.path, read.line, read.column)  # type: ignore[attr-defined]
        if type(term) is Struct and term.name == ":-":
            self.warn(read, f"rule {format_term(term)} is not honoured by symlearn's learners")
            return
        name = term if type(term) is str else term.name if type(term) is Struct else None
        args = term.args if type(term) is Struct else ()
        if name in _POPPER_FLAGS and not args:
            self.settings[_POPPER_FLAGS[name]] = ("true", position)
        elif name in _POPPER_NUMBERS and len(args) == 1:
            if type(args[0]) is not int or args[0] < 1:
                raise self.error(read, f"{name}/1 expects a positive integer")
            self.settings[str(name)] = (args[0], position)
        elif name in ("head_pred", "body_pred") and len(args) == 2:
            predicate, arity = args
            if type(predicate) is not str or type(arity) is not int or arity < 0:
                raise self.error(read, f"{name}/2 expects a predicate name and an arity")
            entry = (predicate, int(arity), position)
            (self.heads if name == "head_pred" else self.bodies).append(entry)
        elif name in ("type", "direction") and len(args) == 2:
            predicate, items = args
            values = _tuple_items(items)
            if type(predicate) is not str or values is None:
                raise self.error(
                    read, f"{name}/2 expects a predicate name and a tuple, e.g. {name}(p,(a,b))"
                )
            if name == "direction" and any(v not in ("in", "out") for v in values):
                raise self.error(read, "a direction is in or out")
            table = self.types if name == "type" else self.directions
            table[(predicate, len(values))] = (values, position, read)
        elif name in _POPPER_IGNORED:
            self.warn(read, f"{name}/{len(args)} is not honoured by symlearn's learners")
        else:
            shown = format_term(term)
            self.warn(read, f"Popper bias declaration {shown} is not understood; ignored")

    def apply(self, kb: KnowledgeBase) -> None:
        declared = {(n, a) for n, a, _ in self.heads + self.bodies}
        for table, what in ((self.types, "type"), (self.directions, "direction")):
            for indicator, (_, _, read) in table.items():
                if indicator not in declared:  # Popper ignores it too
                    name, arity = indicator
                    self.warn(
                        read,
                        f"{what} of {name}/{arity}, which no head_pred or body_pred "
                        "declares; ignored",
                    )
        kb.warnings.extend(self.warnings)
        kb.declarations.setdefault("popper_bias", []).append(self.declarations())
        recursion = "recursion" in self.settings
        for name, arity, position in self.heads:
            kb.modes.append(Mode("head", 1, self._template(name, arity, head=True), position))
        for name, arity, position in self.bodies:
            kb.modes.append(Mode("body", None, self._template(name, arity), position))
        for head, head_arity, position in self.heads:
            if recursion:
                template = self._template(head, head_arity)
                kb.modes.append(Mode("body", None, template, position))
            bodies = [(n, a) for n, a, _ in self.bodies]
            if recursion:
                bodies.append((head, head_arity))
            for body in bodies:
                kb.determinations.append(((head, head_arity), body))
        settings = dict(self.settings)
        if "recursion" not in settings:
            settings["recursion"] = ("false", SourcePosition(self.path, 1, 1))
        start = SourcePosition(self.path, 1, 1)
        for key, default in POPPER_DEFAULTS.items():  # Popper's own defaults
            settings.setdefault(key, (default, start))
        value, position = settings["max_body"]
        settings["clauselength"] = (value + 1, position)  # type: ignore[operator]
        for key, (value, position) in settings.items():
            kb.settings[key] = value
            kb.setting_positions[key] = position

    def declarations(self) -> PopperDeclarations:
        """What the file declares, as Popper reads it (kept beside the modes made from it)."""
        return PopperDeclarations(
            head_preds=tuple((n, a) for n, a, _ in self.heads),
            body_preds=tuple((n, a) for n, a, _ in self.bodies),
            types={i: values for i, (values, _, _) in self.types.items()},
            directions={i: values for i, (values, _, _) in self.directions.items()},
        )

    def _template(self, name: str, arity: int, head: bool = False) -> Term:
        types = self.types.get((name, arity))
        directions = self.directions.get((name, arity))
        args: list[Term] = []
        for i in range(arity):
            kind = types[0][i] if types else "t"
            direction = directions[0][i] if directions else None
            if direction == "in" or (direction is None and head):
                marker = "+"
            else:
                marker = "-"
            args.append(Struct(marker, (kind,)))
        return Struct(name, tuple(args)) if args else name


def _tuple_items(term: Term) -> tuple[str, ...] | None:
    """The atoms of a Popper tuple ``(a, b)`` or ``(a)``/``a``; None if it is not one."""
    items: list[Term] = []
    while type(term) is Struct and term.name == "," and len(term.args) == 2:
        items.append(term.args[0])
        term = term.args[1]
    items.append(term)
    if not all(type(i) is str for i in items):
        return None
    return tuple(str(i) for i in items)
