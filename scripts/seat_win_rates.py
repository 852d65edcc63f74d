"""How often each seat wins when four equal computer players play: per board and level.

    python scripts/seat_win_rates.py [--games N] [--seed S] [--boards beginner,variable]
                                     [--levels zacatecnik,pokrocily,silny] [--rotate]
                                     [--write tutorial/play/seat_rates.json]

Four computer players of one level (engine.bots.StrongBot, as Hrát seats them) play
``--games`` seeded games on each board; game n uses seed S + n for the board (variable),
the dice and the players, so a run is the same every time. Prints one line per board and
level, the seats in turn order with their colour:

    seat win rates board=beginner level=silny games=120: orange 23 % red 13 % blue 8 % white 56 %

On the beginner board a colour is also a place (its first settlements stand where the
set-up puts them), so ``--rotate`` plays the same games with the turn order rotated
(game n starts with seat n mod 4) and prints, besides, the win rate of each colour whatever
its seat and of each seat (1. = rolls first) whatever its colour:

    colour win rates board=beginner level=silny games=120: orange … white …
    turn win rates board=beginner level=silny games=120: 1. … 4. …

Games that reach the turn cap without a winner count as games (nobody's win) and are
named as ``undecided=N``. After each board and level a line gives the 95 % margin of its
shares (the widest of its colours and turn places, normal approximation, in percentage
points), so a reader knows which differences the game count can tell apart:

    margin board=beginner level=silny games=120: ±8.9 points (95 %)

``--write`` stores the figures (with each margin) for the new-game form of Hrát.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Board, Game  # noqa: E402
from engine.bots import StrongBot  # noqa: E402
from engine.bots.levels import LEVELS  # noqa: E402
from engine.constants import COLORS  # noqa: E402

BOARDS = ("beginner", "variable")
TURN_CAP = 500


def order_for(n: int, rotate: bool) -> tuple[str, ...]:
    """The turn order of game n: the standard one, or rotated by n."""
    if not rotate:
        return tuple(COLORS)
    k = n % len(COLORS)
    return tuple(COLORS[k:] + COLORS[:k])


def new_game(board: str, seed: int, players: tuple[str, ...]) -> Game:
    if board == "beginner":
        return Game.beginner(players=players, seed=seed)
    return Game.new(Board.variable(seed), players, seed=seed)


def play(board: str, level: str, seed: int, players: tuple[str, ...]) -> str | None:
    """One game of four computer players of ``level``; the winner's colour or None."""
    game = new_game(board, seed, players)
    bots = {color: StrongBot(seed * 8 + i, level=level) for i, color in enumerate(players)}
    while game.winner is None and game.turn_number <= TURN_CAP:
        game.apply(bots[game.acting_player].decide(game).action)
    return game.winner


def measure(board: str, level: str, games: int, seed: int = 0,
            rotate: bool = False) -> dict:
    """{"games", "undecided", "colour": {colour: wins}, "turn": {1..4: wins}}."""
    by_colour = dict.fromkeys(COLORS, 0)
    by_turn = dict.fromkeys(range(1, len(COLORS) + 1), 0)
    undecided = 0
    for n in range(games):
        players = order_for(n, rotate)
        winner = play(board, level, seed + n, players)
        if winner is None:
            undecided += 1
            continue
        by_colour[winner] += 1
        by_turn[players.index(winner) + 1] += 1
    return {"games": games, "undecided": undecided, "colour": by_colour, "turn": by_turn}


def percent(wins: int, games: int) -> int:
    return round(100 * wins / games) if games else 0


def margin(result: dict) -> float:
    """The 95 % margin (percentage points, one decimal) of the widest share in ``result``:
    1.96 standard errors of a share measured over ``games`` games."""
    games = result["games"]
    if not games:
        return 0.0
    shares = [w / games for w in (*result["colour"].values(), *result["turn"].values())]
    widest = max(math.sqrt(p * (1 - p) / games) for p in shares)
    return round(100 * 1.96 * widest, 1)


def lines(board: str, level: str, result: dict, rotate: bool) -> list[str]:
    games = result["games"]
    tail = f" undecided={result['undecided']}" if result["undecided"] else ""
    head = f"board={board} level={level} games={games}"
    colours = " ".join(f"{c} {percent(result['colour'][c], games)} %" for c in COLORS)
    bound = f"margin {head}: ±{margin(result)} points (95 %)"
    if not rotate:
        return [f"seat win rates {head}: {colours}{tail}", bound]
    turns = " ".join(f"{t}. {percent(w, games)} %" for t, w in result["turn"].items())
    return [f"colour win rates {head}: {colours}{tail}",
            f"turn win rates {head}: {turns}{tail}", bound]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=120, help="games per board and level")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--boards", default=",".join(BOARDS))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--rotate", action="store_true",
                        help="rotate the turn order game by game; print colour and turn rates")
    parser.add_argument("--write", metavar="PATH",
                        help="store the figures as JSON (the new-game form reads them)")
    args = parser.parse_args(argv)
    boards = [b for b in args.boards.split(",") if b]
    levels = [lv for lv in args.levels.split(",") if lv]
    for name in boards:
        if name not in BOARDS:
            parser.error(f"unknown board {name!r} (one of {', '.join(BOARDS)})")
    for name in levels:
        if name not in LEVELS:
            parser.error(f"unknown level {name!r} (one of {', '.join(LEVELS)})")

    started = time.perf_counter()
    results: dict[str, dict[str, dict]] = {}
    for board in boards:
        for level in levels:
            result = measure(board, level, args.games, args.seed, args.rotate)
            result["margin_95"] = margin(result)
            results.setdefault(board, {})[level] = result
            for line in lines(board, level, result, args.rotate):
                print(line, flush=True)
    elapsed = time.perf_counter() - started
    print(f"wall_s={elapsed:.0f}")
    if args.write:
        data = {
            "command": "python scripts/seat_win_rates.py " + " ".join(
                argv if argv is not None else sys.argv[1:]),
            "measured": time.strftime("%Y-%m-%d"),
            "bots": "engine.bots.StrongBot, deciding from what a player at the table knows"
                    " (engine/bots/knowledge.py)",
            "margin_95": "per board and level: 1.96 standard errors of its widest share,"
                         " in percentage points",
            "wall_s": round(elapsed),
            "turn_order": "rotated" if args.rotate else "standard",
            "colours": list(COLORS),
            "results": results,
        }
        Path(args.write).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                    encoding="utf-8")


if __name__ == "__main__":
    main()
