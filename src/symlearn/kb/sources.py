"""Which files a knowledge base may read, and reading them as text.

A knowledge-base file can make symlearn read one thing besides itself: the
files it names in ``:- include(File).``.  That is all a file can do outside
the knowledge base (there is no ``shell/1``, no file writing, no network, and
directives such as ``initialization/1`` run nothing), so the include rules
are the whole of the file's reach:

* an included file must lie inside the directory tree of the file that
  includes it (after following symbolic links), or inside a directory the
  user allowed (``--allow-include DIR`` on the command line,
  ``allow_include=[...]`` of :func:`~symlearn.kb.loader.load`, or the
  :func:`allow_include` context manager around any call that loads files);
* it must be a regular file: a device (``/dev/zero``), a FIFO or a socket is
  refused before it is opened, so nothing blocks or reads without end;
* the files a task folder or an Aleph basename leads to (``bk.pl``,
  ``NAME.b``, ``NAME.f``...) follow the same rules, within the folder: a
  ``daughter.b`` that is a link to ``/etc/passwd`` is refused unread;
* an included file whose first clause does not parse is reported without
  quoting its text, so an include cannot be used to show another file's
  content in an error message.

Files named by the user (on the command line, or to :func:`load`) are read
as asked, except directories, devices, FIFOs and sockets; every file read is
an input that ``-o`` will not replace (:mod:`symlearn.files`).  Text is
UTF-8; a byte-order mark at the start is skipped (SWI-Prolog does the same),
and bytes that are not UTF-8 are reported at their file, line and column.

Functions
---------
allow_include, allowed_include_dirs, include_refusal, read_source
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from symlearn.errors import KBError, KBSyntaxError
from symlearn.files import as_paths, input_refusal, read_input

__all__ = ["allow_include", "allowed_include_dirs", "include_refusal", "read_source"]

_ALLOWED: contextvars.ContextVar[tuple[Path, ...]] = contextvars.ContextVar(
    "symlearn_allowed_include_dirs", default=()
)
_BOM = "\ufeff"


def allowed_include_dirs() -> tuple[Path, ...]:
    """The directories, besides each file's own tree, that includes may read from."""
    return _ALLOWED.get()


def allow_include(
    directories: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> contextlib.AbstractContextManager[None]:
    """Let ``:- include`` read files under ``directories`` (one or several) while the block runs.

    Raises
    ------
    InvalidParameterError
        When ``directories`` is not a path or paths (at the call, before the block).

    Examples
    --------
    >>> import tempfile
    >>> shared = tempfile.mkdtemp()
    >>> with allow_include([shared]):
    ...     [str(p) == os.path.realpath(shared) for p in allowed_include_dirs()]
    [True]
    >>> allowed_include_dirs()
    ()
    """
    added = tuple(Path(os.path.realpath(d)) for d in as_paths(directories, "directories"))
    return _allowing(added)


@contextlib.contextmanager
def _allowing(added: tuple[Path, ...]) -> Iterator[None]:
    token = _ALLOWED.set(_ALLOWED.get() + added)
    try:
        yield
    finally:
        _ALLOWED.reset(token)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def include_refusal(
    target: Path, including_dir: Path, reached_from: str = "the including file"
) -> str | None:
    """Why ``target`` may not be read from a file in ``including_dir`` (None: it may).

    ``target`` must exist.  The answer follows symbolic links: the file must
    be a regular file, inside ``including_dir``'s tree or an allowed
    directory.  ``reached_from`` names what led to it in the message (an
    including file, a task folder, an Aleph basename).
    """
    resolved = Path(os.path.realpath(target))
    refusal = input_refusal(resolved)
    if refusal is not None:
        return refusal.replace(str(resolved), str(target), 1)
    trees = (Path(os.path.realpath(including_dir)), *allowed_include_dirs())
    if not any(_inside(resolved, tree) for tree in trees):
        return (
            f"{target} is outside the directory of {reached_from} "
            f"({trees[0]}); allow it with --allow-include DIR"
        )
    return None


def read_source(path: Path) -> str:
    """The text of a knowledge-base file (UTF-8, a leading byte-order mark skipped).

    The file is read as an input (:func:`symlearn.files.read_input`): a
    directory, FIFO, device or socket is refused without being read.

    Raises
    ------
    KBError
        When the file is missing, not a regular file, or cannot be read.
    KBSyntaxError
        When it is not UTF-8, at the line and column of the first bad byte.
    """
    if os.path.isdir(path):
        raise KBError(f"{path} is a directory, not a knowledge-base file", str(path))
    return decode_source(read_input(path), str(path))


def decode_source(data: bytes, path: str) -> str:
    r"""Decode a file's bytes as UTF-8 text; see :func:`read_source`.

    Examples
    --------
    >>> decode_source(b"\xef\xbb\xbfp(caf\xc3\xa9).", "f.pl")
    'p(café).'
    >>> try:
    ...     decode_source(b"p(a).\nq(\xff).", "f.pl")
    ... except KBSyntaxError as error:
    ...     print(error)
    f.pl:2:3: error: invalid UTF-8 (byte 0xff): the file must be UTF-8 text
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        column = len(data[line_start : error.start].decode("utf-8", "replace")) + 1
        raise KBSyntaxError(
            f"invalid UTF-8 (byte 0x{data[error.start]:02x}): the file must be UTF-8 text",
            path,
            line,
            column,
        ) from None
    return text[1:] if text.startswith(_BOM) else text
