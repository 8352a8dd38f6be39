"""Packed lists (``findall`` results stored in one array) are indistinguishable from cells.

``findall/3,4`` and ``aggregate_all(bag, ...)`` return a *packed* list when they
have at least ``control.PACK_AT`` answers: its cells are made on demand from
one array.  Every program must answer exactly as with a chain of plain cells.
The property tests run the same random program over the same random list
twice, with every answer list packed (``PACK_AT = 1``) and with none packed,
and compare all answers; a sample also runs in SWI-Prolog 9.
"""

from __future__ import annotations

import pickle
from array import array
from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine, control
from symlearn.engine.runtime import (
    Ref,
    copy_runtime,
    fresh_ref,
    resolve,
    to_runtime,
    unify,
    variant_key,
)
from symlearn.kb import loads
from symlearn.kb.parser import parse_term_with_variables
from symlearn.logic import terms
from symlearn.logic.printer import format_term
from symlearn.logic.terms import (
    EMPTY_LIST,
    PackedArgs,
    Struct,
    Var,
    compare_terms,
    is_ground,
    list_items,
    make_list,
    packed_list,
    term_equal,
)
from tests.conftest import requires_swipl
from tests.engine.differential import outcome, same_outcome, swipl_outcomes

PROGRAM = """
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).
len([], 0).
len([_|T], N) :- len(T, M), N is M + 1.
total([], S, S).
total([X|T], S0, S) :- ( number(X) -> S1 is S0 + X ; S1 = S0 ), total(T, S1, S).
is_a(X) :- X == a.
wrap(X, f(X)).
plus_if_number(X, S0, S) :- ( integer(X) -> S is S0 + X ; S = S0 ).
pairs([], []).
pairs([X|T], [X-X|R]) :- pairs(T, R).
:- table suffix/2.
suffix(L, L).
suffix([_|T], S) :- suffix(T, S).
"""

#: Goals over a list ``L``; each is run for all its solutions.
GOALS = [
    "length(L, N)",
    "length(L, 2)",
    "len(L, N)",
    "nrev(L, R)",
    "app(A, B, L)",
    "app(L, [z], R)",
    "append(L, [z|T], R), T = [w]",
    "member(E, L)",
    "memberchk(b, L)",
    "last(L, E)",
    "nth0(1, L, E)",
    "nth1(I, L, a)",
    "reverse(L, R)",
    "msort(L, S)",
    "sort(L, S)",
    "sort(0, @>=, L, S)",
    "list_to_set(L, S)",
    "total(L, 0, S)",
    "pairs(L, P), keysort(P, K)",
    "L = [A|T]",
    "L = [A, B|T]",
    "L == [a, b]",
    "copy_term(L, C), C == L",
    "compare(O, L, [a])",
    "compare(O, [a|L], [a, 1])",
    "L @< [b]",
    "L =.. U",
    "functor(L, F, A)",
    "arg(2, L, T)",
    "ground(L)",
    "is_list(L)",
    "term_to_atom(L, A)",
    "term_to_atom(f(L, L), A), term_to_atom(T, A)",
    "findall(X-Y, (member(X, L), member(Y, L)), P)",
    "findall(X, member(X, L), L2), L2 == L",
    "findall(X, member(X, L), L2, [end]), last(L2, E)",
    "aggregate_all(bag(X), member(X, L), B), B = L",
    "aggregate_all(count, member(_, L), N)",
    "suffix(L, S)",
    "assertz(stored(L)), stored(S), retract(stored(_))",
    "sum_list(L, S)",
    "max_list(L, M)",
    "numlist(1, 3, L)",
    "exclude(is_a, L, R)",
    "maplist(wrap, L, R)",
    "foldl(plus_if_number, L, 0, S)",
    "L = [_|T], T = [_|T2], length(T2, N)",
    "L \\= [a|_]",
]

_ATOMIC = st.one_of(
    st.integers(-5, 5),
    st.integers(-(2**70), 2**70),
    st.sampled_from(["a", "b", "c", "'[]'", "1.5", '"s"', "f(a)", "X", "g(Y, X)", "[a]"]),
)


@contextmanager
def _packing(threshold: int, run: int = 1) -> Iterator[None]:
    """Pack every answer list of ``threshold`` or more; walking makes ``run`` cells at once."""
    saved = control.PACK_AT, terms.UNPACKED_RUN
    control.PACK_AT, terms.UNPACKED_RUN = threshold, run
    try:
        yield
    finally:
        control.PACK_AT, terms.UNPACKED_RUN = saved


