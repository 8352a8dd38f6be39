"""ProbLog's own LFI tests (its ``test/lfi``), run as written, ProbLog's outcomes the oracle.

Each program's ``%Expected outcome:`` block is the model ProbLog learns
from the ``.ev`` file beside it (``<RAND>`` where the data leave a
probability open, ``error: ...`` where ProbLog refuses the program).  The
learned probabilities must agree to 1e-4, the rest of the model as text.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import symlearn
from symlearn.bayes.problog.interpretations import read_interpretations
from symlearn.bayes.problog.problog_inference import infer_program
from symlearn.errors import KBError
from symlearn.kb import loads

from .task_outcomes import expected_model, model_differences

LFI = Path(__file__).parent / "programs" / "lfi"
PROGRAMS = sorted(LFI.glob("*/*.pl"))

#: Where ProbLog's expected outcome is not the maximum of the likelihood (see the test below).
PROBLOG_IS_WRONG = {"ADtest_8_3.pl"}


def _learn(model: Path) -> symlearn.learning.result.LearnResult:
    return symlearn.learn("problog-lfi", str(model), examples=str(model.with_suffix(".ev")))


def test_all_of_problogs_lfi_tests_are_here():
    assert len(PROGRAMS) == 72


@pytest.mark.parametrize(
    "model", [p for p in PROGRAMS if p.name not in PROBLOG_IS_WRONG], ids=lambda p: p.stem
)
def test_learns_what_problog_learns(model):
    expected = expected_model(model)
    if isinstance(expected, str):  # ProbLog refuses it: so do we, with the clause's place
        with pytest.raises(KBError) as error:
            _learn(model)
        assert error.value.path == str(model) and error.value.line is not None
        return
    learned = _learn(model).clauses()
    assert model_differences(expected, learned) == []


def _log_likelihood(program: str, examples: Path) -> float:
    return sum(
        math.log(infer_program(loads(program), [], list(e.evidence)).evidence_probability or 0.0)
        for e in read_interpretations(examples)
    )


def test_where_problog_loses_instances_the_likelihood_is_higher():
    """ADtest_8_3: ProbLog's 0.5/0.25/0.25 drops the instance Z = 3 that ``c(3)`` false observes.

    ProbLog copies the head arguments of one head of a disjunction to its
    other heads (``lfi_body(2,t,1,1)`` for ``c/1``), so with heads of
    different arities it asks for atoms that do not exist.  The maximum of
    the likelihood a^2 b c (a + b) under a + b + c = 1 is a = 8/15, b = 4/15,
    c = 1/5, which we learn.
    """
    model = LFI / "ad" / "ADtest_8_3.pl"
    run = _learn(model)
    values = [v for _, v in sorted(run.learned.values.items())]
    assert values == pytest.approx([8 / 15, 4 / 15, 1 / 5], abs=1e-6)
    body = ":- X=Y, Y=Z."
    ours = f"{values[0]}::a(X,X); {values[1]}::b(Y,Y); {values[2]}::c(Z) {body}"
    problogs = f"0.5::a(X,X); 0.25::b(Y,Y); 0.25::c(Z) {body}"
    examples = model.with_suffix(".ev")
    assert _log_likelihood(ours, examples) > _log_likelihood(problogs, examples)
