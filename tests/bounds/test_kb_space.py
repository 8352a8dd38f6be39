"""hypothesis-space-size and vc-dimension of the space a knowledge base declares."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from symlearn.bounds.kb_space import attribute_space
from symlearn.bounds.vc import is_shattered
from symlearn.errors import InvalidParameterError

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
