"""The board: which terrain and number token lie on each hex, and where the harbors are.

A :class:`Board` is immutable. Besides its readable fields it carries a few precomputed
tuples of small ints (resource per hex, hexes per number, harbor per intersection) that the
game uses on every roll and every trade.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .constants import (
    HARBOR_KIND_INDEX,
    HARBOR_KINDS,
    STANDARD_HARBORS,
    TERRAIN_COUNTS,
    TERRAIN_RESOURCE,
    TERRAINS,
    TOKENS,
)
from .errors import InvalidInput
from .topology import (
    COASTAL_PATHS,
    HEX_IDS,
    HEX_INDEX,
    NUM_HEXES,
    NUM_INTERSECTIONS,
    PATH_ENDS,
    PATH_IDS,
    PATH_INDEX,
)

DATA_DIR = Path(__file__).parent / "data"

# The outer ring of hexes counter-clockwise from the top-left corner hex, then the inner
# ring counter-clockwise from the hex just inside that corner, then the centre. Corner
# hexes sit at even positions of the outer ring; corner k starts the inner ring at k.
OUTER_RING = ("a1", "b1", "c1", "d1", "e1", "e2", "e3", "d4", "c5", "b4", "a3", "a2")
INNER_RING = ("b2", "c2", "d2", "d3", "c4", "b3")
CENTRE = "c3"
CORNER_HEXES = OUTER_RING[::2]

# The nine harbor edges of the standard sea frame, clockwise from the top-left.
STANDARD_HARBOR_PATHS = (
    "a1.NW", "a2.NE", "b4.NE", "c5.E", "d4.SE", "e2.SE", "e1.SW", "d1.W", "b1.W",
)


def spiral_order(corner: str) -> tuple[str, ...]:
    """All 19 hexes in the order the number tokens are laid: from a corner hex, spiralling
    counter-clockwise inward (Almanach, *Výstavba variabilního hracího plánu*)."""
    if corner not in CORNER_HEXES:
        raise InvalidInput(f"Žetony se začínají klást na rohovém poli, {corner!r} jím není.")
    k = CORNER_HEXES.index(corner)
    outer = OUTER_RING[2 * k:] + OUTER_RING[:2 * k]
    inner = INNER_RING[k:] + INNER_RING[:k]
    return outer + inner + (CENTRE,)


@dataclass(frozen=True)
class Harbor:
    """A harbor on a coastal path; ``kind`` is "3:1" or the resource it trades 2:1."""

    path: str
    kind: str

    @property
    def intersections(self) -> tuple[str, str]:
        from .topology import INTERSECTION_IDS

        a, b = PATH_ENDS[PATH_INDEX[self.path]]
        return INTERSECTION_IDS[a], INTERSECTION_IDS[b]

    def to_json(self) -> dict:
        return {"path": self.path, "kind": self.kind}


@dataclass(frozen=True)
class Board:
    """Terrain and number token per hex (in topology.HEX_IDS order), harbors, robber start."""

    terrains: tuple[str, ...]
    numbers: tuple[int | None, ...]
    harbors: tuple[Harbor, ...]
    robber_start: str
    # Precomputed for the game's hot paths.
    hex_resource: tuple[int, ...] = field(init=False, repr=False, compare=False)
    number_hexes: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    node_harbor: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.terrains) != NUM_HEXES or len(self.numbers) != NUM_HEXES:
            raise InvalidInput("Herní plán musí mít 19 dílů krajiny, každý s terénem a číslem.")
        for hex_id, terrain, number in zip(HEX_IDS, self.terrains, self.numbers, strict=True):
            if terrain not in TERRAINS:
                raise InvalidInput(f"Neznámý typ krajiny {terrain!r} na poli {hex_id}.")
            if terrain == "desert":
                if number is not None:
                    raise InvalidInput(f"Na poušť ({hex_id}) se žeton s číslem nedává.")
            elif not isinstance(number, int) or isinstance(number, bool) or not (
                2 <= number <= 12 and number != 7
            ):
                raise InvalidInput(f"Pole {hex_id} potřebuje žeton s číslem 2–6 nebo 8–12.")
        if self.robber_start not in HEX_INDEX:
            raise InvalidInput(f"Neznámé pole {self.robber_start!r} pro zloděje.")
        node_harbor = [-1] * NUM_INTERSECTIONS
        seen = set()
        for harbor in self.harbors:
            path = PATH_INDEX.get(harbor.path)
            if path is None or path not in COASTAL_PATHS:
                raise InvalidInput(
                    f"Přístav musí ležet na pobřežní cestě, {harbor.path!r} jí není."
                )
            if harbor.kind not in HARBOR_KIND_INDEX:
                raise InvalidInput(f"Neznámý druh přístavu {harbor.kind!r}.")
            if path in seen:
                raise InvalidInput(f"Na cestě {harbor.path} jsou dva přístavy.")
            seen.add(path)
            for node in PATH_ENDS[path]:
                node_harbor[node] = HARBOR_KIND_INDEX[harbor.kind]
        resources = tuple(
            -1 if TERRAIN_RESOURCE[t] is None else TERRAIN_RESOURCE[t] for t in self.terrains
        )
        by_number: list[list[int]] = [[] for _ in range(13)]
        for h, number in enumerate(self.numbers):
            if number is not None:
                by_number[number].append(h)
        object.__setattr__(self, "hex_resource", resources)
        object.__setattr__(self, "number_hexes", tuple(tuple(x) for x in by_number))
        object.__setattr__(self, "node_harbor", tuple(node_harbor))

    # -- read access -------------------------------------------------------------------

    def terrain(self, hex_id: str) -> str:
        return self.terrains[_hex(hex_id)]

    def number(self, hex_id: str) -> int | None:
        return self.numbers[_hex(hex_id)]

    def resource(self, hex_id: str) -> str | None:
        from .constants import RESOURCES

        r = self.hex_resource[_hex(hex_id)]
        return None if r < 0 else RESOURCES[r]

    def harbor_at(self, node_id: str) -> str | None:
        """The harbor kind an intersection gives access to, or None."""
        from .topology import INTERSECTION_INDEX

        node = INTERSECTION_INDEX.get(node_id)
        if node is None:
            raise InvalidInput(f"Neznámá křižovatka {node_id!r}.")
        kind = self.node_harbor[node]
        return None if kind < 0 else HARBOR_KINDS[kind]

    # -- construction ------------------------------------------------------------------

    @classmethod
    def beginner(cls) -> Board:
        """The Almanach edition's beginner board (engine/data/beginner_board.json)."""
        return cls.from_json(beginner_data())

    @classmethod
    def variable(cls, seed: int) -> Board:
        """A shuffled board built as *Výstavba variabilního hracího plánu* says.

        Terrain hexes are shuffled; tokens A–R are laid in letter order from a corner hex
        (chosen at random), spiralling counter-clockwise inward and skipping the desert; the
        nine harbors (4×3:1, one 2:1 per resource) are shuffled over the frame's harbor edges.
        The same seed always gives the same board.
        """
        rng = random.Random(seed)
        terrains = [t for t, n in TERRAIN_COUNTS.items() for _ in range(n)]
        rng.shuffle(terrains)
        corner = CORNER_HEXES[rng.randrange(len(CORNER_HEXES))]
        numbers: list[int | None] = [None] * NUM_HEXES
        tokens = iter(TOKENS)
        for hex_id in spiral_order(corner):
            h = HEX_INDEX[hex_id]
            if terrains[h] != "desert":
                numbers[h] = next(tokens)
        kinds = list(STANDARD_HARBORS)
        rng.shuffle(kinds)
        harbors = tuple(Harbor(p, k) for p, k in zip(STANDARD_HARBOR_PATHS, kinds, strict=True))
        desert = HEX_IDS[terrains.index("desert")]
        return cls(tuple(terrains), tuple(numbers), harbors, desert)

    def to_json(self) -> dict:
        return {
            "terrains": dict(zip(HEX_IDS, self.terrains, strict=True)),
            "numbers": dict(zip(HEX_IDS, self.numbers, strict=True)),
            "harbors": [h.to_json() for h in self.harbors],
            "robber_start": self.robber_start,
        }

    @classmethod
    def from_json(cls, d: dict) -> Board:
        try:
            terrains = tuple(d["terrains"][h] for h in HEX_IDS)
            numbers = tuple(d["numbers"][h] for h in HEX_IDS)
            harbors = tuple(
                Harbor(PATH_IDS[PATH_INDEX[h["path"]]] if h["path"] in PATH_INDEX else h["path"],
                       h["kind"])
                for h in d["harbors"]
            )
            robber = d.get("robber_start")
        except (KeyError, TypeError) as exc:
            raise InvalidInput(f"Neúplný popis herního plánu: chybí {exc}.") from None
        if robber is None:
            robber = HEX_IDS[terrains.index("desert")] if "desert" in terrains else HEX_IDS[0]
        return cls(terrains, numbers, harbors, robber)


def _hex(hex_id: str) -> int:
    h = HEX_INDEX.get(hex_id)
    if h is None:
        raise InvalidInput(f"Neznámé pole {hex_id!r}.")
    return h


@cache
def _beginner_text() -> str:
    return (DATA_DIR / "beginner_board.json").read_text(encoding="utf-8")


def beginner_data() -> dict:
    """The beginner board file: the board plus each colour's starting pieces."""
    return json.loads(_beginner_text())
