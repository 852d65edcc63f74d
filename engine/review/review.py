"""Review of a finished game: the win chances turn by turn, the swings that decided it, and
one player's decisions graded against the strong computer player.

    record = GameRecord.of(finished_game)             # or GameRecord(start, actions)
    review = review_game(record, color="blue")
    review.chart    # ChartPoint per turn: each player's chance at the turn's start
    review.swings   # the 3-5 largest swings, each with its step and one Czech sentence
    review.grades   # the colour's decisions: the strong player's alternative, the loss,
                    # a label (přesné / nepřesnost / chyba / hrubá chyba), one sentence

Steps are indices into record.actions (the game's log: step n is the n-th action, from 0;
a ChartPoint's step is the number of actions applied before it).

The chart: the value model at every turn's start (engine.review.model: deterministic, no
noise, so a swing is a change in the position, not in the playouts' luck); with
``chart_playouts`` > 0, that many playouts of the strong players of ``chart_horizon`` turns,
judged by the model where they stop: better calibrated, but noisy from point to point
(README.md has both measured). A decision is graded by playouts of the
strong players from the position after the person's move and after the strong player's
choice, with the same luck for both (common random numbers: engine.review.chances),
PLAYOUTS_PER_DECISION playouts of HORIZON turns each, the value model judging where they
stop. At most MAX_GRADED decisions a game are played out (the others where the person and
the strong player agree cost nothing: přesné).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

from .. import actions as A
from ..board import Board
from ..bots import StrongBot
from ..bots.base import plain_reason
from ..game import Game
from . import story
from .chances import playout, win_chances
from .model import Model, default_model

# Labels by the win chance lost against the strong player's choice (absolute, 0–1).
# Lichess's 5 / 10 / 15 points of a two-player chance (which starts at 50 %) scaled to four
# players (25 %) are 2.5 / 5 / 7.5; the first is kept just above the noise of one estimated
# loss (sd 0.011 with PLAYOUTS_PER_DECISION common-random playouts, measured by
# engine.review.calibrate --reviews), the last a little higher so that hrubá chyba stays
# rare. README.md has the figures.
PRECISE = 0.02       # below: přesné
INACCURACY = 0.05    # below: nepřesnost
MISTAKE = 0.10       # below: chyba; from here on: hrubá chyba
LABELS = ("přesné", "nepřesnost", "chyba", "hrubá chyba")

CHART_PLAYOUTS = 0            # per turn's start (0: the value model alone, no noise)
CHART_HORIZON = 16            # turns a chart playout runs before the model judges
MAX_GRADED = 30               # decisions played out per game
PLAYOUTS_PER_DECISION = 24    # per side of a comparison
HORIZON = 8                   # turns a decision's playout runs before the model judges
MAX_SWINGS = 5
MIN_SWINGS = 3
MIN_SWING = 0.03              # a smaller move is no swing (unless fewer than MIN_SWINGS)

# The kinds of action where a person has a real choice worth grading.
GRADED_KINDS = {
    "place_settlement": 0, "place_road": 0, "build_city": 0, "build_settlement": 0,
    "build_road": 0, "move_robber": 0, "play_knight": 0, "play_monopoly": 0,
    "play_year_of_plenty": 0, "play_road_building": 0, "buy_development_card": 0,
    "trade_bank": 1, "offer_trade": 1, "trade_players": 1, "discard": 1,
    "accept_trade": 2, "decline_trade": 2, "counter_offer": 2,
}
HEADWORDS = {
    "place_settlement": "faze-zakladani", "place_road": "faze-zakladani",
    "build_city": "mesto", "build_settlement": "vesnice", "build_road": "silnice",
    "move_robber": "zlodej", "play_knight": "rytir", "play_monopoly": "akcni-karty",
    "play_year_of_plenty": "akcni-karty", "play_road_building": "akcni-karty",
    "buy_development_card": "akcni-karty", "trade_bank": "obchod-se-zamorim",
    "offer_trade": "obchod-vnitrni", "trade_players": "obchod-vnitrni",
    "accept_trade": "obchod-vnitrni", "decline_trade": "obchod-vnitrni",
    "counter_offer": "obchod-vnitrni", "discard": "sedmicka-padla-nastupuje-zlodej",
    "end_turn": "prubeh-hry", "end_trade": "obchod",
}


@dataclass(frozen=True)
class GameRecord:
    """A game as the engine keeps it: the position before the first action and the
    actions, chance results filled in (Game.history)."""

    start: Game
    actions: tuple[A.Action, ...]

    @classmethod
    def of(cls, game: Game, beginner: bool | None = None) -> GameRecord:
        """The record of a game played from Game.new (a variable set-up) or Game.beginner
        (``beginner`` None: guessed from the board and the first action)."""
        history = tuple(game.history)
        if beginner is None:
            beginner = (game.board == Board.beginner()
                        and not any(a.type == "place_settlement" for a in history[:1]))
        if beginner:
            start = Game.beginner(game.players, rules=game.rules)
        else:
            start = Game.new(game.board, game.players, rules=game.rules)
        return cls(start, history)


@dataclass(frozen=True)
class ChartPoint:
    step: int                       # actions applied before this position
    turn: int                       # game.turn_number (0: before the set-up's end)
    player: str | None              # on turn
    chances: dict[str, float]


@dataclass(frozen=True)
class Swing:
    step: int                       # the action that explains it (index in the record)
    turn: int
    player: str                     # whose chance moved most
    before: float
    after: float
    text: str                       # one Czech sentence

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class Grade:
    step: int
    player: str
    action: A.Action                # the person's move
    best: A.Action                  # the strong player's choice
    chance: float                   # estimated after the person's move
    best_chance: float              # ... after the strong player's choice
    label: str
    text: str                       # one Czech sentence why
    headword: str                   # the Almanach entry of the decision's kind

    @property
    def loss(self) -> float:
        return self.best_chance - self.chance


@dataclass(frozen=True)
class Review:
    players: tuple[str, ...]
    winner: str | None
    chart: tuple[ChartPoint, ...]
    swings: tuple[Swing, ...]
    color: str | None               # whose decisions are graded
    grades: tuple[Grade, ...]
    decisions: int                  # the colour's decisions with a real choice
    played_out: int                 # of them compared by playouts (at most MAX_GRADED)
    cpu_seconds: float


def label_for(loss: float) -> str:
    """přesné below 2 points of win chance, nepřesnost below 5, chyba below 10, else
    hrubá chyba (a negative loss, the person's move estimated better, is přesné)."""
    if loss < PRECISE:
        return LABELS[0]
    if loss < INACCURACY:
        return LABELS[1]
    if loss < MISTAKE:
        return LABELS[2]
    return LABELS[3]


def _plain(action: A.Action) -> A.Action:
    """The choice without the chance result the record filled in (the card stolen or
    drawn, the dice): the move as the player made it."""
    if isinstance(action, A.MoveRobber | A.PlayKnight) and action.card is not None:
        return dataclasses.replace(action, card=None)
    if isinstance(action, A.BuyDevelopmentCard) and action.card is not None:
        return dataclasses.replace(action, card=None)
    if isinstance(action, A.RollDice) and action.dice is not None:
        return dataclasses.replace(action, dice=None)
    return action


def review_game(record: GameRecord, color: str | None = None, *, seed: int = 0,
                chart_playouts: int = CHART_PLAYOUTS, chart_horizon: int = CHART_HORIZON,
                playouts: int = PLAYOUTS_PER_DECISION, horizon: int = HORIZON,
                max_graded: int = MAX_GRADED, model: Model | None = None,
                progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of a finished game (any game: an unfinished one is reviewed as far as
    it went). ``color``: whose decisions to grade (None: none). ``chart_playouts`` 0: the
    chart from the value model alone. ``progress(done, total)`` is called as the work
    goes (chart points and decisions). The same record and seed give the same review."""
    start_cpu = time.process_time()
    model = model or default_model()
    game = record.start.copy()
    board = game.board
    positions = [(0, game.copy())]
    steps: list[story.Step] = []
    buildings_after: list[dict] = []
    choices: list[tuple[int, Game, A.Action]] = []
    for i, action in enumerate(record.actions):
        if color is not None and action.player == color and game.acting_player == color:
            choices.append((i, game.copy(), action))
        phase = game.phase
        events = game.apply(action)
        steps.append(story.Step(i, action, tuple(events), phase))
        buildings_after.append(game.buildings)
        new_turn = any(e.kind == "turn_started" for e in events) or (
            phase == "setup" and game.phase != "setup")
        if new_turn or game.winner is not None:
            positions.append((i + 1, game.copy()))
    work = len(positions) + min(max_graded, len(choices))
    chart = []
    for done, (step, position) in enumerate(positions):
        chances = win_chances(position, playouts=chart_playouts, horizon=chart_horizon,
                              seed=seed, model=model)
        chart.append(ChartPoint(step, position.turn_number, position.current_player, chances))
        if progress is not None:
            progress(done + 1, work)
    swings = _swings(board, chart, steps, buildings_after)
    grades, decisions, played = _grade(choices, seed, playouts, horizon, max_graded, model,
                                       progress, len(positions), work)
    return Review(game.players, game.winner, tuple(chart), tuple(swings), color,
                  tuple(grades), decisions, played, time.process_time() - start_cpu)


# -- swings -------------------------------------------------------------------------------

def _swings(board: Board, chart: list[ChartPoint], steps: list[story.Step],
            buildings_after: list[dict]) -> list[Swing]:
    moves = []
    for a, b in zip(chart, chart[1:], strict=False):
        if b.step == a.step:
            continue
        color = max(a.chances, key=lambda c: abs(b.chances[c] - a.chances[c]))
        moves.append((abs(b.chances[color] - a.chances[color]), a, b, color))
    moves.sort(key=lambda m: (-m[0], m[1].step))
    chosen = [m for m in moves[:MAX_SWINGS] if m[0] >= MIN_SWING]
    if len(chosen) < MIN_SWINGS:
        chosen = moves[:MIN_SWINGS]
    out = []
    for _, a, b, color in chosen:
        delta = b.chances[color] - a.chances[color]
        stretch = steps[a.step:b.step]
        if a.turn == 0 and stretch and stretch[0].phase_before == "setup":
            step = next((s.index for s in stretch if s.action.player == color
                         and s.action.type == "place_settlement"), a.step)
            text = story.setup_sentence(board, color, buildings_after[b.step - 1])
        else:
            cands = [c for s in stretch for c in story.candidates(board, s,
                                                                  buildings_after[s.index])]
            pick = story.best(cands, color, delta)
            if pick is not None:
                step, text = pick.step, pick.text
            else:
                step = a.step
                text = story.fallback(color, a.player, a.chances[color], b.chances[color])
        out.append(Swing(step, a.turn, color, a.chances[color], b.chances[color], text))
    return out


# -- decisions ----------------------------------------------------------------------------

def _estimate(game: Game, action: A.Action, color: str, seed: int, playouts: int,
              horizon: int, model: Model) -> float:
    """The colour's chance after ``action``: the mean of the playouts (the same luck for
    every action compared from this position)."""
    total = 0.0
    for k in range(playouts):
        total += playout(game, k, horizon, seed, model, first=action)[color]
    return total / playouts


def _grade(choices, seed: int, playouts: int, horizon: int, max_graded: int,
           model: Model, progress=None, done: int = 0,
           work: int = 0) -> tuple[list[Grade], int, int]:
    pending = []
    for i, game, action in choices:
        legal = game.legal_actions()
        if len(legal) <= 1:
            continue
        decision = StrongBot(seed).decide(game)
        mine, best = _plain(action), decision.action
        kinds = (GRADED_KINDS.get(mine.type), GRADED_KINDS.get(best.type))
        if kinds == (None, None):
            continue   # a roll, or ending a phase where the strong player would end it too
        priority = min(k for k in kinds if k is not None)
        pending.append((i, game, action, mine, decision, priority))
    to_play = sorted((p for p in pending if p[3] != p[4].action),
                     key=lambda p: (p[5], p[0]))[:max_graded]
    chosen = {p[0] for p in to_play}
    grades = []
    played = 0
    for i, game, action, mine, decision, _ in pending:
        color = action.player
        best = decision.action
        headword = HEADWORDS.get(best.type, HEADWORDS.get(mine.type, "taktika"))
        if mine == best:
            text = decision.reason_cs or "Stejně by hrál i silný počítačový hráč."
            chance = model.predict(game)[color]
            grades.append(Grade(i, color, action, best, chance, chance, LABELS[0], text,
                                headword))
            continue
        if i not in chosen:
            continue
        played += 1
        if progress is not None:
            progress(done + played, work)
        game_seed = seed * 1_000_003 + i
        chance = _estimate(game, mine, color, game_seed, playouts, horizon, model)
        best_chance = _estimate(game, best, color, game_seed, playouts, horizon, model)
        label = label_for(best_chance - chance)
        reason = decision.reason_cs or plain_reason(game, best)
        if label == LABELS[0]:
            text = "Silný hráč by hrál jinak, ale odhad se liší málo: " + _lower(reason)
        else:
            text = "Silný hráč by hrál jinak: " + _lower(reason)
        grades.append(Grade(i, color, action, best, chance, best_chance, label, text,
                            headword))
    return grades, len(pending), played


def _lower(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]
