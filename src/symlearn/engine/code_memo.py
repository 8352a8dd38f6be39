"""Generated code kept per clause and switch: a new engine binds names instead of writing.

An engine made anew over the same clauses (each timed run of a benchmark,
the learners' engines over one background) would write the same clause
functions and switches again (:mod:`symlearn.engine.codegen`,
:mod:`symlearn.engine.switches`); ``compile()`` is kept by the text
(:mod:`symlearn.engine.code_cache`), but writing the text is most of what a
new engine spends before it runs.  A text does not depend on the run (the
warming-up calls' sample only chooses what is written inline, and the next
engine gets the same sample: ``procedures._HOT``); it depends on the
clauses written and on what the writer read outside them, and all of that it
reads through ``procedure_of(name, arity)``: which kind of procedure a
callee has (a program's predicate, a built-in, a control construct) and,
for a static predicate of the program, its clauses (a callee of one fact is
matched inline, :mod:`symlearn.engine.inline_facts`; a callee of a few
clauses copied for a pattern, :mod:`symlearn.engine.specialise`).

So each clause function and switch an engine writes is kept (:class:`Memo`)
with the clauses it was written for (held, compared by identity), a *view*
of each callee the writer asked for -- the kind of its procedure and, for a
static predicate, its program predicate, number of clauses and first and
last clause (clauses change only at either end or all at once, each a new
object: ``Predicate.refresh``) -- and, for each function defined (the
clause's or switch's, and the segments and constructs nested in it), its code
object and how to make each of its names in another engine: a constant as
it is; a callee's procedure, predicate or clause list by its indicator; one
of the switch's own names or entries by its label or position; a nested
function by its position.  A name of any other kind (a copy made for a
pattern, a tabled call's procedure) leaves the code unkept, to be written
each time.

A new engine writing the same clauses (:func:`clause_function`,
:func:`switch_function`) takes the memo when every callee's view is the
same in it; the callees' procedures are then its own, and the run-time
checks written in the code (a callee's clause list still the one compiled
against) guard the reused code as they guard freshly written code.  A
changed callee, an asserted or retracted clause, a file consulted again:
the views differ and the code is written afresh.

Check mode (``SYMLEARN_CHECK_REUSE=1`` in the environment, or :data:`CHECK`):
each reuse also writes the code afresh and asserts the same texts and, for
each name, the same value.

Functions and classes
---------------------
clause_function, switch_function, kept_for, clear, Memo, RECORDING, STATS
"""

from __future__ import annotations

import os
import sys
import threading
from collections import Counter
from collections.abc import Callable
from types import CodeType, FunctionType
from typing import Any
from weakref import ref

from symlearn.engine.late_names import late
from symlearn.kb.knowledge_base import modifications
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import PString, Struct, Var

__all__ = [
    "CHECK",
    "ENABLED",
    "RECORDING",
    "STATS",
    "Memo",
    "clause_function",
    "clear",
    "kept_for",
    "switch_function",
]

#: Keep generated code for other engines (False: always write it).
ENABLED = True
#: Check every reuse against code written afresh (slow; for tests and benchmarks).
CHECK = os.environ.get("SYMLEARN_CHECK_REUSE") == "1"
#: How many times code was reused, kept, or not kept (and why), counted.
STATS: Counter[str] = Counter()
#: At most this many clause functions and switches are kept (emptied when full).
_LIMIT = 4096

_static_source = late("symlearn.engine.inline_facts", "static_source")
_predicate_class = late("symlearn.engine.procedures", "Predicate")
_lcmc = late("symlearn.engine.lcmc", "ENABLED")
_min_score = late("symlearn.engine.arg_select", "_MIN_SCORE")
_is_construct = late("symlearn.engine.codegen", "is_construct")

_ATOMIC = frozenset({type(None), bool, int, float, str, PString})
_TERMS = frozenset({Struct, Var, Clause})


