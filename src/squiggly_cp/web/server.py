"""Running the workbench: a listening socket, and uvicorn serving the
application on it until Ctrl-C (or SIGTERM), its connections bounded
(`web.connections`)."""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import os
import socket
from collections.abc import Callable
from typing import Any

import uvicorn

from .app import LOCAL_HOSTS, create_app
from .connections import Guard, most_connections

__all__ = ["allowed_hosts", "is_local", "is_wildcard", "listen", "serve_on"]


def is_local(host: str) -> bool:
    """Is ``host`` this machine only (a loopback address, or localhost)?"""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    """Does listening on ``host`` mean every address of this machine?"""
    return host in ("", "0.0.0.0", "::")


def allowed_hosts(host: str, allow: tuple[str, ...] = ()) -> frozenset[str]:
    """The names a request's Host header may give: this machine's own, the
    address listened on (not a wildcard: no page names it) and ``allow``."""
    names = {name.lower().strip("[]") for name in allow}
    if not is_wildcard(host):
        names.add(host.lower())
    return LOCAL_HOSTS | names


BACKLOG = 128
"""Connections the system holds for the server to accept, and the most it
accepts at once."""


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (0: a free port), IPv6 too.
    Raises `OSError` when it cannot."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=BACKLOG)
    # Accepted connections inherit it: a reply's head and body, written
    # apart, must not wait on the client's delayed ACK (40 ms a request).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def serve_on(
    sock: socket.socket,
    host: str,
    *,
    workers: int,
    time_limit: float,
    warn: Callable[[str], None],
    allow: tuple[str, ...] = (),
) -> None:
    """Serve the workbench on ``sock`` (listening on ``host``) until a
    Ctrl-C, which uvicorn hands back, once it has shut down, to the signal's
    own handler: KeyboardInterrupt (or the SIGTERM handler's). A request
    whose Host header names none of this machine's own names, ``host``
    (unless a wildcard) and ``allow`` is refused, whatever it listens on.
    Its connections are bounded (`web.connections`); ``warn`` writes a line
    for the user."""
    hosts = allowed_hosts(host, allow)
    guard = Guard(most_connections(workers))
    workbench = create_app(workers=workers, time_limit=time_limit, hosts=hosts)
    config = uvicorn.Config(
        guard.app(workbench),
        http=guard.protocol(),
        backlog=BACKLOG,
        timeout_graceful_shutdown=STOPPING,
        lifespan="on",
        log_level="warning",
        access_log=False,
    )

    def stopping() -> None:
        workbench.stop_work()
        guard.close_waiting()

    asyncio.run(_serve(uvicorn.Server(config), sock, warn, stopping))


STOPPING = 1
"""Seconds a stopping server waits for its replies under way (uvicorn's
``timeout_graceful_shutdown``) before it cuts them: they come at once, their
work killed (`_Limits.stop_work`), but for one streamed to a slow reader."""


async def _serve(
    server: uvicorn.Server, sock: socket.socket, warn: Callable[[str], None], stopping: Callable[[], None]
) -> None:
    """Run ``server`` on ``sock``; call ``stopping`` as soon as it is told to
    stop (Ctrl-C, SIGTERM), when uvicorn starts to wait for what is under way."""
    asyncio.get_running_loop().set_exception_handler(_out_of_files(warn))
    watch = asyncio.ensure_future(_when_told_to_stop(server, stopping))
    try:
        await server.serve(sockets=[sock])
    finally:
        watch.cancel()


async def _when_told_to_stop(server: uvicorn.Server, then: Callable[[], None]) -> None:
    while not server.should_exit:  # set by uvicorn's handler of the signals
        await asyncio.sleep(0.05)
    then()


OUT_OF = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
"""What a connection cannot be accepted for: descriptors (the process's, the
system's), buffers, memory."""


def _out_of_files(warn: Callable[[str], None]) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """The event loop's handler of errors no code of ours sees: a connection
    that cannot be accepted for want of descriptors or memory (the loop
    tries again a second later) is one line, said once, not a traceback;
    any other error is the loop's own."""
    said = False

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        nonlocal said
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in OUT_OF:
            if not said:
                said = True
                warn(f"warning: connections wait to be accepted: {os.strerror(error.errno)}")
            return
        loop.default_exception_handler(context)

    return handle
