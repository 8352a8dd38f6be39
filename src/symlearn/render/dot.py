r"""Graphviz DOT text for a :class:`~symlearn.render.spec.GraphSpec`, and running ``dot``.

Functions
---------
to_dot
    The DOT text of a spec (``digraph``; undirected looks via ``dir=none``).
graphviz_available
    Whether graphviz's ``dot`` program is on ``PATH``.
run_graphviz
    Render DOT text to SVG or PNG bytes with ``dot``.

Examples
--------
>>> from symlearn.render.spec import Edge, GraphSpec, Node
>>> spec = GraphSpec((Node("g", "<?, ?>", rank=1), Node("s", 'say "hi"', rank=0)),
...                  (Edge("g", "s", label="yes"),), rankdir="BT")
>>> print(to_dot(spec))
digraph G {
    rankdir=BT;
    node [shape=box, fontname="monospace", fontsize=12];
    edge [fontname="monospace", fontsize=10];
    "g" [label="<?, ?>"];
    "s" [label="say \"hi\""];
    "g" -> "s" [label="yes"];
    "__rank0" -> "__rank1" [style=invis];
    "__rank0" [style=invis, shape=point];
    "__rank1" [style=invis, shape=point];
    { rank=same; "__rank0"; "s"; }
    { rank=same; "__rank1"; "g"; }
}
"""

from __future__ import annotations

import shutil
import subprocess

from symlearn.errors import SymlearnError
from symlearn.render.spec import Edge, GraphSpec, Node, hex_color

__all__ = ["graphviz_available", "quote", "run_graphviz", "to_dot"]


def quote(text: str) -> str:
    r"""Quote ``text`` as a DOT string (``\n`` becomes a centred line break).

    Examples
    --------
    >>> quote('a "b"\nc')
    '"a \\"b\\"\\nc"'
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _node_attributes(node: Node) -> list[str]:
    attributes = [f"label={quote(node.label)}"]
    if node.shape != "box":
        attributes.append(f"shape={node.shape}")
    styles = [s for s in node.styles if s != "bold"]
    if styles:
        attributes.append(f"style={quote(','.join(styles))}")
    if "bold" in node.styles:
        attributes.append("penwidth=2")
    if node.color is not None:
        attributes.append(f"fillcolor={quote(hex_color(node.color))}")
    return attributes


def _edge_attributes(edge: Edge, directed: bool) -> list[str]:
    attributes = []
    if edge.label:
        attributes.append(f"label={quote(edge.label)}")
    styles = [s for s in edge.styles if s != "bold"]
    if styles:
        attributes.append(f"style={quote(','.join(styles))}")
    if "bold" in edge.styles:
        attributes.append("penwidth=2")
    if edge.color is not None:
        attributes.append(f"color={quote(hex_color(edge.color))}")
    if not directed:
        attributes.append("dir=none")
    return attributes


def _rank_lines(spec: GraphSpec) -> list[str]:
    """Rows for ranked specs: ``rank=same`` groups chained by an invisible spine.

    ``rank=same`` alone groups nodes but does not order the groups, so an
    invisible chain of points, one per rank, fixes their order.
    """
    ranks = sorted({n.rank for n in spec.nodes if n.rank is not None})
    groups = {r: [n.id for n in spec.nodes if n.rank == r] for r in ranks}
    spine = [quote(f"__rank{k}") for k in range(len(ranks))]
    lines = []
    if len(spine) > 1:
        lines.append(" -> ".join(spine) + " [style=invis];")
    lines += [f"{point} [style=invis, shape=point];" for point in spine]
    lines += [
        f"{{ rank=same; {point}; {' '.join(quote(i) + ';' for i in groups[r])} }}"
        for point, r in zip(spine, ranks)
    ]
    return lines


def to_dot(spec: GraphSpec) -> str:
    """Return the graphviz DOT text of ``spec`` (see the module docstring)."""
    lines = ["digraph G {", f"    rankdir={spec.rankdir};"]
    if spec.title:
        lines.append(f'    label={quote(spec.title)}; labelloc=t; fontname="monospace";')
    lines.append('    node [shape=box, fontname="monospace", fontsize=12];')
    lines.append('    edge [fontname="monospace", fontsize=10];')
    for node in spec.nodes:
        lines.append(f"    {quote(node.id)} [{', '.join(_node_attributes(node))}];")
    for edge in spec.edges:
        attributes = _edge_attributes(edge, spec.directed)
        suffix = f" [{', '.join(attributes)}]" if attributes else ""
        lines.append(f"    {quote(edge.source)} -> {quote(edge.target)}{suffix};")
    if spec.ranked:
        lines += ["    " + line for line in _rank_lines(spec)]
    lines.append("}")
    return "\n".join(lines)


def graphviz_available() -> bool:
    """Return True when graphviz's ``dot`` program is on ``PATH``."""
    return shutil.which("dot") is not None


def run_graphviz(dot_text: str, fmt: str, timeout: float = 120.0) -> bytes:
    """Render ``dot_text`` with graphviz's ``dot`` to ``fmt`` (``"svg"`` or ``"png"``).

    Raises
    ------
    SymlearnError
        If ``dot`` is missing, fails or takes longer than ``timeout`` seconds.
    """
    program = shutil.which("dot")
    if program is None:
        raise SymlearnError("graphviz's dot program is not installed")
    try:
        done = subprocess.run(
            [program, f"-T{fmt}"],
            input=dot_text.encode("utf-8"),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise SymlearnError(f"graphviz's dot took longer than {timeout:g} s") from error
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip()
        raise SymlearnError(f"graphviz's dot failed: {message}")
    return done.stdout
