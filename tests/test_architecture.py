"""The floor plan of src/squiggly_cp, as docs/architecture.md draws it.

Each layer may import only the layers below it (and itself); nothing imports
the CLI; OR-Tools and click stay in their layers; one model builder, one
"ran out of time"; no function over 60 lines and no module over 500.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "squiggly_cp"

# What each layer may import from the package (itself included).
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "formats": {"core", "formats"},
    "sat": {"core", "sat"},
    "engines": {"core", "sat", "engines"},
    "logic": {"core", "sat", "engines", "logic"},
    # The three rooms of the tools: what makes puzzles, what answers
    # questions about one, what draws one. None imports another.
    "make": {"core", "sat", "engines", "logic", "make"},
    "ask": {"core", "sat", "engines", "logic", "ask"},
    "draw": {"core", "engines", "logic", "formats", "draw"},
    "execution": {"core", "sat", "engines", "logic", "formats", "make", "ask", "draw", "execution"},
    # The workbench (`serve`): the library over HTTP.
    "web": {"core", "sat", "engines", "logic", "formats", "make", "ask", "draw", "execution", "web"},
    "cli": {"core", "sat", "engines", "logic", "formats", "make", "ask", "draw", "execution", "web", "cli"},
}
# The package's own files: `__init__` names the public API lazily, `__main__` starts the CLI.
TOP_ALLOWED = {"__init__": set(ALLOWED) - {"cli"}, "__main__": {"cli"}}
# OR-Tools only in sat/ (the model, the runner, the callbacks, the model with assumptions).
THIRD_PARTY = {
    "ortools": {"sat"},
    "click": {"cli"},
    **{name: {"web"} for name in ("fastapi", "starlette", "pydantic", "uvicorn", "fastapi_offline")},
}


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _layer(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def _imports(path: Path) -> list[tuple[str, int]]:
    return _imports_in(path.read_text(), path.relative_to(PACKAGE))


def _imports_in(source: str, where: Path) -> list[tuple[str, int]]:
    """(absolute dotted module, line) of every import in ``source``, a module at
    ``where`` inside the package; function-level imports too."""
    found = [(m, node.lineno) for node in ast.walk(ast.parse(source)) for m in _names(node, where)]
    return sorted(found, key=lambda item: item[1])


def _names(node: ast.AST, where: Path) -> list[str]:
    """The absolute dotted modules that ``node`` imports, if it is an import."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        package = ["squiggly_cp", *where.parent.parts]
        base = package[: len(package) - node.level + 1] if node.level else []
        module = ".".join([*base, *([node.module] if node.module else [])])
        if node.module is None:  # `from . import x`: x is a module
            return [module, *(f"{module}.{alias.name}" for alias in node.names)]
        return [module]
    if _held_import(node):
        return [_held_name(node)]  # type: ignore[arg-type]
    return []


def _held_import(node: ast.AST) -> bool:
    """A call ``import_held("squiggly_cp....")`` (core.signals): an import by name."""
    return (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "import_held"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant | ast.JoinedStr)
    )


def _held_name(node: ast.Call) -> str:
    """The module an `import_held` call names; of an f-string, the packages before the first field."""
    arg = node.args[0]
    if isinstance(arg, ast.Constant):
        return str(arg.value)
    head = arg.values[0]
    return str(head.value).rstrip(".") if isinstance(head, ast.Constant) else ""


def test_layers_import_only_what_lies_below():
    problems = []
    for path in _modules():
        layer = _layer(path)
        allowed = ALLOWED.get(layer, TOP_ALLOWED.get(layer))
        assert allowed is not None, f"{path}: a module outside the layers"
        for module, line in _imports(path):
            parts = module.split(".")
            if parts[0] == "squiggly_cp" and len(parts) > 1:
                if parts[1] not in allowed:
                    problems.append(f"{path.relative_to(PACKAGE)}:{line} ({layer}) imports {module}")
            elif parts[0] in THIRD_PARTY and layer not in THIRD_PARTY[parts[0]]:
                problems.append(f"{path.relative_to(PACKAGE)}:{line} ({layer}) imports {module}")
    problems += [
        f"{path.relative_to(PACKAGE)}: importlib.import_module, not import_held"
        for path in _modules()
        if path.relative_to(PACKAGE) != Path("core/signals.py") and "import_module(" in path.read_text()
    ]
    assert not problems, "\n".join(problems)


def test_the_check_resolves_relative_imports():
    """A core module reaching up, in any import form, is seen as the module it names."""
    source = (
        "from ..engines import cpsat\n"
        "def f():\n    from ..sat.run import run\n"
        "import click\n"
        "from . import geometry\n"
    )
    names = [m for m, _ in _imports_in(source, Path("core/probe.py"))]
    assert names == [
        "squiggly_cp.engines",
        "squiggly_cp.sat.run",
        "click",
        "squiggly_cp.core",
        "squiggly_cp.core.geometry",
    ]


