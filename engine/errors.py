"""The two kinds of failure: an action the rules forbid, and input that makes no sense."""

from __future__ import annotations


class RuleViolation(Exception):
    """An action the rules forbid.

    ``code`` is stable (tests and the site key on it), ``message`` is a Czech sentence for a
    player, ``headword`` is the slug of the Almanach entry that states the rule.
    """

    def __init__(self, code: str, message: str, headword: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.headword = headword

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r}, {self.headword!r})"

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message, "headword": self.headword}


class InvalidInput(Exception):
    """Malformed input: an unknown id, colour, resource or card name, a bad count."""

    def __init__(self, message: str, code: str = "invalid_input") -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"InvalidInput({self.message!r})"
