"""The seeds' other learners against their peers (scikit-learn, mlxtend, scipy), in one run.

Every module ``benchmarks/seed_learners/NAME.py`` other than ``common.py``
defines ``rows(args) -> list[dict]``: one dict per (learner, data set) with
the keys ``learner``, ``peer``, ``data``, ``measure`` (``accuracy``,
``rmse`` ...), ``ours`` and ``theirs`` (the measure's values), ``seconds``
and ``peer_seconds``.  This driver imports them all (or those named with
``--only``), runs them one after the other on the same inputs and prints one
table with the time ratio (symlearn's seconds over the peer's: below 1 means
symlearn is faster) and the load average; ``--json`` prints the rows.

The data sets and how both sides are timed are described in
``benchmarks/seed_learners/common.py``.  A missing peer is one line on
stderr and exit status 2.

Run: python benchmarks/seed_learners_vs_peers.py [--only instances] [--rows N] [--seed S]
     [--data mushroom|house-votes|numeric] [--learner NAME] [--repeat N] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # seed_learners.*, peers
sys.path.insert(0, str(HERE.parent / "src"))  # this checkout's symlearn

from peers import require  # noqa: E402
from seed_learners.common import REPEAT, add_arguments, warm_up  # noqa: E402

PEERS = ("sklearn", "pandas")


def modules() -> list[str]:
    """The benchmark modules, in name order."""
    found = sorted(p.stem for p in (HERE / "seed_learners").glob("*.py"))
    return [name for name in found if name not in ("common", "__init__")]


def _format(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}"
    return str(value)


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as an aligned text table with the time ratio."""
    header = ["learner", "peer", "data", "measure", "ours", "theirs", "s", "peer s", "ratio"]
    cells = []
    for r in rows:
        ratio = r["seconds"] / r["peer_seconds"] if r["peer_seconds"] else None
        cells.append(
            [
                r["learner"],
                r["peer"],
                r["data"],
                r["measure"],
                _format(r["ours"]),
                _format(r["theirs"]),
                f"{r['seconds']:.3f}",
                f"{r['peer_seconds']:.3f}",
                "-" if ratio is None else f"{ratio:.2f}x",
            ]
        )
    widths = [max(len(str(c)) for c in column) for column in zip(header, *cells)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(line, widths)) for line in cells]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_arguments(parser)
    parser.add_argument(
        "--only", action="append", choices=modules(), help="only this module (repeatable)"
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    REPEAT[0] = args.repeat
    for peer in PEERS:
        require(peer)
    warm_up()
    rows: list[dict[str, Any]] = []
    for name in args.only or modules():
        module = importlib.import_module(f"seed_learners.{name}")
        for entry in module.rows(args):
            rows.append(entry)
            if not args.json:
                print(f"  {entry['learner']} on {entry['data']} done", file=sys.stderr)
    load = os.getloadavg()
    if args.json:
        print(json.dumps({"rows": rows, "load_average": load}, indent=2))
        return 0
    print("\n".join(table(rows)))
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; ratio = s / peer s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
