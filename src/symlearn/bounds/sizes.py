"""Sizes of hypothesis spaces, as sympy expressions in n (and k, d).

A finite-H bound needs ``|H|``.  Each function returns it as a sympy
expression in the number ``n`` of boolean attributes (and ``k`` or the depth
``d`` where they apply), so that a bound can be derived and solved in ``n``.
Counting conventions differ between textbooks, so every function says what
it counts; :mod:`symlearn.bounds.spaces` enumerates each space by brute force
and the tests check every formula against it for small ``n``.

Vocabulary: a *literal* is ``x_i`` or ``not x_i``; a *term* is a conjunction
of literals over distinct variables (never both ``x_i`` and ``not x_i``); a
*clause* is a disjunction of literals over distinct variables (never a
tautology).  "Syntactic" counts distinct written hypotheses; "semantic"
counts distinct boolean functions.

Functions
---------
boolean_conjunction_count
    Conjunctions of boolean literals: ``3^n`` (syntactic, Mitchell's count),
    ``3^n + 1`` (semantic: adds the empty, always-false hypothesis) or ``4^n``
    (every set of the ``2n`` literals).
attribute_conjunction_count
    Attribute-value conjunctions (Mitchell's EnjoySport representation):
    syntactic ``prod(d_i + 2)``, semantic ``1 + prod(d_i + 1)``.
term_count
    Terms with 1 to k literals: ``sum_{i=1..k} C(n, i) 2^i`` (also the number
    of clauses with 1 to k literals).
k_cnf_count, k_dnf_count
    ``2^term_count(n, k)``: every set of such clauses (terms).
k_term_dnf_count
    Disjunctions of at most k terms: ``sum_{j=0..k} C(3^n, j)`` as sets, or
    ``3^(n k)`` as k-tuples (the usual textbook bound).
k_decision_list_count
    Decision lists of distinct terms of 1 to k literals, each with a label,
    plus a default label.
decision_tree_count
    Binary decision trees of depth at most d over n boolean attributes.
boolean_function_count
    All boolean functions of n variables, ``2^(2^n)`` (the unbiased space).
hypothesis_space_size
    One entry point by class name, used by ``symlearn bound hypothesis-space-size``;
    the semantic size of k-CNF, k-DNF, k-term DNF, k-decision lists and
    decision trees is found by enumeration (:mod:`symlearn.bounds.semantic`)
    for ``n`` up to 4.  Each result states what its convention counts.

References
----------
Mitchell (1997) section 2.3 (syntactic and semantic counts of EnjoySport),
section 7.3.2 (|H| = 3^n for conjunctions of boolean literals) and section
7.3.3 (the unbiased class, 2^(2^n); k-term DNF and k-CNF); Kearns and Vazirani
(1994) ch. 1-2; Valiant, L. (1984) "A theory of the learnable" (k-CNF); Rivest,
R. (1987) "Learning decision lists".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sympy as sp

from symlearn.bounds.semantic import ENUMERATED_CLASSES, MAX_VARIABLES, semantic_count
from symlearn.bounds.variables import VARIABLES, lookup, parse_number
from symlearn.errors import InvalidParameterError, ResourceLimitError

__all__ = [
    "SIZE_CLASSES",
    "SizeResult",
    "attribute_conjunction_count",
    "boolean_conjunction_count",
    "boolean_function_count",
    "decision_tree_count",
    "hypothesis_space_size",
    "k_cnf_count",
    "k_decision_list_count",
    "k_dnf_count",
    "k_term_dnf_count",
    "size_class",
    "size_formula",
    "term_count",
]

#: The symbols the formulas are written in.
N = VARIABLES["n"].symbol
K = sp.Symbol("k", positive=True, integer=True)
V = sp.Symbol("v", positive=True, integer=True)


def _choose(options: dict[str, sp.Expr], convention: str) -> sp.Expr:
    return lookup(options, convention, "convention")


def boolean_conjunction_count(n: sp.Expr = N, convention: str = "syntactic") -> sp.Expr:
    """Count conjunctions of literals over ``n`` boolean variables.

    Parameters
    ----------
    n
        The number of variables (a symbol or a number).
    convention
        ``"syntactic"``: each variable occurs positively, negated or not at all;
        the empty conjunction (always true) counts, contradictions do not:
        ``3^n``.  ``"semantic"``: distinct boolean functions, which adds the
        always-false hypothesis: ``3^n + 1`` (for ``n >= 1``; with no variable
        there is no contradiction, only "true").  ``"literal-sets"``: every subset
        of the ``2n`` literals, contradictory ones included: ``4^n``.

    Returns
    -------
    sympy.Expr

    References
    ----------
    Mitchell (1997) section 7.3.2; Kearns and Vazirani (1994) ch. 2.

    Examples
    --------
    >>> boolean_conjunction_count(), boolean_conjunction_count(10, "semantic")
    (3**n, 59050)
    """
    return _choose({"syntactic": 3**n, "semantic": 3**n + 1, "literal-sets": 4**n}, convention)


def attribute_conjunction_count(
    domain_sizes: Sequence[int] | None = None,
    n: sp.Expr = N,
    values: sp.Expr = V,
    convention: str = "semantic",
) -> sp.Expr:
    """Count conjunctions of attribute constraints (a value, ``?`` or ``∅`` per attribute).

    Parameters
    ----------
    domain_sizes
        The number of values of each attribute.  When omitted, ``n``
        attributes with ``values`` values each.
    n, values
        Used when ``domain_sizes`` is omitted.
    convention
        ``"syntactic"``: each attribute is one of its values, ``?`` or ``∅``:
        ``prod(d_i + 2)``.  ``"semantic"``: every hypothesis with an ``∅``
        classifies everything negative, so they count once:
        ``1 + prod(d_i + 1)``, which is the number of distinct functions when
        every attribute has at least two values (with one value, the value
        and ``?`` mean the same).

    Returns
    -------
    sympy.Expr

    References
    ----------
    Mitchell (1997) section 2.3 (EnjoySport: 5120 syntactic, 973 semantic).

    Examples
    --------
    >>> attribute_conjunction_count([3, 2, 2, 2, 2, 2], convention="syntactic")
    5120
    >>> attribute_conjunction_count([3, 2, 2, 2, 2, 2])
    973
    >>> attribute_conjunction_count()
    (v + 1)**n + 1
    """
    if domain_sizes is None:
        options = {"syntactic": (values + 2) ** n, "semantic": 1 + (values + 1) ** n}
    else:
        sizes = [sp.Integer(s) for s in domain_sizes]
        options = {
            "syntactic": sp.Mul(*[s + 2 for s in sizes]),
            "semantic": 1 + sp.Mul(*[s + 1 for s in sizes]),
        }
    return _choose(options, convention)


def term_count(n: sp.Expr = N, k: sp.Expr = K) -> sp.Expr:
    """Count terms (or clauses) of 1 to ``k`` literals over distinct variables of ``n``.

    ``sum_{i=1..k} C(n, i) 2^i``: choose the ``i`` variables, then a sign for
    each.  The empty term is not counted.  With a whole-number ``k`` the sum
    is written out as a polynomial in ``n``.

    Examples
    --------
    >>> term_count(k=2)
    2*n**2
    >>> term_count(3, 3)
    26
    """
    i = sp.Dummy("i", integer=True)
    total = sp.Sum(sp.binomial(n, i) * 2**i, (i, 1, k))
    if sp.sympify(k).is_Integer:
        return sp.expand(sp.expand_func(total.doit()))
    return total


def k_cnf_count(n: sp.Expr = N, k: sp.Expr = K, empty: bool = False) -> sp.Expr:
    """Count k-CNF formulas: sets of clauses with 1 to ``k`` literals each.

    Syntactic count ``2^term_count(n, k)``; the empty set is the always-true
    formula.  The empty clause (always false) is not counted among the
    clauses; with ``empty`` it is, which doubles the count.  Many sets denote
    the same function; the semantic count has no closed form (it is
    enumerated, :mod:`symlearn.bounds.semantic`).  The
    usual upper bound is ``2^((2n)^k)``: at most ``(2n)^k`` clauses, each present
    or absent.

    References
    ----------
    Valiant (1984); Kearns and Vazirani (1994) ch. 1 (k-CNF learned as
    conjunctions over clause variables); Mitchell (1997) section 7.3.3.2.

    Examples
    --------
    >>> k_cnf_count(k=2), k_cnf_count(k=2, empty=True)
    (2**(2*n**2), 2**(2*n**2 + 1))
    """
    return 2 ** (term_count(n, k) + (1 if empty else 0))


def k_dnf_count(n: sp.Expr = N, k: sp.Expr = K, empty: bool = False) -> sp.Expr:
    """Count k-DNF formulas: sets of terms with 1 to ``k`` literals each.

    The dual of :func:`k_cnf_count`, with the same count; the empty set is the
    always-false formula.  With ``empty`` the empty term (always true) is
    counted among the terms.

    Examples
    --------
    >>> k_dnf_count(2, 1)
    16
    """
    return 2 ** (term_count(n, k) + (1 if empty else 0))


def k_term_dnf_count(n: sp.Expr = N, k: sp.Expr = K, convention: str = "sets") -> sp.Expr:
    """Count disjunctions of at most ``k`` terms (any number of literals each).

    Parameters
    ----------
    n, k
        Variables and the largest number of terms.
    convention
        ``"sets"``: sets of at most ``k`` distinct terms drawn from the ``3^n``
        terms (the empty term, always true, included; the empty set is always
        false): ``sum_{j=0..k} C(3^n, j)``.  ``"tuples"``: ordered k-tuples of
        terms, ``3^(n k)``, the bound used by Kearns and Vazirani.

    Examples
    --------
    >>> k_term_dnf_count(2, 2)
    46
    >>> k_term_dnf_count(k=2, convention="tuples")
    3**(2*n)
    """
    j = sp.Dummy("j", integer=True)
    sets = sp.Sum(sp.binomial(3**n, j), (j, 0, k))
    if sp.sympify(k).is_Integer:
        sets = sp.expand_func(sets.doit())
    return _choose({"sets": sets, "tuples": 3 ** (n * k)}, convention)


def k_decision_list_count(n: sp.Expr = N, k: sp.Expr = K) -> sp.Expr:
    """Count k-decision lists over ``n`` boolean variables.

    A k-decision list is a sequence of distinct terms of 1 to ``k`` literals,
    each with a label 0 or 1, followed by a default label.  With
    ``t = term_count(n, k)`` terms there are ``t!/(t - j)!`` sequences of
    length ``j`` and ``2^(j + 1)`` labellings: ``sum_{j=0..t} 2^(j+1) t!/(t-j)!``.

    References
    ----------
    Rivest, R. (1987) "Learning decision lists", *Machine Learning* 2.

    Examples
    --------
    >>> k_decision_list_count(1, 1)
    26
    """
    t = term_count(n, k)
    j = sp.Dummy("j", integer=True)
    total = sp.Sum(2 ** (j + 1) * sp.ff(t, j), (j, 0, t))
    return total.doit() if t.is_Integer else total


def decision_tree_count(n: sp.Expr = N, depth: int = 2) -> sp.Expr:
    """Count binary decision trees of depth at most ``depth`` over ``n`` boolean attributes.

    A tree is a leaf labelled 0 or 1, or a node testing an attribute not
    tested above it, with one subtree per value.  ``T(n, 0) = 2`` and
    ``T(n, d) = 2 + n T(n - 1, d - 1)^2``; for a whole-number depth this is a
    polynomial in ``n``.  Trees are counted syntactically (a test whose two
    subtrees are equal still counts).

    Examples
    --------
    >>> decision_tree_count(depth=1)
    4*n + 2
    >>> decision_tree_count(2, 2)
    74
    """
    if depth < 0:
        raise InvalidParameterError(f"depth must be at least 0, got {depth}")
    count: sp.Expr = sp.Integer(2)
    for level in range(1, depth + 1):
        # Trees of depth <= level over (n - depth + level) attributes.
        count = 2 + (n - depth + level) * count**2
    return sp.expand(count)


def boolean_function_count(n: sp.Expr = N) -> sp.Expr:
    """Count all boolean functions of ``n`` variables: ``2^(2^n)``.

    This is the unbiased hypothesis space (the power set of the instance
    space), the size of the space of unrestricted decision trees.

    References
    ----------
    Mitchell (1997) section 2.7.2 (the unbiased learner: the power set of X)
    and section 7.3.3.1 (``|C| = 2^(2^n)``).

    Examples
    --------
    >>> boolean_function_count(3)
    256
    """
    return 2 ** (2**n)


@dataclass(frozen=True)
class SizeClass:
    """A hypothesis class known to ``hypothesis_space_size``."""

    name: str
    summary: str
    parameters: tuple[str, ...]
    conventions: tuple[str, ...]
    formula: Callable[..., sp.Expr]


SIZE_CLASSES: dict[str, SizeClass] = {
    c.name: c
    for c in (
        SizeClass(
            "conjunctions",
            "conjunctions of boolean literals",
            ("n",),
            ("syntactic", "semantic", "literal-sets"),
            lambda n, convention, **_: boolean_conjunction_count(n, convention),
        ),
        SizeClass(
            "attribute-conjunctions",
            "conjunctions of attribute-value constraints (value, ?, or empty)",
            ("n", "values"),
            ("semantic", "syntactic"),
            lambda n, convention, values=None, domains=None, **_: attribute_conjunction_count(
                domains, n, V if values is None else values, convention
            ),
        ),
        SizeClass(
            "k-cnf",
            "sets of clauses of 1..k literals",
            ("n", "k"),
            ("syntactic", "syntactic-with-empty", "semantic"),
            lambda n, k, convention, **_: k_cnf_count(n, k, convention != "syntactic"),
        ),
        SizeClass(
            "k-dnf",
            "sets of terms of 1..k literals",
            ("n", "k"),
            ("syntactic", "syntactic-with-empty", "semantic"),
            lambda n, k, convention, **_: k_dnf_count(n, k, convention != "syntactic"),
        ),
        SizeClass(
            "k-term-dnf",
            "disjunctions of at most k terms",
            ("n", "k"),
            ("sets", "tuples", "semantic"),
            lambda n, k, convention, **_: k_term_dnf_count(n, k, convention),
        ),
        SizeClass(
            "k-decision-lists",
            "decision lists of distinct terms of 1..k literals",
            ("n", "k"),
            ("syntactic", "semantic"),
            lambda n, k, **_: k_decision_list_count(n, k),
        ),
        SizeClass(
            "decision-trees",
            "binary decision trees of depth at most d",
            ("n", "d"),
            ("syntactic", "semantic"),
            lambda n, d, **_: decision_tree_count(n, d),
        ),
        SizeClass(
            "boolean-functions",
            "all boolean functions (the unbiased space)",
            ("n",),
            ("semantic", "syntactic"),
            lambda n, **_: boolean_function_count(n),
        ),
    )
}


#: What each convention counts, as the output states it: (class, convention) -> text.
NOTES: dict[tuple[str, str], str] = {
    ("conjunctions", "syntactic"): "each variable positive, negated or absent; the "
    "always-false hypothesis not counted",
    ("conjunctions", "semantic"): "distinct functions: the syntactic ones and always-false",
    ("conjunctions", "literal-sets"): "every set of the 2n literals, contradictions included",
    ("attribute-conjunctions", "syntactic"): "each attribute a value, ? or the empty constraint",
    ("attribute-conjunctions", "semantic"): "distinct functions: every hypothesis with an "
    "empty constraint counted once",
    ("k-cnf", "syntactic"): "sets of clauses of 1..k literals; the empty clause (always "
    "false) not counted",
    ("k-cnf", "syntactic-with-empty"): "sets of clauses of 0..k literals: the empty clause "
    "(always false) counted",
    ("k-dnf", "syntactic"): "sets of terms of 1..k literals; the empty term (always true) "
    "not counted",
    ("k-dnf", "syntactic-with-empty"): "sets of terms of 0..k literals: the empty term "
    "(always true) counted",
    ("k-term-dnf", "sets"): "sets of at most k terms, the empty term (always true) included",
    ("k-term-dnf", "tuples"): "ordered k-tuples of terms (the usual textbook bound)",
    ("k-decision-lists", "syntactic"): "lists of distinct terms of 1..k literals, each with "
    "a label, and a default label",
    ("decision-trees", "syntactic"): "trees as written: a test whose subtrees are equal counts",
    ("boolean-functions", "syntactic"): "every subset of the instance space (each one "
    "hypothesis: the same as the semantic count)",
    ("boolean-functions", "semantic"): "every subset of the instance space",
}

#: The note of every semantic count found by enumeration.
ENUMERATED_NOTE = "distinct boolean functions, found by enumeration over the 2^n instances"


@dataclass(frozen=True)
class SizeResult:
    """The size of a hypothesis class: its formula and, for a given n, its value."""

    hypothesis_class: str
    convention: str
    formula: sp.Expr
    size: int | None
    parameters: dict[str, Any]
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON object of ``symlearn bound hypothesis-space-size``."""
        return {
            "bound": "hypothesis-space-size",
            "class": self.hypothesis_class,
            "convention": self.convention,
            "formula": str(self.formula),
            "latex": sp.latex(self.formula),
            "size": self.size,
            "values": {**self.parameters, "size": self.size},
            "note": self.note,
        }

    def report(self, latex: bool = False) -> list[str]:
        """The text of ``symlearn bound hypothesis-space-size``: the formula and the size.

        Examples
        --------
        >>> hypothesis_space_size("conjunctions", 10).report()[:2]
        ['|H| of conjunctions (syntactic): 3**n', 'size = 59049']
        >>> hypothesis_space_size("conjunctions").report(latex=True)
        ['3^{n}']
        """
        if latex:
            return [sp.latex(self.formula)]
        if self.size is not None:
            size = f"size = {self.size}"
        elif self.formula.free_symbols:
            size = "(give --n for a number)"
        else:
            size = f"size = {self.formula} (too large to write out)"
        lines = [f"|H| of {self.hypothesis_class} ({self.convention}): {self.formula}", size]
        return lines + ([f"counted: {self.note}"] if self.note else [])


