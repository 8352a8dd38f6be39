"""symlearn learn bagging|boosting|randomisation|stacking|semi-supervised-em|co-training|co-em."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from symlearn.cli import main

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"
STUMPS = str(KB / "ensembles" / "stumps.pl")
PAGES = str(KB / "unlabelled" / "web_pages.pl")
VOTES = str(ROOT / "data" / "house-votes-84.csv")
VIEWS = (
    "--view",
    "page_lecture,page_homework,page_exam,page_office_hours",
    "--view",
    "link_course,link_syllabus,link_my,link_home",
)


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *args: str) -> tuple[int, dict]:
    status, out, err = run(capsys, *args, "--json")
    assert status == 0, err
    return status, json.loads(out)


def test_boosting_the_hand_trace(capsys):
    _, data = run_json(capsys, "learn", "boosting", STUMPS, "--rounds", "3")
    assert data["algorithm"] == "boosting" and data["target"] == "t/3"
    assert [round(s["error"], 6) for s in data["trace"]] == [0.125, 0.142857, 0.166667]
    assert [m["weight"] for m in data["members"]] == pytest.approx(
        [math.log(7), math.log(6), math.log(5)]
    )
    assert data["members"][0]["hypothesis"] == ["t(_, _, 0)."]
    (vote,) = data["classification"]
    assert vote["instance"] == "t(0, 0, 0)" and vote["label"] == "neg"
    assert set(vote) >= {"instance", "label", "votes", "members"}
    assert data["hypothesis"][0] == "t(A, B, C) :-\n    t_vote(t(A, B, C), pos)."
    assert data["curve"]["train"][-1] == 0.0


def test_boosting_report_and_error_curve(capsys, tmp_path):
    status, out, _ = run(capsys, "learn", "boosting", STUMPS, "--rounds", "3")
    assert status == 0
    assert "% member 1: cart:max_depth=1; weight 1.94591; error e = 0.125" in out
    assert "% t(0, 0, 0): neg (votes: pos 1.946, neg 3.401)" in out
    for suffix in (".svg", ".png"):
        picture = tmp_path / f"curve{suffix}"
        status, _, err = run(capsys, "learn", "boosting", STUMPS, "-o", str(picture))
        assert status == 0, err
        assert picture.stat().st_size > 500
    drawn = (tmp_path / "curve.svg").read_text()
    assert "ensemble, train" in drawn and "member's weighted e" in drawn


@pytest.mark.parametrize("algorithm", ["bagging", "randomisation", "stacking"])
def test_each_ensemble_on_a_table(capsys, algorithm):
    options = ["--folds", "3"] if algorithm == "stacking" else ["--rounds", "3"]
    _, data = run_json(
        capsys,
        "learn",
        algorithm,
        "--csv",
        VOTES,
        "--class-column",
        "Party",
        "--test-fraction",
        "0.3",
        *options,
    )
    assert data["metrics"]["test_accuracy"] > 0.85
    assert len(data["members"]) == 3
    assert data["hypothesis"][0].startswith("label(house_votes_84(")
    if algorithm == "stacking":
        assert data["meta"] and data["curve"] == {}
        assert {m["learner"] for m in data["members"]} == {
            "cart",
            "naive-bayes:laplace=true",
            "one-r",
        }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("boosting", STUMPS, "--base", "c46"), "no learner 'c46' (did you mean c45"),
        (("boosting", STUMPS, "--base", "foil"), "foil makes no model"),
        (("bagging", STUMPS, "--base", "cart:depth=1"), "cart has no setting depth"),
        (("bagging", STUMPS, "--rounds", "0"), "0"),
        (("stacking", STUMPS, "--meta", "progol"), "--meta progol"),
        (("stacking", STUMPS, "-o", "x.svg"), "suffix must be .pl"),
        (("randomisation", STUMPS, "--features", "7"), "--features 7"),
    ],
)
def test_bad_input_is_an_error_with_status_2(capsys, args, message):
    status, _, err = run(capsys, "learn", *args)
    assert status == 2
    assert message in err and "Traceback" not in err


def test_semi_supervised_em_on_few_labels(capsys):
    _, data = run_json(capsys, "learn", "semi-supervised-em", PAGES, "--test-fraction", "0.75")
    assert {"priors", "conditionals", "iterations", "labels", "trace", "metrics"} <= set(data)
    unlabelled = {line for line in Path(PAGES).read_text().splitlines() if line.startswith("unl")}
    assert len(data["labels"]) == len(unlabelled)  # each distinct unlabelled page's class
    assert data["iterations"] == len(data["trace"]) >= 1
    likelihoods = [step["log_likelihood"] for step in data["trace"]]
    assert likelihoods == sorted(likelihoods)  # EM never lowers it
    metrics = data["metrics"]
    assert metrics["test_accuracy"] > metrics["supervised"]["test_accuracy"]
    assert data["hypothesis"][0].startswith("0.")  # the classifier as a ProbLog network


@pytest.mark.parametrize("algorithm", ["co-training", "co-em"])
def test_two_views(capsys, algorithm):
    _, data = run_json(capsys, "learn", algorithm, PAGES, "--test-fraction", "0.75", *VIEWS)
    assert [v["attributes"][0] for v in data["views"]] == ["page_lecture", "link_course"]
    assert data["metrics"]["test_accuracy"] >= 0.75
    assert set(data["conditionals"]) == {a for v in data["views"] for a in v["attributes"]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("semi-supervised-em", str(KB / "playtennis.pl")), "has none: add unlabelled(ATOM)"),
        (("co-training", PAGES, "--view", "page_lecture"), "needs two views"),
        (("co-em", PAGES, "--view", "page_lecture", "--view", "link_home"), "in no view"),
        (("co-em", PAGES, *VIEWS[:2], "--view", "page_lecture,link_home"), "in view 1 and view 2"),
        (("co-training", PAGES, *VIEWS[:2], "--view", "nothing"), "'nothing' is not an attribute"),
    ],
)
def test_unlabelled_bad_input(capsys, args, message):
    status, _, err = run(capsys, "learn", *args)
    assert status == 2
    assert message in err and "Traceback" not in err


def test_a_table_with_empty_class_cells(capsys, tmp_path):
    lines = VOTES and Path(VOTES).read_text().splitlines()
    rows = [lines[0]] + [
        line if i % 8 == 0 else "," + line.split(",", 1)[1] for i, line in enumerate(lines[1:])
    ]
    table = tmp_path / "few.csv"
    table.write_text("\n".join(rows) + "\n")
    _, data = run_json(
        capsys, "learn", "semi-supervised-em", "--csv", str(table), "--class-column", "Party"
    )
    assert data["metrics"]["train_examples"] == 55
    assert len(data["labels"]) <= 380
    _, checked = run_json(capsys, "check", PAGES)
    assert checked["unlabelled_examples"] == 260


def test_unlabelled_cross_validation_folds_the_labelled_examples(capsys):
    _, data = run_json(capsys, "learn", "semi-supervised-em", PAGES, "--cv", "4")
    folds = data["metrics"]["cross_validation"]
    assert folds["k"] == 4 and sum(folds["fold_sizes"]) == 40
