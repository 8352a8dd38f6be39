"""The public API re-exported from ``symlearn`` resolves to real objects."""

from __future__ import annotations

import pytest

import symlearn


@pytest.mark.parametrize("name", sorted(symlearn._EXPORTS))
def test_every_export_resolves(name: str) -> None:
    assert getattr(symlearn, name) is not None


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        symlearn.no_such_name  # noqa: B018


def test_all_is_explicit_and_matches_the_exports() -> None:
    assert sorted(symlearn.__all__) == sorted(symlearn._EXPORTS)
    assert "SymlearnError" in symlearn.__all__ and "learn" in symlearn.__all__


def test_dir_shows_only_the_public_api() -> None:
    assert set(dir(symlearn)) == {*symlearn.__all__, "__version__"}


def test_learn_then_query_from_python() -> None:
    result = symlearn.learn("foil", "kb/family.pl", target="grandparent/2")
    assert result.clauses() and result.clauses() != ["false"]
    answers = {str(s["X"]) for s in result.query("grandparent(X, lisa)")}
    assert answers and answers <= {"abe", "mona", "jackie", "clancy"}
