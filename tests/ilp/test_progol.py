"""Progol: bottom clauses, the search of clauses subsuming them, and covering."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

from symlearn.errors import InvalidParameterError, KBError
from symlearn.ilp.bottom import bottom_clause
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.progol import ProgolSettings, progol
from symlearn.kb import load, loads, parse_term
from symlearn.learning.learned_program import LearnedProgram
from symlearn.logic.clauses import Clause
from symlearn.logic.subsumption import subsumes
from tests.conftest import requires_swipl
from tests.ilp.ilp_agreement import assert_same_answers

GRANDPARENT = Clause.from_term(parse_term("grandparent(A, B) :- parent(A, C), parent(C, B)"))
GRANDMOTHER = Clause.from_term(
    parse_term("grandmother(A, B) :- parent(A, C), parent(C, B), female(A)")
)
EASTBOUND = Clause.from_term(parse_term("eastbound(A) :- has_car(A, B), short(B), closed(B)"))


@pytest.fixture(scope="module")
def family():
    return load(["kb/family.pl"])


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("family") / "family_1000.pl"
    subprocess.run(
        [sys.executable, "benchmarks/gen_family.py", "1000", "3", "-o", str(out)], check=True
    )
    return out


def test_bottom_clause_is_true_of_its_example_and_layered(family):
    example = family.positives("grandmother", 2)[0]
    coverage = Coverage(family, ("grandmother", 2))
    for depth in (0, 1, 2):
        bottom = bottom_clause(family, example, depth=depth)
        assert all(lit.layer <= depth for lit in bottom.body)
        assert coverage.covered(bottom.clause, [example]).tolist() == [True]
        # every literal's constants make a true background fact
        for lit in bottom.body:
            ground = lit.atom
            for var, value in bottom.constants.items():
                from symlearn.logic.unify import substitute

                ground = substitute(ground, {var: value})
            assert coverage.engine.ask(ground)
    assert len(bottom_clause(family, example, depth=0)) == 0
    one, two = (len(bottom_clause(family, example, depth=d)) for d in (1, 2))
    assert 0 < one < two


def test_bottom_clause_respects_recall_and_constants():
    kb = load(["kb/trains.pl"])
    bottom = bottom_clause(kb, parse_term("eastbound(east1)"))
    text = str(bottom.clause)
    assert text.count("has_car(") == 4  # recall * : every car of east1
    assert "load(" in text and "rectangle, 3)" in text  # #shape and #int stay constants
    kb = loads("p(a, b). p(a, c). p(a, d). :- modeh(1, t(+x)). :- modeb(2, p(+x, -x)). pos(t(a)).")
    assert len(bottom_clause(kb, parse_term("t(a)"))) == 2


def test_no_head_mode_is_an_error_for_the_bottom_clause_but_progol_derives_modes():
    kb = loads("p(a). p(b). pos(t(a)). neg(t(b)).")
    with pytest.raises(InvalidParameterError):
        bottom_clause(kb, parse_term("t(a)"))
    result = progol(kb, ("t", 1))
    assert result.derived_modes == ("modeh(1, t(+t))", "modeb(*, p(+t))")


def test_learns_the_family_targets(family):
    assert progol(family, ("grandparent", 2)).theory.clauses == (GRANDPARENT,)
    result = progol(family, ("grandmother", 2))
    assert result.theory.clauses == (GRANDMOTHER,)
    (learnt,) = result.clauses
    assert (learnt.positives, learnt.negatives) == (7, 0)
    assert subsumes(learnt.clause, learnt.bottom.clause)  # a clause of the search space


def test_learns_the_trains_target():
    result = progol(load(["kb/trains.pl"]), ("eastbound", 1))
    assert result.theory.clauses == (EASTBOUND,)


def brute_force_best(kb, target, settings):
    """The best score over every mode-correct subset of the seed's bottom clause."""
    positives, negatives = kb.positives(*target), kb.negatives(*target)
    coverage = Coverage(kb, target)
    bottom = bottom_clause(kb, positives[0], depth=settings.i)
    best = None
    for size in range(settings.clauselength):
        for chosen in itertools.combinations(range(len(bottom.body)), size):
            bound = set(bottom.inputs)
            pending = list(chosen)
            order = []
            while pending:
                ready = [j for j in pending if set(bottom.body[j].inputs) <= bound]
                if not ready:
                    break
                order.append(ready[0])
                pending.remove(ready[0])
                bound.update(bottom.body[ready[0]].outputs)
            if pending:
                continue
            clause = Clause(bottom.head, [bottom.body[j].atom for j in order])
            p = int(coverage.covered(clause, positives).sum())
            n = int(coverage.covered(clause, negatives).sum())
            if n <= settings.noise:
                score = p - n - len(clause)
                best = score if best is None else max(best, score)
    return best