def size_class(name: str) -> SizeClass:
    """Return the class called ``name``, or raise a clear error."""
    return lookup(SIZE_CLASSES, name, "hypothesis class")


def size_formula(
    name: str,
    *,
    k: int | None = None,
    d: int | None = None,
    values: int | None = None,
    domains: Sequence[int] | None = None,
    convention: str | None = None,
) -> tuple[sp.Expr, str]:
    """Return ``(formula in n, convention)`` of a class, with k, d and values filled in."""
    spec = size_class(name)
    convention = resolve_convention(name, convention)
    if convention == "semantic" and name in ENUMERATED_CLASSES:
        raise InvalidParameterError(
            f"the semantic size of {name} has no formula in n: it is found by enumeration "
            f"for a given --n (at most {MAX_VARIABLES}) or a FILE"
        )
    for option, given in (("k", k), ("d", d)):
        if option in spec.parameters and given is None:
            raise InvalidParameterError(f"class {name} needs --{option}")
    for option, given in (("k", k), ("d", d), ("values", values)):
        if given is not None and (int(given) != given or given < (0 if option == "d" else 1)):
            raise InvalidParameterError(f"--{option} must be a positive whole number")
    formula = spec.formula(n=N, k=k, d=d, values=values, domains=domains, convention=convention)
    return formula, convention


