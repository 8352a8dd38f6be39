"""ProbLog's tasks (``symlearn problog dt|map|explain|constraint``) against ProbLog 2.3.

The oracle is ProbLog's own output on its test programs (``programs/dtproblog``,
``programs/tasks``): what ``problog dt``, ``problog map`` and ``problog
explain`` print, recorded below (the constraint programs' ``%Expected
outcome:`` blocks are checked in ``test_system_programs.py``).  Where ProbLog is wrong the
test says why and checks the right answer another way (ProbLog's marginals,
enumeration).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.bayes.problog.problog_inference import infer_program
from symlearn.bayes.tasks import run_task
from symlearn.cli import main
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb import loads
from symlearn.kb.parser import parse_term

PROGRAMS = Path(__file__).parent / "programs"
KB = Path(__file__).resolve().parents[2] / "kb"

#: ``problog dt FILE`` (ProbLog 2.3.0): the decisions it prints and its SCORE.
PROBLOG_DT = {
    "ex1.pl": ({"b": 1}, 1.8),
    "ex2.pl": ({"c": 1}, 1.8),
    "ex3.pl": ({"a": 1}, 1.8),
    "ex4.pl": ({"b": 1, "c": 1}, 3.0),
    "ex5.pl": ({"a": 1, "c": 1}, 1.8),
    "mut_exl.pl": (
        {
            "bet(1,heads)": 0,
            "bet(1,tails)": 1,
            "bet(2,heads)": 0,
            "bet(2,tails)": 1,
            "play(1)": 0,
            "play(2)": 1,
        },
        1.5,
    ),
    "mut_exl2.pl": ({"bet(heads)": 0, "bet(tails)": 1, "play": 0}, 0.0),
    "umbrella.pl": ({"raincoat": 0, "umbrella": 1}, 43.0),
    "umbrella_poole.pl": (
        {"umbrella(cloudy)": 0, "umbrella(rainy)": 1, "umbrella(sunny)": 0},
        77.0,
    ),
    "var_util.pl": ({"bet(w1,5)": 1, "bet(w2,7)": 0, "bet(w3,10)": 0}, 4.0),
    "viralmarketing.pl": (
        {
            "marketed(angelika)": 0,
            "marketed(bernd)": 0,
            "marketed(guy)": 1,
            "marketed(ingo)": 1,
            "marketed(kurt)": 0,
            "marketed(laura)": 0,
            "marketed(martijn)": 1,
            "marketed(theo)": 1,
        },
        3.210966333135799,
    ),
    "weather_poole_alt.pl": (
        {"decide_u(cloudy)": 0, "decide_u(rainy)": 1, "decide_u(sunny)": 0},
        77.0,
    ),
    "winning_undecided.pl": ({"play1": 1, "play2": 1}, 34.5),
}


def test_every_dtproblog_program_is_here():
    assert {p.name for p in (PROGRAMS / "dtproblog").glob("*.pl")} == {*PROBLOG_DT, "winning.pl"}


@pytest.mark.parametrize("name", sorted(PROBLOG_DT))
def test_dt_decides_as_problog(name):
    decisions, score = PROBLOG_DT[name]
    run = run_task("dt", PROGRAMS / "dtproblog" / name)
    assert run.decisions == decisions
    assert run.score == pytest.approx(score, abs=1e-6)


def test_dt_local_search_as_problog():
    """ProbLog's test_dtproblog: ex5.pl with -s local stays at a=0, c=0 (score 0)."""
    run = run_task("dt", PROGRAMS / "dtproblog" / "ex5.pl", search="local")
    assert run.decisions == {"a": 0, "c": 0} and run.score == pytest.approx(0.0)


def test_dt_without_decisions_is_the_expected_utility_of_the_program():
    """winning.pl has no ?:: decision: ProbLog prints SCORE 0.0 without evaluating anything.

    The expected utility of the program as it is, from ProbLog's own marginals:
    -10 P(play1) - 10 P(play2) + 50 P(win1) + 50 P(win2).
    """
    problog = pytest.importorskip("problog")
    from problog.program import PrologString

    path = PROGRAMS / "dtproblog" / "winning.pl"
    queries = "".join(f"\nquery({atom})." for atom in ("play1", "play2", "win1", "win2"))
    program = PrologString(path.read_text() + queries)
    marginals = {
        str(k): v for k, v in problog.get_evaluatable().create_from(program).evaluate().items()
    }
    expected = -10 * (marginals["play1"] + marginals["play2"]) + 50 * (
        marginals["win1"] + marginals["win2"]
    )
    run = run_task("dt", path)
    assert run.decisions == {} and run.warnings
    assert run.score == pytest.approx(expected, abs=1e-9)


