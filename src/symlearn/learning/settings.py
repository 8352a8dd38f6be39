"""Learner settings: one dataclass per learner, read once from ``:- set(Name, Value).``.

Every learner declares what it can be told as a frozen dataclass deriving
from :class:`Settings`, one field per setting, each made with :func:`option`::

    @dataclass(frozen=True)
    class FoilSettings(Settings):
        clause_length: int = option(6, key="clauselength", minimum=1,
                                    help="Most literals in a clause, head included.")

The field's metadata says everything the rest of symlearn needs:

* ``key``: the name under which a knowledge-base file sets it
  (``:- set(clauselength, 4).``, Aleph's and Progol's convention); None for
  settings that only make sense per run (which instance to classify);
* ``help``, ``choices``, ``minimum``/``maximum``, ``flag``, ``multiple``,
  ``cli``: how the command line offers it (``symlearn.cli`` turns every field
  into a click option, so a learner's options are declared once, here).

:meth:`Settings.from_task` merges, in this order of precedence, the values
given by the caller (the command line or Python keywords; ``None`` means
"not given"), the file's ``set/2`` directives, and the field's default.  The
file's values are converted to the field's type (``true``/``false`` for a
bool, a number for an int or float, an atom for a str); a value of the wrong
type is a :class:`~symlearn.errors.KBError` naming the directive.

Functions and classes
---------------------
option, Option, Settings

Examples
--------
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Settings):
...     depth: int = option(3, key="depth", minimum=0, help="How deep.")
...     greedy: bool = option(False, help="Be greedy.")
>>> Demo.from_values({"depth": 5}).depth
5
>>> Demo.from_values({"depth": 5}, depth=7, greedy=None)
Demo(depth=7, greedy=False)
>>> Demo.from_values({"depth": "deep"})
Traceback (most recent call last):
...
symlearn.errors.KBError: error: set(depth, deep): expected an integer
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from symlearn.errors import InvalidParameterError, KBError, shown_value
from symlearn.logic.printer import format_term
from symlearn.logic.source import SourcePosition
from symlearn.logic.terms import Struct, Term, list_items

__all__ = ["Option", "Settings", "option"]

S = TypeVar("S", bound="Settings")


@dataclass(frozen=True, slots=True)
class Option:
    """How a setting is read from files and offered on the command line.

    Attributes
    ----------
    key
        Name in ``:- set(key, Value).``; None when files cannot set it.
    help
        One line for ``--help``.
    cli
        The command-line option name without the dashes (default: the field
        name with ``-`` for ``_``); None hides it from the command line.  A
        bool's ``"on/off"`` names both spellings (``--ordered/--unordered``).
    choices
        The allowed values of a str setting.
    minimum, maximum
        Bounds of a number (inclusive unless ``open_bounds``).
    open_bounds
        True when the bounds themselves are excluded.
    flag
        A bool offered as a lone ``--name`` (else ``--name/--no-name``).
    multiple
        A tuple setting whose option may be repeated.
    metavar
        The placeholder shown in ``--help``.
    aliases
        More command-line spellings (``-k``).
    hidden_aliases
        Command-line spellings accepted but not shown in ``--help`` (Aleph's
        ``--minpos`` for Progol's ``--min-positives``).
    refused_aliases
        Spellings a user may bring from another system whose concept has a
        name of its own here (Aleph's ``--evalfn`` for ``--measure``): refused,
        naming the option to use.
    """

    key: str | None = None
    help: str = ""
    cli: str | None = ""
    choices: tuple[str, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    open_bounds: bool = False
    flag: bool = False
    multiple: bool = False
    metavar: str | None = None
    aliases: tuple[str, ...] = ()
    hidden_aliases: tuple[str, ...] = ()
    refused_aliases: tuple[str, ...] = ()


def option(
    default: Any,
    *,
    key: str | None = None,
    help: str = "",
    cli: str | None = "",
    choices: tuple[str, ...] | list[str] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    open_bounds: bool = False,
    flag: bool = False,
    multiple: bool = False,
    metavar: str | None = None,
    aliases: tuple[str, ...] = (),
    hidden_aliases: tuple[str, ...] = (),
    refused_aliases: tuple[str, ...] = (),
) -> Any:
    """A settings field: ``default`` plus the :class:`Option` that describes it."""
    meta = Option(
        key=key,
        help=help,
        cli=cli,
        choices=tuple(choices) if choices is not None else None,
        minimum=minimum,
        maximum=maximum,
        open_bounds=open_bounds,
        flag=flag,
        multiple=multiple,
        metavar=metavar,
        aliases=aliases,
        hidden_aliases=hidden_aliases,
        refused_aliases=refused_aliases,
    )
    if isinstance(default, (list, dict, set)):
        raise TypeError("settings are immutable: use a tuple or a frozenset as the default")
    return field(default=default, metadata={"option": meta})


@dataclass(frozen=True)
class Settings:
    """Base class of every learner's settings (see the module docstring).

    Subclasses are frozen dataclasses whose fields are made with
    :func:`option`; they may override :meth:`validate` to check values that
    depend on each other.  ``ALGORITHM`` names the learner in messages.
    """

    ALGORITHM: ClassVar[str] = ""

    def __post_init__(self) -> None:
        hints = _type_hints(type(self))
        for item, meta in self.fields():
            value = getattr(self, item.name)
            if value is not None:  # the type first: FoilSettings(clause_length="abc")
                checked = _from_python(item.name, value, hints[item.name])
                if checked is not value:
                    object.__setattr__(self, item.name, checked)
                value = checked
            self._check_range(item.name, value, meta)
        self.validate()

    def validate(self) -> None:
        """Raise :class:`~symlearn.errors.InvalidParameterError` for inconsistent values."""

    # -- building
    @classmethod
    def from_values(
        cls: type[S],
        file_settings: Mapping[str, Term] | None = None,
        positions: Mapping[str, SourcePosition] | None = None,
        **given: Any,
    ) -> S:
        """Settings from the file's ``set/2`` values, overridden by ``given``.

        Parameters
        ----------
        file_settings
            ``{key: value}`` of the knowledge base's ``:- set(key, value).``
        positions
            Where each of those was set, for error messages.
        **given
            Field values from the caller; None (or ``()`` for a repeatable
            option) means "not given".

        Raises
        ------
        InvalidParameterError
            For a keyword that is not a setting, or a value out of range.
        KBError
            For a file value of the wrong type.
        """
        given = cls._by_field_name(given)
        known = {item.name for item, _ in cls.fields()}
        unknown = sorted(set(given) - known)
        if unknown:
            names = ", ".join(sorted(known))
            raise InvalidParameterError(
                f"{cls.ALGORITHM or cls.__name__} has no setting {', '.join(unknown)} "
                f"(settings: {names})"
            )
        hints = _type_hints(cls)
        values: dict[str, Any] = {}
        for item, meta in cls.fields():
            if meta.key is not None and file_settings and meta.key in file_settings:
                where = (positions or {}).get(meta.key)
                values[item.name] = _from_term(
                    meta.key, file_settings[meta.key], hints[item.name], meta, where
                )
            value = given.get(item.name)
            if value is not None and not (meta.multiple and value == ()):  # () from the CLI
                values[item.name] = _from_python(item.name, value, hints[item.name])
        return cls(**values)

    @classmethod
    def _by_field_name(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        """``given`` with a setting named as files name it (``clauselength``) by its field."""
        fields = {item.name for item, _ in cls.fields()}
        keys = {meta.key: item.name for item, meta in cls.fields() if meta.key not in fields}
        return {keys.get(name, name): value for name, value in given.items()}

    @classmethod
    def from_terms(cls: type[S], values: Mapping[str, Term]) -> S:
        """Settings from ``{name: term}``, each name a field's or its file key.

        The terms are converted as a file's ``set/2`` values are (a setting
        named ``KEY=VALUE`` on a command line, e.g. a base learner's).

        Raises
        ------
        InvalidParameterError
            For a name that is no setting, or a value of the wrong type or out of range.

        Examples
        --------
        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Demo(Settings):
        ...     max_depth: int | None = option(None, key="depth")
        >>> Demo.from_terms({"depth": 2}), Demo.from_terms({"max-depth": 3}).max_depth
        (Demo(max_depth=2), 3)
        """
        hints = _type_hints(cls)
        names: dict[str, tuple[str, Option]] = {}
        for item, meta in cls.fields():
            names[item.name] = (item.name, meta)
            if meta.key is not None:
                names.setdefault(meta.key, (item.name, meta))
        converted: dict[str, Any] = {}
        for given, term in values.items():
            found = names.get(given.replace("-", "_"))
            if found is None:
                raise InvalidParameterError(
                    f"{cls.ALGORITHM or cls.__name__} has no setting {given} "
                    f"(settings: {', '.join(sorted(item.name for item, _ in cls.fields()))})"
                )
            name, meta = found
            try:
                converted[name] = _from_term(given, term, hints[name], meta, None)
            except KBError as error:
                raise InvalidParameterError(str(error).removeprefix("error: ")) from None
        return cls(**converted)

    @classmethod
    def from_task(cls: type[S], task: Any, **given: Any) -> S:
        """Settings from a :class:`~symlearn.learning.task.LearningTask`'s files and ``given``."""
        return cls.from_values(task.file_settings, task.setting_positions, **given)

    # -- reading
    @classmethod
    def fields(cls) -> list[tuple[dataclasses.Field[Any], Option]]:
        """The settings fields with their :class:`Option`, in declaration order."""
        return [
            (item, item.metadata["option"])
            for item in dataclasses.fields(cls)
            if "option" in item.metadata
        ]

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON (tuples as lists)."""
        return {item.name: _json(getattr(self, item.name)) for item, _ in self.fields()}

    def replace(self: S, **changes: Any) -> S:
        """A copy with some settings changed."""
        return dataclasses.replace(self, **changes)

    def _check_range(self, name: str, value: Any, meta: Option) -> None:
        if isinstance(value, float) and math.isnan(value):
            raise InvalidParameterError(f"{name} must be a number, not nan")
        if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
            if meta.choices is not None and value is not None and value not in meta.choices:
                raise InvalidParameterError(
                    f"{name} must be one of {', '.join(meta.choices)}, not {value!r}"
                )
            return
        low, high = meta.minimum, meta.maximum
        below = low is not None and (value <= low if meta.open_bounds else value < low)
        above = high is not None and (value >= high if meta.open_bounds else value > high)
        if below or above:
            raise InvalidParameterError(f"{name} = {value} is out of range{_range_text(meta)}")


_TYPE_HINTS: dict[type, dict[str, Any]] = {}


def _type_hints(cls: type) -> dict[str, Any]:
    """The class's field types, resolved once (``typing.get_type_hints`` compiles each)."""
    hints = _TYPE_HINTS.get(cls)
    if hints is None:
        hints = _TYPE_HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _range_text(meta: Option) -> str:
    low = "" if meta.minimum is None else f"{meta.minimum:g}"
    high = "" if meta.maximum is None else f"{meta.maximum:g}"
    if meta.open_bounds:
        return f" ({low}, {high})"
    if low and high:
        return f" [{low}, {high}]"
    return f" (at least {low})" if low else f" (at most {high})"


def _json(value: Any) -> Any:
    if isinstance(value, (tuple, frozenset)):
        return [_json(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _json(v) for k, v in value.items()}
    return value


def _base_types(annotation: Any) -> tuple[Any, ...]:
    """The non-None members of ``X | None`` (or ``(X,)``)."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return tuple(a for a in typing.get_args(annotation) if a is not type(None))
    return (annotation,)


def _from_python(name: str, value: Any, annotation: Any) -> Any:
    """A value given from Python or the command line, checked against the field's type.

    Lists become tuples, a lone path a one-element tuple for a list of files,
    ``pathlib.Path`` a str, an integral float an int (``3.0``, not ``2.5``).

    Raises
    ------
    InvalidParameterError
        Naming the setting, for a value of another type (``clause_length="abc"``).
    """
    for kind in _base_types(annotation):
        converted = _python_as(value, kind)
        if converted is not _NO:
            return converted
    expected = " or ".join(_describe(kind) for kind in _base_types(annotation))
    raise InvalidParameterError(f"{name} must be {expected}, not {shown_value(value)}")


def _python_as(value: Any, kind: Any) -> Any:
    """``value`` as a ``kind`` (None for a kind not checked here), or ``_NO``."""
    if kind is bool:
        return value if isinstance(value, bool) else _NO
    if kind is int:
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            return int(value)
        integral = isinstance(value, float) and value.is_integer()
        return int(value) if integral else _NO
    if kind is float:
        real = isinstance(value, numbers.Real) and not isinstance(value, bool)
        return float(value) if real else _NO
    if kind is str:
        if isinstance(value, os.PathLike):
            return os.fspath(value)
        return value if isinstance(value, str) else _NO
    if typing.get_origin(kind) is tuple:
        (item_kind, *_) = typing.get_args(kind)
        if isinstance(value, (str, os.PathLike)):
            value = (value,)  # one file where a list of files is taken
        if isinstance(value, Mapping) and item_kind is str:  # costs={"humidity": 1}
            value = tuple(f"{key}={number}" for key, number in value.items())
        if not isinstance(value, (list, tuple)):
            return _NO
        items = [_python_as(item, item_kind) for item in value]
        return _NO if any(item is _NO for item in items) else tuple(items)
    if typing.get_origin(kind) is Mapping:
        return value if isinstance(value, Mapping) else _NO
    return value


def _from_term(
    key: str, value: Term, annotation: Any, meta: Option, where: SourcePosition | None
) -> Any:
    """Convert the file's ``set(key, value)`` to the field's type."""
    for kind in _base_types(annotation):
        converted = _convert(value, kind)
        if converted is not _NO:
            if meta.choices is not None and converted not in meta.choices:
                break
            return converted
    expected = " or ".join(_describe(kind) for kind in _base_types(annotation))
    if meta.choices is not None:
        expected = "one of " + ", ".join(meta.choices)
    message = f"set({key}, {format_term(value)}): expected {expected}"
    if where is None:
        raise KBError(message)
    raise KBError(message, where.path, where.line, where.column)


_NO = object()


def _convert(value: Term, kind: Any) -> Any:
    if kind is bool:
        return value == "true" if value in ("true", "false") else _NO
    if kind is int:
        return value if type(value) is int else _NO
    if kind is float:
        return float(value) if type(value) in (int, float) else _NO  # type: ignore[arg-type]
    if kind is str:
        if type(value) is str:
            return value
        if type(value) is Struct:  # an unquoted gain-ratio reads as -(gain, ratio)
            return format_term(value).replace(" ", "")
        return _NO
    if typing.get_origin(kind) is tuple:
        items, tail = list_items(value)
        if tail != "[]":
            return _NO
        (item_kind, *_) = typing.get_args(kind)
        converted = [_convert(i, item_kind) for i in items]
        return _NO if any(c is _NO for c in converted) else tuple(converted)
    return _NO


def _describe(kind: Any) -> str:
    names = {bool: "true or false", int: "an integer", float: "a number", str: "an atom"}
    if kind in names:
        return names[kind]
    if typing.get_origin(kind) is tuple:
        return "a list"
    if typing.get_origin(kind) is Mapping:
        return "a mapping"
    return getattr(kind, "__name__", str(kind))
