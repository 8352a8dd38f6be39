"""A layered (Sugiyama-style) layout of a :class:`~symlearn.render.spec.GraphSpec`.

The pure-Python renderers use it when graphviz is not installed.  The steps
are the classic ones of Sugiyama, Tagawa and Toda (1981):

1. make the graph acyclic by reversing the back edges of a depth-first search
   (their arrows still point the original way when drawn);
2. assign layers: the nodes' ranks when every node has one, else longest-path
   layering from the sources;
3. split every edge spanning more than one layer with dummy nodes;
4. reduce crossings by barycentre sweeps, down and up, keeping the order with
   the fewest crossings seen;
5. assign x coordinates: each sweep moves every node towards the mean x of its
   neighbours in the layer just placed, keeping the layer's order and the gaps
   between nodes.  With the order fixed this is a weighted isotonic regression,
   solved exactly by pool-adjacent-violators; dummy nodes weigh more, which
   keeps long edges straight.

Sizes come from a :class:`Metrics` (monospaced text: characters of one width).

Examples
--------
>>> from symlearn.render.spec import Edge, GraphSpec, Node
>>> spec = GraphSpec((Node("top", "top"), Node("a", "a"), Node("b", "b"), Node("bottom", "z")),
...                  (Edge("top", "a"), Edge("top", "b"), Edge("a", "bottom"),
...                   Edge("b", "bottom")))
>>> placed = layout(spec, Metrics())
>>> [placed.boxes[n].layer for n in ("top", "a", "b", "bottom")]
[0, 1, 1, 2]
>>> placed.boxes["top"].y < placed.boxes["a"].y < placed.boxes["bottom"].y
True
>>> abs(placed.boxes["top"].x - placed.boxes["bottom"].x) < 1e-6
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from symlearn.render.spec import Edge, GraphSpec, Node

__all__ = ["Box", "EdgePath", "Layout", "Metrics", "crossings", "layout"]

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Metrics:
    """Sizes in output units (pixels): text cells, padding and gaps."""

    char_width: float = 8.0
    line_height: float = 16.0
    pad_x: float = 10.0
    pad_y: float = 6.0
    node_gap: float = 18.0
    layer_gap: float = 42.0
    margin: float = 16.0
    label_char_width: float = 7.0
    label_line_height: float = 14.0


@dataclass(slots=True)
class Box:
    """A placed node (``node`` is None for a dummy): centre, size and layer."""

    id: str
    node: Node | None
    width: float
    height: float
    layer: int
    x: float = 0.0
    y: float = 0.0


@dataclass(slots=True)
class EdgePath:
    """A routed edge: the polyline from the source's border to the target's."""

    edge: Edge
    points: list[Point]
    label_at: Point | None = None


@dataclass(slots=True)
class Layout:
    """A complete layout: the canvas size, placed nodes, routed edges and the title."""

    width: float
    height: float
    boxes: dict[str, Box]
    edges: list[EdgePath] = field(default_factory=list)
    title: str = ""
    title_at: Point | None = None


def node_size(node: Node, metrics: Metrics) -> tuple[float, float]:
    """The width and height that fit ``node``'s label in its shape."""
    lines = node.lines
    text_w = max(len(line) for line in lines) * metrics.char_width
    text_h = len(lines) * metrics.line_height
    width = text_w + 2 * metrics.pad_x
    height = text_h + 2 * metrics.pad_y
    if node.shape in ("ellipse", "circle"):
        width, height = width * 1.3, height * 1.4
        if node.shape == "circle":
            width = height = max(width, height)
    return width, height


def _acyclic(node_ids: Sequence[str], edges: Sequence[tuple[str, str]]) -> set[int]:
    """Indices of the edges to reverse: the back edges of a depth-first search."""
    out: dict[str, list[tuple[str, int]]] = {n: [] for n in node_ids}
    for i, (u, v) in enumerate(edges):
        out[u].append((v, i))
    state: dict[str, int] = {}
    reversed_edges: set[int] = set()
    for root in node_ids:
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(out[root]))]
        while stack:
            u, successors = stack[-1]
            for v, i in successors:
                if state.get(v) == 1:
                    reversed_edges.add(i)
                elif v not in state:
                    state[v] = 1
                    stack.append((v, iter(out[v])))
                    break
            else:
                state[u] = 2
                stack.pop()
    return reversed_edges


