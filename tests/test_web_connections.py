"""`squiggly_cp.web.connections`: uvicorn serving a small application through
the guard, with a short deadline (0.4 s), spoken to over real sockets.

A connection that keeps the server waiting for its request (silent, or
sending its head a byte at a time) is closed once the deadline has passed;
one whose request is being answered is not, however long the answer takes;
past the most connections a new one is closed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any

import uvicorn

from squiggly_cp.web.connections import Guard

IDLE = 0.4
SLOW = 2 * IDLE
"""How long the application takes to answer ``/slow``."""


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body", False):
        pass
    if scope["path"] == "/slow":
        await asyncio.sleep(SLOW)
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@contextlib.asynccontextmanager
async def serving(most: int = 100) -> AsyncIterator[int]:
    """uvicorn serving `app` through a `Guard` on a free port: the port."""
    guard = Guard(most, idle=IDLE)
    sock = socket.create_server(("127.0.0.1", 0))
    config = uvicorn.Config(guard.app(app), http=guard.protocol(), lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    task = asyncio.ensure_future(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        await task


async def closed_by_server(reader: asyncio.StreamReader, within: float) -> bool:
    """Does the server close the connection within ``within`` seconds?"""
    try:
        return await asyncio.wait_for(reader.read(), within) == b""
    except asyncio.TimeoutError:
        return False
    except ConnectionResetError:
        return True


HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def test_a_connection_that_keeps_the_server_waiting_is_closed() -> None:
    async def go() -> None:
        async with serving() as port:
            silent = await asyncio.open_connection("127.0.0.1", port)
            trickle = await asyncio.open_connection("127.0.0.1", port)
            slow_body = await asyncio.open_connection("127.0.0.1", port)
            slow_body[1].write(b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n12345")
            for byte in HEAD[:-2]:  # a byte every tenth of the deadline: never a whole head
                trickle[1].write(bytes([byte]))
                await asyncio.sleep(IDLE / 10)
                if trickle[0].at_eof():
                    break
            assert await closed_by_server(trickle[0], IDLE)
            assert await closed_by_server(silent[0], 0.1)
            assert await closed_by_server(slow_body[0], 0.1)

    asyncio.run(go())


def test_an_answer_is_not_cut_and_idle_keep_alive_is() -> None:
    async def go() -> None:
        async with serving() as port:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # answered after 2 deadlines
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10 * SLOW)
            assert head.startswith(b"HTTP/1.1 200") and await reader.readexactly(2) == b"ok"
            writer.write(HEAD)  # the same connection, kept alive
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10 * SLOW)
            assert head.startswith(b"HTTP/1.1 200")
            await reader.readexactly(2)
            assert await closed_by_server(reader, 10 * IDLE)  # idle after its reply

    asyncio.run(go())


def test_past_the_most_connections_a_new_one_is_closed_at_once() -> None:
    async def go() -> None:
        async with serving(most=3) as port:
            held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
            await asyncio.sleep(0.05)
            extra, _ = await asyncio.open_connection("127.0.0.1", port)
            assert await closed_by_server(extra, IDLE / 2)  # before any deadline
            for _, writer in held:
                writer.close()
            await asyncio.sleep(0.05)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(HEAD)
            assert (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)).startswith(b"HTTP/1.1 200")

    asyncio.run(go())
