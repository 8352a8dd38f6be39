"""Programs outside ProbLog's semantics: one clear located error, exit status 2."""

from __future__ import annotations

import json

import pytest

from symlearn.bayes.problog.grounding import ground_program
from symlearn.bayes.problog.sdd_compilation import compile_program_sdd
from symlearn.cli import main
from symlearn.errors import ResourceLimitError
from symlearn.kb import loads

CASES = [
    # negation through a cycle (not stratified)
    ("0.5::c.\na :- c, \\+ b.\nb :- \\+ a.\nquery(a).\n", "not stratified", (2, 3)),
    ("0.5::p(1).\nq(X) :- p(X), \\+ r(X).\nr(X) :- q(X).\nquery(q(1)).\n", "not stratified", (2,)),
    # probabilities outside [0, 1], given or computed
    ("0.2::a.\n1.5::b.\nquery(a).\n", "outside [0, 1]", (2,)),
    ("w(x, 2).\nP::a(X) :- w(X, P).\nquery(a(x)).\n", "outside [0, 1]", (2,)),
    # annotated disjunctions summing over 1, given or computed
    ("0.6::a; 0.7::b.\nquery(a).\n", "more than 1", (1,)),
    ("p(0.7).\nq.\nP::a; P::b :- p(P).\nquery(a).\n", "more than 1", (3,)),
    # a grounding that never ends
    ("nat(0).\nnat(s(X)) :- nat(X).\n0.5::a(X) :- nat(X).\nquery(a(_)).\n", "terminate", (2,)),
    # a variable left in the head of a probabilistic clause (ProbLog's
    # NonGroundProbabilisticClause)
    ("0.5::a(X, Y) :- b(X).\nb(1).\nquery(a(_, _)).\n", "not ground", (1,)),
    # groundings that never end: an unbounded between/3, a recursion counting up
    ("0.5::q(X) :- between(1, inf, X).\nquery(q(_)).\n", "terminate", (1,)),
]


@pytest.mark.parametrize(("text", "message", "lines"), CASES)
def test_located_error_and_exit_2(capsys, tmp_path, text, message, lines):
    path = tmp_path / "program.pl"
    path.write_text(text)
    status = main(["infer", str(path)])
    err = capsys.readouterr().err
    assert status == 2, err
    assert message in err and "Traceback" not in err
    assert any(err.startswith(f"{path}:{line}:") for line in lines), err
    status = main(["infer", str(path), "--json"])
    error = json.loads(capsys.readouterr().out)["error"]
    assert status == 2 and error["path"] == str(path) and error["line"] in lines


def test_a_compilation_past_its_memory_limit_suggests_sampling():
    text = "".join(f"0.5::e({i}, {j}).\n" for i in range(6) for j in range(6) if i != j)
    text += "p(X, Y) :- e(X, Y).\np(X, Y) :- e(X, Z), p(Z, Y).\nquery(p(0, 5)).\n"
    program = ground_program(loads(text))
    with pytest.raises(ResourceLimitError, match="--method sample"):
        compile_program_sdd(program, max_nodes=50)