@pytest.mark.parametrize("target", [("grandparent", 2), ("grandmother", 2)])
def test_search_finds_the_best_clause_of_the_bottom_clause(family, target):
    settings = ProgolSettings(nodes=100_000, evalfn="compression")
    result = progol(family, target, settings)
    assert result.clauses[0].score == brute_force_best(family, target, settings)


def test_settings_come_from_the_file_and_are_checked():
    kb = loads(":- set(clauselength, 3). :- set(posonly). :- set(evalfn, mdl).")
    settings = ProgolSettings.from_values(kb.settings, nodes=10)
    assert (settings.clauselength, settings.posonly, settings.evalfn, settings.nodes) == (
        3,
        True,
        "mdl",
        10,
    )
    assert settings.evaluation == "posonly"
    with pytest.raises(KBError):
        ProgolSettings.from_values(loads(":- set(nodes, many).").settings)
    with pytest.raises(KBError):
        ProgolSettings.from_values(loads(":- set(evalfn, magic).").settings)


def test_a_short_clauselength_keeps_examples_as_facts(family):
    result = progol(family, ("grandparent", 2), ProgolSettings(clauselength=2))
    assert all(c.is_example and c.clause.is_fact for c in result.clauses)
    assert len(result.clauses) == len(family.positives("grandparent", 2))


@pytest.fixture(scope="module")
def generated_kb(generated):
    return load([str(generated)])


@pytest.mark.parametrize("evalfn", ["compression", "coverage", "mdl"])
def test_generated_family_is_learnt(generated_kb, evalfn):
    for target, expected in ((("grandparent", 2), GRANDPARENT), (("grandmother", 2), GRANDMOTHER)):
        result = progol(generated_kb, target, ProgolSettings(evalfn=evalfn))
        assert result.theory.clauses == (expected,)


def test_generated_family_theory_is_right_on_held_out_examples(generated, generated_kb):
    test_file = generated.with_name(generated.stem + "_test.pl")
    held_out = load([str(test_file)])
    result = progol(generated_kb, ("grandmother", 2))
    tests = held_out.examples_of("grandmother", 2)
    program = LearnedProgram.from_theory(result.theory, generated_kb)
    answers = program.covers([e.atom for e in tests])
    assert answers == [e.kind == "pos" for e in tests]


def test_posonly_learns_grandparent_from_positives(generated_kb):
    result = progol(generated_kb, ("grandparent", 2), ProgolSettings(posonly=True))
    assert result.theory.clauses == (GRANDPARENT,)


@requires_swipl
def test_progol_theories_answer_like_swipl(family):
    theory = progol(family, ("grandmother", 2)).theory
    assert_same_answers(family, theory, ["grandmother(X, Y)", "grandmother(mona, Y)"])
    trains = load(["kb/trains.pl"])
    theory = progol(trains, ("eastbound", 1)).theory
    assert_same_answers(trains, theory, ["eastbound(T)"])


def test_example_files_exist():
    assert Path("kb/trains.pl").exists() and Path("kb/grandchild.pl").exists()
