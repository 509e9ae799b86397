"""Benchmark: `solve --cluster local:2` against `solve --jobs 2`, the cost of a
Dask task, and the client's memory on a long stream.

- Throughput (cases per second, wall time of the installed console script) of
  `--jobs 2` and `--cluster local:2` on the hard file of bench_solve.py
  (made and cached the same way), outputs compared byte for byte.
- Per-task cost on a local cluster of two worker processes: the round trip of
  one empty task, and the pipelined cost per empty task with many in flight.
- Peak resident memory of the client (the console script's own process: with
  `local`, scheduler included) on a generated stream of the judge's sample
  cases fed through a pipe, every answer checked.

    python benchmarks/bench_cluster.py [--cases 2500] [--stream 200000]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench_solve import HERE, machine, make_cases
from bench_stream import checked_cases

from squiggly_cp import read_hdu, write_hdu
from squiggly_cp.execution.cluster import Address, connect
from squiggly_cp.execution.local import run_batch

DATA = HERE.parent / "data"
EXE = shutil.which("squiggly-cp", path=str(Path(sys.executable).parent)) or "squiggly-cp"


def _nothing(x: object) -> object:
    return x


def task_cost(tasks: int = 400) -> tuple[float, float, float]:
    """Seconds: start-up of a local cluster of 2, one task's round trip
    (median), and the cost per task with all of ``tasks`` in flight."""
    start = time.perf_counter()
    with connect(Address(workers=2)) as client:
        startup = time.perf_counter() - start
        client.gather([client.submit(run_batch, _nothing, [1], pure=False) for _ in range(20)])
        trips = []
        for _ in range(50):
            start = time.perf_counter()
            client.submit(run_batch, _nothing, [1], pure=False).result()
            trips.append(time.perf_counter() - start)
        start = time.perf_counter()
        client.gather([client.submit(run_batch, _nothing, [1], pure=False) for _ in range(tasks)])
        return startup, statistics.median(trips), (time.perf_counter() - start) / tasks


def wall(args: list[str], path: Path) -> tuple[float, bytes]:
    start = time.perf_counter()
    done = subprocess.run([EXE, *args, str(path)], capture_output=True, check=False)
    if done.returncode:
        sys.exit(f"squiggly-cp {' '.join(args)} failed: {done.stderr.decode()[-500:]}")
    return time.perf_counter() - start, done.stdout


def stream_peak(cases: int, args: list[str], trace: float = 0.0) -> tuple[float, float]:
    """Wall seconds and the client's peak RSS (MiB) for ``cases`` sample cases piped in;
    with ``trace``, the resident memory is printed every ``trace`` seconds too."""
    sample = (DATA / "hdu4069-sample.in").read_text().split()
    bodies = [" ".join(sample[1 + k * 81 : 1 + (k + 1) * 81]) + "\n" for k in range(3)]
    answers = [b.split(":", 1)[1] for b in (DATA / "hdu4069-sample.out").read_text().split("Case ")[1:]]
    start = time.perf_counter()
    proc = subprocess.Popen([EXE, "solve", *args, "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    peak = [0.0]

    def feed() -> None:
        assert proc.stdin is not None
        proc.stdin.write(f"{cases}\n".encode())
        for first in range(0, cases, 3000):
            count = min(3000, cases - first)
            proc.stdin.write("".join(bodies[(first + k) % 3] for k in range(count)).encode())
        proc.stdin.close()

    def watch() -> None:
        status = Path(f"/proc/{proc.pid}/status")
        shown = time.perf_counter()
        while proc.poll() is None:
            try:
                fields = dict(line.split(":", 1) for line in status.read_text().splitlines())
            except (OSError, ValueError):
                return
            peak[0] = max(peak[0], int(fields["VmHWM"].split()[0]) / 1024)
            if trace and time.perf_counter() - shown >= trace:
                shown = time.perf_counter()
                rss = int(fields["VmRSS"].split()[0]) / 1024
                print(f"  {shown - start:6.0f} s: RSS {rss:.0f} MiB, peak {peak[0]:.0f} MiB", flush=True)
            time.sleep(0.5)

    threads = [threading.Thread(target=feed), threading.Thread(target=watch)]
    for thread in threads:
        thread.start()
    assert proc.stdout is not None
    seen = checked_cases(proc.stdout, answers)
    for thread in threads:
        thread.join()
    if proc.wait() or seen != cases:
        sys.exit("not every case was answered")
    return time.perf_counter() - start, peak[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=4069)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--stream", type=int, default=1_000_000)
    parser.add_argument("--cache", type=Path, default=HERE / ".cache")
    parser.add_argument(
        "--corpus", action="store_true", help="the corpus repeated to --cases instead of generated hard cases"
    )
    parser.add_argument("--stream-only", help="only the stream, with these options (e.g. 'local:2')")
    parser.add_argument("--trace", type=float, default=0.0, help="print the client's RSS every this many s")
    args = parser.parse_args()
    if args.stream_only:
        print(machine())
        seconds, peak = stream_peak(args.stream, ["--cluster", args.stream_only], args.trace)
        print(
            f"stream of {args.stream} cases, solve --cluster {args.stream_only}: {seconds:.0f} s "
            f"({args.stream / seconds:.0f} cases/s); client peak RSS {peak:.0f} MiB"
        )
        return

    startup, trip, per_task = task_cost()
    print(
        f"local cluster of 2: start-up {startup:.1f} s; one empty task's round trip {trip * 1e3:.1f} ms "
        f"(median of 50); with 400 in flight {per_task * 1e3:.2f} ms per task"
    )
    if args.corpus:
        path = args.cache / f"corpus-{args.cases}.txt"
        puzzles = [case.puzzle for case in read_hdu(DATA / "corpus.in")]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_hdu([puzzles[k % len(puzzles)] for k in range(args.cases)]))
    else:
        path = args.cache / f"hard-{args.seed}-{args.cases}.txt"
        make_cases(path, args.cases, args.seed)
    print(machine())
    reference = None
    for options in (["--jobs", "2"], ["--cluster", "local:2"]):
        walls = []
        for _ in range(args.runs):
            seconds, out = wall(["solve", *options], path)
            reference = reference or out
            if out != reference:
                sys.exit(f"{options}: output differs from --jobs 2")
            walls.append(seconds)
        best, median = min(walls), statistics.median(walls)
        print(
            f"solve {' '.join(options)}: median {median:.2f} s ({args.cases / median:.0f} cases/s), "
            f"best {best:.2f} s ({args.cases / best:.0f} cases/s), over {args.runs} runs"
        )
    for options in (["--jobs", "2"], ["--cluster", "local:2"]):
        seconds, peak = stream_peak(args.stream, options)
        print(
            f"stream of {args.stream} cases, solve {' '.join(options)}: {seconds:.0f} s "
            f"({args.stream / seconds:.0f} cases/s); client peak RSS {peak:.0f} MiB"
        )


if __name__ == "__main__":
    main()
