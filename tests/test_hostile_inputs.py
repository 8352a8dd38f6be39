"""No traceback anywhere: every command and the Python API under hostile input (issue 15, item 6).

The probes (:mod:`tests.probes.hostile`: mutated and synthetic files, bad
parameters for every option of every command and learner, bad output paths,
runaway and malformed goals, requests for more memory than exists) run in
this process through :func:`symlearn.cli.main`; each must exit 0, 1 or 2 as
expected, print no traceback, and report an error in one line (a file error
adds its source line and a caret).  ``python benchmarks/hostile_probes.py``
runs the same probes as separate processes and counts hangs too.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import symlearn
from symlearn.engine import Engine
from symlearn.errors import SymlearnError
from symlearn.kb import load, loads, parse_term
from tests.probes.hostile import LEARNERS, probes
from tests.probes.run import judge, run_in_process

ROOT = Path(__file__).resolve().parents[1]
KB = ROOT / "kb"
CATEGORIES = ["file", "parameter", "output", "goal", "resource", "indirect"]


@pytest.fixture(scope="module")
def all_probes(tmp_path_factory):
    return probes(tmp_path_factory.mktemp("probes"))


def test_every_command_and_learner_is_probed(all_probes):
    from symlearn.cli import SUMMARIES

    commands = Counter(p.argv[0] for p in all_probes)
    assert set(SUMMARIES) <= set(commands)
    learners = Counter(p.argv[1] for p in all_probes if p.argv[0] == "learn")
    assert set(LEARNERS) <= set(learners)
    assert all(learners[name] >= 8 for name in LEARNERS)
    assert len(all_probes) > 1000


@pytest.mark.parametrize("category", CATEGORIES)
def test_hostile_inputs_give_no_traceback(all_probes, category):
    failures = []
    for probe in (p for p in all_probes if p.category == category):
        outcome = run_in_process(probe)
        verdict = judge(probe, outcome)
        if verdict != "clean":
            last = (outcome.err.strip().splitlines() or [""])[-1]
            failures.append(
                f"{verdict}: symlearn {' '.join(probe.argv)[:160]} -> "
                f"{outcome.status}: {last[:160]}"
            )
    assert failures == []


def _mistakes():
    kb = loads("p(a).")
    return {
        "missing file": lambda: load(KB / "no_such_file.pl"),
        "syntax": lambda: loads("p((."),
        "term syntax": lambda: parse_term("f(("),
        "unknown flag": lambda: Engine(kb, unknown="bogus"),
        "depth 0": lambda: Engine(kb, max_depth=0),
        "steps -1": lambda: Engine(kb, max_steps=-1),
        "unknown procedure": lambda: list(Engine(kb).solve_text("nosuch(X)")),
        "type error": lambda: list(Engine(kb).solve_text("atom_length(X, Y)")),
        "runaway": lambda: list(Engine(kb, max_steps=1000).solve_text("repeat, fail")),
        "unknown learner": lambda: symlearn.learn("nope", str(KB / "family.pl")),
        "unknown target": lambda: symlearn.learn("foil", str(KB / "family.pl"), target="zz/1"),
        "bad setting": lambda: symlearn.learn(
            "foil", str(KB / "family.pl"), target="grandparent/2", clause_length=-3
        ),
        "bad bound": lambda: symlearn.bound("pac", H=973, epsilon=2, delta=0.05),
        "unknown bound": lambda: symlearn.bound("nope"),
        "huge size": lambda: symlearn.bound(
            "hypothesis-space-size", hypothesis_class="k-cnf", n=1000, k=20
        ),
        "bad evidence": lambda: symlearn.infer(str(KB / "alarm.pl"), evidence=["x=maybe"]),
        "unknown query": lambda: symlearn.infer(str(KB / "alarm.pl"), queries=["nosuch"]),
        "include outside": lambda: loads(":- include('/etc/passwd')."),
        "device": lambda: load("/dev/zero"),
    }


@pytest.mark.parametrize("mistake", list(_mistakes()))
def test_the_python_api_raises_only_symlearn_errors(mistake):
    with pytest.raises(SymlearnError):
        _mistakes()[mistake]()


def test_every_hostile_api_call_returns_or_raises_a_symlearn_error(tmp_path):
    """Issue 28 item 7: paths of every kind work; any other wrong argument is a SymlearnError."""
    from tests.probes.api import api_probes

    failures = []
    for probe in api_probes(tmp_path):
        try:
            answer = probe.call()
            if hasattr(answer, "__next__"):  # a generator raises when first asked
                list(answer)  # type: ignore[call-overload]
            got = "ok"
        except SymlearnError:
            got = "error"
        except Exception as error:  # a bare Python exception: the defect looked for
            got = f"{type(error).__name__}: {str(error)[:100]}"
        if got != probe.expect and not (probe.expect == "any" and got in ("ok", "error")):
            failures.append(f"{probe.name}: expected {probe.expect}, got {got}")
    assert failures == []
