"""Substitutions, unification, one-way matching and renaming apart.

A substitution is a plain ``dict`` from :class:`~symlearn.logic.terms.Var` to
term, kept *triangular*: a bound value may mention other bound variables, and
:func:`substitute` resolves them all.  The functions here never change the
dictionaries they are given; they return new ones.  (The query engine has its
own destructive binding for speed; these are for learners and for reasoning
about clauses.)

Functions
---------
walk, unify, match, substitute, rename_apart, occurs_in, compose, variant

References
----------
Robinson, J. A. (1965). A machine-oriented logic based on the resolution
principle.  JACM 12(1).  Most general unifiers as used in first-order
resolution (Mitchell 1997, section 10.7.1).

Examples
--------
>>> from symlearn.logic.terms import Var, struct
>>> x, y = Var("X"), Var("Y")
>>> s = unify(struct("f", x, "b"), struct("f", "a", y))
>>> substitute(struct("g", x, y), s) == struct("g", "a", "b")
True
>>> unify(x, struct("f", x), occurs_check=True) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from symlearn.logic.terms import Struct, Term, Var

__all__ = [
    "Substitution",
    "compose",
    "match",
    "occurs_in",
    "rename_apart",
    "substitute",
    "unify",
    "variant",
    "walk",
]

#: A substitution: variables to terms (triangular).
Substitution = dict[Var, Term]


def walk(term: Term, subst: Mapping[Var, Term]) -> Term:
    """Follow variable bindings in ``subst`` until a non-variable or an unbound variable."""
    while type(term) is Var and term in subst:
        term = subst[term]
    return term


def occurs_in(var: Var, term: Term, subst: Mapping[Var, Term]) -> bool:
    """True when ``var`` occurs in ``term`` under ``subst``."""
    stack = [term]
    while stack:
        t = walk(stack.pop(), subst)
        if t is var:
            return True
        if type(t) is Struct:
            stack.extend(t.args)
    return False


def unify(
    a: Term,
    b: Term,
    subst: Mapping[Var, Term] | None = None,
    occurs_check: bool = False,
) -> Substitution | None:
    """Return the most general unifier of ``a`` and ``b`` extending ``subst``, or None.

    Parameters
    ----------
    a, b
        Terms to unify.
    subst
        Bindings already in force (not modified).
    occurs_check
        Refuse to bind a variable to a term containing it (sound unification);
        off by default, as in Prolog.

    Returns
    -------
    dict or None
        The extended substitution, or None when the terms do not unify.
    """
    result: Substitution = dict(subst) if subst else {}
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        x = walk(x, result)
        y = walk(y, result)
        if x is y:
            continue
        tx, ty = type(x), type(y)
        if tx is Var:
            if occurs_check and occurs_in(x, y, result):  # type: ignore[arg-type]
                return None
            result[x] = y  # type: ignore[index]
        elif ty is Var:
            if occurs_check and occurs_in(y, x, result):  # type: ignore[arg-type]
                return None
            result[y] = x  # type: ignore[index]
        elif tx is Struct:
            if ty is not Struct:
                return None
            assert isinstance(x, Struct) and isinstance(y, Struct)
            if x.name != y.name or len(x.args) != len(y.args):
                return None
            stack.extend(zip(x.args, y.args))
        elif tx is not ty or x != y:
            return None
    return result


def match(
    pattern: Term,
    term: Term,
    subst: Mapping[Var, Term] | None = None,
) -> Substitution | None:
    """One-way matching: a substitution θ with ``pattern``θ == ``term``, or None.

    Only variables of ``pattern`` are bound; variables of ``term`` behave as
    constants.  This is the test behind θ-subsumption.

    Examples
    --------
    >>> from symlearn.logic.terms import Var, struct
    >>> x, y = Var("X"), Var("Y")
    >>> match(struct("p", x, x), struct("p", "a", "a")) == {x: "a"}
    True
    >>> match(struct("p", x, x), struct("p", "a", y)) is None
    True
    """
    result: Substitution = dict(subst) if subst else {}
    stack = [(pattern, term)]
    while stack:
        p, t = stack.pop()
        if type(p) is Var:
            bound = result.get(p)
            if bound is None:
                result[p] = t
            elif not _identical(bound, t):
                return None
        elif type(p) is Struct:
            if type(t) is not Struct:
                return None
            assert isinstance(p, Struct) and isinstance(t, Struct)
            if p.name != t.name or len(p.args) != len(t.args):
                return None
            stack.extend(zip(p.args, t.args))
        elif type(p) is not type(t) or p != t:
            return None
    return result


def _identical(a: Term, b: Term) -> bool:
    from symlearn.logic.terms import term_equal

    return term_equal(a, b)


def substitute(term: Term, subst: Mapping[Var, Term]) -> Term:
    """Apply ``subst`` to ``term``, resolving chains of bindings completely.

    Cyclic bindings (possible without the occurs check) are left as the
    variable where the cycle closes.
    """
    if not subst:
        return term
    return _substitute(term, subst, frozenset())


def _substitute(term: Term, subst: Mapping[Var, Term], active: frozenset[Var]) -> Term:
    t = term
    seen = active
    while type(t) is Var and t in subst and t not in seen:
        seen = seen | {t}
        t = subst[t]
    if type(t) is not Struct:
        return t
    assert isinstance(t, Struct)
    args = t.args
    changed: list[Term] | None = None
    for i, a in enumerate(args):  # atoms and numbers stay as they are, without a call
        kind = type(a)
        if kind is Struct or kind is Var:
            b = _substitute(a, subst, seen)
            if b is not a:
                if changed is None:
                    changed = list(args)
                changed[i] = b
    return t if changed is None else Struct(t.name, tuple(changed))


def compose(first: Mapping[Var, Term], second: Mapping[Var, Term]) -> Substitution:
    """The substitution that applies ``first`` and then ``second``."""
    result: Substitution = {v: substitute(t, second) for v, t in first.items()}
    for v, t in second.items():
        result.setdefault(v, t)
    return result


def rename_apart(
    terms: Iterable[Term], mapping: dict[Var, Var] | None = None
) -> tuple[list[Term], dict[Var, Var]]:
    """Copy ``terms`` with every variable replaced by a fresh one.

    Parameters
    ----------
    terms
        Terms sharing variables (for example a clause's head and body).
    mapping
        Old-to-new variables to reuse and extend.

    Returns
    -------
    (list of terms, dict)
        The renamed terms and the renaming used.
    """
    renaming: dict[Var, Var] = {} if mapping is None else mapping

    def copy(t: Term) -> Term:
        if type(t) is Var:
            assert isinstance(t, Var)
            new = renaming.get(t)
            if new is None:
                new = renaming[t] = Var(t.name)
            return new
        if type(t) is Struct:
            assert isinstance(t, Struct)
            return Struct(t.name, tuple(copy(a) for a in t.args))
        return t

    return [copy(t) for t in terms], renaming


def variant(a: Term, b: Term) -> bool:
    """True when ``a`` and ``b`` are equal up to a consistent renaming of variables.

    Examples
    --------
    >>> from symlearn.logic.terms import Var, struct
    >>> x, y = Var("X"), Var("Y")
    >>> variant(struct("p", x, y), struct("p", y, x))
    True
    >>> variant(struct("p", x, x), struct("p", x, y))
    False
    """
    forward: dict[Var, Var] = {}
    backward: dict[Var, Var] = {}
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is Var:
            if type(y) is not Var:
                return False
            if forward.setdefault(x, y) is not y or backward.setdefault(y, x) is not x:
                return False
        elif type(x) is Struct:
            if type(y) is not Struct:
                return False
            assert isinstance(x, Struct) and isinstance(y, Struct)
            if x.name != y.name or len(x.args) != len(y.args):
                return False
            stack.extend(zip(x.args, y.args))
        elif type(x) is not type(y) or x != y:
            return False
    return True
