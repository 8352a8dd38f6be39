"""The loader's lean path for runs of ground facts: positions and shared constants."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from symlearn.kb import load
from symlearn.logic.source import SourcePosition


def test_positions_of_fast_path_facts_in_two_files(tmp_path: Path) -> None:
    first = tmp_path / "a.pl"
    second = tmp_path / "b.pl"
    first.write_text(":- multifile p/2.\np(a, b).\np(b, c).\n  p(c, d).\n")  # else b.pl redefines
    second.write_text("% comment\np(d, e).\np(e, f).\n")
    kb = load([first, second])
    positions = list(kb.predicates[("p", 2)].positions)
    assert positions == [
        SourcePosition(str(first), 2, 1),
        SourcePosition(str(first), 3, 1),
        SourcePosition(str(first), 4, 3),
        SourcePosition(str(second), 2, 1),
        SourcePosition(str(second), 3, 1),
    ]
    predicate = kb.predicates[("p", 2)]
    assert [predicate.positions[i] for i in range(5)] == positions


def test_equal_constants_are_one_object(tmp_path: Path) -> None:
    path = tmp_path / "f.pl"
    path.write_text("q(ann, bob).\nq(bob, 12).\nq(ann, 12).\n")
    kb = load(path)
    heads = [c.head for c in kb.predicates[("q", 2)].clauses]
    assert [h.args for h in heads] == [("ann", "bob"), ("bob", 12), ("ann", 12)]  # type: ignore[union-attr]
    assert heads[0].args[0] is heads[2].args[0]  # type: ignore[union-attr]
    assert heads[0].args[1] is heads[1].args[0]  # type: ignore[union-attr]
    assert heads[0].name is heads[1].name  # type: ignore[union-attr]


@given(st.text(alphabet="ab\n ", max_size=40), st.lists(st.integers(0, 40), max_size=8))
def test_line_cursor_agrees_with_the_line_index(text: str, offsets: list[int]) -> None:
    from symlearn.kb.loader import _LineCursor
    from symlearn.kb.parser import SourceText

    cursor = _LineCursor(text)
    index = SourceText("t", text)
    for offset in offsets:  # increasing mostly, but any order must be right
        offset = min(offset, len(text))
        assert cursor.line_column(offset) == index.line_column(offset)


def test_position_list_behaves_as_a_list() -> None:
    from symlearn.kb.knowledge_base import PositionList
    from symlearn.kb.parser import SourceText

    one = SourceText("one.pl", "a.\nb.\nc.\n")
    two = SourceText("two.pl", "x.\ny.\n")
    made = SourcePosition("given.pl", 9, 9)

    def at(source: SourceText, offset: int) -> SourcePosition:
        return SourcePosition(source.path, *source.line_column(offset))

    positions = PositionList()
    expected: list[SourcePosition | None] = []
    add = positions.offset_appender(one)
    add(0)
    add(3)
    expected += [at(one, 0), at(one, 3)]
    positions.append(made)  # after the offsets: they move to the list
    expected.append(made)
    add(6)
    positions.append_offset(two, 3)
    expected += [at(one, 6), at(two, 3)]
    positions.insert(0, None)
    expected.insert(0, None)
    assert list(positions) == expected
    assert [positions[i] for i in range(-len(expected), len(expected))] == expected * 2
    del positions[2]
    del expected[2]
    other = PositionList()
    other.append_offset(two, 0)
    other.append_offset(two, 3)
    positions.extend(other)
    expected += [at(two, 0), at(two, 3)]
    assert list(positions) == expected
    assert len(positions) == len(expected)