def _expected_utility(program: str, decisions: dict[str, bool], utilities: dict[str, float]):
    """EU by plain inference: each decision a fact with probability 1 or 0."""
    text = program
    for atom, taken in decisions.items():
        text = text.replace(f"?::{atom}.", f"{1.0 if taken else 0.0}::{atom}.")
    kb = loads(text)
    atoms = [parse_term(a) for a in utilities]
    run = infer_program(kb, atoms, [])
    return sum(run.probabilities[parse_term(a)] * u for a, u in utilities.items())


@pytest.mark.parametrize("seed", range(12))
def test_dt_is_the_best_of_every_strategy(seed):
    """Random programs: the strategy found scores what enumerating every strategy best scores."""
    import itertools
    import random

    generator = random.Random(seed)
    decisions = ["d1", "d2", "d3"]
    facts = [f"{generator.choice([0.2, 0.5, 0.7])}::f{i}." for i in range(3)]
    rules = []
    for head in ("g1", "g2", "g3"):
        for _ in range(2):
            body = generator.sample(decisions + [f"f{i}" for i in range(3)], 2)
            if generator.random() < 0.3:
                body[1] = "\\+" + body[1]
            rules.append(f"{head} :- {', '.join(body)}.")
    utilities = {"g1": generator.randint(-5, 10), "g2": generator.randint(-5, 10)}
    utilities.update({d: generator.randint(-4, 1) for d in decisions})
    program = "\n".join(
        [*(f"?::{d}." for d in decisions), *facts, *rules]
        + [f"utility({a}, {u})." for a, u in utilities.items()]
    )
    run = run_task("dt", loads(program))
    scores = [
        _expected_utility(program, dict(zip(decisions, values)), utilities)
        for values in itertools.product([False, True], repeat=3)
    ]
    assert run.score == pytest.approx(max(scores), abs=1e-9)
    chosen = {d: bool(run.decisions.get(d, 0)) for d in decisions}
    assert _expected_utility(program, chosen, utilities) == pytest.approx(run.score, abs=1e-9)


def test_map_as_problog_on_its_graph():
    """``problog map map_probabilistic_graph.pl``: edge(1,2) 1, edge(1,3) 0 (as MAP has it)."""
    run = run_task("map", PROGRAMS / "tasks" / "map_probabilistic_graph.pl")
    assert {str(k): v for k, v in run.to_dict()["map"].items()} == {
        "edge(1,2)": True,
        "edge(1,3)": False,
    }
    assert run.probability == pytest.approx(0.19224)  # P(e12, not e13, path(1,6))


@pytest.mark.parametrize("seed", range(12))
def test_map_is_the_most_probable_assignment(seed):
    """Random programs: MAP's joint probability is the largest of every assignment's."""
    import itertools
    import random

    generator = random.Random(seed)
    facts = [f"{generator.choice([0.1, 0.4, 0.6, 0.9])}::f{i}." for i in range(4)]
    rules = []
    for head in ("a", "b", "c"):
        for _ in range(2):
            body = generator.sample([f"f{i}" for i in range(4)], 2)
            rules.append(f"{head} :- {', '.join(body)}.")
    program = "\n".join(facts + rules + ["0.7::c :- a."])
    chosen = ["a", "b", "f0"]
    evidence = [(parse_term("c"), True)]
    kb = loads(program)
    if infer_program(kb, [parse_term("c")], []).probabilities[parse_term("c")] == 0:
        return
    run = run_task("map", kb, chosen, ["c=true"])
    best = 0.0
    for values in itertools.product([True, False], repeat=3):
        observed = evidence + [(parse_term(a), v) for a, v in zip(chosen, values)]
        try:
            joint = infer_program(kb, [parse_term("c")], observed).evidence_probability
        except InvalidParameterError:  # impossible assignment
            joint = 0.0
        best = max(best, joint or 0.0)
    assert run.probability == pytest.approx(best, abs=1e-12)


