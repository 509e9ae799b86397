"""Load on the workbench (`squiggly-cp serve`, issue 31): CLIENTS clients
each sending `POST /api/analyse` requests back to back for SECONDS seconds,
on 9x9 puzzles like those a setter publishes.

    python benchmarks/bench_workbench.py                 # 20 clients, 60 s a phase
    python benchmarks/bench_workbench.py --clients 5 --seconds 10
    python benchmarks/bench_workbench.py --pace 3 --variants   # variant puzzles in the mix too
    python benchmarks/bench_workbench.py --pace 3 --variants everyday   # near-minimal ones

The puzzles are made here, from a fixed seed, by the generator: 100 unique
9x9 jigsaws with 180-degree clue symmetry, 30 easy, 30 medium, 25 hard and
15 fiendish (`generate --difficulty`), as a puzzle book would mix them; and
the same puzzles with three givens taken out, most of them no longer unique,
as a grid looks while it is being set. Two phases, each for SECONDS:

- check: verdict and true candidates (``"rate": false``, ``"fix": false``,
  ``"shrink": false``), on both sets;
- rate:  the same plus the rating on Sudoku Explainer's scale (``"scale": "se"``),
  on the unique set; with ``--both-scales``, each followed by the same on
  our scale (tagged ``..., ours``), as the page asks for both.

For each phase: requests answered (200) and refused (503, the pool full),
any other status (there should be none), p50 / p95 / max latency of the
answered ones, how many answers the time limit cut short (a 200 with the
verdict "unknown", or with no rating where one was asked of a unique
puzzle), and the server's memory (the proportional set size, PSS, of
the server and all its worker processes, read from /proc each second: start,
end and peak). The reference, measured in the same run: the same answers
computed in this process, one at a time, with no HTTP and no queue
(`squiggly_cp.web.answers.answer`), whose p50 / p95 show the cost of the work
itself (per row: the same requests as the row's). Linux only (/proc).

With ``--variants`` a variant set goes in as well, made by our own
generator (benchmarks/variants/make_sets.py): ``book`` (the default) or
``everyday`` (``--variants everyday``). Both hold 20 killer, 20
arrow, 20 thermo, 20 kropki and 20 XV, half on boxes, half on jigsaws.
In ``everyday`` each has near-minimal givens, as published puzzles do, which
makes every arrow and thermometer one hard (SE 6.7-11, most needing forcing
nets); ``book`` is the same set at the plain jigsaws' mix of levels (its
arrows and thermometers given new givens at 6 easy, 6 medium, 5 hard and 3
fiendish of each 20), as a book of variant puzzles would mix them. Each is
sent as the page sends a variant (f-puzzles JSON: the grid with each
cell's region and given, then the rules' f-puzzles keys), shuffled in with
the jigsaws (a seeded shuffle, so that every kind comes throughout a
phase): in check, as it is and with three clues out (three givens, or
rules to make up three where it has fewer givens: a cage, a line or a dot,
never a global rule such as kropki's negative constraint), tagged by kind
(``killer``, ``killer, 3 out``...); in rate, as it is. Under a negative
constraint a dot taken out is a rule added (those two cells may no longer
be consecutive, or sum to 10), so most kropki and XV grids with three out
have no solution, as a grid does while its dots are being placed.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from variants.sets import read_any

from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import NoOtherDots
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.formats.fpuzzles_rules import write_rules
from squiggly_cp.make.generate import generate
from squiggly_cp.make.targets import level_range, rating_target
from squiggly_cp.web.answers import answer

MIX = (("easy", 30), ("medium", 30), ("hard", 25), ("fiendish", 15))
QUICK = {"rate": False, "fix": False, "shrink": False}
"""The check phase's request: the verdict and true candidates (a conflict
unshrunk: the page asks for it shrunk afterwards, as for the fix; before
2026-12-06 the check shrank it, and RESULTS.md's runs before then did)."""


