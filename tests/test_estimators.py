"""symlearn.estimators: the attribute-value learners as scikit-learn classifiers (issue 16)."""

from __future__ import annotations

import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sklearn = pytest.importorskip("sklearn", reason="scikit-learn is not installed")

from sklearn.model_selection import cross_val_score  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import FunctionTransformer  # noqa: E402
from sklearn.utils.estimator_checks import check_estimator  # noqa: E402

import symlearn  # noqa: E402
from symlearn import estimators  # noqa: E402
from symlearn.hypotheses import Conjunction  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CLASSES = [
    estimators.ID3Classifier,
    estimators.C45Classifier,
    estimators.CARTClassifier,
    estimators.OneRClassifier,
    estimators.SequentialCoveringClassifier,
    estimators.NaiveBayesClassifier,
    estimators.FindSClassifier,
    estimators.CandidateEliminationClassifier,
]

PLAYTENNIS = [
    ("sunny", "hot", "high", "weak", "no"),
    ("sunny", "hot", "high", "strong", "no"),
    ("overcast", "hot", "high", "weak", "yes"),
    ("rain", "mild", "high", "weak", "yes"),
    ("rain", "cool", "normal", "weak", "yes"),
    ("rain", "cool", "normal", "strong", "no"),
    ("overcast", "cool", "normal", "strong", "yes"),
    ("sunny", "mild", "high", "weak", "no"),
    ("sunny", "cool", "normal", "weak", "yes"),
    ("rain", "mild", "normal", "weak", "yes"),
    ("sunny", "mild", "normal", "strong", "yes"),
    ("overcast", "mild", "high", "strong", "yes"),
    ("overcast", "hot", "normal", "weak", "yes"),
    ("rain", "mild", "high", "strong", "no"),
]
COLUMNS = ["outlook", "temperature", "humidity", "wind"]


def _frame():
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(PLAYTENNIS, columns=[*COLUMNS, "play"])
    return frame[COLUMNS], frame["play"]


@pytest.mark.slow
@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_check_estimator(cls):
    """scikit-learn's own checks, but those EXPECTED_FAILED_CHECKS lists with reasons."""
    expected = estimators.EXPECTED_FAILED_CHECKS.get(cls.__name__, {})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = check_estimator(cls(), expected_failed_checks=expected, on_fail=None)
    failed = [r["check_name"] for r in results if r["status"] == "failed"]
    assert not failed
    passed = {r["check_name"] for r in results if r["status"] == "passed"}
    assert len(passed) >= 30 and not passed & set(expected)


def test_the_tree_of_a_dataframe_is_mitchells():
    X, y = _frame()
    model = estimators.ID3Classifier(target="playtennis").fit(X, y)
    assert list(model.feature_names_in_) == COLUMNS
    assert list(model.classes_) == ["no", "yes"]
    # learnt as the concept of classes_[1] = yes: the same clauses as from kb/playtennis.pl
    run = symlearn.learn("id3", str(ROOT / "kb" / "playtennis.pl"), target="playtennis/4")
    assert model.clauses_ == run.clauses()
    assert model.tree_.attributes[model.tree_.root.attribute].name == "outlook"
    assert model.rules_.clause_strings() == run.clauses()
    assert model.score(X, y) == 1.0
    proba = model.predict_proba(X.iloc[:3])
    assert proba.tolist() == [[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]]
    # a value never seen counts as missing: the tree's fractional vote at outlook
    unseen = model.predict_proba(X.iloc[:1].replace("sunny", "foggy"))[0]
    assert unseen == pytest.approx([5 / 14, 9 / 14])


def test_arrow_tables_are_read_like_frames():
    pyarrow = pytest.importorskip("pyarrow")
    X, y = _frame()
    table = pyarrow.Table.from_pandas(X)
    from_arrow = estimators.C45Classifier(prune="none").fit(table, y)
    from_pandas = estimators.C45Classifier(prune="none").fit(X, y)
    assert from_arrow.clauses_ == from_pandas.clauses_
    assert from_arrow.predict(table).tolist() == from_pandas.predict(X).tolist()


