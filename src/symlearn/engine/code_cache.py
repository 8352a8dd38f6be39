"""Generated Python compiled once per source text, run with names of its own.

The engine writes Python for clauses, switches and Datalog plans.  An engine
made anew over the same clauses (each timed run of a benchmark, the learners'
repeated engines), or a plan made again after every change of the program,
writes the same text: its ``compile()`` is kept by the text, and each use
runs the code object in a namespace of its own names (the text refers to its
constants and procedures by name, bound when the code runs).  The function
gets a copy of the code object, which CPython then specialises for its own
globals (:mod:`symlearn.engine.procedure_code`).

Classes
-------
CodeCache
"""

from __future__ import annotations

from collections.abc import Callable
from types import CodeType
from typing import Any

__all__ = ["CodeCache"]


class CodeCache:
    """Code objects by source text, at most ``limit`` (emptied when full)."""

    __slots__ = ("filename", "limit", "texts")

    def __init__(self, limit: int, filename: str) -> None:
        self.limit = limit
        self.filename = filename
        self.texts: dict[str, CodeType] = {}

    def define(self, source: str, names: dict[str, Any], entry: str) -> Callable[..., Any]:
        """The function ``entry`` that ``source`` defines, its other names from ``names``."""
        kept = self.texts.get(source)
        if kept is None:
            if len(self.texts) >= self.limit:
                self.texts.clear()
            code = self.texts[source] = compile(source, self.filename, "exec")
        else:
            code = kept
        namespace = dict(names)
        exec(code, namespace)
        function: Callable[..., Any] = namespace[entry]
        if kept is not None:  # its own code object (procedure_code)
            function.__code__ = function.__code__.replace()
        return function

    def clear(self) -> None:
        """Forget every text (the next use of each compiles it again)."""
        self.texts.clear()

    def __len__(self) -> int:
        return len(self.texts)