class _Unkept(Exception):
    """A name no recipe makes in another engine: the code is written each time."""


class _Define:
    """One function the writers defined: its code and how to make its names."""

    __slots__ = ("code", "constants", "recipes", "source")

    def __init__(
        self, source: str, code: CodeType, constants: dict[str, Any], recipes: list[Any]
    ) -> None:
        self.source = source  # (for the check mode)
        self.code = code
        self.constants = constants  # names bound to the same value in every engine
        self.recipes = recipes  # (label, recipe) for the others


class Memo:
    """A clause function or switch as written: what it depends on, how to remake it."""

    __slots__ = ("defines", "extra", "generation", "held", "views")

    def __init__(self, held: Any, generation: tuple[Any, ...], views: list[Any]) -> None:
        self.held = held  # the clause or the switch's clauses (kept: their ids stay theirs)
        self.generation = generation
        self.views = views  # [(indicator, kind, source, length, first, last)]
        self.defines: list[_Define] = []
        self.extra: Any = None  # the clause's neck cut, or the switch's sample


class _Recording:
    """What one writing of a clause function or switch asked and defined."""

    __slots__ = (
        "asked",
        "defines",
        "engine",
        "entries",
        "functions",
        "known",
        "learned",
        "namespace",
    )

    def __init__(self, engine: Any, namespace: dict[str, Any] | None, entries: Any) -> None:
        self.engine = engine
        self.asked: dict[tuple[str, int], Any] = {}
        self.learned = 0  # how many of the answers have recipes
        self.defines: list[_Define] | None = []  # (None: not kept)
        self.functions: list[Any] = []
        self.known: dict[int, Any] = {}  # id of an engine's object -> its recipe
        self.namespace = namespace  # a switch's predicate's names
        self.entries = entries  # a switch's predicate's entries
        for i, entry in enumerate(entries or ()):
            self.known[id(entry)] = ("entry", i)

    def procedure_of(self, name: str, arity: int) -> Any:
        """The engine's procedure of ``name/arity``, the question noted."""
        answer = self.engine.procedure(name, arity)
        key = (name, arity)
        if key not in self.asked:
            self.asked[key] = answer
        return answer

    def define(self, source: str, names: dict[str, Any], function: Any) -> None:
        """Note a function defined: its code and a recipe for each of its names."""
        defines = self.defines
        if defines is None:
            return
        if self.learned < len(self.asked):
            self._learn()
        constants: dict[str, Any] = {}
        recipes: list[Any] = []
        defaults = _writer_defaults()
        try:
            for label, value in names.items():
                default = defaults.get(label, _MISSING)
                if default is value or (default is not _MISSING and default == value):
                    constants[label] = value  # (``serial`` is a new method-wrapper each time)
                    continue
                recipe = self.recipe(label, value)
                if recipe[0] == "literal":
                    constants[label] = recipe[1]
                else:
                    recipes.append((label, recipe))
        except _Unkept as error:
            STATS[f"unkept: {error}"] += 1
            self.defines = None
            return
        self.known[id(function)] = ("nested", len(defines))
        defines.append(_Define(source, function.__code__, constants, recipes))
        self.functions.append(function)

    def _learn(self) -> None:
        """Recipes for the callees' procedures, predicates and clause lists."""
        known = self.known
        predicate_class = _predicate_class()
        answers = list(self.asked.items())
        for key, answer in answers[self.learned :]:
            known[id(answer)] = ("procedure", key)
            names = getattr(answer, "__globals__", None)
            owner: Any = names.get("P") if names is not None else None
            if isinstance(owner, predicate_class) and owner.procedure is answer:
                known.setdefault(id(owner), ("predicate", key))
                known.setdefault(id(owner.seen), ("seen", key))
        self.learned = len(answers)

    def recipe(self, label: str | None, value: Any) -> Any:
        """How to make ``value`` (the name ``label``'s) in another engine."""
        kind = type(value)
        if kind in _ATOMIC:
            return ("literal", value)
        found = self.known.get(id(value))
        if found is not None:
            return found
        namespace = self.namespace
        if label is not None and namespace is not None and namespace.get(label, _MISSING) is value:
            return ("namespace", label)
        if kind in _TERMS:
            return ("literal", value)  # (a term of the clause: the same in every engine)
        if kind is list or kind is tuple:
            parts = tuple(self.recipe(None, v) for v in value)
            if kind is tuple and all(part[0] == "literal" for part in parts):
                return ("literal", value)
            return ("sequence", kind, parts)
        if kind is dict:
            return ("table", tuple((k, self.recipe(None, v)) for k, v in value.items()))
        return ("literal", _module_level(value))


