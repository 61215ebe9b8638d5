"""``hexmj serve``'s start-up banner and the address phones reach (issue 30 item 1; §16, §17): once it
listens it prints each address a phone on the network opens (or says phones can't join), the
set-up URL with the console key and how to stop it; join links are built from that address; a busy
port is one line and exit 9.  Every test runs a real ``hexmj serve`` process."""

from __future__ import annotations

import socket
from pathlib import Path

import psutil
import pytest
from console_process import JSON, KEY, ServeProcess, hexmj, serving


def test_on_loopback_the_banner_and_the_set_up_page_say_phones_cant_join(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        assert server.banner[0] == "hexmj serve: the host console is listening."
        assert any("Phones can't join" in line and "--host 0.0.0.0" in line for line in server.banner)
        assert server.setup == f"http://127.0.0.1:{server.port}/?key={KEY}"
        assert any("Ctrl-C" in line for line in server.banner)
        page = server.request("GET", "/", headers={"Cookie": f"hexmj_console={KEY}"})
        assert 'id="no-phones"' in page.text and "Phones can't join" in page.text
        made = server.create(bots=["C", "D"], test=True)
        assert made["host"].startswith(f"http://127.0.0.1:{server.port}/host/")


def _phone_addresses() -> list[str]:
    """The machine's IPv4 addresses another device can open."""
    return [
        entry.address
        for entries in psutil.net_if_addrs().values()
        for entry in entries
        if entry.family == socket.AF_INET and not entry.address.startswith(("127.", "169.254."))
    ]


def test_on_every_address_the_banner_lists_each_one_a_phone_opens_and_links_use_it(tmp_path: Path) -> None:
    addresses = _phone_addresses()
    if not addresses:
        pytest.skip("this machine has no address but loopback")
    with serving(tmp_path, "--host", "0.0.0.0") as server:
        listed = [
            line.split()[-1] for line in server.banner if line.strip().startswith("Phones on this network")
        ]
        assert sorted(listed) == sorted(f"http://{address}:{server.port}" for address in addresses)
        assert server.setup == f"{listed[0]}/?key={KEY}"
        page = server.request("GET", "/", headers={"Cookie": f"hexmj_console={KEY}"})
        assert page.status == 200 and 'id="no-phones"' not in page.text
        made = server.create(bots=["C", "D"], test=True)
        assert all(seat["url"].startswith(f"{listed[0]}/seat/") for seat in made["seats"].values())


def test_the_console_key_comes_from_the_environment_or_is_drawn_at_random(tmp_path: Path) -> None:
    given = "the-key-from-the-environment"
    with serving(tmp_path, key=None, env={"HEXMJ_CONSOLE_KEY": given}) as server:
        assert server.setup.endswith(f"/?key={given}")
        made = server.api("POST", "/api/tables", {}, {"Authorization": f"Bearer {given}", **JSON})
        assert made.status == 201
    keys = []
    for _ in range(2):
        drawn = ServeProcess(tmp_path, key=None, env={"HEXMJ_CONSOLE_KEY": ""})
        drawn.start()
        keys.append(drawn.setup.rsplit("=", 1)[1])
        assert drawn.api("GET", "/api/tables", headers={"Authorization": f"Bearer {keys[-1]}"}).status == 200
        drawn.stop()
    assert len(keys[0]) >= 32 and keys[0] != keys[1]


def test_a_busy_port_is_one_error_line_and_exit_9(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = hexmj("serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'c.db'}")
    assert done.returncode == 9 and done.stdout == ""
    busy = f"port {port} on 127.0.0.1 is in use by another program: stop it, or give another --port"
    assert done.stderr == f"hexmj: error: {busy}\n"
