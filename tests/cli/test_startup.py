"""The command line starts without importing what a command does not use."""

from __future__ import annotations

import os
import subprocess
import sys

import click
import pytest

from symlearn.cli import COMMANDS, SUMMARIES, cli


def test_the_help_summaries_are_the_commands_first_lines():
    context = click.Context(cli)
    assert set(SUMMARIES) == set(COMMANDS)
    for name in COMMANDS:
        command = cli.get_command(context, name)
        assert command is not None
        assert (command.help or "").splitlines()[0] == SUMMARIES[name]


def _imported(*args: str, packages: bool = True) -> set[str]:
    """The top-level packages a command imports (or, ``packages=False``, every module)."""
    names = "{m.split('.')[0] for m in sys.modules}" if packages else "set(sys.modules)"
    code = (
        "import sys; from symlearn.cli import main; main(sys.argv[1:]); "
        f"print(' '.join(sorted({names})), file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=False
    )
    return set(result.stderr.split())


def test_help_imports_no_heavy_package():
    assert not _imported("--help") & {"sympy", "networkx", "numpy", "lark", "pyarrow"}


def test_a_concept_learner_needs_no_sympy_networkx_or_arrow():
    used = _imported("learn", "find-s", "kb/enjoysport.pl", "--target", "enjoysport/6")
    assert "symlearn" in used and "lark" not in used  # the reader reads it, not the grammar
    assert not used & {"sympy", "networkx", "pyarrow"}


def test_inference_needs_no_sympy():
    assert not _imported("infer", "kb/alarm.pl") & {"sympy", "pyarrow"}


def test_a_small_belief_network_is_answered_without_numpy_networkx_or_lark():
    used = _imported("infer", "kb/alarm.pl")
    assert "symlearn" in used and not used & {"numpy", "networkx", "lark", "scipy"}


def test_a_belief_network_needs_neither_the_engine_nor_its_library():
    modules = _imported("infer", "kb/alarm.pl", packages=False)
    assert "symlearn.bayes.networks.small_factors" in modules
    assert not {"symlearn.engine", "symlearn.bayes.problog.problog_inference"} & modules


def test_a_concept_learner_needs_no_numpy():
    used = _imported("learn", "find-s", "kb/enjoysport.pl", "--target", "enjoysport/6")
    assert "symlearn" in used and not used & {"numpy", "scipy"}


def test_a_problog_program_that_is_no_network_needs_no_numpy_networkx_or_lark():
    used = _imported("infer", "kb/dice.pl")
    assert "pysdd" in used  # compiled
    assert not used & {"sympy", "pyarrow", "numpy", "networkx", "lark"}


def test_problogs_back_neck_is_read_without_lark():
    used = _imported("infer", "tests/problog/programs/tc_2.pl")  # H <- B clauses
    assert "symlearn" in used and not used & {"lark", "numpy", "networkx"}


SMOKERS = """\
person(1). person(2). person(3).
friend(1, 2). friend(2, 3). friend(3, 1).
0.3::stress(X) :- person(X).
0.2::influences(X, Y) :- person(X), person(Y).
smokes(X) :- stress(X).
smokes(X) :- friend(X, Y), influences(Y, X), smokes(Y).
query(smokes(X)) :- person(X).
"""


def test_a_program_with_variables_is_grounded_without_the_toplevel_or_heavy_packages(tmp_path):
    program = tmp_path / "smokers.pl"
    program.write_text(SMOKERS)
    modules = _imported("infer", str(program), packages=False)
    assert "symlearn.bayes.problog.grounder" in modules  # the engine grounds it
    assert not {"symlearn.engine.toplevel", "csv", "lark", "numpy", "networkx"} & modules
    assert not {"sympy", "pyarrow", "scipy", "symlearn.bayes.networks.network_answer"} & modules


def test_progol_reads_the_learnt_theory_without_the_other_hypothesis_families():
    """``learn progol`` (Aleph's small tasks: start-up counts) loads no attribute-value data."""
    modules = _imported("learn", "progol", "kb/trains.pl", "--json", packages=False)
    assert "symlearn.hypotheses.theory" in modules
    assert not {"symlearn.hypotheses.conjunction", "symlearn.hypotheses.space"} & modules
    assert not {"symlearn.data", "symlearn.data.attribute_value", "sympy", "lark"} & modules


_BLAS_THREADS = (
    "import sys, threadpoolctl; from symlearn.cli import main\n"
    "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
    "info = threadpoolctl.threadpool_info()\n"
    "print([i['num_threads'] for i in info if i['internal_api'] == 'openblas'], file=sys.stderr)"
)


@pytest.mark.parametrize(("given", "expected"), [(None, "[1]"), ("2", "[2]")])
def test_an_ilp_learner_starts_numpy_without_blas_worker_threads(given, expected):
    """No OpenBLAS thread pool for a learner that does no linear algebra; a user's choice kept."""
    pytest.importorskip("threadpoolctl")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    args = ["learn", "progol", "kb/trains.pl", "--json"]
    run = subprocess.run(
        [sys.executable, "-c", _BLAS_THREADS, *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert run.stderr.split()[-1] == expected, run.stderr
