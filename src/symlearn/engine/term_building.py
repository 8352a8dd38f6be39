"""Generated code that makes fresh run-time variables and compound terms with fewer Python frames.

:class:`~symlearn.engine.runtime.Ref` has no ``__init__``: generated clause
code calls the class (Python's quick allocation) and sets its slots in place,
exactly as :func:`~symlearn.engine.runtime.fresh_ref` does, drawing serial
numbers from the same counter.  A tuple of fresh variables (``functor/3``
making a new term) is made by a function written out for its length (up
to 8), or by one loop in one frame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from symlearn.engine.runtime import Ref, fresh_ref, ref_serials


def new_ref(name: str) -> str:
    """A line that makes ``name`` a fresh unbound run-time variable (as ``fresh_ref()``)."""
    return f"{name} = Ref(); {name}.value = None; {name}.serial = next(serials)"


def new_struct(name: str, functor: str, items: str) -> str:
    """A line making ``name`` the compound ``functor`` of the tuple ``items`` (as ``Struct``)."""
    return (
        f"{name} = new_struct(Struct); {name}.name = {functor}; "
        f"{name}.args = {items}; {name}._hash = None"
    )


def arguments(items: list[str]) -> str:
    """The tuple expression of ``items``."""
    return f"({', '.join(items)}{',' if len(items) == 1 else ''})"


def fresh_arguments(arity: str) -> str:
    """An expression for a tuple of ``arity`` fresh variables (``arity`` a name or a number)."""
    return f"(FRESH_REFS[{arity}]() if {arity} < {len(FRESH_REFS)} else fresh_refs({arity}))"


def fresh_refs(count: int, _serials: Iterator[int] = ref_serials) -> tuple[Ref, ...]:
    """``count`` fresh unbound variables, oldest first."""
    made = []
    for _ in range(count):
        ref = Ref()
        ref.value = None
        ref.serial = next(_serials)
        made.append(ref)
    return tuple(made)


def _fresh_refs_of(count: int) -> Callable[[], tuple[Ref, ...]]:
    """A function making ``count`` fresh variables as :func:`fresh_refs` does, written out."""
    names = [f"r{i}" for i in range(count)]
    lines = [new_ref(name).replace("(serials)", "(_serials)") for name in names]
    source = "def fresh(_serials=serials):\n    " + "\n    ".join(
        [*lines, f"return {arguments(names)}"]
    )
    namespace: dict[str, object] = {"Ref": Ref, "serials": ref_serials}
    exec(source, namespace)
    return namespace["fresh"]  # type: ignore[return-value]


#: ``FRESH_REFS[n]()`` is ``fresh_refs(n)`` without its loop (``functor/3``'s usual arities).
FRESH_REFS = tuple(_fresh_refs_of(count) for count in range(9))


#: The names the lines above use, for the generated code's namespace.
BUILDING_NAMES = {
    "fresh_refs": fresh_refs,
    "FRESH_REFS": FRESH_REFS,
    "fresh_ref": fresh_ref,
    "new_struct": object.__new__,
    "serials": ref_serials,  # next(serials): a builtin's call, cheaper than serial()
}