def puzzles(seed: int) -> tuple[list[str], list[str], list[str]]:
    """The unique puzzles, the same with three givens taken out (line
    form), and each unique puzzle's level (on the default scale)."""
    unique, levels = [], []
    for level, count in MIX:
        target = rating_target(*level_range(level))
        for outcome in generate(seed, count, ("unique",), 9, symmetry="rot2", target=target, time_limit=60):
            if outcome.puzzle is not None:
                unique.append(write_puzzles([outcome.puzzle], "line").strip())
                levels.append(level)
    rng = random.Random(seed)
    loosened = []
    for line in unique:
        cells = list(line)
        for cell in rng.sample([c for c in range(81) if cells[c] != "."], 3):
            cells[cell] = "."
        loosened.append("".join(cells))
    return unique, loosened, levels


def page_text(puzzle: Puzzle) -> str:
    """The puzzle as the page sends a variant (its `fpuzzlesText` without a
    position): each cell's region and given, then the rules' f-puzzles keys."""
    n = puzzle.size
    grid = []
    for r in range(n):
        row: list[dict] = []
        for i in range(r * n, r * n + n):
            given = {"value": puzzle.givens[i], "given": True} if puzzle.givens[i] else {}
            row.append({"region": puzzle.regions[i], **given})
        grid.append(row)
    return json.dumps({"size": n, "grid": grid, **write_rules(puzzle)}, separators=(",", ":"))


def three_out(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """The puzzle with three clues taken out: givens, then (where it has
    fewer than three) cages, lines or dots, never a global rule."""
    givens = list(puzzle.givens)
    placed = [c for c, d in enumerate(givens) if d]
    for cell in rng.sample(placed, min(3, len(placed))):
        givens[cell] = 0
    local = [k for k, rule in enumerate(puzzle.rules) if not isinstance(rule, NoOtherDots)]
    dropped = set(rng.sample(local, 3 - min(3, len(placed))))
    rules = tuple(rule for k, rule in enumerate(puzzle.rules) if k not in dropped)
    return replace(puzzle, givens=tuple(givens), rules=rules)


def variant_bodies(
    seed: int, name: str = "everyday"
) -> tuple[list[tuple[str, dict]], list[tuple[str, dict]]]:
    """A variant set's check bodies (each puzzle, then it with three clues
    out) and rate bodies, tagged by kind."""
    rng = random.Random(seed)
    check, rate = [], []
    for group, entries in read_any(name).items():
        kind = group.split("-")[0]  # killer-box and killer-jigsaw: killer
        for entry in entries:
            text = page_text(entry.puzzle)
            check.append((kind, {"puzzle": text, **QUICK}))
            check.append((f"{kind}, 3 out", {"puzzle": page_text(three_out(entry.puzzle, rng)), **QUICK}))
            rate.append((kind, {"puzzle": text, "scale": "se"}))
    return check, rate


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (the forkserver and its workers)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out, todo = [], [pid]
    while todo:
        here = todo.pop()
        out.append(here)
        todo += children.get(here, [])
    return out


def pss_mib(pid: int) -> float:
    total = 0
    for proc in descendants(pid):
        try:
            text = Path(f"/proc/{proc}/smaps_rollup").read_text()
        except OSError:
            continue
        found = re.search(r"^Pss:\s+(\d+) kB", text, re.MULTILINE)
        total += int(found.group(1)) if found else 0
    return total / 1024


def start_server(workers: int | None) -> tuple[subprocess.Popen[str], str, int]:
    here = Path(sys.executable).parent / "squiggly-cp"  # beside this interpreter first, then on PATH
    command = [
        str(here) if here.exists() else shutil.which("squiggly-cp") or "squiggly-cp",
        "serve",
        "--port",
        "0",
    ]
    if workers:
        command += ["--workers", str(workers)]
    proc = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r"http://([^:/]+):(\d+)", line)
    if found is None:
        sys.exit(f"serve did not start: {line}")
    time.sleep(1.0)  # the workers come up
    return proc, found.group(1), int(found.group(2))


