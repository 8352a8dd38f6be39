"""The exceptions symlearn raises.

Every error a user can cause derives from :class:`SymlearnError`; the command
line turns those into a message and exit status 2, and lets nothing else
through as a traceback.  Each class also derives from the builtin exception
that matches it, so ``except ValueError`` keeps working for library users.

Errors that come from a file carry its path, line and column and print the way
compilers do::

    kb/family.pl:12:5: error: expected ')'
        parent(ann, bob.
                    ^
"""

from __future__ import annotations

__all__ = [
    "BackendError",
    "EngineLimitError",
    "HypothesisSpaceError",
    "InvalidParameterError",
    "KBError",
    "KBSyntaxError",
    "NotFittedError",
    "OutputError",
    "PrologError",
    "PrologHalt",
    "ResourceLimitError",
    "SymlearnError",
    "UnknownPredicateError",
    "VersionSpaceCollapsedError",
    "require",
    "shown_value",
]


class SymlearnError(Exception):
    """Root of every error a user of symlearn can cause."""

    #: Short machine-readable name used in ``--json`` error objects.
    kind = "error"

    def to_dict(self) -> dict[str, object]:
        """Return the error as the JSON object the command line prints."""
        return {"type": type(self).__name__, "message": str(self)}


class KBError(SymlearnError):
    """A problem with a knowledge base: its text, a directive or a clause.

    Parameters
    ----------
    message
        What is wrong, in one sentence.
    path, line, column
        Where it is wrong (1-based line and column), when known.
    source_line
        The text of that line, shown under the message with a caret.
    """

    def __init__(
        self,
        message: str,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        source_line: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.source_line = source_line

    def __str__(self) -> str:
        if self.line is None:
            where = f"{self.path}: " if self.path else ""
            return f"{where}error: {self.message}"
        where = f"{self.path or '<string>'}:{self.line}:{self.column or 1}"
        text = f"{where}: error: {self.message}"
        if self.source_line is not None:
            shown, caret_at = _excerpt(self.source_line.rstrip("\n").expandtabs(1), self.column)
            text += f"\n    {shown}\n    {' ' * caret_at}^"
        return text

    def to_dict(self) -> dict[str, object]:
        """Return the error as the JSON object the command line prints."""
        return {
            "type": type(self).__name__,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
        }


#: The most characters of a source line an error message shows.
_EXCERPT = 160


def _excerpt(line: str, column: int | None) -> tuple[str, int]:
    """At most :data:`_EXCERPT` characters of ``line`` around ``column``; the caret's offset."""
    at = max((column or 1) - 1, 0)
    if len(line) <= _EXCERPT:
        return line, at
    start = max(0, min(at - _EXCERPT // 2, len(line) - _EXCERPT))
    shown = line[start : start + _EXCERPT]
    prefix = "..." if start else ""
    suffix = "..." if start + _EXCERPT < len(line) else ""
    return prefix + shown + suffix, at - start + len(prefix)


class KBSyntaxError(KBError, SyntaxError):
    """The text of a knowledge base does not parse."""

    def __init__(
        self,
        message: str,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        source_line: str | None = None,
    ) -> None:
        KBError.__init__(self, message, path, line, column, source_line)
        # SyntaxError's own attributes, so tools that know SyntaxError work.
        self.msg = message
        self.filename = path
        self.lineno = line
        self.offset = column
        self.text = source_line

    def __str__(self) -> str:
        return KBError.__str__(self)


class UnknownPredicateError(KBError, LookupError):
    """A goal calls a predicate that has no clauses (SWI's existence error).

    Parameters
    ----------
    indicator
        The predicate indicator, such as ``"foo/2"``.
    """

    def __init__(self, indicator: str, path: str | None = None) -> None:
        super().__init__(f"unknown procedure {indicator}", path)
        self.indicator = indicator


class PrologError(SymlearnError, RuntimeError):
    """A run-time error inside a goal: a type error, an instantiation error.

    ``term`` is the Prolog error term text, e.g.
    ``"instantiation_error"`` or ``"type_error(evaluable, foo/0)"``.
    """

    def __init__(self, term: str, context: str | None = None) -> None:
        message = term if context is None else f"{term} in {context}"
        super().__init__(message)
        self.term = term
        self.context = context


class EngineLimitError(SymlearnError, RuntimeError):
    """A proof went deeper or took more steps than the configured limit."""


class ResourceLimitError(SymlearnError, MemoryError):
    """A computation would need more memory than symlearn allows itself.

    Raised before the allocation (a probability table, a lattice, a number),
    as SWI-Prolog raises ``resource_error`` rather than running out of memory.
    """


class HypothesisSpaceError(SymlearnError, ValueError):
    """A hypothesis space is ill-defined or too large for the operation asked."""


class VersionSpaceCollapsedError(SymlearnError):
    """No hypothesis in H is consistent with the examples.

    Parameters
    ----------
    message
        Which boundary emptied and why.
    example
        The example (as text) whose processing emptied S or G.
    index
        Its 0-based position in the example sequence.
    """

    def __init__(self, message: str, example: str | None = None, index: int | None = None):
        super().__init__(message)
        self.example = example
        self.index = index


class NotFittedError(SymlearnError, ValueError):
    """A model was used before it was fitted."""


class OutputError(SymlearnError, OSError):
    """An output file cannot be written, or writing it would replace an input."""


class InvalidParameterError(SymlearnError, ValueError):
    """A parameter is missing or outside its range (for example epsilon not in (0, 1))."""


class BackendError(SymlearnError, OSError):
    """A storage backend (DuckDB, Spark) cannot be reached, or ran out of memory or disk."""


def require(value: object, kind: type | tuple[type, ...], argument: str, made: str) -> None:
    """Refuse an argument of the Python API that is not a ``kind``, naming it.

    ``made`` says what is expected and how one is made, for the message.

    Examples
    --------
    >>> require(None, int, "n", "an integer")
    Traceback (most recent call last):
    ...
    symlearn.errors.InvalidParameterError: n must be an integer, not None
    """
    if not isinstance(value, kind):
        raise InvalidParameterError(f"{argument} must be {made}, not {shown_value(value)}")


def shown_value(value: object) -> str:
    """``repr(value)`` cut to 60 characters, for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class PrologHalt(Exception):
    """A program called ``halt/0`` or ``halt/1``: the process is asked to end with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(f"halt({status})")
        self.status = status
        #: What a query had answered and printed before the halt (set by ``run_query``).
        self.answers: object = None