def test_at_most_six_modules_at_the_top():
    top = [p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert len(top) <= 6, top


def test_one_model_builder():
    users = [str(p.relative_to(PACKAGE)) for p in _modules() if "add_exactly_one" in p.read_text()]
    assert users == ["sat/model.py"]


def test_one_cp_sat_runner_and_no_stray_sigint_handler():
    # CP-SAT's own Ctrl-C handler stays installed after a solve and leaves the
    # next SIGINT to kill the process: every CpSolver, tests included, turns it off.
    runners = [str(p.relative_to(PACKAGE)) for p in _modules() if "CpSolver()" in p.read_text()]
    assert runners == ["sat/run.py"]
    tests = Path(__file__).resolve().parent
    for path in [PACKAGE / "sat" / "run.py", *sorted(tests.glob("*.py"))]:
        text = path.read_text()
        if "CpSolver()" in text and path.name != Path(__file__).name:
            assert "catch_sigint_signal" in text, f"{path.name}: a CpSolver with CP-SAT's SIGINT handler on"


def test_one_way_to_run_out_of_time():
    subclasses = []
    for path in _modules():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                if "TimeoutError" in bases:
                    subclasses.append(f"{path.relative_to(PACKAGE)}:{node.name}")
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                assert not (isinstance(func, ast.Name) and func.id == "TimeoutError"), (
                    f"{path}:{node.lineno} raises a bare TimeoutError; raise core.limits.Undecided"
                )
    assert subclasses == ["core/limits.py:Undecided"]


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_short_functions_and_modules(path):
    text = path.read_text()
    assert len(text.splitlines()) <= 500
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= 60
    ]
    assert not long, long


def _module_name(path: Path) -> str:
    parts = ["squiggly_cp", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _at_import_time(tree: ast.Module) -> tuple[list[ast.AST], set[int]]:
    """The nodes that run when the module is imported (not function bodies),
    and the ids of the nodes that never run (``if TYPE_CHECKING:`` blocks)."""
    out: list[ast.AST] = []
    never: set[int] = set()
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            never.update(id(inner) for part in node.body for inner in ast.walk(part))
            stack.extend(node.orelse)
            continue
        out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out, never


def test_every_late_import_of_or_tools_holds_ctrl_c():
    """A Ctrl-C inside OR-Tools' own import breaks it with an ImportError and a
    traceback (issue 21). So no function imports, by a plain import statement,
    a module that loads OR-Tools when imported: it must use
    `core.signals.import_held`, which holds Ctrl-C back for the import."""
    modules = {_module_name(p): p for p in _modules()}
    eager: dict[str, set[str]] = {}
    late: dict[str, list[tuple[str, int]]] = {}
    for name, path in modules.items():
        where = path.relative_to(PACKAGE)
        tree = ast.parse(path.read_text())
        now, never = _at_import_time(tree)
        eager[name] = {m for node in now for m in _names(node, where)}
        at_import = {id(node) for node in now} | never
        late[name] = [
            (m, node.lineno)
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in at_import
            for m in _names(node, where)
        ]

    def loads_or_tools(module: str, seen: set[str]) -> bool:
        if module.startswith("ortools"):
            return True
        if module not in modules or module in seen:
            return False
        seen.add(module)
        return any(loads_or_tools(m, seen) for m in eager[module])

    assert loads_or_tools("squiggly_cp.engines.cpsat", set())  # the check sees through the package
    assert not loads_or_tools("squiggly_cp.logic.solver", set())
    problems = [
        f"{modules[name].relative_to(PACKAGE)}:{line} imports {m} (loads OR-Tools) without import_held"
        for name, imports in late.items()
        for m, line in imports
        if loads_or_tools(m, set())
    ]
    assert not problems, "\n".join(problems)


def test_formats_are_named_only_in_formats():
    """A format is one module plus one registry entry: outside `formats/`, no
    code names a format (a string that is exactly a format's name); the CLI's
    help texts may mention them in prose."""
    from squiggly_cp.formats.registry import FORMATS

    names = set(FORMATS)
    found = []
    for path in _modules():
        if _layer(path) == "formats":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}")
    assert not found, found


def test_the_map_lists_every_module():
    """docs/architecture.md names every module in its layer's row (the
    package's own `__init__` and `__main__` aside)."""
    doc = (PACKAGE.parent.parent / "docs" / "architecture.md").read_text()
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)/` \| (.*)$", doc, re.MULTILINE)}
    missing = []
    for path in _modules():
        parts = path.relative_to(PACKAGE).parts
        if len(parts) == 1 or path.stem == "__init__":
            continue
        if f"`{path.stem}`" not in rows.get(parts[0], ""):
            missing.append("/".join(parts))
    assert not missing, f"docs/architecture.md does not list {missing}"


def test_the_map_shows_every_commands_flow():
    from squiggly_cp.cli.main import main

    doc = (PACKAGE.parent.parent / "docs" / "architecture.md").read_text()
    flows = doc[doc.index("## Each command's flow") :]
    for name in main.commands:
        assert f"- `{name}`: `" in flows, name


def test_cp_sat_statuses_are_read_in_sat_only():
    """One reading of CP-SAT's statuses: `sat.run.ask` (feasible, infeasible or
    undecided) and `sat.run.DONE`; no status name outside `sat/`."""
    names = {"OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN", "MODEL_INVALID"}
    found = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in _modules()
        if _layer(path) != "sat"
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and node.value in names
    ]
    assert not found, found
