"""Progol: bottom clauses, the search of clauses subsuming them, and covering."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.errors import InvalidParameterError, KBError
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.progol import ProgolSettings, progol
from symlearn.kb import load, loads, parse_term
from symlearn.learning.learned_program import LearnedProgram
from symlearn.logic.clauses import Clause
from symlearn.logic.subsumption import subsumes
from tests.conftest import requires_swipl
from tests.ilp.ilp_agreement import assert_same_answers
from tests.ilp.relational import bottom_of, task_of

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
        bottom = bottom_of(family, example, depth=depth)
        assert all(lit.layer <= depth for lit in bottom.body)
        assert coverage.covered(bottom.clause, [example]).tolist() == [True]
        # every literal's constants make a true background fact
        for lit in bottom.body:
            ground = lit.atom
            for var, value in bottom.constants.items():
                from symlearn.logic.unify import substitute

                ground = substitute(ground, {var: value})
            assert coverage.engine.ask(ground)
    assert len(bottom_of(family, example, depth=0)) == 0
    one, two = (len(bottom_of(family, example, depth=d)) for d in (1, 2))
    assert 0 < one < two


def test_bottom_clause_respects_recall_and_constants():
    kb = load(["kb/trains.pl"])
    bottom = bottom_of(kb, parse_term("eastbound(east1)"))
    text = str(bottom.clause)
    assert text.count("has_car(") == 4  # recall * : every car of east1
    assert "load(" in text and "rectangle, 3)" in text  # #shape and #int stay constants
    kb = loads("p(a, b). p(a, c). p(a, d). :- modeh(1, t(+x)). :- modeb(2, p(+x, -x)). pos(t(a)).")
    assert len(bottom_of(kb, parse_term("t(a)"))) == 2


def test_no_head_mode_is_an_error_for_the_bottom_clause_but_progol_derives_modes():
    declared = loads(":- modeh(1, s(+t)). :- modeb(*, p(+t)). p(a). pos(t(a)).")
    with pytest.raises(InvalidParameterError, match="no modeh declaration matches"):
        bottom_of(declared, parse_term("t(a)"))
    kb = loads("p(a). p(b). pos(t(a)). neg(t(b)).")
    # a task without modes states them with one type t (the task's derived modes)
    assert str(bottom_of(kb, parse_term("t(a)")).clause) == "t(A) :-\n    p(A)."
    result = progol(task_of(kb, ("t", 1)))
    assert result.derived_modes == ("modeh(1, t(+t))", "modeb(*, p(+t))")


def test_learns_the_family_targets(family):
    assert progol(task_of(family, ("grandparent", 2))).theory.clauses == (GRANDPARENT,)
    result = progol(task_of(family, ("grandmother", 2)))
    assert result.theory.clauses == (GRANDMOTHER,)
    (learnt,) = result.clauses
    assert (learnt.positives, learnt.negatives) == (7, 0)
    assert subsumes(learnt.clause, learnt.bottom.clause)  # a clause of the search space


def test_learns_the_trains_target():
    result = progol(task_of(load(["kb/trains.pl"]), ("eastbound", 1)))
    assert result.theory.clauses == (EASTBOUND,)


def brute_force_best(kb, target, settings):
    """The best score over every mode-correct subset of the seed's bottom clause."""
    positives, negatives = kb.positives(*target), kb.negatives(*target)
    coverage = Coverage(kb, target)
    bottom = bottom_of(kb, positives[0], depth=settings.variable_depth)
    best = None
    for size in range(settings.clause_length):
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
    settings = ProgolSettings(nodes=100_000, measure="compression")
    result = progol(task_of(family, target), settings)
    assert result.clauses[0].score == brute_force_best(family, target, settings)


