"""Rozhodčí: server time of each ruling (goal: p95 under 50 ms).

In one process, through Django's whole request handling (middleware, view, template) with the
test client, over positions of the example game and of computer-played games on variable
boards (fixed seeds): for every question, the editor page that answers it (GET, the position
rebuilt from the address) and the JSON API (POST, the position loaded from engine JSON).
Prints p50 / p95 / max in milliseconds per question and route, wall clock and the CPU time
of the serving thread (on a machine shared with other work the wall clock mostly measures
the queue for the CPU), then `referee worst_p95_ms=<wall> worst_p95_cpu_ms=<cpu>`.

    .venv/bin/python scripts/bench_referee.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def positions():
    from engine import Board, Game
    from engine.bots import StrongBot, play_out
    from tutorial.example.replay import example_game, game_after

    for step in example_game().all_steps()[::4]:
        yield game_after(step.turn, step.number), "z"
    for seed in range(1, 7):
        game = Game.new(Board.variable(seed), seed=seed)
        play_out(game, {c: StrongBot(seed + i) for i, c in enumerate(game.players)},
                 turn_cap=10 + 12 * seed)
        yield game, f"v{seed}"


def questions(game):
    color = game.players[1]
    hexes = [h for h in ("c3", "b2", "d2") if h != game.robber]
    node = next(iter(sorted(game.legal_settlement_spots(color))), "c3.N")
    return {
        "smi": {"otazka": "smi", "akce": "vesnice", "misto": node, "n": "ptat"},
        "nejdelsi-cesta": {"otazka": "nejdelsi-cesta"},
        "kam-stavet": {"otazka": "kam-stavet"},
        "koho-okrast": {"otazka": "koho-okrast", "misto": hexes[0], "n": "ptat"},
        "vynosy": {"otazka": "vynosy", "hod": "8"},
        "body": {"otazka": "body"},
    }, {
        "smi": {"akce": {"type": "build_settlement", "player": color, "node": node}},
        "nejdelsi-cesta": {},
        "kam-stavet": {"barva": color},
        "koho-okrast": {"barva": color, "pole": hexes[0]},
        "vynosy": {"hod": 8},
        "body": {},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.test import Client
    from django.test.utils import setup_test_environment

    from tutorial.referee import notation

    settings.ALLOWED_HOSTS = ["*"]
    setup_test_environment()
    client = Client()
    timings: dict[tuple[str, str], list[float]] = {}
    cpu: dict[tuple[str, str], list[float]] = {}
    cases = []
    for game, plan in positions():
        pos = notation.from_game(game, plan)
        page_q, api_q = questions(game)
        letter = notation.LETTER_OF[game.players[1]]
        base = notation.params(pos)
        engine_json = game.to_json()
        for name in page_q:
            cases.append((name, "stránka", {**base, "b": letter, **page_q[name]}))
            cases.append((name, "api", {"position": engine_json, "otazka": name,
                                        **api_q[name]}))
    client.get("/rozhodci/")  # warm up imports and templates
    for _ in range(args.rounds):
        for name, route, data in cases:
            start, start_cpu = time.perf_counter(), time.thread_time()
            if route == "api":
                response = client.post("/rozhodci/api", json.dumps(data),
                                       content_type="application/json")
            else:
                response = client.get("/rozhodci/?" + urlencode(data))
            elapsed = (time.perf_counter() - start) * 1000
            cpu.setdefault((name, route), []).append((time.thread_time() - start_cpu) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{name} {route}: {response.status_code} "
                                 f"{response.content[:300]!r}")
            timings.setdefault((name, route), []).append(elapsed)
    worst = worst_cpu = 0.0
    print(f"{len(cases) // 12} positions, {args.rounds} rounds")
    print(f"{'otázka':16} {'cesta':8} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}"
          f" {'CPU p50':>8} {'CPU p95':>8}")
    for key, values in timings.items():
        name, route = key
        values.sort()
        spent = sorted(cpu[key])
        p95, cpu95 = _p95(values), _p95(spent)
        worst, worst_cpu = max(worst, p95), max(worst_cpu, cpu95)
        print(f"{name:16} {route:8} {len(values):4d} {statistics.median(values):8.1f} "
              f"{p95:8.1f} {values[-1]:8.1f} {statistics.median(spent):8.1f} {cpu95:8.1f}")
    print(f"referee worst_p95_ms={worst:.1f} worst_p95_cpu_ms={worst_cpu:.1f}")


def _p95(values: list[float]) -> float:
    return values[min(len(values) - 1, int(0.95 * len(values)))]

if __name__ == "__main__":
    main()
