"""knn, linear-regression, perceptron, delta-rule, backpropagation, svm on the command line.

Each on its kb/ file: exit status, JSON keys, pictures, the learned clauses
answered alike by the model, our engine and SWI-Prolog, and bad input as a
message with exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn import learn
from symlearn.cli import main
from tests.conftest import requires_swipl
from tests.swipl import run_swipl

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *args: str) -> tuple[int, dict]:
    status, out, _ = run(capsys, *args, "--json")
    return status, json.loads(out)


def test_knn_lists_neighbours_and_votes(capsys, tmp_path):
    picture = tmp_path / "iris.svg"
    status, data = run_json(
        capsys,
        "learn",
        "knn",
        str(KB / "iris_knn.pl"),
        "--k",
        "3",
        "--weighted",
        "--classify",
        "iris(4.9, 1.6)",
        "-o",
        str(picture),
    )
    assert status == 0 and data["algorithm"] == "knn" and data["hypothesis"] == []
    last = data["classification"][-1]
    assert last["instance"] == "iris(4.9, 1.6)" and last["label"] == "versicolor"
    assert len(last["neighbours"]) == 3
    assert set(last["neighbours"][0]) == {"instance", "distance", "label", "weight"}
    assert sum(last["votes"].values()) == pytest.approx(
        sum(n["weight"] for n in last["neighbours"])
    )
    assert len(data["classification"]) == 3  # the file's two instance/1 and --classify
    assert picture.read_text().startswith("<svg") and data["output"] == str(picture)


def test_knn_cross_validation_and_a_table(capsys):
    status, data = run_json(
        capsys,
        "learn",
        "knn",
        "--csv",
        str(ROOT / "data" / "house-votes-84.csv"),
        "--class-column",
        "Party",
        "--test-fraction",
        "0.3",
        "--cv",
        "3",
    )
    assert status == 0
    assert data["metrics"]["test_accuracy"] > 0.85
    assert data["metrics"]["cross_validation"]["k"] == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["knn", str(KB / "iris_knn.pl"), "--k", "500"], "k = 500 but there are 150"),
        (["perceptron", str(KB / "perceptron_and.pl"), "--learning-rate", "0"], "greater than 0"),
        (["delta-rule", str(KB / "linear_points.pl"), "--learning-rate", "-1"], "greater than 0"),
        (["delta-rule", str(KB / "linear_points.pl"), "--learning-rate", "50"], "diverged"),
        (["svm", str(KB / "svm_points.pl"), "--C", "0"], "C must be greater than 0"),
        (["knn", str(KB / "linear_points.pl"), "-o", "x.svg", "--k", "1"], None),
        (["knn", str(KB / "playtennis.pl"), "-o", "x.png"], "two numeric attributes"),
        (["perceptron", str(KB / "perceptron_and.pl"), "--initial-weights", "1"], "has 1 number"),
    ],
)
def test_bad_input_is_a_message_and_status_2(capsys, tmp_path, args, message):
    args = [str(tmp_path / a) if a in ("x.svg", "x.png") else a for a in args]
    status, out, err = run(capsys, "learn", *args)
    if message is None:  # k-NN of a numeric class classifies its values: a picture is fine
        assert status == 0
        return
    assert status == 2, out
    assert message in err and "Traceback" not in err


def test_a_nominal_value_where_numbers_are_required_is_located(capsys, tmp_path):
    path = tmp_path / "mixed.pl"
    path.write_text("label(t(1), 2.5).\nlabel(t(2), 3).\nlabel(t(3), many).\n")
    status, _, err = run(capsys, "learn", "linear-regression", str(path))
    assert status == 2
    assert f"{path}:3:1: error: the class must be a number, not many" in err


def test_linear_regression_prints_the_equation_and_latex(capsys):
    status, data = run_json(capsys, "learn", "linear-regression", str(KB / "linear_points.pl"))
    assert status == 0
    assert set(data["weights"]) == {"bias", "displacement", "mass"}
    assert data["equations"][0].startswith("o = 2.05636")
    assert r"\mathrm{displacement}" in data["latex"][0]
    assert data["predictions"][0]["instance"] == "car(1.8, 1.25)"
    assert data["metrics"]["train_r2"] > 0.99


def test_perceptron_trace_from_the_file_settings(capsys, tmp_path):
    picture = tmp_path / "and.png"
    status, data = run_json(
        capsys, "learn", "perceptron", str(KB / "perceptron_and.pl"), "-o", str(picture)
    )
    assert status == 0
    assert [e["error"] for e in data["trace"]] == [1, 3, 3, 2, 1, 0]
    assert data["initial_weights"] == {"bias": 0.0, "x1": 0.0, "x2": 0.0}
    assert picture.read_bytes()[:4] == b"\x89PNG"


def test_backpropagation_error_curve_and_layers(capsys, tmp_path):
    picture = tmp_path / "xor.svg"
    status, data = run_json(
        capsys,
        "learn",
        "backpropagation",
        str(KB / "xor_network.pl"),
        "--hidden",
        "2",
        "--epochs",
        "400",
        "-o",
        str(picture),
    )
    assert status == 0
    assert (
        len(data["layers"]) == 2 and len(data["layers"][0]) == 2 and len(data["layers"][0][0]) == 3
    )
    assert set(data["trace"][0]) == {"epoch", "error"} and len(data["trace"]) == 400
    assert "polyline" in picture.read_text()


def test_svm_support_vectors_and_picture(capsys, tmp_path):
    picture = tmp_path / "svm.svg"
    status, data = run_json(
        capsys,
        "learn",
        "svm",
        str(KB / "svm_points.pl"),
        "--kernel",
        "polynomial",
        "--degree",
        "2",
        "--coef0",
        "1",
        "--C",
        "100",
        "-o",
        str(picture),
    )
    assert status == 0
    assert data["metrics"]["train_accuracy"] == 1.0
    assert 3 <= len(data["support_vectors"]) < 18
    assert [p["label"] for p in data["predictions"]] == ["inner", "outer"]
    assert picture.read_text().count("<circle") > 18  # the points and the rings


CASES = [
    ("perceptron", "kb/perceptron_and.pl", {}, "and(A, B)", ["A", "B"], "and"),
    ("linear-regression", "kb/linear_points.pl", {}, "label(car(1.8, 1.25), Y)", ["Y"], None),
    ("svm", "kb/svm_points.pl", {}, "label(point(0.3, 0.3), C)", ["C"], None),
    ("backpropagation", "kb/xor_network.pl", {"hidden": 2}, "xor(A, B)", ["A", "B"], "xor"),
    (
        "delta-rule",
        "kb/linear_points.pl",
        {"epochs": 50, "learning_rate": 0.05},
        "label(car(2, 1), Y)",
        ["Y"],
        None,
    ),
]


@requires_swipl
@pytest.mark.parametrize(("algorithm", "path", "settings", "goal", "names", "grounded"), CASES)
def test_clauses_answer_alike_in_our_engine_and_swi_prolog(
    algorithm, path, settings, goal, names, grounded
):
    result = learn(algorithm, str(ROOT / path), **settings)
    program = result.program()
    if grounded is not None:  # enumerate the four boolean inputs
        goal = f"member(A, [0, 1]), member(B, [0, 1]), {goal}"
    ours = [
        [str(s[name]) for name in names] for s in result.query(goal.replace("member", "member"))
    ]
    (swi,) = run_swipl(program, [(goal, names)])
    assert [", ".join(a) for a in ours] == [line.strip("[]") for line in swi]
    assert ours  # something is proved


def test_initial_weights_from_the_file_or_the_command_line(capsys, tmp_path):
    path = tmp_path / "and.pl"
    text = (KB / "perceptron_and.pl").read_text()
    path.write_text(text.replace("initial_weights, [0, 0, 0]", "initial_weights, [-1, 0.5, 0.5]"))
    status, data = run_json(capsys, "learn", "perceptron", str(path), "--epochs", "1")
    assert status == 0 and data["initial_weights"] == {"bias": -1.0, "x1": 0.5, "x2": 0.5}
    status, data = run_json(
        capsys,
        "learn",
        "perceptron",
        str(path),
        "--epochs",
        "1",
        "--initial-weights",
        "0",
        "--initial-weights",
        "-2",
        "--initial-weights",
        "3",
    )
    assert data["initial_weights"] == {"bias": 0.0, "x1": -2.0, "x2": 3.0}
