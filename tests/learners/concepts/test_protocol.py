"""The concept learners through the learner protocol: ``symlearn.learn(NAME, FILES, ...)``."""

from __future__ import annotations

from pathlib import Path

import pytest

import symlearn
from symlearn.errors import HypothesisSpaceError, InvalidParameterError, KBError, OutputError
from symlearn.learners.concepts.candidate_elimination import CandidateEliminationSettings
from symlearn.learners.concepts.elimination import EliminationSettings
from symlearn.learners.concepts.list_then_eliminate import (
    DEFAULT_LIMIT,
    ListThenEliminateSettings,
)
from symlearn.learning import LearningTask
from symlearn.learning.registry import learner

ROOT = Path(__file__).resolve().parents[3]
ENJOYSPORT = str(ROOT / "kb" / "enjoysport.pl")
VOTES = str(ROOT / "kb" / "votes.pl")
CONCEPT_LEARNERS = ["find-s", "list-then-eliminate", "candidate-elimination", "elimination"]

# Mitchell (1997), Figures 2.4 and 2.5: S and G after each EnjoySport example.
MITCHELL_S = [
    ["enjoysport(sunny, warm, normal, strong, warm, same)."],
    ["enjoysport(sunny, warm, _, strong, warm, same)."],
    ["enjoysport(sunny, warm, _, strong, warm, same)."],
    ["enjoysport(sunny, warm, _, strong, _, _)."],
]
MITCHELL_G = [
    [["enjoysport(_, _, _, _, _, _)."]],
    [["enjoysport(_, _, _, _, _, _)."]],
    [
        ["enjoysport(_, _, _, _, _, same)."],
        ["enjoysport(_, warm, _, _, _, _)."],
        ["enjoysport(sunny, _, _, _, _, _)."],
    ],
    [["enjoysport(_, warm, _, _, _, _)."], ["enjoysport(sunny, _, _, _, _, _)."]],
]