def _longest_path_layers(
    node_ids: Sequence[str], edges: Sequence[tuple[str, str]]
) -> dict[str, int]:
    preds: dict[str, list[str]] = {n: [] for n in node_ids}
    indegree = dict.fromkeys(node_ids, 0)
    succs: dict[str, list[str]] = {n: [] for n in node_ids}
    for u, v in edges:
        preds[v].append(u)
        succs[u].append(v)
        indegree[v] += 1
    layer: dict[str, int] = {}
    ready = [n for n in node_ids if indegree[n] == 0]
    while ready:
        u = ready.pop(0)
        layer[u] = max((layer[p] + 1 for p in preds[u]), default=0)
        for v in succs[u]:
            indegree[v] -= 1
            if indegree[v] == 0:
                ready.append(v)
    for u in node_ids:  # a source sits just above its highest child, not on the top row
        if not preds[u] and succs[u]:
            layer[u] = min(layer[v] for v in succs[u]) - 1
    return layer


def _layers(spec: GraphSpec) -> tuple[dict[str, int], list[tuple[str, str, int]]]:
    """Layer of every node and the edges oriented downwards: ``(upper, lower, index)``."""
    ids = [n.id for n in spec.nodes]
    pairs = [(e.source, e.target) for e in spec.edges]
    if spec.ranked:
        distinct = sorted({n.rank for n in spec.nodes if n.rank is not None})
        position = {r: i for i, r in enumerate(distinct)}
        layer = {n.id: position[n.rank] for n in spec.nodes if n.rank is not None}
    else:
        flip = _acyclic(ids, pairs)
        oriented = [(v, u) if i in flip else (u, v) for i, (u, v) in enumerate(pairs)]
        layer = _longest_path_layers(ids, [(u, v) for u, v in oriented if u != v])
    down = []
    for i, (u, v) in enumerate(pairs):
        if layer[u] <= layer[v]:
            down.append((u, v, i))
        else:
            down.append((v, u, i))
    return layer, down


@dataclass(slots=True)
class _Graph:
    """The proper layered graph: real and dummy nodes, edges between adjacent layers."""

    order: list[list[str]]
    up: dict[str, list[str]]
    down: dict[str, list[str]]
    chains: dict[int, list[str]]  # edge index -> node ids from upper to lower end
    flat: list[int]  # edges within one layer
    label_holders: dict[int, str]  # edge index -> the dummy its label sits on


def _proper_graph(
    spec: GraphSpec, layer: dict[str, int], down_edges: list[tuple[str, str, int]]
) -> _Graph:
    depth = max(layer.values(), default=-1) + 1
    order: list[list[str]] = [[] for _ in range(depth)]
    for node in spec.nodes:
        order[layer[node.id]].append(node.id)
    up: dict[str, list[str]] = {n.id: [] for n in spec.nodes}
    down: dict[str, list[str]] = {n.id: [] for n in spec.nodes}
    chains: dict[int, list[str]] = {}
    flat: list[int] = []
    label_holders: dict[int, str] = {}
    for u, v, i in down_edges:
        if layer[u] == layer[v]:
            flat.append(i)
            continue
        chain = [u]
        for k in range(layer[u] + 1, layer[v]):
            dummy = f"\x00{i}:{k}"
            order[k].append(dummy)
            up[dummy], down[dummy] = [], []
            chain.append(dummy)
            if spec.edges[i].label and i not in label_holders:
                label_holders[i] = dummy
        chain.append(v)
        for a, b in itertools.pairwise(chain):
            down[a].append(b)
            up[b].append(a)
        chains[i] = chain
    return _Graph(order, up, down, chains, flat, label_holders)


def _count_inversions(values: list[int]) -> int:
    """Number of pairs i < j with values[i] > values[j] (a Fenwick tree)."""
    if not values:
        return 0
    size = max(values) + 1
    tree = [0] * (size + 1)
    inversions = 0
    for seen, value in enumerate(values):
        k = value + 1
        not_greater = 0
        while k > 0:
            not_greater += tree[k]
            k -= k & -k
        inversions += seen - not_greater
        k = value + 1
        while k <= size:
            tree[k] += 1
            k += k & -k
    return inversions


def crossings(order: Sequence[Sequence[str]], down: dict[str, list[str]]) -> int:
    """The number of edge crossings between consecutive layers of ``order``.

    Examples
    --------
    >>> crossings([["a", "b"], ["c", "d"]], {"a": ["d"], "b": ["c"], "c": [], "d": []})
    1
    """
    total = 0
    for upper, lower in itertools.pairwise(order):
        position = {v: i for i, v in enumerate(lower)}
        pairs = sorted((i, position[v]) for i, u in enumerate(upper) for v in down[u])
        total += _count_inversions([p for _, p in pairs])
    return total


