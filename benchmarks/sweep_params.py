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

# Changes from the baseline (the project's parameters as they were before the sweep).
BASELINE = {
    "num_workers": 1,
    "cp_model_presolve": False,
    "linearization_level": 0,
    "symmetry_level": 0,
    "cp_model_probing_level": 0,
    "catch_sigint_signal": False,
}
CONFIGS: dict[str, dict[str, object]] = {
    "baseline (before the sweep)": {},
    "use_sat_inprocessing=False": {"use_sat_inprocessing": False},
    "inproc off, search_branching=FIXED_SEARCH": {
        "use_sat_inprocessing": False,
        "search_branching": "FIXED_SEARCH",
    },
    "inproc off, search_branching=PORTFOLIO_WITH_QUICK_RESTART": {
        "use_sat_inprocessing": False,
        "search_branching": "PORTFOLIO_WITH_QUICK_RESTART_SEARCH",
    },
    "inproc off, max_presolve_iterations=1": {"use_sat_inprocessing": False, "max_presolve_iterations": 1},
    "inproc off, cp_model_presolve=True": {"use_sat_inprocessing": False, "cp_model_presolve": True},
    "inproc off, use_optional_variables=False": {
        "use_sat_inprocessing": False,
        "use_optional_variables": False,
    },
    "inproc off, add_lp_constraints_lazily=False": {
        "use_sat_inprocessing": False,
        "add_lp_constraints_lazily": False,
    },
    "inproc off, minimization_algorithm=NONE": {
        "use_sat_inprocessing": False,
        "minimization_algorithm": "NONE",
    },
    "inproc off, binary_minimization_algorithm=NO": {
        "use_sat_inprocessing": False,
        "binary_minimization_algorithm": "NO_BINARY_MINIMIZATION",
    },
    "inproc off, log_search_progress off, fill_tightened_domains off": {
        "use_sat_inprocessing": False,
        "fill_tightened_domains_in_response": False,
    },
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
