"""Load files into a :class:`~symlearn.kb.knowledge_base.KnowledgeBase`.

The loader reads each clause (:mod:`symlearn.kb.parser`) and gives it its
meaning:

* ``:- Directive.`` runs the directive's handler (:mod:`symlearn.kb.directives`);
* ``P::H``, ``P1::H1; P2::H2`` and ``... :- Body`` are probabilistic clauses
  (ProbLog); each probability must be a number in [0, 1] (an arithmetic
  expression such as ``1/3`` is evaluated), or ``t(_)`` for a parameter to
  learn, and the probabilities of an annotated disjunction sum to at most 1;
* ``Head --> Body`` is a grammar rule, translated as SWI-Prolog translates it
  (:mod:`symlearn.kb.dcg`); ``Head => Body`` is a single-sided unification
  rule (SWI-Prolog's "SSU" rules, below);
* ``pos(A)``, ``neg(A)``, ``label(A, Class)``, ``instance(A)`` are examples,
  ``evidence(A, true|false)`` and ``query(A)`` are ProbLog evidence and
  queries; they are also ordinary facts, as they are in SWI-Prolog;
* everything else is a clause of its predicate.

Several files load as one knowledge base.  Loading either succeeds completely
or raises a :class:`~symlearn.errors.KBError` that names the file, line and
column; a knowledge base is never half loaded.  A directive no handler knows
is a located warning and the load goes on, as in SWI-Prolog (which warns
when such a goal fails or raises); ``:- op/3`` changes how the clauses after
it are read.

**SSU rules.**  ``Head, Guard => Body`` commits to the first clause whose
head *subsumes* the call (matching binds no variable of the call) and whose
guard succeeds; a call no clause matches is an
``existence_error(matching_rule, Goal)``.  Such a clause is stored as an
ordinary clause that tests the subsumption, then the guard, then cuts:
``p([], S0, S) => S = S0`` is ``p(A, S0, S) :- A == [], !, S = S0`` (see
:func:`_ssu_matching`), and the predicate ends with a clause that raises
the error.

Functions
---------
load, loads
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from symlearn.errors import InvalidParameterError, KBError, KBSyntaxError
from symlearn.files import as_paths
from symlearn.kb import sources
from symlearn.kb.aleph_directives import (
    ARITHMETIC_FUNCTION,
    CONSTRAINTS,
    arithmetic_functions,
    expand_arithmetic,
)
from symlearn.kb.conditional import (
    CONDITIONAL_DIRECTIVES,
    ConditionError,
    Conditions,
    condition_holds,
)
from symlearn.kb.dcg import DCGError, dcg_translate_rule
from symlearn.kb.directives import DIRECTIVES, MULTIFILE
from symlearn.kb.gcpause import gc_paused
from symlearn.kb.knowledge_base import Example, KnowledgeBase, Predicate, ProbabilisticClause
from symlearn.kb.parser import FactRun, ReadClause, SourceText, scan_clauses
from symlearn.kb.problog import (
    aggregate_clause,
    clause_term,
    library_text,
    negative_head,
    request_library,
)
from symlearn.kb.prolog_directives import strings_as
from symlearn.kb.system import LIBRARY_BUILTINS, PROTECTED, SYSTEM_PREDICATES
from symlearn.logic.clauses import Clause, conjunction, conjuncts
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, Var, functor_of, is_callable, is_ground

__all__ = ["load", "loads"]


def load(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    kb: KnowledgeBase | None = None,
    *,
    progress: Callable[[str, int, int | None], None] | None = None,
    allow_include: Iterable[str | os.PathLike[str]] = (),
) -> KnowledgeBase:
    """Read one or more files as one knowledge base.

    Parameters
    ----------
    paths
        A file, or several files read in order.
    kb
        A knowledge base to add to; a new one by default.  When loading fails
        it is left unchanged.
    progress
        Called as ``progress("loading FILE", characters read, characters)``
        as a file is read.
    allow_include
        Directories ``:- include`` may read from besides each including
        file's own directory tree (see :mod:`symlearn.kb.sources`).

    Raises
    ------
    KBError
        If a file is missing or a clause or directive is wrong.
    KBSyntaxError
        If the text does not parse.
    """
    files = as_paths(paths, "paths")
    _check_kb(kb)
    if progress is not None and not callable(progress):
        raise InvalidParameterError(f"progress must be a function or None, not {progress!r}")
    loader = _Loader(progress, kb)
    with gc_paused(promote=True), sources.allow_include(allow_include):
        for path in files:
            loader.load_file(Path(path))
        return loader.commit(kb)


def loads(
    text: str | bytes, path: str = "<string>", kb: KnowledgeBase | None = None
) -> KnowledgeBase:
    """Read knowledge-base text (see :func:`load`); bytes are read as UTF-8.

    Examples
    --------
    >>> kb = loads("parent(ann, bob). gp(X, Z) :- parent(X, Y), parent(Y, Z).")
    >>> kb.facts_count, kb.rules_count
    (1, 1)
    """
    if isinstance(text, (bytes, bytearray)):
        text = sources.decode_source(bytes(text), str(path))
    if not isinstance(text, str):
        raise InvalidParameterError(
            f"text must be a str (or bytes) of clauses, not {type(text).__name__}"
        )
    _check_kb(kb)
    loader = _Loader(None, kb)
    with gc_paused(promote=True):
        loader.load_text(text.removeprefix("\ufeff"), str(path), base=Path.cwd())
        return loader.commit(kb)


def _check_kb(kb: object) -> None:
    if kb is not None and not isinstance(kb, KnowledgeBase):
        raise InvalidParameterError(f"kb must be a KnowledgeBase or None, not {type(kb).__name__}")


class _Loader:
    """One loading run: the knowledge base under construction and the include stack."""

    def __init__(
        self,
        progress: Callable[[str, int, int | None], None] | None = None,
        into: KnowledgeBase | None = None,
    ) -> None:
        self.progress = progress
        self.kb = KnowledgeBase()
        if into is not None:  # read with the operators and flags the knowledge base has
            self.kb.operators = into.operators.copy()
            self.kb.flags = dict(into.flags)
        #: The clause ending each predicate of SSU rules (``=>``): raises "no matching rule".
        self.ssu_fallbacks: dict[tuple[str, int], Clause] = {}
        self.stack: list[Path] = []
        self.current: ReadClause | None = None
        self.base = Path.cwd()
        self.constants: dict[Any, Any] = {}  # each name and constant of the fast path, once
        self.conditions = Conditions()
        #: ``"pos"``/``"neg"`` inside Aleph's ``begin_in_pos``/``begin_in_neg`` blocks.
        self.example_kind: str | None = None
        #: The file being consulted (an included file is part of the file including it).
        self.consulted = ""
        #: The consulted file defining each predicate (see :meth:`claim`).
        self.defined_by: dict[tuple[str, int], str] = {}

    # -- the DirectiveContext protocol
    @property
    def position(self) -> SourcePosition:
        assert self.current is not None
        return SourcePosition(self.current.path, self.current.line, self.current.column)

    def error(self, message: str) -> KBError:
        assert self.current is not None
        c = self.current
        return KBError(message, c.path, c.line, c.column, c.source_line)

    def include(self, path: str) -> None:
        target = (self.base / path) if not os.path.isabs(path) else Path(path)
        if not target.exists() and target.suffix == "":
            target = target.with_suffix(".pl")
        saved_current, saved_base = self.current, self.base
        if not target.exists():
            raise self.error(f"cannot include {path}: no such file ({target})")
        refusal = sources.include_refusal(target, self.base)
        if refusal is not None:
            raise self.error(f"cannot include {path}: {refusal}")
        self.load_file(target, included=True)
        self.current, self.base = saved_current, saved_base

    # -- loading
    def commit(self, kb: KnowledgeBase | None) -> KnowledgeBase:
        self.load_libraries()
        if kb is None:
            return self.kb
        _merge(kb, self.kb)
        return kb

    def load_libraries(self) -> None:
        """Add the clauses of the ProbLog libraries the files asked for (once each)."""
        requested = self.kb.declarations.get("problog_libraries", [])
        loaded = self.kb.declarations.setdefault("problog_libraries_loaded", [])
        for name in requested:
            if name not in loaded:
                loaded.append(name)
                self.load_text(library_text(str(name)), f"library({name})", base=self.base)

    def add_fact(self, atom: Term) -> None:
        """Add a fact read from data at the directive being run (csv_load, sqlite_load)."""
        assert type(atom) is Struct
        self.kb.predicate(*functor_of(atom)).add(Clause.fact(atom), self.position)

    def load_file(self, path: Path, included: bool = False) -> None:
        resolved = path.resolve()
        if resolved in self.stack:
            raise self.error(f"{path} includes itself")
        text = sources.read_source(path)
        self.stack.append(resolved)
        self.kb.sources.append(str(path))
        if included:
            self.load_included_text(text, path)
        else:
            self.consulted = str(path)
            self.load_text(text, str(path), base=path.parent)
        self.stack.pop()

    def load_included_text(self, text: str, path: Path) -> None:
        """Load an included file; if its first clause does not parse, quote none of it."""
        including = self.current
        try:
            self.load_text(text, str(path), base=path.parent)
        except KBSyntaxError as error:
            read_a_clause = self.current is not None and self.current.path == str(path)
            if error.path != str(path) or read_a_clause:
                raise  # a Prolog file with a mistake: show it
            where = including.path if including is not None else "?"
            raise KBSyntaxError(
                f"{path} does not read as Prolog (included from {where})",
                str(path),
                error.line,
                error.column,
            ) from None

    def load_text(self, text: str, path: str, base: Path) -> None:
        self.base = base
        if "\0" in text:
            line = text.count("\n", 0, text.index("\0")) + 1
            raise KBSyntaxError(
                "the file contains a NUL byte (is it a binary file?)", path, line, 1
            )
        if text.startswith("#"):  # a script line (#!/usr/bin/env swipl): SWI skips it
            first_line_end = text.find("\n")
            first_line_end = len(text) if first_line_end < 0 else first_line_end
            text = " " * first_line_end + text[first_line_end:]
        touched: set[Predicate] = set()
        source = SourceText(path, text)
        lines = _LineCursor(text)
        outer_conditions, self.conditions = self.conditions, Conditions()
        for item in scan_clauses(text, path, ops=self.kb.operators):
            if self.progress is not None:
                done = item[0][2] if isinstance(item, list) else item[4]  # the item's offset
                self.progress(f"loading {path}", done, len(text))
            if isinstance(item, list):  # a run of plain ground facts: keep it lean
                self.fact_run(item, source, lines, base, touched)
                continue
            term, variables, line, column, offset = item
            quotes = self.kb.flags.get("double_quotes")
            if quotes is not None and quotes != "string":
                term = strings_as(term, quotes)
            self.current = ReadClause(term, variables, path, line, column, text, offset)
            self.base = base
            self.add(self.current)
        opened = self.conditions.unclosed()
        if opened is not None:
            raise KBError("this :- if has no matching :- endif", path, opened.line, opened.column)
        self.conditions = outer_conditions
        for predicate in touched:
            predicate.touch()
        if self.progress is not None:
            self.progress(f"loading {path}", len(text), len(text))

    def fact_run(
        self,
        run: FactRun,
        source: SourceText,
        lines: _LineCursor,
        base: Path,
        touched: set[Predicate],
    ) -> None:
        """Add a run of plain ground facts from the parser's fast path.

        A fact of a predicate that already has clauses is appended directly
        (its position kept as an offset); the first fact of a predicate, the
        special names (examples, evidence), and every fact of a skipped
        ``:- if`` branch or an Aleph example block go through :meth:`add`.  Equal
        names and constants are shared, one string object each (a file of a
        million facts names each constant many times).
        """
        shared = self.constants.setdefault
        predicates = self.kb.predicates
        last_name: str | None = None
        last_arity = -1
        add_clause = add_offset = None
        fact = Clause.fact
        direct = not (self.conditions.skipping or self.example_kind)  # no directive in a run
        for name, args, offset in run:
            name = shared(name, name)
            arity = len(args)
            if arity == 2:  # the common arities without a map object per fact
                first, second = args
                args = (shared(first, first), shared(second, second))
            elif arity == 1:
                (first,) = args
                args = (shared(first, first),)
            else:
                args = tuple(map(shared, args, args))
            if name is not last_name or arity != last_arity:
                predicate = predicates.get((name, arity))
                if (
                    direct
                    and predicate is not None
                    and predicate.clauses
                    and name not in _SPECIAL_NAMES
                    and self.defined_by.get((name, arity)) == self.consulted
                ):
                    add_clause = predicate.clauses.append
                    add_offset = predicate.positions.offset_appender(source)
                    touched.add(predicate)
                else:
                    add_clause = add_offset = None
                last_name, last_arity = name, arity
            if add_clause is not None and add_offset is not None:
                add_clause(fact(Struct(name, args)))
                add_offset(offset)
                continue
            line, column = lines.line_column(offset)
            self.current = ReadClause(
                Struct(name, args), {}, source.path, line, column, source.text, offset
            )
            self.base = base
            self.add(self.current)
            last_name = None  # the predicate may have been made: look it up again

    def add(self, read: ReadClause) -> None:
        term = read.term
        is_directive = type(term) is Struct and term.name == ":-" and len(term.args) == 1
        if self.conditions.skipping:
            goal = term.args[0] if is_directive else None  # type: ignore[union-attr]
            if goal is not None and functor_of(goal) in CONDITIONAL_DIRECTIVES:
                self.conditional(goal)
            return
        if self.example_kind is not None and not is_directive:
            self.example(term)
            return
        if type(term) is Struct and term.name not in _SPECIAL_NAMES:
            self.clause(term)  # the common case: an ordinary fact
            return
        if type(term) is Struct and term.name == "<-" and len(term.args) == 2:
            term = clause_term(term)
        if type(term) is Struct and term.name == ":-" and len(term.args) == 1:
            self.directive(term.args[0])
        elif type(term) is Struct and term.name == "?-" and len(term.args) == 1:
            self.kb.directives.append((term, self.position))
        elif _is_probabilistic(term):
            self.probabilistic(term)
        elif type(term) is Struct and term.name == "-->" and len(term.args) == 2:
            self.grammar_rule(term)
        elif type(term) is Struct and term.name == "=>" and len(term.args) == 2:
            self.ssu_rule(term)
        else:
            self.clause(term)

    def grammar_rule(self, rule: Struct) -> None:
        """``Head --> Body``: the clause SWI-Prolog translates it to."""
        try:
            clause = dcg_translate_rule(rule)
        except DCGError as error:
            what = format_term(error.culprit)
            if error.kind == "instantiation_error":
                raise self.error("the head of a grammar rule cannot be a variable") from None
            raise self.error(f"{what} in a grammar rule: expected a {error.expected}") from None
        self.clause(clause)

    def ssu_rule(self, rule: Struct) -> None:
        """``Head, Guard => Body``: stored as a clause that tests subsumption, then commits."""
        head, body = rule.args
        guard: Term = "true"
        if type(head) is Struct and head.name == "," and len(head.args) == 2:
            head, guard = head.args
        if not is_callable(head):
            raise self.error(_not_callable_message(Struct(":-", (head, body))))
        name, arity = functor_of(head)
        call, goals = _ssu_matching(head)
        if guard != "true":
            goals.append(guard)
        goals += ["!", body]
        clause_term: Term = goals[-1]
        for goal in reversed(goals[:-1]):
            clause_term = Struct(",", (goal, clause_term))
        key = (name, arity)
        predicate = self.kb.predicate(name, arity)
        fallback = self.ssu_fallbacks.get(key)
        if fallback is not None and predicate.clauses and predicate.clauses[-1] is fallback:
            del predicate.clauses[-1]
            del predicate.positions[-1]
        self.clause(Struct(":-", (call, clause_term)))
        anything: Term = Struct(name, tuple(Var("_") for _ in range(arity))) if arity else name
        error = Struct(
            "error",
            (
                Struct("existence_error", ("matching_rule", anything)),
                Var("_"),
            ),
        )
        fallback = Clause(anything, (Struct("throw", (error,)),))
        self.ssu_fallbacks[key] = fallback
        predicate.add(fallback, self.position)

    def directive(self, goal: Term) -> None:
        """Run a directive's declarations; keep its other goals for a run (``kb.goals``)."""
        self.kb.directives.append((Struct(":-", (goal,)), self.position))
        if type(goal) is Var:
            raise self.error("a directive must be a goal, not a variable")
        parts = conjuncts(goal) if type(goal) is Struct and goal.name == "," else [goal]
        goals = [part for part in parts if not self.directive_call(part)]
        if goals:
            self.kb.goals.append((conjunction(goals), self.position))

    def conditional(self, goal: Term) -> None:
        name, _ = functor_of(goal)
        args = goal.args if type(goal) is Struct else ()
        try:
            self.conditions.directive(
                name, args, self.position, lambda condition: condition_holds(condition, self.kb)
            )
        except ConditionError as error:
            raise self.error(str(error)) from None

    def example(self, term: Term) -> None:
        """A clause inside Aleph's ``begin_in_pos``/``begin_in_neg`` block: an example."""
        if not is_callable(term) or (type(term) is Struct and term.name == ":-"):
            raise self.error(
                f"an example between :- begin_in_{self.example_kind} and "
                f":- end_in_{self.example_kind} must be a fact, got {format_term(term)}"
            )
        self.kb.examples.append(Example(self.example_kind, term, None, self.position))  # type: ignore[arg-type]

    def directive_call(self, goal: Term) -> bool:
        """Run ``goal`` if it is a declaration; False when it is a goal for a run instead.

        A goal that calls neither a built-in nor a predicate defined above it
        is also an unknown directive, with a warning.
        """
        if not is_callable(goal):
            raise self.error(f"a directive must be a goal, not {format_term(goal)}")
        name, arity = functor_of(goal)
        if (name, arity) in CONDITIONAL_DIRECTIVES:
            self.conditional(goal)
            return True
        handler = DIRECTIVES.get((name, arity))
        if handler is None:
            if (name, arity) not in SYSTEM_PREDICATES and not self.kb.defines(name, arity):
                c = self.current
                assert c is not None
                self.kb.warnings.append(
                    f"{c.path}:{c.line}:{c.column}: warning: unknown directive {name}/{arity} "
                    f"(the load goes on; a run calls it, as SWI-Prolog does)"
                )
            return False
        args = goal.args if isinstance(goal, Struct) else ()
        handler(self, args)
        return True

    def clause(self, term: Term) -> None:
        if term == ":-":
            raise self.error("':-' must be followed by a body")
        if type(term) is Struct and term.name == ":-" and len(term.args) == 2:
            if negative_head(term.args[0]):
                self.probabilistic(Struct(":-", (Struct("::", (1.0, term.args[0])), term.args[1])))
                return
        elif negative_head(term):
            self.probabilistic(Struct("::", (1.0, term)))
            return
        try:
            aggregate = aggregate_clause(term)
        except ValueError as error:
            raise self.error(str(error)) from None
        if aggregate is not None:
            term = aggregate
            request_library(self.kb, "aggregate")
        try:
            clause = Clause.from_term(term)
        except TypeError:
            raise self.error(_not_callable_message(term)) from None
        indicator = clause.functor
        if indicator == ("false", 0) and clause.body:
            # Aleph's integrity constraint (Aleph redefines false/0): kept for the learners
            self.kb.declarations.setdefault(CONSTRAINTS, []).append((clause, self.position))
            return
        if indicator in SYSTEM_PREDICATES:
            self.redefine_builtin(indicator)
        if ARITHMETIC_FUNCTION in self.kb.declarations:
            clause = expand_arithmetic(clause, arithmetic_functions(self.kb))
        position = self.position
        if indicator[0] not in _SPECIAL_NAMES:
            self.claim(indicator)
        self.kb.predicate(*indicator).add(clause, position)
        head = clause.head
        if not clause.body and type(head) is Struct and head.name in _SPECIAL_NAMES:
            self.special_fact(head, position)

    def claim(self, indicator: tuple[str, int]) -> None:
        """Note that the consulted file defines ``indicator``, as SWI-Prolog's consult does.

        A predicate an earlier file defined is redefined: its clauses are
        replaced by this file's, with a warning, unless it is declared
        ``:- multifile`` (then the files add to it).
        """
        owner = self.defined_by.get(indicator)
        if owner == self.consulted:
            return
        self.defined_by[indicator] = self.consulted
        if owner is None or indicator in self.kb.declarations.get(MULTIFILE, ()):
            return
        predicate = self.kb.predicates.get(indicator)
        if predicate is None or not predicate.clauses:
            return
        first = predicate.positions[0]
        earlier = f"{first.path}:{first.line}" if first is not None else owner
        c = self.current
        assert c is not None
        name, arity = indicator
        self.kb.warnings.append(
            f"{c.path}:{c.line}:{c.column}: warning: redefined procedure {name}/{arity} "
            f"(previously defined at {earlier}): this file's clauses replace it, as "
            "SWI-Prolog's consult does (declare it :- multifile to add to it)"
        )
        predicate.clear()

    def redefine_builtin(self, indicator: tuple[str, int]) -> None:
        """A clause for a built-in: an error for a protected one, else a warning (once)."""
        name, arity = indicator
        if indicator in PROTECTED:
            raise self.error(
                f"no permission to modify static procedure {name}/{arity} (it is built in)"
            )
        if not self.kb.defines(name, arity) and indicator not in LIBRARY_BUILTINS:
            c = self.current
            assert c is not None
            self.kb.warnings.append(
                f"{c.path}:{c.line}:{c.column}: warning: {name}/{arity} is a built-in "
                "predicate; this file's definition is used instead"
            )

    def special_fact(self, head: Struct, position: SourcePosition) -> None:
        """Record examples, evidence and queries written as facts."""
        name, args = head.name, head.args
        if name in ("pos", "neg", "instance", "unlabelled") and len(args) == 1:
            if not is_callable(args[0]):
                raise self.error(f"{name}/1 expects an atom such as {name}(p(a))")
            self.kb.examples.append(Example(name, args[0], None, position))  # type: ignore[arg-type]
        elif name == "label" and len(args) == 2:
            if not is_callable(args[0]):
                raise self.error(
                    "label/2 expects an example atom and its class, e.g. "
                    "label(playtennis(sunny, hot, high, weak), no)"
                )
            self.kb.examples.append(Example("label", args[0], args[1], position))
        elif name == "evidence" and len(args) in (1, 2):
            value = args[1] if len(args) == 2 else "true"
            if value not in ("true", "false"):
                raise self.error("evidence/2 expects true or false as its second argument")
            atom, observed = args[0], value == "true"
            if negative_head(atom):  # evidence(\+A) is evidence(A, false)
                atom, observed = atom.args[0], not observed  # type: ignore[union-attr]
            if not is_callable(atom):
                raise self.error("evidence/2 expects an atom first")
            self.kb.evidence.append((atom, observed))
        elif name == "query" and len(args) == 1:
            atom = args[0]
            if negative_head(atom):  # query(\+A) asks P(not A)
                atom = Struct("\\+", atom.args)  # type: ignore[union-attr]
            if not is_callable(atom):
                raise self.error("query/1 expects an atom")
            self.kb.queries.append(atom)

    def probabilistic(self, term: Term) -> None:
        head_part: Term = term
        body: tuple[Term, ...] = ()
        if type(term) is Struct and term.name == ":-" and len(term.args) == 2:
            head_part = term.args[0]
            body = tuple(conjuncts(term.args[1]))
            for goal in body:
                if not (is_callable(goal) or type(goal) is Var):
                    raise self.error(f"body goal {format_term(goal)} is not callable")
        heads: list[tuple[Term, Term]] = []
        for disjunct in _disjuncts(head_part):
            if not (
                type(disjunct) is Struct and disjunct.name == "::" and len(disjunct.args) == 2
            ):
                raise self.error(
                    f"{format_term(disjunct)} has no probability; write P::Head "
                    "for every head of an annotated disjunction"
                )
            probability, head = disjunct.args
            if not is_callable(head):
                raise self.error(
                    f"the head {format_term(head)} of a probabilistic clause must "
                    "be an atom or compound term"
                )
            if negative_head(head):  # P::\+H (or P::not H): a negative head
                head = Struct("\\+", head.args)  # type: ignore[union-attr]
            heads.append((self.probability(probability), head))
        numeric = [float(p) for p, _ in heads if isinstance(p, (int, float))]
        if len(numeric) == len(heads) and sum(numeric) > 1 + 1e-9:
            raise self.error(
                f"the probabilities of an annotated disjunction sum to "
                f"{sum(numeric):g}, more than 1"
            )
        self.kb.probabilistic.append(ProbabilisticClause(tuple(heads), body, self.position))

    def probability(self, term: Term) -> Term:
        if type(term) is Struct and term.name == "t" and term.args:
            return term  # a learnable parameter (ProbLog's t(_))
        if term == "?":
            return term  # a decision (ProbLog's ?::Head, for symlearn problog dt)
        value = _evaluate(term)
        if value is None and not is_ground(term):
            return term  # P::H :- Body with P bound by the body (evaluated when grounded)
        if value is None and type(term) is Struct and term.name in DISTRIBUTION_NAMES:
            return term  # a continuous distribution (ProbLog's sampling: symlearn problog sample)
        if value is None:
            raise self.error(f"probability {format_term(term)} is not a number")
        if not 0.0 <= value <= 1.0:
            raise self.error(f"probability {format_term(term)} is outside [0, 1]")
        return value


