"""The engine's review of a game, as plain JSON the page reads (no HTTP here).

    review_played(row, progress)  # a finished Hrát game: chart, swings, the people's grades
    example_review()              # the Almanach's example game: chart and swings, cached

Steps in the result are numbers in the game's log (a played game) or indices into the
example's history; a played game that started from the example ("Hrát odsud") is reviewed
from where the person took over (the example's moves before it are ``offset``). The cost of
one review is bounded by engine.review's caps (MAX_GRADED decisions played out, each by
PLAYOUTS_PER_DECISION playouts of HORIZON turns; the chart is the value model alone).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import cache

from engine import Game, actions
from engine.errors import InvalidInput, RuleViolation
from engine.review import GameRecord, Review, review_game
from engine.review.review import MAX_GRADED
from tutorial import action_words, board_svg
from tutorial.example import replay as example_replay
from tutorial.play import flow, store

VERSION = 1
# Hot-seat: the people share one game's budget of decisions played out, each at least this.
MIN_GRADED_EACH = 10
_BROKEN = (RuleViolation, InvalidInput, KeyError, TypeError, ValueError)

Progress = Callable[[int, int], None]


def record_of(row) -> tuple[GameRecord, int, list]:
    """The game as engine.review reads it, from the first move that was not the example's
    (``offset``), and the log's rows."""
    setup = store.setup_of(row)
    log = store.log_of(row)
    offset = 0
    while offset < len(log) and log[offset].by == "example":
        offset += 1
    try:
        moves = [actions.from_json(m.action) for m in log]
        game = flow.start(setup)
        for action in moves[:offset]:
            game.apply(action)
    except _BROKEN as exc:
        raise store.Unreadable from exc
    return GameRecord(game.copy(), tuple(moves[offset:])), offset, log


def review_played(row, progress: Progress | None = None) -> dict:
    """The review of a finished played game as JSON: every person's decisions graded (a
    game of computers alone: none)."""
    record, offset, log = record_of(row)
    people = list(store.setup_of(row).people)
    colors: list[str | None] = people or [None]
    budget = max(MIN_GRADED_EACH, MAX_GRADED // len(colors))
    reviews: list[Review] = []
    for k, color in enumerate(colors):
        def part(done: int, work: int, k: int = k) -> None:
            if progress is not None:
                progress(k * work + done, len(colors) * work)
        reviews.append(review_game(record, color, max_graded=budget, progress=part))
    first = reviews[0]
    grades = [g for review in reviews for g in review.grades
              if log[offset + g.step].by == "person"]
    result = _result(record, first, offset)
    result["graded"] = [c for c in colors if c]
    result["grades"] = _grades(record, grades, offset)
    result["decisions"] = sum(r.decisions for r in reviews)
    result["played_out"] = sum(r.played_out for r in reviews)
    result["cpu_seconds"] = round(sum(r.cpu_seconds for r in reviews), 2)
    return result


def _result(record: GameRecord, review: Review, offset: int) -> dict:
    return {
        "version": VERSION,
        "players": list(review.players),
        "winner": review.winner,
        "offset": offset,
        "length": offset + len(record.actions),
        "chart": [{"step": offset + p.step, "player": p.player,
                   "chances": {c: round(v, 4) for c, v in p.chances.items()}}
                  for p in review.chart],
        "swings": [{"step": offset + s.step, "player": s.player, "before": round(s.before, 4),
                    "after": round(s.after, 4), "text": s.text} for s in review.swings],
        "grades": [], "graded": [], "decisions": 0, "played_out": 0,
        "cpu_seconds": round(review.cpu_seconds, 2),
    }


def _grades(record: GameRecord, grades: list, offset: int) -> list[dict]:
    """Each grade with the moves in words, named from the position before the decision."""
    wanted = {g.step for g in grades}
    positions: dict[int, tuple[dict, Game]] = {}
    game = record.start.copy()
    for i, action in enumerate(record.actions):
        if i in wanted:
            positions[i] = (board_svg.position_of(game), game.copy())
        if len(positions) == len(wanted):
            break
        game.apply(action)
    out = []
    for g in sorted(grades, key=lambda g: g.step):
        position, before = positions[g.step]
        out.append({
            "step": offset + g.step, "player": g.player,
            "action": g.action.to_json(), "best": g.best.to_json(),
            "move": _label(g.action, position, before),
            "better": _label(g.best, position, before),
            "chance": round(g.chance, 4), "best_chance": round(g.best_chance, 4),
            "label": g.label, "text": g.text, "headword": g.headword,
        })
    return out


def _label(action: actions.Action, position: dict, game: Game) -> str:
    rate = (game.trade_rate(action.player, action.give)
            if isinstance(action, actions.TradeBank) else 4)
    return action_words.label(action, position, rate)


# --- the example game -------------------------------------------------------------------------

@cache
def example_steps() -> tuple[tuple[int, int, int], ...]:
    """(history length after it, turn, step) for every step of the example, in order."""
    record = example_replay.load_record()
    out = []
    for turn in record["turns"]:
        for number in range(1, len(turn["steps"]) + 1):
            game = example_replay.game_after(turn["number"], number, end_turn=True,
                                             record=record)
            out.append((len(game.history), turn["number"], number))
    return tuple(out)


def example_locate(index: int) -> tuple[int, int]:
    """(turn, step) of the example's step that holds history action ``index``; past the
    end: (the last turn + 1, 0)."""
    steps = example_steps()
    ends = [end for end, _, _ in steps]
    at = bisect_right(ends, index)
    if at >= len(steps):
        return steps[-1][1] + 1, 0
    return steps[at][1], steps[at][2]


@cache
def example_review() -> dict:
    """The example's 16 turns reviewed (no grades: nobody there is 'you'); computed once
    per process, it never changes."""
    record = example_replay.load_record()
    players = tuple(record["players"])
    final = example_replay.example_game().final_game
    start = Game.beginner(players=players, deck=list(record["deck"]))
    game_record = GameRecord(start, tuple(final.history))
    return _result(game_record, review_game(game_record, None), 0)
