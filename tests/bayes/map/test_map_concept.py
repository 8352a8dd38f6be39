"""``symlearn learn brute-force-map``: Mitchell 1997 section 6.3 on the learner protocol."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symlearn
from symlearn.bayes.map.map_concept import MapRun
from symlearn.cli import main
from symlearn.errors import HypothesisSpaceError, KBError
from symlearn.hypotheses import ANY, Conjunction
from symlearn.kb import loads
from symlearn.learners.concepts.candidate_elimination import CandidateElimination
from symlearn.learning import LearningTask
from symlearn.logic.printer import format_term
from tests.conftest import requires_swipl
from tests.hypotheses.strategies import conjunctions, space_and_examples

KB = Path(__file__).resolve().parents[3] / "kb"
ENJOYSPORT = str(KB / "enjoysport.pl")
ASKED = "enjoysport(sunny, cold, normal, strong, warm, same)"


def test_mitchell_uniform_prior_on_enjoysport():
    run = symlearn.learn("brute-force-map", ENJOYSPORT, target="enjoysport/6", classify=ASKED)
    assert isinstance(run, MapRun)
    # Mitchell (1997) eq. 6.4-6.5: P(D) = |VS|/|H|, P(h|D) = 1/|VS| on the version space
    assert run.posterior.evidence == Fraction(6, 973)
    assert [run.posterior.probability(h) for h in run.version_space] == [Fraction(1, 6)] * 6
    assert sum(run.posterior.probabilities) == 1
    assert set(run.map_hypotheses) == set(run.version_space)
    learner = CandidateElimination(run.space).fit(
        [(x, y) for x, y in zip(run.task.attribute_data.instances, run.task.attribute_data.labels)]
    )
    assert set(run.version_space) == set(learner.version_space.hypotheses())
    # the instance two of the six hypotheses call positive (Mitchell section 2.6.3)
    vote = run.classification
    assert vote.optimal.probabilities == {True: Fraction(1, 3), False: Fraction(2, 3)}
    assert vote.optimal.label is False
    assert vote.errors == (Fraction(1, 3), Fraction(4, 9))
    assert vote.gibbs == vote.drawn.covers(vote.instance)
    assert run.clauses() == ["enjoysport(sunny, warm, _, strong, _, _)."]
    assert run.theory.ask("enjoysport(sunny, warm, high, strong, cool, change)")


def test_the_json_and_the_text(capsys):
    command = ["learn", "brute-force-map", ENJOYSPORT, "--target", "enjoysport/6"]
    status = main([*command, "--classify", ASKED, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert data["evidence_exact"] == "6/973" and data["hypothesis_space_size"] == 973
    assert data["prior"]["kind"] == "uniform" and data["prior"]["other_exact"] == "1/973"
    assert [p["posterior_exact"] for p in data["posteriors"]] == ["1/6"] * 6
    assert all(p["map"] for p in data["posteriors"]) and len(data["map_hypotheses"]) == 6
    asked = data["classification"]
    assert asked["instance"] == ASKED and asked["label"] == "neg"
    assert asked["bayes_optimal"]["positive_exact"] == "1/3"
    assert asked["gibbs"]["label"] in ("pos", "neg")
    assert asked["expected_errors"]["gibbs_exact"] == "4/9"
    assert len(data["classifications"]) == 4  # the file's instance/1 examples
    status = main(["learn", "brute-force-map", ENJOYSPORT, "--target", "enjoysport/6"])
    text = capsys.readouterr().out
    assert "% P(D) = 6/973 (0.006166)" in text
    assert "%   * 1/6 = 0.1667  enjoysport(sunny, warm, _, strong, _, _)." in text
    assert text.rstrip().endswith("enjoysport(sunny, warm, _, strong, _, _).")


def _task(space, examples, extra: str = "") -> LearningTask:
    lines = [f":- attributes(t, [{', '.join(space.attributes)}])."]
    for name, domain in zip(space.attributes, space.domains):
        lines.append(f":- domain({name}, [{', '.join(domain)}]).")
    for x, label in examples:
        lines.append(f"{'pos' if label else 'neg'}(t({', '.join(x)})).")
    return LearningTask.from_kb(loads("\n".join(lines) + "\n" + extra), "t/" + str(space.arity))


def _head(h: Conjunction) -> str:
    if h.is_empty:
        return "false"
    return "t(" + ", ".join("_" if c == ANY else format_term(c) for c in h.constraints) + ")"


@settings(max_examples=50, deadline=None)
@given(space_and_examples(max_examples=5, consistent=True), st.data())
def test_posterior_against_a_direct_sum_over_h(problem, data):
    """A random prior/2 over a few hypotheses; P(h|D) = P(h) [h consistent] / P(D)."""
    space, examples = problem
    if not examples:
        return
    chosen = data.draw(st.lists(conjunctions(space), max_size=3, unique=True))
    weights = data.draw(st.lists(st.integers(0, 4), min_size=len(chosen), max_size=len(chosen)))
    listed = {h: Fraction(w, 10) for h, w in zip(chosen, weights)}
    extra = "".join(f"prior({_head(h)}, {w}/10).\n" for h, w in zip(chosen, weights))
    total = sum(listed.values(), Fraction(0))
    if total > 1 or (len(listed) == space.size and total != 1):
        with pytest.raises(KBError, match="add up to"):
            symlearn.learn("brute-force-map", _task(space, examples, extra))
        return
    run = symlearn.learn("brute-force-map", _task(space, examples, extra))
    others = space.size - len(listed)
    rest = (1 - sum(listed.values(), Fraction(0))) / others if others else Fraction(0)
    prior = {h: listed.get(h, rest) for h in space.hypotheses()}
    consistent = {h for h in prior if all(h.covers(x) == y for x, y in examples)}
    evidence = sum((prior[h] for h in consistent), Fraction(0))
    if evidence == 0:
        assert run.exit_status == 1 and run.posterior is None
        return
    assert run.posterior.evidence == evidence
    for h, p in zip(run.posterior.hypotheses, run.posterior.probabilities):
        assert p == (prior[h] / evidence if h in consistent else 0)
    best = max(prior[h] for h in consistent)
    assert set(run.map_hypotheses) == {h for h in consistent if prior[h] == best}


@settings(max_examples=50, deadline=None)
@given(space_and_examples(max_examples=5, consistent=True), st.data())
def test_bayes_optimal_is_the_version_space_vote_under_the_uniform_prior(problem, data):
    space, examples = problem
    if not examples:  # a task needs examples
        return
    instance = data.draw(st.tuples(*(st.sampled_from(d) for d in space.domains)))
    atom = "t(" + ", ".join(instance) + ")"
    run = symlearn.learn("brute-force-map", _task(space, examples), classify=atom)
    learner = CandidateElimination(space).fit(examples)
    assert run.posterior.evidence == Fraction(learner.version_space.size(), space.size)
    votes = learner.classify(instance)
    p = Fraction(votes.positive_votes, votes.positive_votes + votes.negative_votes)
    assert run.classification.optimal.probabilities[True] == p
    q = run.classification.optimal.probabilities[True]
    assert run.classification.errors == (min(q, 1 - q), 2 * q * (1 - q))


def test_gibbs_draws_from_the_posterior_and_is_seeded():
    task = LearningTask.from_files(ENJOYSPORT)

    def drawn(seed: int) -> Conjunction:
        run = symlearn.learn("brute-force-map", task, classify=ASKED, seed=seed)
        return run.classification.drawn

    first = drawn(3)
    random.seed(1)  # the draws come from the run's own seed, not the global state
    assert drawn(3) == first
    draws = {drawn(s) for s in range(12)}
    version_space = symlearn.learn("brute-force-map", task).version_space
    assert draws <= set(version_space) and len(draws) > 1


@pytest.mark.parametrize(
    "extra, message, line",
    [
        ("prior(enjoysport(sunny, hot, _, _, _, _), 0.5).", "hot is not a value of airtemp", 1),
        ("prior(false, 0.2).\nprior(false, 0.1).", "already has a prior", 2),
        ("prior(enjoysport(sunny, _, _, _, _, _), 2).", "number in \\[0, 1\\]", 1),
        ("prior(enjoysport(_, _, _, _, _, _), 0.6).\nprior(false, 0.6).", "add up to 6/5", 1),
        ("prior(enjoysport(sunny, _), 0.1).", "has 6 attributes, not 2", 1),
        ("prior(false, 0.1) :- member(a, [a]).", "a prior is a fact", 1),
    ],
)
def test_a_bad_prior_is_located(tmp_path, extra, message, line):
    path = tmp_path / "prior.pl"
    path.write_text(extra + "\n")
    with pytest.raises(KBError, match=message) as error:
        symlearn.learn("brute-force-map", [ENJOYSPORT, str(path)], target="enjoysport/6")
    assert (error.value.path, error.value.line) == (str(path), line)


def test_no_consistent_hypothesis_is_a_no(tmp_path, capsys):
    path = tmp_path / "prior.pl"
    path.write_text("prior(enjoysport(rainy, _, _, _, _, _), 1).\n")
    status = main(["learn", "brute-force-map", ENJOYSPORT, str(path), "--target", "enjoysport/6"])
    out, err = capsys.readouterr()
    assert status == 1 and out == "" and "P(D) = 0" in err


def test_what_it_refuses():
    with pytest.raises(KBError, match="pos/neg examples"):
        symlearn.learn("brute-force-map", str(KB / "lenses.pl"), target="lenses/4")
    with pytest.raises(HypothesisSpaceError, match="973 hypotheses, more than the limit of 10"):
        symlearn.learn("brute-force-map", ENJOYSPORT, limit=10)
    with pytest.raises(KBError, match="not an instance"):
        symlearn.learn("brute-force-map", ENJOYSPORT, classify="enjoysport(sunny)")


@requires_swipl
def test_the_written_hypothesis_answers_alike_in_swi_prolog():
    from tests.swipl import run_swipl

    run = symlearn.learn("brute-force-map", ENJOYSPORT)
    space = run.space
    goals = [(f"enjoysport({', '.join(x)})", []) for x in space.instances()]
    swi = run_swipl(run.program(), goals)
    ours = [[""] if run.theory.ask(goal) else [] for goal, _ in goals]
    assert [len(a) for a in swi] == [len(a) for a in ours]
    assert sum(len(a) for a in ours) == 8  # <sunny, warm, ?, strong, ?, ?> covers 8 of 96
