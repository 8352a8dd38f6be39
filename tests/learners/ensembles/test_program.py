"""The ensemble as a Prolog program: our engine and SWI-Prolog answer as the model classifies."""

from __future__ import annotations

import itertools
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.columnar import as_columnar
from symlearn.hypotheses.rule_set import label_text
from symlearn.learning import LearningTask, learn
from symlearn.logic.printer import format_term
from symlearn.logic.terms import Struct
from tests.conftest import SWIPL, requires_swipl
from tests.learners.trees.support import datasets
from tests.swipl import run_swipl

DATA = Path(__file__).resolve().parents[3] / "data"


def _goal(run, instance) -> tuple[str, list[str]]:
    atom = format_term(Struct(run.task.attribute_data.target, tuple(instance)))
    if run.ensemble.is_boolean:
        return atom, []
    return f"label({atom}, C)", ["C"]


def _engine_class(run, instance) -> str | None:
    goal, variables = _goal(run, instance)
    answers = run.query(goal)
    if not variables:
        return "pos" if answers else "neg"
    assert len(answers) <= 1
    return format_term(answers[0]["C"]) if answers else None


def _every_instance(data):
    return list(
        itertools.product(
            *[a.values if a.values is not None else (0, 3, 7) for a in data.attributes]
        )
    )[:60]


@settings(max_examples=12)
@given(
    datasets(max_attributes=3, max_rows=20, continuous=True),
    st.sampled_from(["bagging", "boosting", "randomisation", "stacking"]),
)
def test_the_program_classifies_as_the_ensemble(data, algorithm):
    given_settings = {
        "bagging": {"rounds": 3, "base": "one-r"},
        "boosting": {"rounds": 3},
        "randomisation": {"rounds": 3, "features": 1},
        "stacking": {"base": ("one-r", "naive-bayes:laplace=true"), "folds": 2},
    }[algorithm]
    if algorithm == "stacking" and data.n_examples < 2:
        return
    run = learn(algorithm, LearningTask.from_table(data), **given_settings)
    for instance in _every_instance(data):
        expected = run.ensemble.classify(instance)
        assert _engine_class(run, instance) == (
            None if expected is None else label_text(expected)
        ), (algorithm, instance, run.clauses())


@requires_swipl
@pytest.mark.parametrize("algorithm", ["boosting", "stacking", "randomisation"])
def test_swi_prolog_consults_the_program_and_agrees(tmp_path, algorithm):
    task = LearningTask.from_csv(str(DATA / "house-votes-84.csv"), "Party")
    options = {"rounds": 5} if algorithm != "stacking" else {"folds": 3}
    run = learn(algorithm, task, **options)
    output = tmp_path / "ensemble.pl"
    run.save(output)
    data = as_columnar(task.attribute_data)
    complete = [x for x in data.instances if "?" not in x][:40]
    goals = [_goal(run, x) for x in complete]
    answers = run_swipl(output.read_text(), goals)
    for instance, found in zip(complete, answers):
        assert found == [f"[{label_text(run.ensemble.classify(instance))}]"]
    consulted = subprocess.run(
        [SWIPL, "-q", "-g", "halt", str(output)], capture_output=True, text=True, timeout=60
    )
    assert consulted.returncode == 0 and not consulted.stderr  # no error, no warning


@requires_swipl
def test_linear_members_write_their_decision_and_swi_prolog_agrees(tmp_path):
    """A linear model's own clauses become its ``says`` clauses."""
    task = LearningTask.from_csv(str(DATA / "house-votes-84.csv"), "Party")
    run = learn("randomisation", task, rounds=3, base="perceptron", features=3)
    assert any("_says(1," in line for line in run.clauses())
    output = tmp_path / "ensemble.pl"
    run.save(output)
    data = as_columnar(task.attribute_data)
    some = data.instances[:30]  # missing values included: the members' means stand in
    for instance in some[:5]:
        assert _engine_class(run, instance) == label_text(run.ensemble.classify(instance))
    answers = run_swipl(output.read_text(), [_goal(run, x) for x in some])
    for instance, found in zip(some, answers):
        assert found == [f"[{label_text(run.ensemble.classify(instance))}]"]


def test_a_member_without_a_clause_form_is_said_so():
    task = LearningTask.from_csv(str(DATA / "house-votes-84.csv"), "Party")
    run = learn("bagging", task, rounds=2, base="svm:kernel=polynomial")
    assert run.clauses() == []
    assert any("has no clause form" in line for line in run.report())
    assert run.to_dict()["members"][0]["hypothesis"] == []
