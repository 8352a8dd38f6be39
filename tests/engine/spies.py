"""A fast path's writer, watched: whether it was taken (for tests that check it is)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def watch(patch: pytest.MonkeyPatch, owner: object, name: str) -> list[Any]:
    """Replace ``owner.name`` by itself recording each result; the list of results."""
    results: list[Any] = []
    original: Callable[..., Any] = getattr(owner, name)

    def recorded(*args: Any) -> Any:
        result = original(*args)
        results.append(result)
        return result

    patch.setattr(owner, name, recorded)
    return results
