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