def phase(
    host: str,
    port: int,
    bodies: list[tuple[str, dict]],
    clients: int,
    seconds: float,
    server: int,
    pace: float,
) -> dict:
    """Each client's requests, back to back or at ``pace``: the latencies of
    the answered ones by the tag of their body, the statuses, and the memory
    each second."""
    latencies: dict[str, list[float]] = {}
    statuses: dict[int, int] = {}
    unfinished: dict[str, int] = {}
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds
    reconnected = [0]

    def send(connection: http.client.HTTPConnection, body: bytes) -> tuple[http.client.HTTPResponse, bytes]:
        connection.request("POST", "/api/analyse", body, {"Content-Type": "application/json"})
        reply = connection.getresponse()
        return reply, reply.read()

    def client(k: int) -> None:
        connection = http.client.HTTPConnection(host, port, timeout=120)
        think = random.Random(k)
        i = k
        while time.monotonic() < stop_at:
            if pace:
                time.sleep(think.uniform(0.5 * pace, 1.5 * pace))
            tag, body_object = bodies[i % len(bodies)]
            body = json.dumps(body_object).encode()  # one send: no Nagle delay
            i += clients
            start = time.perf_counter()
            try:
                reply, data = send(connection, body)
            except (http.client.RemoteDisconnected, ConnectionError):
                # The server closed the connection, idle past connections.IDLE
                # (the pause plus a busy loop): open another, as a browser does.
                with lock:
                    reconnected[0] += 1
                connection.close()
                connection = http.client.HTTPConnection(host, port, timeout=120)
                start = time.perf_counter()
                reply, data = send(connection, body)
            took = time.perf_counter() - start
            cut = reply.status == 200 and not finished(body_object, json.loads(data))
            with lock:
                statuses[reply.status] = statuses.get(reply.status, 0) + 1
                if reply.status == 200:
                    latencies.setdefault(tag, []).append(took)
                if cut:
                    unfinished[tag] = unfinished.get(tag, 0) + 1
        connection.close()

    memory = [pss_mib(server)]
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        time.sleep(1.0)
        memory.append(pss_mib(server))
    memory.append(pss_mib(server))
    return {
        "latencies": latencies,
        "statuses": statuses,
        "memory": memory,
        "unfinished": unfinished,
        "reconnected": reconnected[0],
    }


def finished(body: dict, answered: dict) -> bool:
    """Whether an answer (200) did all the request asked: a verdict, and a
    rating where one was asked of a unique puzzle; not when the time limit
    ran out first."""
    if answered.get("verdict") == "unknown":
        return False
    rated = not body.get("rate", True) or answered.get("rating") is not None
    return rated or answered.get("verdict") != "unique"


def reference(bodies: list[tuple[str, dict]]) -> list[float]:
    """Each answer computed here, once, one at a time."""
    times = []
    for _, body in bodies:
        start = time.perf_counter()
        answer("analyse", body, 10.0)
        times.append(time.perf_counter() - start)
    return times


def ms(values: list[float]) -> str:
    """p50 / p95 in milliseconds."""
    return f"{1000 * statistics.median(values):.0f} / {1000 * quantile(values, 0.95):.0f}"


def table(name: str, bodies: list[tuple[str, dict]], found: dict, alone: list[float]) -> None:
    """The phase's rows: all requests, then each tag's (plain levels first,
    then the variant kinds, each as it is and with three out), with the
    same requests' times alone."""
    st = found["statuses"]
    other = sum(n for status, n in st.items() if status not in (200, 503))
    alone_by: dict[str, list[float]] = {}
    for (tag, _), took in sorted(zip(bodies, alone, strict=True), key=lambda pair: rank(pair[0][0])):
        alone_by.setdefault(tag, []).append(took)
    latencies = found["latencies"]
    groups = {"all": [t for ts in latencies.values() for t in ts]}
    groups.update((tag, latencies.get(tag, [])) for tag in alone_by)
    for tag, lat in groups.items():
        counts = f"{st.get(200, 0)} | {st.get(503, 0)} | {other}" if tag == "all" else f"{len(lat)} | | "
        spread = ms(alone) if tag == "all" else ms(alone_by[tag])
        if not lat:
            print(f"| {name} | {tag} | {counts} | | | | {spread} |")
            continue
        print(
            f"| {name} | {tag} | {counts} | {1000 * statistics.median(lat):.0f} | "
            f"{1000 * quantile(lat, 0.95):.0f} | {1000 * max(lat):.0f} | {spread} |"
        )