def test_settings_come_from_the_file_and_are_checked():
    kb = loads(":- set(clauselength, 3). :- set(posonly). :- set(evalfn, mdl).")
    settings = ProgolSettings.from_values(kb.settings, nodes=10)
    assert (settings.clause_length, settings.positive_only, settings.measure, settings.nodes) == (
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


@pytest.mark.parametrize("score", ["entropy", "gini"])
def test_a_tree_score_says_it_is_for_tree_induction(score):
    kb = loads(f"p(a).\n:- set(evalfn, {score}).")
    with pytest.raises(KBError, match=r"induce_tree.*learn id3") as error:
        ProgolSettings.from_values(kb.settings, kb.setting_positions)
    assert error.value.line == 2


def test_a_short_clauselength_keeps_examples_as_facts(family):
    result = progol(task_of(family, ("grandparent", 2)), ProgolSettings(clause_length=2))
    assert all(c.is_example and c.clause.is_fact for c in result.clauses)
    assert len(result.clauses) == len(family.positives("grandparent", 2))


@pytest.fixture(scope="module")
def generated_kb(generated):
    return load([str(generated)])


@pytest.mark.parametrize("evalfn", ["compression", "coverage", "mdl"])
def test_generated_family_is_learnt(generated_kb, evalfn):
    for target, expected in ((("grandparent", 2), GRANDPARENT), (("grandmother", 2), GRANDMOTHER)):
        result = progol(task_of(generated_kb, target), ProgolSettings(measure=evalfn))
        assert result.theory.clauses == (expected,)


def test_generated_family_theory_is_right_on_held_out_examples(generated, generated_kb):
    test_file = generated.with_name(generated.stem + "_test.pl")
    held_out = load([str(test_file)])
    result = progol(task_of(generated_kb, ("grandmother", 2)))
    tests = held_out.examples_of("grandmother", 2)
    program = LearnedProgram.from_theory(result.theory, generated_kb)
    answers = program.covers([e.atom for e in tests])
    assert answers == [e.kind == "pos" for e in tests]


def test_posonly_learns_grandparent_from_positives(generated_kb):
    result = progol(task_of(generated_kb, ("grandparent", 2)), ProgolSettings(positive_only=True))
    assert result.theory.clauses == (GRANDPARENT,)


@requires_swipl
def test_progol_theories_answer_like_swipl(family):
    theory = progol(task_of(family, ("grandmother", 2))).theory
    assert_same_answers(family, theory, ["grandmother(X, Y)", "grandmother(mona, Y)"])
    trains = load(["kb/trains.pl"])
    theory = progol(task_of(trains, ("eastbound", 1))).theory
    assert_same_answers(trains, theory, ["eastbound(T)"])


def test_example_files_exist():
    assert Path("kb/trains.pl").exists() and Path("kb/grandchild.pl").exists()


# ---------------------------------------------------------------- issue 12, item 7

MEMBER_BASE = Clause.from_term(parse_term("mem(A, B) :- B = [A|_]"))
MEMBER_STEP = Clause.from_term(parse_term("mem(A, B) :- B = [_|C], mem(A, C)"))
ANCESTOR_MODES = (
    ":- modeb(*, ancestor(+person, -person)).\n:- modeb(*, ancestor(-person, +person)).\n"
)


def _place_types(bottom, kb):
    """Each variable of the bottom clause with the types of the mode places it fills."""
    from symlearn.ilp.bottom import at_path, fill, mode_places

    found: dict = {}
    atoms = [(bottom.head, [m for m in kb.modes if m.kind == "head"])]
    atoms += [(lit.atom, [m for m in kb.modes if m.kind == "body"]) for lit in bottom.body]
    for atom, modes in atoms:
        for mode in modes:
            places = mode_places(mode.template)
            values = [at_path(atom, p.path) for p in places]
            if any(v is None for v in values) or fill(mode.template, places, values) != atom:
                continue
            for place, value in zip(places, values):
                if place.kind != "#":
                    found.setdefault(value, set()).add(place.type_name)
            break
    return found


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("kb/family.pl", "grandmother/2"),
        ("kb/trains.pl", "eastbound/1"),
        ("kb/member.pl", "mem/2"),
    ],
)
def test_bottom_clauses_have_one_type_per_variable_and_no_repeated_literal(path, target):
    kb = load([path])
    name, arity = target.split("/")
    for example in kb.positives(name, int(arity))[:6]:
        bottom = bottom_of(kb, example, depth=3)
        atoms = [lit.atom for lit in bottom.body]
        assert len(atoms) == len(set(atoms))
        assert bottom.head not in atoms
        for var, types in _place_types(bottom, kb).items():
            assert len(types) == 1, (var, types, str(bottom.clause))


def test_bottom_clause_keeps_terms_of_different_types_apart():
    kb = loads(
        """
        value_at(1, 2). value_at(2, 2). value_at(3, 5).
        :- modeh(1, next_value(+position, -number)).
        :- modeb(1, value_at(+position, -number)).
        :- modeb(1, succ(+position, -position)).
        pos(next_value(2, 2)).
        """
    )
    bottom = bottom_of(kb, parse_term("next_value(2, 2)"))
    assert str(bottom.clause) == (
        "next_value(A, B) :-\n    value_at(A, B),\n    succ(A, C),\n    value_at(C, _),\n"
        "    succ(C, _)."
    )
    same = loads(":- modeh(1, next_value(+int, -int)). pos(next_value(2, 2)).")
    # one variable per term *and type* (Muggleton 1995): the same type shares it, as in Aleph
    assert str(bottom_of(same, parse_term("next_value(2, 2)")).clause) == "next_value(A, A)."