def test_pipeline_and_cross_validation():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    pipeline = make_pipeline(FunctionTransformer(np.round), estimators.CARTClassifier())
    scores = cross_val_score(pipeline, X, y, cv=3)
    assert scores.shape == (3,) and scores.min() > 0.8
    nb = cross_val_score(estimators.NaiveBayesClassifier(), X, y, cv=3)
    assert nb.mean() > 0.9


def test_multi_class_clauses_conclude_label():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    model = estimators.SequentialCoveringClassifier(target="iris").fit(X, names)
    assert model.rules_.ordered and all(c.startswith("label(iris(") for c in model.clauses_)
    assert set(model.predict(X)) <= set(names)
    assert model.score(X, names) > 0.95


@st.composite
def _concepts(draw):
    n = draw(st.integers(1, 4))
    domains = [tuple(f"v{i}{j}" for j in range(draw(st.integers(2, 3)))) for i in range(n)]
    target = tuple(draw(st.sampled_from((*d, "?"))) for d in domains)
    rows = draw(
        st.lists(st.tuples(*(st.sampled_from(d) for d in domains)), min_size=2, max_size=12)
    )
    return domains, Conjunction(target), rows


@settings(max_examples=30, deadline=None)
@given(_concepts())
def test_concept_learners_against_the_version_space(problem):
    """Labels from a conjunction: Find-S and the version-space vote, row by row."""
    from symlearn.hypotheses.space import ConjunctionSpace
    from symlearn.learners.concepts.candidate_elimination import CandidateElimination

    domains, target, rows = problem
    y = np.array(["yes" if target.covers(x) else "no" for x in rows])
    if len(set(y)) < 2:
        return
    X = np.array(rows, dtype=object)
    space = ConjunctionSpace("t", tuple(f"x{i}" for i in range(len(domains))), domains)
    reference = CandidateElimination(space).fit([(x, target.covers(x)) for x in rows])
    model = estimators.CandidateEliminationClassifier().fit(X, y)
    find_s = estimators.FindSClassifier().fit(X, y)
    for x in space.instances():
        votes = reference.classify(x)
        share = votes.positive_votes / (votes.positive_votes + votes.negative_votes)
        proba = model.predict_proba(np.array([x], dtype=object))[0]
        assert proba.tolist() == pytest.approx([1 - share, share])
        assert model.predict(np.array([x], dtype=object))[0] == ("yes" if share > 0.5 else "no")
        covered = reference.S[0].covers(x)
        assert find_s.predict(np.array([x], dtype=object))[0] == ("yes" if covered else "no")
    assert find_s.conjunction_ == reference.S[0]


def test_fitted_estimators_pickle_and_keep_their_run():
    X, y = _frame()
    model = estimators.NaiveBayesClassifier().fit(X, y)
    again = pickle.loads(pickle.dumps(model))
    assert again.predict(X).tolist() == model.predict(X).tolist()
    assert model.result_.report()  # the learner's own report
    assert model.predict_proba(X).sum(axis=1) == pytest.approx(np.ones(len(X)))


def test_errors_are_value_errors():
    X, y = _frame()
    with pytest.raises(ValueError, match="Only binary classification"):
        estimators.FindSClassifier().fit(X, np.array(["a", "b", "c"] * 4 + ["a", "b"]))
    with pytest.raises(ValueError, match="no hypothesis in H is consistent"):
        noisy = np.array(["no", "yes"] * 7)
        estimators.CandidateEliminationClassifier().fit(X, noisy)
    with pytest.raises(ValueError, match="measure"):
        estimators.ID3Classifier(measure="nonsense").fit(X, y)
    with pytest.raises(ValueError, match="infinity"):
        estimators.ID3Classifier().fit(np.array([[1.0], [np.inf]]), [0, 1])


def test_without_scikit_learn_the_import_says_how_to_install_it():
    code = (
        "import sys; sys.modules['sklearn'] = None\n"
        "try:\n    import symlearn.estimators\n"
        "except ImportError as e:\n    print(e)\n"
    )
    env_path = str(ROOT / "src")
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": env_path, "PATH": ""},
    ).stdout
    assert "pip install 'symlearn[sklearn]'" in out
