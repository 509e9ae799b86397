"""Exit statuses, and the help text that explains them, made from one table."""

from __future__ import annotations

from collections.abc import Mapping

# Exit statuses. 1 and 4 add up: 5 = bad input and a time-out.
EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2  # reported by click itself
EXIT_TIME_LIMIT = 4
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143  # 128 + SIGTERM, as a shell reports a process killed by it

MEANINGS: dict[int, str] = {
    EXIT_OK: "every case was answered",
    EXIT_PROBLEM: "some input was bad (unreadable file, bad case, wrong T);\n"
    "every readable case was still answered",
    EXIT_USAGE: "bad command line; nothing was done",
    EXIT_TIME_LIMIT: "some case hit --time-limit and was not answered",
    EXIT_PROBLEM | EXIT_TIME_LIMIT: "both 1 and 4",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C; SIGTERM: 143); standard output holds only complete cases",
}
"""What each status means for a command that answers cases. A line break in a
meaning is kept in the help text; the commands' own variants are below."""

CLUSTER_MEANING = """\
With --cluster, 1 also means the cluster failed, with one line saying how:
the scheduler could not be reached or went away (standard output then
holds only complete cases), or a worker lacks this version of squiggly-cp."""


def exit_help(variant: Mapping[int, str | None] | None = None, *, cluster: bool = False) -> str:
    """The "Exit status:" block of a command's help: `MEANINGS` as ``variant``
    changes them (None drops a status), and with ``cluster`` what --cluster adds."""
    meanings = {**MEANINGS, **(variant or {})}
    shown = {status: text for status, text in meanings.items() if text is not None}
    width = max(len(str(status)) for status in shown) + 2
    lines = ["\b", "Exit status:"]
    for status, text in shown.items():
        first, *rest = text.splitlines()
        lines.append(f"  {status:<{width}}{first}")
        lines += [" " * (2 + width) + line for line in rest]
    text = "\n".join(lines)
    return text + "\n\n\b\n" + CLUSTER_MEANING if cluster else text


def _puzzles(status_0: str, status_1: str, unit: str = "puzzles") -> dict[int, str | None]:
    """The variant of a command that writes puzzles (no time limit)."""
    return {
        EXIT_OK: status_0,
        EXIT_PROBLEM: status_1,
        EXIT_TIME_LIMIT: None,
        EXIT_PROBLEM | EXIT_TIME_LIMIT: None,
        EXIT_INTERRUPTED: f"interrupted (Ctrl-C; SIGTERM: 143); standard output holds only complete {unit}",
    }


ANSWERS_HELP = exit_help()
ANSWERS_CLUSTER_HELP = exit_help(cluster=True)
COUNT_HELP = exit_help(
    {
        EXIT_OK: "every case was answered; a count that --time-limit stopped after\n"
        'finding N solutions is answered as "N or more" (a proved lower bound)',
        EXIT_PROBLEM: "some input was bad (unreadable file, bad case); every readable case\n"
        "was still answered",
        EXIT_TIME_LIMIT: "some case hit --time-limit before any answer was proved; not answered",
    },
    cluster=True,
)
CONVERT_HELP = exit_help(
    _puzzles(
        "every puzzle was converted",
        "some input was bad or did not fit the output format; the others were\nstill converted",
    )
)
SHOW_HELP = exit_help(
    _puzzles(
        "every puzzle was drawn",
        "some input was bad, or an SVG file could not be written; the other\npuzzles were still drawn",
        "pictures",
    )
)
GENERATE_HELP = exit_help(
    {
        **_puzzles(
            "every puzzle was made", "the --layout file is bad, or its layout admits no completed grid"
        ),
        EXIT_TIME_LIMIT: "some puzzle was not made within --time-limit and was left out",
    }
)
CROSSCHECK_HELP = exit_help(
    {
        EXIT_OK: "every case was decided and both engines agree",
        EXIT_PROBLEM: "some disagreement, or some input was bad",
        EXIT_USAGE: "bad command line",
        EXIT_TIME_LIMIT: "some engine hit --time-limit on some case (5: and 1)",
        EXIT_PROBLEM | EXIT_TIME_LIMIT: None,
        EXIT_INTERRUPTED: "interrupted (Ctrl-C; SIGTERM: 143); standard output holds only complete lines",
    }
)
HATCH_HELP = exit_help(
    {
        EXIT_OK: "every puzzle was read (ERROR is an answer, not a failure)",
        EXIT_PROBLEM: "some input was bad; the readable puzzles were still answered",
        EXIT_USAGE: "bad command line",
        EXIT_TIME_LIMIT: None,
        EXIT_PROBLEM | EXIT_TIME_LIMIT: None,
    }
)
HINT_HELP = exit_help(
    {
        EXIT_OK: "every position was answered (a position said to be wrong is\nanswered)",
        EXIT_PROBLEM: "some input was bad; every readable position was still answered",
        EXIT_TIME_LIMIT: "some position hit --time-limit before it was checked; not answered",
    }
)
LOGIC_HELP = exit_help(
    {
        EXIT_PROBLEM: "some input was bad (unreadable file, bad case), or the --html page could\n"
        "not be written; every readable case was still answered",
    }
)
SERVE_HELP = exit_help(
    {
        EXIT_OK: None,
        EXIT_PROBLEM: "it could not start: the web extra is not installed, or the address\n"
        "cannot be listened on",
        EXIT_TIME_LIMIT: None,
        EXIT_PROBLEM | EXIT_TIME_LIMIT: None,
        EXIT_INTERRUPTED: "interrupted (Ctrl-C; SIGTERM: 143): the normal way to stop it",
    }
)