def _barycentre_sort(layer: list[str], fixed: list[str], neighbours: dict[str, list[str]]) -> None:
    position = {v: i for i, v in enumerate(fixed)}
    keys: dict[str, float] = {}
    for i, v in enumerate(layer):
        adjacent = [position[u] for u in neighbours[v]]
        keys[v] = sum(adjacent) / len(adjacent) if adjacent else float(i)
    layer.sort(key=lambda v: keys[v])


def _pair_crossings(
    u: str, v: str, neighbours: dict[str, list[str]], position: dict[str, int]
) -> int:
    """Crossings between u's and v's edges to one adjacent layer when u is left of v."""
    return sum(1 for a in neighbours[u] for b in neighbours[v] if position[a] > position[b])


def _transpose(graph: _Graph) -> None:
    """Swap neighbours in a layer while that removes crossings (Gansner et al. 1993)."""
    order = graph.order
    improved = True
    rounds = 0
    while improved and rounds < 20:
        improved = False
        rounds += 1
        for i, layer in enumerate(order):
            sides = []
            if i > 0:
                sides.append((graph.up, {w: k for k, w in enumerate(order[i - 1])}))
            if i + 1 < len(order):
                sides.append((graph.down, {w: k for k, w in enumerate(order[i + 1])}))
            for k in range(len(layer) - 1):
                u, v = layer[k], layer[k + 1]
                now = sum(_pair_crossings(u, v, n, p) for n, p in sides)
                swapped = sum(_pair_crossings(v, u, n, p) for n, p in sides)
                if swapped < now:
                    layer[k], layer[k + 1] = v, u
                    improved = True


def _reduce_crossings(graph: _Graph, sweeps: int = 12) -> None:
    order = graph.order
    best = [list(layer) for layer in order]
    best_count = crossings(order, graph.down)
    for _ in range(sweeps):
        if best_count == 0:
            break
        for i in range(1, len(order)):
            _barycentre_sort(order[i], order[i - 1], graph.up)
        for i in range(len(order) - 2, -1, -1):
            _barycentre_sort(order[i], order[i + 1], graph.down)
        _transpose(graph)
        count = crossings(order, graph.down)
        if count < best_count:
            best, best_count = [list(layer) for layer in order], count
    graph.order[:] = best


def _isotonic(targets: list[float], weights: list[float], gaps: list[float]) -> list[float]:
    """Minimise sum w_i (x_i - t_i)^2 subject to x_{i+1} >= x_i + gaps_i (PAV)."""
    offsets = [0.0]
    for gap in gaps:
        offsets.append(offsets[-1] + gap)
    blocks: list[list[float]] = []  # [mean, weight, count]
    for t, w, o in zip(targets, weights, offsets):
        blocks.append([t - o, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, c2 = blocks.pop()
            m1, w1, c1 = blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, c1 + c2])
    values: list[float] = []
    for mean, _, count in blocks:
        values.extend([mean] * int(count))
    return [v + o for v, o in zip(values, offsets)]


def _place_x(graph: _Graph, boxes: dict[str, Box], metrics: Metrics, sweeps: int = 10) -> None:
    def gap(a: str, b: str) -> float:
        spacing = metrics.node_gap if boxes[a].node and boxes[b].node else metrics.node_gap / 2
        return (boxes[a].width + boxes[b].width) / 2 + spacing

    for layer in graph.order:
        x = 0.0
        for k, v in enumerate(layer):
            x = boxes[v].width / 2 if k == 0 else x + gap(layer[k - 1], v)
            boxes[v].x = x

    def relax(layer: list[str], neighbour_sets: Sequence[dict[str, list[str]]]) -> None:
        targets, weights = [], []
        for v in layer:
            adjacent = [u for neighbours in neighbour_sets for u in neighbours[v]]
            heavy = 1.0 if boxes[v].node else 4.0
            if adjacent:
                targets.append(sum(boxes[u].x for u in adjacent) / len(adjacent))
                weights.append(heavy * len(adjacent))
            else:
                targets.append(boxes[v].x)
                weights.append(0.05)
        gaps = [gap(a, b) for a, b in itertools.pairwise(layer)]
        for v, x in zip(layer, _isotonic(targets, weights, gaps)):
            boxes[v].x = x

    for _ in range(sweeps):
        for i in range(1, len(graph.order)):
            relax(graph.order[i], [graph.up])
        for i in range(len(graph.order) - 2, -1, -1):
            relax(graph.order[i], [graph.down])
    for layer in graph.order:
        relax(layer, [graph.up, graph.down])