def _all_outcomes(items: list[str], goal: str, threshold: int, run: int = 1) -> list[str]:
    """Every solution of ``goal`` with ``L`` the list of ``items`` (made by findall)."""
    text = f"findall(Z, member(Z, [{', '.join(str(i) for i in items)}]), L), {goal}"
    query = f"findall(r(L, ({goal})), ({text}), Rs)"
    with _packing(threshold, run):
        return [outcome(query, PROGRAM)]


@settings(max_examples=80, deadline=None)
@given(
    items=st.lists(_ATOMIC, min_size=0, max_size=6),
    goal=st.sampled_from(GOALS),
    run=st.sampled_from([1, 2, 3, 256]),
)
def test_programs_answer_the_same_over_packed_and_plain_lists(items, goal, run):
    packed = _all_outcomes(items, goal, 1, run)
    plain = _all_outcomes(items, goal, 10**9)
    assert packed == plain


@requires_swipl
def test_packed_lists_answer_as_in_swi_prolog():
    items = ["3", "a", "1", "f(b)", "a", "2"]  # ground: fresh variables print differently
    queries = []
    for goal in GOALS:
        if goal.startswith(("suffix", "len(", "nrev", "app(", "total", "pairs", "maplist(wrap")):
            continue  # programs of this file, not loaded into SWI-Prolog by swipl_outcomes
        if goal.startswith("term_to_atom"):
            continue  # symlearn writes "[a, b]" with spaces there, SWI "[a,b]", packed or not
        text = f"findall(Z, member(Z, [{', '.join(items)}]), L), {goal}"
        queries.append(f"findall(r(L, ({goal})), ({text}), Rs)")
    theirs = swipl_outcomes(queries)
    with _packing(1):
        ours = [outcome(q) for q in queries]
    differing = [(q, o, t) for q, o, t in zip(queries, ours, theirs) if not same_outcome(o, t)]
    assert differing == []


def test_findall_of_many_integers_is_packed_and_plain_cells_below_the_threshold():
    engine = Engine(loads("p."))
    for low, kind in ((1, PackedArgs), (2, tuple)):
        goal, names = parse_term_with_variables(
            f"findall(X, between({low}, {control.PACK_AT}, X), L)"
        )
        (solution,) = engine.solve(goal)
        cell = solution[names["L"]]
        assert type(cell.args) is kind
        assert list_items(cell) == (list(range(low, control.PACK_AT + 1)), EMPTY_LIST)


@given(
    items=st.lists(st.one_of(st.integers(-(2**63), 2**63 - 1), st.sampled_from(["a", "[]"]))),
    tail=st.sampled_from([EMPTY_LIST, "x", Struct("f", (1,))]),
    run=st.sampled_from([1, 2, 3, 256]),
)
def test_packed_terms_equal_hash_compare_and_print_as_plain_ones(items, tail, run):
    with _packing(1, run):
        _check_packed_equals_plain(items, tail)


def _check_packed_equals_plain(items: list, tail: object) -> None:
    plain = make_list(items, tail)
    store = array("q", items) if all(type(i) is int for i in items) else list(items)
    packed = packed_list(store, tail)
    assert packed == plain and plain == packed and term_equal(packed, plain)
    assert hash(packed) == hash(plain)
    assert compare_terms(packed, plain) == 0
    assert compare_terms(packed, make_list([*items, "z"], tail)) == compare_terms(
        plain, make_list([*items, "z"], tail)
    )
    assert format_term(packed) == format_term(plain)
    assert list_items(packed) == list_items(plain)
    assert is_ground(packed)
    assert pickle.loads(pickle.dumps(packed)) == plain
    if items:
        assert type(packed.args) is PackedArgs
        assert packed.args == plain.args and plain.args == packed.args
        assert packed.args[1] is packed.args[1]  # a cell's tail is made once
        assert tuple(packed.args) == tuple(reversed(list(reversed(packed.args))))
        assert packed.args[:1] == plain.args[:1] and packed.args + ("q",) == plain.args + ("q",)  # noqa: RUF005
        assert {plain.args: 1}[packed.args] == 1
    assert resolve(packed) == plain and variant_key(packed) == plain
    assert copy_runtime(packed) == plain
    trail: list[Ref] = []
    assert unify(to_runtime(plain, {}), packed, trail)


def test_a_packed_list_with_an_open_tail_binds_like_a_plain_one():
    tail = fresh_ref("T")
    packed = packed_list(list(range(2000)), tail)
    trail: list[Ref] = []
    assert unify(packed, make_list(range(2000), fresh_ref("U")), trail)
    items, end = list_items(resolve(packed))
    # the younger variable (U) is bound to the older (T), as in SWI-Prolog
    assert items == list(range(2000)) and type(end) is Var and end.name == "T"
    assert tail.value is None
