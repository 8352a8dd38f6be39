r"""The files symlearn reads and writes: inputs never block, outputs never replace an input.

**Reading.**  Every file symlearn reads as input (a knowledge base, a task
folder's ``bk.pl``, an Aleph ``.f``, an included file, ``--test``,
``--examples``, a BIF, CSV or Parquet file) is read through
:func:`read_input`, or checked with :func:`check_input` before a library
opens it:

* only a regular file is read: a directory, a FIFO, a device (``/dev/zero``)
  or a socket is refused before anything is read (a FIFO is opened without
  blocking, so it cannot hang the run);
* each file read is noted in the *inputs ledger* open at the time
  (:func:`reading_inputs`; the command line opens one per command), so that
  whatever reached it — a path on the command line, a task folder, an Aleph
  basename, an ``:- include``, ``--test`` — counts as an input below.

**Writing.**  Every file symlearn writes (``-o``, ``export``) goes through
:func:`write_file`:

* an output path that is one of the inputs (given as ``inputs``, or noted in
  the ledger) is refused (:class:`~symlearn.errors.OutputError`) unless
  ``force`` is given, so ``symlearn learn foil f.pl -o f.pl`` cannot replace
  the facts with one clause, nor ``-o t/bk.pl`` a task folder's background;
* the content is written to a temporary file in the same directory and
  renamed into place, so an interrupted or failed write leaves the old file
  as it was;
* a directory that does not exist, a path that cannot be written, a full
  disk: one-line :class:`~symlearn.errors.OutputError` messages.

Examples
--------
>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "out.pl")
>>> write_file(path, "p(a).\n")
>>> open(path).read()
'p(a).\n'
>>> write_file(path, "q.\n", inputs=[path])
Traceback (most recent call last):
...
symlearn.errors.OutputError: ... is also an input file: give another output path (or --force)
>>> with reading_inputs():
...     _ = read_input(path)
...     write_file(path, "q.\n")
Traceback (most recent call last):
...
symlearn.errors.OutputError: ... is also an input file: give another output path (or --force)
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import stat
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from symlearn.errors import InvalidParameterError, KBError, OutputError

__all__ = [
    "as_path",
    "as_paths",
    "check_input",
    "check_output",
    "input_refusal",
    "inputs_read",
    "kind_of_file",
    "note_input",
    "read_input",
    "reading_inputs",
    "same_file",
    "write_file",
]

PathText = str | os.PathLike[str]

_LEDGER: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar(
    "symlearn_inputs_read", default=None
)


# ------------------------------------------------------------------------ reading


def as_paths(value: object, argument: str = "files") -> tuple[str, ...]:
    """One path or several, of any kind (``str``, ``bytes``, ``pathlib.Path``), as strings.

    Examples
    --------
    >>> import pathlib
    >>> as_paths(pathlib.Path("kb/family.pl")), as_paths([b"a.pl", "b.pl"])
    (('kb/family.pl',), ('a.pl', 'b.pl'))
    >>> as_paths(123)
    Traceback (most recent call last):
    ...
    symlearn.errors.InvalidParameterError: files must be a path or a list of paths, not 123 (int)

    Raises
    ------
    InvalidParameterError
        For anything else (None, a number, a list holding a non-path), naming ``argument``.
    """
    if _is_path(value):
        return (_path_text(value),)
    if isinstance(value, Iterable) and not isinstance(value, (dict, str, bytes)):
        items = list(value)
        bad = [item for item in items if not _is_path(item)]
        if not bad:
            return tuple(_path_text(item) for item in items)
        value = bad[0]
    raise InvalidParameterError(
        f"{argument} must be a path or a list of paths, not {_shown(value)} "
        f"({type(value).__name__})"
    )


def as_path(value: object, argument: str = "path") -> str:
    """One path of any kind (``str``, ``bytes``, ``pathlib.Path``) as a string.

    Raises
    ------
    InvalidParameterError
        For anything else, naming ``argument``.
    """
    if not _is_path(value):
        raise InvalidParameterError(f"{argument} must be a path, not {_shown(value)}")
    return _path_text(value)


def _shown(value: object) -> str:
    """``repr(value)``, cut to 60 characters for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_path(value: object) -> bool:
    return isinstance(value, (str, bytes, os.PathLike))


def _path_text(value: object) -> str:
    return os.fsdecode(value)  # type: ignore[arg-type]


@contextlib.contextmanager
def reading_inputs() -> Iterator[list[str]]:
    """Note every input read while the block runs; :func:`write_file` refuses to replace them.

    Blocks nest: an inner block notes into the outer one's ledger.
    """
    ledger = _LEDGER.get()
    if ledger is not None:
        yield ledger
        return
    ledger = []
    token = _LEDGER.set(ledger)
    try:
        yield ledger
    finally:
        _LEDGER.reset(token)


