"""What a seat's answer says: the option it takes and the decision it answers (issue 29 item 3).

``POST /api/seats/{token}/decide`` and a seat socket's ``{"type": "decide"}`` carry
``{"option": …, "decision": N}``: ``N`` is the number the seat's view gives the decision put to it
(``"decision": {"number": N, …}``), so an answer sent twice — a request repeated, a tap sent again
after the connection came back — is taken once; without ``decision`` the answer goes to the decision
put to the seat now (R510).
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.console_web.requests import BadRequest

OPTION = 'option: expected {"option": "<one of the seat\'s options>", "decision": N}'
"""The error of an answer without a text ``option``."""
NUMBER = "decision: expected the number of the decision answered (a whole number from 1)"
"""The error of an answer whose ``decision`` is not a decision's number."""


@dataclass(frozen=True)
class Answer:
    """An option offered to a seat, and the number of the decision it answers if the seat named it."""

    option: str
    decision: int | None


def read_answer(message: object) -> Answer:
    """The answer a request body or a socket message carries; a :class:`BadRequest` names the field."""
    if not isinstance(message, dict) or not isinstance(message.get("option"), str):
        raise BadRequest(OPTION)
    number = message.get("decision")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool) or number < 1):
        raise BadRequest(NUMBER)
    return Answer(message["option"], number)
