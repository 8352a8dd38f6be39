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
predicate whose static clauses the writer asked for
(``inline_facts.static_source``), whether it is static and its program
predicate, number of clauses and first and last clause (clauses change only
at either end or all at once, each a new object: ``Predicate.refresh``) --
and, for each function defined (the
clause's or switch's, and the segments and constructs nested in it), its code
object and how to make each name its code uses in another engine: a constant
as it is; a callee's procedure, predicate or clause list by its indicator; a
switch's entry (one of its clauses) by its position, and the names its
predicate's namespace starts with (:data:`PREDICATE_NAMES`) from the other
predicate's; a nested function by its position.  A name of any other kind (a
copy made for a pattern, a tabled call's procedure) leaves the code unkept,
to be written each time.  Kept: at most :data:`_LIMIT` memos (emptied when
full), each holding its clauses, code objects and constants.

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
clause_function, switch_function, kept_for, clear, Memo, PREDICATE_NAMES, RECORDING, STATS
"""

from __future__ import annotations

import os
import sys
import threading
from collections import Counter
from collections.abc import Callable
from itertools import islice
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
    "PREDICATE_NAMES",
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
_PREDICATE: list[Any] = []  # (procedures.Predicate, once imported)


def _predicate_class() -> Any:
    if not _PREDICATE:
        from symlearn.engine.procedures import Predicate

        _PREDICATE.append(Predicate)
    return _PREDICATE[0]


#: The modules whose settings tests turn (``lcmc``, ``arg_select``, ``codegen``), once imported.
_SETTINGS: list[Any] = []

_ATOMIC = frozenset({type(None), bool, int, float, str, PString})
_TERMS = frozenset({Struct, Var, Clause})
_PLAIN = _ATOMIC | _TERMS
#: The names every predicate's namespace starts with (``procedures.Predicate``):
#: a switch reused in another engine finds them in its own predicate's.
PREDICATE_NAMES = frozenset(
    {
        "P",
        "slow",
        "unbound",
        "try_clauses",
        "max_depth",
        "too_deep",
        "Ref",
        "Struct",
        "FAIL",
        "heat",
        "facts",
        "seen_functors",
        "seen_constants",
        "seen_calls",
        "SAMPLED",
        "trials",
        "general",
    }
)


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


class _Notes:
    """What is known of one engine while no clause changed: callees' views and recipes."""

    __slots__ = ("engine", "generation", "kinds", "known", "learned", "stamp", "views")

    def __init__(self, engine: Any, stamp: int) -> None:
        self.engine = ref(engine)
        self.stamp = stamp
        self.generation = generation(engine)  # (the writers' settings when the engine wrote)
        self.views: dict[tuple[str, int], tuple[Any, ...]] = {}  # (with static clauses)
        self.kinds: dict[tuple[str, int], tuple[Any, ...]] = {}  # (the kind alone)
        #: id of a callee's procedure, predicate or clause list, or of a module's
        #: function or class -> (its recipe, it).
        self.known: dict[int, Any] = {}
        self.learned: set[tuple[str, int]] = set()

    def learn(self, key: tuple[str, int], answer: Any) -> None:
        """Recipes for a callee's procedure and, for a predicate's, its predicate and clauses."""
        self.learned.add(key)
        known = self.known
        known[id(answer)] = (("procedure", key), answer)
        names = getattr(answer, "__globals__", None)
        owner: Any = names.get("P") if names is not None else None
        if isinstance(owner, _predicate_class()) and owner.procedure is answer:
            if id(owner) not in known:
                known[id(owner)] = (("predicate", key), owner)
            if id(owner.seen) not in known:
                known[id(owner.seen)] = (("seen", key), owner.seen)


#: The notes of the engine that recorded or reused last (they hold its callees' procedures,
#: so that engine lives until another records or reuses: one engine at most).
_NOTES: list[_Notes] = []


def _notes(engine: Any) -> _Notes:
    """The notes of ``engine`` since the clauses last changed (anywhere)."""
    stamp = modifications()
    if _NOTES:
        notes = _NOTES[0]
        if notes.stamp == stamp and notes.engine() is engine:
            return notes
    notes = _Notes(engine, stamp)
    _NOTES[:] = [notes]
    return notes


