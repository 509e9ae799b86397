"""Benchmark: every command's first answer and peak memory on a large input, per format.

Makes (and caches) an input of --cases puzzles (the judge's three sample
puzzles over and over) in each of hdu, line, grid and fpuzzles, then for each
command and format runs the installed console script on it and reports the
seconds to its first line of output and its peak resident memory while it
runs (VmHWM from /proc); each run is stopped after its first --lines lines,
except `convert`, which runs to the end (its wall time is reported too).

    python benchmarks/bench_first_answer.py [--cases 150000] [--lines 100]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from squiggly_cp import read_hdu
from squiggly_cp.formats.detect import write_puzzles

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
EXE = shutil.which("squiggly-cp", path=str(Path(sys.executable).parent)) or "squiggly-cp"
COMMANDS = [
    ["convert", "--to", "line"],
    ["convert", "--to", "hdu"],
    ["solve"],
    ["rate"],
    ["logic"],
    ["layout"],
    ["explain"],
    ["count"],
    ["show"],
    ["hint"],
]


def make_input(path: Path, fmt: str, cases: int) -> None:
    if path.exists():
        return
    sample = [case.puzzle for case in read_hdu(DATA / "hdu4069-sample.in")]
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as out:
        if fmt == "hdu":
            out.write(f"{cases}\n")
        for first in range(0, cases, 3000):
            block = [sample[k % 3] for k in range(first, min(cases, first + 3000))]
            text = write_puzzles(block, fmt)
            if fmt == "hdu":
                text = text.split("\n", 1)[1]
            if first and fmt in ("hdu", "grid"):
                text = "\n" + text
            out.write(text)


def measure(args: list[str], path: Path, lines: int) -> tuple[float, float, float]:
    """Seconds to the first line, seconds to the end (or to ``lines`` lines), peak RSS in MiB."""
    start = time.perf_counter()
    proc = subprocess.Popen([EXE, *args, str(path)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    peak = [0.0]

    def watch() -> None:
        status = Path(f"/proc/{proc.pid}/status")
        while proc.poll() is None:
            try:
                for line in status.read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        peak[0] = max(peak[0], int(line.split()[1]) / 1024)
            except OSError:
                return
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    assert proc.stdout is not None
    first = 0.0
    for count, _ in enumerate(proc.stdout, 1):
        if count == 1:
            first = time.perf_counter() - start
        if count >= lines and args[0] != "convert":
            break
    end = time.perf_counter() - start
    proc.kill()
    proc.wait()
    watcher.join()
    return first, end, peak[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=150_000)
    parser.add_argument("--lines", type=int, default=100)
    parser.add_argument("--formats", default="hdu,line,grid,fpuzzles")
    parser.add_argument("--cache", type=Path, default=HERE / ".cache")
    args = parser.parse_args()
    print(f"{args.cases} cases; first line (s), time to line {args.lines} or the end (s), peak RSS (MiB)")
    for fmt in args.formats.split(","):
        path = args.cache / f"sample-{args.cases}.{fmt}"
        make_input(path, fmt, args.cases)
        print(f"{fmt} ({path.stat().st_size / 2**20:.0f} MiB):")
        for command in COMMANDS:
            first, end, peak = measure(command, path, args.lines)
            print(f"  {' '.join(command):20} first {first:6.2f} s  then {end:7.2f} s  peak {peak:5.0f} MiB")


if __name__ == "__main__":
    main()
