"""k-nearest neighbour: the notes' definitions by hand, and scikit-learn's labels at random."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.attribute_value import MISSING, Attribute, AttributeValueData
from symlearn.errors import InvalidParameterError
from symlearn.kb import loads
from symlearn.learners.instances.distances import Metric, SearchIndex, _brute_search, nearest
from symlearn.learners.instances.feature_weights import gain_weights
from symlearn.learners.instances.knn import nearest_neighbours
from symlearn.learning import LearningTask
from symlearn.learning.attribute_data import from_kb

sklearn_neighbors = pytest.importorskip("sklearn.neighbors")


def numeric(rows, labels) -> AttributeValueData:
    width = len(rows[0])
    attributes = tuple(Attribute(f"a{j}", None) for j in range(width))
    return AttributeValueData("t", attributes, tuple(map(tuple, rows)), tuple(labels))


def test_distance_weighted_votes_overturn_the_majority() -> None:
    # x_q = 0: one "near" neighbour at distance 1, two "far" ones at 3 and 4
    data = numeric([(1.0,), (3.0,), (4.0,), (10.0,)], ["near", "far", "far", "far"])
    plain = nearest_neighbours(data, 3, normalise=False)
    weighted = nearest_neighbours(data, 3, weighted=True, normalise=False)
    assert plain.classify((0.0,)) == "far"
    explained = weighted.explain((0.0,))
    assert explained["label"] == "near"  # 1/1 > 1/9 + 1/16
    assert explained["votes"] == {"near": 1.0, "far": pytest.approx(1 / 9 + 1 / 16)}
    assert [n["weight"] for n in explained["neighbours"]] == pytest.approx([1, 1 / 9, 1 / 16])


def test_an_exact_match_takes_its_class_when_weighted() -> None:
    data = numeric([(1.0,), (1.0,), (1.1,), (1.2,), (1.3,)], ["a", "b", "b", "b", "b"])
    model = nearest_neighbours(data, 5, weighted=True, normalise=False)
    # two instances at distance 0 (a, b) tie; the first listed wins
    assert model.explain((1.0,))["votes"] == {"a": 1.0, "b": 1.0}
    assert model.classify((1.0,)) == "a"


def test_the_overlap_metric_counts_differing_attributes() -> None:
    kb = loads("""
    label(t(red, small, round), a). label(t(red, large, square), b).
    label(t(blue, large, round), b).
    """)
    data = from_kb(kb, "t", 3)
    model = nearest_neighbours(data, 3, distance="manhattan")  # IB1's overlap metric
    distances = [n["distance"] for n in model.explain(("red", "large", "round"))["neighbours"]]
    assert distances == [1.0, 1.0, 1.0]
    euclidean = nearest_neighbours(data, 1).explain(("blue", "small", "square"))
    assert euclidean["neighbours"][0]["distance"] == pytest.approx(np.sqrt(2))


def test_mvdm_is_the_difference_of_class_distributions() -> None:
    kb = loads("""
    label(t(red), a). label(t(red), a). label(t(red), b). label(t(pink), a).
    label(t(blue), b). label(t(blue), b).
    """)
    data = from_kb(kb, "t", 1)
    model = nearest_neighbours(data, 1, nominal_distance="mvdm", distance="manhattan")
    rows = model.encoding.rows([("red",), ("pink",), ("blue",)])
    d = model.metric.pairwise(rows, rows)
    # P(a|red) = 2/3, P(a|pink) = 1, P(a|blue) = 0
    assert d[0, 1] == pytest.approx(2 * (1 - 2 / 3))
    assert d[0, 2] == pytest.approx(2 * 2 / 3)
    assert d[1, 2] == pytest.approx(2.0)


def test_missing_values_follow_witten_and_frank() -> None:
    attributes = (Attribute("c", ("x", "y")), Attribute("n", None))
    train = np.array([[0.0, 0.2], [np.nan, np.nan], [1.0, np.nan]])
    metric = Metric.of(attributes, train, np.array([0, 1, 0]), 2, combination="manhattan")
    query = np.array([[0.0, 0.9], [np.nan, np.nan]])
    d = metric.pairwise(query, train)
    assert d[0].tolist() == pytest.approx([0.7, 1 + 0.9, 1 + 0.9])  # max(0.9, 0.1)
    assert d[1].tolist() == pytest.approx([1 + 0.8, 1 + 1, 1 + 1])  # nominal ? differs by 1


def test_information_gain_weights_are_mitchells_playtennis_gains() -> None:
    task = LearningTask.from_files("kb/playtennis.pl", "playtennis/4")
    data = task.attribute_data
    model = nearest_neighbours(data, 1)
    weights = gain_weights(data.attributes, model.rows, model.y, 2)
    shown = dict(zip([a.name for a in data.attributes], np.round(weights, 3)))
    assert shown == {"outlook": 0.247, "temperature": 0.029, "humidity": 0.152, "wind": 0.048}


def test_k_larger_than_the_data_is_refused() -> None:
    with pytest.raises(InvalidParameterError, match="k = 9 but there are 4 training examples"):
        nearest_neighbours(numeric([(1.0,), (2.0,), (3.0,), (4.0,)], "aabb"), 9)


def test_regression_is_the_mean_of_the_neighbours() -> None:
    data = numeric([(0.0,), (1.0,), (2.0,), (10.0,)], [1.0, 2.0, 4.0, 100.0])
    model = nearest_neighbours(data, 3, regression=True, normalise=False)
    assert model.predict_values([(0.5,)]).tolist() == pytest.approx([7 / 3])


@st.composite
def classified_points(draw: st.DrawFn):
    n = draw(st.integers(4, 30))
    d = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    return rng.random((n, d)), rng.integers(0, 3, n), rng.random((8, d)), draw(st.integers(1, n))


@settings(max_examples=10, deadline=None)
@given(classified_points(), st.booleans(), st.sampled_from(["euclidean", "manhattan"]))
def test_same_labels_as_scikit_learn(problem, weighted: bool, distance: str) -> None:
    x, y, queries, k = problem
    labels = [f"c{c}" for c in y]
    model = nearest_neighbours(
        numeric(x.tolist(), labels), k, weighted=weighted, distance=distance, normalise=False
    )
    peer = sklearn_neighbors.KNeighborsClassifier(
        k,
        weights=(lambda d: 1 / d**2) if weighted else "uniform",
        p=2 if distance == "euclidean" else 1,
        algorithm="brute",
    ).fit(x, labels)
    ours = model.predict([tuple(q) for q in queries.tolist()])
    theirs = peer.predict(queries)
    distances, found = peer.kneighbors(queries)
    for i in range(len(queries)):
        votes: dict[str, float] = {}
        for dist, j in zip(distances[i], found[i]):
            votes[labels[j]] = votes.get(labels[j], 0.0) + (1 / dist**2 if weighted else 1.0)
        best = sorted(votes.values())[-2:]
        if len(best) == 2 and np.isclose(best[0], best[1]):
            continue  # a tie of votes: scikit-learn takes the smallest label, we the nearest
        assert ours[i] == theirs[i]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_the_kd_tree_and_every_distance_agree_ties_included(seed: int, k: int) -> None:
    rng = np.random.default_rng(seed)
    train = rng.integers(0, 3, (25, 2)).astype(np.float64)  # many equal distances
    query = rng.integers(0, 3, (10, 2)).astype(np.float64)
    attributes = (Attribute("a", None), Attribute("b", None))
    metric = Metric.of(attributes, train, np.zeros(25, dtype=np.int64), 1)
    index = SearchIndex.build(metric, train)
    assert index.embedded
    tree = nearest(index, train, query, k)
    brute = _brute_search(metric, train, query, k)
    assert tree[0].tolist() == brute[0].tolist()
    assert np.allclose(tree[1], brute[1])
    exact = metric.pairwise(query, train)
    for i in range(len(query)):
        expected = sorted(range(25), key=lambda j: (exact[i, j], j))[:k]
        assert brute[0][i].tolist() == expected


def test_missing_values_in_a_table(tmp_path) -> None:
    path = tmp_path / "m.csv"
    path.write_text("a,b,c\nx,1,p\ny,?,q\n?,3,p\nx,4,q\n")
    task = LearningTask.from_csv(str(path), "c")
    model = nearest_neighbours(task.attribute_data, 1)
    assert model.classify(("x", 1)) == "p"
    assert model.predict([(MISSING, MISSING)]) in (["p"], ["q"])
