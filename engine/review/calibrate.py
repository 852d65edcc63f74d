"""How good are the win chances? Measured on self-play games the model never saw.

    python -m engine.review.calibrate [--games 300] [--playout-games 30] [--playouts 8]
                                      [--horizon 8]

Plays ``--games`` strong self-play games with the held-out seeds EVAL_SEEDS (1 000 000 and
up; the model was fitted on FIT_SEEDS, 0 and up: engine.review.selfplay), estimates every
player's chance at the start of every turn, and prints against the outcome:

- the Brier score (multi-class: the sum over players of (chance − won)², per position,
  averaged) of the estimate and of the naive 1/N, and the skill 1 − Brier / naive Brier;
- the log loss (−ln of the winner's chance) of both;
- a calibration table in deciles of the predicted chance: positions × players in the
  bucket, mean predicted, share won;
- the same figures by phase: early (turns 1–20), middle (21–45), late (46 on).

Then, on the first ``--playout-games`` of those games (every 4th turn), the same scores
for playouts of the strong players (``--playouts`` of ``--horizon`` turns, then the
model) and the mean difference between the two estimates.

``--reviews N``: N whole reviews (review_game) of held-out games in which a začátečník
plays the first seat against three pokročilý players, his decisions graded: CPU seconds
per review, turns, decisions played out, labels; and the noise of a graded decision's
loss (the same decisions estimated again with another seed: the standard deviation of
one estimate of the loss). Wall and CPU time at the end.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from pathlib import Path

from ..bots import StrongBot
from .chances import win_chances
from .model import Model, default_model
from .review import GameRecord, review_game
from .selfplay import EVAL_SEEDS, new_game, play

PHASES = (("early (turns 1-20)", 1, 20), ("middle (turns 21-45)", 21, 45),
          ("late (turns 46+)", 46, 10**9))


def phase_of(turn: int) -> str:
    return next(name for name, lo, hi in PHASES if lo <= turn <= hi)


class Score:
    """Running Brier score, log loss and decile table of a set of predictions."""

    def __init__(self) -> None:
        self.n = 0
        self.brier = self.naive_brier = self.loss = self.naive_loss = 0.0
        self.buckets = [[0, 0.0, 0] for _ in range(10)]   # count, predicted, won

    def add(self, chances: list[float], winner: int) -> None:
        k = len(chances)
        self.n += 1
        self.brier += sum((p - (i == winner)) ** 2 for i, p in enumerate(chances))
        self.naive_brier += (1 - 1 / k) ** 2 + (k - 1) / k ** 2
        self.loss -= math.log(max(chances[winner], 1e-12))
        self.naive_loss += math.log(k)
        for i, p in enumerate(chances):
            b = self.buckets[min(9, int(p * 10))]
            b[0] += 1
            b[1] += p
            b[2] += i == winner

    def line(self) -> str:
        if not self.n:
            return "positions=0"
        b, nb = self.brier / self.n, self.naive_brier / self.n
        return (f"positions={self.n} brier={b:.4f} naive_brier={nb:.4f} "
                f"skill={1 - b / nb:.3f} log_loss={self.loss / self.n:.4f} "
                f"naive_log_loss={self.naive_loss / self.n:.4f}")

    def table(self) -> list[str]:
        out = ["  bucket     count  predicted  won"]
        for d, (count, predicted, won) in enumerate(self.buckets):
            if count:
                out.append(f"  {d / 10:.1f}-{(d + 1) / 10:.1f}  {count:7d}  "
                           f"{predicted / count:9.3f}  {won / count:.3f}")
        return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--playout-games", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--horizon", type=int, default=8,
                        help="turns per playout before the model judges (0 = to the end)")
    parser.add_argument("--reviews", type=int, default=0,
                        help="whole reviews to time (a začátečník graded against the strong)")
    parser.add_argument("--weights", type=Path, default=None,
                        help="weights to measure (default: engine/review/weights.json), e.g. "
                             "a refit's --out before it replaces them")
    args = parser.parse_args(argv)
    wall, cpu = time.perf_counter(), time.process_time()
    model = (Model(json.loads(args.weights.read_text(encoding="utf-8"))) if args.weights
             else default_model())
    total = Score()
    by_phase = {name: Score() for name, _, _ in PHASES}
    model_sub, playout_sub, blend_sub = Score(), Score(), Score()
    diff = 0.0
    capped = 0
    horizon = args.horizon or None
    for g, seed in enumerate(EVAL_SEEDS[:args.games]):
        kept = []
        sample = g < args.playout_games

        def keep(game, kept=kept, sample=sample, seed=seed):
            chances = list(model.predict(game).values())
            rollout = None
            if sample and game.turn_number % 4 == 1:
                rollout = list(win_chances(game, playouts=args.playouts, horizon=horizon,
                                           seed=seed, model=model).values())
            kept.append((game.turn_number, chances, rollout))
        final = play(seed, keep=keep)
        if final.winner is None:
            capped += 1
            continue
        winner = final.players.index(final.winner)
        for turn, chances, rollout in kept:
            total.add(chances, winner)
            by_phase[phase_of(turn)].add(chances, winner)
            if rollout is not None:
                model_sub.add(chances, winner)
                playout_sub.add(rollout, winner)
                blend_sub.add([(a + b) / 2 for a, b in zip(chances, rollout, strict=True)],
                              winner)
                diff += sum(abs(a - b) for a, b in zip(chances, rollout, strict=True)) / 4
    first, last = EVAL_SEEDS[0], EVAL_SEEDS[args.games - 1]
    print(f"held-out self-play: seeds {first}-{last}, games={args.games} "
          f"(no winner by the turn cap: {capped}); fitted on {model.data['fitted_on']}")
    print(f"value model, every turn's start: {total.line()}")
    print("calibration (each player at each turn's start):")
    print("\n".join(total.table()))
    for name, score in by_phase.items():
        print(f"{name}: {score.line()}")
        print("\n".join(score.table()))
    if playout_sub.n:
        print(f"subset, first {args.playout_games} games, every 4th turn:")
        print(f"  value model: {model_sub.line()}")
        print(f"  playouts ({args.playouts} x {args.horizon or 'to the end'} turns + model): "
              f"{playout_sub.line()}")
        print(f"  mean of the two: {blend_sub.line()}")
        print(f"  mean |model - playouts| per player: {diff / playout_sub.n:.4f}")
    if args.reviews:
        reviews(args.reviews, model)
    print(f"wall {time.perf_counter() - wall:.1f} s, cpu {time.process_time() - cpu:.1f} s")


def learner_game(seed: int):
    """A held-out game: a začátečník in the first seat, three pokročilý players."""
    game = new_game(seed)
    bots = {c: StrongBot(seed * 8 + i, level="zacatecnik" if i == 0 else "pokrocily")
            for i, c in enumerate(game.players)}
    while game.winner is None and game.turn_number <= 400:
        game.apply(bots[game.acting_player].decide(game).action)
    return game


def reviews(count: int, model: Model | None = None) -> None:
    """Time whole reviews, and measure how much a graded decision's loss moves with the
    playouts' luck (the same decisions under another seed)."""
    times, turns, played = [], [], []
    labels: Counter = Counter()
    diffs = []
    for seed in EVAL_SEEDS[-count:]:
        game = learner_game(seed)
        record = GameRecord.of(game)
        review = review_game(record, game.players[0], model=model)
        times.append(review.cpu_seconds)
        turns.append(game.turn_number)
        played.append(review.played_out)
        labels.update(g.label for g in review.grades)
        again = review_game(record, game.players[0], seed=1, model=model)
        first = {g.step: g.loss for g in review.grades if g.best != g.action}
        diffs += [first[g.step] - g.loss for g in again.grades if g.step in first]
    print(f"reviews of {count} held-out games (seeds {EVAL_SEEDS[-count]}-{EVAL_SEEDS[-1]}, "
          f"a začátečník graded): cpu per review mean={sum(times) / count:.2f} s "
          f"max={max(times):.2f} s; turns mean={sum(turns) / count:.0f} max={max(turns)}; "
          f"decisions played out mean={sum(played) / count:.1f}")
    print("labels: " + ", ".join(f"{k} {labels[k]}" for k in
                                  ("přesné", "nepřesnost", "chyba", "hrubá chyba")))
    if diffs:
        sd = math.sqrt(sum(d * d for d in diffs) / len(diffs) / 2)
        print(f"noise of one graded loss (two seeds, {len(diffs)} decisions): sd={sd:.4f}")


if __name__ == "__main__":
    main()
