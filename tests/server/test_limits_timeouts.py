"""Slow clients are cut off (issue 16, hole 4): sockets that trickle header lines, or send nothing,
are closed after the header deadline, while ordinary keep-alive requests still work.

The server runs on uvicorn in a thread, with the same protocol options as ``kleos serve`` and
short timeouts; every loop is bounded and the only time limits are generous ones for closure.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import uvicorn
from conftest import make_settings
from server_services import free_port

from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.server.ratelimit import uvicorn_options

SOCKETS = 20
CLOSE_WITHIN = 30.0  # generous: the deadline is 1 s


@contextlib.contextmanager
def serving(settings: Settings) -> Iterator[int]:
    port = free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning", lifespan="on",
                            **uvicorn_options(settings))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(600):
            if server.started:
                break
            time.sleep(0.05)
        assert server.started, "uvicorn did not start"
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def is_closed(sock: socket.socket) -> bool:
    """``True`` once the server has closed ``sock`` (end of stream or reset)."""
    try:
        sock.setblocking(False)
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def trickle(port: int, *, lines: bool) -> int:
    """Opens SOCKETS connections that start a request and then send one header line every 0.3 s
    (``lines``) or nothing at all; returns how many are still open after CLOSE_WITHIN seconds."""
    socks = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(SOCKETS)]
    try:
        for sock in socks:
            if lines:
                sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        open_ = set(range(SOCKETS))
        deadline = time.monotonic() + CLOSE_WITHIN
        line = 0
        while open_ and time.monotonic() < deadline:
            line += 1
            for index in list(open_):
                if is_closed(socks[index]):
                    open_.discard(index)
                elif lines:
                    with contextlib.suppress(OSError):
                        socks[index].sendall(f"X-Slow-{line}: {index}\r\n".encode())
            time.sleep(0.3)
        return len(open_)
    finally:
        for sock in socks:
            sock.close()


def test_header_lines_sent_slowly_are_cut_off(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, header_timeout=1.0, keep_alive_timeout=1.0)
    with serving(settings) as port:
        assert trickle(port, lines=True) == 0


def test_silent_connections_are_cut_off(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, header_timeout=1.0, keep_alive_timeout=1.0)
    with serving(settings) as port:
        assert trickle(port, lines=False) == 0


def test_keep_alive_requests_still_served(tmp_path: Path) -> None:
    """Two requests on one connection, the second after the first response: both answered."""
    settings = make_settings(tmp_path, header_timeout=1.0, keep_alive_timeout=5.0)
    with serving(settings) as port, socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        for _ in range(2):
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = b""
            while b'{"ok":true}' not in answer:
                chunk = sock.recv(4096)
                assert chunk, "closed before answering"
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 200")
            time.sleep(0.5)
