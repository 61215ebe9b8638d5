"""Shared helpers of the real table's tests (实体桌, issue 31): a table over a pool written for the test
(a pool file's text, §18.2), its entries made one by one on a clock the test moves, and the screens."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tools.physical import views
from tools.physical.asks import HOST, Ask, Entry
from tools.physical.game import Game
from tools.physical.pool import table_pool

MINUTE = 60_000
"""The clock's step between two entries, in milliseconds."""


def pool_text(mode: str = "strategy", **draw: Iterable[str] | int) -> str:
    """A pool file's text: the mode and, per id series, the cards drawn (a list of ids, or a count)."""
    lines = [f"mode: {mode}", "draw:"]
    for series, cards in draw.items():
        value = cards if isinstance(cards, int) else "[" + ", ".join(cards) + "]"
        lines.append(f"  {series.replace('_', '-')}: {value}")
    return "\n".join(lines) + "\n"


class Table:
    """A real table's game driven entry by entry, as the console drives it."""

    def __init__(self, text: str, seed: int = 1, rounds: int = 4) -> None:
        self.pool = table_pool(None, text, False)
        self.clock = 0
        self.game = Game(self.pool, seed, rounds, self.clock)

    @property
    def st(self) -> Any:
        return self.game.st

    def enter(self, by: int, option: str, **data: Any) -> None:
        """One entry, a minute after the last."""
        self.clock += MINUTE
        self.game.enter(Entry(by, option, data, self.clock))

    def options(self, player: int) -> list[str]:
        """What the seat's screen offers now."""
        return list(views.seat(self.game, player, {})["options"])

    def host_options(self) -> list[str]:
        """What the host screen offers now."""
        return list(views.host(self.game, {})["options"])

    def public(self) -> dict[str, Any]:
        """Every screen's state."""
        return views.public(self.game, {})

    def prompt(self, player: int) -> Ask | None:
        """The oldest prompt waiting on the player."""
        return next((ask for ask in self.game.prompts() if player in self.game.waiting(ask)), None)

    def answer(self, player: int, word: str) -> None:
        """Answer the player's oldest prompt with the option starting with or containing ``word``."""
        ask = self.prompt(player)
        assert ask is not None, f"no prompt for {player}"
        values = ask.parts[player].values()
        found = [v for v in values if v == word] or [v for v in values if v.startswith(word)]
        found = found or [v for v in values if word in v]
        assert found, f"{word!r} not among {values}"
        self.enter(player, found[0])

    def settle(
        self, prefer: Mapping[int, Iterable[str]] | None = None, default: str = "", until: str = ""
    ) -> None:
        """Answer every open prompt (up to the first of kind ``until``): a player's preferred card ids
        first, then ``default``, then the first option (a ``may`` is passed, a question answered yes,
        a table effect done)."""
        wanted = {p: list(ids) for p, ids in (prefer or {}).items()}
        while True:
            open_ = [(ask, p) for ask in self.game.prompts() for p in self.game.waiting(ask)]
            if not open_ or open_[0][0].kind == until:
                return
            ask, player = open_[0]
            values = ask.parts[player].values()
            picks = [v for v in values for card in wanted.get(player, []) if v.endswith(card)]
            picks += [v for v in values if default and v.startswith(default)]
            picks += [v for v in values if v.startswith(("pass", "yes", "done", "keep", "challenge"))]
            self.enter(HOST if player == HOST else player, (picks or list(values))[0])

    def holder_of(self, card: str) -> int:
        """The player holding an augment or a contract."""
        for p in range(4):
            if card in self.st.augments[p]:
                return p
            if self.st.round is not None and self.st.rnd.players[p].contract == card:
                return p
        raise AssertionError(f"nobody holds {card}")


class ApiTable:
    """A real table driven through the console's JSON API, as its phones and host screen drive it."""

    def __init__(self, client: Any, made: Mapping[str, Any]) -> None:
        self.client = client
        self.id = str(made["table"])
        self.tokens = {letter: seat["token"] for letter, seat in made["seats"].items()}
        self.host_token = str(made["host"]).rsplit("/", 1)[1]
        self.responses: list[str] = []

    def reconnect(self, client: Any) -> None:
        """The same table on a console started again over the same store."""
        self.client = client

    def seat(self, letter: str) -> dict[str, Any]:
        """``GET /api/seats/{token}``."""
        response = self.client.get(f"/api/seats/{self.tokens[letter]}")
        assert response.status_code == 200, response.text
        self.responses.append(response.text)
        view: dict[str, Any] = response.json()
        return view

    def host(self) -> dict[str, Any]:
        """``GET /api/tables/{ID}/host`` with the host token."""
        response = self.client.get(f"/api/tables/{self.id}/host", headers=self.auth())
        assert response.status_code == 200, response.text
        self.responses.append(response.text)
        view: dict[str, Any] = response.json()
        return view

    def public(self) -> dict[str, Any]:
        """``GET /api/tables/{ID}``."""
        response = self.client.get(f"/api/tables/{self.id}")
        assert response.status_code == 200, response.text
        self.responses.append(response.text)
        view: dict[str, Any] = response.json()
        return view

    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.host_token}"}

    def decide(self, letter: str, option: str, status: int = 200, **data: Any) -> dict[str, Any]:
        """``POST /api/seats/{token}/decide``."""
        response = self.client.post(
            f"/api/seats/{self.tokens[letter]}/decide", json={"option": option, **data}
        )
        assert response.status_code == status, response.text
        self.responses.append(response.text)
        answer: dict[str, Any] = response.json()
        return answer

    def host_decide(self, option: str, status: int = 200, **data: Any) -> dict[str, Any]:
        """``POST /api/tables/{ID}/decide`` with the host token."""
        response = self.client.post(
            f"/api/tables/{self.id}/decide", json={"option": option, **data}, headers=self.auth()
        )
        assert response.status_code == status, response.text
        self.responses.append(response.text)
        answer: dict[str, Any] = response.json()
        return answer

    def prompts(self) -> list[tuple[str, dict[str, Any]]]:
        """Every prompt open on a phone, with its seat."""
        return [(letter, prompt) for letter in "ABCD" for prompt in self.seat(letter)["prompts"]]
