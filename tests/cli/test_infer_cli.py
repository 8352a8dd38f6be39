"""``symlearn infer`` on the kb/ networks: exit status, JSON, outputs, errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from symlearn.cli import main

KB = Path(__file__).resolve().parents[2] / "kb"


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["infer", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _json(capsys, *args: str) -> dict:
    status, out, err = _run(capsys, *args, "--json")
    assert status == 0, err
    return json.loads(out)


def test_alarm_file_queries_and_evidence(capsys):
    payload = _json(capsys, str(KB / "alarm.pl"))
    assert payload["method"] == "exact"
    assert set(payload["probabilities"]) == {"burglary", "earthquake", "alarm"}
    assert round(payload["probabilities"]["burglary"], 7) == 0.2841718
    assert payload["evidence"] == {"johncalls": True, "marycalls": True}
    assert payload["cpts"]["alarm"]["parents"] == ["burglary", "earthquake"]
    assert payload["network"]["edges"]


def test_options_override_the_file(capsys):
    payload = _json(
        capsys,
        str(KB / "sprinkler.pl"),
        "--query",
        "rain",
        "--evidence",
        "sprinkler=true",
        "--evidence",
        "wetgrass=true",
    )
    assert list(payload["probabilities"]) == ["rain"]
    assert round(payload["probabilities"]["rain"], 4) == 0.3204


@pytest.mark.parametrize("method", ["enumeration", "likelihood-weighting", "gibbs"])
def test_methods_agree_with_exact(capsys, method):
    exact = _json(capsys, str(KB / "sprinkler.pl"))["probabilities"]
    payload = _json(
        capsys, str(KB / "sprinkler.pl"), "--method", method, "--samples", "20000", "--seed", "3"
    )
    assert payload["method"] == method
    for atom, p in exact.items():
        if method == "enumeration":
            assert payload["probabilities"][atom] == pytest.approx(p, abs=1e-12)
            assert "standard_errors" not in payload
        else:
            se = payload["standard_errors"][atom]
            assert abs(payload["probabilities"][atom] - p) <= 4 * se
            assert payload["samples"] >= 20000 and payload["seed"] == 3


def test_text_output(capsys):
    status, out, _ = _run(
        capsys, str(KB / "alarm.pl"), "--method", "likelihood-weighting", "--samples", "2000"
    )
    assert status == 0
    assert out.startswith("% method: likelihood-weighting; evidence: johncalls, marycalls")
    assert "standard error" in out and "2000 samples, seed 0" in out


def test_alarm_monitoring_and_the_bif_agree(capsys, tmp_path):
    pl = _json(
        capsys,
        str(KB / "alarm_monitoring.pl"),
        "--query",
        "history",
        "--evidence",
        "cvp(low)=true",
        "--evidence",
        "pcwp(low)=true",
    )
    assert pl["probabilities"]["history"] == pytest.approx(0.4923131109866915, abs=1e-12)
    bif = tmp_path / "alarm.bif"
    assert _run(capsys, str(KB / "alarm_monitoring.pl"), "-o", str(bif))[0] == 0
    by_key = _json(capsys, str(bif), "--query", "history", "--query", "cvp")
    assert list(by_key["probabilities"]) == ["history", "cvp(low)", "cvp(normal)", "cvp(high)"]
    again = _json(
        capsys,
        str(bif),
        "--query",
        "history",
        "--evidence",
        "cvp(low)=true",
        "--evidence",
        "pcwp(low)=true",
    )
    assert again["probabilities"]["history"] == pytest.approx(
        pl["probabilities"]["history"], abs=1e-12
    )


@pytest.mark.parametrize("suffix", [".svg", ".png", ".dot", ".pl", ".bif"])
def test_outputs(capsys, tmp_path, suffix):
    out = tmp_path / f"net{suffix}"
    payload = _json(capsys, str(KB / "alarm.pl"), "-o", str(out))
    assert payload["output"] == str(out) and out.stat().st_size > 0
    if suffix == ".dot":
        text = out.read_text()
        assert '"burglary" -> "alarm"' in text and "johncalls = true" in text
    if suffix == ".pl":  # the written program gives the same answers
        again = _json(capsys, str(out))
        for atom, p in payload["probabilities"].items():
            assert again["probabilities"][atom] == pytest.approx(p, abs=1e-12)


def test_no_queries_answers_nothing_as_problog(capsys, tmp_path):
    path = tmp_path / "p.pl"
    path.write_text("0.3::a. 0.5::b :- a.\n")
    payload = _json(capsys, str(path))
    assert payload["probabilities"] == {}
    assert _run(capsys, str(path))[1] == ""  # problog prints nothing either
    payload = _json(capsys, str(path), "--query", "b")
    assert payload["probabilities"] == {"b": pytest.approx(0.15)}


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        ("0.3::p(X) :- q(Y).\nq(a).\nquery(p(_)).\n", [], "is not ground"),
        ("0.3::a :- \\+ b.\nb :- \\+ a.\nquery(a).\n", [], "not stratified"),
        ("0.3::a.\n1.5::b.\n", [], "outside [0, 1]"),
        ("X::a :- X = 2.\nquery(a).\n", [], "outside [0, 1]"),
        ("0.6::a; 0.7::b.\n", [], "more than 1"),
        ("0.3::a.\n", ["--query", "nothing"], "nothing/0 is not defined"),
        ("0.3::a.\n", ["--evidence", "a=maybe"], "ATOM=true or ATOM=false"),
        ("0.3::a.\n", ["--evidence", "a=true", "--evidence", "a=false"], "contradicts"),
        (
            "0.3::a.\n",
            ["--method", "enumeration", "--evidence", "a=true", "-o", "x.txt"],
            "suffix",
        ),
        ("0.3::a b.\n", [], "error"),
    ],
)
def test_bad_input_exits_2_without_traceback(capsys, tmp_path, text, args, message):
    path = tmp_path / "bad.pl"
    path.write_text(text)
    status, out, err = _run(capsys, str(path), *args)
    assert status == 2
    assert message in out + err and "Traceback" not in out + err


def test_error_as_json(capsys, tmp_path):
    path = tmp_path / "bad.pl"
    path.write_text(
        "0.1::ok.\n0.3::p(X) :- q(X), \\+ r(X).\nq(a).\nr(X) :- \\+ p(X).\nquery(p(_)).\n"
    )
    status, out, _ = _run(capsys, str(path), "--json")
    assert status == 2
    error = json.loads(out)["error"]
    assert error["line"] in (2, 4) and error["path"] == str(path)
    assert "not stratified" in error["message"]


def test_kb_examples_run(capsys):
    for name in ("alarm.pl", "sprinkler.pl", "alarm_monitoring.pl"):
        assert _run(capsys, str(KB / name))[0] == 0
    assert os.path.exists(KB / "alarm_monitoring.pl")


def test_bif_variable_names_as_queries(capsys, tmp_path):
    bif = tmp_path / "n.bif"
    bif.write_text(
        "variable RAIN { type discrete [ 2 ] { TRUE, FALSE }; }\n"
        "variable SKY { type discrete [ 3 ] { CLEAR, GREY, DARK }; }\n"
        "probability ( SKY ) { table 0.5, 0.3, 0.2; }\n"
        "probability ( RAIN | SKY ) { (CLEAR) 0.1, 0.9; (GREY) 0.4, 0.6; (DARK) 0.8, 0.2; }\n"
    )
    payload = _json(
        capsys, str(bif), "--query", "RAIN", "--query", "SKY", "--evidence", "sky(dark)=false"
    )
    assert list(payload["probabilities"]) == ["rain", "sky(clear)", "sky(grey)", "sky(dark)"]
    assert payload["probabilities"]["rain"] == pytest.approx((0.5 * 0.1 + 0.3 * 0.4) / 0.8)
    assert payload["probabilities"]["sky(dark)"] == 0.0


_SKY_BIF = (
    "variable RAIN { type discrete [ 2 ] { TRUE, FALSE }; }\n"
    "variable SKY { type discrete [ 3 ] { CLEAR, GREY, DARK }; }\n"
    "probability ( SKY ) { table 0.5, 0.3, 0.2; }\n"
    "probability ( RAIN | SKY ) { (CLEAR) 0.1, 0.9; (GREY) 0.4, 0.6; (DARK) 0.8, 0.2; }\n"
)


@pytest.mark.parametrize(
    ("bif_form", "atom_form"),
    [
        (["SKY=GREY"], ["sky(grey)=true"]),
        (["RAIN=FALSE"], ["rain=false"]),
        (["RAIN=TRUE", "SKY=DARK"], ["rain=true", "sky(dark)=true"]),
    ],
)
def test_bif_evidence_as_pgmpy_writes_it(capsys, tmp_path, bif_form, atom_form):
    bif = tmp_path / "n.bif"
    bif.write_text(_SKY_BIF)
    ours = _json(capsys, str(bif), "--query", "SKY", *(f"--evidence={e}" for e in bif_form))
    atoms = _json(capsys, str(bif), "--query", "sky", *(f"--evidence={e}" for e in atom_form))
    assert ours["probabilities"] == atoms["probabilities"]
    assert ours["evidence"] == atoms["evidence"]
    if bif_form == ["RAIN=FALSE"]:
        p_false = 0.5 * 0.9 + 0.3 * 0.6 + 0.2 * 0.2
        assert ours["probabilities"]["sky(grey)"] == pytest.approx(0.3 * 0.6 / p_false)


@pytest.mark.parametrize("bad", ["SKY=grey", "CLOUD=GREY"])
def test_bif_evidence_names_the_states(capsys, tmp_path, bad):
    bif = tmp_path / "n.bif"
    bif.write_text(_SKY_BIF)
    status, _, err = _run(capsys, str(bif), "--evidence", bad)
    assert status == 2
    assert ("has the states CLEAR, GREY, DARK" in err) == (bad == "SKY=grey")
    assert "Traceback" not in err


def test_problog_evidence_stays_true_or_false(capsys):
    status, _, err = _run(capsys, str(KB / "alarm.pl"), "--evidence", "alarm=yes")
    assert status == 2 and "is not ATOM=true or ATOM=false" in err


def test_programs_with_variables_and_cycles(capsys):
    dice = _json(capsys, str(KB / "dice.pl"))
    assert dice["method"] == "sdd" and dice["evidence"] == {"odd(red)": True}
    assert dice["probabilities"]["sum(7)"] == pytest.approx(1 / 6, abs=1e-12)  # 3 of 18 pairs
    assert dice["probabilities"]["double"] == pytest.approx(1 / 6, abs=1e-12)
    paths = _json(capsys, str(KB / "path_cycles.pl"))
    assert paths["method"] == "sdd"
    assert paths["probabilities"]["path(a, b)"] == pytest.approx(0.6)  # a's only edge
    status, out, _ = _run(capsys, str(KB / "path_cycles.pl"))
    assert status == 0 and out.splitlines()[1].startswith("path(a,b):\t0.6")
    status, out, _ = _run(capsys, str(KB / "dice.pl"), "--method", "mpe")
    assert status == 0 and out.splitlines()[-1].startswith("% Probability: ")
    sampled = _json(capsys, str(KB / "path_cycles.pl"), "--method", "sample", "--seed", "1")
    assert sampled["method"] == "sample" and sampled["samples"] == 10000
    assert sampled["probabilities"]["path(a, b)"] == pytest.approx(0.6, abs=0.02)
