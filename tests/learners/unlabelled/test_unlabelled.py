"""Semi-supervised EM, co-training and co-EM: their steps, on small and random inputs."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data.attribute_value import Attribute, AttributeValueData
from symlearn.data.columnar import as_columnar, with_weights
from symlearn.data.tabular import from_records
from symlearn.errors import KBError
from symlearn.kb import loads
from symlearn.learners.unlabelled.co_em import COLLAPSE_BAND
from symlearn.learners.unlabelled.co_training import co_training
from symlearn.learners.unlabelled.em import semi_supervised_em
from symlearn.learners.unlabelled.mixture import Pool, fit_labelled, posteriors, views
from symlearn.learners.unlabelled.settings import EMSettings
from symlearn.learning import LearningTask, learn
from symlearn.learning.attribute_data import from_kb

KB = Path(__file__).resolve().parents[3] / "kb"
BASE = EMSettings().base_learner


def naive_bayes_sample(
    n: int, seed: int, labelled: int
) -> tuple[AttributeValueData, AttributeValueData]:
    """Examples drawn from a naive Bayes model (class, then 12 independent yes/no attributes).

    The first ``labelled`` are labelled, the rest unlabelled; a test set of
    1,000 more is drawn alike.
    """
    rng = np.random.default_rng(seed)
    p = rng.uniform(0.2, 0.8, 12)
    q = np.clip(p + rng.choice([-1, 1], 12) * rng.uniform(0.15, 0.3, 12), 0.05, 0.95)
    attributes = tuple(Attribute(f"a{j}", ("y", "n")) for j in range(12))

    def draw(count: int) -> tuple[list[tuple[str, ...]], list[str]]:
        c = rng.random(count) < 0.5
        x = np.where(c[:, None], rng.random((count, 12)) < p, rng.random((count, 12)) < q)
        return [tuple("y" if v else "n" for v in row) for row in x], ["a" if v else "b" for v in c]

    rows, labels = draw(n)
    test_rows, test_labels = draw(1000)
    train = AttributeValueData(
        "t",
        attributes,
        tuple(rows[:labelled]),
        tuple(labels[:labelled]),
        unlabelled_examples=tuple(rows[labelled:]),
    )
    return train, AttributeValueData("t", attributes, tuple(test_rows), tuple(test_labels))


def test_the_e_step_is_naive_bayes_posterior():
    train, _ = naive_bayes_sample(60, 1, 10)
    pool = Pool.of(as_columnar(train))
    model = fit_labelled(BASE, pool)
    shares = posteriors(model, pool.unlabelled, pool.classes)
    for i in range(5):
        posterior = model.posterior(pool.unlabelled_instance(i))
        assert shares[i].tolist() == pytest.approx([posterior[c] for c in pool.classes])


def test_the_m_step_with_certain_labels_is_naive_bayes_on_them():
    train, _ = naive_bayes_sample(40, 2, 10)
    table = as_columnar(train)
    pool = Pool.of(table)
    hard = np.zeros((pool.n_unlabelled, 2))
    hard[np.arange(pool.n_unlabelled), np.arange(pool.n_unlabelled) % 2] = 1.0
    fractional = fit_labelled(BASE, pool, hard)
    rows = tuple(pool.unlabelled_instance(i) for i in range(pool.n_unlabelled))
    labels = tuple(pool.classes[i % 2] for i in range(pool.n_unlabelled))
    together = AttributeValueData(
        "t", train.attributes, train.instances + rows, train.labels + labels
    )
    direct = BASE.fit(with_weights(together, np.ones(len(together.labels))))

    def flat(model):
        table = model.to_dict()["conditionals"]
        return {(a, c, v): p for a, t in table.items() for c, e in t.items() for v, p in e.items()}

    assert flat(fractional) == pytest.approx(flat(direct))
    assert fractional.to_dict()["priors"] == pytest.approx(direct.to_dict()["priors"])


@settings(max_examples=25)
@given(st.integers(0, 10_000), st.integers(2, 12), st.sampled_from([1.0, 0.3]))
def test_em_never_lowers_the_log_likelihood(seed, labelled, weight):
    train, _ = naive_bayes_sample(50, seed, labelled)
    if len(set(train.labels)) < 2:
        return
    learnt = semi_supervised_em(Pool.of(as_columnar(train)), BASE, iterations=15, weight=weight)
    values = [step["log_likelihood"] for step in learnt.trace]
    assert all(b >= a - 1e-9 * abs(a) for a, b in itertools.pairwise(values))


def test_em_beats_naive_bayes_when_labels_are_few():
    """On data drawn from a naive Bayes model, 10 labels and 490 unlabelled examples."""
    wins = []
    for seed in range(3):
        train, test = naive_bayes_sample(500, seed, 10)
        task = LearningTask.from_table(train)
        run = learn("semi-supervised-em", task)
        alone = learn("naive-bayes", task, laplace=True)
        em = np.mean([run.model.classify(x) == y for x, y in zip(test.instances, test.labels)])
        nb = np.mean([alone.model.classify(x) == y for x, y in zip(test.instances, test.labels)])
        wins.append(em - nb)
    assert min(wins) > 0.0 and np.mean(wins) > 0.05


def test_co_training_labels_the_most_confident_examples_first():
    data = as_columnar(
        from_kb(
            loads(
                ":- attributes(t, [a, b]).\n"
                "label(t(x, p), yes). label(t(y, q), no). label(t(x, q), yes).\n"
                + "".join(
                    f"unlabelled(t({a}, {b})).\n"
                    for a, b in [("x", "p"), ("y", "q"), ("x", "q"), ("y", "p"), ("y", "q")]
                )
            ),
            "t",
            2,
        )
    )
    pool = Pool.of(data)
    columns = views(data.attributes, [("a",), ("b",)])
    learnt = co_training(pool, BASE, columns, rounds=1)
    (first,) = learnt.trace
    # each view's model takes one example per class it predicts (view b's model predicts
    # yes for q too: the prior 2/3 outweighs q's even split)
    assert first["added"] == 3 and first["labelled"] == 6
    model_a = fit_labelled(BASE, pool.restricted(columns[0]))
    shares = posteriors(model_a, [pool.unlabelled[0]], pool.classes)
    best_yes = int(np.argmax(shares[:, 0]))
    assert pool.classes[learnt.labels[best_yes]] == "yes"
    whole = co_training(pool, BASE, columns)
    assert sum(r["added"] for r in whole.trace) == pool.n_unlabelled


def test_views_must_partition_the_attributes():
    attributes = (Attribute("a", ("x",)), Attribute("b", ("y",)), Attribute("c", ("z",)))
    assert views(attributes, [("c", "a"), ("b",)]) == [(0, 2), (1,)]
    with pytest.raises(ValueError, match="c is in no view"):
        views(attributes, [("a",), ("b",)])


def test_empty_class_cells_are_unlabelled_examples():
    data = from_records(
        [
            {"a": "x", "c": "p"},
            {"a": "y", "c": None},
            {"a": "x", "c": "q"},
            {"a": "z", "c": "?"},
        ],
        "c",
    )
    assert data.labels == ("p", "q")
    assert data.unlabelled_examples == (("y",), ("z",))
    assert data.where(1) == "row 3"
    with pytest.raises(KBError, match="missing in every row"):
        from_records([{"a": "x", "c": None}], "c")


def test_co_em_says_when_its_probabilities_collapse_to_the_prior():
    """Weak views (6 attributes each, 10 labels): the exchange settles on the class shares."""
    train, _ = naive_bayes_sample(500, 0, 10)
    task = LearningTask.from_table(train)
    halves = [",".join(f"a{j}" for j in range(6)), ",".join(f"a{j}" for j in range(6, 12))]
    run = learn("co-em", task, views=halves)
    (warning,) = run.warnings
    assert "collapsed to the prior" in warning and "try em" in warning
    assert run.to_dict()["warnings"] == [warning]
    final = posteriors(run.learnt.views[0][1], Pool.of(as_columnar(train)).restricted(
        run.learnt.views[0][0]).unlabelled, run.pool.classes)  # fmt: skip
    assert np.ptp(final, axis=0).max() < 2 * COLLAPSE_BAND
    # strong views (the notes' web pages) keep their probabilities apart: no warning
    web = LearningTask.from_files([str(KB / "unlabelled" / "web_pages.pl")])
    pages = "page_lecture,page_homework,page_exam,page_office_hours"
    links = "link_course,link_syllabus,link_my,link_home"
    assert learn("co-em", web, views=[pages, links]).warnings == ()
