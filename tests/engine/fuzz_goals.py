"""Random goals over the engine's builtins, for the differential test against SWI-Prolog.

:func:`random_goals` draws goals from templates (arithmetic, comparison,
type tests, text, term inspection, lists) filled with arguments of every kind
(integers small and big, floats, atoms, strings, compound terms, lists,
partial lists, unbound variables), so a builtin meets wrong types and
uninstantiated arguments as often as good ones.  Only goals whose first
solution SWI-Prolog reaches in bounded time are drawn (no ``length(L, N)``
with both unbound, no ``between`` to ``inf``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

__all__ = ["random_goals", "random_library_goals"]

_INTEGERS = ["0", "1", "-1", "2", "3", "7", "-13", "42", "1000", "1180591620717411303424"]
_FLOATS = ["0.0", "1.5", "-2.25", "3.0", "1.0e10", "0.1"]
# No [] among the atoms: SWI-Prolog 7+ makes [] a reserved symbol that is not an
# atom (atom([]) fails there); symlearn keeps the traditional atom '[]'.
_ATOMS = ["a", "b", "foo", "''", "'hello world'", "café", "'A'", "abc"]
_STRINGS = ['"abc"', '""', '"12"']
_COMPOUNDS = ["f(a)", "g(X, b)", "f(a, f(b))", "'-'(1)", "x - y", "[a|T]"]
_LISTS = ["[]", "[1, 2, 3]", "[c, a, b, a]", "[3, 1.5, -2]", '[f(Y), a, 1, "s"]', "[a|b]"]
_VARIABLES = ["X", "Y", "Z"]
_CODES = ["[0'a, 0'b]", "[0'1, 0'2]", "[-1]", "[a, b]", "[X]", '"12"', "[0'1, 0'e, 0'9]"]

_EVALUABLE_1 = [
    "-",
    "abs",
    "sign",
    "min",
    "max",
    "truncate",
    "integer",
    "float",
    "msb",
    "float_integer_part",
    "float_fractional_part",
    "sqrt",
    "exp",
    "log",
    "ceiling",
    "floor",
    "round",
    "\\",
]
_EVALUABLE_2 = [
    "+",
    "-",
    "*",
    "/",
    "//",
    "mod",
    "rem",
    "min",
    "max",
    "**",
    "^",
    ">>",
    "<<",
    "/\\",
    "\\/",
    "xor",
    "gcd",
    "div",
    "atan2",
    "copysign",
]


def _any_term(rng: random.Random) -> str:
    pool = rng.choice([_INTEGERS, _FLOATS, _ATOMS, _STRINGS, _COMPOUNDS, _LISTS, _VARIABLES])
    return rng.choice(pool)


def _number(rng: random.Random) -> str:
    return rng.choice(_INTEGERS if rng.random() < 0.7 else _FLOATS)


def _expression(rng: random.Random, depth: int = 0) -> str:
    roll = rng.random()
    if depth >= 2 or roll < 0.35:
        if rng.random() < 0.08:
            return rng.choice(["a", "X", '"a"', "foo(1)", "[1]", "pi", "e", "inf", "nan"])
        return _number(rng)
    if roll < 0.55:
        name = rng.choice(_EVALUABLE_1)
        if name in ("min", "max"):
            name = "abs"
        return f"{name}({_expression(rng, depth + 1)})"
    name = rng.choice(_EVALUABLE_2)
    left, right = _expression(rng, depth + 1), _expression(rng, depth + 1)
    if name in ("gcd", "atan2", "copysign", "min", "max"):
        return f"{name}({left}, {right})"
    return f"({left}) {name} ({right})"


def _small(rng: random.Random) -> str:
    return rng.choice(["0", "1", "2", "3", "-1", "a", "X", "1.0", "4"])


_ARITH_COMPARE = ["=:=", "<", ">=", "=\\="]
_TERM_COMPARE = ["@<", "@>=", "==", "\\==", "=", "\\="]
_TYPE_TESTS = [
    "atom",
    "number",
    "integer",
    "float",
    "var",
    "nonvar",
    "compound",
    "callable",
    "is_list",
    "atomic",
    "ground",
    "string",
]
_NUMBER_ATOMS = [*_ATOMS, "A", "'12'", "'0x1f'", "'1e5'", "' 5'"]
_TERM_ATOMS = ["A", "'f(X, Y)'", "'foo('", "'1 + 2'"]
# Ground and atomic: SWI writes term_to_atom's text without spaces and names
# variables _123, which no other system reproduces.
_WRITTEN = ["a", "1", "'A b'", "-3", "1.5"]
_SEPARATORS = ["-", "''", "S"]


def _pick(rng: random.Random, *pools: list[str]) -> str:
    return rng.choice([item for pool in pools for item in pool])


def _goal(text: str, *parts: str) -> str:
    return text.format(*parts)


_TEMPLATES: list[Callable[[random.Random], str]] = [
    lambda r: _goal("X is {}", _expression(r)),
    lambda r: _goal("{} {} {}", _expression(r), r.choice(_ARITH_COMPARE), _expression(r)),
    lambda r: _goal("{} is {}", _pick(r, ["X"], _INTEGERS), _expression(r)),
    lambda r: _goal("compare(O, {}, {})", _any_term(r), _any_term(r)),
    lambda r: _goal("{} {} {}", _any_term(r), r.choice(_TERM_COMPARE), _any_term(r)),
    lambda r: _goal("{}({})", r.choice(_TYPE_TESTS), _any_term(r)),
    lambda r: _goal("atom_codes({}, {})", _pick(r, [_any_term(r), "X"]), _pick(r, _CODES, ["L"])),
    lambda r: _goal(
        "atom_chars({}, {})",
        _pick(r, [_any_term(r), "X"]),
        r.choice(["[a, b]", "[X]", "[ab]", "[1]", "L", "[a|T]"]),
    ),
    lambda r: _goal(
        "char_code({}, {})",
        r.choice(["X", "a", "ab", "1", "f(x)"]),
        r.choice(["Y", "97", "-1", "0x110000", "a", "0xD800"]),
    ),
    lambda r: _goal("atom_length({}, {})", _any_term(r), r.choice(["L", "3", "foo", "-1"])),
    lambda r: _goal(
        "number_codes({}, {})", _pick(r, ["X", "a"], [_number(r)]), _pick(r, _CODES, ["L"])
    ),
    lambda r: _goal("atom_number({}, {})", r.choice(_NUMBER_ATOMS), r.choice(["N", "12", "1.5"])),
    lambda r: _goal(
        "atom_concat({}, {}, {})",
        _pick(r, _ATOMS, ["A", "12"]),
        _pick(r, _ATOMS, ["B"]),
        r.choice(["C", "abc", "'12a'"]),
    ),
    lambda r: _goal(
        "atom_string({}, {})", _pick(r, _ATOMS, ["A", "12"]), _pick(r, _STRINGS, ["S"])
    ),
    lambda r: _goal("term_to_atom(T, {})", r.choice(_TERM_ATOMS[1:])),
    lambda r: _goal("term_to_atom({}, A)", r.choice(_WRITTEN)),
    lambda r: _goal(
        "functor({}, {}, {})",
        _pick(r, [_any_term(r), "T"]),
        r.choice(["N", "foo", "1", "f(x)"]),
        _small(r),
    ),
    lambda r: _goal("arg({}, {}, A)", _small(r), _pick(r, _COMPOUNDS, ["foo", "T"])),
    lambda r: _goal(
        "{} =.. {}",
        _pick(r, [_any_term(r), "T"]),
        r.choice(["L", "[foo, a]", "[]", "[1, a]", "[foo|T]", "[X, a]"]),
    ),
    lambda r: _goal("copy_term({}, C)", _any_term(r)),
    lambda r: _goal(
        "length({}, {})", _pick(r, _LISTS, ["a", "f(x)"]), r.choice(["N", "2", "a", "-1"])
    ),
    lambda r: _goal("length(L, {})", r.choice(["0", "2", "-1", "a", "1.0"])),
    lambda r: _goal("{}({}, S)", r.choice(["msort", "sort"]), _pick(r, _LISTS, ["a", "L"])),
    lambda r: _goal(
        "sort({}, {}, {}, S)",
        r.choice(["0", "1", "1.5", "-1", "X"]),  # no atoms: SWI reads them as dict keys
        r.choice(["@<", "@>=", "<", "X", "foo"]),
        r.choice(_LISTS),
    ),
    lambda r: _goal("keysort({}, S)", r.choice(["[b-1, a-2, b-0]", "[a]", "L", "[x-1|T]"])),
    lambda r: _goal("append({}, {}, L)", r.choice(_LISTS), r.choice(_LISTS)),
    lambda r: _goal("member({}, {})", r.choice(["X", "a", "2"]), r.choice(_LISTS)),
    lambda r: _goal("memberchk({}, {})", r.choice(["X", "a", "2"]), r.choice(_LISTS)),
    lambda r: _goal("reverse({}, R)", r.choice(_LISTS)),
    lambda r: _goal("{}({}, {}, E)", r.choice(["nth0", "nth1"]), _small(r), r.choice(_LISTS)),
    lambda r: _goal("last({}, E)", r.choice(_LISTS)),
    lambda r: _goal("{}({}, S)", r.choice(["sum_list", "max_list", "min_list"]), r.choice(_LISTS)),
    lambda r: _goal("numlist({}, {}, L)", _small(r), _small(r)),
    lambda r: _goal("between({}, {}, X)", _small(r), _small(r)),
    lambda r: _goal("succ({}, {})", _small(r), _small(r)),
    lambda r: _goal("plus({}, {}, {})", _small(r), _small(r), _small(r)),
    lambda r: _goal(
        "atomic_list_concat({}, {}, {})",
        r.choice(["[a, b, 1]", "[a, X]", "L", "[f(x)]"]),
        r.choice(_SEPARATORS),
        r.choice(["A", "a-b"]),
    ),
    lambda r: _goal("findall(X, member(X, {}), L)", r.choice(_LISTS)),
    lambda r: _goal(
        "aggregate_all({}, member(X, {}), A)",
        r.choice(["count", "sum(X)", "max(X)", "bag(X)"]),
        r.choice(_LISTS),
    ),
    # a bound ball: SWI adds a context to the instantiation error of throw(_)
    lambda r: _goal("catch(throw({}), E, true)", _pick(r, _INTEGERS, _ATOMS, _COMPOUNDS)),
    lambda r: _goal(
        "unify_with_occurs_check({}, {})", r.choice(["X", "f(X)"]), r.choice(["f(X)", "a"])
    ),
]


def random_goals(seed: int, count: int) -> list[str]:
    """``count`` random goals, the same for the same seed."""
    rng = random.Random(seed)
    return [rng.choice(_TEMPLATES)(rng) for _ in range(count)]


# Text, character and library predicates (SWI-Prolog's strings, char_type/2,
# format/2's directives, library(lists) and library(error)).
_TEXTS = ["abc", "''", "'a b'", '"abc"', '""', '"b"', "12", "X", "Y", "f(x)", "[a]", "1.5"]
_SEPARATORS_TEXT = ['""', '","', '" "', "a"]
_PADS = ['""', '" "']
_DIRECTIVES = ["~w", "~a", "~d", "~s", "~q", "~e", "~2f", "~p", "~c", "~r", "~8|~w", "~t~w~5|"]
_TYPES = ["integer", "atom", "list", "positive_integer", "oneof([a,b])", "boolean", "callable"]
_CHARACTERS = ["a", "'A'", "'1'", "' '", "'_'", "X", "ab", "'('", "1"]
_CLASSES = ["alpha", "alnum", "digit(W)", "space", "upper(L)", "lower(U)", "punct", "csym"]
_CLASSES += ["csymf", "graph", "end_of_line", "to_lower(L)", "to_upper(U)", "T", "paren(P)"]

_LIBRARY_TEMPLATES: list[Callable[[random.Random], str]] = [
    lambda r: _goal("string_concat({}, {}, {})", *(r.choice(_TEXTS) for _ in range(3))),
    lambda r: _goal("findall(A-B, string_concat(A, B, {}), L)", r.choice(_TEXTS)),
    lambda r: _goal(
        "sub_string({}, {}, {}, {}, {})",
        r.choice(_TEXTS),
        r.choice(["B", "0", "1", "-1", "a"]),
        r.choice(["L", "1", "2"]),
        r.choice(["A", "0", "1"]),
        r.choice(["S", '"b"', "b"]),
    ),
    lambda r: _goal(
        "split_string({}, {}, {}, L)",
        r.choice(_TEXTS),
        r.choice(_SEPARATORS_TEXT),
        r.choice(_PADS),
    ),
    lambda r: _goal("must_be({}, {})", r.choice([*_TYPES, "X", "foo"]), _any_term(r)),
    lambda r: _goal("is_of_type({}, {})", r.choice([*_TYPES, "text", "X"]), _any_term(r)),
    lambda r: _goal(
        "{}({}, {}, E, {})",
        r.choice(["nth0", "nth1"]),
        r.choice(["I", "0", "1", "2", "-1", "a"]),
        r.choice([*_LISTS, "L"]),
        r.choice(["R", "[a]", "[]"]),
    ),
    lambda r: _goal("findall(A-B, nextto(A, B, {}), L)", r.choice(_LISTS)),
    lambda r: _goal("clumped({}, C)", r.choice([*_LISTS, "[a, a, b]"])),
    lambda r: _goal("findall(S, select({}, {}, z, S), L)", r.choice(["a", "X"]), r.choice(_LISTS)),
    lambda r: _goal("format(atom(A), {!r}, [{}])", r.choice(_DIRECTIVES), _any_term(r)),
    lambda r: _goal(
        "list_to_assoc({}, A), assoc_to_list(A, L)",
        r.choice(["[a-1, b-2]", "[a-1, a-2]", "[]", "[x]", "L"]),
    ),
    lambda r: _goal(
        "atomic_list_concat({}, {})",
        r.choice(["L", "[a, b]", '[a, "b", 1]', "[a|T]"]),
        r.choice(["A", "ab", '"ab"']),
    ),
    lambda r: _goal("upcase_atom({}, U)", r.choice(_TEXTS)),
    lambda r: _goal(
        "string_code({}, {}, C)", r.choice(["0", "1", "3", "I", "a"]), r.choice(_TEXTS)
    ),
    lambda r: _goal(
        "number_string(N, {})",
        r.choice(['"12"', '" 12"', '"1e3"', '"abc"', '"0x1A"', '"+12"', '"1.5e"', '"12."']),
    ),
    lambda r: _goal(
        "string_chars({}, {})",
        r.choice(["S", '"ab"', "ab", "12"]),
        r.choice(["L", "[a, b]", "[a|_]", '"ab"']),
    ),
    lambda r: _goal("text_to_string({}, S)", r.choice(_TEXTS)),
    lambda r: _goal("char_type({}, {})", r.choice(_CHARACTERS), r.choice(_CLASSES)),
    lambda r: _goal(
        "code_type({}, {})",
        r.choice(["0'a", "0'A", "0'1", "32", "X", "-1", "0'("]),
        r.choice(["alpha", "digit(W)", "space", "upper(L)", "T", "to_lower(L)"]),
    ),
]


def random_library_goals(seed: int, count: int) -> list[str]:
    """``count`` random goals over text, characters and the library, the same for a seed."""
    rng = random.Random(seed)
    return [rng.choice(_LIBRARY_TEMPLATES)(rng) for _ in range(count)]