def _with(tmp_path: Path, name: str, *lines: str) -> str:
    path = tmp_path / name
    path.write_text(Path(ENJOYSPORT).read_text() + "\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("name", CONCEPT_LEARNERS)
def test_every_concept_learner_follows_the_protocol(name):
    module = learner(name)
    assert name == module.SETTINGS.ALGORITHM
    assert module.SUMMARY and module.EXAMPLE.startswith(f"symlearn learn {name} ")
    assert callable(module.learn)


def test_candidate_elimination_gives_mitchells_boundaries():
    result = symlearn.learn("candidate-elimination", ENJOYSPORT, target="enjoysport/6")
    data = result.to_dict()
    assert [entry["S"] for entry in data["trace"]] == [[s] for s in MITCHELL_S]
    assert [sorted(entry["G"]) for entry in data["trace"]] == MITCHELL_G
    assert data["S"] == [MITCHELL_S[-1]] and sorted(data["G"]) == MITCHELL_G[-1]
    assert result.clauses() == MITCHELL_S[-1]
    assert result.size() == 6 and result.exit_status == 0
    assert "version space: 6 hypotheses" in result.report()


def test_query_answers_over_the_learned_clause():
    result = symlearn.learn("candidate-elimination", ENJOYSPORT, target="enjoysport/6")
    assert result.query("enjoysport(sunny, warm, high, strong, cool, change)") == [{}]
    assert result.query("enjoysport(rainy, warm, high, strong, cool, change)") == []
    found = result.query("enjoysport(Sky, warm, normal, strong, cool, change)")
    assert [str(s["Sky"]) for s in found] == ["sunny"]


def test_list_then_eliminate_agrees_with_candidate_elimination():
    listed = symlearn.learn("list-then-eliminate", ENJOYSPORT, target="enjoysport/6")
    bounded = symlearn.learn("candidate-elimination", ENJOYSPORT, target="enjoysport/6")
    for key in ("hypothesis", "S", "version_space_size"):
        assert listed.to_dict()[key] == bounded.to_dict()[key]
    assert sorted(listed.to_dict()["G"]) == sorted(bounded.to_dict()["G"])
    assert [e["remaining"] for e in listed.to_dict()["trace"]][-1] == 6


def test_per_run_settings_from_python():
    result = symlearn.learn(
        "candidate-elimination",
        ENJOYSPORT,
        target="enjoysport/6",
        classify="enjoysport(sunny, warm, normal, weak, warm, same)",
        suggest_query=True,
        enumerate=True,
    )
    data = result.to_dict()
    assert len(data["version_space"]) == 6
    assert data["classification"]["label"] == "unknown"
    assert data["query"]["positive_votes"] == data["query"]["negative_votes"] == 3
    assert any(line.startswith("query: ") for line in result.report())


def test_a_bad_instance_to_classify_fails_before_learning():
    with pytest.raises(KBError, match="foggy is not in the domain of sky"):
        symlearn.learn(
            "list-then-eliminate",
            ENJOYSPORT,
            target="enjoysport/6",
            classify="enjoysport(foggy, warm, normal, strong, cool, change)",
        )


def test_a_collapsed_version_space_is_a_no_with_a_located_message(tmp_path):
    bad = _with(tmp_path, "bad.pl", "neg(enjoysport(sunny, warm, normal, strong, cool, change)).")
    last = len(Path(bad).read_text().splitlines())
    for name in ("candidate-elimination", "list-then-eliminate"):
        result = symlearn.learn(name, bad, target="enjoysport/6")
        assert result.exit_status == 1 and result.collapsed
        assert result.report() == []
        (message,) = result.messages()
        assert message.startswith(f"{bad}:{last}:1: ") and "became empty" in message
        data = result.to_dict()
        assert data["hypothesis"] == [] and data["version_space_size"] == 0
        assert data["collapsed"]["line"] == last and data["collapsed"]["index"] == 4
        out = tmp_path / f"{name}.pl"
        result.save(out)
        assert not out.exists() and result.output is None


def test_verbose_messages_give_the_trace():
    result = symlearn.learn("candidate-elimination", ENJOYSPORT, target="enjoysport/6")
    assert result.messages() == []
    lines = result.messages(verbose=1)
    assert lines[0] == "1. pos(enjoysport(sunny, warm, normal, strong, warm, same))"
    assert lines[1] == "   S: enjoysport(sunny, warm, normal, strong, warm, same)."


def test_the_written_file_has_s_and_g_as_comments(tmp_path):
    out = tmp_path / "h.pl"
    result = symlearn.learn("list-then-eliminate", ENJOYSPORT, target="enjoysport/6")
    result.save(out)
    text = out.read_text()
    assert "% S: <sunny, warm, ?, strong, ?, ?>" in text
    assert "% G: " in text and "<sunny, ?, ?, ?, ?, ?>" in text
    assert "enjoysport(sunny, warm, _, strong, _, _)." in text.splitlines()
    assert result.to_dict()["output"] == str(out)
    with pytest.raises(OutputError):
        result.write(ENJOYSPORT)


def test_settings_from_the_file(tmp_path):
    small = _with(tmp_path, "small.pl", ":- set(limit, 100).")
    with pytest.raises(HypothesisSpaceError, match="973 hypotheses"):
        symlearn.learn("list-then-eliminate", small, target="enjoysport/6")
    assert symlearn.learn("list-then-eliminate", small, target="enjoysport/6", limit=1000).size()
    task = LearningTask.from_files(small, "enjoysport/6")
    assert ListThenEliminateSettings.from_task(task).limit == 100
    assert ListThenEliminateSettings().limit == DEFAULT_LIMIT


def test_k_from_the_file_and_its_errors(tmp_path):
    kcnf = tmp_path / "xor.pl"
    kcnf.write_text(
        ":- set(k, 2).\npos(f(1, 0, 1)).\npos(f(0, 1, 1)).\nneg(f(0, 0, 1)).\nneg(f(1, 1, 0)).\n"
    )
    result = symlearn.learn("elimination", str(kcnf), target="f/3")
    assert result.settings == EliminationSettings(k=2)
    assert result.to_dict()["family"] == "kcnf" and result.result.consistent
    assert result.query("f(1, 0, 1)") == [{}] and result.query("f(0, 0, 1)") == []
    one = symlearn.learn("elimination", str(kcnf), target="f/3", k=1)
    assert one.to_dict()["hypothesis"] == ["f(_, _, 1)."] and not one.result.consistent
    kcnf.write_text(":- set(k, two).\npos(f(1, 0, 1)).\n")
    with pytest.raises(KBError, match=r"set\(k, two\): expected an integer") as caught:
        symlearn.learn("elimination", str(kcnf), target="f/3")
    assert caught.value.line == 1
    with pytest.raises(InvalidParameterError):
        EliminationSettings(k=0)


def test_elimination_on_votes_classifies_and_traces():
    result = symlearn.learn(
        "elimination",
        VOTES,
        target="republican/16",
        classify="republican(n, y, n, y, y, y, n, n, n, n, n, y, y, y, n, y)",
    )
    data = result.to_dict()
    assert data["k"] == 1 and data["family"] == "boolean_conjunction"
    assert len(data["trace"]) == len(result.task.attribute_data.instances)
    assert data["classification"]["label"] in ("pos", "neg")
    assert all(": eliminated " in line for line in result.messages(1))


def test_candidate_elimination_settings_have_no_file_keys():
    # the per-run settings cannot be set by a file
    assert all(meta.key is None for _, meta in CandidateEliminationSettings.fields())
