"""The `serve` command: the setter's workbench, a local web page over the library."""

from __future__ import annotations

import os
import threading
import webbrowser

import click

from ..execution.local import auto_jobs
from .common import OneLineError, TimeLimit, warn
from .exits import SERVE_HELP

INSTALL_WEB = "pip install '.[web]' in squiggly-cp's checkout"


@click.command("serve", epilog=SERVE_HELP)
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="0: any free port."
)
@click.option(
    "--allow-host",
    "allow",
    multiple=True,
    metavar="NAME",
    help="A name (or address) requests may give in their Host header besides this machine's own "
    "(repeatable): the one others reach it by. Other names are refused, which stops DNS rebinding.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Worker processes doing the puzzle work at full priority (work past 0.3 s goes on at low "
    "priority, making room). [default: one per core]",
)
@click.option(
    "--time-limit",
    type=TimeLimit(),
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    help='The most any one request may take; what it cuts is answered "unknown".',
)
def serve(
    host: str,
    port: int,
    allow: tuple[str, ...],
    open_browser: bool,
    workers: int | None,
    time_limit: float | None,
) -> None:
    """The setter's workbench: a page at http://127.0.0.1:8000 where a jigsaw
    is drawn, checked as it is set (layout, verdict, true candidates, rating),
    solved step by step, filled with a puzzle to order and exported. Its JSON
    API is documented at /docs. One line on standard error says where it
    listens; Ctrl-C stops it. Needs the web extra (pip install '.[web]' in
    squiggly-cp's checkout). Listening beyond this machine (--host), give
    the name others reach it by with --allow-host."""
    try:
        from ..web import server
    except ImportError as e:
        raise OneLineError(f"serve needs the web extra ({e.name or e} is missing): {INSTALL_WEB}") from None
    if not server.is_local(host):
        warn(f"warning: listening on {host}, not this machine only: anyone who can reach it can use it")
        if server.is_wildcard(host) and not allow:
            warn(
                "warning: only requests naming localhost are answered: give the name or address "
                "others reach it by with --allow-host (other names are refused: DNS rebinding)"
            )
    try:
        sock = server.listen(host, port)
    except OSError as e:
        why = os.strerror(e.errno) if e.errno else str(e)  # create_server's strerror adds the address
        raise OneLineError(f"cannot listen on {host}:{port}: {why}") from None
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    warn(f"listening on {url} (Ctrl-C stops it)")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    # No time limit (inf) still bounds each request, at an hour.
    server.serve_on(
        sock, host, workers=workers or auto_jobs(), time_limit=time_limit or 3600.0, allow=allow, warn=warn
    )
