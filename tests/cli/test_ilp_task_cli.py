"""The relational task through the CLI: a looping background, examples and modes Progol cannot use.

Regressions of issue 28 (items 5 and 9): FOIL spun on a Popper folder whose
``bk.pl`` holds a symmetric rule; Progol dropped examples of the wrong arity
and modes of undefined predicates without a word.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SWIPL, requires_swipl

TASKS = Path(__file__).parents[1] / "ilp" / "tasks"
SRC = Path(__file__).parents[2] / "src"

AUNT_BK = """\
sibling(ann, bob). sibling(cat, dan). sibling(eve, fay).
sibling(X, Y) :- sibling(Y, X).
parent(bob, gus). parent(bob, hal). parent(dan, ivy). parent(ann, jim). parent(fay, kim).
"""
AUNT_EXS = """\
pos(aunt(ann, gus)). pos(aunt(ann, hal)). pos(aunt(cat, ivy)). pos(aunt(bob, jim)).
pos(aunt(eve, kim)).
neg(aunt(bob, gus)). neg(aunt(ann, jim)). neg(aunt(dan, ivy)). neg(aunt(cat, gus)).
neg(aunt(fay, kim)). neg(aunt(gus, ann)).
"""
AUNT_BIAS = """\
head_pred(aunt,2). body_pred(sibling,2). body_pred(parent,2).
type(aunt,(person,person)). type(sibling,(person,person)). type(parent,(person,person)).
direction(aunt,(in,in)). direction(sibling,(in,out)). direction(parent,(in,out)).
max_vars(3). max_body(2).
"""
AUNT = "aunt(A, B) :-\n    sibling(A, C),\n    parent(C, B)."


def symlearn(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m symlearn ARGS`` on this checkout; a hang fails the test instead of CI."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "symlearn", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


@pytest.fixture
def aunt(tmp_path: Path) -> Path:
    folder = tmp_path / "aunt"
    folder.mkdir()
    (folder / "bk.pl").write_text(AUNT_BK)
    (folder / "exs.pl").write_text(AUNT_EXS)
    (folder / "bias.pl").write_text(AUNT_BIAS)
    return folder


@pytest.mark.parametrize("algorithm", ["foil", "progol"])
def test_a_symmetric_background_rule_is_tabled_not_looped_on(aunt: Path, algorithm: str) -> None:
    done = symlearn("learn", algorithm, str(aunt), "--json")
    assert done.returncode == 0, done.stderr
    assert "tabled the background's recursive sibling/2" in done.stderr
    assert json.loads(done.stdout)["hypothesis"] == [AUNT]


@requires_swipl
def test_the_learnt_program_tables_the_symmetric_rule(aunt: Path, tmp_path: Path) -> None:
    out = tmp_path / "aunt.pl"
    done = symlearn("learn", "foil", str(aunt), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert ":- table sibling/2." in out.read_text()
    goal = "forall(member(G, [aunt(bob, jim), \\+ aunt(gus, ann)]), G), write(ok)"
    swipl = subprocess.run(
        [SWIPL, "-q", "-g", goal, "-t", "halt", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert swipl.stdout == "ok", swipl.stderr


def test_a_symmetric_rule_added_to_a_popper_folder_ends(tmp_path: Path) -> None:
    folder = tmp_path / "ancestor"
    shutil.copytree(TASKS / "popper_ancestor", folder)
    with (folder / "bk.pl").open("a") as handle:
        handle.write("parent(X, Y) :- parent(Y, X).\n")
    for algorithm in ("foil", "progol"):
        done = symlearn("learn", algorithm, str(folder), "--json")
        # it ends; FOIL then finds no clause, a "no" (exit 1) that says so
        assert done.returncode == (1 if algorithm == "foil" else 0), done.stderr
        assert "tabled the background's recursive parent/2" in done.stderr
        if algorithm == "foil":
            assert "no clause learnt" in done.stderr


def test_progol_warns_of_an_example_with_the_wrong_arity() -> None:
    path = TASKS / "bad_input" / "wrong_arity.pl"
    done = symlearn("learn", "progol", str(path))
    assert done.returncode == 0, done.stderr
    assert (
        f"{path}:6:1: warning: the example neg(grandparent(bob)) has 1 argument(s); "
        "the target grandparent/2 has 2: it is not used"
    ) in done.stderr


def test_progol_warns_of_a_mode_naming_an_undefined_predicate(tmp_path: Path) -> None:
    path = TASKS / "bad_input" / "undefined_mode.pl"
    done = symlearn("learn", "progol", str(path))
    assert done.returncode == 0, done.stderr
    assert f"{path}:4:1: warning: modeb(*, parnet(+person, -person)) names parnet/2" in done.stderr
    folder = tmp_path / "ancestor"
    shutil.copytree(TASKS / "popper_ancestor", folder)
    with (folder / "bias.pl").open("a") as handle:
        handle.write("body_pred(parnet,2).\n")
    done = symlearn("learn", "progol", str(folder))
    assert done.returncode == 0, done.stderr
    assert "bias.pl:18:1: warning: modeb(*, parnet(-t, -t)) names parnet/2" in done.stderr
