"""naive Bayes and bayes-net on the learner protocol, and ``infer`` as a library function."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import symlearn
from symlearn.bayes.answer import infer, parse_evidence
from symlearn.bayes.naive.naive_bayes import NaiveBayesRun, NaiveBayesSettings
from symlearn.bayes.networks.learning import BayesNetRun, BayesNetSettings
from symlearn.cli import main
from symlearn.errors import InvalidParameterError, KBError, OutputError
from symlearn.learning import LearningTask

KB = Path(__file__).resolve().parents[2] / "kb"
PLAYTENNIS = str(KB / "playtennis.pl")


def _cli_json(capsys, *args: str) -> dict:
    status = main([*args, "--json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return json.loads(captured.out)


def _as_json(payload: dict) -> dict:
    return json.loads(json.dumps(payload))


def test_mitchells_scores_from_python():
    run = symlearn.learn("naive-bayes", PLAYTENNIS, target="playtennis/4")
    assert isinstance(run, NaiveBayesRun)
    first = run.classifications[0]
    assert str(first.instance) == "playtennis(sunny, cool, high, strong)"
    assert first.scores == {"pos": Fraction(1, 189), "neg": Fraction(18, 875)}
    assert first.label == "neg"
    assert run.model.prior("pos") == Fraction(9, 14)


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("--m", "2", "--classify", "playtennis(overcast, hot, high, weak)"),
        ("--laplace", "--cv", "3", "--seed", "1"),
    ],
)
def test_naive_bayes_json_is_the_commands(capsys, args):
    given = {
        "m": "2" if "--m" in args else None,
        "classify": ("playtennis(overcast, hot, high, weak)",) if "--classify" in args else None,
        "laplace": True if "--laplace" in args else None,
        "cv": 3 if "--cv" in args else None,
        "seed": 1 if "--seed" in args else None,
    }
    run = symlearn.learn("naive-bayes", PLAYTENNIS, **given)
    cli = _cli_json(capsys, "learn", "naive-bayes", PLAYTENNIS, *args)
    assert _as_json(run.to_dict()) == cli
    status = main(["learn", "naive-bayes", PLAYTENNIS, *args])
    assert status == 0 and capsys.readouterr().out.splitlines() == run.report()


def test_file_settings_and_their_errors(tmp_path):
    path = tmp_path / "pt.pl"
    path.write_text(":- set(m, 2).\n:- set(laplace, false).\n" + Path(PLAYTENNIS).read_text())
    run = symlearn.learn("naive-bayes", str(path))
    assert run.settings.m == 2.0 and run.model.m[0] == 2
    assert run.report()[0].startswith(
        "% naive Bayes for playtennis/4 from 14 examples (m-estimate, m = 2;"
    )
    assert symlearn.learn("naive-bayes", str(path), m="0").model.m[0] == 0
    with pytest.raises(InvalidParameterError, match="not a number"):
        NaiveBayesSettings(m="lots")
    with pytest.raises(InvalidParameterError, match="at least 0"):
        NaiveBayesSettings(m=-1)
    path.write_text(":- set(laplace, maybe).\n" + Path(PLAYTENNIS).read_text())
    with pytest.raises(KBError, match="set\\(laplace, maybe\\)"):
        symlearn.learn("naive-bayes", str(path))


def test_learned_network_answers_queries_and_is_written(tmp_path):
    run = symlearn.learn("naive-bayes", PLAYTENNIS)
    answer = run.infer("playtennis", ["outlook(sunny)=true"])
    assert answer.probability("playtennis") == pytest.approx(0.4)  # 9/14 * 2/9 / (5/14)
    assert run.query("playtennis(sunny, hot, high, weak)") == []  # the target's clauses set aside
    out = tmp_path / "nb.pl"
    run.save(out)
    assert run.to_dict()["output"] == str(out) and run.report()[-1] == f"% wrote {out}"
    evidence = {
        "outlook(sunny)": True,
        "temperature(cool)": True,
        "humidity(high)": True,
        "wind(strong)": True,
    }
    again = infer(str(out), "playtennis", evidence)
    assert again.probability("playtennis") == pytest.approx(run.to_dict()["posterior"]["pos"])
    with pytest.raises(OutputError, match="input file"):
        run.save(PLAYTENNIS)
    with pytest.raises(InvalidParameterError, match="suffix"):
        run.save(tmp_path / "nb.txt")


def test_naive_bayes_from_a_csv_table(tmp_path):
    rows = ["outlook,temperature,humidity,wind,play"]
    for line in Path(PLAYTENNIS).read_text().splitlines():
        if line.startswith(("pos(", "neg(")):
            values = line[line.index("(", 4) + 1 : line.index(")")].replace(" ", "")
            rows.append(f"{values},{'yes' if line.startswith('pos') else 'no'}")
    csv = tmp_path / "playtennis.csv"
    csv.write_text("\n".join(rows) + "\n")
    task = LearningTask.from_csv(str(csv), "play", target="playtennis")
    run = symlearn.learn("naive-bayes", task, classify=("playtennis(sunny, cool, high, strong)",))
    assert run.classifications[0].scores == {"no": Fraction(18, 875), "yes": Fraction(1, 189)}


def test_bayes_net_from_python_is_the_commands(capsys, tmp_path):
    run = symlearn.learn("bayes-net", PLAYTENNIS, max_parents=1, estimator="laplace")
    assert isinstance(run, BayesNetRun) and run.settings.max_parents == 1
    assert run.network.graph.number_of_edges() > 0
    cli = _cli_json(
        capsys, "learn", "bayes-net", PLAYTENNIS, "--max-parents", "1", "--estimator", "laplace"
    )
    assert _as_json(run.to_dict()) == cli
    structure = tmp_path / "graph.pl"
    run.save(structure)
    kept = symlearn.learn("bayes-net", PLAYTENNIS, structure=str(structure), estimator="laplace")
    assert sorted(kept.network.graph.edges) == sorted(run.network.graph.edges)
    assert "moves" not in kept.to_dict()
    with pytest.raises(InvalidParameterError):
        BayesNetSettings(estimator="guess")


@pytest.mark.parametrize(
    ("source", "args", "given"),
    [
        ("alarm.pl", (), {}),
        (
            "sprinkler.pl",
            ("--query", "rain", "--evidence", "sprinkler=true", "--evidence", "wetgrass=true"),
            {"queries": ["rain"], "evidence": ["sprinkler=true", "wetgrass=true"]},
        ),
        (
            "sprinkler.pl",
            ("--method", "gibbs", "--samples", "500", "--seed", "2"),
            {"method": "gibbs", "samples": 500, "seed": 2},
        ),
    ],
)
def test_infer_from_python_is_the_commands(capsys, source, args, given):
    path = str(KB / source)
    run = infer(path, **given)
    assert _as_json(run.to_dict()) == _cli_json(capsys, "infer", path, *args)
    assert main(["infer", path, *args]) == 0
    assert capsys.readouterr().out.splitlines() == run.report()


def test_infer_writes_through_write_file(capsys, tmp_path):
    path = tmp_path / "alarm.pl"
    path.write_text((KB / "alarm.pl").read_text())
    out = tmp_path / "alarm.dot"
    run = infer(str(path), output=out)
    assert (
        run.to_dict()["output"]
        == str(out)
        == _cli_json(capsys, "infer", str(path), "-o", str(out))["output"]
    )
    with pytest.raises(OutputError):
        infer(str(path), output=path)
    assert main(["infer", str(path), "-o", str(path)]) == 2
    assert main(["infer", str(path), "-o", str(path), "--force"]) == 0
    capsys.readouterr()


def test_evidence_in_every_form():
    atom, value = parse_evidence("weather(sunny) = false")
    assert (str(atom), value) == ("weather(sunny)", False)
    kb = symlearn.loads("0.2::rain. 0.1::wet :- \\+ rain. 0.8::wet :- rain.")
    answers = {
        infer(kb, "rain", evidence).probability("rain")
        for evidence in (["wet=true"], [("wet", True)], {"wet": True})
    }
    assert len(answers) == 1 and round(answers.pop(), 6) == 0.666667
    with pytest.raises(InvalidParameterError, match="true or false"):
        infer(kb, "rain", {"wet": "yes"})
    with pytest.raises(InvalidParameterError, match="method"):
        infer(kb, method="magic")
