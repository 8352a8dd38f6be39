"""symlearn learn id3|c45|cart|one-r through the command line, on every kb/ example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.cli import main
from symlearn.engine import Engine
from symlearn.kb import load
from symlearn.logic.terms import Struct, Var

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *args: str) -> tuple[int, dict]:
    status, out, _ = run(capsys, *args, "--json")
    return status, json.loads(out)


def test_id3_on_playtennis(capsys):
    status, data = run_json(
        capsys, "learn", "id3", str(KB / "playtennis.pl"), "--target", "playtennis/4"
    )
    assert status == 0
    assert data["algorithm"] == "id3" and data["target"] == "playtennis/4"
    assert (
        data["hypothesis"]
        == data["rules"]
        == [
            "playtennis(sunny, _, normal, _).",
            "playtennis(overcast, _, _, _).",
            "playtennis(rain, _, _, weak).",
        ]
    )
    assert {a: round(g, 3) for a, g in data["gains"].items()} == {
        "outlook": 0.247,
        "temperature": 0.029,
        "humidity": 0.152,
        "wind": 0.048,
    }
    assert data["tree"]["attribute"] == "outlook"
    assert data["tree"]["branches"]["overcast"]["label"] == "pos"
    metrics = data["metrics"]
    assert metrics["train_accuracy"] == 1.0 and metrics["test_accuracy"] is None
    assert metrics["confusion_matrix"]["matrix"] == [[9, 0], [0, 5]]
    assert data["classifications"] == [
        {
            "instance": "playtennis(sunny, cool, high, strong)",
            "label": "neg",
            "distribution": {"pos": 0.0, "neg": 1.0},
        }
    ]


def test_text_output_is_prolog(capsys, tmp_path):
    status, out, _ = run(
        capsys, "learn", "id3", str(KB / "playtennis.pl"), "--target", "playtennis/4"
    )
    assert status == 0
    assert "%   outlook      0.2467" in out
    path = tmp_path / "out.pl"
    path.write_text(out)
    kb = load([str(path)])
    assert len(kb.predicate("playtennis", 4).clauses) == 3


def test_c45_on_golf_with_rules_and_thresholds(capsys, tmp_path):
    out_file = tmp_path / "golf_rules.pl"
    status, data = run_json(
        capsys, "learn", "c45", str(KB / "golf.pl"), "--target", "golf/4", "-o", str(out_file)
    )
    assert status == 0
    assert data["candidate_thresholds"]["humidity"] == [67.5, 72.5, 79.0, 82.5, 87.5, 92.5, 95.5]
    assert data["tree"]["branches"]["sunny"]["threshold"] == 77.5
    assert data["pruning"]["method"] == "rules"
    assert data["rule_set"]["ordered"] is True
    assert "label(golf(sunny, _, A, _), play) :-\n    A=<77.5." in data["tree_rules"]
    # the written rules answer every training example as the rule list classifies it
    engine = Engine(load([str(out_file)]), unknown="fail")
    examples = load([str(KB / "golf.pl")]).examples_of("golf", 4, ("label",))
    predicted = data["metrics"]["train_confusion_matrix"]["matrix"]
    correct = 0
    for example in examples:
        c = Var("C")
        answers = [a[c] for a in engine.solve(Struct("label", (example.atom, c)))]
        assert len(answers) == 1
        correct += answers[0] == example.label
    assert correct == predicted[0][0] + predicted[1][1]


def test_cost_sensitive_measure_from_file(capsys):
    status, data = run_json(
        capsys,
        "learn",
        "id3",
        str(KB / "golf.pl"),
        "--target",
        "golf/4",
        "--measure",
        "tan-schlimmer",
    )
    assert status == 0
    assert data["measure"] == "tan-schlimmer"
    assert "information_gain" in data
    gain = data["information_gain"]["humidity"]
    assert data["gains"]["humidity"] == pytest.approx(gain**2 / 8)


def test_cross_validation_and_paired_t_test(capsys):
    status, data = run_json(
        capsys,
        "learn",
        "id3",
        str(KB / "lenses.pl"),
        "--target",
        "lenses/4",
        "--cv",
        "4",
        "--seed",
        "1",
        "--compare",
        "one-r",
    )
    assert status == 0
    cv = data["metrics"]["cross_validation"]
    assert cv["k"] == 4 and sum(cv["fold_sizes"]) == 24
    test = data["metrics"]["paired_t_test"]
    assert test["df"] == 3
    assert data["metrics"]["compared_with"]["algorithm"] == "one-r"


def test_cart_with_reduced_error_pruning_and_a_test_set(capsys):
    status, data = run_json(
        capsys,
        "learn",
        "cart",
        str(KB / "house_votes.pl"),
        "--target",
        "party/16",
        "--prune",
        "reduced-error",
        "--test-fraction",
        "0.3",
        "--seed",
        "3",
    )
    assert status == 0
    pruning = data["pruning"]
    assert pruning["nodes_after"] <= pruning["nodes_before"]
    metrics = data["metrics"]
    assert metrics["test_accuracy"] > 0.9 and metrics["test_examples"] == 130
    assert metrics["error_confidence_interval"]["confidence"] == 95


def test_one_r_and_a_picture(capsys, tmp_path):
    picture = tmp_path / "stump.svg"
    status, data = run_json(
        capsys, "learn", "one-r", str(KB / "lenses.pl"), "--target", "lenses/4", "-o", str(picture)
    )
    assert status == 0
    assert data["tree"]["attribute"] == "tear_rate"
    assert data["gains"]["tear_rate"] == pytest.approx(17 / 24)
    assert picture.read_text().lstrip().startswith("<")


@pytest.mark.parametrize("suffix", [".dot", ".svg", ".png"])
def test_tree_pictures(capsys, tmp_path, suffix):
    picture = tmp_path / f"tree{suffix}"
    status, _, _ = run(
        capsys,
        "learn",
        "id3",
        str(KB / "playtennis.pl"),
        "--target",
        "playtennis/4",
        "-o",
        str(picture),
        "--renderer",
        "python" if suffix == ".png" else "auto",
    )
    assert status == 0 and picture.stat().st_size > 100


def test_csv_input(capsys, tmp_path):
    path = tmp_path / "weather.csv"
    path.write_text(
        "outlook,humidity,play\nsunny,85,no\nsunny,90,no\novercast,86,yes\nrain,96,yes\n"
        "rain,80,yes\nsunny,70,yes\novercast,65,yes\nsunny,95,no\n"
    )
    status, data = run_json(
        capsys, "learn", "c45", "--csv", str(path), "--class-column", "play", "--prune", "none"
    )
    assert status == 0
    assert data["target"] == "weather/2"
    assert data["tree"]["attribute"] in ("outlook", "humidity")


@pytest.mark.parametrize(
    "args, message",
    [
        (["learn", "id3", "kb/none.pl", "--target", "t/1"], "no such file"),
        (
            ["learn", "id3", str(KB / "playtennis.pl"), "--target", "playtennis/3"],
            "no pos/neg/label",
        ),
        (
            [
                "learn",
                "id3",
                str(KB / "playtennis.pl"),
                "--target",
                "playtennis/4",
                "--compare",
                "c45",
            ],
            "--cv",
        ),
        (
            ["learn", "id3", str(KB / "playtennis.pl"), "--target", "playtennis/4", "-o", "t.txt"],
            "suffix",
        ),
        (
            ["learn", "id3", str(KB / "golf.pl"), "--target", "golf/4", "--cost", "wind=2"],
            "not an attribute",
        ),
        (
            ["learn", "id3", str(KB / "golf.pl"), "--target", "golf/4", "--cost", "windy"],
            "ATTRIBUTE=COST",
        ),
        (["learn", "c45", "--csv", str(KB / "golf.pl")], "--class-column"),
        (
            [
                "learn",
                "id3",
                str(KB / "playtennis.pl"),
                "--target",
                "playtennis/4",
                "--classify",
                "playtennis(x, y)",
            ],
            "not an instance",
        ),
    ],
)
def test_bad_input_exits_with_status_2(capsys, args, message):
    status, out, err = run(capsys, *args)
    assert status == 2
    assert message in out + err
    assert "Traceback" not in out + err


def test_json_errors(capsys, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("a,b\n1,x\n2\n")
    status, out, _ = run(
        capsys, "learn", "id3", "--csv", str(path), "--class-column", "b", "--json"
    )
    assert status == 2
    error = json.loads(out)["error"]
    assert error["line"] == 3 and error["path"] == str(path)


def test_settings_from_the_file(capsys, tmp_path):
    path = tmp_path / "deep.pl"
    path.write_text((KB / "playtennis.pl").read_text() + "\n:- set(max_depth, 1).\n")
    status, data = run_json(capsys, "learn", "id3", str(path), "--target", "playtennis/4")
    assert status == 0 and data["tree_size"]["depth"] == 1
    status, data = run_json(
        capsys, "learn", "id3", str(path), "--target", "playtennis/4", "--max-depth", "2"
    )
    assert data["tree_size"]["depth"] == 2
