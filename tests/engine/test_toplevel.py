"""Answers as SWI-Prolog's toplevel prints them: depth 10 by default, whole in JSON (issue 16)."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.cli import main
from symlearn.engine.toplevel import depth_limited, run_query
from symlearn.kb import loads
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct, make_list
from tests.conftest import SWIPL, requires_swipl

KB = Path(__file__).resolve().parents[2] / "kb"

atoms = st.sampled_from(["a", "b", "[]", "hello world", "x"])
leaves = st.one_of(atoms, st.integers(-20, 200))


def compound(children):
    return st.one_of(
        st.lists(children, max_size=14).map(make_list),
        st.builds(
            lambda args: Struct("f", tuple(args)), st.lists(children, min_size=1, max_size=3)
        ),
        st.builds(lambda a, b: Struct("+", (a, b)), children, children),
        st.builds(lambda a, b: Struct("-", (a, b)), children, children),
        st.builds(lambda a: Struct("-", (a,)), children),
        st.builds(
            lambda items, tail: make_list(items, tail),
            st.lists(children, min_size=1, max_size=4),
            atoms,
        ),
    )


terms = st.recursive(leaves, compound, max_leaves=40)


def swipl_with_depth(texts: list[str], depth: int) -> list[str]:
    """SWI-Prolog's write_term of each term with max_depth(depth), as the toplevel writes."""
    assert SWIPL is not None
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "terms.pl"
        data.write_text("".join(f"t({t}).\n" for t in texts))
        goal = (
            "forall(t(T), (write_term(T, [quoted(true), portray(true), "
            f"max_depth({depth}), spacing(next_argument)]), nl))"
        )
        result = subprocess.run(
            [SWIPL, "-q", "-g", goal, "-t", "halt", str(data)],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
    return result.stdout.splitlines()


@requires_swipl
@settings(max_examples=12, deadline=None)
@given(st.lists(terms, min_size=1, max_size=25), st.integers(1, 12))
def test_depth_limited_writes_as_swi_prolog_does(batch, depth):
    texts = [format_term(t, max_priority=999) for t in batch]
    ours = [format_term(depth_limited(t, depth)) for t in batch]
    assert ours == swipl_with_depth(texts, depth)


def test_depth_zero_is_the_whole_term():
    term = make_list(range(1, 50))
    assert depth_limited(term, 0) is term


def test_a_long_list_is_cut_in_the_text_and_whole_in_the_json(capsys):
    # Issue 16, item 10: numlist(1, 100000, L) was one 688,912-character line.
    assert main(["query", str(KB / "lists.pl"), "numlist(1, 20000, L)"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["L = [1, 2, 3, 4, 5, 6, 7, 8, 9|...]", "1 solution."]
    assert main(["query", str(KB / "lists.pl"), "numlist(1, 20000, L)", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)["solutions"][0]["L"]
    assert whole.startswith("[1, 2, 3") and whole.endswith("19999, 20000]")


def test_full_and_answer_depth_options(capsys):
    goal = "numlist(1, 12, L)"
    assert main(["query", str(KB / "lists.pl"), goal, "--full"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "L = " + format_term(make_list(range(1, 13)))
    assert main(["query", str(KB / "lists.pl"), goal, "--answer-depth", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "L = [1, 2, 3|...]"


def test_variable_names_survive_the_cut():
    # SWI-Prolog: T = f(_A, _A, [_B, _B, a, b, c, d, e, f|...]).
    answers = run_query(loads("p(f(X, X, [Y, Y, a, b, c, d, e, f, g, h, i]))."), "p(T)")
    assert answers.report()[0] == "T = f(_A, _A, [_B, _B, a, b, c, d, e, f|...])"
    assert answers.to_dict()["solutions"][0]["T"].endswith("g, h, i])")
