"""Rule options: where editions differ, and which game (the base game or Katan pro dva)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .errors import InvalidInput


@dataclass(frozen=True)
class Rules:
    """Rule options. Defaults follow the Almanach (seeds 000/003).

    * ``longest_road_tie``: after a Longest Road is broken and the longest roads are tied,
      "aside" puts the card aside until one player is strictly longest (Almanach);
      "holder_keeps" lets the holder keep it if among the tied (compact edition, 001).
    * ``combined_trade_build``: *Kombinovaná fáze obchodu a stavění*: after the roll the
      player trades and builds in any order (phase "main"), and a harbor is usable at once.
    * ``victory_points_to_win``: 10.
    * ``two_player``: *Katan pro dva* (001): exactly 2 players, two neutral colours, two
      rolls per turn, trade cards (see engine/API.md).
    """

    longest_road_tie: str = "aside"
    combined_trade_build: bool = False
    victory_points_to_win: int = 10
    two_player: bool = False

    def __post_init__(self) -> None:
        if self.longest_road_tie not in ("aside", "holder_keeps"):
            raise InvalidInput(
                f"Neznámé pravidlo pro shodu nejdelší cesty {self.longest_road_tie!r} "
                "(možnosti: aside, holder_keeps)."
            )
        if not isinstance(self.combined_trade_build, bool):
            raise InvalidInput("combined_trade_build musí být true nebo false.")
        if not isinstance(self.victory_points_to_win, int) or self.victory_points_to_win < 3:
            raise InvalidInput("victory_points_to_win musí být celé číslo alespoň 3.")
        if not isinstance(self.two_player, bool):
            raise InvalidInput("two_player musí být true nebo false.")

    @property
    def variant(self) -> str:
        """The name of the game these options make: "katan_pro_dva" or "base"."""
        return "katan_pro_dva" if self.two_player else "base"

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> Rules:
        if not isinstance(d, dict):
            raise InvalidInput("Pravidla musí být objekt JSON.")
        known = {k: d[k] for k in ("longest_road_tie", "combined_trade_build",
                                   "victory_points_to_win", "two_player") if k in d}
        return cls(**known)