class _Recording:
    """What one writing of a clause function or switch asked and defined."""

    __slots__ = (
        "asked",
        "defines",
        "engine",
        "functions",
        "inspected",
        "learned",
        "local",
        "namespace",
        "notes",
        "procedure",
    )

    def __init__(self, engine: Any, namespace: dict[str, Any] | None, entries: Any) -> None:
        self.engine = engine
        self.notes = _notes(engine)
        self.procedure = engine.procedure
        self.asked: dict[tuple[str, int], Any] = {}
        #: The callees whose static clauses the writer asked for (``inline_facts.static_source``).
        self.inspected: set[tuple[str, int]] = set()
        self.learned = 0  # how many of the answers the notes have learned
        self.defines: list[_Define] | None = []  # (None: not kept)
        self.functions: list[Any] = []
        #: id of a nested function or a switch's entry -> its recipe.
        self.local: dict[int, Any] = {}
        self.namespace = namespace  # a switch's predicate's names
        if entries:
            self.local = {id(entry): ("entry", i) for i, entry in enumerate(entries)}

    def procedure_of(self, name: str, arity: int) -> Any:
        """The engine's procedure of ``name/arity``, the question noted."""
        answer = self.procedure(name, arity)
        asked = self.asked
        key = (name, arity)
        if key not in asked:
            asked[key] = answer
        return answer

    def define(self, source: str, names: dict[str, Any], function: Any) -> None:
        """Note a function defined: its code and a recipe for each name it was given.

        The names every writer starts with (:func:`_writer_defaults`, the
        first in ``names``) are the same in every engine: they are not noted;
        nor are a switch's own names (``P``, ``slow`` ...:
        :data:`PREDICATE_NAMES`, its predicate's in any engine) nor those its
        predicate's namespace has from an earlier switch (its code uses none).
        """
        defines = self.defines
        if defines is None:
            return
        if self.learned < len(self.asked):
            self._learn()
        code = function.__code__
        defaults = _DEFAULTS or _writer_defaults()
        namespace = self.namespace
        if namespace is not None and names.get("P") is namespace["P"]:  # (the switch's own)
            used = names.keys() & _global_names(code)
            used -= PREDICATE_NAMES
            used -= defaults.keys()
            given: Any = ((label, names[label]) for label in used)
        else:
            given = islice(names.items(), len(defaults), None)
        constants: dict[str, Any] = {}
        recipes: list[Any] = []
        known = self.notes.known
        local = self.local
        try:
            for label, value in given:
                if type(value) in _PLAIN:
                    constants[label] = value
                    continue
                found = known.get(id(value))  # (a callee's, or a module's object)
                if found is not None:
                    recipe = found[0]
                else:
                    recipe = local.get(id(value)) or self.recipe(value)
                if recipe[0] == "literal":
                    constants[label] = value
                else:
                    recipes.append((label, recipe))
        except _Unkept as error:
            STATS[f"unkept: {error}"] += 1
            self.defines = None
            return
        self.local[id(function)] = ("nested", len(defines))
        defines.append(_Define(source, code, constants, recipes))
        self.functions.append(function)

    def _learn(self) -> None:
        """The notes learn the callees asked since the last time."""
        notes = self.notes
        learned = notes.learned
        answers = list(self.asked.items())
        for key, answer in answers[self.learned :]:
            if key not in learned:
                notes.learn(key, answer)
        self.learned = len(answers)

    def recipe(self, value: Any) -> Any:
        """How to make ``value`` in another engine."""
        kind = type(value)
        if kind in _PLAIN:
            return ("literal", value)  # (a term of the clause: the same in every engine)
        i = id(value)
        found = self.local.get(i)
        if found is not None:
            return found
        known = self.notes.known.get(i)
        if known is not None:
            return known[0]
        if kind is list or kind is tuple:
            parts = self.parts(value)
            if kind is tuple and all(part[0] == "literal" for part in parts):
                return ("literal", value)
            return ("sequence", kind, parts)
        if kind is dict:
            return ("table", tuple(zip(value, self.parts(value.values()))))
        recipe = _module_level(value)
        self.notes.known[i] = (recipe, value)
        return recipe

    def parts(self, values: Any) -> tuple[Any, ...]:
        """The recipes of ``values`` (a switch's bucket of entries, a tuple of constants)."""
        local = self.local.get
        parts = []
        for value in values:
            found = local(id(value))
            if found is None:
                found = ("literal", value) if type(value) in _PLAIN else self.recipe(value)
            parts.append(found)
        return tuple(parts)


_MISSING = object()
_DEFAULTS: dict[str, Any] = {}
#: Objects found to be a module's own (the same in every engine): id -> literal recipe.
_MODULE_LEVEL: dict[int, Any] = {}


def _writer_defaults() -> dict[str, Any]:
    """The names every clause writer starts with (the same objects in every engine)."""
    if not _DEFAULTS:
        from symlearn.engine.codegen import _Writer

        _DEFAULTS.update(_Writer(lambda name, arity: None).names)
    return _DEFAULTS


def _global_names(code: CodeType) -> tuple[str, ...]:
    """The global names ``code`` may use (and attributes' names), its nested code's too."""
    names = code.co_names
    if CodeType in map(type, code.co_consts):
        for constant in code.co_consts:
            if type(constant) is CodeType:
                names += _global_names(constant)
    return names


def _module_level(value: Any) -> Any:
    """A literal recipe for a module's function, class or code; else :class:`_Unkept`."""
    found = _MODULE_LEVEL.get(id(value))
    if found is not None:
        return found
    if type(value) is not CodeType and type(value) is not type:
        module = sys.modules.get(getattr(value, "__module__", None) or "")
        if (
            module is None
            or getattr(module, getattr(value, "__qualname__", ""), None) is not value
        ):
            raise _Unkept(type(value).__name__)
    found = _MODULE_LEVEL[id(value)] = ("literal", value)  # (held: its id stays its own)
    return found


