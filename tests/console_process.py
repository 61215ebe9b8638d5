"""A real ``hexmj serve`` process for the console's guard tests: started on a port the system picks
over a temporary store, its banner read, requests sent with exactly the headers a test gives (no
proxy, no default header), sockets opened with a given ``Origin``, its standard error kept so a
test can tell that no traceback was printed."""

from __future__ import annotations

import http.client
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

KEY = "the-guard-tests-console-key"
"""The console key the tests' servers are started with."""
JSON = {"Content-Type": "application/json"}
HOSTS = {"Authorization": f"Bearer {KEY}", **JSON}
"""What the host's API requests carry."""
START = 60.0
"""Seconds a server may take to print its banner."""


def hexmj(
    *argv: str, env: Mapping[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``hexmj argv…`` in a process of its own: exit code, standard output and error."""
    command = [sys.executable, "-c", "from tools.cli import main; main()", *argv]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})}
    )


class Answer:
    """A response: its status, headers and body."""

    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.body)


class ServeProcess:
    """``hexmj serve --port P --db sqlite:///… --key KEY`` (a port free when it is made) and the
    options a test adds."""

    def __init__(
        self, folder: Path, *options: str, key: str | None = KEY, env: Mapping[str, str] | None = None
    ) -> None:
        self.db = folder / "console.db"
        self.options = options
        self.key = key
        self.env = env or {}
        self.banner: list[str] = []
        self.errors: list[str] = []
        self.process: subprocess.Popen[str] | None = None
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        self.local = f"127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and read its banner up to the set-up URL."""
        argv = ["serve", "--port", str(self.port), "--db", f"sqlite:///{self.db}", *self.options]
        if self.key is not None:
            argv += ["--key", self.key]
        command = [sys.executable, "-c", "from tools.cli import main; main()", *argv]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, **self.env}
        )
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(self.process.stdout, lines.put), daemon=True).start()
        threading.Thread(
            target=self._read, args=(self.process.stderr, self.errors.append), daemon=True
        ).start()
        self.banner = []
        deadline = time.monotonic() + START
        while not any("Ctrl-C" in line for line in self.banner):
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            assert line is not None, f"hexmj serve ended before its banner: {''.join(self.errors)}"
            self.banner.append(line.rstrip("\n"))
        self.setup = next(line.split()[-1] for line in self.banner if "?key=" in line)

    @staticmethod
    def _read(stream: Any, put: Any) -> None:
        for line in stream:
            put(line)
        put(None)

    def stop(self) -> int:
        """Stop the server as Ctrl-C does; its exit code."""
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def stderr(self) -> str:
        """What the server has printed on standard error so far."""
        return "".join(line for line in self.errors if line is not None)

    def request(
        self,
        method: str,
        path: str,
        body: bytes | str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        """One request to the server on its loopback address, with exactly ``headers`` (and ``Host``)."""
        sent = dict(headers or {})
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.putrequest(method, path, skip_host="Host" in sent, skip_accept_encoding=True)
            data = body.encode() if isinstance(body, str) else body
            if data is not None and "Content-Length" not in sent:
                sent["Content-Length"] = str(len(data))
            for name, value in sent.items():
                connection.putheader(name, value)
            connection.endheaders(data)
            response = connection.getresponse()
            return Answer(response.status, response.headers, response.read())
        finally:
            connection.close()

    def api(self, method: str, path: str, body: Any = None, headers: Mapping[str, str] = HOSTS) -> Answer:
        """A JSON request with the host's headers unless others are given."""
        return self.request(method, path, None if body is None else json.dumps(body), headers)

    def create(self, **body: Any) -> dict[str, Any]:
        """``POST /api/tables`` with the console key; the answer's JSON."""
        answer = self.api("POST", "/api/tables", body)
        assert answer.status == 201, answer.text
        made: dict[str, Any] = answer.json()
        return made

    def socket(self, path: str, origin: str | None = None) -> ClientConnection:
        """A socket to ``path`` on the loopback address, sending ``origin`` as its ``Origin``."""
        return connect(
            f"ws://{self.local}{path}",
            origin=None if origin is None else Origin(origin),
            proxy=None,
            open_timeout=30,
            max_size=2**22,
        )


@contextmanager
def serving(folder: Path, *options: str, **kwargs: Any) -> Iterator[ServeProcess]:
    """A started server, stopped at the end."""
    server = ServeProcess(folder, *options, **kwargs)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def rss_kib(pid: int) -> int:
    """A process's resident memory, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for process {pid}")
