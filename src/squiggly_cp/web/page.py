"""The workbench page that `squiggly-cp serve` serves at ``/``.

One self-contained page (``workbench.html``: inline CSS and JavaScript, no
fonts, no build step) that talks only to its own server, through the JSON
API under ``/api/`` (relative URLs). The board is drawn by the same
``draw/board.js`` that the `logic --html` page inlines, so the steps view
shows the logical path exactly as that page does; the regions being edited
are drawn by it too, tinted and walled as `draw.render` draws them, each
region keeping its tint in the steps view. The variant tools (``tools.js``:
``[data-role=tool]`` buttons named by ``data-tool``) edit the rules, which
the page holds and sends as f-puzzles JSON keys.

Its contract, which tests/test_workbench_page.py drives: every cell is an
element with ``data-cell="rRcC"``, ``data-value`` (the given or entered
digit, or empty), ``data-region`` (0-based, numbered in order of first
appearance) and ``data-candidates`` (the true candidates shown, ascending;
empty when hidden or the cell has a value; for a puzzle of several
solutions they come after the verdict, from ``candidates.js``, and
``[data-role=candidates-note]``'s ``data-complete`` is ``false`` while
they are partial); ``[data-role=verdict]`` holds
``checking`` until the first, quick analysis answers (``fix`` and ``rate``
false), then its verdict, also as ``data-verdict``; ``[data-role=pending]``
says what the second, full analysis (the fixing given, the ratings) is still
doing; ``<body data-state>`` is ``idle`` when no request is in flight or
waiting, both analyses included. A layout with a region of the wrong size or
in pieces, or a cage whose sum no cage of its size can have (a sum being
typed), is said in ``[data-role=status]`` and never sent; the tools draw no
other rule the server would refuse (the server's 400s come only from pasted
text). The other parts are named by ``data-role`` in
the page.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from ..core.puzzle import MAX_SIZE, MIN_SIZE
from ..core.rules import RULES
from ..core.symmetry import CLUE_SYMMETRIES
from ..draw.page import board_script, script_json
from ..draw.render import CELL, MARGIN, PALETTE, THIN, WALL
from ..formats.line_rules import told_kinds

__all__ = ["tool_table", "workbench_page"]

SCRIPTS = ("tools", "candidates", "editing")
"""The page's own scripts beside ``board.js``, each inlined at its placeholder
(``/*__TOOLS_JS__*/``...): the variant tools, the true candidates a slice at a
time, the metadata fields, digit pad and selection."""


GROUPS = {"cage": "Draw", "path": "Lines", "arrow": "Lines", "edge": "Edges", "cell": "Cells"}
"""The panel's row for a tool, by its look's element; any other is a rule of the whole grid ("Global")."""


def tool_table() -> list[dict[str, Any]]:
    """The variant tools the page offers, from each rule kind's `Style`s (in
    `RULES`' order): ``id`` (``data-tool``), ``label``, ``group``, ``key`` (the
    f-puzzles key it writes) and ``value`` (an X or V's), ``kind`` (the
    drawn rule's ``data-rule``), ``name`` (what a person calls it),
    ``sizes`` (where it is offered), ``exclusive`` (the key of the mark a
    mark replaces in its cell: odd and even, minimum and maximum) and
    ``shortest`` (a line's fewest cells)."""
    out = []
    for kind in RULES.values():
        for key, style in kind.styles.items():
            if style.tool is None:
                continue
            group = GROUPS.get(style.look.element, "Global")
            others = [o.fpuzzles for k, o in kind.styles.items() if k != key and o.step == style.step]
            out.append(
                {
                    "id": style.tool.id,
                    "label": style.tool.label,
                    "group": group,
                    "key": style.fpuzzles,
                    "value": style.look.text if group == "Edges" and style.look.text else None,
                    "kind": kind.kind,
                    "name": style.label,
                    "sizes": [n for n in range(MIN_SIZE, MAX_SIZE + 1) if style.sizes.allows(n)],
                    "exclusive": others[0] if group == "Cells" and others else None,
                    "shortest": getattr(kind, "shortest", 2),
                }
            )
    return out


@cache
def workbench_page() -> str:
    """The complete page: the template with ``board.js``, `SCRIPTS` and the
    drawing constants inlined."""
    template = resources.files(__package__).joinpath("workbench.html").read_text(encoding="utf-8")
    data = {
        "cell": CELL,
        "margin": MARGIN,
        "palette": list(PALETTE),
        "thin": THIN,
        "wall": WALL,
        "sizes": [MIN_SIZE, MAX_SIZE],
        "symmetries": list(CLUE_SYMMETRIES),
        "tools": tool_table(),
        "line_kinds": [
            {"kind": kind, "label": label, "number": number} for kind, (label, number) in told_kinds().items()
        ],
    }
    page = template.replace("/*__BOARD_JS__*/", board_script())
    for name in SCRIPTS:
        script = resources.files(__package__).joinpath(f"{name}.js").read_text(encoding="utf-8")
        page = page.replace(f"/*__{name.upper()}_JS__*/", script)
    return page.replace("__DATA__", script_json(data))
