"""Prolog flags (``current_prolog_flag/2``, ``set_prolog_flag/2``) with SWI-Prolog's values.

symlearn reads and runs SWI-Prolog's language, so it answers the flags as
SWI-Prolog 9 does: ``dialect`` is ``swi`` (a file's ``:- if(current_prolog_flag(
dialect, swi))`` branch is the one taken), integers are unbounded
(``bounded`` is ``false``, ``max_integer`` does not exist), ``max_arity`` is
``unbounded``, ``double_quotes`` is ``string`` ...

:data:`FLAGS` holds each flag's default value and the values it may be set
to (None: read only; a tuple: one of these atoms; ``"atom"``/``"term"``:
any atom or any term).  :func:`check_flag_setting` gives the ISO error for a
``set_prolog_flag/2`` call, as a tuple for the caller to raise.

Functions
---------
check_flag_setting, default_flags, flag_value
"""

from __future__ import annotations

from symlearn.logic.terms import Struct, Term, make_list

__all__ = ["FLAGS", "check_flag_setting", "default_flags", "flag_value"]

_BOOLEAN = ("true", "false")

#: flag -> (default value, the values it may be set to; None when read only).
FLAGS: dict[str, tuple[Term, tuple[str, ...] | str | None]] = {
    "bounded": ("false", None),
    "max_arity": ("unbounded", None),
    "integer_rounding_function": ("toward_zero", None),
    "max_tagged_integer": ((1 << 56) - 1, None),
    "min_tagged_integer": (-(1 << 56), None),
    "max_char_code": (0x10FFFF, None),
    "float_max": (1.7976931348623157e308, None),
    "float_min": (2.2250738585072014e-308, None),
    "float_max_integer": (9007199254740992.0, None),
    "char_conversion": ("false", _BOOLEAN),
    "debug": ("false", _BOOLEAN),
    "unknown": ("error", ("error", "fail", "warning")),
    "double_quotes": ("string", ("codes", "chars", "atom", "string")),
    "back_quotes": ("codes", ("codes", "chars", "string", "symbol_char")),
    "occurs_check": ("false", ("true", "false", "error")),
    "last_call_optimisation": ("true", _BOOLEAN),
    "prefer_rationals": ("false", _BOOLEAN),
    "iso": ("false", _BOOLEAN),
    "character_escapes": ("true", _BOOLEAN),
    "gc": ("true", _BOOLEAN),
    "optimise": ("false", _BOOLEAN),
    "autoload": ("true", _BOOLEAN),
    "traditional": ("false", None),
    "float_overflow": ("error", ("error", "infinity")),
    "float_zero_div": ("error", ("error", "infinity")),
    "float_undefined": ("error", ("error", "nan")),
    "toplevel_print_anon": ("true", _BOOLEAN),
    "verbose": ("silent", ("silent", "normal")),
    "report_error": ("true", _BOOLEAN),
    "generate_debug_info": ("true", _BOOLEAN),
    "encoding": ("utf8", "atom"),
    "dialect": ("swi", None),
    "emulated_dialect": ("swi", "atom"),
    "version": (90004, None),
    "version_data": (Struct("swi", (9, 0, 4, "[]")), None),
    "arch": ("x86_64-linux", None),
    "unix": ("true", None),
    "argv": (make_list([]), "term"),
    "answer_write_options": (
        make_list(
            [
                Struct("quoted", ("true",)),
                Struct("portray", ("true",)),
                Struct("max_depth", (10,)),
                Struct("spacing", ("next_argument",)),
            ]
        ),
        "term",
    ),
}


def default_flags() -> dict[str, Term]:
    """Every flag with its default value (a fresh dictionary)."""
    return {name: value for name, (value, _) in FLAGS.items()}


def check_flag_setting(flag: Term | None, value: Term | None) -> tuple[Term, ...] | None:
    """The ISO error of ``set_prolog_flag(flag, value)`` as a tuple, or None when allowed.

    ``("instantiation_error",)``, ``("type_error", "atom", flag)``,
    ``("domain_error", "prolog_flag", flag)``, ``("permission_error",
    "modify", "flag", flag)`` or ``("domain_error", "flag_value", flag+value)``;
    variables are passed as None.  A flag symlearn does not know is created,
    as SWI-Prolog creates it (``set_prolog_flag/2`` of a new flag with an atom
    value), unless its name is not an atom.

    Examples
    --------
    >>> check_flag_setting("unknown", "fail") is None
    True
    >>> check_flag_setting("bounded", "true")
    ('permission_error', 'modify', 'flag', 'bounded')
    """
    if flag is None or value is None:
        return ("instantiation_error",)
    if type(flag) is not str:
        return ("type_error", "atom", flag)
    known = FLAGS.get(flag)
    if known is None:
        return ("domain_error", "prolog_flag", flag)
    _, allowed = known
    if allowed is None:
        return ("permission_error", "modify", "flag", flag)
    if allowed == "term":
        return None
    if allowed == "atom":
        return None if type(value) is str else ("type_error", "atom", value)
    if type(value) is str and value in allowed:
        return None
    if allowed == _BOOLEAN and value in ("on", "off"):
        return None  # ISO's on/off, as SWI-Prolog also takes them
    return ("domain_error", "flag_value", Struct("+", (flag, value)))


def flag_value(flag: str, value: Term) -> Term:
    """The value stored for a setting (ISO's ``on``/``off`` of a boolean flag as true/false)."""
    allowed = FLAGS.get(flag, (None, None))[1]
    if allowed == _BOOLEAN and value in ("on", "off"):
        return "true" if value == "on" else "false"
    return value
