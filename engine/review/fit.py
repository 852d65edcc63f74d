"""Fit the value model on strong self-play (pure Python: no NumPy in the dependencies).

    python -m engine.review.fit [--games 3000] [--epochs 12] [--cache FILE]

Plays the self-play games of FIT_SEEDS (engine.review.selfplay; never the held-out
EVAL_SEEDS), takes every turn's start, and fits the conditional logit of engine.review.model
by minibatch Adam on the log loss with a little L2. The last tenth of the fitting games is
kept aside: it sets one temperature (a factor on all the weights) and prints a validation
log loss (still fitting seeds, never the held-out ones).
Writes engine/review/weights.json.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

from .features import FEATURES
from .model import WEIGHTS_FILE, softmax
from .selfplay import FIT_SEEDS, samples

L2 = 1e-4
BATCH = 256


def collect(games: int, cache: Path | None) -> list[tuple[int, list, int]]:
    """(seed, rows, winner) of the fitting games' turn starts (cached as JSON if asked; a
    cache of fewer games is extended: only the games it lacks are played)."""
    out: list = []
    have = 0
    if cache is not None and cache.exists():
        data = json.loads(cache.read_text())
        if data["features"] == list(FEATURES):
            if data["games"] >= games:
                return [tuple(x) for x in data["samples"] if x[0] < FIT_SEEDS[0] + games]
            out, have = [tuple(x) for x in data["samples"]], data["games"]
    for seed in FIT_SEEDS[have:games]:
        out += [(s.seed, [list(r) for r in s.rows], s.winner) for s in samples(seed)]
    if cache is not None:
        cache.write_text(json.dumps({"features": list(FEATURES), "games": games,
                                     "samples": out}))
    return out


def standardise(data) -> tuple[list[float], list[float]]:
    k = len(FEATURES)
    rows = [r for _, rows, _ in data for r in rows]
    mean = [sum(r[j] for r in rows) / len(rows) for j in range(k)]
    scale = [math.sqrt(sum((r[j] - mean[j]) ** 2 for r in rows) / len(rows)) or 1.0
             for j in range(k)]
    return mean, scale


def log_loss(data, w, mean, scale) -> float:
    total = 0.0
    for _, rows, winner in data:
        z = [[(x - m) / s for x, m, s in zip(r, mean, scale, strict=True)] for r in rows]
        p = softmax([sum(a * b for a, b in zip(w, x, strict=True)) for x in z])
        total -= math.log(max(p[winner], 1e-12))
    return total / len(data)


def fit(train, mean, scale, epochs: int, seed: int = 0) -> list[float]:
    k = len(FEATURES)
    data = [([[(x - m) / s for x, m, s in zip(r, mean, scale, strict=True)] for r in rows],
             winner) for _, rows, winner in train]
    rng = random.Random(seed)
    w = [0.0] * k
    m1, m2 = [0.0] * k, [0.0] * k
    b1, b2, eps = 0.9, 0.999, 1e-8
    step = 0
    for epoch in range(epochs):
        rng.shuffle(data)
        lr = 0.02 / (1 + epoch)
        for start in range(0, len(data), BATCH):
            batch = data[start:start + BATCH]
            g = [L2 * wj for wj in w]
            inv = 1.0 / len(batch)
            for z, winner in batch:
                p = softmax([sum(a * b for a, b in zip(w, x, strict=True)) for x in z])
                for i, x in enumerate(z):
                    d = (p[i] - (1.0 if i == winner else 0.0)) * inv
                    if d:
                        for j in range(k):
                            g[j] += d * x[j]
            step += 1
            for j in range(k):
                m1[j] = b1 * m1[j] + (1 - b1) * g[j]
                m2[j] = b2 * m2[j] + (1 - b2) * g[j] * g[j]
                w[j] -= lr * (m1[j] / (1 - b1 ** step)) / (math.sqrt(m2[j] / (1 - b2 ** step))
                                                           + eps)
    return w


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep the samples in this JSON file (refits skip the games)")
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    start = time.process_time()
    data = collect(args.games, args.cache)
    cut = FIT_SEEDS[int(args.games * 0.9)]
    train = [d for d in data if d[0] < cut]
    valid = [d for d in data if d[0] >= cut]
    print(f"samples train={len(train)} valid={len(valid)} "
          f"(cpu {time.process_time() - start:.0f} s)")
    mean, scale = standardise(train)
    w = fit(train, mean, scale, args.epochs)
    # One temperature on the fitting games kept aside: the weights fitted on correlated
    # positions (a game's positions share its winner) come out a little too sure.
    temperature = min((t / 100 for t in range(60, 121, 5)),
                      key=lambda t: log_loss(valid, [t * x for x in w], mean, scale))
    print(f"temperature={temperature:.2f} (fitted on the validation games)")
    w = [temperature * x for x in w]
    naive = math.log(4)
    print(f"log loss train={log_loss(train, w, mean, scale):.4f} "
          f"valid={log_loss(valid, w, mean, scale):.4f} naive={naive:.4f}")
    for name, wj, sj in zip(FEATURES, w, scale, strict=True):
        print(f"  {name:18s} {wj:+.3f}  (per unit {wj / sj:+.3f})")
    args.out.write_text(json.dumps({
        "features": list(FEATURES), "mean": [round(x, 6) for x in mean],
        "scale": [round(x, 6) for x in scale], "weights": [round(x, 6) for x in w],
        "fitted_on": {"seeds": [FIT_SEEDS[0], FIT_SEEDS[args.games - 1]],
                      "positions": len(data), "epochs": args.epochs,
                      "temperature": temperature,
                      "players": 4, "bots": "StrongBot silny"},
    }, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} (cpu {time.process_time() - start:.0f} s)")


if __name__ == "__main__":
    main()