def resolve_convention(name: str, convention: str | None) -> str:
    """Return the convention asked for, or the class's default.

    ``syntactic`` names a class's first syntactic convention where it has no
    convention of that name (``sets`` for k-term DNF).

    Examples
    --------
    >>> resolve_convention("k-term-dnf", "syntactic"), resolve_convention("k-cnf", None)
    ('sets', 'syntactic')
    """
    spec = size_class(name)
    if convention is None:
        return spec.conventions[0]
    if convention == "syntactic" and convention not in spec.conventions:
        return next(c for c in spec.conventions if c != "semantic")
    if convention not in spec.conventions:
        raise InvalidParameterError(
            f"class {name} has no convention {convention!r} (known: {', '.join(spec.conventions)})"
        )
    return convention


def enumerated_size(
    name: str, n: int, *, k: int | None = None, d: int | None = None
) -> SizeResult:
    """The semantic size of a class by enumerating its functions over ``n`` variables.

    Examples
    --------
    >>> enumerated_size("k-cnf", 2, k=1).size
    10
    """
    for option, given in (("k", k), ("d", d)):
        if option in size_class(name).parameters and given is None:
            raise InvalidParameterError(f"class {name} needs --{option}")
    count = semantic_count(name, n, k=k, d=d)
    parameters = {key: value for key, value in (("n", n), ("k", k), ("d", d)) if value is not None}
    return SizeResult(name, "semantic", sp.Integer(count), count, parameters, ENUMERATED_NOTE)


