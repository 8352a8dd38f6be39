"""Predicate invention in learning from failures (:mod:`symlearn.ilp.lff.invention`).

* the space: every generated program defines and calls its invented
  predicates in rank order, and the task's own names are never taken;
* the test step: unfolding a program with invented predicates proves what
  the engine proves with the invented clauses (property test);
* the constraints: a rule is matched with its head, so a constraint on a
  target rule never prunes an invented rule with the same body;
  specialisations of a program with invented predicates are pruned from the
  next size on, the program itself at once;
* a small task of our own (``tasks/lff/invented``) learnt, its written
  program giving SWI-Prolog's answers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symlearn
from symlearn.cli import main
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.lff import LffRun
from symlearn.ilp.lff import tester as lff_tester
from symlearn.ilp.lff.bias import Bias, Predicate, read_bias
from symlearn.ilp.lff.constrain import BANISH, GENERALISATION, SPECIALISATION, Constraint
from symlearn.ilp.lff.failures import noiseless_constraints
from symlearn.ilp.lff.generate import Generator
from symlearn.ilp.lff.invention import has_invention, ordered_rules, unfold
from symlearn.ilp.lff.rules import Literal, Program, Rule, to_clause
from symlearn.ilp.lff.tester import Outcome
from symlearn.ilp.task import RelationalTask
from symlearn.kb import loads
from symlearn.kb.parser import parse_term
from symlearn.learning.learned_program import LearnedProgram
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.printer import format_term
from tests.conftest import requires_swipl
from tests.swipl import run_swipl

ROOT = Path(__file__).resolve().parents[2]
TASK = ROOT / "tests" / "ilp" / "tasks" / "lff" / "invented"

G = Literal("g", (0, 1))
INV1 = Literal("inv1", (0, 1))


def rule(head: Literal, *body: tuple[str, tuple[int, ...]]) -> Rule:
    return Rule(head, frozenset(Literal(p, a) for p, a in body))


def family_bias(**bounds: int) -> Bias:
    body = (Predicate("father", 2), Predicate("mother", 2))
    return Bias(Predicate("g", 2), body, invention=True, **bounds)


# ---------------------------------------------------------------- the space


def test_every_generated_program_defines_and_calls_its_invented_predicates() -> None:
    """Each program comes once: the constraint every tested program gets bans its other orders."""
    bias = family_bias(max_vars=3, max_body=2, max_clauses=3)
    generator = Generator(bias)
    seen: set[Program] = set()
    inventing = 0
    for size in range(2, 8):
        for program in generator.programs(size):
            assert program not in seen
            seen.add(program)
            generator.constrain([Constraint(BANISH, tuple(sorted(program, key=str)))])
            heads = {r.head.predicate for r in program}
            called = {b.predicate for r in program for b in r.body}
            assert "g" in heads and heads - {"g"} <= {"inv1", "inv2"}
            assert heads - {"g"} <= called  # an invented predicate is called
            assert called & {"inv1", "inv2"} <= heads  # and defined
            assert "inv2" not in heads or "inv1" in heads  # invented in order
            for r in program:  # a clause calls only predicates ranked below its own
                if r.head.predicate == "inv1":
                    assert "g" not in {b.predicate for b in r.body}
            inventing += has_invention(program)
    parent = frozenset(
        {
            rule(G, ("inv1", (0, 2)), ("inv1", (2, 1))),
            rule(INV1, ("father", (0, 1))),
            rule(INV1, ("mother", (0, 1))),
        }
    )
    assert parent in seen and inventing > 0


def test_invented_names_avoid_the_tasks_predicates(tmp_path: Path) -> None:
    (tmp_path / "bias.pl").write_text(
        "enable_pi.\nmax_clauses(3).\nhead_pred(g,1).\nbody_pred(q,1).\n"
    )
    (tmp_path / "bk.pl").write_text("q(a).\ninv1(a).\n")
    (tmp_path / "exs.pl").write_text("pos(g(a)).\n")
    task = RelationalTask.from_task(LearningTask.from_files([str(tmp_path)]))
    bias = read_bias(task)
    assert bias.invention and bias.invented == ("lff_inv1", "lff_inv2")


# ---------------------------------------------------------------- the test step

FAMILY = """
father(a, b). father(b, c). mother(b, d). mother(c, e). father(d, f).
mother(e, a). q(a, a). q(c, f).
"""

# two-literal bodies over the variables of a binary head plus one more
LITERALS = st.sampled_from(["father", "mother", "q"])
PAIRS = st.sampled_from([(0, 2), (2, 1), (0, 1), (1, 2), (2, 0)])


@st.composite
def invented_programs(draw: st.DrawFn) -> Program:
    """g calls inv1 (one or two clauses), and inv1 may call inv2."""
    inv2 = Literal("inv2", (0, 1))
    uses_inv2 = draw(st.booleans())
    target_body = [Literal("inv1", draw(PAIRS)), Literal(draw(LITERALS), draw(PAIRS))]
    rules = [Rule(G, frozenset(target_body))]
    for _ in range(draw(st.integers(1, 2))):
        first = "inv2" if uses_inv2 and draw(st.booleans()) else draw(LITERALS)
        body = frozenset({Literal(first, (0, 2)), Literal(draw(LITERALS), (2, 1))})
        rules.append(Rule(INV1, body))
    if uses_inv2:
        rules.append(Rule(inv2, frozenset({Literal(draw(LITERALS), (1, 0))})))
    return frozenset(rules)


@settings(max_examples=40, deadline=None)
@given(invented_programs())
def test_unfolding_proves_what_the_engine_proves(program: Program) -> None:
    people = ["a", "b", "c", "d", "e", "f"]
    pairs = [f"g({x}, {y})" for x in people for y in people]
    kb = loads(FAMILY + "\n".join(f"pos({atom})." for atom in pairs))
    task = LearningTask.from_kb(kb, ("g", 2))
    relational = RelationalTask.from_task(task)
    tester = lff_tester.Tester(relational, family_bias(max_clauses=4), max_steps=10_000)
    ours = tester.test(program).positives
    engine = LearnedProgram([to_clause(r) for r in program], kb, ("g", 2))
    answers = engine.covers(list(relational.positives))
    assert ours == sum(1 << i for i, yes in enumerate(answers) if yes)
    unfolded = unfold(program, "g")
    assert unfolded is not None
    assert all(not any(b.predicate.startswith("inv") for b in r.body) for r in unfolded)


# ---------------------------------------------------------------- the constraints


def test_a_constraint_on_a_target_rule_leaves_the_same_invented_rule() -> None:
    bias = family_bias(max_vars=3, max_body=2, max_clauses=3)
    generator = Generator(bias)
    father = rule(G, ("father", (0, 1)))
    generator.constrain([Constraint(GENERALISATION, (father,))])
    programs = [p for size in range(2, 8) for p in generator.programs(size)]
    assert not any(father in p for p in programs)
    assert any(rule(INV1, ("father", (0, 1))) in p for p in programs)


def test_a_specialisation_prunes_the_program_now_and_its_specialisations_later() -> None:
    bias = family_bias(max_vars=3, max_body=2, max_clauses=3)
    call = rule(G, ("inv1", (0, 2)), ("inv1", (2, 1)))
    program = frozenset({call, rule(INV1, ("father", (0, 1))), rule(INV1, ("mother", (0, 1)))})
    wider = frozenset(
        {
            call,
            rule(INV1, ("father", (0, 1)), ("mother", (1, 0))),
            rule(INV1, ("mother", (0, 1))),
        }
    )
    other = frozenset({call, rule(INV1, ("father", (1, 0))), rule(INV1, ("mother", (1, 0)))})
    fresh = Generator(bias)
    assert program in list(fresh.programs(7)) and wider in list(fresh.programs(8))
    generator = Generator(bias)
    generator.constrain([Constraint(SPECIALISATION, tuple(sorted(program, key=str)))])
    sevens = list(generator.programs(7))
    assert program not in sevens and other in sevens
    assert wider not in list(generator.programs(8))


class _State:
    def __init__(self, bias: Bias) -> None:
        self.bias = bias
        self.tester = None
        self.all_positives = 0b11
        self.n_pos, self.n_neg = 2, 1
        self.collected: list[tuple[int, int]] = []
        self.explored: set = set()
        self.bound = None


def test_a_program_with_invented_predicates_is_neither_explained_nor_collected() -> None:
    program = frozenset(
        {rule(G, ("inv1", (0, 2)), ("inv1", (2, 1))), rule(INV1, ("father", (0, 1)))}
    )
    state = _State(family_bias(max_clauses=3))
    failing = noiseless_constraints(state, program, Outcome(0, 0))  # type: ignore[arg-type]
    assert [c.kind for c in failing.constraints] == [SPECIALISATION]
    consistent = noiseless_constraints(state, program, Outcome(0b01, 0))  # type: ignore[arg-type]
    assert [c.kind for c in consistent.constraints] == [SPECIALISATION]
    assert not consistent.collect


# ---------------------------------------------------------------- the output


def test_a_theory_holds_the_clauses_of_its_helpers() -> None:
    clause = Clause.from_term(parse_term("inv1(X, Y) :- father(X, Y)"))
    with pytest.raises(ValueError):
        Theory(("g", 2), (clause,))
    theory = Theory(("g", 2), (clause,), tabled=True, helpers=(("inv1", 2),))
    assert ":- table g/2, inv1/2." in theory.program()


def test_rules_are_listed_target_first() -> None:
    program = [rule(INV1, ("father", (0, 1))), rule(G, ("inv1", (0, 2)), ("inv1", (2, 1)))]
    assert [r.head.predicate for r in ordered_rules(program, "g")] == ["g", "inv1"]


def test_learns_the_invented_task() -> None:
    result = symlearn.learn("lff", [str(TASK)], timeout=60)
    assert isinstance(result, LffRun)
    payload = result.to_dict()
    assert payload["optimal"] is True and payload["size"] == 7 and payload["accuracy"] == 1.0
    assert payload["bias"]["predicate_invention"] is True
    assert [c.functor for c in result.program_clauses()] == [("gp", 2), ("inv1", 2), ("inv1", 2)]


@requires_swipl
def test_the_written_program_with_invented_predicates_answers_as_in_swipl(
    tmp_path: Path,
) -> None:
    out = tmp_path / "learnt.pl"
    learnt = symlearn.learn("lff", [str(TASK)], timeout=60)
    learnt.save(out)
    program = out.read_text()
    examples = LearningTask.from_files([str(TASK)])
    atoms = [format_term(e) for e in (*examples.positives, *examples.negatives)]
    answers = run_swipl(program, [(f"once({atom})", []) for atom in atoms])
    assert [a == ["[]"] for a in answers] == [True] * 8 + [False] * 8
    for query in ["gp(adam, X)", "gp(X, gus)"]:
        ours = sorted(str(s["X"]) for s in learnt.query(query))
        theirs = run_swipl(program, [(query, ["X"])])[0]
        assert ours == sorted(t.strip("[]") for t in theirs), query


def test_with_modes_the_invented_predicate_gets_directions_of_its_own(capsys) -> None:
    """``--predicate-invention`` on a file of modes: ``gp(+, -)`` through an invented ``inv1``."""
    path = str(TASK.parent / "invented_modes.pl")
    status = main(["learn", "lff", path, "--predicate-invention", "--json"])
    payload = json.loads(capsys.readouterr().out)
    assert status == 0 and payload["size"] == 7 and payload["optimal"] is True
    assert any(clause.startswith("inv1(") for clause in payload["hypothesis"])


def test_recursion_through_an_invented_predicate_is_proved_by_the_engine() -> None:
    text = """
    e(a, b). e(b, c). e(c, d). e(x, y). e(y, z). q(a). q(c). q(d). q(y).
    pos(f(a, c)). pos(f(a, d)). pos(f(c, d)). neg(f(a, b)). neg(f(x, z)). neg(f(b, d)).
    """
    kb = loads(text)
    relational = RelationalTask.from_task(LearningTask.from_kb(kb, ("f", 2)))
    bias = Bias(
        Predicate("f", 2),
        (Predicate("e", 2), Predicate("q", 1)),
        max_clauses=3,
        recursion=True,
        invention=True,
    )
    f = Literal("f", (0, 1))
    program = frozenset(
        {
            rule(f, ("q", (0,)), ("inv1", (0, 1)), ("q", (1,))),
            rule(INV1, ("e", (0, 1))),
            rule(INV1, ("e", (0, 2)), ("inv1", (2, 1))),
        }
    )
    assert unfold(program, "f") is None
    outcome = lff_tester.Tester(relational, bias, max_steps=10_000).test(program, always=True)
    engine = LearnedProgram([to_clause(r) for r in program], kb, ("f", 2))
    examples = [*relational.positives, *relational.negatives]
    answers = engine.covers(examples)
    assert (outcome.positives, outcome.negatives) == (0b111, 0)
    assert answers == [True, True, True, False, False, False]
