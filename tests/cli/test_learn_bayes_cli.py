"""``symlearn learn naive-bayes`` and ``bayes-net``: PlayTennis, JSON keys, outputs, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from symlearn.cli import main

KB = Path(__file__).resolve().parents[2] / "kb"


def _run(capsys, *args):
    status = main(["learn", "naive-bayes", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _json(capsys, *args):
    status, out, err = _run(capsys, *args, "--json")
    assert status == 0, err
    return json.loads(out)


def test_playtennis(capsys):
    payload = _json(capsys, str(KB / "playtennis.pl"), "--target", "playtennis/4")
    assert payload["algorithm"] == "naive-bayes" and payload["target"] == "playtennis/4"
    assert payload["priors"] == {"pos": pytest.approx(9 / 14), "neg": pytest.approx(5 / 14)}
    assert payload["conditionals"]["wind"]["neg"]["strong"] == pytest.approx(0.6)
    assert payload["scores"] == {"pos": pytest.approx(1 / 189), "neg": pytest.approx(18 / 875)}
    assert payload["label"] == "neg" and round(payload["posterior"]["neg"], 3) == 0.795
    first = payload["classifications"][0]
    assert first["instance"] == "playtennis(sunny, cool, high, strong)"
    assert first["scores_exact"] == {"pos": "1/189", "neg": "18/875"}
    assert payload["metrics"]["train_accuracy"] == pytest.approx(13 / 14)
    assert payload["hypothesis"][0] == "0.6428571428571429::playtennis."


def test_text_output_and_classify_option(capsys):
    status, out, _ = _run(
        capsys,
        str(KB / "playtennis.pl"),
        "--classify",
        "playtennis(overcast, hot, high, weak)",
        "--m",
        "2",
    )
    assert status == 0
    assert "m-estimate, m = 2" in out and "playtennis(overcast, hot, high, weak):" in out
    assert "label: pos" in out and "P(outlook | t):" in out


def test_written_program_answers_like_the_classifier(capsys, tmp_path):
    out = tmp_path / "nb.pl"
    payload = _json(capsys, str(KB / "playtennis.pl"), "-o", str(out))
    status = main(
        [
            "infer",
            str(out),
            "--query",
            "playtennis",
            "--json",
            "--evidence",
            "outlook(sunny)=true",
            "--evidence",
            "temperature(cool)=true",
            "--evidence",
            "humidity(high)=true",
            "--evidence",
            "wind(strong)=true",
        ]
    )
    inferred = json.loads(capsys.readouterr().out)
    assert status == 0
    assert inferred["probabilities"]["playtennis"] == pytest.approx(
        payload["posterior"]["pos"], abs=1e-12
    )


@pytest.mark.parametrize("suffix", [".bif", ".svg", ".dot"])
def test_network_outputs(capsys, tmp_path, suffix):
    out = tmp_path / f"nb{suffix}"
    assert _run(capsys, str(KB / "playtennis.pl"), "-o", str(out))[0] == 0
    assert out.stat().st_size > 0


def test_multiclass_missing_values_test_file_and_cross_validation(capsys, tmp_path):
    payload = _json(
        capsys, str(KB / "lenses.pl"), "--laplace", "--cv", "4", "--test", str(KB / "lenses.pl")
    )
    metrics = payload["metrics"]
    assert metrics["test_accuracy"] == metrics["train_accuracy"]
    assert metrics["cross_validation"]["k"] == 4
    golf = _json(capsys, str(KB / "golf.pl"))
    assert golf["hypothesis"] == [] and "mean" in golf["conditionals"]["temperature"]["play"]


def test_errors(capsys, tmp_path):
    status, out, err = _run(capsys, str(KB / "playtennis.pl"), "--m", "lots")
    assert status == 2 and "not a number" in err
    status, out, err = _run(capsys, str(KB / "playtennis.pl"), "--classify", "playtennis(x)")
    assert status == 2 and "not an instance" in out + err and "Traceback" not in out + err
    status, out, err = _run(capsys, str(KB / "golf.pl"), "-o", str(tmp_path / "g.pl"))
    assert status == 2 and "discrete" in out + err


# -- bayes-net ----------------------------------------------------------------------------------


def _net(capsys, *args):
    status = main(["learn", "bayes-net", *args, "--json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return json.loads(captured.out)


def test_bayes_net_structure_search_and_em_on_house_votes(capsys, tmp_path):
    out = tmp_path / "votes.pl"
    payload = _net(capsys, str(KB / "house_votes.pl"), "--max-parents", "2", "-o", str(out))
    assert payload["algorithm"] == "bayes-net" and payload["examples"] == 435
    assert payload["complete_examples"] == 232
    assert ["physician_fee_freeze", "party"] in payload["edges"] or [
        "party",
        "physician_fee_freeze",
    ] in payload["edges"]
    em = payload["em"]
    steps = [b - a for a, b in zip(em["log_likelihoods"], em["log_likelihoods"][1:])]
    assert min(steps) >= -1e-9 and em["converged"]
    assert payload["bic"] < 0 and payload["mdl_bits"] > 0
    # the written program is the learnt network
    again = main(
        [
            "infer",
            str(out),
            "--query",
            "party(democrat)",
            "--evidence",
            "physician_fee_freeze(y)=true",
            "--json",
        ]
    )
    inferred = json.loads(capsys.readouterr().out)
    assert again == 0 and 0 <= inferred["probabilities"]["party(democrat)"] < 0.2


def test_bayes_net_with_a_given_structure_is_naive_bayes(capsys, tmp_path):
    structure = tmp_path / "nb.pl"
    nb = _json(capsys, str(KB / "playtennis.pl"), "-o", str(structure))
    payload = _net(capsys, str(KB / "playtennis.pl"), "--structure", str(structure))
    assert "moves" not in payload and "em" not in payload
    assert sorted(map(tuple, payload["edges"])) == sorted(
        ("playtennis", a) for a in ("humidity", "outlook", "temperature", "wind")
    )
    assert sorted(payload["hypothesis"]) == sorted(nb["hypothesis"])


def test_bayes_net_errors(capsys, tmp_path):
    status = main(["learn", "bayes-net", str(KB / "golf.pl")])
    captured = capsys.readouterr()
    assert status == 2 and "numeric" in captured.err + captured.out
