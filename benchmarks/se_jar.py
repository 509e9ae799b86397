"""Running Sukaku Explainer (Sudoku Explainer's fork that reads jigsaw regions).

SE is a reference for the ``se`` scale, never a dependency: it is used only
by benchmarks/make_se_data.py and benchmarks/bench_se.py, where Java and the
jar are present. Name the jar with ``--jar`` or the ``SE_JAR`` environment
variable.

A puzzle is a line-format string: 81 givens then 81 region labels. The
standard box layout is rated as classic sudoku; any other layout as a jigsaw
(``-L -U``: no boxes, the regions as "custom" houses, which SE reads from a
``SukakuExplainer.json`` in its working directory, so each call gets its own
directory).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

SE_FLAGS: dict[str, tuple[str, ...]] = {
    "x": ("-X",),
    "diagonal+": ("-X", "-d"),  # SE's "/" alone: r1c9 to r9c1
    "diagonal-": ("-X", "-a"),  # SE's "\\" alone: r1c1 to r9c9
    "windoku": ("-W",),
    "disjoint": ("-D",),
    "asterisk": ("-A",),
    "centredot": ("-C",),
    "girandola": ("-G",),
}
"""SE's flags for each house variant of tests/logic_check.variant_rules. One
flag an argument: SE reads only an option's second character, so "-XW" is -X."""

BOX = "111222333111222333111222333444555666444555666444555666777888999777888999777888999"


@dataclass
class SeRating:
    er: float | None
    ep: float | None
    ed: float | None
    seconds: float | None
    """SE's own timer (its solve only); None figures mean the time-out cut it."""
    wall: float
    """Seconds, JVM start-up included."""


def find_jar(given: str | None) -> Path | None:
    path = given or os.environ.get("SE_JAR")
    if not path:
        return None
    jar = Path(path)
    return jar if jar.is_file() else None


def _run(
    jar: Path, line: str, main: str, extra: list[str], timeout: float, flags: tuple[str, ...] = ()
) -> tuple[str, float]:
    givens, layout = line[:81], line[81:162]
    with tempfile.TemporaryDirectory() as work:
        options: list[str] = []
        if layout and layout != BOX:
            settings = [{"Settings": {"isCustom": "true", "custom": layout, "count": "9"}}]
            Path(work, "SukakuExplainer.json").write_text(json.dumps(settings))
            options = ["-L", "-U"]  # separate arguments: SE reads "-LU" as -L alone
        java = ["java", "-XX:+UseSerialGC", "-Xmx1g", "-cp", str(jar)]
        command = [*java, main, *options, *flags, *extra, givens]
        start = time.perf_counter()
        try:
            done = subprocess.run(
                command, cwd=work, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
            )
        except subprocess.TimeoutExpired:
            return "", time.perf_counter() - start
        return done.stdout + done.stderr, time.perf_counter() - start


def rate_with_jar(jar: Path, line: str, timeout: float = 60.0, flags: tuple[str, ...] = ()) -> SeRating:
    """SE's ER, EP and ED of one puzzle; ``flags`` name SE's extra houses (`SE_FLAGS`)."""
    out, wall = _run(jar, line, "diuf.sudoku.test.serate", ["--format=%r %p %d %e"], timeout, flags)
    fields = out.split()
    if len(fields) < 4:
        return SeRating(None, None, None, None, wall)
    er, ep, ed = (float(f) for f in fields[:3])
    return SeRating(er, ep, ed, _seconds(fields[3]), wall)


def _seconds(text: str) -> float:
    """SE's elapsed time: ``1.23s``, ``00:01.234`` or ``1m02.5s`` style."""
    text = text.rstrip("s")
    total = 0.0
    for part in text.replace("m", ":").split(":"):
        total = total * 60 + float(part or 0)
    return total


def hardest_with_jar(
    jar: Path, line: str, er: float, timeout: float = 60.0, flags: tuple[str, ...] = ()
) -> str:
    """The name SE prints for the first step on its path rated ``er``."""
    out, _ = _run(jar, line, "diuf.sudoku.test.hints", [], timeout, flags)
    for text in out.splitlines():
        head, _, rest = text.partition(", ")
        if head == f"{er:.1f}" and rest:
            return rest.split(":")[0].split(" (")[0]
    return "?"


def jar_version(jar: Path) -> str:
    """SE's version (``serate --version``), e.g. ``2023.3.16``."""
    try:
        with tempfile.TemporaryDirectory() as work:  # SE writes its settings file where it runs
            done = subprocess.run(
                ["java", "-cp", str(jar), "diuf.sudoku.test.serate", "--version"],
                capture_output=True,
                text=True,
                timeout=60,
                cwd=work,
            )
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    lines = (done.stdout + done.stderr).split()
    return lines[0] if lines else "unknown"
