"""ID3, C4.5, CART and OneR through the learner protocol (symlearn.learn, LearningTask)."""

from __future__ import annotations

import pytest

import symlearn
from symlearn.errors import InvalidParameterError, KBError, OutputError
from symlearn.kb import load
from symlearn.learners.trees.c45 import C45Settings
from symlearn.learners.trees.cart import CARTSettings
from symlearn.learners.trees.id3 import ID3Settings
from symlearn.learners.trees.results import TreeRun
from symlearn.learning import LearningTask
from symlearn.learning.registry import learner
from tests.learners.trees.support import KB

PLAYTENNIS = str(KB / "playtennis.pl")
PLAYTENNIS_TEXT = (KB / "playtennis.pl").read_text()
GOLF = str(KB / "golf.pl")
LENSES = str(KB / "lenses.pl")

#: Mitchell (1997), Figure 3.1, as clauses.
FIGURE_3_1 = [
    "playtennis(sunny, _, normal, _).",
    "playtennis(overcast, _, _, _).",
    "playtennis(rain, _, _, weak).",
]


@pytest.mark.parametrize("name", ["id3", "c45", "cart", "one-r"])
def test_every_tree_learner_follows_the_protocol(name: str) -> None:
    module = learner(name)
    assert name == module.SETTINGS.ALGORITHM
    assert module.TABLES
    assert module.OUTPUT_SUFFIXES == (".pl", ".dot", ".svg", ".png")
    assert module.SUMMARY and module.EXAMPLE.startswith(f"symlearn learn {name} ")
    result = symlearn.learn(name, LENSES, target="lenses/4")
    assert isinstance(result, TreeRun) and result.algorithm == name
    assert result.to_dict()["algorithm"] == name and result.report()


def test_id3_from_python_gives_figure_3_1() -> None:
    result = symlearn.learn("id3", PLAYTENNIS, target="playtennis/4")
    assert result.clauses() == FIGURE_3_1
    assert result.tree is not None and result.tree.depth == 2
    assert result.settings == ID3Settings()


def test_the_learned_rules_answer_queries() -> None:
    result = symlearn.learn("id3", PLAYTENNIS, target="playtennis/4")
    assert result.query("playtennis(sunny, hot, normal, weak)") == [{}]
    assert result.query("playtennis(sunny, hot, high, weak)") == []
    outlooks = {str(s["O"]) for s in result.query("playtennis(O, mild, high, weak)")}
    assert outlooks == {"overcast", "rain"}


def test_a_file_setting_reaches_the_learner(tmp_path) -> None:
    path = tmp_path / "shallow.pl"
    path.write_text(PLAYTENNIS_TEXT + "\n:- set(max_depth, 1).\n")
    result = symlearn.learn("id3", str(path), target="playtennis/4")
    assert result.settings.max_depth == 1 and result.tree.depth == 1
    deeper = symlearn.learn("id3", str(path), target="playtennis/4", max_depth=2)
    assert deeper.tree.depth == 2


def test_a_file_setting_of_the_wrong_type_is_located(tmp_path) -> None:
    path = tmp_path / "bad.pl"
    path.write_text(PLAYTENNIS_TEXT + ":- set(min_examples, many).\n")
    with pytest.raises(KBError) as caught:
        symlearn.learn("id3", str(path), target="playtennis/4")
    assert caught.value.line == 38 and "set(min_examples, many)" in str(caught.value)


def test_algorithm_defaults_are_kept() -> None:
    assert (C45Settings().measure, C45Settings().prune, C45Settings().min_leaf) == (
        "gain-ratio",
        "rules",
        2.0,
    )
    assert (CARTSettings().measure, CARTSettings().min_leaf) == ("gini", 0.0)
    assert not hasattr(CARTSettings(), "costs")
    with pytest.raises(InvalidParameterError):
        CARTSettings(measure="nunez")


def test_c45_rules_conclude_label_and_answer_like_the_rule_list() -> None:
    result = symlearn.learn("c45", GOLF, target="golf/4")
    assert result.defined == ("label", 2)
    data = result.task.attribute_data
    for instance in data.instances:
        answers = result.query(f"label({data.atom(instance)}, C)")
        assert [str(a["C"]) for a in answers] == [str(result.classify(instance))]