#: ``problog explain`` (ProbLog 2.3.0): each query's proofs' probabilities, in order.
PROBLOG_EXPLAIN = {
    "tasks/some_heads.pl": {"someHeads": [0.6, 0.2]},
    "3_tossing_coin.pl": {"someHeads": [0.6, 0.24, 0.096, 0.0384]},
    # p(3) alone and p(2), choice(p(3)) are both 0.1: the shorter first, as ProbLog
    "01_queries.pl": {
        "p(1)": [0.3],
        "p(2)": [0.2, 0.12],
        "p(3)": [0.1, 0.09, 0.054],
        "p(4)": [0.05, 0.045, 0.027],
        "p(5)": [0.025, 0.0225, 0.0135],
    },
}


@pytest.mark.parametrize("name", sorted(PROBLOG_EXPLAIN))
def test_explain_as_problog(name):
    run = run_task("explain", PROGRAMS / name)
    got = {str(q): [p.probability for p in proofs] for q, proofs in run.proofs.items()}
    assert got == {q: pytest.approx(ps) for q, ps in PROBLOG_EXPLAIN[name].items()}


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        ("00_trivial_fail.pl", ["a :- fail."]),
        ("00_trivial_true.pl", ["a :- true."]),
        (
            "00_trivial_duplicate.pl",
            ["p(1) :- p(1).  % P=0.6", "p(1) :- choice_1, \\+p(1).  % P=0.12"],
        ),
    ],
)
def test_explain_names_as_problog(name, lines):
    """The query as written (a failing one too), a certain one bare, a repeated fact numbered."""
    assert run_task("explain", PROGRAMS / name).report()[2 : 2 + len(lines)] == lines


def test_explain_prints_proofs_as_problog():
    run = run_task("explain", PROGRAMS / "tasks" / "some_heads.pl")
    assert run.report()[:4] == [
        "Proofs",
        "------",
        "someHeads :- heads2.  % P=0.6",
        "someHeads :- heads1, \\+heads2.  % P=0.2",
    ]


@pytest.mark.parametrize("seed", range(12))
def test_explain_proofs_partition_the_query(seed):
    """Random programs: the proofs are disjoint, each makes the query certain, they sum to P."""
    import random

    generator = random.Random(seed)
    facts = [f"{generator.choice([0.2, 0.5, 0.7])}::f{i}." for i in range(4)]
    rules = []
    for _ in range(3):
        body = generator.sample([f"f{i}" for i in range(4)], 2)
        if generator.random() < 0.3:
            body[0] = "\\+" + body[0]
        rules.append(f"q :- {', '.join(body)}.")
    kb = loads("\n".join(facts + rules + ["0.3::a; 0.5::b.", "q :- b, f0."]))
    if not any(r for r in rules):
        return
    run = run_task("explain", kb, ["q"])
    proofs = run.proofs[parse_term("q")]
    total = infer_program(kb, [parse_term("q")], []).probabilities[parse_term("q")]
    assert sum(p.probability for p in proofs) == pytest.approx(total, abs=1e-12)
    assignments = []
    for proof in proofs:
        literal = {}
        for text in proof.literals:
            negated = text.startswith("\\+")
            literal[parse_term(text[2:] if negated else text)] = not negated
        assignments.append(literal)
        given = list(literal.items())
        assert infer_program(kb, [parse_term("q")], given).probabilities[
            parse_term("q")
        ] == pytest.approx(1.0)
    for i, first in enumerate(assignments):
        for second in assignments[i + 1 :]:
            assert any(a in second and second[a] != v for a, v in first.items()) or any(
                _exclusive(a, b) for a in first for b in second if first[a] and second[b]
            )


def _exclusive(first, second) -> bool:
    """a and b are the exclusive heads of the disjunction of the test programs."""
    return {str(first), str(second)} == {"a", "b"}


