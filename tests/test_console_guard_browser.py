"""Another site's page, opened in Chromium beside the host's own, acts at no table (issue 29 item 5,
R522): the host's browser holds the console key's cookie from the set-up URL, and a page served from
another port of the same machine (the same site, so the browser sends the cookie) posts a
``no-cors`` ``text/plain`` table request and opens a seat's socket; neither gets through.  The
console is a real ``hexmj serve`` process."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_process import KEY, serving
from console_support import WAIT, needs_chromium

EVIL_PAGE = """<!doctype html><html><body><script>
fetch("{base}/api/tables", {{method: "POST", mode: "no-cors", credentials: "include",
  headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify({{bots: ["B", "C", "D"]}})}})
  .then(function () {{ document.body.dataset.posted = "sent"; }},
        function () {{ document.body.dataset.posted = "failed"; }});
var socket = new WebSocket("{ws}/ws/seat/{token}");
socket.onopen = function () {{ document.body.dataset.socket = "open"; }};
socket.onclose = function () {{
  if (!document.body.dataset.socket) {{ document.body.dataset.socket = "refused"; }}
}};
</script></body></html>"""


@pytest.fixture
def other_site() -> Iterator[tuple[str, dict[str, str]]]:
    """A page server on another port of this machine: its address, and the page it serves, set by the
    test."""
    page: dict[str, str] = {}

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = page.get("html", "").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", page
    server.shutdown()


@needs_chromium
def test_a_no_cors_post_and_a_socket_from_another_sites_page_are_refused_s16(
    tmp_path: Path, browser: Any, other_site: tuple[str, dict[str, str]]
) -> None:
    address, page = other_site
    with serving(tmp_path) as server:
        made = server.create(seed=3, bots=["B", "C", "D"], test=True)
        base = f"http://{server.local}"
        page["html"] = EVIL_PAGE.format(
            base=base, ws=f"ws://{server.local}", token=made["seats"]["A"]["token"]
        )
        context = browser.new_context()
        host = context.new_page()
        host.goto(f"{base}/?key={KEY}")
        assert host.locator("#create").count() == 1
        assert any(cookie["name"] == "hexmj_console" for cookie in context.cookies(base))
        evil = context.new_page()
        evil.goto(address)
        evil.wait_for_selector("body[data-posted][data-socket]", state="attached", timeout=WAIT)
        assert evil.locator("body").get_attribute("data-socket") == "refused"
        assert [t["table"] for t in server.api("GET", "/api/tables").json()["tables"]] == [made["table"]]
        context.close()