def _clip(box: Box, toward: Point) -> Point:
    """The point where the segment from ``box``'s centre to ``toward`` leaves the box."""
    dx, dy = toward[0] - box.x, toward[1] - box.y
    if box.node is None or (dx == 0 and dy == 0):
        return box.x, box.y
    half_w, half_h = box.width / 2, box.height / 2
    if box.node.shape in ("ellipse", "circle"):
        t = 1 / math.sqrt((dx / half_w) ** 2 + (dy / half_h) ** 2)
    else:
        t = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
    t = min(t, 1.0)
    return box.x + t * dx, box.y + t * dy


def _route(spec: GraphSpec, graph: _Graph, boxes: dict[str, Box]) -> list[EdgePath]:
    paths = []
    for i, edge in enumerate(spec.edges):
        chain = graph.chains.get(i)
        if chain is None:  # a flat edge (same layer) or a self-loop
            chain = [edge.source, edge.target]
        if chain[0] != edge.source:
            chain = chain[::-1]
        centres = [(boxes[v].x, boxes[v].y) for v in chain]
        if edge.source == edge.target:
            continue
        points = [_clip(boxes[chain[0]], centres[1])]
        points += centres[1:-1]
        points.append(_clip(boxes[chain[-1]], centres[-2]))
        label_at = None
        holder = graph.label_holders.get(i)
        if holder is not None:
            label_at = (boxes[holder].x, boxes[holder].y)
        elif edge.label:  # a flat edge: the label goes at its middle
            label_at = ((points[0][0] + points[-1][0]) / 2, (points[0][1] + points[-1][1]) / 2)
        paths.append(EdgePath(edge, points, label_at))
    return paths


def _layer_gap(base: float, edges: Sequence[tuple[float, float]]) -> float:
    """Space between two rows: more when many or long slanted edges cross it.

    Lines then leave their boxes steeply enough to be told apart.
    """
    crowded = base * len(edges) / 12
    slanted = 0.2 * max((abs(a - b) for a, b in edges), default=0.0)
    return min(3 * base, max(base, crowded, slanted))


def layout(spec: GraphSpec, metrics: Metrics | None = None) -> Layout:
    """Place the nodes of ``spec`` in layers and route its edges (see the module docstring)."""
    metrics = metrics or Metrics()
    layer, down_edges = _layers(spec)
    labelled = any(e.label for e in spec.edges)
    if labelled:  # every edge gets a middle dummy; a labelled edge's holds its label
        layer = {v: 2 * k for v, k in layer.items()}
    graph = _proper_graph(spec, layer, down_edges)
    boxes: dict[str, Box] = {}
    for node in spec.nodes:
        width, height = node_size(node, metrics)
        boxes[node.id] = Box(node.id, node, width, height, layer[node.id])
    for k, members in enumerate(graph.order):
        for v in members:
            if v not in boxes:
                boxes[v] = Box(v, None, 0.0, 0.0, k)
    for i, holder in graph.label_holders.items():
        boxes[holder].width = len(spec.edges[i].label) * metrics.label_char_width + 8
        boxes[holder].height = metrics.label_line_height
    _reduce_crossings(graph)
    _place_x(graph, boxes, metrics)

    title_h = metrics.line_height * 1.5 if spec.title else 0.0
    base_gap = metrics.layer_gap / 2 if labelled else metrics.layer_gap
    y = metrics.margin + title_h
    gap = 0.0
    for k, members in enumerate(graph.order):
        height = max((boxes[v].height for v in members), default=0.0)
        for v in members:
            boxes[v].y = y + height / 2
        gap = _layer_gap(
            base_gap, [(boxes[v].x, boxes[w].x) for v in members for w in graph.down[v]]
        )
        y += height + (gap if k + 1 < len(graph.order) else 0.0)
    height_total = y + metrics.margin

    left = min((b.x - b.width / 2 for b in boxes.values()), default=0.0)
    for box in boxes.values():
        box.x += metrics.margin - left
    right = max((b.x + b.width / 2 for b in boxes.values()), default=0.0) + metrics.margin
    title_w = len(spec.title) * metrics.char_width + 2 * metrics.margin
    width_total = max(right, title_w)
    if title_w > right:  # centre the graph under a wide title
        for box in boxes.values():
            box.x += (title_w - right) / 2

    if spec.rankdir == "BT":
        for box in boxes.values():
            box.y = height_total + title_h - box.y
    edges = _route(spec, graph, boxes)
    real = {n.id: boxes[n.id] for n in spec.nodes}
    title_at = (width_total / 2, metrics.margin + metrics.line_height * 0.75) if title_h else None
    return Layout(width_total, height_total, real, edges, spec.title, title_at)
