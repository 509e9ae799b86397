"""Bounds on the server's connections: how many are open, and how long each
may keep the server waiting for its request.

uvicorn closes a connection left idle `timeout_keep_alive` seconds after a
reply, but puts no limit on a request on its way: a connection opened and
left silent, or sending its head a byte at a time (slowloris), stays open
for good, and enough of them exhaust the process's file descriptors. So
each connection has a deadline while the server waits for its client: the
request, head and body, must have arrived within `IDLE` seconds of the
connection's opening or of its previous reply, or the connection is closed.
While a request is answered there is none (its work may take the whole
time limit). Past ``most`` open connections a new one is closed as soon as
it is accepted, so that the descriptors never run out (`most_connections`
leaves room for the worker processes' own).

Two wrappers do it: `Guard.protocol`, the HTTP protocol uvicorn runs each
connection with (its ``http`` setting takes an `asyncio.Protocol` class),
counts the connections and keeps their deadlines, around the protocol
uvicorn uses by default; `Guard.app`, around the ASGI application, tells a
connection's deadline when its request has arrived and when the reply is
sent, the connection found by its client's address (``scope["client"]``
is the peer's address of the connection).
"""

from __future__ import annotations

import asyncio
from typing import Any

# The protocol class uvicorn uses for its default ``http="auto"`` (httptools
# when it is installed, else h11): the one each guarded connection runs.
from uvicorn.protocols.http.auto import AutoHTTPProtocol

__all__ = ["IDLE", "MAX_CONNECTIONS", "Guard", "most_connections"]

IDLE = 5.0
"""Seconds a connection may keep the server waiting for its request: the
time uvicorn gives a connection idle after a reply (its default
``timeout_keep_alive``). A browser sends a request within milliseconds of
opening a connection, and opens another when an idle one was closed."""

MAX_CONNECTIONS = 256
"""The most connections open at once (fewer when the process may not open
that many files): a browser opens at most 6 to one server."""

Peer = tuple[str, int]


def most_connections(workers: int) -> int:
    """`MAX_CONNECTIONS`, or as many as the process's limit on open files
    leaves room for, past what the server itself keeps open: the standard
    streams, its loop, the listening socket and the forkserver's pipes, and
    two descriptors for each worker process (at most three a worker: its
    own, a demoted one and a stand-in)."""
    try:
        import resource
    except ImportError:  # not a Unix: no limit to read
        return MAX_CONNECTIONS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - 32 - 2 * 3 * workers))


def _peer(address: Any) -> Peer | None:
    """A TCP connection's peer as (host, port), as ASGI's ``scope["client"]`` gives it."""
    if isinstance(address, (list, tuple)) and len(address) >= 2:
        return str(address[0]), int(address[1])
    return None


class _Deadline:
    """One connection's deadline: running while the server waits for the
    client, stopped while one of its requests is answered."""

    def __init__(self, transport: asyncio.BaseTransport, idle: float) -> None:
        self.transport, self.idle = transport, idle
        self.answering = 0
        self.timer: asyncio.TimerHandle | None = None
        self._start()

    def _start(self) -> None:
        self.timer = asyncio.get_running_loop().call_later(self.idle, self.transport.close)

    def arrived(self) -> None:
        """A request has arrived whole: no deadline until it is answered."""
        self.answering += 1
        self.stop()

    def answered(self) -> None:
        """A request that had arrived is answered: the client has `idle` seconds for its next."""
        self.answering -= 1
        if self.answering == 0 and not self.transport.is_closing():
            self._start()

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


class Guard:
    """The bounds on one server's connections: at most ``most`` open, each
    closed once it has kept the server waiting ``idle`` seconds for a request."""

    def __init__(self, most: int = MAX_CONNECTIONS, idle: float = IDLE) -> None:
        self.most, self.idle = most, idle
        self.open = 0
        self.deadlines: dict[Peer, _Deadline] = {}

    def close_waiting(self) -> None:
        """Close every connection on which the server waits for the client
        (the server is stopping: uvicorn closes only the idle ones)."""
        for deadline in list(self.deadlines.values()):
            if deadline.answering == 0:
                deadline.transport.close()

    def protocol(self) -> type[asyncio.Protocol]:
        """The HTTP protocol class for uvicorn's ``http`` setting: uvicorn's
        own, on the connections this guard lets in."""
        return type("Guarded", (_Guarded,), {"guard": self})

    def app(self, app: Any) -> Any:
        """``app`` (ASGI), telling each connection's deadline when a request
        has arrived and when it is answered."""

        async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
            peer = _peer(scope.get("client")) if scope["type"] == "http" else None
            deadline = None if peer is None else self.deadlines.get(peer)
            if deadline is None:
                await app(scope, receive, send)
            else:
                await _Request(deadline, scope).run(app, receive, send)

        return guarded


class _Guarded(asyncio.Protocol):
    """A connection let in by `guard` (past its ``most``, closed at once) and
    its deadline kept, the HTTP itself left to uvicorn's protocol."""

    guard: Guard

    def __init__(self, **settings: Any) -> None:
        self.http = AutoHTTPProtocol(**settings)  # made with what uvicorn gives ours
        self.peer: Peer | None = None
        self.deadline: _Deadline | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if self.guard.open >= self.guard.most:
            transport.abort()  # type: ignore[attr-defined]
            return
        self.guard.open += 1
        self.deadline = _Deadline(transport, self.guard.idle)
        self.peer = _peer(transport.get_extra_info("peername"))
        if self.peer is not None:
            self.guard.deadlines[self.peer] = self.deadline
        self.http.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.deadline is None:  # never let in
            return
        self.guard.open -= 1
        self.deadline.stop()
        if self.peer is not None:
            self.guard.deadlines.pop(self.peer, None)
        self.http.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.deadline is not None:
            self.http.data_received(data)

    def eof_received(self) -> bool | None:
        return None if self.deadline is None else self.http.eof_received()

    def pause_writing(self) -> None:
        self.http.pause_writing()

    def resume_writing(self) -> None:
        self.http.resume_writing()


class _Request:
    """One request on a guarded connection: it has arrived once its body has
    (at once without a body), and is answered once its reply's last part is
    sent, or the application is done with it."""

    def __init__(self, deadline: _Deadline, scope: dict[str, Any]) -> None:
        self.deadline, self.scope = deadline, scope
        self.arrived = self.answered = False
        headers = dict(scope["headers"])
        bodiless = headers.get(b"content-length", b"0").strip() in (b"", b"0")
        if bodiless and b"transfer-encoding" not in headers:
            self._arrive()

    def _arrive(self) -> None:
        if not self.arrived:
            self.arrived = True
            self.deadline.arrived()

    def _answer(self) -> None:
        if self.arrived and not self.answered:
            self.answered = True
            self.deadline.answered()

    async def run(self, app: Any, receive: Any, send: Any) -> None:
        async def receiving() -> dict[str, Any]:
            message: dict[str, Any] = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                self._arrive()  # the whole body, or the client gone
            return message

        async def sending(message: dict[str, Any]) -> None:
            await send(message)
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                self._answer()

        try:
            await app(self.scope, receiving, sending)
        finally:
            self._answer()
