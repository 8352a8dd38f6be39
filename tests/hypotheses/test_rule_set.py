"""RuleSet: classification, the clause form through our engine and SWI-Prolog, the sympy DNF."""

from __future__ import annotations

import itertools

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from symlearn.data import Attribute, AttributeValueData
from symlearn.data.attribute_value import MISSING
from symlearn.errors import HypothesisSpaceError
from symlearn.hypotheses.rule_set import Condition, Rule, RuleSet
from symlearn.learners.trees.growing import as_encoded
from tests.conftest import requires_swipl
from tests.learners.trees.support import engine_answer, engine_for

NAMES = ("colour", "size", "weight")
DOMAINS = (("red", "green", "blue"), ("small", "large"), None)  # weight is numeric
NUMBERS = (0, 1, 2, 3, 4, 5)
SPACE = list(itertools.product(DOMAINS[0], DOMAINS[1], NUMBERS))


@st.composite
def conditions(draw):
    index = draw(st.integers(0, 2))
    name = NAMES[index]
    if DOMAINS[index] is None:
        return Condition(
            name,
            index,
            draw(st.sampled_from(["=<", ">"])),
            draw(st.sampled_from([0.5, 1.5, 2, 3.5, 4.5])),
        )
    values = draw(st.lists(st.sampled_from(DOMAINS[index]), min_size=1, max_size=2, unique=True))
    return Condition(name, index, "in", tuple(values))


@st.composite
def rule_sets(draw, ordered=None):
    boolean = draw(st.booleans())
    classes = (True, False) if boolean else ("a", "b", "c")
    rules = tuple(
        Rule(
            tuple(draw(st.lists(conditions(), min_size=1, max_size=3))),
            draw(st.sampled_from(classes)),
        )
        for _ in range(draw(st.integers(0, 4)))
    )
    default = draw(st.one_of(st.none(), st.sampled_from(classes)))
    is_ordered = draw(st.booleans()) if ordered is None else ordered
    return RuleSet("t", NAMES, rules, classes, default=default, ordered=is_ordered)


def _prolog_meaning(rules: RuleSet, instance) -> list:
    """What the clauses prove: the first firing rule of a list, every firing rule of a set."""
    fired = rules.firing(instance)
    if rules.ordered:
        labels = (
            [fired[0].label] if fired else ([rules.default] if rules.default is not None else [])
        )
    else:
        labels = [r.label for r in fired]
        if not fired and rules.default is not None:
            labels = [rules.default]
    return labels


@settings(max_examples=50, deadline=None)
@given(rule_sets())
def test_engine_proves_what_the_rule_set_means(rules):
    engine = engine_for(rules.clause_strings())
    for instance in SPACE:
        meaning = _prolog_meaning(rules, instance)
        answer = engine_answer(engine, "t", instance, rules.is_boolean)
        if rules.is_boolean:
            assert answer == (True in meaning)
        else:
            assert sorted(answer) == sorted(meaning)
        if rules.ordered:
            assert meaning == (
                [] if rules.classify(instance) is None else [rules.classify(instance)]
            )


@settings(max_examples=40, deadline=None)
@given(rule_sets())
def test_sympy_dnf_is_the_positive_class(rules):
    if not rules.is_boolean:
        with pytest.raises(HypothesisSpaceError):
            rules.to_sympy()
        return
    expression = rules.to_sympy()
    for instance in SPACE:
        values = {}
        for name, domain, value in zip(NAMES, DOMAINS, instance):
            if domain is None:
                values[sympy.Symbol(name, real=True)] = value
            else:
                for v in domain:
                    values[sympy.Symbol(f"{name}={v}")] = v == value
        truth = (
            bool(expression.subs(values))
            if expression not in (sympy.true, sympy.false)
            else bool(expression)
        )
        assert truth == (True in _prolog_meaning(rules, instance))


def test_classify_conventions():
    red = Condition("colour", 0, "=", "red")
    small = Condition("size", 1, "=", "small")
    rules = RuleSet(
        "t",
        NAMES,
        (Rule((red,), "a", covered=5, correct=4), Rule((small,), "b", covered=9, correct=6)),
        ("a", "b", "c"),
        default="c",
    )
    assert rules.classify(("red", "small", 1)) == "b"  # votes 4 against 6
    assert rules.classify(("red", "large", 1)) == "a"
    assert rules.classify(("blue", "large", 1)) == "c"
    ordered = RuleSet("t", NAMES, rules.rules, rules.classes, default="c", ordered=True)
    assert ordered.classify(("red", "small", 1)) == "a"
    assert RuleSet("t", NAMES, (), ("a",)).classify(("red", "small", 1)) is None


