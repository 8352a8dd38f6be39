"""Builtins raise SWI-Prolog 9's error terms (issue 15, items 5 and 7, and "Also")."""

from __future__ import annotations

import pytest

from tests.conftest import requires_swipl
from tests.engine.differential import outcome, swipl_outcomes

#: Goal -> outcome, as SWI-Prolog 9.0.4 gives them (checked against swipl below).
EXPECTED = {
    "atom_codes(X, [-1])": "error(type_error(character_code, -1))",
    "atom_codes(X, [a])": "r(atom_codes(a, [a]))",
    "atom_codes(X, [Y])": "error(instantiation_error)",
    "atom_codes(X, [0x110000])": "error(type_error(character_code, 1114112))",
    "atom_codes(X, [f(x)])": "error(type_error(character_code, f(x)))",
    "atom_codes(X, foo)": "error(type_error(list, foo))",
    "atom_codes(X, [0'a|T])": "error(instantiation_error)",
    "atom_chars(X, [a, bc])": "error(type_error(character, bc))",
    "atom_chars(X, [Y])": "error(instantiation_error)",
    "char_code(X, -1)": "error(type_error(character_code, -1))",
    "char_code(ab, X)": "error(type_error(character, ab))",
    "char_code(X, Y)": "error(instantiation_error)",
    "char_code(X, 0xD800)": "error(type_error(character_code, 55296))",
    "char_code(X, a)": "error(type_error(integer, a))",
    "number_codes(X, [a])": "error(syntax_error(illegal_number))",
    "number_codes(X, [0'1, Y])": "error(instantiation_error)",
    "number_codes(X, [-1])": "error(type_error(character_code, -1))",
    'number_codes(X, "1e400")': "error(syntax_error(float_overflow))",
    'number_codes(X, " 12")': 'r(number_codes(12, " 12"))',
    'number_codes(X, "12 ")': "error(syntax_error(illegal_number))",
    'number_codes(X, "0x1F")': 'r(number_codes(31, "0x1F"))',
    "number_chars(X, ['1', x])": "error(syntax_error(illegal_number))",
    "atom_number(' 5', N)": "false",
    "atom_number('12abc', N)": "false",
    "atom_length(f(x), L)": "error(type_error(text, f(x)))",
    "atom_length(abc, foo)": "error(type_error(integer, foo))",
    "X is 10.0 ** 400": "error(evaluation_error(float_overflow))",
    "X is 1 / 0.0": "error(evaluation_error(zero_divisor))",
    "X is 7 << -1": "r(3 is 7<< -1)",
    "assert((is(X, Y) :- true))": "error(permission_error(modify, static_procedure, (is)/2))",
    "assert((foo :- X))": "error(instantiation_error)",
    "assert((foo :- a, X))": "error(type_error(callable, (a, A)))",
    "msort(a, X)": "error(type_error(list, a))",
    "X =.. [foo|bar]": "error(type_error(list, [foo|bar]))",
    "length(a, N)": "error(type_error(list, a))",
    "length([a|b], N)": "error(type_error(list, [a|b]))",
    "length(L, a)": "error(type_error(integer, a))",
    "atomic_list_concat(X, '', abc)": "error(domain_error(non_empty_atom, ''))",
}


@pytest.mark.parametrize(("goal", "expected"), EXPECTED.items(), ids=list(EXPECTED))
def test_builtins_raise_swi_error_terms(goal, expected):
    assert outcome(goal) == expected


@requires_swipl
def test_the_expected_outcomes_are_swi_prologs():
    assert swipl_outcomes(list(EXPECTED)) == list(EXPECTED.values())
