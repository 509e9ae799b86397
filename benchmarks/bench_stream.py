"""Benchmark: a 1,000,000-case stream through `squiggly-cp solve -` in bounded memory.

Feeds T = 1,000,000 cases (the judge's three sample cases over and over) to
the installed console script through a pipe, without ever holding the input
or the output whole, checks every answer against the judge's expected output,
and reports the wall time and the peak resident memory of the largest
process (the parent or a worker).

    python benchmarks/bench_stream.py [--cases N] [--jobs J]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

DATA = Path(__file__).resolve().parent.parent / "data"


def checked_cases(stream: IO[bytes], answers: list[str]) -> int:
    """How many cases the judge output ``stream`` holds; exits if case k is
    not ``answers[(k - 1) % len(answers)]`` (the text after "Case k:")."""
    seen = 0
    block: list[str] = []
    for raw in stream:
        line = raw.decode()
        if line.startswith("Case ") and block:
            seen += 1
            if "".join(block) != f"Case {seen}:" + answers[(seen - 1) % len(answers)]:
                sys.exit(f"wrong answer for case {seen}")
            block = []
        block.append(line)
    return seen + bool(block)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()

    sample = (DATA / "hdu4069-sample.in").read_text().split()
    bodies = [" ".join(sample[1 + k * 81 : 1 + (k + 1) * 81]) + "\n" for k in range(3)]
    answers = [
        block.split(":", 1)[1] for block in (DATA / "hdu4069-sample.out").read_text().split("Case ")[1:]
    ]
    exe = shutil.which("squiggly-cp", path=str(Path(sys.executable).parent)) or "squiggly-cp"
    start = time.perf_counter()
    proc = subprocess.Popen(
        [exe, "solve", "--jobs", str(args.jobs), "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )

    def feed() -> None:
        assert proc.stdin is not None
        proc.stdin.write(f"{args.cases}\n".encode())
        for start_case in range(0, args.cases, 3000):
            count = min(3000, args.cases - start_case)
            proc.stdin.write("".join(bodies[(start_case + k) % 3] for k in range(count)).encode())
        proc.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    assert proc.stdout is not None
    seen = checked_cases(proc.stdout, answers)
    writer.join()
    status = proc.wait()
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"{seen} cases answered (exit {status}) in {wall:.1f} s with --jobs {args.jobs}; "
        f"peak RSS of the largest process {peak:.0f} MiB"
    )
    if seen != args.cases or status != 0:
        sys.exit("not every case was answered")


if __name__ == "__main__":
    main()
