r"""Rule sets over attribute-value instances: conjunctions of tests concluding a class.

A **rule** is ``IF test_1 AND ... AND test_k THEN class``; each test compares
one attribute of the instance with a constant:

========  ==========================================  ========================
``op``    holds when the instance's value ``x`` ...   written in a clause as
========  ==========================================  ========================
``=``     ``x == v`` (also for the missing value ?)   ``v`` in the head
``in``    ``x`` is one of ``(v1, v2, ...)``           ``memberchk(X, [v1, v2])``
``=<``    ``x`` is a number and ``x =< t``            ``X =< t``
``>``     ``x`` is a number and ``x > t``             ``X > t``
``>=``    ``x`` is a number and ``x >= t``            ``X >= t``
``<``     ``x`` is a number and ``x < t``             ``X < t``
========  ==========================================  ========================

(the trees' thresholds use ``=<`` and ``>``; a closed range, such as the
values a cluster spans, ``>=`` and ``=<``).

A :class:`RuleSet` is either

* **unordered** (``ordered=False``): every rule is a stand-alone implication.
  The rules of a decision tree are unordered and mutually exclusive (one rule
  per path: the tree is a disjunction of conjunctions, Mitchell 1997, section
  3.2).  When rules of different classes fire together, :meth:`RuleSet.classify`
  lets them vote, each with the number of training examples it classifies
  correctly (CN2's unordered convention), ties going to the earlier rule; or
* **ordered** (a *decision list*, ``ordered=True``): the first rule that fires
  decides.  Rule post-pruning (Mitchell 1997, section 3.7.1.2) and CN2 produce
  such lists.

Either kind may have a **default class**, used when no rule fires.

Clause form (DESIGN.md section 2)
---------------------------------
:meth:`RuleSet.to_clauses` writes the rule set as Horn clauses that SWI-Prolog
and :class:`symlearn.engine.Engine` answer exactly as :meth:`RuleSet.classify`
does on every complete instance (no ``?`` in a tested numeric attribute):

* a **boolean** target (``pos``/``neg`` examples) is written as the clauses of
  the positive class, ``playtennis(sunny, _, normal, _).``; the negative class
  is what the clauses do not prove (closed world);
* a **multi-class** target concludes ``label/2``:
  ``label(playtennis(sunny, _, high, _), no).`` and, for a continuous test,
  ``label(playtennis(_, _, A, _), yes) :- A=<75.``;
* in an **ordered** list, rule *i* is written with the negation of every
  earlier rule's condition, so it fires exactly when it is the first rule that
  fires: ``label(t(A, B), no) :- A>3, \+ B=red.``  A negated condition that the
  rule's own tests already decide is simplified away (a single negated
  comparison becomes the opposite comparison), and a rule that can never be
  first is left out.  The **default class** becomes a last clause whose body
  negates every rule's condition.  Negation as failure is sound here because
  the instance is ground; no cuts are used, so the clauses stay steadfast:
  ``label(t(...), C)`` with ``C`` bound gives the same answer as with ``C`` free;
* an **unordered** set is written rule by rule; Prolog then proves every class
  whose rule fires, which matches :meth:`RuleSet.classify` whenever rules of
  different classes do not overlap (always true for the rules of a tree).  Its
  default class, if any, gets the same negated clause as an ordered list's.

For boolean targets :meth:`RuleSet.to_sympy` gives the DNF (categorical tests
as symbols named ``attribute=value``, continuous tests as sympy relations).

Examples
--------
>>> rules = RuleSet(
...     target="playtennis",
...     attributes=("outlook", "temperature", "humidity", "wind"),
...     rules=(
...         Rule((Condition("outlook", 0, "=", "overcast"),), True),
...         Rule(
...             (Condition("outlook", 0, "=", "sunny"), Condition("humidity", 2, "=", "normal")),
...             True,
...         ),
...         Rule((Condition("outlook", 0, "=", "rain"), Condition("wind", 3, "=", "weak")), True),
...     ),
...     classes=(True, False),
...     default=False,
... )
>>> rules.classify(("sunny", "hot", "normal", "weak"))
True
>>> rules.classify(("sunny", "hot", "high", "weak"))
False
>>> for clause in rules.to_clauses():
...     print(clause)
playtennis(overcast, _, _, _).
playtennis(sunny, _, normal, _).
playtennis(rain, _, _, weak).
>>> rules.to_sympy()
outlook=overcast | (humidity=normal & outlook=sunny) | (outlook=rain & wind=weak)

References
----------
Mitchell (1997), section 3.2 (trees as disjunctions of conjunctions), section
3.7.1.2 (rule post-pruning) and sections 10.2-10.3 (sequential covering); Clark
and Niblett (1989), "The CN2 induction algorithm", Machine Learning 3.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from symlearn.data.attribute_value import MISSING, Attribute, Label
from symlearn.data.encoded import EncodedData
from symlearn.errors import HypothesisSpaceError
from symlearn.hypotheses.html import html_block
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, Term, Var, make_list

__all__ = ["COMPARISONS", "Condition", "Rule", "RuleSet", "label_text", "number_term"]

#: The test operators and what each means.
COMPARISONS = ("=", "in", "=<", ">", ">=", "<")

_OPPOSITE = {"=<": ">", ">": "=<", ">=": "<", "<": ">="}

#: Each comparison as a numpy/Python operator on (value, threshold).
_COMPARE = {
    "=<": lambda x, t: x <= t,
    ">": lambda x, t: x > t,
    ">=": lambda x, t: x >= t,
    "<": lambda x, t: x < t,
}


def number_term(value: float) -> int | float:
    """A threshold as a Prolog number: an integral float becomes an ``int``.

    Examples
    --------
    >>> number_term(75.0), number_term(72.5)
    (75, 72.5)
    """
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def label_text(label: Label) -> str:
    """A label as text: ``pos``/``neg`` for a boolean label, else the term as written.

    Examples
    --------
    >>> label_text(True), label_text("yes"), label_text("pre-presbyopic")
    ('pos', 'yes', "'pre-presbyopic'")
    """
    if type(label) is bool:
        return "pos" if label else "neg"
    return format_term(label)


@dataclass(frozen=True, slots=True)
class Condition:
    """One attribute test: ``attribute op value``.

    Parameters
    ----------
    attribute
        The attribute's name.
    index
        The attribute's argument position (0-based) in the target atom.
    op
        One of :data:`COMPARISONS`.
    value
        A constant for ``=``, a tuple of constants for ``in``, a number for
        a comparison (``=<``, ``>``, ``>=``, ``<``).

    Examples
    --------
    >>> t = Condition("humidity", 2, "=<", 75)
    >>> t.holds(70), t.holds(80), t.holds("?")
    (True, False, False)
    >>> str(t), str(t.negated())
    ('humidity =< 75', 'humidity > 75')
    """

    attribute: str
    index: int
    op: str
    value: Any

    def __post_init__(self) -> None:
        if self.op not in COMPARISONS:
            raise ValueError(f"unknown test operator {self.op!r}")
        if self.op == "in":
            values = tuple(self.value)
            object.__setattr__(self, "value", values[0] if len(values) == 1 else values)
            if len(values) == 1:
                object.__setattr__(self, "op", "=")
        elif self.op in _COMPARE:
            object.__setattr__(self, "value", number_term(self.value))

    def holds(self, value: Term) -> bool:
        """Whether an instance whose attribute has ``value`` passes the test."""
        if self.op == "=":
            return bool(value == self.value and type(value) is type(self.value))
        if self.op == "in":
            return any(value == v and type(value) is type(v) for v in self.value)
        if type(value) not in (int, float):
            return False
        return bool(_COMPARE[self.op](value, self.value))

    def rows(self, column: np.ndarray, attribute: Attribute) -> np.ndarray | None:
        """Which rows of an encoded column pass the test (None: only :meth:`holds` can say).

        ``column`` holds codes into ``attribute``'s values (``-1`` missing) or,
        for a continuous attribute, floats (``nan`` missing); see
        :mod:`symlearn.data.encoded`.
        """
        if attribute.values is not None:
            codes = [i for i, v in enumerate(attribute.values) if self.holds(v)]
            return np.isin(column, codes)
        if self.op not in _COMPARE:
            return None  # equality with a number: decoded values decide their type
        with np.errstate(invalid="ignore"):
            return np.asarray(_COMPARE[self.op](column, self.value))

    def negated(self) -> Condition:
        """The opposite comparison (only for ``=<`` and ``>``)."""
        if self.op not in _OPPOSITE:
            raise ValueError(f"only a comparison can be negated, not {self}")
        return Condition(self.attribute, self.index, _OPPOSITE[self.op], self.value)

    def literal(self, argument: Term) -> Term:
        """The body literal that checks this test on ``argument``."""
        if self.op == "=":
            return Struct("=", (argument, self.value))
        if self.op == "in":
            return Struct("memberchk", (argument, make_list(self.value)))
        return Struct(self.op, (argument, self.value))

    def value_text(self) -> str:
        """The tested value(s) as text: ``sunny``, ``[sunny, rain]`` or ``75``."""
        if self.op == "in":
            return "[" + ", ".join(format_term(v) for v in self.value) + "]"
        return format_term(self.value)

    def __str__(self) -> str:
        return f"{self.attribute} {self.op} {self.value_text()}"

    def to_dict(self) -> dict[str, Any]:
        """The test as JSON: ``{"attribute", "op", "value"}`` (values as text or numbers)."""
        if self.op in _COMPARE:
            value: Any = self.value
        elif self.op == "in":
            value = [format_term(v) for v in self.value]
        else:
            value = format_term(self.value)
        return {"attribute": self.attribute, "op": self.op, "value": value}


def _merge_tests(tests: Iterable[Condition]) -> tuple[Condition, ...]:
    """Merge tests on the same attribute (tightest bounds, intersected value sets)."""
    merged: dict[tuple[int, str], Condition] = {}
    for test in tests:
        key = (test.index, "value" if test.op in ("=", "in") else test.op)
        old = merged.get(key)
        if old is None:
            merged[key] = test
        elif test.op in ("=<", "<"):  # upper bounds: the lowest
            merged[key] = test if test.value < old.value else old
        elif test.op in (">", ">="):  # lower bounds: the highest
            merged[key] = test if test.value > old.value else old
        else:
            allowed = old.value if old.op == "in" else (old.value,)
            new = test.value if test.op == "in" else (test.value,)
            kept = tuple(v for v in allowed if any(v == w and type(v) is type(w) for w in new))
            merged[key] = Condition(old.attribute, old.index, "in", kept) if kept else test
            if not kept:  # contradictory: keep both so the rule never fires
                merged[(test.index, f"conflict{len(merged)}")] = old
    return tuple(merged.values())


@dataclass(frozen=True, slots=True, eq=False)
class Rule:
    """``IF conditions THEN label``, with its training statistics.

    Parameters
    ----------
    conditions
        The tests; tests on the same attribute are merged (tightest threshold,
        intersected value sets).  Equality ignores their order.
    label
        The class the rule concludes.
    covered
        The (possibly fractional) number of training examples the rule covers.
    correct
        How many of those have the rule's class.
    estimate
        The rule's estimated accuracy (e.g. C4.5's pessimistic estimate), if known.

    Examples
    --------
    >>> a3, a5 = Condition("a", 0, ">", 3), Condition("a", 0, ">", 5)
    >>> r = Rule((a3, a5, Condition("b", 1, "=", "x")), "yes")
    >>> str(r)
    'IF a > 5 AND b = x THEN yes'
    >>> r.covers((6, "x")), r.covers((4, "x"))
    (True, False)
    """

    conditions: tuple[Condition, ...]
    label: Label
    covered: float | None = field(default=None, compare=False)
    correct: float | None = field(default=None, compare=False)
    estimate: float | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "conditions", _merge_tests(self.conditions))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rule):
            return NotImplemented
        return _same_label(self.label, other.label) and frozenset(self.conditions) == frozenset(
            other.conditions
        )

    def __hash__(self) -> int:
        return hash((frozenset(self.conditions), type(self.label), self.label))

    def covers(self, instance: Sequence[Term]) -> bool:
        """Whether every condition holds on ``instance``."""
        return all(test.holds(instance[test.index]) for test in self.conditions)

    def with_conditions(self, conditions: Iterable[Condition], **stats: float | None) -> Rule:
        """The same rule with other conditions (and statistics)."""
        return Rule(tuple(conditions), self.label, **stats)

    def __str__(self) -> str:
        body = " AND ".join(str(t) for t in self.conditions) or "true"
        return f"IF {body} THEN {label_text(self.label)}"

    def to_dict(self) -> dict[str, Any]:
        """The rule as JSON."""
        return {
            "conditions": [t.to_dict() for t in self.conditions],
            "label": _json_label(self.label),
            "covered": self.covered,
            "correct": self.correct,
            "estimate": self.estimate,
        }


def _same_label(a: Label, b: Label) -> bool:
    return type(a) is type(b) and a == b


def _json_label(label: Label) -> Any:
    return label_text(label) if type(label) is bool else format_term(label)


def _interval(conditions: Sequence[Condition]) -> tuple[float, float] | None:
    """``(low, high)`` when ``conditions`` are ``A > low`` and/or ``A =< high`` (else None).

    ``A = ?`` alone is ``(nan, nan)``: the rows where the number is missing.
    """
    if len(conditions) == 1 and conditions[0].op == "=" and conditions[0].value == MISSING:
        return np.nan, np.nan
    low, high = -np.inf, np.inf
    for test in conditions:
        if test.op == ">" and low == -np.inf:
            low = float(test.value)
        elif test.op == "=<" and high == np.inf:
            high = float(test.value)
        else:
            return None
    return low, high


@dataclass(frozen=True, slots=True)
class RuleSet:
    """An ordered or unordered set of rules for one attribute-value target.

    Parameters
    ----------
    target
        The target predicate's name; its arity is ``len(attributes)``.
    attributes
        The attribute names in argument order.
    rules
        The rules (their order matters when ``ordered``).
    classes
        Every class of the target, ``(True, False)`` for a boolean target.
    default
        The class when no rule fires (``None``: no class; ``classify`` returns
        ``None`` and the clause form proves nothing).
    ordered
        A decision list (first firing rule decides) or an unordered set.
    conclusion
        The predicate a multi-class rule concludes: ``label`` (the class),
        or another name, e.g. ``cluster`` for the clusters' descriptions.

    See the module docstring for the meaning of the clause form.
    """

    target: str
    attributes: tuple[str, ...]
    rules: tuple[Rule, ...]
    classes: tuple[Label, ...]
    default: Label | None = None
    ordered: bool = False
    conclusion: str = "label"

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", tuple(self.rules))
        object.__setattr__(self, "attributes", tuple(self.attributes))
        object.__setattr__(self, "classes", tuple(self.classes))
        for rule in self.rules:
            for test in rule.conditions:
                if not 0 <= test.index < len(self.attributes):
                    raise ValueError(f"test {test} refers to no attribute of {self.target}")

    @property
    def is_boolean(self) -> bool:
        """True for a pos/neg target."""
        return all(type(c) is bool for c in self.classes)

    def firing(self, instance: Sequence[Term]) -> list[Rule]:
        """The rules whose conditions hold on ``instance``, in order."""
        return [rule for rule in self.rules if rule.covers(instance)]

    def classify(self, instance: Sequence[Term]) -> Label | None:
        """The class of ``instance`` (see the module docstring for the conventions)."""
        if self.ordered:
            for rule in self.rules:
                if rule.covers(instance):
                    return rule.label
            return self.default
        fired = self.firing(instance)
        if not fired:
            return self.default
        votes: dict[tuple[type, Any], float] = {}
        first: dict[tuple[type, Any], int] = {}
        for position, rule in enumerate(fired):
            key = (type(rule.label), rule.label)
            weight = rule.correct if rule.correct is not None else 1.0
            votes[key] = votes.get(key, 0.0) + weight
            first.setdefault(key, position)
        best = max(votes, key=lambda k: (votes[k], -first[k]))
        return best[1]

    def predict(self, instances: Iterable[Sequence[Term]]) -> list[Label | None]:
        """:meth:`classify` for each instance."""
        return [self.classify(instance) for instance in instances]

    def predict_encoded(
        self, data: EncodedData
    ) -> tuple[np.ndarray, tuple[Label | None, ...]] | None:
        """:meth:`classify` of every row of encoded data at once.

        Returns
        -------
        tuple or None
            Each row's position in the classes returned with it (this rule
            set's classes, then ``None`` for "no class"); None when a test
            cannot be decided on the columns (then use :meth:`predict`).
        """
        if tuple(a.name for a in data.attributes) != self.attributes:
            return None
        classes: tuple[Label | None, ...] = (*self.classes, None)
        position = {(type(c), c): i for i, c in enumerate(classes)}
        labels = [position[(type(r.label), r.label)] for r in self.rules]
        predicted = np.full(data.n_rows, position[(type(self.default), self.default)])
        only = self._interval_rule(data)
        if only is not None:  # at most one rule fires on a row: its class, ordered or not
            predicted[only >= 0] = np.array(labels, dtype=predicted.dtype)[only[only >= 0]]
            return predicted, classes
        fired = []
        for rule in self.rules:
            mask = np.ones(data.n_rows, dtype=bool)
            for test in rule.conditions:
                rows = test.rows(data.columns[test.index], data.attributes[test.index])
                if rows is None:
                    return None
                mask &= rows
            fired.append(mask)
        if self.ordered:
            decided = np.zeros(data.n_rows, dtype=bool)
            for mask, label in zip(fired, labels):
                predicted[mask & ~decided] = label
                decided |= mask
            return predicted, classes
        return self._voted(fired, labels, predicted, len(classes)), classes

    def _interval_rule(self, data: EncodedData) -> np.ndarray | None:
        """The rule firing on each row (-1: none) when the rules are disjoint intervals.

        That is when every rule tests one and the same continuous attribute
        with ``A > low``, ``A =< high`` or both, or is the one rule ``A = ?``
        (as OneR's rules on a number are): one search in the sorted lower
        bounds finds each row's rule, instead of one pass over the rows per
        rule.  None otherwise.
        """
        tested = {test.index for rule in self.rules for test in rule.conditions}
        if len(tested) != 1:
            return None
        (a,) = tested
        bounds = [_interval(rule.conditions) for rule in self.rules]
        if data.attributes[a].values is not None or any(b is None for b in bounds):
            return None
        lows = np.array([b[0] for b in bounds if b is not None], dtype=np.float64)
        highs = np.array([b[1] for b in bounds if b is not None], dtype=np.float64)
        unknown = np.flatnonzero(np.isnan(lows))
        numbers = np.flatnonzero(~np.isnan(lows))
        order = numbers[np.argsort(lows[numbers], kind="stable")]
        lows, highs = lows[order], highs[order]
        if len(unknown) > 1 or np.any(highs[:-1] > lows[1:]) or np.any(highs < lows):
            return None  # overlapping (or empty) intervals: the general vote
        column = data.columns[a]
        found = np.searchsorted(lows, column, side="left") - 1  # the last low below the value
        inside = found >= 0
        with np.errstate(invalid="ignore"):
            inside[inside] &= column[inside] <= highs[found[inside]]
        rule = np.where(inside, order[np.maximum(found, 0)] if len(order) else -1, -1)
        if len(unknown):
            rule[np.isnan(column)] = unknown[0]
        return rule

    def _voted(
        self, fired: list[np.ndarray], labels: list[int], predicted: np.ndarray, size: int
    ) -> np.ndarray:
        """The unordered set's vote (weights summed in rule order, as :meth:`classify` does)."""
        n = predicted.shape[0]
        votes = np.zeros((n, size))
        first = np.full((n, size), len(fired))
        for number, (rule, mask, label) in enumerate(zip(self.rules, fired, labels)):
            votes[mask, label] += rule.correct if rule.correct is not None else 1.0
            first[mask, label] = np.minimum(first[mask, label], number)
        any_fired = first.min(axis=1) < len(fired)
        best = votes.max(axis=1, keepdims=True)
        winner = np.argmin(np.where(votes == best, first, len(fired) + 1), axis=1)
        return np.where(any_fired, winner, predicted)

    # -- clause form ---------------------------------------------------------

    def _head(self, arguments: Sequence[Term], label: Label) -> Term:
        atom: Term = Struct(self.target, tuple(arguments)) if arguments else self.target
        return atom if self.is_boolean else Struct(self.conclusion, (atom, label))

    def _rule_clause(
        self, conditions: Sequence[Condition], earlier: Sequence[Sequence[Condition]], label: Label
    ) -> Clause | None:
        """The clause for ``conditions`` with the negation of every earlier condition."""
        variables = [Var(f"_A{i}") for i in range(len(self.attributes))]
        arguments: list[Term] = list(variables)
        for test in conditions:
            if test.op == "=":
                if not isinstance(arguments[test.index], Var):
                    return None  # two different values for one attribute: never fires
                arguments[test.index] = test.value
        body: list[Term] = [
            test.literal(arguments[test.index]) for test in conditions if test.op != "="
        ]
        for other in earlier:
            negation = _negated_condition(other, conditions, arguments)
            if negation is False:
                return None  # an earlier rule always fires first
            if negation is not True:
                body.append(negation)
        return Clause(self._head(arguments, label), tuple(body))

    def to_clauses(self) -> list[Clause]:
        r"""The rule set as Horn clauses (see the module docstring).

        Examples
        --------
        >>> rs = RuleSet("t", ("a", "b"), (
        ...     Rule((Condition("a", 0, ">", 3),), "hi"),
        ...     Rule((Condition("b", 1, "in", ("x", "y")),), "mid"),
        ... ), classes=("hi", "mid", "lo"), default="lo", ordered=True)
        >>> for clause in rs.to_clauses():
        ...     print(clause)
        label(t(A, _), hi) :-
            A>3.
        label(t(A, B), mid) :-
            memberchk(B, [x, y]),
            A=<3.
        label(t(A, B), lo) :-
            A=<3,
            \+ memberchk(B, [x, y]).
        """
        clauses: list[Clause] = []
        wanted = (lambda label: label is True) if self.is_boolean else (lambda label: True)
        earlier: list[tuple[Condition, ...]] = []
        for rule in self.rules:
            if wanted(rule.label):
                clause = self._rule_clause(
                    rule.conditions, earlier if self.ordered else (), rule.label
                )
                if clause is not None:
                    clauses.append(clause)
            earlier.append(rule.conditions)
        if self.default is not None and wanted(self.default):
            clause = self._rule_clause((), earlier, self.default)
            if clause is not None:
                clauses.append(clause)
        return clauses

    def clause_strings(self) -> list[str]:
        """:meth:`to_clauses` printed as ``portray_clause`` does."""
        return [str(clause) for clause in self.to_clauses()]

    # -- sympy ---------------------------------------------------------------

    def to_sympy(self, positive: Label | None = None) -> Any:
        """The set of instances classified ``positive`` as a sympy DNF.

        Parameters
        ----------
        positive
            The class to describe; ``True`` by default for a boolean target
            (required for a multi-class one).

        Raises
        ------
        HypothesisSpaceError
            For a multi-class target without ``positive``.
        """
        import sympy

        if positive is None:
            if not self.is_boolean:
                raise HypothesisSpaceError(
                    "a multi-class rule set has no single DNF; name the class to describe"
                )
            positive = True
        terms = []
        earlier: list[Any] = []
        for rule in self.rules:
            condition = sympy.And(*(_sympy_test(t) for t in rule.conditions))
            if _same_label(rule.label, positive):
                guards = earlier if self.ordered else []
                terms.append(sympy.And(condition, *(sympy.Not(e) for e in guards)))
            earlier.append(condition)
        if self.default is not None and _same_label(self.default, positive):
            terms.append(sympy.And(*(sympy.Not(e) for e in earlier)))
        return sympy.Or(*terms)

    def to_latex(self, positive: Label | None = None) -> str:
        """:meth:`to_sympy` as LaTeX."""
        import sympy

        return str(sympy.latex(self.to_sympy(positive)))

    # -- text and JSON -------------------------------------------------------

    def to_text(self) -> list[str]:
        """One line per rule (``IF ... THEN ...``), then the default."""
        lines = []
        for i, rule in enumerate(self.rules, 1):
            stats = ""
            if rule.covered is not None and rule.correct is not None:
                stats = f"  [{_count(rule.correct)}/{_count(rule.covered)}"
                if rule.estimate is not None:
                    stats += f", est. accuracy {rule.estimate:.3f}"
                stats += "]"
            prefix = f"{i}. " if self.ordered else ""
            lines.append(f"{prefix}{rule}{stats}")
        if self.default is not None:
            lines.append(
                f"{'OTHERWISE' if self.ordered else 'DEFAULT'} {label_text(self.default)}"
            )
        return lines

    def to_dict(self) -> dict[str, Any]:
        """The rule set as JSON: its rules, default, ordering and clause form."""
        return {
            "target": f"{self.target}/{len(self.attributes)}",
            "ordered": self.ordered,
            "default": None if self.default is None else _json_label(self.default),
            "rules": [rule.to_dict() for rule in self.rules],
            "clauses": self.clause_strings(),
        }

    def _repr_html_(self) -> str:
        """Jupyter: the clauses, then the rules as ``IF ... THEN ...`` with their counts."""
        kind = "ordered rule list" if self.ordered else "rule set"
        count = len(self.rules)
        title = f"{kind} for {self.target}/{len(self.attributes)}: {count} rule"
        lines = [*self.clause_strings(), *(f"% {line}" for line in self.to_text())]
        return html_block(title + ("" if count == 1 else "s"), lines)


def _count(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def _negated_condition(
    other: Sequence[Condition], own: Sequence[Condition], arguments: Sequence[Term]
) -> Term | bool:
    r"""``\+ other`` given that ``own`` holds: True (always), False (never) or a literal."""
    remaining: list[Condition] = []
    for test in other:
        argument = arguments[test.index]
        if not isinstance(argument, Var):  # the attribute is fixed by an = test
            if not test.holds(argument):
                return True
            continue
        implied = _implied(test, own)
        if implied is True:
            continue
        if implied is False:
            return True
        remaining.append(test)
    if not remaining:
        return False
    if len(remaining) == 1 and remaining[0].op in _OPPOSITE:
        test = remaining[0].negated()
        return test.literal(arguments[test.index])
    goals = [t.literal(arguments[t.index]) for t in remaining]
    inner = goals[-1]
    for goal in reversed(goals[:-1]):
        inner = Struct(",", (goal, inner))
    return Struct("\\+", (inner,))


def _implied(test: Condition, own: Sequence[Condition]) -> bool | None:
    """Whether ``own`` makes ``test`` certainly true, certainly false, or neither (None)."""
    for mine in own:
        if mine.index != test.index:
            continue
        if mine.op == "in" and test.op in ("=", "in"):
            inside = [test.holds(v) for v in mine.value]
            if all(inside):
                return True
            if not any(inside):
                return False
        if mine.op in ("=<", ">") and test.op in ("=<", ">"):
            if mine.op == test.op:
                tighter = mine.value <= test.value if mine.op == "=<" else mine.value >= test.value
                if tighter:
                    return True
            elif ((mine.op, test.op) == (">", "=<") and mine.value >= test.value) or (
                (mine.op, test.op) == ("=<", ">") and mine.value <= test.value
            ):
                return False
    return None


def _sympy_test(test: Condition) -> Any:
    import sympy

    if test.op in ("=", "in"):
        values = test.value if test.op == "in" else (test.value,)
        return sympy.Or(*(sympy.Symbol(f"{test.attribute}={format_term(v)}") for v in values))
    symbol = sympy.Symbol(test.attribute, real=True)
    number = sympy.sympify(test.value)
    return _COMPARE[test.op](symbol, number)
