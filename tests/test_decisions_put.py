"""A decision the turn and the response window put (``engine.core.decisions.put``, §11, §12.2) is the
very value a decision built field by field is: the same type, fields, equality, hash and text."""

from __future__ import annotations

from engine.core.decisions import Decision, DecisionKind, check_answer, put


def test_a_put_decision_is_the_decision_built_field_by_field_s12_2() -> None:
    """B's call chance on 5m (§12.2): built either way, one value; a decision that differs in one
    field is not equal to it (the control)."""
    made = Decision(DecisionKind.CALL, 1, ("pass", "pon"), "5m")
    quick = put(DecisionKind.CALL, 1, ("pass", "pon"), "5m")
    assert type(quick) is Decision
    assert quick == made and hash(quick) == hash(made)
    assert (quick.kind, quick.player, quick.options, quick.about) == (
        DecisionKind.CALL,
        1,
        ("pass", "pon"),
        "5m",
    )
    assert quick.describe() == made.describe() == "call B 5m: pass|pon"
    assert check_answer(quick, "pon") == "pon"
    assert put(DecisionKind.TURN, 0, ("discard 5m",)) == Decision(DecisionKind.TURN, 0, ("discard 5m",))
    assert quick != put(DecisionKind.CALL, 2, ("pass", "pon"), "5m")
