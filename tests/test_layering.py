"""The package's layering (docs/design.md, "Layers"), checked on every import statement.

Each package of ``symlearn`` may import only the packages below it; the
learner families do not import one another; nothing imports the command line.
A violation names the importing module, the line and the imported module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import symlearn

PACKAGE = Path(symlearn.__file__).parent

# What each part of symlearn may import (besides itself).  Keep in step with
# docs/design.md.
BASE = {"errors", "files", "lazy"}
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "files": {"errors"},
    "lazy": set(),
    "logic": BASE,
    "kb": BASE | {"logic"},
    "data": BASE | {"logic"},
    "hypotheses": BASE | {"logic", "data"},
    "evaluation": BASE | {"logic", "data"},
    "online": BASE,
    "engine": BASE | {"logic", "kb"},
    "render": BASE | {"logic", "data", "hypotheses"},
    "backends": BASE | {"logic", "kb", "data", "engine"},
    "learning": BASE
    | {"files", "logic", "kb", "data", "hypotheses", "evaluation", "engine", "backends"},
}
BELOW_FAMILIES = ALLOWED["learning"] | {"learning", "render", "online"}
FAMILIES = {
    "learners.concepts": BELOW_FAMILIES,
    "learners.trees": BELOW_FAMILIES,
    "learners.rules": BELOW_FAMILIES,
    "ilp": BELOW_FAMILIES,
    "bayes": BELOW_FAMILIES,
    "learners.instances": BELOW_FAMILIES,
    "learners.linear": BELOW_FAMILIES,
    "learners.association": BELOW_FAMILIES,
    "learners.clustering": BELOW_FAMILIES,
    "learners.ensembles": BELOW_FAMILIES,
    "learners.unlabelled": BELOW_FAMILIES,
}
ALLOWED.update(FAMILIES)
# bayes/ is split into sub-families as learners/ is; each imports only what it must.
ALLOWED["bayes.marginals"] = BELOW_FAMILIES  # the JSON both answer paths print
ALLOWED["bayes.given"] = BELOW_FAMILIES  # queries and evidence as the command line gives them
ALLOWED["bayes.graphs"] = BELOW_FAMILIES  # cycles, orders, components (networkx's cost to import)
ALLOWED["bayes.networks"] = BELOW_FAMILIES | {"bayes.marginals", "bayes.given", "bayes.graphs"}
ALLOWED["bayes.problog"] = BELOW_FAMILIES | {"bayes.marginals", "bayes.graphs"}
ALLOWED["bayes.problog"] |= {"bayes.given"}  # PROGRAM_METHODS, beside NETWORK_METHODS
ALLOWED["bayes.naive"] = BELOW_FAMILIES | {"bayes.networks"}  # its model is a network
ALLOWED["bayes.map"] = BELOW_FAMILIES
ALLOWED["bayes.mixtures"] = BELOW_FAMILIES
ALLOWED["bayes.answer"] = BELOW_FAMILIES | {"bayes.networks", "bayes.problog", "bayes.given"}
ALLOWED["bayes.tasks"] = BELOW_FAMILIES | {"bayes.problog", "bayes.given"}  # symlearn problog
BAYES_PARTS = {part for part in ALLOWED if part.startswith("bayes.")}
# bayes/__init__.py names the entry points lazily
ALLOWED["bayes"] = ALLOWED["bayes"] | BAYES_PARTS
ALLOWED["lattice"] = BELOW_FAMILIES | {"learners.concepts"}
ALLOWED["bounds"] = BELOW_FAMILIES | {"learners.concepts"}
ALLOWED["export"] = BELOW_FAMILIES | {"ilp"}
ALLOWED["estimators"] = BELOW_FAMILIES  # the learners through the registry
ABOVE_ALL = set(ALLOWED) | {"lattice", "bounds", "export", "estimators"}
ALLOWED["cli"] = ABOVE_ALL
ALLOWED["learners"] = set()  # the package itself only groups the families
ALLOWED["__main__"] = {"cli"}


def part_of(module: str) -> str | None:
    """The layer a ``symlearn.…`` module belongs to (None for the top-level package)."""
    parts = module.split(".")[1:]
    if not parts:
        return None
    if parts[0] == "learners" and len(parts) > 1:
        return f"learners.{parts[1]}"
    if parts[0] == "bayes" and len(parts) > 1:
        return f"bayes.{parts[1]}"
    return parts[0]


def imports(path: Path) -> list[tuple[int, str]]:
    """The ``symlearn`` modules a file imports, with line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "symlearn":
                found += [(node.lineno, f"symlearn.{a.name}") for a in node.names]
            elif node.module.startswith("symlearn."):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("symlearn.")]
    return found


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "grammars" not in p.parts)


def test_every_part_has_a_rule() -> None:
    parts = {part_of(module_name(p)) for p in SOURCES} - {None}
    assert parts <= set(ALLOWED), sorted(parts - set(ALLOWED))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_imports_follow_the_layers(path: Path) -> None:
    own = part_of(module_name(path))
    if own is None:
        return  # symlearn/__init__.py re-exports the public API lazily
    allowed = ALLOWED[own] | {own}
    bad = [
        f"{module_name(path)}:{line} imports {target}"
        for line, target in imports(path)
        if part_of(target) not in allowed
    ]
    assert not bad, "\n".join(bad)