def test_unsatisfiable_constraints_are_a_no(capsys, tmp_path):
    path = tmp_path / "none.pl"
    path.write_text("?::a.\n0.5::b :- a.\nensure_prob(0.8, 1.0) :- b.\nquery(b).\n")
    assert main(["problog", "constraint", str(path)]) == 1
    assert "UNSATISFIABLE" in capsys.readouterr().out
    assert main(["problog", "constraint", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["satisfiable"] is False


@pytest.mark.parametrize("task", ["dt", "map", "explain", "constraint"])
def test_each_task_prints_json(capsys, task):
    path = {
        "dt": KB / "problog" / "umbrella_dt.pl",
        "map": KB / "alarm.pl",
        "explain": KB / "alarm.pl",
        "constraint": KB / "problog" / "test_selection.pl",
    }[task]
    assert main(["problog", task, str(path), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["task"] == task


def test_the_readme_examples():
    run = run_task("dt", KB / "problog" / "umbrella_dt.pl")
    assert run.decisions == {"raincoat": 0, "umbrella": 1} and run.score == pytest.approx(43.0)
    explained = run_task("explain", KB / "alarm.pl", ["burglary"])
    assert explained.probabilities[parse_term("burglary")] == pytest.approx(0.2841718, abs=1e-7)


@pytest.mark.parametrize(
    "program, message",
    [
        ("?::a.\nb :- a.\n", "no utility/2"),
        ("?::a; 0.5::b.\nutility(a, 1).\n", "either decisions"),
        ("?::a.\nutility(a, x).\n", "not a number"),
    ],
)
def test_dt_refuses_bad_programs(tmp_path, capsys, program, message):
    path = tmp_path / "bad.pl"
    path.write_text(program)
    assert main(["problog", "dt", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert message in error["message"]


def test_bad_input_is_located_and_never_a_traceback(tmp_path, capsys):
    path = tmp_path / "bad.pl"
    path.write_text("0.5::a.\nb :- a\nquery(b).\n")
    for task in ("dt", "map", "explain", "constraint"):
        assert main(["problog", task, str(path)]) == 2
        err = capsys.readouterr().err
        assert f"{path}:2:" in err and "Traceback" not in err
    good = tmp_path / "good.pl"
    good.write_text("0.5::a.\nquery(a).\n")
    assert main(["problog", "map", str(good), "--evidence", "a=maybe"]) == 2
    assert main(["problog", "explain", str(good), "--query", "b"]) == 2
    assert main(["problog", "map", str(tmp_path / "missing.pl")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_infer_on_a_decision_says_to_use_dt(tmp_path):
    path = tmp_path / "dt.pl"
    path.write_text("?::a.\nutility(a, 1).\nquery(a).\n")
    with pytest.raises((KBError, InvalidParameterError), match="problog dt"):
        from symlearn.bayes.answer import infer

        infer(str(path))


def test_sample_draws_problogs_values_from_its_seed():
    """``problog sample heights.pl -N 3 --seed 1`` prints these three heights (ProbLog 2.3.0).

    Both draw with Python's generator, one normal draw per sample, so the
    same seed gives the same values.
    """
    run = run_task("sample", PROGRAMS / "sample" / "heights.pl", samples=3, seed=1)
    assert run.report() == [
        "twice_height(harry) = 369.7192937222993.",
        "----------------",
        "twice_height(harry) = 359.77239287182744.",
        "----------------",
        "twice_height(harry) = 379.69451566586656.",
    ]


def test_sample_estimates_what_the_distributions_imply():
    """P(height > 185) for N(180, 8) is 1 - Phi(0.625) = 0.26599; the mean of 2H is 360."""
    run = run_task("sample", KB / "problog" / "heights.pl", samples=250, seed=0, estimate=True)
    probabilities = {str(k): v for k, v in run.probabilities().items()}
    error = (0.266 * 0.734 / 250) ** 0.5
    assert probabilities["tall(harry)"] == pytest.approx(0.26599, abs=4 * error)
    assert probabilities["likes(harry)"] == pytest.approx(0.26599 / 2, abs=4 * error)
    means = {str(k): v for k, v in run.mean_values().items()}
    assert means["twice_height(harry)"] == pytest.approx(360, abs=4 * 16 / 250**0.5)


def test_sample_meets_the_evidence_by_rejection():
    path = PROGRAMS / "sample" / "some_heads_evidence.pl"  # P(someHeads | not heads1) = 0.6
    run = run_task("sample", path, samples=4000, seed=0, estimate=True)
    error = (0.24 / 4000) ** 0.5
    assert run.probabilities()[parse_term("someHeads")] == pytest.approx(0.6, abs=4 * error)
    assert run.tries > 4000  # the worlds with heads1 were rejected


def test_infer_refuses_distributions_with_a_pointer_to_sample(capsys):
    assert main(["infer", str(PROGRAMS / "sample" / "heights.pl")]) == 2
    assert "problog sample" in capsys.readouterr().err