_MISSING = object()
_DEFAULTS: dict[str, Any] = {}
#: Objects found to be a module's own (the same in every engine), by id (held).
_MODULE_LEVEL: dict[int, Any] = {}


def _writer_defaults() -> dict[str, Any]:
    """The names every clause writer starts with (the same objects in every engine)."""
    if not _DEFAULTS:
        from symlearn.engine.codegen import _Writer

        _DEFAULTS.update(_Writer(lambda name, arity: None).names)
    return _DEFAULTS


def _module_level(value: Any) -> Any:
    """``value`` when it is a module's function, class or constant; else :class:`_Unkept`."""
    if id(value) in _MODULE_LEVEL:
        return value
    if type(value) is CodeType or type(value) is type:
        return value
    module = sys.modules.get(getattr(value, "__module__", None) or "")
    if module is None or getattr(module, getattr(value, "__qualname__", ""), None) is not value:
        raise _Unkept(type(value).__name__)
    _MODULE_LEVEL[id(value)] = value
    return value


def _view(key: tuple[str, int], answer: Any, predicate_class: Any) -> tuple[Any, ...]:
    """What a writer may read of a callee: its procedure's kind and its static clauses."""
    names = getattr(answer, "__globals__", None)
    owner: Any = names.get("P") if names is not None else None
    if isinstance(owner, predicate_class) and owner.procedure is answer:
        source = _static_source()(owner)
        if source is None:
            return (key, type(owner), None, 0, None, None)
        clauses = source.clauses
        return (key, type(owner), source, len(clauses), clauses[0], clauses[-1])
    return (key, getattr(answer, "__code__", type(answer)), None, 0, None, None)


def _same_views(views: list[Any], engine: Any) -> bool:
    taken = _views_in(engine)
    procedure = engine.procedure
    predicate_class = _predicate_class()
    for old in views:
        key = old[0]
        new = taken.get(key)
        if new is None:
            new = taken[key] = _view(key, procedure(*key), predicate_class)
        if old is new:
            continue
        if old[1] is not new[1] or old[2] is not new[2] or old[3] != new[3]:
            return False
        if old[4] is not new[4] or old[5] is not new[5]:
            return False
    return True


#: The views taken in the engine that asked last, while no clause changed since:
#: ``[weak reference to the engine, modifications()]`` and the views by indicator.
_TAKEN: list[Any] = [None, -1]
_VIEWS: dict[tuple[str, int], tuple[Any, ...]] = {}


def _views_in(engine: Any) -> dict[tuple[str, int], tuple[Any, ...]]:
    """The views taken in ``engine`` since the clauses last changed (anywhere)."""
    stamp = modifications()
    taker = _TAKEN[0]
    if taker is None or taker() is not engine or _TAKEN[1] != stamp:
        _VIEWS.clear()
        _TAKEN[:] = [ref(engine), stamp]
    return _VIEWS


def generation(engine: Any) -> tuple[Any, ...]:
    """The writers' settings that tests turn, and the engine's (part of every memo)."""
    return (_lcmc(), _min_score(), _is_construct(), engine._datalog is None)


class _Stack(threading.local):
    """Per thread, the writings being recorded, innermost last."""

    def __init__(self) -> None:
        self.recordings: list[_Recording] = []


