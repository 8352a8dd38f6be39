"""Aleph's directives and settings as Aleph's users write them (issue 27).

``lazy_evaluate/1``, ``positive_only/1``, ``abducible/1``,
``arithmetic_function/1``, integrity constraints ``false :- Body``, mode
markers inside terms and ``#`` constants of rule-defined predicates for FOIL,
and one warning naming the Aleph settings a learner ignores.  The tasks are
written here in the manner of Aleph's ``examples/`` folder.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from symlearn.cli import main
from symlearn.engine.sld import Engine
from symlearn.errors import KBError
from symlearn.ilp.foil import foil
from symlearn.ilp.progol import progol
from symlearn.kb import loads
from symlearn.kb.formats import load_task
from symlearn.kb.parser import parse_term
from tests.ilp.relational import task_of

TASKS = Path(__file__).parent / "tasks" / "aleph_directives"
# p(X) holds from 7 up; the threshold is in no single example, so only lazy evaluation
# (the smallest positive value above every negative one) finds it
THRESHOLD = (TASKS / "threshold.pl").read_text()
# p(A) :- q(A) would prove p(d), which an integrity constraint forbids
CONSTRAINED = (TASKS / "classes.pl").read_text()
CONSTRAINT = "false :- p(X), forbidden(X).\n"


def test_lazy_evaluation_computes_the_constant_from_the_covered_examples() -> None:
    result = progol(task_of(loads(THRESHOLD), ("p", 1)))
    assert [str(c.clause) for c in result.clauses] == ["p(A) :-\n    above(A, 7)."]


# a regression through two points of the positives, given the positives only
LINE = """
:- mode(1, p(+x, +y)).
:- mode(1, line(+y, +x, #number, #number)).
:- determination(p/2, line/4).
:- lazy_evaluate(line/4).
:- positive_only(line/4).
line(Y, X, M, C) :- number(X), number(Y), nonvar(M), !, Y =:= M * X + C.
line([[Y1, Y2|_], []], [[X1, X2|_], []], M, C) :- !, M is (Y2 - Y1) / (X2 - X1), C is Y1 - M * X1.
line(_, _, 0, 0).
pos(p(1, 5)). pos(p(2, 7)). pos(p(3, 9)). pos(p(5, 13)).
neg(p(1, 4)). neg(p(2, 2)).
"""


def test_positive_only_gives_the_lazy_call_no_negative_values() -> None:
    result = progol(task_of(loads(LINE), ("p", 2)))
    assert [str(c.clause) for c in result.clauses] == ["p(A, B) :-\n    line(B, A, 2, 3)."]


def test_an_integrity_constraint_rejects_the_clause_that_makes_it_provable() -> None:
    free = progol(task_of(loads(CONSTRAINED.replace(CONSTRAINT, "")), ("p", 1)))
    assert [str(c.clause) for c in free.clauses] == ["p(_)."]
    kb = loads(CONSTRAINED)
    assert ("false", 0) not in kb.predicates  # a constraint, not a clause of false/0
    bound = progol(task_of(kb, ("p", 1)))
    assert [str(c.clause) for c in bound.clauses] == ["p(A) :-\n    r(A)."]


def test_abduction_is_not_supported_and_says_so(tmp_path: Path, capsys) -> None:
    path = tmp_path / "gp.pl"
    path.write_text(
        ":- modeh(*, gp(+person, -person)).\n:- modeb(*, parent(+person, -person)).\n"
        ":- set(abduce, true).\n:- abducible(parent/2).\n"
        "gp(X, Z) :- parent(X, Y), parent(Y, Z).\npos(gp(a, c)).\n"
    )
    with pytest.raises(KBError, match="not supported: abduction"):
        progol(task_of(load_task([str(path)]), ("gp", 2)))
    status = main(["learn", "progol", str(path), "--json"])
    error = json.loads(capsys.readouterr().out)["error"]
    assert status == 2 and (error["line"], error["column"]) == (3, 1)


def test_arithmetic_function_calls_the_predicate_as_swi_compiles_it() -> None:
    kb = loads(
        ":- arithmetic_function(inf/0).\n:- arithmetic_function(twice/1).\n"
        "inf(1e10).\ntwice(X, Y) :- Y is 2 * X.\n"
        "p(X) :- X is inf + twice(3).\nq :- 7 > twice(3).\n"
    )
    goal = parse_term("p(X), q")
    assert [str(a) for a in Engine(kb).findall(goal.args[0].args[0], goal)] == ["10000000006.0"]


def test_one_warning_names_the_aleph_settings_progol_ignores(tmp_path: Path, capsys) -> None:
    path = tmp_path / "t.pl"
    path.write_text(CONSTRAINED + ":- set(minscore, 2).\n:- set(explore, true).\n")
    assert main(["learn", "progol", str(path)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "Aleph setting" in line]
    assert warnings == [
        f"{path}:6:1: warning: Aleph setting(s) Progol does not implement, ignored: "
        "refine (line 6), minscore (line 15), explore (line 16)"
    ]


MEMBER_MODES = """
:- mode(*, mem(+any, +list)).
:- mode(1, ((+list) = ([-any|-list]))).
:- determination(mem/2, mem/2).
:- determination(mem/2, '='/2).
"""


def member_examples() -> str:
    """mem(X, L) for every list L of a, b, c up to length 4: positive when X is in L."""
    lines = []
    for length in range(5):
        for items in itertools.product("abc", repeat=length):
            for x in "abc":
                kind = "pos" if x in items else "neg"
                lines.append(f"{kind}(mem({x}, [{', '.join(items)}])).")
    return "\n".join(lines)


def test_foil_reads_mode_markers_inside_terms() -> None:
    result = foil(task_of(loads(MEMBER_MODES + member_examples()), ("mem", 2)))
    assert [str(c.clause) for c in result.clauses] == [
        "mem(A, B) :-\n    B=[A|_].",
        "mem(A, B) :-\n    B=[_|C],\n    mem(A, C).",
    ]


GUESS = """
:- modeh(1, p(+number)).
:- modeb(*, atleast(+number, #number)).
atleast(X, Value) :- number(X), number(Value), !, X >= Value.
atleast(X, Y) :- number(X), var(Y), (Y = X ; Y is X + 1).
pos(p(5)). pos(p(6)). pos(p(9)).
neg(p(1)). neg(p(2)). neg(p(4)).
"""


def test_foil_takes_hash_constants_from_a_rule_defined_predicate() -> None:
    result = foil(task_of(loads(GUESS), ("p", 1)))
    assert [str(c.clause) for c in result.clauses] == ["p(A) :-\n    atleast(A, 5)."]


def test_predicate_invention_is_named_by_the_learners_that_ignore_it(
    tmp_path: Path, capsys
) -> None:
    """Popper's ``enable_pi`` (read as ``predicate_invention``) is honoured by lff alone."""
    path = tmp_path / "t.pl"
    path.write_text(CONSTRAINED + ":- set(predicate_invention, true).\n")
    assert main(["learn", "progol", str(path)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "ignored" in line]
    assert len(warnings) == 1
    assert "warning: setting(s) Progol does not implement, ignored: " in warnings[0]
    assert "predicate_invention (line 15)" in warnings[0]
