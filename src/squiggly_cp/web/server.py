"""Running the workbench: a listening socket, and uvicorn serving the
application on it until Ctrl-C (or SIGTERM)."""

from __future__ import annotations

import ipaddress
import socket

import uvicorn

from .app import LOCAL_HOSTS, create_app

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


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (0: a free port), IPv6 too.
    Raises `OSError` when it cannot."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=128)
    # Accepted connections inherit it: a reply's head and body, written
    # apart, must not wait on the client's delayed ACK (40 ms a request).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def serve_on(
    sock: socket.socket, host: str, *, workers: int, time_limit: float, allow: tuple[str, ...] = ()
) -> None:
    """Serve the workbench on ``sock`` (listening on ``host``) until a
    Ctrl-C, which uvicorn hands back, once it has shut down, to the signal's
    own handler: KeyboardInterrupt (or the SIGTERM handler's). A request
    whose Host header names none of this machine's own names, ``host``
    (unless a wildcard) and ``allow`` is refused, whatever it listens on."""
    hosts = allowed_hosts(host, allow)
    app = create_app(workers=workers, time_limit=time_limit, hosts=hosts)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])
