"""A small ground compound term in a clause head, matched node by node, against ``unify``.

``codegen``: a head argument such as ``[i, u]`` or ``f(a, g(1))`` of at most
``_GROUND_MATCHED`` nodes is matched as a head term with variables is (read
mode node by node, the shared constant bound in write mode) instead of by a
call of ``unify``.  A random ground term in a head answers random calls as
the same term unified in the body (``=``, the general unifier) does.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.engine import Engine, procedures
from symlearn.kb import loads

LEAVES = ["a", "b", "1", "2.0", "[]", '"s"']


@st.composite
def ground_terms(draw: st.DrawFn, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(st.sampled_from(LEAVES))
    kind = draw(st.sampled_from(["f", "g", "list"]))
    items = [draw(ground_terms(depth - 1)) for _ in range(draw(st.integers(1, 3)))]
    if kind == "list":
        return f"[{', '.join(items)}]"
    return f"{kind}({', '.join(items)})"


@st.composite
def patterns(draw: st.DrawFn, depth: int = 3) -> str:
    """A call's argument: ground, or with variables (some repeated) in it."""
    if depth == 0 or draw(st.booleans()):
        return draw(st.sampled_from([*LEAVES, "X", "Y", "_"]))
    kind = draw(st.sampled_from(["f", "g", "list", "tail"]))
    items = [draw(patterns(depth - 1)) for _ in range(draw(st.integers(1, 3)))]
    if kind == "list":
        return f"[{', '.join(items)}]"
    if kind == "tail":
        return f"[{items[0]}|T]"
    return f"{kind}({', '.join(items)})"


def _found(engine: Engine, goal: str) -> list[str]:
    return [str(s["L"]) for s in engine.solve_text(goal)]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(ground_terms(), min_size=1, max_size=3),
    st.lists(patterns(), min_size=4, max_size=8),
)
def test_a_small_ground_head_matches_as_unify(heads: list[str], calls: list[str]) -> None:
    lines = []
    for head in heads:
        lines.append(f"h({head}, c).")
        lines.append(f"b(A, c) :- A = {head}.")
    lines.append("h(zz, Z) :- Z = d.")  # rules, not facts
    lines.append("b(zz, Z) :- Z = d.")
    kb = loads("\n".join(lines) + "\n")
    before = procedures._SWITCH_AFTER_CALLS
    try:
        for switch_after in (0, 10**9):  # the switch's code and the clause functions
            procedures._SWITCH_AFTER_CALLS = switch_after
            engine = Engine(kb, max_steps=10_000)
            for call in calls:
                via_head = _found(engine, f"findall({call}, h({call}, _), L)")
                assert via_head == _found(engine, f"findall({call}, b({call}, _), L)"), (
                    lines,
                    call,
                )
    finally:
        procedures._SWITCH_AFTER_CALLS = before
