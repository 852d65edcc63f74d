"""Readable ids and names at the edge, small ints inside.

Intersections, paths and hexes have the readable ids of :mod:`engine.topology` ("a2.SE",
"b3|b4", "c3"), resources and development cards their English names. These functions turn
them into indices, and an unknown one into :class:`InvalidInput` naming it in Czech; the
``*_dict`` functions go back from counts to names.
"""

from __future__ import annotations

from collections.abc import Sequence

from .constants import DEV_CARD_INDEX, DEV_CARDS, HARBOR_KIND_INDEX, RESOURCE_INDEX, RESOURCES
from .errors import InvalidInput
from .topology import HEX_INDEX, INTERSECTION_INDEX, PATH_INDEX


def lookup(table: dict, key: object) -> int | None:
    """table[key], or None for an unknown or unhashable key."""
    try:
        return table.get(key)
    except TypeError:
        return None


def known(table: dict, key: object, message: str) -> int:
    """table[key]; an unknown key is InvalidInput with ``message`` naming it in Czech."""
    found = lookup(table, key)
    if found is None:
        raise InvalidInput(message.format(key))
    return found


def node_index(node_id: object) -> int:
    return known(INTERSECTION_INDEX, node_id, "Neznámá křižovatka {!r}.")


def path_index(path_id: object) -> int:
    return known(PATH_INDEX, path_id, "Neznámá cesta {!r}.")


def hex_index(hex_id: object) -> int:
    return known(HEX_INDEX, hex_id, "Neznámé pole {!r}.")


def resource_index(name: object) -> int:
    return known(RESOURCE_INDEX, name,
                 "Neznámá surovina {!r} (možnosti: " + ", ".join(RESOURCES) + ").")


def card_index(name: object) -> int:
    return known(DEV_CARD_INDEX, name, "Neznámá akční karta {!r}.")


def harbor_kind_index(kind: object) -> int:
    return known(HARBOR_KIND_INDEX, kind, "Neznámý přístav {!r}.")


def resource_counts(cards: object) -> list[int]:
    """{resource: n} -> five counts in RESOURCES order."""
    if not isinstance(cards, dict):
        raise InvalidInput("Karty se zadávají jako slovník surovina → počet.")
    counts = [0] * 5
    for name, n in cards.items():
        r = resource_index(name)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidInput(f"Počet karet {name} musí být celé nezáporné číslo.")
        counts[r] += n
    return counts


def resource_dict(counts: Sequence[int]) -> dict[str, int]:
    """Five counts -> {resource: n} without the zeros."""
    return {RESOURCES[r]: n for r, n in enumerate(counts) if n}


def card_dict(counts: Sequence[int]) -> dict[str, int]:
    """Five development-card counts -> {card: n} without the zeros."""
    return {DEV_CARDS[c]: n for c, n in enumerate(counts) if n}


def count(value: object, what: str) -> int:
    """A loaded number: a non-negative int (not a bool)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidInput(f"{what} musí být celé nezáporné číslo.", "position_number")
    return value


def flag(value: object) -> bool:
    """A loaded flag: true or false."""
    if not isinstance(value, bool):
        raise InvalidInput("Příznak v pozici musí být true nebo false.", "position_number")
    return value
