"""ProbLog programs of every kind, answered as ProbLog 2.3 answers them (to 1e-9).

Each file of ``problog_corpus/`` (the tutorial kinds: some heads, dice as
annotated disjunctions, alarm with ``person(X)``, smokers and friends,
probabilistic graphs with and without cycles, noisy-or, negation, sprinkler,
Monty Hall, annotated disjunctions with evidence, ...) is answered by
``symlearn.infer`` (the belief network where the program is one, else SDD
compilation) and, for every file, by SDD compilation; the installed
``problog`` package gives the reference answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from symlearn.bayes.answer import infer
from symlearn.bayes.problog.problog_inference import infer_program
from symlearn.kb import load
from symlearn.kb.parser import parse_term

CORPUS = sorted((Path(__file__).parent / "problog_corpus").glob("*.pl"))


def _problog_answers(path: Path) -> dict:
    try:
        from problog import get_evaluatable
        from problog.program import PrologFile
    except ImportError as error:  # pragma: no cover - problog is a test peer
        pytest.skip(f"the problog package cannot be imported: {error}")
    result = get_evaluatable("sdd").create_from(PrologFile(str(path))).evaluate()
    return {parse_term(str(atom)): float(p) for atom, p in result.items()}


def test_the_corpus_is_large_enough():
    assert len(CORPUS) >= 40


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_agrees_with_problog(path):
    expected = _problog_answers(path)
    answered = infer(str(path))
    compiled = infer_program(load(str(path)), method="sdd")
    for run in (answered, compiled):
        assert set(run.probabilities) == set(expected), run.method
        for atom, p in expected.items():
            assert run.probabilities[atom] == pytest.approx(p, abs=1e-9), (run.method, atom)


def test_ground_acyclic_programs_take_the_network_and_the_others_compile():
    folder = Path(__file__).parent / "problog_corpus"
    assert infer(str(folder / "alarm_ground.pl")).method == "exact"
    assert infer(str(folder / "cyclic_graph.pl")).method == "sdd"
    assert infer(str(folder / "dice.pl")).method == "sdd"


@pytest.mark.parametrize("name", ["smokers.pl", "dice_evidence.pl", "ring.pl"])
def test_sampling_estimates_the_exact_answers(name):
    path = Path(__file__).parent / "problog_corpus" / name
    exact = infer(str(path)).probabilities
    sampled = infer(str(path), method="sample", samples=40000, seed=7)
    assert sampled.method == "sample"
    for atom, p in exact.items():
        error = sampled.standard_errors[atom]  # type: ignore[index]
        assert abs(sampled.probabilities[atom] - p) <= 5 * error + 1e-3, atom


@pytest.mark.parametrize(
    "name", ["alarm_person", "monty_evidence", "ad_partial", "smokers_evidence", "dice_evidence"]
)
def test_mpe_agrees_with_problog(name, tmp_path):
    import shutil
    import subprocess

    if shutil.which("problog") is None:  # pragma: no cover - problog is a test peer
        pytest.skip("the problog command is not installed")
    path = Path(__file__).parent / "problog_corpus" / f"{name}.pl"
    printed = subprocess.run(
        ["problog", "mpe", str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,  # its MaxSAT solver leaves a scratch file where it runs
    ).stdout
    expected = float(printed.rsplit("% Probability:", 1)[1])
    run = infer_program(load(str(path)), method="mpe")
    assert run.explanation is not None
    assert run.explanation.probability == pytest.approx(expected, rel=1e-9)
    report = run.report()
    assert report[-1].startswith("% Probability: ")
    assert len(report) == len(run.program.queries) + 1
