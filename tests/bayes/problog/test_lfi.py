"""ProbLog's LFI (``symlearn learn problog-lfi``): against ``problog lfi`` and the likelihood."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import symlearn
from symlearn.bayes.problog.lfi import read_interpretations
from symlearn.bayes.problog.problog_inference import infer_program
from symlearn.cli import main
from symlearn.errors import InvalidParameterError, KBError
from symlearn.kb import loads

HERE = Path(__file__).parent / "lfi"
KB = Path(__file__).resolve().parents[3] / "kb"


def _problog_lfi(model: Path, examples: Path) -> list[float]:
    if shutil.which("problog") is None:  # pragma: no cover - problog is a test peer
        pytest.skip("the problog command is not installed")
    printed = subprocess.run(
        ["problog", "lfi", str(model), str(examples)], capture_output=True, text=True, check=True
    ).stdout
    weights = re.search(r"\[([^\]]*)\]", printed)
    assert weights is not None, printed
    return [float(w) for w in weights.group(1).split(",")]


@pytest.mark.parametrize(
    "model, examples",
    [
        (KB / "lfi_alarm.pl", KB / "lfi_alarm_examples.pl"),
        (HERE / "coins.pl", HERE / "coins_examples.pl"),
    ],
    ids=["alarm", "coins"],
)
def test_agrees_with_problog_lfi(model, examples):
    expected = _problog_lfi(model, examples)
    run = symlearn.learn("problog-lfi", str(model), examples=str(examples))
    learned = [value for _, value in sorted(run.learned.values.items())]
    assert learned == pytest.approx(expected, abs=1e-4)


def _log_likelihood(red: float, green: float, bright: float) -> float:
    program = (
        f"{red}::colour(red); {green}::colour(green); 0.1::colour(blue).\n"
        f"{bright}::bright :- colour(red).\n0.3::bright :- colour(blue).\n"
    )
    return sum(
        math.log(infer_program(loads(program), [], list(e.evidence)).evidence_probability or 0.0)
        for e in read_interpretations(HERE / "colours_examples.pl")
    )


def test_annotated_disjunctions_reach_a_maximum_of_the_likelihood():
    run = symlearn.learn(
        "problog-lfi", str(HERE / "colours.pl"), examples=str(HERE / "colours_examples.pl")
    )
    red, green, bright = (value for _, value in sorted(run.learned.values.items()))
    assert red + green == pytest.approx(0.9)  # normalised as ProbLog does: 1 less the fixed head
    best = _log_likelihood(red, green, bright)
    assert run.learned.log_likelihoods[-1] == pytest.approx(best, abs=1e-6)
    for step in (1e-3, -1e-3):
        assert _log_likelihood(red + step, green - step, bright) <= best + 1e-9
        assert _log_likelihood(red, green, bright + step) <= best + 1e-9


def test_command_line_prints_the_program_and_json(capsys):
    model, examples = KB / "lfi_alarm.pl", KB / "lfi_alarm_examples.pl"
    assert main(["learn", "problog-lfi", str(model), "--examples", str(examples)]) == 0
    out = capsys.readouterr().out
    assert "0.3333333333333333::burglary." in out and "0.2::earthquake." in out
    status = main(["learn", "problog-lfi", str(model), "--examples", str(examples), "--json"])
    payload = json.loads(capsys.readouterr().out)
    assert status == 0 and payload["algorithm"] == "problog-lfi" and payload["converged"]
    assert payload["parameters"]["t(0.5)::burglary."] == [pytest.approx(1 / 3)]


def test_errors(tmp_path):
    plain = tmp_path / "plain.pl"
    plain.write_text("0.3::a.\n")
    examples = tmp_path / "ex.pl"
    examples.write_text("evidence(a, true).\n")
    with pytest.raises(KBError, match="no learnable probability"):
        symlearn.learn("problog-lfi", str(plain), examples=str(examples))
    with pytest.raises(InvalidParameterError, match="--examples"):
        symlearn.learn("problog-lfi", str(KB / "lfi_alarm.pl"))