def test_costs_from_python_and_from_the_file() -> None:
    from_file = symlearn.learn("id3", GOLF, target="golf/4", measure="tan-schlimmer")
    given = symlearn.learn(
        "id3", GOLF, target="golf/4", measure="tan-schlimmer", costs={"humidity": 1}
    )
    gain = given.root["information_gain"]["humidity"]
    assert given.root["gains"]["humidity"] == pytest.approx(gain**2)
    assert from_file.root["gains"]["humidity"] == pytest.approx(gain**2 / 8)
    with pytest.raises(InvalidParameterError, match="ATTRIBUTE=COST"):
        ID3Settings(costs=("humidity",))
    with pytest.raises(InvalidParameterError, match="not an attribute"):
        symlearn.learn("id3", GOLF, target="golf/4", costs={"nosuch": 2})


def test_evaluation_settings() -> None:
    result = symlearn.learn(
        "cart", LENSES, target="lenses/4", test_fraction=0.25, cv=4, compare="one-r", seed=2
    )
    metrics = result.to_dict()["metrics"]
    assert metrics["measured_on"] == "test" and metrics["test_examples"] == len(result.test.labels)
    assert metrics["compared_with"]["algorithm"] == "one-r"
    assert metrics["paired_t_test"]["df"] == 3
    with pytest.raises(InvalidParameterError, match="--cv"):
        symlearn.learn("cart", LENSES, target="lenses/4", compare="one-r")


def test_classify_one_atom_from_python() -> None:
    result = symlearn.learn(
        "one-r", LENSES, target="lenses/4", classify="lenses(young, myope, no, reduced)"
    )
    (entry,) = result.classified
    assert entry == {"instance": "lenses(young, myope, no, reduced)", "label": "none"}


def test_a_task_from_csv(tmp_path) -> None:
    path = tmp_path / "weather.csv"
    path.write_text("outlook,wind,play\nsunny,weak,no\novercast,weak,yes\nrain,strong,no\n")
    task = LearningTask.from_csv(str(path), "play", positive="yes")
    result = symlearn.learn("id3", task)
    assert result.clauses() == ["weather(overcast, _)."]
    assert result.query("weather(overcast, strong)") == [{}]


def test_save_writes_rules_and_pictures_but_never_an_input(tmp_path) -> None:
    result = symlearn.learn("id3", PLAYTENNIS, target="playtennis/4")
    rules = tmp_path / "rules.pl"
    result.save(rules)
    assert len(load([str(rules)]).predicate("playtennis", 4).clauses) == 3
    assert result.to_dict()["output_renderer"] == "prolog"
    picture = tmp_path / "tree.dot"
    result.save(picture)
    assert picture.read_text().startswith("digraph") and result.output == str(picture)
    with pytest.raises(OutputError):
        result.save(PLAYTENNIS)
    with pytest.raises(InvalidParameterError, match="suffix"):
        result.save(tmp_path / "tree.txt")


def test_messages_when_verbose() -> None:
    result = symlearn.learn("one-r", LENSES, target="lenses/4")
    assert result.messages(0) == []
    assert result.messages(1)[-1].startswith("% settings: OneRSettings(")


def test_id3_defaults_are_mitchells_and_the_chi_square_stop_is_an_option() -> None:
    """Mitchell's ID3 (Table 3.1) grows until pure or no attribute is left: no stop by
    default.  --significance ALPHA is Quinlan's chi-square stop; it stops splits on
    noise, and also the first split of an XOR, whose value shows one level further
    down (the horizon effect); --significance 1 is no stop; 0 is refused."""
    import numpy as np

    from symlearn.data.encoded import EncodedData
    from symlearn.learners.trees.id3 import id3

    assert ID3Settings().significance is None and ID3Settings().chi_square_level is None
    assert ID3Settings(significance=0.01).chi_square_level == 0.01
    assert ID3Settings(significance=1).chi_square_level is None
    with pytest.raises(InvalidParameterError, match=r"\(0, 1\]"):
        ID3Settings(significance=0)
    rng = np.random.default_rng(1)
    codes = rng.integers(0, 4, size=(20_000, 6))
    noisy = ((codes[:, 0] == 1) ^ (rng.random(20_000) < 0.05)).astype(int)
    data = EncodedData.from_codes(codes, noisy)
    stopped, grown = id3(data, significance=0.01), id3(data)
    assert stopped.depth <= 2 and 10 * stopped.size < grown.size and grown.depth == 6
    assert id3(data, **ID3Settings().tree_keywords()).size == grown.size
    xor = ((codes[:, 0] >= 2) ^ (codes[:, 1] >= 2)).astype(int)
    data = EncodedData.from_codes(codes, xor)
    assert id3(data, significance=0.01).size == 1  # neither attribute alone is associated
    assert id3(data).predict_columns(data.columns).tolist() == data.y.tolist()
