"""AdaBoost.M1: a hand trace, a reference implementation, scikit-learn's SAMME."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from symlearn.data.attribute_value import Attribute, AttributeValueData
from symlearn.data.columnar import ColumnarData, as_columnar
from symlearn.data.encoded import EncodedData
from symlearn.learners.ensembles.boosting import BoostingSettings, adaboost_m1, learn
from symlearn.learning import LearningTask
from symlearn.learning.models import BaseLearner

KB = Path(__file__).resolve().parents[3] / "kb"


def stumps_task() -> LearningTask:
    return LearningTask.from_files([str(KB / "ensembles" / "stumps.pl")])


@pytest.mark.parametrize("base", ["cart:max_depth=1", "one-r", "id3:max_depth=1,significance=1"])
def test_hand_trace(base):
    """The trace worked out by hand in kb/ensembles/stumps.pl, with any stump learner.

    Round 1 (weights 1): the stump on c errs on t(0,0,0) only: e = 1/8, vote
    log 7; correct weights x 1/7, renormalised to 8: 4/7 each and 4.  Round 2:
    the stump on b errs on the two t(1,0,0) (4/7 each): e = 1/7, vote log 6;
    correct x 1/6 and renormalised: 1/3 (t(0,1,0) x 3, t(1,0,1), t(0,0,1)),
    7/3 (t(0,0,0)), 2 (t(1,0,0) x 2).  Round 3: the stump on a errs on the
    three t(0,1,0) and t(1,0,1): e = (4/3) / 8 = 1/6, vote log 5.
    """
    run = learn(stumps_task(), BoostingSettings(rounds=3, base=base))
    assert [s["round"] for s in run.trace] == [1, 2, 3]
    assert [s["error"] for s in run.trace] == pytest.approx([1 / 8, 1 / 7, 1 / 6], abs=1e-12)
    assert [s["weight"] for s in run.trace] == pytest.approx(
        [math.log(7), math.log(6), math.log(5)], abs=1e-12
    )
    tested = [member.model for member in run.ensemble.members]
    rules = [r.to_rule_set() if hasattr(r, "to_rule_set") else r for r in tested]
    assert [{c.attribute for rule in r.rules for c in rule.conditions} for r in rules] == [
        {"c"},
        {"b"},
        {"a"},
    ]
    # the vote on t(0, 0, 0): c says pos (log 7), b and a say neg (log 6 + log 5)
    (explained,) = run.to_dict()["classification"]
    assert explained["label"] == "neg"
    assert explained["votes"]["pos"] == pytest.approx(math.log(7))
    assert explained["votes"]["neg"] == pytest.approx(math.log(30))
    assert [m["label"] for m in explained["members"]] == ["pos", "neg", "neg"]
    assert run.metrics["train_accuracy"] == 1.0


def test_a_fourth_round_makes_no_error_and_stops():
    run = learn(stumps_task(), BoostingSettings(rounds=10))
    kept = [s for s in run.trace if s["kept"]]
    assert len(run.ensemble.members) == len(kept)
    last = run.trace[-1]
    if len(run.trace) < 10:
        assert "stopped" in last
        assert last["kept"] if last["error"] == 0.0 else last["error"] >= 0.5


def test_a_model_without_error_gets_the_decisive_vote():
    """Round 2's depth-2 tree makes no error: its vote -log(0) is infinite, so it decides.

    It is kept with 1 + the other votes (Freund and Schapire's final
    hypothesis; Weka would drop it and keep round 1's tree, which errs once).
    """
    codes = np.array([[1, 1, 1], [0, 0, 0], [0, 0, 1], [0, 0, 1], [0, 0, 1], [0, 1, 0]])
    data = ColumnarData(EncodedData.from_codes(codes, np.array([0, 0, 1, 1, 1, 1])))
    built = adaboost_m1(data, BaseLearner.parse("cart:max_depth=2"), 10)
    first, last = built.trace
    assert first["error"] == pytest.approx(1 / 6) and last["error"] == 0.0
    assert last["kept"] and last["weight"] == pytest.approx(1 + math.log(5))
    assert len(built.ensemble.members) == 2
    assert (built.ensemble.predict_columns(data.encoded.columns) == data.encoded.y).all()


def _reference_m1(rows, labels, classes, rounds):
    """AdaBoost.M1 as the notes write it, in exact fractions, with a minimum-error stump.

    A stump without error is stored with the decisive vote (1 + the others).

    The stump tests one attribute and gives each value its weighted majority
    class (ties: the class listed first); the stump of fewest weighted errors
    wins (ties: the attribute listed first), as OneR chooses.  Returns the
    (error, vote) pairs and the stumps.
    """
    n = len(rows)
    weights = [Fraction(1)] * n
    trace, stumps = [], []
    for _ in range(rounds):
        found = []
        for j in range(len(rows[0])):
            rule = {}
            for v in {r[j] for r in rows}:
                totals = [
                    sum(w for r, y, w in zip(rows, labels, weights) if r[j] == v and y == c)
                    for c in classes
                ]
                rule[v] = classes[totals.index(max(totals))]
            errors = sum(w for r, y, w in zip(rows, labels, weights) if rule[r[j]] != y)
            found.append((errors, j, rule))
        fewest = min(e for e, _, _ in found)
        error_weight, j, rule = next(f for f in found if f[0] == fewest)
        e = error_weight / sum(weights)
        if e == 0:  # stored, with a vote that outweighs all the others (-log 0)
            trace.append((e, 1.0 + sum(v for _, v in trace)))
            stumps.append((j, rule))
            break
        if e >= Fraction(1, 2):
            break
        trace.append((e, -math.log(e / (1 - e))))
        stumps.append((j, rule))
        beta = e / (1 - e)
        weights = [w if rule[r[j]] != y else w * beta for r, y, w in zip(rows, labels, weights)]
        total = sum(weights)
        weights = [w * n / total for w in weights]
    return trace, stumps


@given(
    st.integers(2, 3),
    st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 1)),
        min_size=4,
        max_size=20,
    ),
    st.lists(st.booleans(), min_size=20, max_size=20),
)
def test_m1_against_the_reference(n_attributes, raw, flips):
    """The weights, errors, votes and stumps of the notes' algorithm, on random data."""
    rows = [tuple(f"v{x}" for x in r[:n_attributes]) for r in raw]
    labels = [bool(r[0] >= 1) ^ flip for r, flip in zip(raw, flips)]
    assume(len(set(labels)) == 2)
    trace, stumps = _reference_m1(rows, labels, [True, False], 4)
    attributes = tuple(
        Attribute(f"a{j}", tuple(sorted({r[j] for r in rows}))) for j in range(n_attributes)
    )
    data = as_columnar(AttributeValueData("t", attributes, tuple(rows), tuple(labels)))
    built = adaboost_m1(data, BaseLearner.parse("one-r"), 4)
    kept = [s for s in built.trace if s["weight"] is not None]
    assert [s["error"] for s in kept] == pytest.approx([float(e) for e, _ in trace], abs=1e-9)
    assert [s["weight"] for s in kept] == pytest.approx([v for _, v in trace], abs=1e-9)
    for member, (j, rule) in zip(built.ensemble.members, stumps):
        for row in rows:
            assert member.model.classify(row) == rule[row[j]]


def _numeric(seed: int, n: int = 40) -> tuple[np.ndarray, np.ndarray, ColumnarData]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 3))
    y = (x[:, 0] + x[:, 1] ** 2 + rng.normal(scale=0.7, size=n) > 0.5).astype(np.int32)
    encoded = EncodedData(
        "t",
        tuple(Attribute(f"x{i}", None) for i in range(3)),
        tuple(np.ascontiguousarray(x[:, i]) for i in range(3)),
        y,
        (0, 1),  # scikit-learn's class order, so that ties in a leaf go the same way
    )
    return x, y, ColumnarData(encoded)