def _view(key: tuple[str, int], answer: Any, whole: bool) -> tuple[Any, ...]:
    """What a writer may read of a callee: its procedure's kind and (``whole``) static clauses.

    A writer reads a callee's clauses only after asking whether it is static
    (``inline_facts.static_source``, noted in :attr:`_Recording.inspected`):
    the view of a callee it did not ask about is its procedure's kind alone.
    """
    names = getattr(answer, "__globals__", None)
    owner: Any = names.get("P") if names is not None else None
    if isinstance(owner, _predicate_class()) and owner.procedure is answer:
        if not whole:
            return (key, type(owner), _KIND_ONLY, 0, None, None)
        source = _static_source()(owner)
        if source is None:
            return (key, type(owner), None, 0, None, None)
        clauses = source.clauses
        return (key, type(owner), source, len(clauses), clauses[0], clauses[-1])
    return (key, getattr(answer, "__code__", type(answer)), _KIND_ONLY, 0, None, None)


#: A view of a callee's procedure's kind alone.
_KIND_ONLY = object()


def _taken(notes: _Notes, key: tuple[str, int], answer: Any, whole: bool) -> tuple[Any, ...]:
    """The view of a callee in the engine of ``notes`` (taken once while no clause changes)."""
    views = notes.views if whole else notes.kinds
    view = views.get(key)
    if view is None:
        view = views[key] = _view(key, answer, whole)
    return view


def _same_views(views: list[Any], engine: Any) -> bool:
    notes = _notes(engine)
    procedure = engine.procedure
    for old in views:
        key = old[0]
        whole = old[2] is not _KIND_ONLY
        new = (notes.views if whole else notes.kinds).get(key)
        if new is None:
            new = _taken(notes, key, procedure(*key), whole)
        if old is new:
            continue
        if old[1] is not new[1] or old[2] is not new[2] or old[3] != new[3]:
            return False
        if old[4] is not new[4] or old[5] is not new[5]:
            return False
    return True


def generation(engine: Any) -> tuple[Any, ...]:
    """The writers' settings that tests turn, and the engine's (part of every memo).

    Taken when an engine's notes are made (:func:`_notes`): a test turns a
    setting before it makes the engine.
    """
    if not _SETTINGS:
        from symlearn.engine import arg_select, codegen, lcmc

        _SETTINGS.extend((lcmc, arg_select, codegen))
    lcmc, arg_select, codegen = _SETTINGS
    return (lcmc.ENABLED, arg_select._MIN_SCORE, codegen.is_construct, engine._datalog is None)


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
    if not ENABLED:
        return write(clause, engine.procedure)
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
    if getattr(procedure_of, "__self__", None) is not engine:
        return None
    return engine if type(predicate) is _predicate_class() else None


def switch_function(predicate: Any, sample: Any, write: Callable[[Any], Any]) -> Any:
    """``write(procedure_of)`` (the predicate's switch over its clauses), or its memo's.

    ``sample`` is the warming-up calls' (:class:`~symlearn.engine.arg_select.Sample`,
    kept for the next engine with what they met: ``procedures._HOT``): a
    switch is reused for the sample it was written for.
    """
    engine = predicate.engine
    if not ENABLED or type(predicate) is not _predicate_class():  # (a copy: its own clauses)
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
    notes, inspected = record.notes, record.inspected
    kinds = notes.kinds
    views = []
    for k, answer in record.asked.items():
        view = None if k in inspected else kinds.get(k)
        views.append(view if view is not None else _taken(notes, k, answer, k in inspected))
    memo = Memo(held, notes.generation, views)
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
    if not _same_held(memo.held, held) or memo.generation != _notes(engine).generation:
        return None
    if not _same_views(memo.views, engine):
        STATS["changed"] += 1
        return None
    procedure = engine.procedure
    functions: list[Any] = []
    last = len(memo.defines) - 1
    for i, define in enumerate(memo.defines):
        names = {**_DEFAULTS, **define.constants}
        if namespace is not None and i == last:
            names = {**namespace, **names}  # (the switch's own names: PREDICATE_NAMES)
        for label, recipe in define.recipes:
            names[label] = _make(recipe, procedure, functions, entries)
        function = names["clause"] = FunctionType(define.code.replace(), names)  # (procedure_code)
        functions.append(function)
    STATS["reused"] += 1
    return functions[-1], memo.extra


def _same_held(old: Any, new: Any) -> bool:
    if type(old) is Clause:
        return old is new
    return len(old) == len(new) and all(a is b for a, b in zip(old, new))


def _make(
    recipe: Any, procedure: Callable[[str, int], Any], functions: list[Any], entries: Any
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
    if kind == "sequence":
        return recipe[1](_make(part, procedure, functions, entries) for part in recipe[2])
    if kind == "table":
        return {k: _make(part, procedure, functions, entries) for k, part in recipe[1]}
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
    for label in _global_names(new.__code__):
        value = new.__globals__.get(label, _MISSING)
        if value is not _MISSING:
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
    """Forget every kept function (each is written again at its next use), and the notes."""
    _MEMOS.clear()
    _NOTES.clear()
