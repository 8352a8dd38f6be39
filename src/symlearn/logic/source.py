"""Where something was written: a file, a 1-based line and column.

Examples
--------
>>> where = SourcePosition("kb/family.pl", 12, 5)
>>> str(where)
'kb/family.pl:12:5'
"""

from __future__ import annotations

__all__ = ["SourcePosition"]


class SourcePosition:
    """Where something was written: file, 1-based line and column (immutable).

    A plain slotted class rather than a frozen dataclass: a large knowledge
    base makes one per clause, and this is several times cheaper to build.
    """

    __slots__ = ("column", "line", "path")

    def __init__(self, path: str, line: int, column: int) -> None:
        self.path = path
        self.line = line
        self.column = column

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, SourcePosition)
            and self.path == other.path
            and self.line == other.line
            and self.column == other.column
        )

    def __hash__(self) -> int:
        return hash((self.path, self.line, self.column))

    def __repr__(self) -> str:
        return f"SourcePosition({self.path!r}, {self.line}, {self.column})"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"