def test_stumps_agree_with_scikit_learn_samme():
    """Two classes: SAMME is AdaBoost.M1 (vote log((1 - e)/e), the same re-weighting).

    With the same stumps (CART, Gini, midpoint thresholds) every round's error
    and vote agree.  They part only where two stumps, or a leaf's two classes,
    tie exactly: scikit-learn breaks a tie between features by a random order
    and a float tie by its rounding; after AdaBoost's re-weighting the previous
    stump's leaves weigh exactly half and half, so such ties do come up.
    """
    sklearn = pytest.importorskip("sklearn.ensemble")
    from sklearn.tree import DecisionTreeClassifier

    agreeing = 0
    for seed in range(8):
        x, y, data = _numeric(seed)
        built = adaboost_m1(data, BaseLearner.parse("cart:max_depth=1"), 10)
        peer = sklearn.AdaBoostClassifier(
            DecisionTreeClassifier(max_depth=1), n_estimators=10, random_state=0
        ).fit(x, y)
        errors = [s["error"] for s in built.trace if s["kept"]]
        votes = [s["weight"] for s in built.trace if s["kept"]]
        assert errors[0] == pytest.approx(peer.estimator_errors_[0], abs=1e-12)
        same = len(errors) == len(peer.estimator_errors_) and np.allclose(
            errors, peer.estimator_errors_, atol=1e-9
        )
        if same:
            assert np.allclose(votes, peer.estimator_weights_, atol=1e-9)
            assert (built.ensemble.predict_columns(data.encoded.columns) == peer.predict(x)).all()
            agreeing += 1
    assert agreeing >= 6


def test_resampling_when_the_learner_takes_no_weights():
    task = stumps_task()
    run = learn(task, BoostingSettings(rounds=3, base="sequential-covering"))
    assert run.trace and all(0 <= s["error"] < 1 for s in run.trace)
    forced = learn(task, BoostingSettings(rounds=3, resample=True, seed=4))
    assert forced.trace[0]["round"] == 1


def test_multiclass_m1_stops_when_the_weak_learner_is_no_better_than_half():
    rows, labels = [], []
    for i in range(30):
        rows.append((f"v{i % 3}", f"w{i % 5}"))
        labels.append(f"c{i % 4}")
    attributes = (
        Attribute("a", ("v0", "v1", "v2")),
        Attribute("b", tuple(f"w{k}" for k in range(5))),
    )
    data = as_columnar(AttributeValueData("t", attributes, tuple(rows), tuple(labels)))
    built = adaboost_m1(data, BaseLearner.parse("cart:max_depth=1"), 20)
    assert built.trace[-1].get("stopped") == "e >= 0.5"
    assert len(built.ensemble.members) >= 1
