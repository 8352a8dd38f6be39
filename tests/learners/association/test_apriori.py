"""Apriori: Witten & Frank's weather data; mlxtend on random data (same item sets and rules)."""

from __future__ import annotations

import itertools
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symlearn
from symlearn.engine import Engine
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads
from symlearn.learners.association.apriori import AprioriSettings, learn
from symlearn.learners.association.association_rules import association_rules
from symlearn.learners.association.frequent_itemsets import (
    apriori_gen,
    frequent_itemsets,
    item_bitmaps,
    minimum_count,
)
from symlearn.learning.task import LearningTask
from tests.conftest import SWIPL
from tests.swipl import run_swipl

KB = Path(__file__).resolve().parents[3] / "kb"


def weather(**given) -> object:
    return symlearn.learn("apriori", str(KB / "playtennis.pl"), **given)


def test_weather_item_sets_as_witten_and_frank_count_them():
    # Witten & Frank, Data Mining, section 4.5, Table 4.10: with coverage 2 or more,
    # 12 one-item, 47 two-item, 39 three-item and 6 four-item sets (no five-item set)
    run = weather(min_support=2, min_confidence=1.0)
    assert [len(level) for level in run.levels] == [12, 47, 39, 6]
    # ... and 58 rules with 100% accuracy: 3 of coverage 4, 5 of coverage 3, 50 of coverage 2
    assert Counter(rule.support for rule in run.rules) == {4: 3, 3: 5, 2: 50}
    first = run.rule_dict(0)
    assert first["support"] == 4 and first["confidence"] == 1.0
    assert run.items.n == 14  # the file's instance/1 is to classify, not mined


def test_the_default_support_is_the_books_coverage_on_the_weather_data():
    run = weather()
    assert run.minimum == 2  # 0.1 of 14 instances
    assert run.settings.min_confidence == 0.9


def test_the_rule_of_humidity_normal_windy_false():
    # W&F: "humidity = normal, windy = false => play = yes" has coverage 4, accuracy 4/4
    run = weather(min_support=2, min_confidence=1.0)
    rules = {
        (tuple(r["if"]), tuple(r["then"])): r for r in map(run.rule_dict, range(len(run.rules)))
    }
    rule = rules[(("humidity=normal", "wind=weak"), ("playtennis=pos",))]
    assert rule["support"] == 4 and rule["confidence"] == 1.0
    assert rule["clause"] == "playtennis(pos) :-\n    humidity(normal),\n    wind(weak)."


def test_the_empty_antecedent_counts_every_instance():
    run = weather(min_support=9, min_confidence=0.6)
    # play = yes holds on 9 of 14 days: "=> playtennis=pos" with confidence 9/14
    rule = run.rule_dict(0)
    assert rule["if"] == [] and rule["then"] == ["playtennis=pos"]
    assert rule["support"] == 9 and rule["antecedent_support"] == 14
    assert rule["clause"] == "playtennis(pos)."


def test_apriori_gen_joins_and_prunes():
    items = np.array([[0, 1, 2], [0, 1, 3], [0, 1, 4], [0, 2, 3], [1, 2, 3]])
    _, _, made = apriori_gen(items)
    # {0,1,2,3}: every 3-subset frequent; {0,1,2,4}, {0,1,3,4}: {0,2,4}, {0,3,4} are not
    assert made.tolist() == [[0, 1, 2, 3]]


def test_minimum_count_reads_a_fraction_as_a_share():
    assert (
        minimum_count(0.5, 4) == 2 and minimum_count(0.3, 10) == 3 and minimum_count(1.0, 7) == 7
    )
    with pytest.raises(InvalidParameterError):
        minimum_count(1.5, 10)


@pytest.mark.parametrize("bad", [1.5, 0.0, -1, 0])
def test_bad_support_is_a_clear_error(bad):
    with pytest.raises(InvalidParameterError, match="min-support"):
        AprioriSettings(min_support=bad)


def test_confidence_outside_zero_one_is_refused():
    with pytest.raises(InvalidParameterError, match="min_confidence"):
        AprioriSettings(min_confidence=1.2)


def test_classify_lists_the_rules_that_fire():
    run = weather(
        min_support=2,
        min_confidence=1.0,
        classify=("playtennis(overcast, hot, normal, weak)",),
    )
    (found,) = run.to_dict()["classification"]
    assert found["conclusions"]["playtennis=pos"] == 1.0
    assert "outlook=overcast" in found["items"]
    assert all(set(r["if"]) <= set(found["items"]) for r in found["rules"])


