"""Exported files say what the knowledge base says: read them back and compare."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from symlearn.export.aleph import aleph_files
from symlearn.export.foil6 import foil6_text
from symlearn.export.popper import popper_files
from symlearn.ilp.task import RelationalTask
from symlearn.kb import load, loads
from symlearn.learning.task import LearningTask
from tests.conftest import SWIPL, requires_swipl

KB = Path(__file__).resolve().parents[2] / "kb"
TARGET = ("grandparent", 2)


def relational(kb, target) -> RelationalTask:
    return RelationalTask.from_task(LearningTask.from_kb(kb, target))


@pytest.fixture(scope="module")
def family():
    kb = load([KB / "family.pl"])
    return kb, relational(kb, TARGET)


def test_task_sets_the_target_aside(family) -> None:
    kb, task = family
    assert all(c.functor != TARGET for c in task.background)
    assert len(task.positives) == len(kb.positives(*TARGET))
    assert ("parent", 2) in task.determinations and not task.modes_derived


def test_aleph_examples_and_bias(family) -> None:
    kb, task = family
    files = aleph_files(task, "grandparent")
    positives = loads(files["grandparent.f"]).predicate(*TARGET).clauses
    negatives = loads(files["grandparent.n"]).predicate(*TARGET).clauses
    assert [c.head for c in positives] == kb.positives(*TARGET)
    assert [c.head for c in negatives] == kb.negatives(*TARGET)
    background = loads(files["grandparent.b"])
    assert [str(m) for m in background.modes] == [str(m) for m in kb.modes]
    assert background.determinations_for(*TARGET) == kb.determinations_for(*TARGET)
    assert len(background.predicate("parent", 2).clauses) == len(kb.predicate("parent", 2).clauses)
    assert not background.predicate(*TARGET).clauses


def test_popper_files_read_back(family) -> None:
    kb, task = family
    files = popper_files(task)
    examples = loads(files["exs.pl"])
    assert examples.positives(*TARGET) == kb.positives(*TARGET)
    assert examples.negatives(*TARGET) == kb.negatives(*TARGET)
    bk = loads(files["bk.pl"])
    assert len(bk.predicate("female", 1).clauses) == len(kb.predicate("female", 1).clauses)
    bias = loads(files["bias.pl"])
    assert [str(c) for c in bias.predicate("head_pred", 2).clauses] == [
        "head_pred(grandparent, 2)."
    ]
    assert [str(c) for c in bias.predicate("body_pred", 2).clauses] == ["body_pred(parent, 2)."]


def parse_foil6(text: str) -> tuple[dict, dict]:
    """Types and relations (name -> (positives, negatives or None)) of a FOIL6 .d file."""
    types_part, relations_part = text.split("\n\n", 1)
    types = {}
    for line in types_part.splitlines():
        name, values = line.split(":", 1)
        types[name] = [v.strip() for v in values.strip().rstrip(".").split(",")]
    relations = {}
    lines = [line for line in relations_part.splitlines() if not line.startswith("%")]
    i = 0
    while i < len(lines):
        header = lines[i]
        name = re.match(r"\*?([^(]+)\(", header).group(1)
        i += 1
        positives, negatives, current = [], None, None
        current = positives
        while lines[i] != ".":
            if lines[i] == ";":
                negatives = current = []
            else:
                current.append(tuple(lines[i].split(",")))
            i += 1
        i += 1
        relations[name] = (positives, negatives)
    return types, relations


def test_foil6_relations_and_types(family) -> None:
    kb, task = family
    types, relations = parse_foil6(foil6_text(task))
    parent = {tuple(c.head.args) for c in kb.predicate("parent", 2).clauses}
    assert set(relations["parent"][0]) == parent
    positives, negatives = relations["grandparent"]
    assert positives == [tuple(a.args) for a in kb.positives(*TARGET)]
    assert negatives == [tuple(a.args) for a in kb.negatives(*TARGET)]
    # ancestor/2 is defined by rules: written as the tuples the engine derives.
    assert ("abe", "zia") in set(relations["ancestor"][0])
    assert set(types["person"]) >= {a for row in parent for a in row}


def test_closed_world_export(tmp_path) -> None:
    kb = load([KB / "can_reach.pl"])
    task = relational(kb, ("can_reach", 2))
    assert task.closed_world and task.generated_negatives == 62
    _, relations = parse_foil6(foil6_text(task))
    assert relations["can_reach"][1] is None  # FOIL6 applies the closed world itself
    files = aleph_files(task, "can_reach")
    assert files["can_reach.n"].count("\n") == 62


def test_untyped_file_gets_derived_modes() -> None:
    kb = loads("e(a, b). e(b, c). pos(p(a, c)). neg(p(c, a)).")
    task = relational(kb, ("p", 2))
    assert task.modes_derived
    assert [str(m) for m in task.modes] == [
        "modeh(1, p(+t, +t))",
        "modeb(*, e(+t, -t))",
        "modeb(*, e(-t, +t))",
    ]
    bias = popper_files(task)["bias.pl"]
    # one direction per predicate: in only where every mode binds the argument
    assert "direction(p, (in, in)).\ndirection(e, (out, out))." in bias
    assert "enable_recursion" not in bias


def test_constants_with_delimiters_are_escaped() -> None:
    kb = loads("q('a,b', 'c.d'). pos(p('a,b')).")
    text = foil6_text(relational(kb, ("p", 1)))
    assert "a\\,b,c\\.d" in text


@requires_swipl
def test_swipl_consults_the_exported_files(family, tmp_path) -> None:
    kb, task = family
    for name, text in aleph_files(task, "grandparent").items():
        (tmp_path / name).write_text(text)
    for name, text in popper_files(task).items():
        (tmp_path / name).write_text(text)
    stubs = (
        ":- dynamic modeh/2, modeb/2, determination/2.\n"
        "modeh(_, _). modeb(_, _). determination(_, _).\n"
    )
    (tmp_path / "stubs.pl").write_text(stubs)
    goal = (
        f"consult('{tmp_path / 'stubs.pl'}'), consult('{tmp_path / 'grandparent.b'}'), "
        f"consult('{tmp_path / 'exs.pl'}'), "
        "aggregate_all(count, parent(_, _), N), aggregate_all(count, pos(_), P), "
        "write(N-P), nl"
    )
    result = subprocess.run(
        [SWIPL, "-q", "-g", goal, "-t", "halt"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    parents = len(kb.predicate("parent", 2).clauses)
    expected = f"{parents}-{len(kb.examples_of('grandparent', 2, ['pos']))}"
    assert result.stdout.strip().splitlines()[-1] == expected, result.stderr
