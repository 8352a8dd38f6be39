r"""Writing output files safely: never over an input, never half-written.

Every file symlearn writes (``-o``, ``export``) goes through :func:`write_file`:

* an output path that is one of the command's input files is refused
  (:class:`~symlearn.errors.OutputError`) unless ``force`` is given, so
  ``symlearn learn foil f.pl -o f.pl`` cannot replace the facts with one clause;
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
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from symlearn.errors import OutputError

__all__ = ["same_file", "write_file"]


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when two paths name the same file (after links), or the same path if neither exists."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def write_file(
    path: str | os.PathLike[str],
    content: str | bytes,
    *,
    inputs: Iterable[str | os.PathLike[str]] = (),
    force: bool = False,
) -> None:
    """Write ``content`` to ``path`` atomically, refusing to replace an input file.

    Raises
    ------
    OutputError
        When ``path`` is an input (and not ``force``), or it cannot be written.
    """
    target = Path(path)
    try:
        _check_target(target, inputs, force)
    except OutputError:
        raise  # already says which file and why
    except OSError as error:  # a name too long, a loop of links: before anything is written
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from error
    data = content.encode("utf-8") if isinstance(content, str) else content
    _write_atomically(target, data)


def _check_target(target: Path, inputs: Iterable[str | os.PathLike[str]], force: bool) -> None:
    if not force:
        for source in inputs:
            if target.exists() and same_file(target, source):
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