def test_mode_markers_inside_terms_and_recursion_from_the_other_positives():
    kb = load(["kb/member.pl"])
    bottom = bottom_of(kb, parse_term("mem(1, [0, 1])"), depth=3)
    text = str(bottom.clause)
    assert "B=[C|D]" in text and "mem(A, D)" in text
    result = progol(task_of(kb, ("mem", 2)))
    assert result.theory.clauses == (MEMBER_BASE, MEMBER_STEP)
    assert not result.tabled


@pytest.mark.parametrize(
    ("files", "target", "expected"),
    [
        (
            ["kb/can_reach.pl"],
            ("can_reach", 2),
            [
                "can_reach(A, B) :- linked_to(A, B)",
                "can_reach(A, B) :- linked_to(A, C), can_reach(C, B)",
            ],
        ),
    ],
)
def test_recursive_definitions_are_found(files, target, expected):
    import symlearn

    run = symlearn.learn("progol", *files, target=f"{target[0]}/{target[1]}")
    assert run.result.theory.clauses == tuple(
        Clause.from_term(parse_term(text)) for text in expected
    )


def test_ancestor_with_recursive_modes(tmp_path, family):
    extra = tmp_path / "modes.pl"
    extra.write_text(ANCESTOR_MODES)
    result = progol(task_of(load(["kb/family.pl", str(extra)]), ("ancestor", 2)))
    base, step = result.theory.clauses
    assert base == Clause.from_term(parse_term("ancestor(A, B) :- parent(A, B)"))
    assert [str(g) for g in step.body][-1].startswith("ancestor(")  # right recursion
    covered = LearnedProgram(result.theory.clauses, family, ("ancestor", 2)).covers(
        family.positives("ancestor", 2) + family.negatives("ancestor", 2)
    )
    assert covered == [True] * 6 + [False] * 6


def test_compression_keeps_the_examples_where_coverage_learns_the_recursion(tmp_path):
    extra = tmp_path / "modes.pl"
    extra.write_text(ANCESTOR_MODES)
    kb = load(["kb/family.pl", str(extra)])
    result = progol(task_of(kb, ("ancestor", 2)), ProgolSettings(measure="compression"))
    assert all(c.is_example for c in result.clauses)


def test_a_left_recursive_candidate_is_never_tried():
    from symlearn.ilp.recursion import repeats_its_call

    left = Clause.from_term(parse_term("anc(A, B) :- anc(A, C), parent(C, B)"))
    right = Clause.from_term(parse_term("anc(A, B) :- parent(A, C), anc(C, B)"))
    assert repeats_its_call(left, ("anc", 2))
    assert not repeats_its_call(right, ("anc", 2))


@requires_swipl
def test_a_theory_that_loops_on_the_data_is_tabled(tmp_path):
    import symlearn

    # a cycle in the data: right recursion alone would loop on p(a, d)
    source = tmp_path / "cycle.pl"
    source.write_text(
        "e(a, b). e(b, c). e(c, a). e(d, a).\n"
        "pos(p(a, b)). pos(p(a, c)). pos(p(a, a)). pos(p(b, c)). pos(p(b, a)). pos(p(b, b)).\n"
        "pos(p(c, a)). pos(p(c, b)). pos(p(c, c)). pos(p(d, a)). pos(p(d, b)). pos(p(d, c)).\n"
        "neg(p(a, d)). neg(p(b, d)). neg(p(c, d)). neg(p(d, d)).\n"
        ":- modeh(1, p(+n, +n)). :- modeb(*, e(+n, -n)). :- modeb(*, p(+n, +n)).\n"
    )
    run = symlearn.learn("progol", str(source), target="p/2")
    assert run.tabled and run.result.theory.tabled
    assert run.report()[0].startswith("% tabled: without tabling")
    assert ":- table p/2." in run.program()
    kb = load([str(source)])
    assert_same_answers(kb, run.result.theory, ["p(X, Y)", "p(a, d)", "p(d, Y)"])


def test_progol_derives_modes_with_types_when_none_are_declared():
    kb = loads(
        """
        parent(ann, bob). parent(bob, carl). parent(bob, cleo). parent(ann, dave).
        parent(dave, eve). parent(eve, fay). age(ann, 70). age(bob, 45).
        pos(grandparent(ann, carl)). pos(grandparent(ann, cleo)). pos(grandparent(ann, eve)).
        pos(grandparent(dave, fay)).
        neg(grandparent(bob, ann)). neg(grandparent(ann, bob)). neg(grandparent(carl, ann)).
        neg(grandparent(ann, fay)).
        """
    )
    result = progol(task_of(kb, ("grandparent", 2)))
    assert result.theory.clauses == (GRANDPARENT,)
    assert "modeh(1, grandparent(+t1, +t1))" in result.derived_modes
    assert "modeb(*, age(+t1, -t2))" in result.derived_modes


