"""Hypothesis strategies for random terms and clauses."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from symlearn.logic.terms import PString, Struct, Var, make_list

#: Atoms, including ones that need quotes and operators standing alone.
ATOM_NAMES = [
    "a",
    "b",
    "foo",
    "bar_baz",
    "x1",
    "aB",
    "hello world",
    "Hello",
    "don't",
    "_x",
    "1a",
    "back\\slash",
    "new\nline",
    "tab\tbed",
    "",
    "+",
    "-",
    "*",
    "=",
    "<",
    "==",
    "=..",
    "\\+",
    "::=",
    "#",
    "$",
    "!",
    ";",
    "{}",
    "[]",
    "é",
    "ÅÄ",
    "élan",
    "a.b",
    "'",
    "is",
    "mod",
    "dynamic",
    "table",
    ",",
    "|",
    "@",
    "/*",
    "%",
]
#: Functor names, including operators (so operator notation and brackets are exercised).
FUNCTOR_NAMES = [
    "f",
    "g",
    "h",
    "foo",
    "Hello",
    "hello world",
    "-",
    "+",
    "*",
    "/",
    "//",
    "mod",
    "rem",
    "is",
    "=",
    "\\=",
    "==",
    "\\==",
    "<",
    "=<",
    ">=",
    ":-",
    ",",
    ";",
    "->",
    "\\+",
    "^",
    "**",
    ":",
    "@<",
    "=..",
    "xor",
    "dynamic",
    "{}",
    "\\",
    "div",
    "-->",
    "?-",
    "*->",
    "rdiv",
]

integers = st.integers(min_value=-(10**20), max_value=10**20)
floats = st.floats(allow_nan=False, allow_infinity=True, width=64).filter(
    lambda f: not (f == 0 and math.copysign(1, f) < 0) or True
)
strings = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=6).map(
    PString
)


def terms(
    atom_names: list[str] | None = None,
    functor_names: list[str] | None = None,
    with_variables: bool = False,
    max_leaves: int = 12,
) -> st.SearchStrategy:
    """Random terms: atoms, numbers, strings, compound terms and lists."""
    atoms = st.sampled_from(atom_names or ATOM_NAMES)
    leaves = atoms | integers | floats | strings
    if with_variables:
        pool = [Var(n) for n in "XYZW"]
        leaves = leaves | st.sampled_from(pool)
    names = st.sampled_from(functor_names or FUNCTOR_NAMES)

    def extend(children: st.SearchStrategy) -> st.SearchStrategy:
        compound = st.builds(
            lambda name, args: Struct(name, tuple(args)),
            names,
            st.lists(children, min_size=1, max_size=3),
        )
        lists = st.builds(lambda items: make_list(items), st.lists(children, max_size=3))
        partial = st.builds(
            lambda items, tail: make_list(items, tail),
            st.lists(children, min_size=1, max_size=2),
            children,
        )
        return compound | lists | partial

    return st.recursive(leaves, extend, max_leaves=max_leaves)
