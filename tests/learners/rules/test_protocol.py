"""Sequential covering through the learner protocol (symlearn.learn, LearningTask)."""

from __future__ import annotations

from pathlib import Path

import pytest

import symlearn
from symlearn.errors import InvalidParameterError
from symlearn.kb import load
from symlearn.learners.rules.sequential_covering import (
    CoveringRun,
    SequentialCoveringSettings,
)
from symlearn.learning import LearningTask
from symlearn.learning.registry import learner

KB = Path(__file__).resolve().parents[3] / "kb"
PLAYTENNIS = str(KB / "playtennis.pl")
LENSES = str(KB / "lenses.pl")


def test_the_module_follows_the_protocol() -> None:
    module = learner("sequential-covering")
    assert module.SETTINGS is SequentialCoveringSettings
    assert module.TABLES
    assert module.EXAMPLE.startswith("symlearn learn sequential-covering ")


def test_rules_from_python_answer_queries() -> None:
    result = symlearn.learn("sequential-covering", PLAYTENNIS, target="playtennis/4")
    assert isinstance(result, CoveringRun)
    assert result.clauses()[0] == "playtennis(overcast, _, _, _)."
    assert result.query("playtennis(overcast, hot, high, strong)") == [{}]
    assert result.query("playtennis(sunny, hot, high, strong)") == []
    data = result.to_dict()
    assert data["algorithm"] == "sequential-covering" and data["target"] == "playtennis/4"
    assert data["metrics"]["train_accuracy"] == 1.0


def test_settings_from_python() -> None:
    result = symlearn.learn(
        "sequential-covering", LENSES, target="lenses/4", target_class="soft", beam=2
    )
    assert result.settings.beam == 2 and result.result.ordered is False
    assert {r.label for r in result.rule_set.rules} == {"soft"}
    assert all(c.startswith("label(lenses(") for c in result.clauses())
    ordered = symlearn.learn("sequential-covering", LENSES, target="lenses/4", ordered=True)
    assert ordered.result.ordered and ordered.defined == ("label", 2)
    with pytest.raises(InvalidParameterError, match="not a class"):
        symlearn.learn("sequential-covering", LENSES, target="lenses/4", target_class="nosuch")
    with pytest.raises(InvalidParameterError, match="has no setting"):
        symlearn.learn("sequential-covering", LENSES, target="lenses/4", max_depth=2)


def test_held_out_examples_are_measured() -> None:
    result = symlearn.learn(
        "sequential-covering", str(KB / "votes.pl"), target="republican/16", test_fraction=0.3
    )
    metrics = result.metrics
    assert metrics["measured_on"] == "test"
    assert metrics["test_examples"] == len(result.test.labels) > 0
    assert metrics["test_accuracy"] > 0.85
    assert any(line.startswith("% test accuracy") for line in result.report())


def test_the_search_is_explained_through_log() -> None:
    said: list[tuple[int, str]] = []
    task = LearningTask.from_files(PLAYTENNIS, "playtennis/4")
    symlearn.learn("sequential-covering", task, log=lambda level, text: said.append((level, text)))
    assert said and said[0][1].startswith("rule 1: IF outlook = overcast")


def test_save_writes_a_file_prolog_consults(tmp_path) -> None:
    result = symlearn.learn("sequential-covering", LENSES, target="lenses/4")
    out = tmp_path / "rules.pl"
    result.save(out)
    assert result.to_dict()["output"] == str(out)
    kb = load([str(out)])
    assert len(kb.predicate("label", 2).clauses) == len(result.clauses())
