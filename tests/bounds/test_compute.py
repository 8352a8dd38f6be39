"""``symlearn.bounds.bound`` from Python gives what ``symlearn bound`` prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.bounds import bound, bound_list
from symlearn.bounds.kb_space import attribute_space, attribute_task
from symlearn.cli import main
from symlearn.errors import InvalidParameterError
from symlearn.learning import LearningTask

ENJOYSPORT = str(Path(__file__).resolve().parents[2] / "kb" / "enjoysport.pl")


def _cli(capsys, *args: str) -> tuple[dict, list[str]]:
    assert main(["bound", *args, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert main(["bound", *args]) == 0
    return payload, capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    ("args", "name", "files", "given"),
    [
        (
            ("pac", "--H", "973", "--epsilon", "0.1", "--delta", "0.05"),
            "pac",
            (),
            {"H": 973, "epsilon": "0.1", "delta": "0.05"},
        ),
        (
            ("pac", "--class", "conjunctions", "--n", "10", "--epsilon", "0.1", "--delta", "0.05"),
            "pac",
            (),
            {"hypothesis_class": "conjunctions", "n": 10, "epsilon": 0.1, "delta": 0.05},
        ),
        (
            ("pac", "--H", "973", "--m", "100", "--delta", "0.05", "--solve-for", "epsilon"),
            "pac",
            (),
            {"H": 973, "m": 100, "delta": 0.05, "solve_for": "epsilon"},
        ),
        (
            ("weighted-majority", "--k", "3", "--n", "10", "--beta", "0.5"),
            "weighted-majority",
            (),
            {"k": 3, "n": 10, "beta": 0.5},
        ),
        (
            ("hypothesis-space-size", "--class", "attribute-conjunctions", "--domains", "3,2,2"),
            "hypothesis-space-size",
            (),
            {"hypothesis_class": "attribute-conjunctions", "domains": [3, 2, 2]},
        ),
        (
            ("vc-dimension", "--class", "linear-separators", "--n", "3", "--r", "2"),
            "vc-dimension",
            (),
            {"hypothesis_class": "linear-separators", "n": 3, "r": 2},
        ),
        (
            ("hypothesis-space-size", ENJOYSPORT, "--convention", "syntactic"),
            "hypothesis-space-size",
            ENJOYSPORT,
            {"convention": "syntactic"},
        ),
        (
            ("vc-dimension", ENJOYSPORT, "--target", "enjoysport/6"),
            "vc-dimension",
            [ENJOYSPORT],
            {"target": "enjoysport/6"},
        ),
    ],
)
def test_python_gives_the_commands_json_and_text(capsys, args, name, files, given):
    result = bound(name, files, **given)
    payload, text = _cli(capsys, *args)
    assert json.loads(json.dumps(result.to_dict())) == payload
    assert result.report() == text


def test_latex_text(capsys):
    result = bound("perceptron", R=1, gamma="0.1")
    assert main(["bound", "perceptron", "--R", "1", "--gamma", "0.1", "--latex"]) == 0
    assert capsys.readouterr().out.splitlines() == result.report(latex=True)


def test_the_list(capsys):
    listed = bound_list()
    payload, text = _cli(capsys, "--list")
    assert listed.to_dict() == payload and listed.report() == text


@pytest.mark.parametrize(
    ("name", "files", "given", "message"),
    [
        ("pac", (), {"H": 973, "epsilon": 0.1, "delta": 0.05, "eps": 1}, "no parameter eps"),
        ("pac", ENJOYSPORT, {}, "takes no FILE"),
        ("hypothesis-space-size", (), {}, "needs --class NAME or a FILE"),
        ("vc-dimension", (), {"hypothesis_class": "intervals"}, "needs --class NAME --n N"),
        ("hypothesis-space-size", (), {"hypothesis_class": "k-cnf", "k": "two"}, "whole number"),
    ],
)
def test_errors(name, files, given, message):
    with pytest.raises(InvalidParameterError, match=message):
        bound(name, files, **given)


def test_the_instance_space_comes_from_the_learning_task(tmp_path):
    task = attribute_task(ENJOYSPORT)
    assert isinstance(task, LearningTask) and task.name == "enjoysport/6"
    assert attribute_space(task).size().size == 973
    csv = tmp_path / "days.csv"
    csv.write_text("sky,wind,enjoy\nsunny,strong,yes\nrainy,weak,no\ncloudy,weak,yes\n")
    table = LearningTask.from_csv(str(csv), "enjoy", target="days")
    space = attribute_space(table)
    assert (space.target, space.domain_sizes) == ("days", [3, 2])
    assert space.size().size == 1 + 4 * 3
