"""The lattice of a learning task (what ``symlearn lattice`` computes), from Python."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.errors import (
    HypothesisSpaceError,
    InvalidParameterError,
    OutputError,
    VersionSpaceCollapsedError,
)
from symlearn.lattice import TaskLattice, task_lattice
from symlearn.learning import LearningTask

ROOT = Path(__file__).resolve().parents[2]
ENJOYSPORT = str(ROOT / "kb" / "enjoysport.pl")


@pytest.fixture(scope="module")
def enjoysport() -> LearningTask:
    return LearningTask.from_files(ENJOYSPORT, "enjoysport/6")


def test_version_space_lattice_of_a_task(enjoysport):
    drawn = task_lattice(enjoysport)
    assert isinstance(drawn, TaskLattice) and drawn.kind == "version"
    data = drawn.to_dict()
    assert len(data["nodes"]) == 6 and len(data["edges"]) == 7
    labels = {n["id"]: n["label"] for n in data["nodes"]}
    assert [labels[i] for i in data["S"]] == ["<sunny, warm, ?, strong, ?, ?>"]
    assert "output" not in data
    assert drawn.report() == [
        "version lattice of enjoysport/6: 6 hypotheses, 7 edges, |S| = 1, |G| = 2"
    ]


def test_whole_space_is_refused_with_its_size_unless_allowed(enjoysport):
    with pytest.raises(HypothesisSpaceError, match="973 hypotheses"):
        task_lattice(enjoysport, space="hypothesis")
    drawn = task_lattice(enjoysport, space="hypothesis", max_nodes=1000)
    members = [n for n in drawn.to_dict()["nodes"] if n["in_version_space"]]
    assert len(drawn.to_dict()["nodes"]) == 973 and len(members) == 6
    with pytest.raises(HypothesisSpaceError, match="6 hypotheses"):
        task_lattice(enjoysport, max_nodes=5)
    with pytest.raises(InvalidParameterError):
        task_lattice(enjoysport, space="lattice")


@pytest.mark.parametrize("suffix", [".json", ".dot", ".svg", ".png"])
def test_write_by_suffix(enjoysport, tmp_path, suffix):
    drawn = task_lattice(enjoysport)
    out = tmp_path / f"vs{suffix}"
    used = drawn.write(out, renderer="python")
    assert out.exists() and drawn.output == str(out)
    assert drawn.to_dict()["output"] == str(out) and drawn.to_dict()["renderer"] == used
    assert drawn.report()[-1].startswith(f"written to {out}")
    if suffix == ".json":
        assert used == "json" and json.loads(out.read_text())["edges"] == drawn.to_json()["edges"]
    elif suffix == ".dot":
        assert used == "dot" and "sunny, warm, ?, strong" in out.read_text()


def test_write_refuses_other_suffixes_and_the_input(enjoysport, tmp_path):
    drawn = task_lattice(enjoysport)
    with pytest.raises(InvalidParameterError, match=r"\.svg, \.png, \.dot or \.json"):
        drawn.write(tmp_path / "vs.txt")
    copy = tmp_path / "copy.json"
    copy.write_text("{}")
    task = LearningTask(enjoysport.target, kb=enjoysport.kb, sources=(str(copy),))
    with pytest.raises(OutputError):
        task_lattice(task).write(copy)
    assert copy.read_text() == "{}"


def test_a_collapsed_version_space_names_the_example(tmp_path):
    bad = tmp_path / "bad.pl"
    bad.write_text(
        Path(ENJOYSPORT).read_text()
        + "neg(enjoysport(sunny, warm, normal, strong, cool, change)).\n"
    )
    task = LearningTask.from_files(str(bad), "enjoysport/6")
    last = len(bad.read_text().splitlines())
    with pytest.raises(VersionSpaceCollapsedError, match="no version space to draw") as caught:
        task_lattice(task)
    assert str(caught.value).startswith(f"{bad}:{last}:1: ")
    drawn = task_lattice(task, space="hypothesis", max_nodes=1000)
    assert drawn.to_dict()["S"] == [] and drawn.to_dict()["G"] == []
