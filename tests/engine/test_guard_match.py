"""``X = Term`` with ``X`` known, and ``compare(O, A, B)`` with ``O`` new, compiled inline.

``compare/3`` names the order's atom (``inline_tests.order``) and must
answer as the builtin called at run time.

The compiled goal (``codegen._Writer.test``: ``match`` of ``Term`` against
``X``'s value) must answer as ``=/2`` called at run time (``call(X = Term)``),
bindings, cycles and backtracking into other clauses included, in an
if-then-else's condition or a negation too (whose failure undoes the
bindings), with and without the predicate's switch.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_runtime import _answers, _plain_and_switched

heads = st.sampled_from(["X, Y", "[X|Y], Z", "f(X), Y", "X, f(Y, Z)", "a, X", "X, X"])
terms = st.sampled_from(
    ["a", "1", "f(Y)", "f(a)", "[Y|Z]", "[a, b|Z]", "g(Y, Y)", "g(Z, f(Y))", "f(X)", "h"]
)
rests = st.sampled_from(["", ", !", ", q(Y)", ", q(Z), !", ", Z = Y"])
# In an if-then-else's condition or a negation: its bindings are undone when it fails.
FORMS = ["{}", "( {}, Y == a -> true ; true )", "( {}, fail -> true ; Z = c )"]
FORMS += ["\\+ ( {}, Y == 1 )", "( {} -> true ; true )"]
FORMS += ["( {}, Z = Y, Z == b -> W = t ; W = f ), W == f"]
forms = st.sampled_from(FORMS)
calls = ["p(A, B)", "p(A, A)", "p(a, B)", "p(f(a), B)", "p(f(A), A)", "p([1, 2], B)"]
calls += ["p(f(b), g(A, A))", "p(g(a, B), B)", "p(A, f(a, B))", "p(h, h)", "p(1, f(1))"]


@st.composite
def programs_with_unifications(draw) -> tuple[str, str]:
    lines, reference = ["q(a).", "q(f(b)).", "q(1)."], ["q(a).", "q(f(b)).", "q(1)."]
    for _ in range(draw(st.integers(1, 4))):
        head, term, rest = draw(heads), draw(terms), draw(rests)
        known = draw(st.sampled_from(["X", "Y"]))
        goal = f"{known} = {term}" if draw(st.booleans()) else f"{term} = {known}"
        form = draw(forms)
        lines.append(f"p({head}) :- {form.format(goal)}{rest}.")
        reference.append(f"p({head}) :- {form.format(f'call({goal})')}{rest}.")
    return "\n".join(lines) + "\n", "\n".join(reference) + "\n"


@settings(max_examples=60, deadline=None)
@given(programs_with_unifications())
def test_compiled_unification_answers_as_run_time_unification(programs) -> None:
    from symlearn.kb import loads

    compiled, called = programs
    _, _, expected, found = _plain_and_switched(loads(called), calls, _answers)
    assert found == expected
    _, _, general, switched = _plain_and_switched(loads(compiled), calls, _answers)
    assert general == expected
    assert switched == expected


def test_unification_with_a_known_variable_is_matched_inline(monkeypatch) -> None:
    from symlearn.engine import codegen, procedures
    from symlearn.kb import loads

    written: list[str] = []
    define = codegen._define

    def spy(writer, header):
        written.extend(writer.lines)
        return define(writer, header)

    monkeypatch.setattr(procedures, "_define", spy)
    clause = loads("p(X, Y) :- X = f(Y, a), q(Y).").predicates[("p", 2)].clauses[0]
    procedures.compile_clause_function(clause, lambda name, arity: name)
    assert not any("unify(" in line and ("v0" in line or "Struct(" in line) for line in written)
    assert any("v0.value" in line or ".name != " in line for line in written)


def test_a_failed_condition_undoes_the_matched_binding() -> None:
    from symlearn.engine import Engine
    from symlearn.kb import loads

    program = """
    p(R) :- X = _, ( X = f(Y), Y == 2 -> R = yes ; R = no(X) ).
    q(R) :- X = _, ( \\+ (X = f(Y), Y == 2) -> R = no(X) ; R = yes ).
    """
    engine = Engine(loads(program), datalog=False)
    assert [str(s["R"]) for s in engine.solve_text("p(R)")] == ["no(_)"]
    assert [str(s["R"]) for s in engine.solve_text("q(R)")] == ["no(_)"]


ordered = st.sampled_from(["a", "b", "1", "1.0", "2", "f(a)", "f(b, a)", "g(a)", "[a]", "X", "Y"])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(ordered, ordered), min_size=1, max_size=6))
def test_compiled_compare_answers_as_the_builtin(pairs) -> None:
    from symlearn.kb import loads

    program = """
    p(A, B, R) :- compare(O, A, B), R = O.
    p(_, _, none).
    q(A, B, R) :- call(compare(O, A, B)), R = O.
    q(_, _, none).
    """
    compiled = [f"X = _, Y = _, findall(R, p({a}, {b}, R), L)" for a, b in pairs]
    called = [goal.replace("p(", "q(") for goal in compiled]
    _, _, general, switched = _plain_and_switched(loads(program), compiled + called, _answers)
    assert general == switched
    for p_goal, q_goal in zip(compiled, called):
        assert general[p_goal] == general[q_goal]
        assert "none" in general[p_goal][0]  # [Order, none]: the builtin's answer first