#: The most bits a hypothesis-space size may have (2**23 bits: about 2.5 million digits).
MAX_SIZE_BITS = 1 << 23


def _power_bits(base: sp.Expr, exponent: sp.Expr) -> float | None:
    """Bits of ``base**exponent`` for integers (None when it is not such a power)."""
    if not (base.is_Integer and exponent.is_Integer) or exponent <= 0 or abs(base) <= 1:
        return None
    magnitude = int(abs(base))
    if int(exponent) > MAX_SIZE_BITS:
        return math.inf
    return int(exponent) * math.log2(magnitude)


def evaluate_within_limits(expression: sp.Expr, name: str = "the class") -> sp.Expr:
    """Evaluate ``expression`` bottom up, refusing an integer power past :data:`MAX_SIZE_BITS`.

    Raises
    ------
    ResourceLimitError
        Before computing a power whose value would have more bits than the limit.

    Examples
    --------
    >>> with sp.evaluate(False):
    ...     e = sp.Pow(2, sp.Integer(3) * 4)
    >>> evaluate_within_limits(e)
    4096
    """
    if not expression.args or isinstance(expression, sp.Tuple):
        return expression.doit() if expression.args else expression
    args = [evaluate_within_limits(a, name) for a in expression.args]
    if expression.func is sp.Pow:
        bits = _power_bits(*args)
        if bits is not None and bits > MAX_SIZE_BITS:
            digits = (
                "more than 2.5 million" if math.isinf(bits) else f"{bits * math.log10(2):,.0f}"
            )
            raise ResourceLimitError(
                f"the size of {name} here is {args[0]}**{_short(args[1])}, a number of "
                f"{digits} digits: too large to compute (the formula is exact)"
            )
    return expression.func(*args).doit()


