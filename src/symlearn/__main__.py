"""Allow ``python -m symlearn`` (and the ``symlearn`` command, :func:`main`).

The command line's modules are imported inside :func:`main`, so that Ctrl-C
while they load (the first fraction of a second) ends the run as it does
later: "Interrupted." and exit status 130, never a traceback.
"""

from __future__ import annotations

import sys


def main() -> None:  # pragma: no cover - exercised through subprocess tests
    """Import the command line and run it; Ctrl-C during the import exits 130 quietly."""
    try:
        from symlearn.cli import entry_point
    except KeyboardInterrupt:
        sys.stderr.write("Interrupted.\n")
        sys.exit(130)
    entry_point()


if __name__ == "__main__":
    main()