@requires_swipl
@pytest.mark.parametrize(
    ("path", "target", "goals"),
    [
        ("kb/member.pl", ("mem", 2), ["mem(X, [a, b, c])", "mem(b, [a, b])", "mem(z, [a])"]),
        ("kb/can_reach.pl", ("can_reach", 2), ["can_reach(n0, Y)", "can_reach(X, n8)"]),
    ],
)
def test_learnt_recursive_theories_answer_like_swipl(path, target, goals):
    import symlearn

    run = symlearn.learn("progol", path, target=f"{target[0]}/{target[1]}")
    assert_same_answers(load([path]), run.result.theory, goals)


def test_a_mode_naming_an_undefined_predicate_is_a_warning_with_its_place(tmp_path, capsys):
    from symlearn.cli import main

    source = tmp_path / "undefined.pl"
    source.write_text(
        "p(a). p(c). pos(t(a)). pos(t(c)). neg(t(b)).\n"
        ":- modeh(1, t(+x)).\n:- modeb(1, q(+x)).\n:- modeb(1, p(+x)).\n"
    )
    assert main(["learn", "progol", str(source)]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == "t(A) :-\n    p(A)."
    assert f"{source}:3:1: warning: modeb(1, q(+x)) names q/1" in captured.err


def test_a_rule_the_rest_of_the_theory_does_without_is_dropped():
    # last/2: the seed last([1, 1], 1) gives last(A, B) :- components(A, B, C), last(C, B),
    # which the later, general recursive clause makes redundant
    result = progol(task_of(load(["tests/ilp/tasks/lists/last.pl"]), ("last", 2)))
    assert result.theory.clauses == (
        Clause.from_term(parse_term("last(A, B) :- components(A, B, C), empty(C)")),
        Clause.from_term(parse_term("last(A, B) :- components(A, _, C), last(C, B)")),
    )


def test_derived_modes_follow_the_determinations_and_allow_recursion_they_name():
    kb = loads(
        """
        parent(a, b). parent(b, c). parent(c, d). parent(x, y). age(a, 50).
        pos(anc(a, b)). pos(anc(a, c)). pos(anc(a, d)). pos(anc(b, d)). pos(anc(x, y)).
        pos(anc(c, d)).
        neg(anc(b, a)). neg(anc(d, a)). neg(anc(a, y)). neg(anc(y, x)).
        :- determination(anc/2, parent/2).
        :- determination(anc/2, anc/2).
        """
    )
    result = progol(task_of(kb, ("anc", 2)))
    assert not any("age" in mode for mode in result.derived_modes)
    assert "modeb(*, anc(+t1, -t1))" in result.derived_modes
    base, step = result.theory.clauses
    assert base == Clause.from_term(parse_term("anc(A, B) :- parent(A, B)"))
    assert any(str(goal).startswith("anc(") for goal in step.body)


@pytest.mark.parametrize(
    ("path", "target"),
    [("kb/can_reach.pl", ("can_reach", 2)), ("kb/ancestor.pl", ("ancestor", 2))],
)
def test_bottom_up_coverage_of_recursive_candidates_is_the_tabled_engines(
    path, target, monkeypatch
):
    import numpy as np

    from symlearn.ilp import progol as module

    bottom_up = module._Progol._covered_bottom_up
    compared = []

    def both(self, clause, examples, pool):
        found = bottom_up(self, clause, examples, pool)
        if found is not None:
            self.trial.set_theory([*(c.clause for c in self.learnt), clause])
            mask = self.trial.covered(clause, [examples[i] for i in pool])
            assert sorted(found) == sorted(pool[np.asarray(mask, dtype=bool)]), str(clause)
            compared.append(clause)
        return found

    monkeypatch.setattr(module._Progol, "_covered_bottom_up", both)
    import symlearn

    symlearn.learn("progol", path, target=f"{target[0]}/{target[1]}")  # closed world too
    assert compared


def test_the_default_target_is_the_head_mode_with_examples():
    from symlearn.learning.task import default_target

    # Aleph's mode/2 (its recursion example) makes = /2 a head mode too
    kb = loads(
        ":- mode(*, mem(+any, +list)).\n:- mode(1, ((+list) = ([-any|-list]))).\n"
        "pos(mem(0, [0])). pos(mem(1, [0, 1])). neg(mem(2, [0])).\n"
    )
    assert default_target(kb) == ("mem", 2)


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("kb/can_reach.pl", "can_reach/2"),
        ("kb/trains.pl", "eastbound/1"),
        ("kb/ancestor.pl", "ancestor/2"),
        ("kb/family.pl", "grandmother/2"),
    ],
)
def test_a_clause_scored_once_per_renaming_scores_as_afresh(path, target, monkeypatch):
    """⊥e's literals differing only in a new variable give one clause: scored once, the same."""
    import numpy as np

    from symlearn.ilp.progol_search import BottomSearch

    evaluate, renamed = BottomSearch.evaluate, BottomSearch._renamed
    reused = []

    def checked(self, literals, parent):
        node = evaluate(self, literals, parent)
        fresh = self._score(self.clause(literals), literals, None)  # joined from the head
        assert (node is None) == (fresh is None)
        if node is not None:
            assert np.array_equal(np.sort(node.positives), np.sort(fresh.positives))
            assert np.array_equal(np.sort(node.negatives), np.sort(fresh.negatives))
            assert (node.score, node.acceptable) == (fresh.score, fresh.acceptable)
        return node

    def counted(self, *args):
        reused.append(args)
        return renamed(self, *args)

    monkeypatch.setattr(BottomSearch, "evaluate", checked)
    monkeypatch.setattr(BottomSearch, "_renamed", counted)
    import symlearn

    symlearn.learn("progol", path, target=target)
    assert reused


