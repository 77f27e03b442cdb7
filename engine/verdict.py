"""Verdicts: the engine's explanation of whether an action is allowed.

Every ``check_*`` method returns a frozen :class:`Verdict`; it never raises
for a rule violation.  ``verdict.reason`` is a :class:`Reason` (a ``str``
enum, so ``verdict.reason == "MUST_FOLLOW_SUIT"`` works), ``verdict.rule`` the
RULES.md id it enforces (``"SP-14"``), ``verdict.evidence`` a read-only
mapping of the facts behind it (``led_suit``, ``could_follow`` …) and
``verdict.text`` the :class:`~engine.message.Msg` saying it;
``verdict.message`` is that sentence in the current language (plain English
by default, naming the cards), made by the text layer (:mod:`engine.text`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, Mapping

from .message import LITERAL, Msg, literal, render

__all__ = ["Reason", "Verdict"]


class Reason(str, Enum):
    """Why an action is (not) allowed.  The value is the code printed in
    hand-record output (``"MUST_FOLLOW_SUIT"``)."""

    OK = "OK"
    # turn and phase
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    WRONG_PHASE = "WRONG_PHASE"
    ALREADY_BID = "ALREADY_BID"
    GAME_OVER = "GAME_OVER"
    HAND_NOT_DEALT = "HAND_NOT_DEALT"
    # play
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
    SPADES_NOT_BROKEN = "SPADES_NOT_BROKEN"
    MUST_TRUMP = "MUST_TRUMP"
    # bidding
    BID_NOT_WHOLE_NUMBER = "BID_NOT_WHOLE_NUMBER"
    BID_OUT_OF_RANGE = "BID_OUT_OF_RANGE"
    BLIND_NIL_AFTER_LOOKING = "BLIND_NIL_AFTER_LOOKING"
    BLIND_NIL_NOT_IN_THIS_GAME = "BLIND_NIL_NOT_IN_THIS_GAME"
    HOOK = "HOOK"
    # the Blind Nil exchange
    EXCHANGE_WRONG_COUNT = "EXCHANGE_WRONG_COUNT"
    EXCHANGE_CARD_NOT_HELD = "EXCHANGE_CARD_NOT_HELD"
    EXCHANGE_NOT_IN_EXCHANGE = "EXCHANGE_NOT_IN_EXCHANGE"
    EXCHANGE_BOTH_BLIND_NIL = "EXCHANGE_BOTH_BLIND_NIL"
    EXCHANGE_ALREADY_PASSED = "EXCHANGE_ALREADY_PASSED"
    # looking at cards (no longer given: a look by a seat that has seen its
    # cards is accepted and changes nothing, HAND_RECORD.md; kept for old callers)
    ALREADY_LOOKED = "ALREADY_LOOKED"

    @property
    def is_timing(self) -> bool:
        """True for a refusal about *when* (not your turn, wrong phase,
        already bid or passed, no hand dealt, game over): the action may be
        right later; False for a refusal by a rule of play or bidding (and
        for OK).  A tutor shows timing refusals as a short note, not as a
        mistake."""
        return self.value in TIMING_REASONS


#: Reason codes that are about timing rather than a rule (see :attr:`Reason.is_timing`).
TIMING_REASONS = frozenset({"NOT_YOUR_TURN", "WRONG_PHASE", "ALREADY_BID", "GAME_OVER", "HAND_NOT_DEALT",
                            "EXCHANGE_NOT_IN_EXCHANGE", "EXCHANGE_ALREADY_PASSED", "ALREADY_LOOKED"})


def _text(message: "Msg | str") -> Msg:
    return message if isinstance(message, Msg) else literal(str(message))


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's answer to "may this seat do this now?".

    Attributes: ``ok`` (bool), ``reason`` (:class:`Reason`), ``rule`` (RULES.md
    id such as ``"SP-13"``, or ``""`` for a plain OK), ``text`` (the
    :class:`~engine.message.Msg` that says it: a message id and the plain
    data of its placeholders), ``evidence`` (read-only mapping; card values
    are canonical texts like ``"TH"``).  ``message`` is the sentence (plain
    English by default, naming the cards), rendered from ``text`` by the
    text layer in the current language.
    """

    ok: bool
    reason: Reason
    rule: str
    text: Msg
    evidence: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.text, Msg):
            object.__setattr__(self, "text", _text(self.text))
        if not isinstance(self.evidence, MappingProxyType):
            object.__setattr__(self, "evidence", MappingProxyType(dict(self.evidence)))

    def __bool__(self) -> bool:
        return self.ok

    @property
    def msg(self) -> Msg:
        """The message of this verdict: ``text`` with the evidence and the
        rule id as placeholder data too (``text``'s own data first)."""
        t = self.text
        if t.id == LITERAL:
            return t
        return Msg(t.id, {**self.evidence, "rule": self.rule, **t.args})

    @property
    def message(self) -> str:
        """The sentence, in the current language (:func:`engine.text.set_language`)."""
        return render(self.msg)

    @property
    def is_timing(self) -> bool:
        """True when this refusal is about timing (see :attr:`Reason.is_timing`), not a rule."""
        return not self.ok and self.reason.is_timing

    @classmethod
    def allow(cls, message: "Msg | str", rule: str = "", **evidence: Any) -> "Verdict":
        """An OK verdict (``message`` says why it is allowed: a
        :class:`~engine.message.Msg`, or a finished sentence)."""
        return cls(True, Reason.OK, rule, _text(message), evidence)

    @classmethod
    def refuse(cls, reason: Reason, rule: str, message: "Msg | str", **evidence: Any) -> "Verdict":
        """A refusal with its reason, rule id, message and evidence."""
        return cls(False, reason, rule, _text(message), evidence)

    def to_json(self) -> dict[str, Any]:
        """``{"ok", "reason", "rule", "message", "evidence"}`` with plain values."""
        return {"ok": self.ok, "reason": self.reason.value, "rule": self.rule,
                "message": self.message, "evidence": dict(self.evidence)}