#: Per thread, the writings being recorded (``codegen._define`` notes its functions there).
RECORDING = _Stack()
#: The kept code: ("clause", id(clause)) or ("switch", ids of its clauses) -> memo.
_MEMOS: dict[tuple[Any, ...], Memo] = {}


def clause_function(
    clause: Clause, engine: Any, write: Callable[[Clause, Any], tuple[Any, bool]]
) -> tuple[Any, bool]:
    """``write(clause, procedure_of)`` (a clause function and its neck cut), or its memo's."""
    key = ("clause", id(clause))
    found = _reused(key, clause, engine, None, None)
    if found is not None and not CHECK:
        return found
    record = _Recording(engine, None, None)
    result = _recorded(record, lambda: write(clause, record.procedure_of))
    if found is None:
        _keep(key, clause, record, result[1])
        return result
    _check(key, found[0], record)
    assert found[1] == result[1], "neck cut differs"
    return found


def kept_for(predicate: Any, procedure_of: Callable[[str, int], Any]) -> Any:
    """The engine whose code for the predicate's clauses is kept; None when not kept.

    Kept: a predicate of the program (not a copy made for a pattern) whose
    clauses call the engine's procedures (not a tabled predicate's).
    """
    engine = predicate.engine
    plain = getattr(procedure_of, "__self__", None) is engine
    return engine if plain and type(predicate) is _predicate_class() else None


def switch_function(predicate: Any, sample: Any, write: Callable[[Any], Any]) -> Any:
    """``write(procedure_of)`` (the predicate's switch over its clauses), or its memo's.

    ``sample`` is the warming-up calls' (:class:`~symlearn.engine.arg_select.Sample`,
    kept for the next engine with what they met: ``procedures._HOT``): a
    switch is reused for the sample it was written for.
    """
    engine = predicate.engine
    if type(predicate) is not _predicate_class():  # (a copy for a pattern: its own clauses)
        return write(engine.procedure)
    clauses = tuple(predicate.seen)
    namespace, entries = predicate.namespace, predicate.entries
    key = ("switch", *map(id, clauses))
    found = _reused(key, clauses, engine, namespace, entries, sample)
    if found is not None and not CHECK:
        return found[0]
    record = _Recording(engine, namespace, entries)
    result = _recorded(record, lambda: write(record.procedure_of))
    if found is None:
        _keep(key, clauses, record, sample)
        return result
    _check(key, found[0], record)
    return found[0]


def _recorded(record: _Recording, write: Callable[[], Any]) -> Any:
    recordings = RECORDING.recordings
    recordings.append(record)
    try:
        return write()
    finally:
        recordings.pop()


def _keep(key: tuple[Any, ...], held: Any, record: _Recording, extra: Any) -> None:
    """Keep what ``record`` wrote under ``key`` (its last function is the result)."""
    if not record.defines or not ENABLED:
        return
    predicate_class = _predicate_class()
    taken = _views_in(record.engine)
    views = []
    for k, answer in record.asked.items():
        view = taken.get(k)
        if view is None:
            view = taken[k] = _view(k, answer, predicate_class)
        views.append(view)
    memo = Memo(held, generation(record.engine), views)
    memo.defines = record.defines
    memo.extra = extra
    if len(_MEMOS) >= _LIMIT:
        _MEMOS.clear()
    _MEMOS[key] = memo


