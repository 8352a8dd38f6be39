"""The parts of learning from failures that do not need the solver, and property tests.

* constraints from a failure (:mod:`symlearn.ilp.lff.failures`,
  :mod:`symlearn.ilp.lff.constrain`, :mod:`symlearn.ilp.lff.explain`);
* the test step (:mod:`symlearn.ilp.lff.tester`, the demand-driven evaluator
  of :mod:`symlearn.ilp.lff.demand`) against the query engine and the least
  model;
* every program lff returns proves every positive and no negative training
  example (the engine tells), and no smaller union of rules of the space does
  (all its rules enumerated, tested by the engine, combined by brute force);
  under noise, no rule or pair of rules has a smaller description length.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symlearn
from symlearn.ilp.coverage import Coverage
from symlearn.ilp.least_model import least_model
from symlearn.ilp.lff import tester as lff_tester
from symlearn.ilp.lff.bias import Bias, Predicate, read_bias
from symlearn.ilp.lff.constrain import (
    GENERALISATION,
    REDUNDANCY,
    SPECIALISATION,
    UNSAT,
    Constraint,
    body_renamings,
    clause_placements,
    placed_maps,
    variable_maps,
)
from symlearn.ilp.lff.demand import Oracle, demanded_answers
from symlearn.ilp.lff.explain import explain, unsatisfiable_core
from symlearn.ilp.lff.failures import noiseless_constraints
from symlearn.ilp.lff.generate import Generator
from symlearn.ilp.lff.rules import Literal, Rule, canonical, to_clause
from symlearn.ilp.lff.tester import Outcome
from symlearn.ilp.task import RelationalTask
from symlearn.kb import loads
from symlearn.kb.parser import parse_term
from symlearn.learning.learned_program import LearnedProgram
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause

ROOT = Path(__file__).resolve().parents[2]
TASKS = ROOT / "tests" / "ilp" / "tasks" / "lff"

F = Literal("f", (0,))


def rule(*body: tuple[str, tuple[int, ...]], head: Literal = F) -> Rule:
    return Rule(head, frozenset(Literal(p, a) for p, a in body))


# ---------------------------------------------------------------- constraints


def test_renamings_keep_head_variables_and_number_the_others() -> None:
    r = rule(("q", (0, 1)), ("r", (1, 2)))
    exact = {b for b in body_renamings(r, 4, exact=True)}
    assert exact == {
        (Literal("q", (0, 1)), Literal("r", (1, 2))),
        (Literal("q", (0, 2)), Literal("r", (2, 1))),
    }
    assert len(list(body_renamings(r, 4, exact=False))) == 3 * 2  # 2 variables into {1, 2, 3}


_ARGS = st.lists(st.integers(0, 3), min_size=1, max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("pqr"), _ARGS), min_size=1, max_size=3),
    st.sets(st.tuples(st.sampled_from("pqr"), st.lists(st.integers(0, 4), max_size=3).map(tuple))),
)
def test_placed_maps_are_the_variable_maps_whose_literals_all_have_a_place(body, atoms) -> None:
    literals = [Literal(p, a) for p, a in body]
    places = {p: [a for q, a in sorted(atoms) if q == p] for p in "pqr"}
    expected = {
        m for m in variable_maps(literals, 5) if all(b.arguments in places[b.predicate] for b in m)
    }
    found = list(placed_maps(literals, places.__getitem__))
    assert len(found) == len(set(found)) and set(found) == expected


def test_a_recursive_rule_never_goes_to_clause_zero() -> None:
    base = rule(("q", (0,)))
    step = rule(("p", (0, 1)), ("f", (1,)))
    assert list(clause_placements([base, step], 3)) == [(0, 1), (0, 2), (1, 2), (2, 1)]
    assert list(clause_placements([base, step], 3, SPECIALISATION)) == [(0, 1)]


class FakeTester:
    """A tester whose coverage is a table: rule body (as a set) -> positives proved."""

    def __init__(self, proves: dict[frozenset[Literal], int], unsat: set[frozenset[Literal]]):
        self.proves = proves
        self.unsat = unsat
        self.directions: dict[str, tuple[tuple[str, ...], ...]] = {}

    def rule_covers(self, r: Rule, positive: bool) -> int:
        return self.proves.get(r.body, 0)

    def test(self, program, *, negatives: bool = True, always: bool = False) -> Outcome:
        positives = 0
        for r in program:
            positives |= self.proves.get(r.body, 0)
        return Outcome(positives, 0)

    def body_satisfiable(self, literals) -> bool:
        return not any(core <= frozenset(literals) for core in self.unsat)


class State:
    def __init__(self, tester: FakeTester, recursion: bool = False) -> None:
        head = Predicate("f", 1)
        self.bias = Bias(head, (Predicate("q", 2), Predicate("r", 1)), recursion=recursion)
        self.tester = tester
        self.all_positives = 0b111
        self.n_pos, self.n_neg = 3, 2
        self.collected: list[tuple[int, int]] = []
        self.explored: set = set()
        self.bound: int | None = None


def test_an_inconsistent_program_prunes_its_generalisations_only() -> None:
    program = frozenset({rule(("q", (0, 1)))})
    verdict = noiseless_constraints(State(FakeTester({}, set())), program, Outcome(0b011, 0b1))
    assert [c.kind for c in verdict.constraints] == [GENERALISATION]
    assert not verdict.collect and not verdict.solution


def test_a_consistent_program_prunes_its_specialisations_and_is_collected() -> None:
    program = frozenset({rule(("q", (0, 1)))})
    state = State(FakeTester({}, set()))
    verdict = noiseless_constraints(state, program, Outcome(0b011, 0))
    assert [c.kind for c in verdict.constraints] == [SPECIALISATION] and verdict.collect
    state.collected.append((0b111, 2))  # a program already proves all of them
    assert not noiseless_constraints(state, program, Outcome(0b011, 0)).collect
    assert noiseless_constraints(state, program, Outcome(0b111, 0)).solution


def test_a_failing_rule_is_explained_by_its_unsatisfiable_core() -> None:
    odd, even = Literal("odd", (1,)), Literal("even", (1,))
    program = frozenset({rule(("q", (0, 1)), ("odd", (1,)), ("even", (1,)))})
    tester = FakeTester(
        {frozenset({Literal("q", (0, 1))}): 0b1, frozenset({Literal("q", (0, 1)), odd}): 0b1},
        {frozenset({odd, even})},
    )
    tester.proves[frozenset({Literal("q", (0, 1)), even})] = 0b10
    verdict = noiseless_constraints(State(tester), program, Outcome(0, None))
    kinds = [(c.kind, sorted(c.rules[0].body)) for c in verdict.constraints]
    assert (SPECIALISATION, sorted(next(iter(program)).body)) in kinds
    assert (UNSAT, [even, odd]) in kinds


def test_under_recursion_a_base_case_that_fails_prunes_redundant_recursion() -> None:
    program = frozenset({rule(("r", (0,)))})
    verdict = noiseless_constraints(
        State(FakeTester({}, set()), recursion=True), program, Outcome(0, 0)
    )
    assert [c.kind for c in verdict.constraints][:2] == [SPECIALISATION, REDUNDANCY]


def test_explain_keeps_only_minimal_failing_parts() -> None:
    q, r1, r2 = Literal("q", (0, 1)), Literal("r", (1,)), Literal("s", (1,))
    program = frozenset({Rule(F, frozenset({q, r1, r2}))})
    fails = frozenset({q, r1})  # every part with q and r fails
    found = explain(
        program,
        lambda part: not fails <= next(iter(part)).body,
        lambda literals: None,
        {},
    )
    assert found == [Constraint(SPECIALISATION, (Rule(F, fails),))]
    assert unsatisfiable_core((q, r1, r2), lambda b: not {r1, r2} <= set(b)) == (r1, r2)


# ---------------------------------------------------------------- the solver


def test_a_specialisation_constraint_prunes_every_program_containing_the_rule() -> None:
    bias = Bias(Predicate("f", 1), (Predicate("q", 1), Predicate("r", 1), Predicate("s", 1)))
    generator = Generator(bias)
    before = {frozenset(p) for p in generator.programs(3)}
    assert len(before) == 3  # f(A):- q(A),r(A). and the two others
    generator.constrain([Constraint(SPECIALISATION, (rule(("q", (0,))),))])
    after = {frozenset(p) for p in generator.programs(3)}
    assert after == {frozenset({rule(("r", (0,)), ("s", (0,)))})}


def test_a_constraint_on_several_rules_prunes_within_the_solve_call() -> None:
    # added after the first program of a size, it is checked on each later answer set of
    # the same call (no new call): that call returns what a call with it defined beforehand
    # returns, less the first program
    bias = Bias(
        Predicate("f", 2), (Predicate("e", 2), Predicate("g", 2)), max_body=3, recursion=True
    )
    head = Literal("f", (0, 1))
    base = rule(("e", (0, 1)), head=head)
    step = rule(("e", (0, 2)), ("f", (2, 1)), head=head)
    constraint = Constraint(SPECIALISATION, (base, step))
    lazy = Generator(bias)
    programs = lazy.programs(6)
    first = next(programs)
    lazy.constrain([constraint])
    before = lazy.nogoods
    rest = {frozenset(p) for p in programs}
    assert lazy.nogoods > before  # instances added as answer sets violated it
    defined = Generator(bias)
    defined.constrain([constraint])
    assert rest == {frozenset(p) for p in defined.programs(6)} - {first}
    assert not any(base in p and step in p for p in rest)


# ---------------------------------------------------------------- the test step


def last_programs() -> list[frozenset[Rule]]:
    head = Literal("last", (0, 1))

    def r(*body: tuple[str, tuple[int, ...]]) -> Rule:
        return rule(*body, head=head)

    base = r(("head", (0, 1)), ("tail", (0, 2)), ("empty", (2,)))
    return [
        frozenset({base}),
        frozenset({r(("head", (0, 1)))}),
        frozenset({base, r(("tail", (0, 2)), ("last", (2, 1)))}),
        frozenset({r(("head", (0, 1))), r(("tail", (0, 2)), ("last", (2, 1)))}),
        frozenset({base, r(("tail", (0, 2)), ("tail", (2, 3)), ("last", (3, 1)))}),
    ]


@pytest.mark.parametrize("program", last_programs(), ids=str)
def test_the_test_step_agrees_with_the_query_engine(program: frozenset[Rule]) -> None:
    task = LearningTask.from_files([str(TASKS / "last")])
    relational = RelationalTask.from_task(task)
    bias = read_bias(relational)
    tester = lff_tester.Tester(relational, bias, max_steps=20_000)
    outcome = tester.test(program, always=True)
    theory = LearnedProgram(
        [to_clause(r, bias.directions()) for r in program], task.kb, task.target
    )
    engine_pos = theory.covers(list(relational.positives))
    engine_neg = theory.covers(list(relational.negatives))
    assert [bool(outcome.positives >> i & 1) for i in range(len(engine_pos))] == engine_pos
    assert [bool((outcome.negatives or 0) >> i & 1) for i in range(len(engine_neg))] == engine_neg


@settings(max_examples=40, deadline=None)
@given(
    edges=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=12),
    base=st.sampled_from(["e(A, B)", "e(B, A)", "e(A, C), e(C, B)"]),
    step=st.sampled_from(["e(A, C), t(C, B)", "t(A, C), e(C, B)", "e(C, A), t(C, B)"]),
)
def test_demanded_answers_are_the_least_model(edges, base, step) -> None:
    facts = " ".join(f"e(n{a}, n{b})." for a, b in edges) or ":- dynamic e/2."
    kb = loads(facts)
    clauses = [Clause.from_term(parse_term(f"t(A, B) :- {body}")) for body in (base, step)]
    coverage = Coverage(kb, ("t", 2))
    asked_terms = [(f"n{a}", f"n{b}") for a in range(6) for b in range(6)]
    symbols = coverage.symbols
    asked = [tuple(symbols.code(x) for x in pair) for pair in asked_terms]
    found = demanded_answers(Oracle(coverage), ("t", 2), clauses, asked)
    assert found is not None and found.complete
    model = least_model(Coverage(kb, ("t", 2)), ("t", 2), clauses)
    assert model is not None
    rows = {tuple(r) for r in model.tolist()}
    assert found.proved.tolist() == [row in rows for row in asked]


# ---------------------------------------------------------------- lff's result


CONSTANTS = ["a", "b", "c", "d"]


@st.composite
def small_tasks(draw: st.DrawFn) -> str:
    pairs = st.tuples(st.sampled_from(CONSTANTS), st.sampled_from(CONSTANTS))
    lines = []
    for name in ("p", "q"):
        lines += [f"{name}({x}, {y})." for x, y in draw(st.lists(pairs, max_size=6))]
    lines += [f"r({x})." for x in draw(st.lists(st.sampled_from(CONSTANTS), max_size=3))]
    positives = draw(st.lists(pairs, min_size=1, max_size=4, unique=True))
    negatives = [n for n in draw(st.lists(pairs, max_size=4, unique=True)) if n not in positives]
    lines += [f"pos(t({x}, {y}))." for x, y in positives]
    lines += [f"neg(t({x}, {y}))." for x, y in negatives]
    lines += [":- dynamic p/2.", ":- dynamic q/2.", ":- dynamic r/1."]
    lines += [
        ":- modeh(1, t(+e, +e)).",
        ":- modeb(*, p(+e, -e)).",
        ":- modeb(*, p(-e, +e)).",
        ":- modeb(*, q(+e, -e)).",
        ":- modeb(*, q(-e, +e)).",
        ":- modeb(*, r(+e)).",
    ]
    lines += [":- set(max_body, 2).", ":- set(max_vars, 3)."]
    return "\n".join(lines)


def every_rule(bias: Bias) -> list[Rule]:
    """Every rule of the space: the programs of the unconstrained generator."""
    generator = Generator(bias)
    found = []
    for size in range(2, bias.max_body + 2):
        found += [next(iter(p)) for p in generator.programs(size) if len(p) == 1]
    return list({canonical(r): r for r in found}.values())


@settings(max_examples=10, deadline=None)
@given(text=small_tasks(), noisy=st.booleans())
def test_every_program_returned_is_right_and_smallest(text: str, noisy: bool) -> None:
    kb = loads(text)
    task = LearningTask.from_kb(kb, ("t", 2))
    result = symlearn.learn("lff", task, noisy=noisy, timeout=60)
    relational = RelationalTask.from_task(task)
    examples = list(relational.positives) + list(relational.negatives)
    n_pos = len(relational.positives)
    bias = read_bias(relational)

    def proved(clauses: list[Clause]) -> tuple[int, int]:
        """Bit sets of the positives and negatives the engine proves."""
        answers = LearnedProgram(clauses, kb, ("t", 2)).covers(examples)
        bits = sum(1 << i for i, yes in enumerate(answers) if yes)
        return bits & ((1 << n_pos) - 1), bits >> n_pos

    learnt = result.program_clauses()
    tp_bits, fp_bits = proved(learnt)
    tp, fp = tp_bits.bit_count(), fp_bits.bit_count()
    size = sum(len(c) for c in learnt)
    stopped = result.to_dict()["stopped"]
    assert stopped in ("solved", "exhausted")
    assert stopped == "solved" or not learnt
    # every rule of the space, proved by the engine (a union of rules proves the union)
    scored = [(r.size, *proved([to_clause(r, bias.directions())])) for r in every_rule(bias)]
    if not noisy:
        if learnt:
            assert (tp, fp) == (n_pos, 0)
        consistent = [(s, p) for s, p, n in scored if n == 0 and p]
        cheaper = [
            combo
            for k in (1, 2, 3)
            for combo in itertools.combinations(consistent, k)
            if sum(s for s, _ in combo) < (size or 10**6)
            and _union(p for _, p in combo) == (1 << n_pos) - 1
        ]
        assert not cheaper
        return
    mdl = size + n_pos - tp + fp
    assert mdl <= n_pos  # never worse than the empty program
    for k in (1, 2):
        for combo in itertools.combinations(scored, k):
            pos = _union(p for _, p, _ in combo).bit_count()
            neg = _union(n for _, _, n in combo).bit_count()
            assert mdl <= sum(s for s, _, _ in combo) + n_pos - pos + neg


def _union(sets) -> int:
    found = 0
    for bits in sets:
        found |= bits
    return found


def test_the_example_files_load() -> None:
    for folder in ("last", "length", "parent"):
        task = LearningTask.from_files([str(TASKS / folder)])
        assert task.positives and task.negatives


def test_a_long_walk_past_the_demanded_budget_is_proved_by_the_engine(tmp_path: Path) -> None:
    """Popper's droplast solution on lists of 60: more background answers than the budget."""
    lists = [[(7 * i + j) % 97 for j in range(60)] for i in range(10)]
    (tmp_path / "bias.pl").write_text(
        "enable_recursion.\nhead_pred(f,2).\nbody_pred(head,2).\nbody_pred(tail,2).\n"
        "body_pred(my_append,3).\ndirection(f,(in,out)).\ndirection(head,(in,out)).\n"
        "direction(tail,(in,out)).\ndirection(my_append,(in,in,out)).\n"
    )
    (tmp_path / "bk.pl").write_text(
        "head([H|_],H).\ntail([_|T],T).\nmy_append(A,B,C) :- append([A],B,C).\n"
    )
    (tmp_path / "exs.pl").write_text(
        "".join(f"pos(f({xs},{xs[:-1]})).\nneg(f({xs},{xs})).\n" for xs in lists)
    )
    relational = RelationalTask.from_task(LearningTask.from_files([str(tmp_path)]))
    tester = lff_tester.Tester(relational, read_bias(relational), max_steps=20_000)
    head = Literal("f", (0, 1))
    base = Rule(head, frozenset({Literal("tail", (0, 1))}))
    step = Rule(
        head,
        frozenset(
            {
                Literal("head", (0, 4)),
                Literal("tail", (0, 3)),
                Literal("f", (3, 2)),
                Literal("my_append", (4, 2, 1)),
            }
        ),
    )
    outcome = tester.test(frozenset({base, step}))
    assert (outcome.tp, outcome.fp) == (10, 0)


def test_a_body_is_satisfiable_part_by_part_and_from_a_witness(monkeypatch) -> None:
    relational = RelationalTask.from_task(LearningTask.from_files([str(TASKS / "parent")]))
    tester = lff_tester.Tester(relational, read_bias(relational), max_steps=20_000)
    mother, father = Literal("mother", (0, 1)), Literal("father", (2, 3))
    assert tester.body_satisfiable((mother, father)) is True  # two parts, no cross product
    chain = tuple(Literal("father", (i, i + 1)) for i in range(4))  # tom, bob, gus, hal, -
    assert tester.body_satisfiable(chain) is False
    monkeypatch.setattr(lff_tester, "SATISFIABLE_ROWS", 1)  # the witness is set aside
    assert tester.body_satisfiable((mother, Literal("mother", (1, 2)))) in (True, None)
