"""Sweep CP-SAT parameters on a file of cases: per-case time of `cpsat.solve`.

Each configuration is the project's parameters (`squiggly_cp.sat.run._PARAMETERS`)
with some changed. Every configuration decides every case in turn, in
rotating order, in one process (so machine noise hits all alike), and their
verdicts and solutions must agree on every case.

    python benchmarks/sweep_params.py benchmarks/.cache/hard-4069-2500.txt
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable
from pathlib import Path

from bench_solve import percentile, time_variants

from squiggly_cp import Puzzle, Result
from squiggly_cp.engines import cpsat
from squiggly_cp.sat import run as solver

# Changes from the baseline: the project's parameters (`squiggly_cp.sat.run._PARAMETERS`).
# The first sweep (2026-11-30, recorded in RESULTS.md) started from these without
# use_sat_inprocessing=False and adopted it.
BASELINE = dict(solver._PARAMETERS)
CONFIGS: dict[str, dict[str, object]] = {
    "baseline (the project's parameters)": {},
    "cp_model_presolve=True": {"cp_model_presolve": True},
    "cp_model_presolve=True, max_presolve_iterations=1": {
        "cp_model_presolve": True,
        "max_presolve_iterations": 1,
    },
    "linearization_level=1": {"linearization_level": 1},
    "linearization_level=2": {"linearization_level": 2},
    "symmetry_level=1": {"symmetry_level": 1},
    "symmetry_level=2": {"symmetry_level": 2},
    "cp_model_probing_level=1": {"cp_model_probing_level": 1},
    "use_sat_inprocessing=True": {"use_sat_inprocessing": True},
    "search_branching=FIXED_SEARCH": {"search_branching": "FIXED_SEARCH"},
    "search_branching=PORTFOLIO_WITH_QUICK_RESTART": {
        "search_branching": "PORTFOLIO_WITH_QUICK_RESTART_SEARCH"
    },
    "minimization_algorithm=NONE": {"minimization_algorithm": "NONE"},
    "binary_minimization_algorithm=NO": {"binary_minimization_algorithm": "NO_BINARY_MINIMIZATION"},
    "use_optional_variables=False": {"use_optional_variables": False},
    "fill_tightened_domains_in_response=False": {"fill_tightened_domains_in_response": False},
}


def _with(parameters: dict[str, object]) -> Callable[[Puzzle], Result]:
    def decide(puzzle: Puzzle) -> Result:
        solver._PARAMETERS = {**BASELINE, **parameters}
        return cpsat.solve(puzzle)

    return decide


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--only", nargs="*", help="names of configurations to run (default: all)")
    args = parser.parse_args()
    configs = {k: _with(v) for k, v in CONFIGS.items() if not args.only or k in args.only}
    times = time_variants(args.file, configs)
    base = statistics.median(next(iter(times.values())))
    print("| configuration | median (ms) | p99 (ms) | total (s) | median / baseline |")
    print("|---|---|---|---|---|")
    for name, t in times.items():
        med = statistics.median(t)
        p99 = percentile(t, 0.99)
        print(f"| {name} | {med * 1e3:.2f} | {p99 * 1e3:.2f} | {sum(t):.2f} | {med / base:.2f} |")


if __name__ == "__main__":
    main()