def _reused(
    key: tuple[Any, ...],
    held: Any,
    engine: Any,
    namespace: dict[str, Any] | None,
    entries: Any,
    sample: Any = None,
) -> tuple[Any, Any] | None:
    """The function kept under ``key`` made in ``engine``, and its extra; or None.

    A switch's (``sample`` given) only for that sample.
    """
    memo = _MEMOS.get(key)
    if memo is None or not ENABLED or (sample is not None and memo.extra is not sample):
        return None
    if not _same_held(memo.held, held) or memo.generation != generation(engine):
        return None
    if not _same_views(memo.views, engine):
        STATS["changed"] += 1
        return None
    procedure = engine.procedure
    functions: list[Any] = []
    last = len(memo.defines) - 1
    for i, define in enumerate(memo.defines):
        names = dict(define.constants)
        if namespace is not None and i == last:
            names = {**namespace, **names}
        for label, recipe in define.recipes:
            names[label] = _make(recipe, procedure, functions, namespace, entries)
        function = names["clause"] = FunctionType(define.code, names)
        functions.append(function)
    STATS["reused"] += 1
    return functions[-1], memo.extra


def _same_held(old: Any, new: Any) -> bool:
    if type(old) is Clause:
        return old is new
    return len(old) == len(new) and all(a is b for a, b in zip(old, new))


def _make(
    recipe: Any,
    procedure: Callable[[str, int], Any],
    functions: list[Any],
    namespace: dict[str, Any] | None,
    entries: Any,
) -> Any:
    kind = recipe[0]
    if kind == "procedure":
        return procedure(*recipe[1])
    if kind == "predicate":
        return procedure(*recipe[1]).__globals__["P"]
    if kind == "seen":
        predicate = procedure(*recipe[1]).__globals__["P"]
        if predicate.stale:
            predicate.refresh()  # (as the writer did: the clauses as the engine sees them)
        return predicate.seen
    if kind == "literal":
        return recipe[1]
    if kind == "nested":
        return functions[recipe[1]]
    if kind == "entry":
        return entries[recipe[1]]
    if kind == "namespace":
        return namespace[recipe[1]]  # type: ignore[index]
    if kind == "sequence":
        return recipe[1](
            _make(part, procedure, functions, namespace, entries) for part in recipe[2]
        )
    if kind == "table":
        return {k: _make(part, procedure, functions, namespace, entries) for k, part in recipe[1]}
    raise AssertionError(f"unknown recipe {kind}")


def _check(key: tuple[Any, ...], reused: Any, record: _Recording) -> None:
    """Assert that the code written afresh (``record``) is the reused code."""
    memo = _MEMOS[key]
    assert record.defines is not None, "kept code is no longer kept"
    kept = [define.source for define in memo.defines]
    written = [define.source for define in record.defines]
    assert kept == written, f"kept texts differ from the texts written:\n{kept}\n{written}"
    STATS["checked"] += 1
    _same_names(reused, record.functions[-1], key)


def _same_names(old: Any, new: Any, key: Any) -> None:
    for label, value in new.__globals__.items():
        if label not in ("__builtins__", "clause"):
            assert label in old.__globals__, f"{key}: name {label} missing in reused code"
            _same_value(old.__globals__[label], value, f"{key} {label}")


def _same_value(old: Any, new: Any, label: str) -> None:
    if old is new:
        return
    kind = type(new)
    if kind in _ATOMIC or kind in _TERMS:
        assert type(old) is kind and old == new, f"{label}: {old!r} != {new!r}"
    elif kind is list or kind is tuple:
        assert type(old) is kind and len(old) == len(new), f"{label}: {old!r} != {new!r}"
        for a, b in zip(old, new):
            _same_value(a, b, label)
    elif kind is dict:
        assert type(old) is dict and list(old) == list(new), f"{label}: keys differ"
        for k in new:
            _same_value(old[k], new[k], label)
    elif kind is FunctionType and new.__globals__.get("clause") is new:  # a nested function
        assert type(old) is FunctionType and old.__code__ == new.__code__, f"{label}: code"
        _same_names(old, new, label)
    else:  # (equal: a method-wrapper made anew; other objects are equal only to themselves)
        assert type(old) is kind and old == new, f"{label}: reused {old!r}, written {new!r}"


def clear() -> None:
    """Forget every kept function (each is written again at its next use)."""
    _MEMOS.clear()
