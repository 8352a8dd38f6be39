"""The loader's list of built-ins (kb.system) and the engine's agree."""

from __future__ import annotations

from symlearn.engine.builtins import DETERMINISTIC, NONDETERMINISTIC
from symlearn.engine.control import CONTROL
from symlearn.kb.system import CONTROL as SYSTEM_CONTROL
from symlearn.kb.system import ISO_BUILTINS, PROTECTED, SYSTEM_PREDICATES


def test_every_engine_builtin_is_a_system_predicate_and_back() -> None:
    engine = set(DETERMINISTIC) | set(NONDETERMINISTIC) | set(CONTROL)
    internal = {key for key in engine if key[0].startswith("$") and key[0] != "$"}
    assert engine - internal == SYSTEM_PREDICATES


def test_the_control_constructs_are_the_engines() -> None:
    assert set(CONTROL) == SYSTEM_CONTROL


def test_iso_builtins_and_control_constructs_are_the_ones_a_file_may_not_redefine() -> None:
    assert ISO_BUILTINS <= SYSTEM_PREDICATES
    assert PROTECTED == SYSTEM_CONTROL | ISO_BUILTINS
    for key in [("atom", 1), ("var", 1), ("length", 2), ("write", 1), ("nl", 0), ("functor", 3)]:
        assert key in PROTECTED
    assert ("succ", 2) not in PROTECTED and ("between", 3) not in PROTECTED
