"""Speed benchmark: full games between random players.

    python -m engine.bench [--seconds S] [--seed N] [--without-domestic-trades] [--players 2]
    python -m engine.bench --bots [--games N] [--seed N] [--players 2|3|4]

Four players (``--players 2``: two, playing Katan pro dva; ``--players 3``: three) each pick
uniformly at random among ``legal_actions()``; a game ends with a winner or after 1000 turns.
If catanatron is importable (optional extra ``bench``), its random players get the same time
budget (four players only), in ``--pairs`` alternating runs (default 3); each pair's ratio
and the median ratio are printed. Before that, recorded games are replayed (applying their actions,
chance included, without listing legal actions): what the site does. The last line is always
``engine games_per_s=<f> decisions_per_s=<f> games=<n>`` (decisions = actions applied).
The random-player and replay figures are per second of this process's CPU time
(``time.process_time``), the same for both engines: on a machine shared with other work the
wall clock would measure the other processes too.

``--bots`` plays strong computer players against each other, then the strong player against
random ones (three; with ``--players 2`` one, in Katan pro dva; seats rotated, a variable
board per game), and prints
``bots win_rate=<f> games=<n> decision_ms_p95=<f>`` (the strong player's decisions) and
``bots self_play avg_turns=<f> games=<n>``; then the levels against each other (two seats
each, alternating and swapped every game; Katan pro dva: one each), one line per pairing:
``bots level <a>-<b> win_share=<f> games=<n>`` (a's wins over games won; 0.50 is even).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from .board import Board
from .constants import COLORS
from .game import Game
from .options import Rules

TURN_CAP = 1000


def new_game(seed: int, players: int = 4) -> Game:
    """A game on a variable board; 2 players play Katan pro dva."""
    rules = Rules(two_player=players == 2)
    return Game.new(Board.variable(seed), COLORS[:players], seed=seed, rules=rules)


def play_random_game(seed: int, domestic: bool = True, players: int = 4) -> tuple[Game, int]:
    """One game of random players on a variable board; (final game, actions applied).
    ``domestic=False``: the players never offer each other trades (catanatron's random
    players are offered no domestic trades), which makes the action mix comparable; the
    offers are then not listed (``legal_actions(domestic_trades=False)``)."""
    rng = random.Random(seed)
    game = new_game(seed, players)
    choice = rng.choice
    legal = game.legal_actions
    apply = game.apply
    decisions = 0
    while game._winner < 0 and game._turn_number <= TURN_CAP:
        apply(choice(legal(domestic)))
        decisions += 1
    return game, decisions


def bench_engine(seconds: float, seed: int = 0, domestic: bool = True,
                 players: int = 4) -> tuple[int, int, float]:
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, n = play_random_game(seed + games, domestic, players)
        games += 1
        decisions += n
    return games, decisions, time.process_time() - start


def bench_replay(seconds: float, seed: int = 0, sample: int = 4,
                 players: int = 4) -> tuple[int, int, float]:
    """Replays of recorded games (what the tutorial and the quizzes do): the actions of a few
    finished random games, chance included, applied again to a fresh game without listing
    the legal actions. (games replayed, actions applied, seconds)"""
    records = []
    for n in range(sample):
        game, _ = play_random_game(seed + n, domestic=False, players=players)
        records.append((seed + n, list(game.history)))
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game_seed, history = records[games % sample]
        replayed = new_game(game_seed, players)
        apply = replayed.apply
        for action in history:
            apply(action)
        games += 1
        actions += len(history)
    return games, actions, time.process_time() - start


def bench_catanatron(seconds: float, seed: int = 0) -> tuple[int, int, float] | None:
    try:
        from catanatron import Color, RandomPlayer
        from catanatron import Game as CatanGame
    except ImportError:
        return None
    games = decisions = 0
    colors = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = CatanGame([RandomPlayer(c) for c in colors], seed=seed + games)
        game.play()
        games += 1
        decisions += len(game.state.actions)
    return games, decisions, time.process_time() - start


def bench_bots(games: int, seed: int = 0, players: int = 4) -> tuple[float, int, float]:
    """The strong player against random ones (three by default; one in Katan pro dva), its
    seat rotating: (win rate, games, 95th percentile of its decision time in ms)."""
    from .bots import RandomBot, StrongBot

    wins = 0
    times: list[float] = []
    for n in range(games):
        game_seed = seed + n
        game = new_game(game_seed, players)
        strong = game.players[n % players]
        bot = StrongBot(game_seed)
        bots = {c: RandomBot(game_seed * 8 + i) for i, c in enumerate(game.players)}
        while game.winner is None and game.turn_number <= TURN_CAP:
            color = game.acting_player
            if color == strong:
                start = time.perf_counter()
                decision = bot.decide(game)
                times.append(time.perf_counter() - start)
            else:
                decision = bots[color].decide(game)
            game.apply(decision.action)
        wins += game.winner == strong
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))] * 1000 if times else 0.0
    return wins / games, games, p95


def bench_self_play(games: int, seed: int = 0, players: int = 4) -> tuple[float, int]:
    """Strong players only: (average game length in turns, games)."""
    from .bots import StrongBot, play_out

    turns = 0
    for n in range(games):
        game_seed = seed + n
        game = new_game(game_seed, players)
        play_out(game, {c: StrongBot(game_seed * 8 + i) for i, c in enumerate(game.players)},
                 TURN_CAP)
        turns += game.turn_number
    return turns / games, games


LEVEL_PAIRS = (("silny", "pokrocily"), ("silny", "zacatecnik"), ("pokrocily", "zacatecnik"))


def bench_levels(games: int, seed: int = 0, players: int = 4) -> list[tuple[str, str, float, int]]:
    """Each pairing of computer-player levels in the same games: level a in the even seats,
    b in the odd ones, swapped every other game. [(a, b, a's share of the games won, games)]"""
    from .bots import StrongBot

    out = []
    for a, b in LEVEL_PAIRS:
        won = decided = 0
        for n in range(games):
            game_seed = seed + n
            game = new_game(game_seed, players)
            first, second = (a, b) if n % 2 == 0 else (b, a)
            levels = {c: first if i % 2 == 0 else second for i, c in enumerate(game.players)}
            bots = {c: StrongBot(game_seed * 8 + i, level=levels[c])
                    for i, c in enumerate(game.players)}
            while game.winner is None and game.turn_number <= TURN_CAP:
                game.apply(bots[game.acting_player].decide(game).action)
            if game.winner is not None:
                decided += 1
                won += levels[game.winner] == a
        out.append((a, b, won / decided if decided else 0.0, games))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0,
                        help="time budget per engine and pair (default 8 s; with catanatron "
                             "and 3 pairs 48 s in all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--without-domestic-trades", action="store_true",
                        help="random players never trade with each other (as in catanatron)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                        help="2 = Katan pro dva (catanatron is then not run)")
    parser.add_argument("--pairs", type=int, default=3,
                        help="alternating engine/catanatron runs; their median ratio is printed")
    parser.add_argument("--bots", action="store_true",
                        help="the strong computer player against random ones, then itself")
    parser.add_argument("--games", type=int, default=100,
                        help="games for --bots (default 100; self-play gets a quarter)")
    args = parser.parse_args(argv)

    if args.bots:
        avg_turns, s_games = bench_self_play(max(1, args.games // 4), args.seed, args.players)
        print(f"bots self_play avg_turns={avg_turns:.1f} games={s_games}")
        rate, b_games, p95 = bench_bots(args.games, args.seed, args.players)
        print(f"bots win_rate={rate:.2f} games={b_games} decision_ms_p95={p95:.2f}")
        for a, b, share, l_games in bench_levels(args.games, args.seed, args.players):
            print(f"bots level {a}-{b} win_share={share:.2f} games={l_games}")
        return

    domestic = not args.without_domestic_trades
    players = args.players
    r_games, r_actions, r_elapsed = bench_replay(min(args.seconds, 4.0), args.seed,
                                                 players=players)
    print(f"replay games_per_s={r_games / r_elapsed:.1f} actions_per_s={r_actions / r_elapsed:.0f}"
          f" actions_per_game={r_actions / r_games:.0f}")
    if players != 4:
        print(f"catanatron: not compared ({players} players)")
    elif bench_catanatron(0.0) is None:
        print("catanatron: not installed (pip install -e '.[bench]' to compare)")
    games = decisions = 0
    elapsed = 0.0
    ratios = []
    # Alternating pairs (engine, then catanatron, same time budget each) so that a change
    # in the machine's load hits both sides; the median ratio is the figure to quote.
    for pair in range(args.pairs if players == 4 else 1):
        g, d, e = bench_engine(args.seconds, args.seed + games, domestic, players)
        games, decisions, elapsed = games + g, decisions + d, elapsed + e
        theirs = bench_catanatron(args.seconds, args.seed + 1000 * pair) if players == 4 else None
        if theirs is None:
            break
        c_games, c_decisions, c_elapsed = theirs
        c_rate = c_decisions / c_elapsed
        ratios.append(d / e / c_rate)
        print(f"pair {pair + 1}: engine decisions_per_s={d / e:.1f} catanatron "
              f"decisions_per_s={c_rate:.1f} games={c_games} ratio={ratios[-1]:.2f}")
    if ratios:
        print(f"ratio decisions_per_s engine/catanatron median={statistics.median(ratios):.2f}"
              f" pairs={len(ratios)}")
    print(f"engine games_per_s={games / elapsed:.3f} decisions_per_s={decisions / elapsed:.1f} "
          f"games={games}")


if __name__ == "__main__":
    main()
