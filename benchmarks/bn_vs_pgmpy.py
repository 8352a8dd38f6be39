"""Posterior queries on the ALARM network: symlearn's variable elimination vs pgmpy (and pyAgrum).

Every engine answers the same fixed queries P(X | evidence) on the ALARM
monitoring network (37 variables), read from the same BIF file that pgmpy
1.1.2 ships offline (pgmpy/utils/example_models/alarm.bif.gz), with the model
already loaded and the inference object built before timing:

* symlearn: ``symlearn.bayes.posterior(network, X, evidence)`` (variable
  elimination, min-fill order, barren-node and irrelevant-component pruning,
  computed afresh for every query);
* pgmpy: ``VariableElimination(model).query([X], evidence)``;
* pyAgrum (when installed): ``LazyPropagation`` with the query as its only
  target, evidence erased and set again for every query.  pyAgrum's BIF
  reader rounds probabilities to single precision, so its CPTs are refilled
  with the double-precision numbers of the file before timing.

Each query is timed ``--repeat`` times per engine (interleaved, after a
warm-up); the median is reported with the ratio peer / symlearn (above 1:
symlearn is faster) and the largest absolute difference between the
posteriors, which must stay below 1e-9.  Exit status 1 if it does not.

    python benchmarks/bn_vs_pgmpy.py [--repeat 50] [--json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from peers import BENCH_INSTALL, optional, require
from symlearn.bayes import BayesianNetwork, posterior, read_bif

QUERIES: list[tuple[str, dict[str, str]]] = [
    ("HISTORY", {"CVP": "LOW", "PCWP": "LOW"}),
    ("LVFAILURE", {"HRBP": "HIGH", "BP": "LOW", "CVP": "HIGH"}),
    ("HYPOVOLEMIA", {"CVP": "LOW", "BP": "LOW", "HR": "HIGH", "SAO2": "LOW"}),
    ("INTUBATION", {"SAO2": "LOW", "MINVOL": "ZERO"}),
    ("KINKEDTUBE", {"PRESS": "HIGH", "EXPCO2": "LOW", "HRSAT": "HIGH"}),
    ("ANAPHYLAXIS", {"BP": "LOW", "CO": "HIGH", "TPR": "LOW"}),
    ("PULMEMBOLUS", {"PAP": "HIGH", "SAO2": "LOW", "EXPCO2": "NORMAL"}),
    ("DISCONNECT", {"VENTALV": "ZERO", "MINVOL": "ZERO", "PRESS": "LOW", "SAO2": "LOW"}),
]

TOLERANCE = 1e-9


def alarm_path() -> str:
    pgmpy = require("pgmpy")
    return os.path.join(os.path.dirname(pgmpy.__file__), "utils", "example_models", "alarm.bif.gz")


def median_ms(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000.0


def symlearn_engine(network: BayesianNetwork) -> Callable[[str, dict[str, str]], dict[str, float]]:
    return lambda variable, evidence: posterior(network, variable, evidence)


def pgmpy_engine(path: str) -> Callable[[str, dict[str, str]], dict[str, float]]:
    from pgmpy.inference import VariableElimination
    from pgmpy.readwrite import BIFReader

    with gzip.open(path, "rt") as handle:
        model = BIFReader(string=handle.read()).get_model()
    engine = VariableElimination(model)

    def query(variable: str, evidence: dict[str, str]) -> dict[str, float]:
        factor = engine.query([variable], evidence=evidence, show_progress=False)
        return dict(zip(factor.state_names[variable], map(float, factor.values)))

    return query


def pyagrum_engine(
    path: str, network: BayesianNetwork
) -> Callable[[str, dict[str, str]], dict[str, float]] | None:
    gum = optional("pyagrum")
    if gum is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        plain = os.path.join(folder, "alarm.bif")
        with gzip.open(path, "rt") as source, open(plain, "w") as target:
            target.write(source.read())
        bn = gum.loadBN(plain)
    for name in network.variables:  # the file's numbers in double precision
        parents = network.parents(name)
        for states, probabilities in network.rows(name):
            if parents:
                bn.cpt(name)[dict(zip(parents, states))] = list(probabilities)
            else:
                bn.cpt(name).fillWith(list(probabilities))
    engine = gum.LazyPropagation(bn)

    def query(variable: str, evidence: dict[str, str]) -> dict[str, float]:
        engine.eraseAllEvidence()
        engine.setTargets({variable})
        engine.setEvidence(evidence)
        engine.makeInference()
        values = engine.posterior(variable).tolist()
        return dict(zip(bn.variable(variable).labels(), map(float, values)))

    return query


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="timed runs per query and engine")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    path = alarm_path()
    network = read_bif(path)
    engines = {"symlearn": symlearn_engine(network), "pgmpy": pgmpy_engine(path)}
    agrum = pyagrum_engine(path, network)
    if agrum is not None:
        engines["pyagrum"] = agrum

    rows = []
    for variable, evidence in QUERIES:
        answers = {name: engine(variable, evidence) for name, engine in engines.items()}  # warm-up
        times = {
            name: median_ms(lambda e=engine, v=variable, ev=evidence: e(v, ev), args.repeat)
            for name, engine in engines.items()
        }
        ours = answers["symlearn"]
        differences = {
            name: max(abs(ours[s] - answer[s]) for s in ours)
            for name, answer in answers.items()
            if name != "symlearn"
        }
        rows.append(
            {
                "query": f"P({variable} | "
                + ", ".join(f"{k}={v}" for k, v in evidence.items())
                + ")",
                "posterior": ours,
                "ms": times,
                "ratio": {n: times[n] / times["symlearn"] for n in engines if n != "symlearn"},
                "max_abs_difference": differences,
            }
        )

    worst = max(d for row in rows for d in row["max_abs_difference"].values())
    pgmpy_ratios = [row["ratio"]["pgmpy"] for row in rows]
    summary = {
        "network": f"ALARM ({len(network)} variables) from {path}",
        "repeat": args.repeat,
        "queries": rows,
        "min_ratio_pgmpy": min(pgmpy_ratios),
        "geometric_mean_ratio_pgmpy": statistics.geometric_mean(pgmpy_ratios),
        "largest_abs_difference": worst,
        "agreement": worst < TOLERANCE,
    }
    if "pyagrum" in engines:
        agrum_ratios = [row["ratio"]["pyagrum"] for row in rows]
        summary["geometric_mean_ratio_pyagrum"] = statistics.geometric_mean(agrum_ratios)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        names = list(engines)
        print(summary["network"])
        print(f"median of {args.repeat} runs per query, model loaded; ratio = peer / symlearn")
        header = f"{'query':<72}" + "".join(f"{n + ' ms':>12}" for n in names)
        header += "".join(f"{'x ' + n:>11}" for n in names[1:]) + f"{'max |diff|':>12}"
        print(header)
        for row in rows:
            line = f"{row['query']:<72}" + "".join(f"{row['ms'][n]:>12.3f}" for n in names)
            line += "".join(f"{row['ratio'][n]:>11.2f}" for n in names[1:])
            line += f"{max(row['max_abs_difference'].values()):>12.1e}"
            print(line)
        print(
            f"pgmpy / symlearn: min {summary['min_ratio_pgmpy']:.2f}, "
            f"geometric mean {summary['geometric_mean_ratio_pgmpy']:.2f}"
        )
        if "pyagrum" in engines:
            agrum_mean = summary["geometric_mean_ratio_pyagrum"]
            print(f"pyAgrum / symlearn: geometric mean {agrum_mean:.2f}")
        else:
            print(f"pyAgrum is not installed ({BENCH_INSTALL}): not run")
        relation = "<" if worst < TOLERANCE else ">="
        print(f"largest absolute difference {worst:.1e} ({relation} 1e-9)")
    return 0 if worst < TOLERANCE else 1


if __name__ == "__main__":
    sys.exit(main())
