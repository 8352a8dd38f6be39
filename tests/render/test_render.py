from __future__ import annotations

import itertools
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from symlearn.errors import InvalidParameterError
from symlearn.render import Edge, GraphSpec, Node, render, to_dot, write_graph
from symlearn.render.layout import Metrics, crossings, layout
from symlearn.render.png import decode_png_size

requires_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz is not installed")


def _tree() -> GraphSpec:
    return GraphSpec(
        (
            Node("o", "outlook", shape="ellipse"),
            Node("h", "humidity", shape="ellipse"),
            Node("y1", "yes", color="palegreen", style="rounded"),
            Node("n1", "no", color="lightpink"),
            Node("y2", "yes\n(3 examples)", color="palegreen"),
        ),
        (
            Edge("o", "h", "sunny"),
            Edge("o", "y1", "overcast", style="dashed"),
            Edge("h", "n1", "high"),
            Edge("h", "y2", 'normal "x"'),
        ),
        title="a tree",
    )


def _lattice() -> GraphSpec:
    nodes = (
        Node("g", "<?, ?>", rank=2, color="lightyellow"),
        Node("a", "<a, ?>", rank=1),
        Node("b", "<?, b>", rank=1),
        Node("s", "<a, b>", rank=0, color="lightblue"),
    )
    edges = (Edge("s", "a"), Edge("s", "b"), Edge("a", "g"), Edge("b", "g"))
    return GraphSpec(nodes, edges, rankdir="BT", directed=False)


def _png_pixels(data: bytes) -> bytes:
    """The raw scanlines of an 8-bit RGB PNG written by symlearn (one IDAT chunk)."""
    at = data.index(b"IDAT")
    length = int.from_bytes(data[at - 4 : at], "big")
    return zlib.decompress(data[at + 4 : at + 4 + length])


def test_spec_validates_ends_and_styles():
    with pytest.raises(ValueError, match="no node 'z'"):
        GraphSpec((Node("a", "a"),), (Edge("a", "z"),))
    with pytest.raises(ValueError, match="used twice"):
        GraphSpec((Node("a", "a"), Node("a", "b")))
    with pytest.raises(ValueError, match="unknown colour"):
        Node("a", "a", color="not-a-colour")
    with pytest.raises(ValueError, match="edge style"):
        Edge("a", "b", style="wavy")
    with pytest.raises(ValueError, match="rankdir"):
        GraphSpec((Node("a", "a"),), rankdir="LR")


def test_dot_text_quotes_and_marks_undirected():
    text = to_dot(_tree())
    assert '"h" -> "y2" [label="normal \\"x\\""];' in text
    assert 'label="yes\\n(3 examples)"' in text
    assert "dir=none" in to_dot(_lattice())


@requires_dot
@pytest.mark.parametrize("spec", [_tree(), _lattice()], ids=["tree", "lattice"])
def test_graphviz_accepts_the_dot_text(spec):
    done = subprocess.run(["dot", "-Tsvg"], input=to_dot(spec).encode(), capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    assert b"<svg" in done.stdout


@pytest.mark.parametrize("suffix", [".dot", ".svg", ".png"])
def test_write_graph_python_renderer(tmp_path, suffix):
    out = tmp_path / f"graph{suffix}"
    used = write_graph(_tree(), out, renderer="python")
    assert used == ("dot" if suffix == ".dot" else "python")
    data = out.read_bytes()
    if suffix == ".svg":
        root = ET.fromstring(data)
        texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert {"outlook", "humidity", 'normal "x"', "(3 examples)", "a tree"} <= set(texts)
    if suffix == ".png":
        width, height = decode_png_size(data)
        assert len(_png_pixels(data)) == height * (1 + 3 * width)


@requires_dot
def test_write_graph_graphviz(tmp_path):
    assert write_graph(_lattice(), tmp_path / "l.png", renderer="graphviz") == "graphviz"
    assert decode_png_size((tmp_path / "l.png").read_bytes())[0] > 0


def test_write_graph_refuses_unknown_suffix_and_renderer(tmp_path):
    with pytest.raises(InvalidParameterError, match="suffix"):
        write_graph(_tree(), tmp_path / "x.pdf")
    with pytest.raises(InvalidParameterError, match="renderer"):
        render(_tree(), "svg", renderer="matplotlib")


def _overlap(a, b) -> bool:
    return abs(a.x - b.x) < (a.width + b.width) / 2 and abs(a.y - b.y) < (a.height + b.height) / 2


def test_ranks_fix_rows_and_bt_puts_rank_zero_at_the_bottom():
    placed = layout(_lattice(), Metrics())
    boxes = placed.boxes
    assert boxes["s"].y > boxes["a"].y == boxes["b"].y > boxes["g"].y
    assert not _overlap(boxes["a"], boxes["b"])


def test_tree_layout_has_no_crossings_and_edges_point_down():
    placed = layout(_tree(), Metrics())
    for path in placed.edges:
        assert path.points[0][1] < path.points[-1][1]
        assert path.label_at is not None
    boxes = list(placed.boxes.values())
    assert not any(_overlap(a, b) for a, b in itertools.combinations(boxes, 2))


def test_crossing_reduction_untangles_a_twisted_bipartite_graph():
    nodes = tuple(Node(n, n) for n in ["a", "b", "c", "x", "y", "z"])
    edges = (Edge("a", "z"), Edge("b", "y"), Edge("c", "x"))
    placed = layout(GraphSpec(nodes, edges), Metrics())
    order = sorted(placed.boxes.values(), key=lambda b: (b.layer, b.x))
    upper = [b.id for b in order if b.layer == 0]
    lower = [b.id for b in order if b.layer == 1]
    down = {"a": ["z"], "b": ["y"], "c": ["x"], "x": [], "y": [], "z": []}
    assert crossings([upper, lower], down) == 0


def test_cycles_and_self_loops_are_laid_out():
    nodes = tuple(Node(n, n) for n in "abc")
    edges = (Edge("a", "b"), Edge("b", "c"), Edge("c", "a"), Edge("a", "a"))
    placed = layout(GraphSpec(nodes, edges), Metrics())
    assert len(placed.edges) == 3
    back = next(p for p in placed.edges if p.edge.source == "c")
    assert back.points[0][1] > back.points[-1][1]  # drawn from c up to a


@given(
    st.integers(min_value=1, max_value=9).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n),
        )
    )
)
def test_random_graphs_never_overlap_nodes(case):
    n, pairs = case
    nodes = tuple(Node(str(i), f"node {i}" * (1 + i % 2)) for i in range(n))
    edges = tuple(Edge(str(u), str(v), label="e" if u % 2 else "") for u, v in pairs)
    placed = layout(GraphSpec(nodes, edges), Metrics())
    boxes = list(placed.boxes.values())
    assert not any(_overlap(a, b) for a, b in itertools.combinations(boxes, 2))
    for box in boxes:
        assert box.x - box.width / 2 >= 0 and box.x + box.width / 2 <= placed.width + 1e-6
        assert box.y - box.height / 2 >= 0 and box.y + box.height / 2 <= placed.height + 1e-6


def test_a_source_sits_just_above_its_child():
    nodes = tuple(Node(n, n) for n in "abcde")
    edges = (Edge("a", "b"), Edge("b", "c"), Edge("c", "d"), Edge("e", "d"))
    placed = layout(GraphSpec(nodes, edges), Metrics())
    assert [placed.boxes[n].layer for n in "abcde"] == [0, 1, 2, 3, 2]
