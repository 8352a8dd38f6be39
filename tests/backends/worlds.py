"""Random small knowledge bases with some relations in Parquet files (for the backend tests)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from symlearn.logic.clauses import Clause
from symlearn.logic.terms import Struct, Term, Var

ATOMS = ["a", "b", "c", "d"]
NUMBERS = [1, 2, 3]
#: The fact predicates and their column types.
COLUMNS = {"p": ("atom", "atom"), "q": ("atom", "integer"), "r": ("atom",), "w": ("float",)}
RULES = """\
s(X, Y) :- p(X, Z), q(Z, _), p(Z, Y).
u(X) :- r(X), \\+ p(X, X).
heavy(X) :- q(X, N), N > 1.
:- table anc/2.
anc(X, Y) :- p(X, Y).
anc(X, Y) :- p(X, Z), anc(Z, Y).
:- table link/2.
link(X, Y) :- p(X, Y).
link(X, Y) :- link(X, Z), link(Z, Y).
"""
#: Goals whose answers every backend must agree on (all of them compile to SQL).
GOALS = [
    "p(X, Y)",
    "s(X, Y)",
    "u(X)",
    "heavy(X)",
    "anc(X, Y)",
    "anc(a, Y)",
    "link(X, Y)",
    "p(X, Y), \\+ q(Y, _)",
    "q(X, N), N >= 2",
    "p(X, X)",
    "w(F)",
    "aggregate_all(count, anc(X, Y), N)",
    "aggregate_all(count, s(_, _), N)",
    "p(X, Y), X \\== Y, r(Y)",
]


@dataclass(frozen=True)
class World:
    """Facts of p/2, q/2, r/1, w/1 (some of them in Parquet files) and examples of t/2."""

    facts: dict[str, tuple[tuple[object, ...], ...]]
    external: frozenset[str]
    positives: tuple[tuple[str, str], ...]
    negatives: tuple[tuple[str, str], ...]

    def write(self, directory: Path) -> Path:
        """The knowledge base in ``directory`` (``kb.pl`` and a Parquet file per external one)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        types = {"atom": pa.string(), "integer": pa.int64(), "float": pa.float64()}
        lines = []
        for name, kinds in COLUMNS.items():
            rows = self.facts[name]
            if name in self.external:
                columns = {
                    f"col{i}": pa.array([row[i] for row in rows], type=types[kind])
                    for i, kind in enumerate(kinds)
                }
                pq.write_table(pa.table(columns), directory / f"{name}.parquet")
                lines.append(f":- external({name}/{len(kinds)}, parquet('{name}.parquet')).")
            else:
                lines.append(f":- dynamic {name}/{len(kinds)}.")
                lines += [f"{name}({', '.join(map(str, row))})." for row in rows]
        lines += [f"pos(t({a}, {b}))." for a, b in self.positives]
        lines += [f"neg(t({a}, {b}))." for a, b in self.negatives]
        path = directory / "kb.pl"
        path.write_text("\n".join(lines) + "\n" + RULES)
        return path

    def examples(self) -> list[Term]:
        return [Struct("t", e) for e in self.positives + self.negatives]


def _values(kind: str) -> st.SearchStrategy[object]:
    if kind == "atom":
        return st.sampled_from(ATOMS)
    if kind == "integer":
        return st.sampled_from(NUMBERS)
    return st.sampled_from([0.5, 1.0, 2.5])


@st.composite
def worlds(draw: st.DrawFn) -> World:
    facts = {}
    for name, kinds in COLUMNS.items():
        row = st.tuples(*[_values(kind) for kind in kinds])
        facts[name] = tuple(draw(st.lists(row, max_size=8)))
    external = frozenset(draw(st.sets(st.sampled_from(sorted(COLUMNS)))))
    pairs = st.tuples(st.sampled_from(ATOMS), st.sampled_from(ATOMS))
    positives = tuple(draw(st.lists(pairs, min_size=1, max_size=4)))
    negatives = tuple(draw(st.lists(pairs, max_size=4)))
    return World(facts, external, positives, negatives)


VARIABLES = [Var(n) for n in "XYZWV"]
HEAD = Struct("t", (VARIABLES[0], VARIABLES[1]))
_ARITY = {"p": 2, "q": 2, "r": 1, "w": 1, "s": 2, "u": 1, "anc": 2}


@st.composite
def literals(draw: st.DrawFn) -> Term:
    name = draw(st.sampled_from([*_ARITY, "=", "\\==", "\\="]))
    arity = _ARITY.get(name, 2)
    constants = st.sampled_from(["a", "b", 2, 1.0])
    args = tuple(draw(st.sampled_from(VARIABLES) | constants) for _ in range(arity))
    literal: Term = Struct(name, args)
    if name in COLUMNS and draw(st.integers(0, 3)) == 0:
        literal = Struct("\\+", (literal,))
    return literal


@st.composite
def clauses(draw: st.DrawFn) -> Clause:
    return Clause(HEAD, draw(st.lists(literals(), max_size=3)))
