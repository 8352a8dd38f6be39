"""The export round trip: each peer learns, from our files, the theory symlearn learns.

The peers (Aleph, FOIL6, Popper v3) are not part of symlearn: each test runs
one installed peer, located by its environment variable (``SYMLEARN_ALEPH``,
``SYMLEARN_FOIL6``, ``SYMLEARN_POPPER``; see :mod:`symlearn.export.peers` and
benchmarks/progol_vs_aleph.py for how to set them up), and is skipped with
the reason otherwise.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import symlearn
from symlearn.export.formats import export_task
from symlearn.export.peers import (
    PeerUnavailableError,
    locate,
    run_aleph,
    run_foil6,
    run_popper,
    same_theory,
)
from symlearn.ilp.task import RelationalTask
from symlearn.kb import load, parse_term
from symlearn.learning.learned_program import LearnedProgram
from symlearn.learning.task import LearningTask
from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct

FAMILY7 = str(Path(__file__).parent / "tasks" / "family7.pl")


def _peer(system: str) -> None:
    try:
        locate(system)
    except PeerUnavailableError as error:
        pytest.skip(f"{system} not set up: {error}")


def _learn_with_peer(system: str, path: str, target: str, folder: Path) -> list[str]:
    task = RelationalTask.from_task(LearningTask.from_files([path], target))
    fmt = {"aleph": "aleph", "foil6": "foil", "popper": "popper"}[system]
    export_task(task, fmt, folder, stem="task")
    if system == "aleph":
        return list(run_aleph(folder, "task").clauses)
    if system == "foil6":
        return list(run_foil6(folder / "task.d").clauses)
    return list(run_popper(folder, timeout=120).clauses)


def _same_answers(path: str, target: str, ours: list[str], theirs: list[str]) -> bool:
    """Both theories prove the same atoms of the target over the file's constants."""
    kb = load([path])
    name, arity = target.split("/")
    indicator = (name, int(arity))
    constants = sorted(
        {
            str(arg)
            for predicate in kb.predicates.values()
            for clause in predicate.clauses
            if clause.is_fact and type(clause.head) is Struct
            for arg in clause.head.args
            if type(arg) is str
        }
    )
    atoms = [Struct(name, args) for args in itertools.product(constants, repeat=int(arity))]

    def answers(texts: list[str]) -> list[bool]:
        clauses = [Clause.from_term(parse_term(t.rstrip("."))) for t in texts]
        return LearnedProgram(clauses, kb, indicator, tabled=True).covers(atoms)

    return answers(ours) == answers(theirs)


ALEPH_TASKS = [
    (FAMILY7, "grandparent/2"),
    ("kb/family.pl", "grandparent/2"),
    ("kb/family.pl", "grandmother/2"),
    ("kb/trains.pl", "eastbound/1"),
    ("kb/member.pl", "mem/2"),
    ("kb/can_reach.pl", "can_reach/2"),
    ("kb/grandchild.pl", "grandchild/2"),
]


@pytest.mark.parametrize(("path", "target"), ALEPH_TASKS)
def test_aleph_learns_what_progol_learns(path, target, tmp_path):
    _peer("aleph")
    ours = symlearn.learn("progol", path, target=target).clauses()
    theirs = _learn_with_peer("aleph", path, target, tmp_path)
    assert same_theory(ours, theirs), (ours, theirs)


POPPER_TASKS = [
    ("kb/family.pl", "grandparent/2", "theory"),
    ("kb/ancestor.pl", "ancestor/2", "theory"),  # enable_recursion
    ("kb/grandchild.pl", "grandchild/2", "theory"),
    ("kb/can_reach.pl", "can_reach/2", "answers"),  # the other order of the recursive body
]


@pytest.mark.parametrize(("path", "target", "agreement"), POPPER_TASKS)
def test_popper_learns_what_progol_learns(path, target, agreement, tmp_path):
    _peer("popper")
    ours = symlearn.learn("progol", path, target=target).clauses()
    theirs = _learn_with_peer("popper", path, target, tmp_path)
    assert theirs, "Popper found no solution"
    if agreement == "theory":
        assert same_theory(ours, theirs), (ours, theirs)
    else:
        assert _same_answers(path, target, ours, theirs), (ours, theirs)


FOIL6_TASKS = [
    ("kb/trains.pl", "eastbound/1", "foil"),
    ("kb/can_reach.pl", "can_reach/2", "foil"),  # closed world: FOIL6 makes the negatives
    (FAMILY7, "grandparent/2", "foil"),
    ("kb/grandchild.pl", "grandchild/2", "foil"),
    ("kb/grandchild.pl", "grandchild/2", "progol"),
]


@pytest.mark.parametrize(("path", "target", "learner"), FOIL6_TASKS)
def test_foil6_runs_on_the_export_and_learns_the_same_theory(path, target, learner, tmp_path):
    _peer("foil6")
    ours = symlearn.learn(learner, path, target=target).clauses()
    theirs = _learn_with_peer("foil6", path, target, tmp_path)
    assert same_theory(ours, theirs), (ours, theirs)


def test_foil6_file_without_negatives_does_not_crash_foil6(tmp_path):
    _peer("foil6")
    source = tmp_path / "gp.pl"
    source.write_text(
        "parent(a, b). parent(b, c). parent(c, d). parent(a, e). parent(e, f).\n"
        "pos(gp(a, c)). pos(gp(b, d)). pos(gp(a, f)).\n"
        ":- modeh(1, gp(+p, +p)). :- modeb(*, parent(+p, -p)).\n"
    )
    folder = tmp_path / "out"
    theirs = _learn_with_peer("foil6", str(source), "gp/2", folder)
    assert ";" not in (folder / "task.d").read_text()
    assert same_theory(theirs, ["gp(A, B) :- parent(A, C), parent(C, B)."])


def test_a_missing_peer_says_how_to_set_it_up(monkeypatch):
    monkeypatch.delenv("SYMLEARN_ALEPH", raising=False)
    with pytest.raises(PeerUnavailableError, match="SYMLEARN_ALEPH is not set"):
        locate("aleph")
