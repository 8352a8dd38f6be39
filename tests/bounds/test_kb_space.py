"""hypothesis-space-size and vc-dimension of the space a knowledge base declares."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from symlearn.bounds.kb_space import attribute_space
from symlearn.bounds.vc import is_shattered
from symlearn.errors import HypothesisSpaceError, InvalidParameterError

#: Mitchell's EnjoySport, as shipped in kb/ (domains declared for all six attributes).
ENJOYSPORT = Path(__file__).resolve().parents[2] / "kb" / "enjoysport.pl"

SMALL = """
:- attributes(t, [a, b, c]).
pos(t(x, p, u)). neg(t(y, q, v)). pos(t(x, q, u)).
"""


@pytest.fixture
def enjoysport():
    return ENJOYSPORT


def test_enjoysport_size(enjoysport):
    space = attribute_space(enjoysport)
    assert space.domain_sizes == [3, 2, 2, 2, 2, 2]
    assert space.size().size == 973
    assert space.size("syntactic").size == 5120
    assert space.size().to_dict()["values"]["target"] == "enjoysport"


def test_domains_from_the_examples(tmp_path):
    path = tmp_path / "small.pl"
    path.write_text(SMALL)
    space = attribute_space(path)
    assert space.domains == (("x", "y"), ("p", "q"), ("u", "v"))
    result = space.vc_dimension()
    # Conjunctions over three two-valued attributes: the boolean case, VC = 3.
    assert result.dimension == 3
    assert all(atom.startswith("t(") for atom in result.shattered_set)


def test_enjoysport_vc_dimension(enjoysport):
    space = attribute_space(enjoysport)
    result = space.vc_dimension()
    assert result.dimension == 6
    assert result.dichotomies == 973
    assert not result.stopped_by_count  # 2^7 <= 973: the search itself certifies it
    positives = [
        frozenset(x for x in space.instances() if all(c in ("?", v) for c, v in zip(h, x)))
        for h in itertools.product(*[(*d, "?") for d in space.domains])
    ]
    witness = [tuple(a[len("enjoysport(") : -1].split(", ")) for a in result.shattered_set]
    assert is_shattered(witness, [*positives, frozenset()], space.instances())


def test_target_must_be_chosen_when_several(tmp_path):
    path = tmp_path / "two.pl"
    path.write_text(SMALL + ":- attributes(s, [a]).\npos(s(x)).\n")
    with pytest.raises(InvalidParameterError, match="--target"):
        attribute_space(path)
    assert attribute_space(path, ("s", 1)).domain_sizes == [1]


def test_continuous_attribute_is_refused(tmp_path):
    path = tmp_path / "num.pl"
    path.write_text(":- attributes(t, [a]).\npos(t(1)). neg(t(2.5)).\n")
    with pytest.raises(InvalidParameterError, match="continuous"):
        attribute_space(path)


# -- issue 16, item 5: a file that declares only the instance space -------------

from symlearn.bounds import spaces  # noqa: E402
from symlearn.bounds.compute import bound  # noqa: E402
from symlearn.bounds.kb_space import SpaceSettings  # noqa: E402
from symlearn.bounds.vc import vc_dimension  # noqa: E402
from symlearn.errors import KBError  # noqa: E402
from symlearn.kb import loads  # noqa: E402
from symlearn.learning import LearningTask  # noqa: E402

KB = Path(__file__).resolve().parents[2] / "kb"

BOOLEAN3 = """
:- attributes(t, [a, b, c]).
:- domain(a, [yes, no]). :- domain(b, [on, off]). :- domain(c, [p, q]).
"""


def declared(tmp_path, text, name="space.pl"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_declarations_alone_are_the_instance_space():
    # No pos/neg/label: Mitchell's 973 and VC 6 all the same.
    assert bound("hypothesis-space-size", KB / "enjoysport_space.pl").size == 973
    result = bound("vc-dimension", KB / "enjoysport_space.pl")
    assert result.dimension == 6 and result.dichotomies == 973
    assert result.to_dict()["shattered_set"][0].startswith("enjoysport(")


def test_the_declared_space_equals_the_space_of_the_examples():
    with_examples = attribute_space(KB / "enjoysport.pl")
    without = attribute_space(KB / "enjoysport_space.pl")
    assert with_examples == without


def test_the_class_and_k_come_from_the_file():
    result = bound("hypothesis-space-size", KB / "two_cnf_space.pl")
    # Issue 29: the semantic count by default over a space this small.
    assert (result.hypothesis_class, result.size) == ("k-cnf", 166)
    assert result.to_dict()["values"]["k"] == 2
    syntactic = bound("hypothesis-space-size", KB / "two_cnf_space.pl", convention="syntactic")
    assert syntactic.size == 2**18


def test_the_command_line_overrides_the_file():
    result = bound("hypothesis-space-size", KB / "two_cnf_space.pl", hypothesis_class="k-dnf", k=1)
    assert (result.hypothesis_class, result.size) == ("k-dnf", 28)  # 2**6 sets of literals
    vc = bound("vc-dimension", KB / "two_cnf_space.pl", hypothesis_class="k-dnf", k=1)
    assert vc.dimension == 3  # monotone-or-not disjunctions of literals over 3 variables


def test_a_missing_domain_without_examples_is_named(tmp_path):
    path = declared(tmp_path, ":- attributes(t, [a, b]).\n:- domain(a, [x, y]).\n")
    with pytest.raises(KBError, match=r"domain/2 declaration for b"):
        attribute_space(path)


def test_boolean_classes_need_two_valued_attributes():
    with pytest.raises(InvalidParameterError, match=r"sky \(3\)"):
        bound("hypothesis-space-size", KB / "enjoysport_space.pl", hypothesis_class="k-cnf", k=2)


def test_an_unknown_class_in_the_file_is_an_error_at_its_directive(tmp_path):
    path = declared(tmp_path, BOOLEAN3 + ":- set(hypothesis_class, nonsense).\n")
    with pytest.raises(KBError, match="hypothesis_class"):
        bound("hypothesis-space-size", path)


def test_conjunctions_over_many_valued_attributes_are_the_attribute_conjunctions():
    space = attribute_space(KB / "enjoysport_space.pl")
    assert space.count(SpaceSettings("conjunctions")).size == 973
    assert space.shatter(SpaceSettings("conjunctions")).dimension == 6


def test_conjunctions_over_boolean_attributes_count_as_mitchell(tmp_path):
    space = attribute_space(declared(tmp_path, BOOLEAN3))
    syntactic = SpaceSettings("conjunctions", convention="syntactic")
    assert space.count(syntactic).size == 3**3  # section 7.3.2
    assert space.count(SpaceSettings("conjunctions")).size == 3**3 + 1  # semantic by default
    assert space.shatter(SpaceSettings("conjunctions")).dimension == 3


def test_all_subsets_of_the_instance_space(tmp_path):
    path = declared(
        tmp_path, ":- attributes(t, [a, b]).\n:- domain(a, [x, y, z]).\n:- domain(b, [u, v]).\n"
    )
    space = attribute_space(path)
    settings = SpaceSettings("boolean-functions")
    assert space.count(settings).size == 2**6
    result = space.shatter(settings)
    # The brute-force reference: every subset of the six instances, searched.
    instances = space.instances()
    subsets = [frozenset(c) for r in range(7) for c in itertools.combinations(instances, r)]
    reference = vc_dimension(subsets, instances)
    assert result.dimension == reference.dimension == 6
    assert result.dichotomies == reference.dichotomies == 64
    assert "needs 128 dichotomies" in result.certificate()


def test_all_subsets_of_a_large_space_give_the_formula_only():
    space = attribute_space(
        LearningTask.from_kb(
            loads(
                ":- attributes(t, [a, b, c, d, e]).\n"
                + "".join(
                    f":- domain({a}, [{', '.join(f'v{i}' for i in range(10))}]).\n"
                    for a in "abcde"
                )
            ),
            "t/5",
        )
    )
    result = space.count(SpaceSettings("boolean-functions"))
    assert result.size is None and str(result.formula) == "2**(10*10*10*10*10)"
    assert "too large" in result.report()[-1]


@pytest.mark.parametrize(
    ("name", "n", "k", "formulas", "kind"),
    [
        ("k-cnf", 2, 1, spaces.k_cnf_formulas, "cnf"),
        ("k-cnf", 2, 2, spaces.k_cnf_formulas, "cnf"),
        ("k-cnf", 3, 1, spaces.k_cnf_formulas, "cnf"),
        ("k-dnf", 2, 2, spaces.k_dnf_formulas, "dnf"),
        ("k-dnf", 3, 1, spaces.k_dnf_formulas, "dnf"),
        ("k-term-dnf", 2, 2, spaces.k_term_dnf_formulas, "dnf"),
        ("k-term-dnf", 3, 2, spaces.k_term_dnf_formulas, "dnf"),
    ],
)
def test_boolean_class_search_matches_brute_force(name, n, k, formulas, kind):
    text = f":- attributes(t, [{', '.join(f'x{i}' for i in range(n))}]).\n" + "".join(
        f":- domain(x{i}, [0, 1]).\n" for i in range(n)
    )
    space = attribute_space(LearningTask.from_kb(loads(text), f"t/{n}"))
    result = space.shatter(SpaceSettings(name, k=k))
    instances = spaces.boolean_instances(n)
    tables = {spaces.truth_table(f, kind, instances) for f in formulas(n, k)}
    positives = [frozenset(x for x, label in zip(instances, t) if label) for t in tables]
    reference = vc_dimension(positives, instances)
    assert result.dichotomies == len(tables)
    assert result.dimension == reference.dimension


def test_boolean_search_has_a_limit(tmp_path):
    text = ":- attributes(t, [a, b, c, d, e]).\n" + "".join(
        f":- domain({a}, [0, 1]).\n" for a in "abcde"
    )
    with pytest.raises(HypothesisSpaceError, match="limited to 16"):
        bound("vc-dimension", declared(tmp_path, text), hypothesis_class="k-cnf", k=2)
