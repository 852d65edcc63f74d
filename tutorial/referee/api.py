"""Reading a question to Rozhodčí's JSON API: everything cheap is checked before the engine
is asked, and every refusal is a Czech sentence with its HTTP status (no Django here).

The body must be JSON (``Content-Type: application/json``; a cross-site form can only send
``text/plain``, ``application/x-www-form-urlencoded`` or ``multipart/form-data`` without a
preflight, so no other page can make a visitor's browser ask), at most :data:`MAX_BODY`
bytes and at most :data:`MAX_DEPTH` levels deep. An action's fields must have the types
the engine's action has (text where it expects text), before the engine sees it.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import typing

from engine import actions

MAX_BODY = 32 * 1024  # the largest real position (every piece, a custom board) is ~8 kB
MAX_DEPTH = 8  # a position nests 4 levels ({"hands": {"red": {"ore": 1}}}), a body 5
MAX_LIST = 1000  # no list in a position is longer (the engine's random state: 625 numbers)


class Refused(ValueError):
    """What the API answers instead: a Czech message, an HTTP status, a short code."""

    def __init__(self, message: str, status: int = 400, code: str = "") -> None:
        super().__init__(message)
        self.message, self.status, self.code = message, status, code


def read_body(content_type: str, length: str | None, raw: bytes) -> dict:
    """The question as a dict, or :class:`Refused`: a wrong media type (415), too big (413),
    not JSON, nested too deep or not an object (400)."""
    if content_type != "application/json":
        raise Refused("Pošlete otázku jako JSON s hlavičkou Content-Type: application/json.",
                      415, "media_type")
    if _too_long(length) or len(raw) > MAX_BODY:
        raise Refused(f"Tělo požadavku je příliš velké (nejvýš {MAX_BODY // 1024} kB).", 413,
                      "too_large")
    if _depth_over(raw, MAX_DEPTH):
        raise Refused(f"JSON je vnořený příliš hluboko (nejvýš {MAX_DEPTH} úrovní).",
                      400, "too_deep")
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refused("Tělo požadavku musí být JSON.", 400, "not_json") from None
    if not isinstance(body, dict):
        raise Refused("Tělo požadavku musí být objekt JSON.", 400, "not_object")
    if _too_wide(body):
        raise Refused(f"Seznam nebo objekt v JSON je příliš dlouhý (nejvýš {MAX_LIST} "
                      "položek).", 400, "too_wide")
    return body


def _too_long(length: str | None) -> bool:
    return bool(length) and length.isascii() and length.isdigit() and int(length) > MAX_BODY


def _depth_over(raw: bytes, limit: int) -> bool:
    """Brackets nested deeper than ``limit`` outside strings, counted before parsing (so a
    body of 10 000 "[" costs a loop over bytes, not Python's recursion)."""
    depth, in_string, escaped = 0, False, False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def _too_wide(value) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict | list):
            if len(item) > MAX_LIST:
                return True
            stack.extend(item.values() if isinstance(item, dict) else item)
    return False


# --- an action's fields have the engine's types -----------------------------------------------

_TEXT = "text, např. \"red\""


def action_of(akce: dict) -> actions.Action:
    """The engine action a JSON object describes, its fields checked against the action's
    own types; :class:`Refused` with the Czech reason otherwise."""
    kind = akce.get("type")
    if not isinstance(kind, str) or kind not in actions.ACTION_TYPES:
        raise Refused("Akce (akce) není ve tvaru JSON enginu: neznámý druh (type).")
    cls = actions.ACTION_TYPES[kind]
    hints = _hints(cls)
    for f in dataclasses.fields(cls):
        if f.name in akce and not _fits(akce[f.name], hints[f.name]):
            raise Refused(f"Akce (akce): pole „{f.name}“ má špatný typ ({_wanted(hints[f.name])}).")
    try:
        return actions.from_json(akce)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise Refused("Akce (akce) není ve tvaru JSON enginu.") from None


@functools.cache
def _hints(cls) -> dict:
    return typing.get_type_hints(cls)


def _fits(value, hint) -> bool:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, _UnionType):
        return any(_fits(value, a) for a in args)
    if hint is type(None):
        return value is None
    if hint is str:
        return isinstance(value, str) and len(value) <= 40
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool) and -100 <= value <= 100
    if origin is dict:
        return isinstance(value, dict) and all(
            _fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
    if origin is tuple:
        if not isinstance(value, list | tuple) or len(value) > 10:
            return False
        items = args[:1] if len(args) == 2 and args[1] is Ellipsis else args
        if items is not args:
            return all(_fits(v, items[0]) for v in value)
        return len(value) == len(items) and all(_fits(v, a) for v, a in zip(value, items,
                                                                             strict=True))
    return False


def _wanted(hint) -> str:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, _UnionType):
        named = [_wanted(a) for a in args if a is not type(None)]
        return " nebo ".join(named) + " nebo null"
    if hint is str:
        return _TEXT
    if hint is int:
        return "celé číslo"
    if origin is dict:
        return "objekt {surovina: počet}"
    return "seznam"


_UnionType = type(int | None)


def text_or_none(body: dict, key: str, label: str) -> str | None:
    """A field that must be text when given (a colour, a hex)."""
    value = body.get(key)
    if value is not None and (not isinstance(value, str) or len(value) > 40):
        raise Refused(f"{label} ({key}) je text, např. \"red\".")
    return value
