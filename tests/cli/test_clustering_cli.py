"""symlearn learn apriori|k-means|agglomerative|divisive|em-clustering through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.cli import main
from symlearn.engine import Engine
from symlearn.kb import load
from tests.conftest import SWIPL
from tests.swipl import run_swipl

ROOT = Path(__file__).resolve().parents[2]
KB = ROOT / "kb"
VOTES = ROOT / "data" / "house-votes-84.csv"
CLUSTERERS = ("k-means", "agglomerative", "divisive", "em-clustering")


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *args: str) -> tuple[int, dict]:
    status, out, _ = run(capsys, *args, "--json")
    return status, json.loads(out)


@pytest.mark.parametrize("algorithm", CLUSTERERS)
def test_every_clusterer_on_iris(capsys, algorithm):
    status, data = run_json(capsys, "learn", algorithm, str(KB / "iris.pl"), "--k", "3")
    assert status == 0 and data["algorithm"] == algorithm and data["target"] == "iris/4"
    assert len(data["clusters"]) == 3 and sum(map(len, data["clusters"])) == 150
    assert set(data["assignments"].values()) == {0, 1, 2}
    assert len(data["hypothesis"]) == 3 and data["hypothesis"][0].startswith("cluster(iris(")
    assert data["metrics"]["purity"] > 0.6
    assert data["classification"][0]["instance"] == "iris(6.0, 3.0, 4.8, 1.8)"
    keys = {
        "k-means": "centroids",
        "agglomerative": "merges",
        "divisive": "splits",
        "em-clustering": "log_likelihood",
    }
    assert keys[algorithm] in data


def test_merges_list_the_instances_in_merge_order(capsys):
    status, data = run_json(
        capsys, "learn", "agglomerative", str(KB / "iris.pl"), "--linkage", "complete"
    )
    merges = data["merges"]
    assert status == 0 and len(merges) == 149
    assert [m["distance"] for m in merges] == sorted(m["distance"] for m in merges)
    assert sum(map(len, merges[-1]["clusters"])) == 150


def test_the_descriptions_file_answers_which_cluster_describes_an_instance(capsys, tmp_path):
    out = tmp_path / "clusters.pl"
    status, _, _ = run(capsys, "learn", "k-means", str(KB / "iris.pl"), "--k", "3", "-o", str(out))
    assert status == 0
    engine = Engine(load([str(out)]), unknown="fail")
    goal = "cluster(iris(5.1, 3.5, 1.4, 0.2), C)"
    ours = sorted(str(a["C"]) for a in engine.solve_text(goal))
    assert ours  # a setosa is described by its cluster
    if SWIPL is not None:
        (theirs,) = run_swipl(out.read_text(), [(goal, ["C"])])
        assert sorted(theirs) == [f"[{c}]" for c in ours]


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_the_dendrogram_is_drawn(capsys, tmp_path, suffix):
    out = tmp_path / f"tree{suffix}"
    status, data = run_json(
        capsys, "learn", "agglomerative", str(KB / "golf.pl"), "--k", "3", "-o", str(out)
    )
    assert status == 0 and data["output"] == str(out) and out.stat().st_size > 1000


def test_apriori_on_the_weather(capsys):
    status, data = run_json(
        capsys,
        "learn",
        "apriori",
        str(KB / "playtennis.pl"),
        "--min-support",
        "2",
        "--min-confidence",
        "1",
    )
    assert status == 0 and len(data["rules"]) == 58 and len(data["itemsets"]) == 104
    rule = data["rules"][0]
    assert set(rule) >= {"clause", "if", "then", "support", "confidence"}


def test_tables_need_no_class_column(capsys):
    status, data = run_json(capsys, "learn", "k-means", "--csv", str(VOTES), "--k", "2")
    assert status == 0 and "purity" not in data["metrics"]
    assert sum(map(len, data["clusters"])) == 435
    status, data = run_json(
        capsys, "learn", "apriori", "--csv", str(VOTES), "--min-support", "0.4"
    )
    # without a class column, the party is an attribute like the votes
    assert status == 0 and any(
        i.startswith("Party=") for s in data["itemsets"] for i in s["items"]
    )
    status, data = run_json(
        capsys,
        "learn",
        "apriori",
        "--csv",
        str(VOTES),
        "--class-column",
        "Party",
        "--min-support",
        "0.4",
    )
    assert any(i.startswith("house_votes_84=") for s in data["itemsets"] for i in s["items"])


def test_held_out_instances_are_put_in_clusters(capsys):
    status, data = run_json(
        capsys,
        "learn",
        "em-clustering",
        str(KB / "iris.pl"),
        "--k",
        "3",
        "--test-fraction",
        "0.3",
        "--seed",
        "1",
    )
    metrics = data["metrics"]
    assert status == 0 and metrics["test_instances"] == 45
    assert metrics["test_accuracy"] > 0.6 and metrics["test_log_likelihood"] < 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("k-means", "kb/iris.pl", "--k", "200"), "larger than the data"),
        (("em-clustering", "kb/golf.pl", "--k", "15"), "larger than the data"),
        (("agglomerative", "kb/golf.pl", "--k", "0"), "--k"),
        (("apriori", "kb/playtennis.pl", "--min-support", "1.5"), "at most 1|lies in \\(0, 1\\]"),
        (("apriori", "kb/playtennis.pl", "--min-support", "0"), "at least 1"),
        (("apriori", "kb/playtennis.pl", "--min-confidence", "1.5"), "min-confidence"),
        (("k-means", "--csv", "data/house-votes-84.csv", "--class-column", "nope"), "nope"),
        (("divisive", "kb/golf.pl", "--split", "halves"), "halves"),
    ],
)
def test_bad_input_is_a_message_and_status_2(capsys, args, message):
    algorithm, *rest = args
    rest = [str(ROOT / a) if a.startswith(("kb/", "data/")) else a for a in rest]
    status, _, err = run(capsys, "learn", algorithm, *rest)
    assert status == 2 and "Traceback" not in err
    import re

    assert re.search(message, err), err


def test_a_file_of_instances_alone_is_data(capsys, tmp_path):
    path = tmp_path / "points.pl"
    path.write_text(
        "\n".join(f"instance(p({x}, {y}))." for x, y in [(0, 0), (0, 1), (9, 9), (9, 8)])
    )
    status, data = run_json(capsys, "learn", "k-means", str(path), "--k", "2", "--init", "first")
    assert status == 0 and data["target"] == "p/2"
    assert sorted(map(sorted, data["clusters"])) == [
        ["p(0, 0)", "p(0, 1)"],
        ["p(9, 8)", "p(9, 9)"],
    ]
    assert "purity" not in data["metrics"] and "classification" not in data