def _short(number: sp.Expr) -> str:
    if abs(int(number)).bit_length() < 64:
        return str(number)
    if abs(int(number)).bit_length() < 1000:
        return f"E with E ~ {float(sp.N(number, 3)):.3g}"
    return "E"


def hypothesis_space_size(
    name: str,
    n: int | None = None,
    *,
    k: int | None = None,
    d: int | None = None,
    values: int | None = None,
    domains: Sequence[int] | None = None,
    convention: str | None = None,
) -> SizeResult:
    """Return the size of a named hypothesis class: formula in ``n`` and value.

    Parameters
    ----------
    name
        A key of :data:`SIZE_CLASSES` (``conjunctions``, ``k-cnf`` ...).
    n
        The number of attributes; when omitted only the formula is given.
    k, d
        The ``k`` of k-CNF, k-DNF, k-term DNF, k-decision lists; the depth of
        decision trees.
    values, domains
        For attribute-value conjunctions: the number of values of every
        attribute, or the list of domain sizes (then ``n`` is its length).
    convention
        The counting convention; the class's first one by default.

    Returns
    -------
    SizeResult

    Raises
    ------
    InvalidParameterError
        For an unknown class or convention, or a missing or invalid parameter.

    Examples
    --------
    >>> r = hypothesis_space_size("conjunctions", 10)
    >>> r.formula, r.size
    (3**n, 59049)
    >>> hypothesis_space_size("attribute-conjunctions", domains=[3, 2, 2, 2, 2, 2]).size
    973
    """
    if resolve_convention(name, convention) == "semantic" and name in ENUMERATED_CLASSES:
        if n is None:
            raise InvalidParameterError(
                f"the semantic size of {name} is found by enumeration: give --n "
                f"(at most {MAX_VARIABLES})"
            )
        return enumerated_size(name, int(parse_number(n)), k=k, d=d)
    formula, convention = size_formula(
        name, k=k, d=d, values=values, domains=domains, convention=convention
    )
    parameters: dict[str, Any] = {}
    if domains is not None:
        parameters["domains"] = list(domains)
        n = len(domains)
    for option, given in (("n", n), ("k", k), ("d", d), ("values", values)):
        if given is not None:
            parameters[option] = given
    size = None
    if n is not None:
        count = parse_number(n)
        if not (count.is_integer and count >= 1):
            raise InvalidParameterError(f"n must be a whole number at least 1, got {n}")
        with sp.evaluate(False):  # 2**(huge) must not be computed before it is checked
            substituted = sp.sympify(formula).xreplace({N: count})
        value = evaluate_within_limits(substituted, name)
        if not (value.is_Integer or value.is_integer):
            raise InvalidParameterError(f"class {name} needs more parameters (got {value})")
        size = int(value)
    return SizeResult(
        name, convention, formula, size, parameters, NOTES.get((name, convention), "")
    )