#: Functor names of clause terms that are not plain facts (directives, rules,
#: probabilistic clauses, examples and ProbLog declarations).
class _LineCursor:
    """Lines and columns of increasing offsets into one text, counted from the last one.

    The fast path's facts that go the long way (the first of each predicate,
    examples) need their line; counting forward from the previous one costs
    nothing like indexing every line of a large file.
    """

    __slots__ = ("line", "offset", "start", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = self.start = 0
        self.line = 1

    def line_column(self, offset: int) -> tuple[int, int]:
        """The 1-based line and column of ``offset`` (as :meth:`SourceText.line_column`)."""
        if offset < self.offset:
            self.offset = self.start = 0
            self.line = 1
        text = self.text
        self.line += text.count("\n", self.offset, offset)
        newline = text.rfind("\n", self.offset, offset)
        if newline >= 0:
            self.start = newline + 1
        self.offset = offset
        return self.line, offset - self.start + 1


_SPECIAL_NAMES = frozenset(
    {":-", "<-", "?-", "::", ";", "-->", "=>", "pos", "neg", "label", "instance", "unlabelled"}
    | {"evidence", "query"}
)


def _ssu_matching(head: Term) -> tuple[Term, list[Term]]:
    """The head of an SSU clause's stored form and the goals that test subsumption.

    A head argument that is a variable (its only occurrence in the head) takes
    the call's argument as it is; a constant is a ``==`` test; a compound term
    is ``'$ssu_skeleton'(Pattern, A), Pattern = A`` (the argument has the
    pattern's shape: subsumption, since the pattern's variables are its own).
    A head with a repeated variable is tested whole, ``subsumes_term(Head,
    Call), Head = Call``.
    """
    if type(head) is not Struct:
        return head, []
    seen: set[Var] = set()
    repeated = False
    stack: list[Term] = list(head.args)
    while stack:
        t = stack.pop()
        if type(t) is Var:
            repeated = repeated or t in seen
            seen.add(t)
        elif type(t) is Struct:
            stack.extend(t.args)
    if repeated:
        call = Struct(head.name, tuple(Var("_") for _ in head.args))
        return call, [Struct("subsumes_term", (head, call)), Struct("=", (head, call))]
    arguments: list[Term] = []
    goals: list[Term] = []
    for arg in head.args:
        if type(arg) is Var:
            arguments.append(arg)
            continue
        value = Var("_")
        arguments.append(value)
        if type(arg) is Struct:  # its variables are its own: matching its shape is enough
            goals += [Struct("$ssu_skeleton", (arg, value)), Struct("=", (arg, value))]
        else:
            goals.append(Struct("==", (value, arg)))
    return Struct(head.name, tuple(arguments)), goals


def _is_probabilistic(term: Term) -> bool:
    if type(term) is Struct and term.name == ":-" and len(term.args) == 2:
        term = term.args[0]
    return any(type(d) is Struct and d.name == "::" and len(d.args) == 2 for d in _disjuncts(term))


def _disjuncts(term: Term) -> list[Term]:
    """The disjuncts of ``A ; B ; ...`` in order (without recursion: an AD may have many)."""
    found: list[Term] = []
    stack = [term]
    while stack:
        current = stack.pop()
        if type(current) is Struct and current.name == ";" and len(current.args) == 2:
            stack.append(current.args[1])
            stack.append(current.args[0])
        else:
            found.append(current)
    return found


def _evaluate(term: Term) -> float | None:
    """Evaluate a probability expression of numbers and + - * / (None if it is not one)."""
    if type(term) in (int, float):
        return float(term)  # type: ignore[arg-type]
    if type(term) is Struct and len(term.args) == 2 and term.name in "+-*/":
        left, right = _evaluate(term.args[0]), _evaluate(term.args[1])
        if left is None or right is None:
            return None
        if term.name == "+":
            return left + right
        if term.name == "-":
            return left - right
        if term.name == "*":
            return left * right
        return left / right if right != 0 else None
    if type(term) is Struct and len(term.args) == 1 and term.name == "-":
        inner = _evaluate(term.args[0])
        return None if inner is None else -inner
    return None


def _not_callable_message(term: Term) -> str:
    head = (
        term.args[0]
        if type(term) is Struct and term.name == ":-" and len(term.args) == 2
        else term
    )
    if type(head) is Var:
        return "a clause head cannot be a variable"
    if not is_callable(head):
        return f"a clause head must be an atom or compound term, not {format_term(head)}"
    return "a clause body goal must be callable (an atom, compound term or variable)"


#: ProbLog's distributions, which a probabilistic clause may have for its "probability".
DISTRIBUTION_NAMES = frozenset(
    {
        "normal",
        "gaussian",
        "poisson",
        "exponential",
        "beta",
        "gamma",
        "uniform",
        "triangular",
        "vonmises",
        "weibull",
        "in_range",
        "fixed",
    }
)


def _merge(target: KnowledgeBase, source: KnowledgeBase) -> None:
    """Add everything ``source`` holds to ``target``."""
    for predicate in source.predicates.values():
        merged = target.predicate(predicate.name, predicate.arity)
        merged.dynamic = merged.dynamic or predicate.dynamic
        merged.clauses.extend(predicate.clauses)
        merged.positions.extend(predicate.positions)
        merged.touch()
    target.examples.extend(source.examples)
    target.modes.extend(source.modes)
    target.determinations.extend(source.determinations)
    target.settings.update(source.settings)
    target.attributes.update(source.attributes)
    target.domains.update(source.domains)
    target.tabled |= source.tabled
    target.table_modes.update(source.table_modes)
    target.probabilistic.extend(source.probabilistic)
    target.evidence.extend(source.evidence)
    target.queries.extend(source.queries)
    target.directives.extend(source.directives)
    target.goals.extend(source.goals)
    target.initialization.extend(source.initialization)
    target.sources.extend(source.sources)
    target.warnings.extend(source.warnings)
    target.external.update(source.external)
    target.operators = source.operators  # the loader started from the target's own
    target.flags.update(source.flags)
    for key, values in source.declarations.items():
        target.declarations.setdefault(key, []).extend(values)