def test_the_rules_file_is_a_program_the_engine_and_swi_prolog_answer(tmp_path):
    run = weather(min_support=2, min_confidence=1.0)
    path = tmp_path / "rules.pl"
    run.save(path)
    text = path.read_text()
    assert ":- table outlook/1." in text and ":- table playtennis/1." in text
    assert "% support 4, confidence 1 (4/4)" in text
    facts = "outlook(overcast).\ntemperature(hot).\nhumidity(high).\nwind(weak).\n"
    engine = Engine(loads(text + facts))
    goals = [("playtennis(X)", ["X"]), ("humidity(X)", ["X"]), ("wind(X)", ["X"])]
    ours = [sorted({str(s["X"]) for s in engine.solve_text(goal)}) for goal, _ in goals]
    assert ours[0] == ["pos"]
    if SWIPL is not None:
        theirs = [sorted(set(answers)) for answers in run_swipl(text + facts, goals)]
        ours = [[f"[{x}]" for x in answers] for answers in ours]  # swipl writes [X]
        assert theirs == ours


def _random_table(rng: np.random.Generator) -> tuple[list[str], np.ndarray]:
    rows, columns = int(rng.integers(3, 25)), int(rng.integers(1, 5))
    values = rng.integers(0, 3, size=(rows, columns))
    values[rng.random((rows, columns)) < 0.1] = -1  # missing: no item
    names = [f"a{j}" for j in range(columns)]
    return names, values


def _task(names: list[str], values: np.ndarray) -> LearningTask:
    lines = [f":- attributes(t, [{', '.join(names)}])."]
    for row in values.tolist():
        cells = ", ".join("'?'" if v < 0 else f"v{v}" for v in row)
        lines.append(f"instance(t({cells})).")
    return LearningTask.from_kb(loads("\n".join(lines)))


def _mlxtend(names, values, support, confidence):
    import pandas as pd

    mlxtend = pytest.importorskip("mlxtend.frequent_patterns")
    frame = pd.DataFrame(
        {f"{n}=v{v}": values[:, j] == v for j, n in enumerate(names) for v in range(3)}
    )
    frame = frame.loc[:, frame.any(axis=0)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = mlxtend.apriori(frame, min_support=support, use_colnames=True)
        sets = {
            frozenset(s): round(p * len(values)) for s, p in zip(found.itemsets, found.support)
        }
        rules = set()
        if len(found) and any(len(s) > 1 for s in found.itemsets):
            table = mlxtend.association_rules(found, metric="confidence", min_threshold=confidence)
            rules = {
                (frozenset(a), frozenset(c)) for a, c in zip(table.antecedents, table.consequents)
            }
    return sets, rules


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([0.15, 0.25, 0.4]), st.sampled_from([0.55, 0.8]))
def test_same_item_sets_and_rules_as_mlxtend(seed, support, confidence):
    names, values = _random_table(np.random.default_rng(seed))
    run = learn(
        _task(names, values), AprioriSettings(min_support=support, min_confidence=confidence)
    )
    ours = {
        frozenset(run.items.names(row)): count
        for level in run.levels
        for row, count in zip(level.items.tolist(), level.counts.tolist())
    }
    theirs, their_rules = _mlxtend(names, values, support, confidence)
    assert ours == theirs
    our_rules = {
        (frozenset(run.items.names(r.antecedent)), frozenset(run.items.names(r.consequent)))
        for r in run.rules
        if r.antecedent  # mlxtend leaves out the empty antecedent
        and abs(r.confidence - confidence) > 1e-12  # a tie with the threshold: float rounding
    }
    their_rules = {
        rule
        for rule in their_rules
        if abs(ours[rule[0] | rule[1]] / ours[rule[0]] - confidence) > 1e-12
    }
    assert our_rules == their_rules


def _brute_force(rows: np.ndarray, minimum: int) -> dict[frozenset[int], int]:
    """Every item set with its support, by enumeration."""
    found = {}
    items = range(rows.shape[1])
    for size in range(1, rows.shape[1] + 1):
        for chosen in itertools.combinations(items, size):
            count = int(rows[:, list(chosen)].all(axis=1).sum())
            if count >= minimum:
                found[frozenset(chosen)] = count
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_frequent_item_sets_and_rules_by_enumeration(seed, minimum):
    rng = np.random.default_rng(seed)
    rows = rng.random((int(rng.integers(1, 12)), int(rng.integers(1, 7)))) < 0.5
    levels = frequent_itemsets(item_bitmaps(rows.T), minimum)
    ours = {
        frozenset(r): c for lv in levels for r, c in zip(lv.items.tolist(), lv.counts.tolist())
    }
    expected = _brute_force(rows, minimum)
    assert ours == expected
    confident = {
        (frozenset(a), frozenset(s) - frozenset(a))
        for s, count in expected.items()
        for size in range(len(s))
        for a in itertools.combinations(sorted(s), size)
        if count / (expected[frozenset(a)] if a else len(rows)) >= 0.6
    }
    found = {
        (frozenset(r.antecedent), frozenset(r.consequent))
        for r in association_rules(levels, len(rows), 0.6)
    }
    assert found == confident