def test_a_target_without_positives_is_an_error_at_its_head_mode(tmp_path):
    path = tmp_path / "constraints.pl"
    path.write_text(
        ":- modeh(1, aleph_false).\n:- modeb(*, human(-person)).\n"
        ":- modeb(1, male(+person)).\nhuman(fred). male(fred).\n"
    )
    with pytest.raises(KBError, match="integrity constraints") as raised:
        progol(task_of(load([str(path)]), ("aleph_false", 0)))
    assert (raised.value.line, raised.value.column) == (1, 1)
    path.write_text(":- modeh(1, t(+x)).\n:- modeb(*, p(+x)).\np(a).\nneg(t(b)).\n")
    with pytest.raises(KBError, match=r"no positive examples of t/1 \(give them") as raised:
        progol(task_of(load([str(path)]), ("t", 1)))
    assert raised.value.line == 1
    with pytest.raises(InvalidParameterError, match="no positive examples of t/1"):
        progol(task_of(loads("p(a). neg(t(b))."), ("t", 1)))  # no head mode to point at


_VALUES = ["a", "b", "1", "1.0", "2", "f(a)", "f(1.0)", '"a"']


@settings(max_examples=25, deadline=None)
@given(
    rows=st.lists(st.tuples(*[st.sampled_from(_VALUES)] * 3), min_size=1, max_size=8),
    data=st.data(),
)
def test_the_head_table_matches_as_match_does(rows, data):
    """A head of variables and ground terms read from codes covers what matching covers.

    ``normal(1)`` over ``normal(1.0)``, ``t(X, a, X)``, ... against
    :meth:`Coverage.covered` (the head matched to each example by
    :func:`~symlearn.logic.unify.match`, then the body joined), each head
    built from an example's values, variables, ``1.0`` and ``g(X)``; the
    search's :meth:`cover` (bindings kept for refinements) the same.
    """
    import numpy as np

    from symlearn.ilp.progol import _Progol

    like = data.draw(st.sampled_from(rows))  # heads close to an example match some
    text = "".join(f"pos(t({', '.join(r)})).\n" for r in rows) + "r(a). r(1). r(f(a)).\n"
    task = task_of(loads(":- modeh(1, t(+c, +c, +c)).\n:- modeb(*, r(+c)).\n" + text), ("t", 3))
    learner = _Progol(task, ProgolSettings(), None)
    pool = np.arange(len(learner.positives))[::-1].copy()  # in another order than the examples
    for head in itertools.product(*[[value, "X", "Y", "1.0", "g(X)"] for value in like]):
        for body in ["", " :- r(X)"]:
            clause = Clause.from_term(parse_term(f"t({', '.join(head)}){body}"))
            found = learner.covered(clause, learner.positives, pool)
            mask = learner.coverage.covered(clause, [learner.positives[i] for i in pool])
            assert sorted(found.tolist()) == sorted(pool[mask].tolist()), str(clause)
            joined, _ = learner.cover(clause, learner.positives, pool, None, None)  # the search's
            assert sorted(joined.tolist()) == sorted(found.tolist()), str(clause)