def rank(tag: str) -> tuple[int, str]:
    """Where a tag's row goes: the plain tags in their order, then the kinds."""
    plain = ["unique", "3 givens out", *dict(MIX)]
    return (plain.index(tag), "") if tag in plain else (len(plain), tag.replace(", 3 out", " 3"))


def phases(args: argparse.Namespace) -> tuple[list[tuple[str, dict]], list[tuple[str, dict]]]:
    """The check and rate phases' bodies, tagged."""
    unique, loosened, levels = puzzles(args.seed)
    check = [
        (tag, {"puzzle": p, **QUICK})
        for pair in zip(unique, loosened, strict=True)
        for tag, p in zip(("unique", "3 givens out"), pair, strict=True)
    ]
    rate = [(level, {"puzzle": p, "scale": "se"}) for level, p in zip(levels, unique, strict=True)]
    if args.variants:
        variant_check, variant_rate = variant_bodies(args.seed, args.variants)
        # Shuffled: each kind and level comes throughout a phase, whatever part of the list it reaches.
        check, rate = check + variant_check, rate + variant_rate
        random.Random(args.seed).shuffle(check)
        random.Random(args.seed).shuffle(rate)
    if args.both_scales:
        ours = [(f"{tag}, ours", {**body, "scale": "default"}) for tag, body in rate]
        rate = [item for pair in zip(rate, ours, strict=True) for item in pair]
    return check, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=None, help="serve --workers [default: one per core]")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="each client's mean pause between an answer and its next request, in seconds (a setter's "
        "edits: 1); 0 (the default): back to back",
    )
    parser.add_argument(
        "--variants",
        nargs="?",
        const="book",
        choices=("book", "everyday"),
        help="a variant set in the mix too: book (the default) or everyday (see above)",
    )
    parser.add_argument(
        "--both-scales",
        action="store_true",
        help="rate on our scale too, each puzzle's two ratings one after the other (the page asks for both)",
    )
    args = parser.parse_args()
    check, rate = phases(args)
    proc, host, port = start_server(args.workers)
    try:
        rows = []
        for name, bodies in (("check", check), ("rate", rate)):
            found = phase(host, port, bodies, args.clients, args.seconds, proc.pid, args.pace)
            alone = reference(bodies)
            rows.append((name, bodies, found, alone))
    finally:
        proc.send_signal(signal.SIGINT)
        _, said = proc.communicate(timeout=30)
    pace = f"a pause of {args.pace:g} s on average" if args.pace else "back to back"
    mix = f" and the 100 variant puzzles of {args.variants}.jsonl" if args.variants else ""
    plain = sum(tag in dict(MIX) for tag, _ in rate)
    scales = ", rated on both scales" if args.both_scales else ""
    head = f"{plain} unique 9x9 puzzles{mix} (seed {args.seed}){scales}"
    print(f"{head}, {args.clients} clients, {pace}, {args.seconds:g} s a phase, ", end="")
    print(f"serve --workers {args.workers or 'one per core'}\n")
    print("| phase | puzzles | answered | 503 | other | p50 ms | p95 ms | max ms | alone p50 / p95 ms |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, bodies, found, alone in rows:
        table(name, bodies, found, alone)
    for name, _, found, _ in rows:
        cut = ", ".join(f"{tag} {n}" for tag, n in found["unfinished"].items()) or "none"
        print(f"\n{name}: answers cut short by the time limit (200, but no verdict or no rating): {cut}.")
        print(f"{name}: idle connections the server closed, reopened: {found['reconnected']}.")
    said = said.strip().replace("\n", " / ")
    print(f"\nThe server stopped on Ctrl-C with status {proc.returncode}; it said then: {said!r}.")
    print("\nThe server's memory (PSS of it and its workers, MiB), every 10 s:\n")
    for name, _, found, _ in rows:
        print(
            f"- {name}: "
            + " ".join(f"{m:.0f}" for m in found["memory"][::10])
            + f" (end {found['memory'][-1]:.0f})"
        )


if __name__ == "__main__":
    main()
