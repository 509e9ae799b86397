"""Running the workbench: a listening socket, and uvicorn serving the
application on it until Ctrl-C (or SIGTERM)."""

from __future__ import annotations

import ipaddress
import socket

import uvicorn

from .app import LOCAL_HOSTS, create_app

__all__ = ["is_local", "listen", "serve_on"]


def is_local(host: str) -> bool:
    """Is ``host`` this machine only (a loopback address, or localhost)?"""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (0: a free port), IPv6 too.
    Raises `OSError` when it cannot."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=128)
    # Accepted connections inherit it: a reply's head and body, written
    # apart, must not wait on the client's delayed ACK (40 ms a request).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def serve_on(sock: socket.socket, host: str, *, workers: int, time_limit: float) -> None:
    """Serve the workbench on ``sock`` (listening on ``host``) until a
    Ctrl-C, which uvicorn hands back, once it has shut down, to the signal's
    own handler: KeyboardInterrupt (or the SIGTERM handler's)."""
    wildcard = host in ("", "0.0.0.0", "::")
    hosts = None if wildcard else LOCAL_HOSTS | {host.lower()}
    app = create_app(workers=workers, time_limit=time_limit, hosts=hosts)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])
