"""Running a deeply recursive computation on a thread with a large stack.

Grounding and compiling follow the program's recursion: a path of 3,000
steps nests 3,000 tabled calls, each a few Python frames (generators among
them, which also use the C stack).  :func:`run_deep` runs such a
computation on a thread whose stack is large enough, with Python's recursion
limit raised to match, and returns its result (or raises its exception) in
the calling thread.  A computation already on such a thread runs directly.

Functions
---------
run_deep
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["run_deep"]

#: The stack of the thread (virtual memory: only the pages used are allocated).
STACK_BYTES = 1024 * 1024 * 1024
#: The recursion limit while it runs (a frame takes well under STACK_BYTES / this).
RECURSION_LIMIT = 1_000_000

_Result = TypeVar("_Result")
_deep = threading.local()


def run_deep(function: Callable[..., _Result], *args: Any) -> _Result:
    """``function(*args)``, run on a thread with a large stack (see the module docstring)."""
    if getattr(_deep, "active", False):
        return function(*args)
    outcome: dict[str, Any] = {}

    def target() -> None:
        _deep.active = True
        try:
            outcome["value"] = function(*args)
        except BaseException as error:
            outcome["error"] = error

    previous_stack = threading.stack_size(STACK_BYTES)
    try:
        thread = threading.Thread(target=target, name="symlearn-deep", daemon=True)
    finally:
        threading.stack_size(previous_stack)
    previous_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous_limit, RECURSION_LIMIT))
    try:
        thread.start()
        while thread.is_alive():
            thread.join(0.05)  # a short wait at a time: Ctrl-C reaches the calling thread
    finally:
        sys.setrecursionlimit(previous_limit)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