def note_input(path: PathText) -> None:
    """Count ``path`` as an input of the run (when an inputs ledger is open)."""
    ledger = _LEDGER.get()
    if ledger is not None:
        ledger.append(os.path.abspath(path))


def inputs_read() -> tuple[str, ...]:
    """The inputs noted in the open ledger (none when no ledger is open)."""
    return tuple(_LEDGER.get() or ())


def kind_of_file(mode: int) -> str:
    """What a file that is not a regular file is, from its ``st_mode``, as a phrase."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def input_refusal(path: PathText) -> str | None:
    """Why ``path`` cannot be read as an input file (None: it can); it is not opened.

    Examples
    --------
    >>> input_refusal("/dev/zero")
    '/dev/zero is not a regular file (a device)'
    >>> input_refusal("/no/such/file")
    'no such file: /no/such/file'
    """
    path = as_path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return f"no such file: {os.fspath(path)}"
    except OSError as error:
        return f"cannot read {os.fspath(path)}: {error.strerror or error}"
    if not stat.S_ISREG(mode):
        return f"{os.fspath(path)} is not a regular file ({kind_of_file(mode)})"
    return None


def check_input(path: PathText) -> None:
    """Refuse ``path`` unless it is a regular file, and note it as an input.

    For files a library opens itself (a CSV file read by pyarrow, Parquet).

    Raises
    ------
    KBError
        When it is missing, a directory, a FIFO, a device or a socket.
    """
    refusal = input_refusal(path)
    if refusal is not None:
        raise KBError(refusal, os.fspath(path))
    note_input(path)


def read_input(path: PathText) -> bytes:
    """The bytes of the input file ``path``, noted as an input; never blocks.

    The file is opened without blocking and checked to be a regular file
    before anything is read, so a FIFO or a device cannot hang the run or
    fill the memory.

    Raises
    ------
    KBError
        When it is missing, not a regular file, too large, or cannot be read.
    """
    shown = path = as_path(path)
    refusal = input_refusal(path)
    if refusal is not None:
        raise KBError(refusal, shown)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise KBError(f"cannot read {shown}: {error.strerror or error}", shown) from error
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):  # replaced between the two looks
            raise KBError(f"{shown} is not a regular file ({kind_of_file(mode)})", shown)
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read()
    except MemoryError:
        raise KBError(f"{shown} is too large to read", shown) from None
    except OSError as error:
        raise KBError(f"cannot read {shown}: {error.strerror or error}", shown) from error
    finally:
        os.close(handle)
    note_input(path)
    return data


# ------------------------------------------------------------------------ writing


def same_file(a: PathText, b: PathText) -> bool:
    """True when two paths name the same file (after links), or the same path if neither exists."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def write_file(
    path: PathText,
    content: str | bytes,
    *,
    inputs: Iterable[PathText] = (),
    force: bool = False,
) -> None:
    """Write ``content`` to ``path`` atomically, refusing to replace an input file.

    The inputs are ``inputs`` and every file noted in the open ledger
    (:func:`reading_inputs`).

    Raises
    ------
    OutputError
        When ``path`` is an input (and not ``force``), or it cannot be written.
    """
    check_output(path, inputs, force)
    data = content.encode("utf-8") if isinstance(content, str) else content
    _write_atomically(Path(as_path(path)), data)


def check_output(path: PathText, inputs: Iterable[PathText] = (), force: bool = False) -> None:
    """Raise :class:`~symlearn.errors.OutputError` when :func:`write_file` would refuse ``path``.

    A command writing several files checks them all before writing the first.
    """
    target = Path(as_path(path))
    try:
        _check_target(target, [*inputs, *inputs_read()], force)
    except OutputError:
        raise
    except OSError as error:  # a name too long, a loop of links: before anything is written
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from error


def _check_target(target: Path, inputs: Sequence[PathText], force: bool) -> None:
    if not force and target.exists():
        for source in inputs:
            if same_file(target, source):
                raise OutputError(
                    f"{target} is also an input file: give another output path (or --force)"
                )
    if target.is_dir():
        raise OutputError(f"{target} is a directory, not a file")
    if target.exists() and not target.is_file():  # a device or FIFO: never replace it
        raise OutputError(f"cannot write {target}: it is not a regular file")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"cannot write {target}: directory {folder} does not exist")


def _write_atomically(target: Path, data: bytes) -> None:
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
    except OSError as error:
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from error
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(OSError):
            if target.exists():
                os.chmod(temporary, target.stat().st_mode & 0o7777)
            else:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from error