def test_conditions_merge_and_compare_without_order():
    a = Rule(
        (
            Condition("weight", 2, ">", 1),
            Condition("weight", 2, ">", 3),
            Condition("weight", 2, "=<", 5),
        ),
        "x",
    )
    assert [str(c) for c in a.conditions] == ["weight > 3", "weight =< 5"]
    b = Rule((Condition("weight", 2, "=<", 5), Condition("weight", 2, ">", 3)), "x")
    assert a == b and hash(a) == hash(b)
    c = Rule(
        (
            Condition("colour", 0, "in", ("red", "blue")),
            Condition("colour", 0, "in", ("blue", "green")),
        ),
        "x",
    )
    assert [str(x) for x in c.conditions] == ["colour = blue"]
    never = Rule((Condition("colour", 0, "=", "red"), Condition("colour", 0, "=", "blue")), "x")
    assert not any(never.covers(x) for x in SPACE)
    assert Rule((), True) != Rule((), "true")


def test_clause_text():
    rules = RuleSet(
        "playtennis",
        ("outlook", "temperature", "humidity", "wind"),
        (Rule((Condition("humidity", 2, "=<", 75.0),), "yes"),),
        ("yes", "no"),
    )
    assert rules.clause_strings() == ["label(playtennis(_, _, A, _), yes) :-\n    A=<75."]
    assert Condition("h", 0, "=<", 72.5).negated() == Condition("h", 0, ">", 72.5)
    # a closed range (a cluster's span) uses >= and its negation <
    assert Condition("h", 0, ">=", 72.0).negated() == Condition("h", 0, "<", 72)
    assert [Condition("h", 0, ">=", 3).holds(v) for v in (2.5, 3, 4)] == [False, True, True]
    with pytest.raises(ValueError):
        Condition("h", 0, "!=", 3)


@requires_swipl
def test_swi_prolog_answers_like_our_engine():
    from tests.swipl import run_swipl

    red_or_blue = Condition("colour", 0, "in", ("red", "blue"))
    heavy = Condition("weight", 2, ">", 2.5)
    small = Condition("size", 1, "=", "small")
    lists = [
        RuleSet(
            "t",
            NAMES,
            (Rule((red_or_blue, heavy), "a"), Rule((small,), "b")),
            ("a", "b", "c"),
            "c",
            True,
        ),
        RuleSet(
            "t",
            NAMES,
            (Rule((small, heavy), False), Rule((red_or_blue,), True)),
            (True, False),
            True,
            True,
        ),
    ]
    for rules in lists:
        program = "\n".join(rules.clause_strings())
        engine = engine_for(rules.clause_strings())
        if rules.is_boolean:
            goals = [(f"t({c}, {s}, {w})", []) for c, s, w in SPACE]
        else:
            goals = [(f"label(t({c}, {s}, {w}), C)", ["C"]) for c, s, w in SPACE]
        answers = run_swipl(program, goals)
        for instance, swi in zip(SPACE, answers):
            ours = engine_answer(engine, "t", instance, rules.is_boolean)
            if rules.is_boolean:
                assert (len(swi) > 0) == ours
            else:
                assert swi == [f"[{c}]" for c in ours]


@st.composite
def _interval_rule_sets(draw):
    """Rules on one number: cut points made into intervals (disjoint or not), maybe ``= ?``.

    Returns ``(rules, disjoint)``.
    """
    cuts = sorted(
        draw(st.lists(st.sampled_from([0.5, 1.5, 2, 3.5, 4.5]), max_size=4, unique=True))
    )
    bounds = list(zip([None, *cuts], [*cuts, None]))
    overlapping = draw(st.booleans())
    if overlapping:  # repeated intervals: the general vote decides
        bounds += draw(st.lists(st.sampled_from(bounds), min_size=1, max_size=2))
    rules = []
    for low, high in draw(st.permutations(bounds)):
        tests = [Condition("x", 0, ">", low)] if low is not None else []
        tests += [Condition("x", 0, "=<", high)] if high is not None else []
        correct = draw(st.sampled_from([None, 1.0, 2.0]))
        rules.append(Rule(tuple(tests), draw(st.sampled_from("abc")), correct=correct))
    if draw(st.booleans()):
        rules.append(Rule((Condition("x", 0, "=", MISSING),), draw(st.sampled_from("abc"))))
    default = draw(st.sampled_from(["a", None]))
    ordered = draw(st.booleans())
    rule_set = RuleSet("t", ("x",), tuple(rules), ("a", "b", "c"), default, ordered=ordered)
    return rule_set, not overlapping and all(r.conditions for r in rules)


VALUES = st.lists(st.sampled_from([*NUMBERS, 0.5, 2, 4.5, MISSING]), min_size=1)


@settings(max_examples=60, deadline=None)
@given(_interval_rule_sets(), VALUES)
def test_interval_rules_classify_columns_as_rows(drawn, values):
    """A search per row (disjoint intervals) answers as ``classify`` does."""
    rules, disjoint = drawn
    instances = tuple((v,) for v in values)
    data = AttributeValueData("t", (Attribute("x", None),), instances, ("a",) * len(values))
    coded = rules.predict_encoded(as_encoded(data))
    assert coded is not None or not disjoint
    if coded is not None:
        codes, classes = coded
        assert [classes[c] for c in codes] == rules.predict(instances)
