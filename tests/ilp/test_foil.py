"""FOIL: noise-free theories are consistent (checked by the engine and swipl), recursion, noise."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings

from symlearn.errors import KBError
from symlearn.hypotheses.theory import Theory
from symlearn.ilp.coverage import foil_gain
from symlearn.ilp.foil import FoilSettings, foil
from symlearn.kb import KnowledgeBase, load, loads
from symlearn.kb.parser import parse_term
from symlearn.learning.learned_program import LearnedProgram
from symlearn.logic.clauses import Clause
from tests.conftest import SWIPL, requires_swipl
from tests.ilp.relational import World, task_of, worlds

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"


def _gen_family():
    path = ROOT / "benchmarks" / "gen_family.py"
    spec = importlib.util.spec_from_file_location("gen_family", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def family_600(tmp_path_factory) -> tuple[KnowledgeBase, KnowledgeBase]:
    """A synthetic family of 600 people (training file and held-out test file)."""
    out = tmp_path_factory.mktemp("family") / "family.pl"
    _gen_family().write(600, 3, out, False, 100)
    return load([out]), load([out.with_name("family_test.pl")])


def clause(text: str) -> Clause:
    return Clause.from_term(parse_term(text))


def examples(kb: KnowledgeBase, target: tuple[str, int]) -> tuple[list, list]:
    return kb.positives(*target), kb.negatives(*target)


def assert_consistent(kb: KnowledgeBase, theory: Theory, positives, negatives) -> None:
    """Every positive covered and no negative, asked of the query engine."""
    answers = LearnedProgram.from_theory(theory, kb).covers(positives + negatives)
    assert all(answers[: len(positives)]), "a positive example is not covered"
    assert not any(answers[len(positives) :]), "a negative example is covered"


def swipl_answers(kb_text: str, theory: Theory, atoms, tmp_path: Path) -> list[bool]:
    """Ask swipl each atom after consulting the background and the theory file."""
    background = tmp_path / "background.pl"
    background.write_text(kb_text + "\n")
    learnt = tmp_path / "theory.pl"
    theory.write(learnt)
    goals = " ".join(f"( {a} -> write(1) ; write(0) )," for a in atoms)
    result = subprocess.run(
        [
            SWIPL,
            "-q",
            "-g",
            f"consult('{background}'), consult('{learnt}'), {goals} nl",
            "-t",
            "halt",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return [c == "1" for c in result.stdout.strip().splitlines()[-1]]


def background_text(kb_path: Path, target: tuple[str, int]) -> str:
    """The file's clauses without the target's own (as the learner sets them aside)."""
    kb = load([kb_path])
    lines = [":- style_check(-discontiguous)."]
    for (name, arity), predicate in kb.predicates.items():
        if (name, arity) == target or name in ("pos", "neg"):
            continue
        lines += [str(c) for c in predicate.clauses]
    if target in kb.tabled:
        lines.append(f":- table {target[0]}/{target[1]}.")
    return "\n".join(lines)


# ------------------------------------------------------------------ family


def test_grandparent_from_family_pl_is_the_textbook_clause() -> None:
    kb = load([KB / "family.pl"])
    result = foil(task_of(kb, ("grandparent", 2)))
    assert result.theory.clauses == (clause("grandparent(X, Y) :- parent(X, Z), parent(Z, Y)"),)
    assert_consistent(kb, result.theory, *examples(kb, ("grandparent", 2)))
    assert result.notes and "set aside" in result.notes[0]


@pytest.mark.parametrize(
    "target, expected",
    [
        (("grandparent", 2), "grandparent(X, Y) :- parent(X, Z), parent(Z, Y)"),
        (("grandmother", 2), "grandmother(X, Y) :- female(X), parent(X, Z), parent(Z, Y)"),
    ],
)
def test_generated_family_exact_clause_and_held_out_accuracy(family_600, target, expected) -> None:
    kb, test = family_600
    result = foil(task_of(kb, target))
    assert len(result.theory) == 1
    assert _same_up_to_order(result.theory.clauses[0], clause(expected))
    assert_consistent(kb, result.theory, *examples(kb, target))
    positives, negatives = examples(test, target)
    answers = LearnedProgram.from_theory(result.theory, kb).covers(positives + negatives)
    assert answers == [True] * len(positives) + [False] * len(negatives)


def _same_up_to_order(a: Clause, b: Clause) -> bool:
    """Variants of each other once their body literals may be reordered."""
    from itertools import permutations

    return any(Clause(a.head, order) == b for order in permutations(a.body))


def test_every_literal_step_reports_counts_and_gain_as_defined() -> None:
    kb = load([KB / "family.pl"])
    result = foil(task_of(kb, ("grandmother", 2)), FoilSettings(mdl=False))
    for learnt in result.clauses:
        for step in learnt.steps:
            counts = (step.p0, step.n0, step.p1, step.n1, step.t)
            assert step.gain == pytest.approx(foil_gain(*counts))
            assert step.t <= step.p0


# ------------------------------------------------------------------ recursion


def test_can_reach_is_learnt_recursively_with_the_closed_world() -> None:
    kb = load([KB / "can_reach.pl"])
    result = foil(task_of(kb, ("can_reach", 2)))
    assert set(result.theory.clauses) == {
        clause("can_reach(A, B) :- linked_to(A, B)"),
        clause("can_reach(A, B) :- linked_to(A, C), can_reach(C, B)"),
    }
    assert result.closed_world is not None and result.closed_world.negatives
    assert result.closed_world.to_dict()["unlisted"] == 62
    negatives = list(result.closed_world.negatives)
    assert_consistent(kb, result.theory, kb.positives("can_reach", 2), negatives)


def test_ancestor_recursive_without_modes() -> None:
    """A complete ancestor relation (closed world) on a small tree, no modes given."""
    parents = [("a", "b"), ("a", "c"), ("b", "d"), ("c", "e"), ("d", "f"), ("e", "g"), ("g", "h")]
    children: dict[str, list[str]] = {}
    for p, c in parents:
        children.setdefault(p, []).append(c)

    def below(x: str) -> set[str]:
        found = set()
        for c in children.get(x, []):
            found |= {c} | below(c)
        return found

    text = "".join(f"parent({p}, {c}).\n" for p, c in parents)
    text += "".join(f"pos(ancestor({x}, {y})).\n" for x in "abcdefgh" for y in sorted(below(x)))
    text += ":- set(closed_world, true).\n"
    kb = loads(text)
    result = foil(task_of(kb, ("ancestor", 2)))
    assert any(kb_clause.body and len(kb_clause.body) == 2 for kb_clause in result.theory.clauses)
    negatives = list(result.closed_world.negatives)
    assert_consistent(kb, result.theory, kb.positives("ancestor", 2), negatives)


def test_left_recursion_is_rejected_on_the_data() -> None:
    kb = load([KB / "can_reach.pl"])
    lines = []
    foil(task_of(kb, ("can_reach", 2)), log=lambda level, message: lines.append(message))
    assert any("rejected: a call can reach itself" in line for line in lines)


# ------------------------------------------------------------------ noise, options


def test_noisy_data_mdl_stop_is_on_by_default_and_configurable() -> None:
    kb = load([KB / "noisy_grandmother.pl"])
    target = ("grandmother", 2)
    with_mdl = foil(task_of(kb, target), FoilSettings.from_values(kb.settings, min_accuracy=0.0))
    without = foil(
        task_of(kb, target), FoilSettings.from_values(kb.settings, min_accuracy=0.0, mdl=False)
    )
    assert FoilSettings().mdl is True
    size = lambda r: sum(len(c.clause.body) for c in r.clauses)  # noqa: E731
    assert size(with_mdl) < size(without)
    # The default (MDL and 85% accuracy) keeps a compact theory that generalises.
    default = foil(task_of(kb, target))
    test = load([KB / "noisy_grandmother_test.pl"])
    positives, negatives = examples(test, target)
    answers = LearnedProgram.from_theory(default.theory, kb).covers(positives + negatives)
    truth = [True] * len(positives) + [False] * len(negatives)
    correct = sum(a == b for a, b in zip(answers, truth))
    assert correct / len(answers) > 0.75
    # The modes declare no negation, so none is tried; the theory stays small.
    assert len(default.theory) <= 3
    assert all("\\+" not in str(c) for c in default.theory.clauses)


def test_clause_length_limits_the_body() -> None:
    kb = load([KB / "family.pl"])
    result = foil(task_of(kb, ("grandparent", 2)), FoilSettings(clause_length=2, min_accuracy=0.0))
    assert all(len(c.body) <= 1 for c in result.theory.clauses)


def test_settings_from_the_file_and_overrides() -> None:
    kb = loads(":- set(clauselength, 3). :- set(mdl, false). :- set(closed_world, true).")
    s = FoilSettings.from_values(kb.settings, mdl=None, seed=5)
    assert (s.clause_length, s.mdl, s.closed_world, s.seed) == (3, False, True, 5)
    with pytest.raises(KBError, match="expected true or false"):
        FoilSettings.from_values(loads(":- set(mdl, maybe).").settings)


def test_closed_world_cap_is_reported_and_sampled() -> None:
    text = "".join(f"e(n{i}, n{i + 1}).\n" for i in range(30))
    text += "".join(f"pos(r(n{i}, n{i + 1})).\n" for i in range(30))
    kb = loads(text)
    result = foil(task_of(kb, ("r", 2)), FoilSettings(closed_world=True, max_negatives=50))
    world = result.closed_world
    assert world is not None and world.sampled and len(world.negatives) == 50
    assert world.universe == 31 * 31 and world.unlisted == 31 * 31 - 30
    assert result.theory.clauses == (clause("r(X, Y) :- e(X, Y)"),)


def test_no_positive_examples_is_a_clear_error() -> None:
    with pytest.raises(KBError, match="no positive examples of p/1"):
        foil(task_of(loads("q(a). neg(p(a))."), ("p", 1)))
    with pytest.raises(KBError, match="no argument"):
        foil(task_of(loads("pos(wet)."), ("wet", 0)))


# ------------------------------------------------------------------ property


@settings(max_examples=25, deadline=None)
@given(worlds())
def test_reported_coverage_is_what_the_engine_answers(world: World) -> None:
    """The learner's own bookkeeping agrees with proofs by the query engine."""
    kb = world.kb()
    target = ("t", 2)
    positives = list(dict.fromkeys(kb.positives(*target)))
    result = foil(task_of(kb, target), FoilSettings(mdl=False, min_accuracy=0.0))
    all_examples = kb.positives(*target) + list(dict.fromkeys(kb.negatives(*target)))
    answers = LearnedProgram.from_theory(result.theory, kb).covers(all_examples)
    n_pos = len(kb.positives(*target))
    assert result.covered_positives == sum(answers[:n_pos])
    assert result.covered_negatives == sum(answers[n_pos:])
    for learnt in result.clauses:
        alone = (
            LearnedProgram.from_theory(Theory(target, (learnt.clause,)), kb).covers(all_examples)
            if not any(g.name == "t" for g in learnt.clause.body if hasattr(g, "name"))
            else None
        )
        if alone is not None:
            assert learnt.positives == sum(alone[:n_pos])
            assert learnt.negatives == sum(alone[n_pos:])
    assert positives


# ------------------------------------------------------------------ swipl


@requires_swipl
@pytest.mark.parametrize(
    "path, target",
    [
        ("family.pl", ("grandparent", 2)),
        ("family.pl", ("grandmother", 2)),
        ("can_reach.pl", ("can_reach", 2)),
    ],
)
def test_swipl_answers_like_the_engine(path: str, target: tuple[str, int], tmp_path) -> None:
    kb = load([KB / path])
    result = foil(task_of(kb, target))
    atoms = kb.positives(*target) + kb.negatives(*target)
    if result.closed_world is not None:
        atoms += list(result.closed_world.negatives)
    ours = LearnedProgram.from_theory(result.theory, kb).covers(atoms)
    theirs = swipl_answers(background_text(KB / path, target), result.theory, atoms, tmp_path)
    assert theirs == ours


def test_east_west_trains() -> None:
    kb = load([KB / "trains.pl"])
    result = foil(task_of(kb, ("eastbound", 1)))
    expected = clause("eastbound(T) :- has_car(T, C), short(C), closed(C)")
    assert len(result.theory) == 1 and _same_up_to_order(result.theory.clauses[0], expected)
    assert_consistent(kb, result.theory, *examples(kb, ("eastbound", 1)))
