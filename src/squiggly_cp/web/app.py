"""`squiggly-cp serve`'s application: the workbench page at ``/`` and its
JSON API under ``/api/``, documented by the OpenAPI schema at ``/docs``
(served from this machine: no request leaves it).

The work of each request runs in `web.workers`' pool; this module only
checks requests, hands them on and shapes the replies:

- 400 ``{"error": "one line"}``: input the answer cannot be built from (the
  line the command would print after ``error:``), or a body that is not the
  endpoint's JSON object;
- 413: a body over `MAX_BODY` bytes; 415: a body that is not JSON;
- 503: every worker busy and the backlog full, or the server stopping
  (its work under way is killed then, not waited for: `stop_work`);
- 409: work superseded by a newer request from the same ``client`` (its
  work is cancelled; the page has moved on);
- a time limit that runs out is an answer, ``"verdict": "unknown"``.

A client that goes away has its work cancelled, which kills the worker
process doing it (a fresh one replaces it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel

from .models import (
    AnalyseRequest,
    CandidatesRequest,
    ConvertRequest,
    GenerateRequest,
    PositionRequest,
    ReadRequest,
    StepsRequest,
    SvgRequest,
)
from .workers import Busy, Cut, Stopping, WorkerPool

__all__ = ["MAX_BODY", "create_app"]

MAX_BODY = 1 << 20
"""The largest request body read, in bytes (1 MiB): a 16x16 line is 512 bytes."""

GRACE = 3.0
"""Seconds a worker is given past the time limit to notice it before it is killed."""

class _Limits:
    """Checks every request before the application sees it: its body's size,
    type and JSON (too deep a nesting included), and its Host header (a page
    of another site reaching this server through a name it controls, DNS
    rebinding, is refused). A pure ASGI middleware, so the body is read once.
    `stop_work` is what a server calls as it starts to stop."""

    def __init__(self, app: Any, hosts: frozenset[str] | None, pool: WorkerPool) -> None:
        self.app, self.hosts, self.pool = app, hosts, pool

    def stop_work(self) -> None:
        """Kill the work under way and to come (the server is stopping): its
        requests are answered 503 at once instead of at the end of their work."""
        self.pool.close()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = host_name(headers.get("host", ""))
        if self.hosts is not None and host not in self.hosts:
            await _send(send, 400, f"the Host header {host[:60]!r} is not this server's")
            return
        if scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY:
            await _send(send, 413, f"the body is over {MAX_BODY >> 20} MiB")
            return
        if headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            await _send(send, 415, "the body must be JSON (Content-Type: application/json)")
            return
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                await _send(send, 413, f"the body is over {MAX_BODY >> 20} MiB")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            parsed = json.loads(body)
        except RecursionError:
            await _send(send, 400, "the body's JSON is nested too deeply")
            return
        except ValueError as e:
            await _send(send, 400, f"the body is not JSON: {str(e).splitlines()[0][:200]}")
            return
        if not isinstance(parsed, dict):
            await _send(send, 400, f"the body must be a JSON object, not {type(parsed).__name__}")
            return
        replayed = False

        async def replay() -> dict[str, Any]:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return dict(await receive())

        await self.app(scope, replay, send)


async def _send(send: Any, status: int, error: str) -> None:
    body = json.dumps({"error": error}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _error(status: int, error: str) -> JSONResponse:
    return JSONResponse({"error": error}, status_code=status)


# The page runs only code and styles of its own, talks only to this server.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'none'"
)

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def host_name(header: str) -> str:
    """The name a Host header gives, without its port: ``[::1]:8000`` and
    ``[::1]`` are ``::1``, ``localhost:8000`` is ``localhost``."""
    value = header.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    if value.count(":") == 1:  # a name and its port; more colons: a bare IPv6 address
        return value.split(":", 1)[0]
    return value


def create_app(
    *,
    workers: int = 2,
    time_limit: float = 10.0,
    backlog: int | None = None,
    hosts: frozenset[str] | None = LOCAL_HOSTS,
) -> _Limits:
    """The workbench application (an ASGI app; the FastAPI one is its
    ``app``): ``workers`` worker processes, each request's work bounded by
    ``time_limit`` seconds (and killed `GRACE` seconds later), at most
    ``backlog`` requests waiting for a worker. ``hosts``: the names the Host
    header may give (None: any)."""
    jobs = _Jobs(WorkerPool(workers, backlog=backlog, wait=time_limit), time_limit)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        jobs.pool.start()
        try:
            yield
        finally:
            jobs.pool.close()

    app = FastAPI(
        title="squiggly-cp workbench",
        description="Set, check, rate and export a jigsaw sudoku. Every endpoint takes the puzzle as text "
        'in any format squiggly-cp reads. Bad input: 400 `{"error": "one line"}`; a body over 1 MiB: '
        '413; every worker busy: 503; a time limit that runs out: `"verdict": "unknown"`.',
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "body"
        return _error(400, f"{where}: {first.get('msg', 'invalid')}")

    @app.middleware("http")
    async def headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    _api(app, jobs)
    _pages(app)
    return _Limits(app, hosts, jobs.pool)


class _Jobs:
    """Hands each request's work to the pool: the latest request of each
    client and endpoint runs, an older one is cancelled, and so is the work
    of a client that goes away."""

    def __init__(self, pool: WorkerPool, time_limit: float) -> None:
        self.pool, self.time_limit = pool, time_limit
        self.running: dict[tuple[str, str], asyncio.Future[Any]] = {}

    async def handle(self, endpoint: str, body: BaseModel, request: Request) -> Response:
        fields = body.model_dump(exclude_none=True)
        client = fields.pop("client", None)
        job = asyncio.ensure_future(self.pool.run(endpoint, fields, self.time_limit, self.time_limit + GRACE))
        key = None if client is None else (client, endpoint)
        if key is not None:
            older = self.running.get(key)
            if older is not None:
                older.cancel()
            self.running[key] = job
        gone = asyncio.ensure_future(_disconnected(request))
        try:
            await asyncio.wait({job, gone}, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:  # by the server: the work goes too
            job.cancel()
            raise
        finally:
            gone.cancel()
            if key is not None and self.running.get(key) is job:
                del self.running[key]
        if not job.done():  # the client went away: its work is killed
            job.cancel()
            with contextlib.suppress(BaseException):
                await job
            return Response(status_code=499)
        return self.reply(job)

    def reply(self, job: asyncio.Future[Any]) -> Response:
        try:
            kind, value = job.result()
        except asyncio.CancelledError:
            return _error(409, "superseded by a newer request from the same client")
        except Busy:
            return _error(503, "every worker is busy; try again shortly")
        except Stopping:
            return _error(503, "the server is stopping")
        except Cut:
            return JSONResponse(
                {"verdict": "unknown", "reason": f"the {self.time_limit:g} s time limit ran out"}
            )
        if kind == "ok":
            return JSONResponse(value)
        return _error(400 if kind == "bad" else 500, value)


ENDPOINTS: tuple[tuple[str, type[BaseModel], str], ...] = (
    (
        "analyse",
        AnalyseRequest,
        '`size`, `givens` (N² characters, `.` empty), `regions` (N² indices), `layout` ("ok" or why '
        "no completed grid exists), `verdict` (none, unique, multiple or unknown), `solution` (unique), "
        "`candidates` (the true candidates, one string a cell), `differences` (multiple: `cells` where two "
        "solutions differ, the two `solutions`, `fix`: a given that makes it unique, and `exhaustive`: "
        "false when the search for it ran out of its budget of work, `explain`'s, or of the time limit), "
        "`conflict` (none: the minimal conflicting givens, and `conflict_rules`; `conflict_minimal` false "
        "when not proved so: not shrunk, or its budget ran out), "
        "`rating` (unique: `er`, `ep`, `ed`, `level`, "
        "`hardest` on `scale`) and `ratings` (per scale in `scales`). The same as the commands `layout`, "
        "`explain`, `count --candidates` and `rate --json` answer.",
    ),
    (
        "candidates",
        CandidatesRequest,
        "The true candidates found within about a second of search: `candidates` (one string a cell), "
        "`complete` (false: more may be found; ask again, sending `solutions`, `excluded` and, as `found`, "
        "`candidates` back), "
        "`solutions` (the solutions that witness them) and `excluded` (per cell, the digits proved "
        "impossible beyond propagation). Complete: every digit left out is proved impossible there. "
        "The same search as `count --candidates`.",
    ),
    ("hint", PositionRequest, "The next step from a position: what `hint --json` prints."),
    (
        "steps",
        StepsRequest,
        "The logical path: what `logic --json` prints, and under `page` what `logic --html` draws. "
        'On a layout no completed grid fits, at once: `"verdict": "none"`, `layout` (why, as `analyse` '
        "says it) and `reason` (a sentence), no path.",
    ),
    ("convert", ConvertRequest, 'The puzzle in another format, as `convert` writes it: `{"text": ...}`.'),
    (
        "read",
        ReadRequest,
        "The puzzle as the page holds it: `size`, `givens` (line form), `regions`, the setter's `title`, "
        "`author` and `rules_text` (null where the text has none), for a variant `rule_keys` (its rules "
        "as f-puzzles JSON keys), `rules` (each one's kind, name, cells and `keys`, the [key, entry] "
        "pairs that write it) and `rules_svg` (their drawing on the board, a `<g data-rule>` each, in "
        "order), and where the text is a position (as `hint` reads it) `digits` (the entered digits, "
        "N² characters, `.` elsewhere) and `marks` (each cell's pencil marks).",
    ),
    (
        "svg",
        SvgRequest,
        'The puzzle drawn as `show --svg` draws it, as case 1 (its "Case 1" band included): `{"svg": ...}`; '
        "with `colours` (a palette index per region), the regions coloured so, as the page colours them.",
    ),
    (
        "generate",
        GenerateRequest,
        'A unique puzzle to order, in line form: `{"verdict": "unique", "puzzle": ...}`; `{"verdict": '
        '"unknown", "reason": ...}` when none is made within the time limit (a moment after it: every '
        "search keeps to it, a difficulty's ratings too). With `rules` (rated with them) "
        "it is unique with them, which the line form does not hold: `link` is all of it (f-puzzles).",
    ),
)
"""Each endpoint under /api/: its name (`web.answers.ANSWERS`), request model and description."""


def _api(app: FastAPI, jobs: _Jobs) -> None:
    for endpoint, model, description in ENDPOINTS:
        summary = (
            description.split(": ", 1)[0].rstrip(".")
            if endpoint != "analyse"
            else "Everything about a puzzle"
        )
        app.post(f"/api/{endpoint}", summary=summary, description=description)(_route(jobs, endpoint, model))


def _route(jobs: _Jobs, endpoint: str, model: type[BaseModel]) -> Callable[..., Awaitable[Response]]:
    """The route of ``endpoint``: its body checked against ``model``, its work handed to ``jobs``."""

    async def route(body: BaseModel, request: Request) -> Response:
        return await jobs.handle(endpoint, body, request)

    route.__annotations__["body"] = model  # what FastAPI checks the body against, and documents
    route.__name__ = endpoint
    return route


def _pages(app: FastAPI) -> None:
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page() -> HTMLResponse:
        from .page import workbench_page

        return HTMLResponse(workbench_page())

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="squiggly-cp workbench API",
            swagger_js_url="/docs-static/swagger-ui-bundle.js",
            swagger_css_url="/docs-static/swagger-ui.css",
            swagger_favicon_url="/docs-static/favicon.png",
        )

    app.mount("/docs-static", StaticFiles(directory=_swagger_files()), name="docs-static")


def _swagger_files() -> str:
    """Swagger UI's files (version 5, which reads OpenAPI 3.1), from the
    fastapi-offline package (the web extra)."""
    import fastapi_offline

    return str(Path(fastapi_offline.__file__).resolve().parent / "static")


async def _disconnected(request: Request) -> None:
    """Returns when the client has gone away."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return
