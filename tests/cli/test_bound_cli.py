"""``symlearn bound``: names, parameters, JSON keys and exit statuses of DESIGN.md section 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.cli import main


def run(capsys, *args):
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(capsys, *args):
    status, out, _ = run(capsys, *args, "--json")
    return status, json.loads(out)


def test_list_names_every_bound(capsys):
    status, out, _ = run(capsys, "bound", "--list")
    assert status == 0
    for name in (
        "pac",
        "agnostic",
        "vc",
        "lower",
        "elimination",
        "mistake-find-s",
        "halving",
        "weighted-majority",
        "perceptron",
        "winnow",
        "hypothesis-space-size",
        "vc-dimension",
        "occam",
    ):
        assert any(line.startswith(f"{name} ") for line in out.splitlines())
    assert "--R --gamma" in out and "--k --n --beta" in out
    assert max(map(len, out.splitlines())) <= 80  # readable in a terminal (issue 26)


def test_list_as_json(capsys):
    status, data = run_json(capsys, "bound", "--list")
    assert status == 0
    assert {row["name"] for row in data["bounds"]} >= {"pac", "vc-dimension"}


def test_pac(capsys):
    status, data = run_json(
        capsys, "bound", "pac", "--H", "973", "--epsilon", "0.1", "--delta", "0.05"
    )
    assert status == 0
    assert {"bound", "formula", "latex", "derivation", "values"} <= set(data)
    assert data["bound"] == "pac"
    assert data["values"]["m"] == 99
    assert data["values"]["m_exact"] == pytest.approx(98.76116, abs=1e-5)
    assert data["formula"] == "m >= (log(H) + log(1/delta))/epsilon"
    assert all({"relation", "rule", "latex"} <= set(step) for step in data["derivation"])


def test_pac_for_conjunctions(capsys):
    status, data = run_json(
        capsys,
        "bound",
        "pac",
        "--class",
        "conjunctions",
        "--n",
        "10",
        "--epsilon",
        "0.1",
        "--delta",
        "0.05",
    )
    assert status == 0
    assert data["values"]["m"] == 140 and data["values"]["H"] == 59049


@pytest.mark.parametrize(
    ("args", "key", "expected"),
    [
        (("agnostic", "--H", "973", "--epsilon", "0.1", "--delta", "0.05"), "m", 494),
        (("vc", "--vc", "4", "--epsilon", "0.1", "--delta", "0.05"), "m", 2461),
        (("lower", "--vc", "4", "--epsilon", "0.1", "--delta", "0.005"), "m", 53),
        (("elimination", "--n", "100", "--epsilon", "0.1", "--delta", "0.1"), "m", 6908),
        (("mistake-find-s", "--n", "10"), "mistakes", 11),
        (("halving", "--H", "973"), "mistakes", 9),
        (("weighted-majority", "--k", "3", "--n", "10", "--beta", "0.5"), "mistakes", 15),
        (("perceptron", "--R", "1", "--gamma", "0.1"), "mistakes", 100),
        (("winnow", "--r", "2", "--n", "100"), "mistakes", 47),
    ],
)
def test_every_bound_by_name(capsys, args, key, expected):
    status, data = run_json(capsys, "bound", *args)
    assert status == 0
    assert data["values"][key] == expected
    assert f"{key}_exact" in data["values"]


def test_solve_for(capsys):
    status, data = run_json(
        capsys,
        "bound",
        "pac",
        "--H",
        "973",
        "--m",
        "100",
        "--delta",
        "0.05",
        "--solve-for",
        "epsilon",
    )
    assert status == 0
    assert data["solved_for"] == "epsilon"
    assert data["formula"] == "epsilon >= (log(H) - log(delta))/m"
    assert data["values"]["epsilon"] == pytest.approx(0.0987612, abs=1e-6)
    assert data["derivation"][-1]["rule"] == "solve for a variable"


def test_solve_for_n_of_a_class(capsys):
    status, data = run_json(
        capsys,
        "bound",
        "pac",
        "--class",
        "conjunctions",
        "--m",
        "200",
        "--epsilon",
        "0.1",
        "--delta",
        "0.05",
        "--solve-for",
        "n",
    )
    assert status == 0
    assert data["values"]["n"] == 15


def test_text_and_latex(capsys):
    status, out, _ = run(
        capsys, "bound", "pac", "--H", "973", "--epsilon", "0.1", "--delta", "0.05"
    )
    assert status == 0 and "m = 99" in out and "premise" in out
    status, out, _ = run(capsys, "bound", "perceptron", "--R", "1", "--gamma", "0.1", "--latex")
    assert status == 0
    assert out.startswith("\\begin{aligned}") and "\\frac{R^{2}}{\\gamma^{2}}" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("pac", "--H", "973", "--epsilon", "1.5", "--delta", "0.05"),
            "epsilon must be in (0, 1)",
        ),
        (("pac", "--H", "973", "--epsilon", "0.1", "--delta", "1"), "delta must be in (0, 1)"),
        (("pac", "--H", "0", "--epsilon", "0.1", "--delta", "0.05"), "H must be at least 1"),
        (("pac", "--H", "973", "--epsilon", "0.1"), "needs --delta"),
        (("nope",), "unknown bound"),
        (("halving", "--H", "8", "--solve-for", "beta"), "no variable"),
    ],
)
def test_invalid_parameters_exit_2(capsys, args, message):
    status, out, err = run(capsys, "bound", *args)
    assert status == 2 and message in err
    status, out, _ = run(capsys, "bound", *args, "--json")
    assert status == 2
    assert message in json.loads(out)["error"]["message"]


def test_usage_errors_exit_2(capsys):
    assert run(capsys, "bound")[0] == 2
    assert run(capsys, "bound", "pac", "some.pl")[0] == 2


def test_hypothesis_space_size(capsys):
    status, data = run_json(
        capsys, "bound", "hypothesis-space-size", "--class", "k-cnf", "--n", "3", "--k", "2"
    )
    assert status == 0
    assert (data["size"], data["formula"]) == (2**18, "2**(2*n**2)")
    status, data = run_json(
        capsys,
        "bound",
        "hypothesis-space-size",
        "--class",
        "attribute-conjunctions",
        "--domains",
        "3,2,2,2,2,2",
    )
    assert data["size"] == 973


def test_vc_dimension(capsys):
    status, data = run_json(capsys, "bound", "vc-dimension", "--class", "rectangles", "--n", "3")
    assert status == 0
    assert data["vc_dimension"] == 4 and len(data["shattered_set"]) == 4
    status, data = run_json(
        capsys, "bound", "vc-dimension", "--class", "linear-separators", "--n", "3", "--r", "2"
    )
    assert data["vc_dimension"] == 3 and data["formula"] == "3"


def test_files(capsys, tmp_path):
    path = tmp_path / "t.pl"
    path.write_text(
        ":- attributes(t, [a, b]).\n:- domain(a, [x, y, z]).\npos(t(x, p)). neg(t(y, q)).\n"
    )
    status, data = run_json(capsys, "bound", "hypothesis-space-size", str(path))
    assert status == 0 and data["size"] == 1 + 4 * 3
    status, data = run_json(capsys, "bound", "vc-dimension", str(path), "--target", "t/2")
    assert status == 0 and data["vc_dimension"] == 2
    assert data["shattered_set"][0].startswith("t(")


def test_enjoysport_from_kb(capsys):
    path = Path(__file__).resolve().parents[2] / "kb" / "enjoysport.pl"
    status, data = run_json(capsys, "bound", "hypothesis-space-size", str(path))
    assert status == 0 and data["size"] == 973
    status, data = run_json(
        capsys, "bound", "hypothesis-space-size", str(path), "--convention", "syntactic"
    )
    assert data["size"] == 5120


def test_missing_file_is_exit_2(capsys, tmp_path):
    status, _, err = run(capsys, "bound", "vc-dimension", str(tmp_path / "missing.pl"))
    assert status == 2 and err


KB_DIR = Path(__file__).resolve().parents[2] / "kb"


def test_a_file_of_declarations_alone_is_counted_and_searched(capsys):
    # Issue 16, item 5: no pos/neg/label examples are needed.
    status, data = run_json(
        capsys, "bound", "hypothesis-space-size", str(KB_DIR / "enjoysport_space.pl")
    )
    assert status == 0 and data["size"] == 973
    status, data = run_json(capsys, "bound", "vc-dimension", str(KB_DIR / "enjoysport_space.pl"))
    assert status == 0 and data["vc_dimension"] == 6


def test_the_file_names_the_class_and_the_command_line_overrides_it(capsys):
    path = str(KB_DIR / "two_cnf_space.pl")
    status, data = run_json(capsys, "bound", "vc-dimension", path)
    assert status == 0 and (data["class"], data["vc_dimension"]) == ("k-cnf", 6)
    status, data = run_json(
        capsys, "bound", "hypothesis-space-size", path, "--class", "k-dnf", "--k", "1"
    )
    assert status == 0 and (data["class"], data["size"]) == ("k-dnf", 28)
    assert data["convention"] == "semantic"  # issue 29: the default over a small space
    status, data = run_json(
        capsys,
        "bound",
        "hypothesis-space-size",
        path,
        "--class",
        "k-dnf",
        "--k",
        "1",
        "--convention",
        "syntactic",
    )
    assert status == 0 and data["size"] == 64 and "not counted" in data["note"]


def test_a_boolean_class_over_many_valued_attributes_is_a_clear_error(capsys):
    status, out, err = run(
        capsys,
        "bound",
        "hypothesis-space-size",
        str(KB_DIR / "enjoysport_space.pl"),
        "--class",
        "k-cnf",
        "--k",
        "2",
    )
    assert status == 2 and not out
    assert "sky (3)" in err and "Traceback" not in err
