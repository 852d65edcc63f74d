"""Rozhodčí: server time of each ruling (goal: p95 under 50 ms; no request over 100 ms CPU).

In one process, through Django's whole request handling (middleware, view, template) with the
test client, over positions of the example game and of computer-played games on variable
boards (fixed seeds): for every question, the editor page that answers it (GET, the position
rebuilt from the address) and the JSON API (POST, the position loaded from engine JSON).
Prints p50 / p95 / max in milliseconds per question and route, wall clock and the CPU time
of the serving thread (on a machine shared with other work the wall clock mostly measures
the queue for the CPU), then `referee worst_p95_ms=<wall> worst_p95_cpu_ms=<cpu>`.

Then the adversarial positions (the longest-road search is the one costly step a position
can ask for): 15 roads of every colour in the densest loops found on the board, the most
buildings that fit, set where they break other colours' roads, and Katan pro dva with its
neutrals; every question on each, by the API and the editor. Prints the worst CPU time of
one request over all of them, `referee worst-case cpu_ms=<x> (target < 100)`, and how fast
the 72-road attack of the outside probe is refused, `attack refused_ms=<x> (target < 5)`.

    .venv/bin/python scripts/bench_referee.py [--rounds 3] [--adversarial-only]
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
    parser.add_argument("--adversarial-only", action="store_true")
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
        engine_json = _api_position(game)
        for name in page_q:
            cases.append((name, "stránka", {**base, "b": letter, **page_q[name]}))
            cases.append((name, "api", {"position": engine_json, "otazka": name,
                                        **api_q[name]}))
    client.get("/rozhodci/")  # warm up imports and templates
    if args.adversarial_only:
        cases = []
    for _ in range(args.rounds if cases else 0):
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
    if cases:
        print(f"referee worst_p95_ms={worst:.1f} worst_p95_cpu_ms={worst_cpu:.1f}")
    typical = max(((max(v), f"typical, {k[1]} {k[0]}") for k, v in cpu.items()),
                  default=(0.0, ""))
    adversarial(client, args.rounds, typical)


# -- adversarial positions ---------------------------------------------------------------------

def _search_work(roads: list[int]) -> int:
    """How many steps an exhaustive walk over the trails of these roads takes (a measure of
    the longest-road search's work that does not depend on the machine's load)."""
    from engine.longest_road import _adjacency

    adj = _adjacency(roads)
    steps = 0

    def extend(node: int, used: int) -> None:
        nonlocal steps
        steps += 1
        for i, other in adj[node]:
            if not used >> i & 1:
                extend(other, used | 1 << i)

    for node in adj:
        extend(node, 0)
    return steps


def dense_roads(taken: set[int], seed: int, climbs: int = 150) -> list[int]:
    """15 free paths forming the densest honeycomb of loops found: the 3 hexes around an
    intersection (15 paths), then a seeded hill climb on the search's work."""
    import random

    from engine.topology import (
        HEX_CORNERS,
        INTERSECTION_HEXES,
        INTERSECTION_PATHS,
        NUM_INTERSECTIONS,
        PATH_ENDS,
        path_between,
    )

    rng = random.Random(seed)

    def hex_paths(h: int) -> set[int]:
        corners = HEX_CORNERS[h]
        return {path_between(corners[i], corners[(i + 1) % 6]) for i in range(6)} - {None}

    def frontier(roads: set[int]) -> list[int]:
        return sorted({q for p in roads for n in PATH_ENDS[p] for q in INTERSECTION_PATHS[n]
                       if q not in roads and q not in taken})

    best: set[int] = set()
    for n in range(NUM_INTERSECTIONS):
        cluster = set().union(*(hex_paths(h) for h in INTERSECTION_HEXES[n])) - taken
        if len(cluster) > len(best):
            best = cluster
    roads = set(sorted(best)[:15])
    while len(roads) < 15:
        more = frontier(roads) or sorted(set(range(len(PATH_ENDS))) - roads - taken)
        if not more:
            break
        roads.add(rng.choice(more))
    work = _search_work(sorted(roads))
    for _ in range(climbs):
        trial = set(roads)
        trial.discard(rng.choice(sorted(trial)))
        more = frontier(trial)
        if not more:
            continue
        trial.add(rng.choice(more))
        if len(trial) == 15 and (w := _search_work(sorted(trial))) >= work:
            roads, work = trial, w
    return sorted(roads)


def adversarial_games():
    """(name, game): the positions that make the longest-road search work hardest."""
    from engine import Board, Game, Rules
    from engine.topology import PATH_IDS

    def with_roads(players, rules, seed):
        game = Game.empty(Board.beginner(), players, rules=rules)
        taken: set[int] = set()
        for i, color in enumerate((*game.players, *game.neutrals)):
            roads = dense_roads(taken, seed + i)
            taken |= set(roads)
            for q in roads:
                game.place_road(color, PATH_IDS[q])
        return game

    four = ("orange", "red", "blue", "white")
    plain = with_roads(four, Rules(), 1)
    yield "15 silnic ×4, husté smyčky", plain
    broken = plain.copy()
    _break_everything(broken)
    yield "15 silnic ×4 + nejvíc staveb, přerušují cesty", broken
    two = with_roads(("orange", "red"), Rules(two_player=True), 7)
    yield "Katan pro dva: 2 hráči + 2 neutrální, 15 silnic", two
    two_broken = two.copy()
    _break_everything(two_broken)
    yield "Katan pro dva + stavby, přerušují cesty", two_broken
    single = Game.empty(Board.beginner(), four)
    for q in dense_roads(set(), 11, climbs=600):
        single.place_road("orange", PATH_IDS[q])
    yield "nejtěžších 15 silnic jedné barvy", single


def _break_everything(game) -> None:
    """Settlements (then cities) of every colour, as many as fit, first where they stand
    between two roads of another colour."""
    from engine import RuleViolation
    from engine.topology import INTERSECTION_IDS, INTERSECTION_PATHS, PATH_IDS

    colors = (*game.players, *game.neutrals)
    roads = game.roads

    def breaks(node: int, color: str) -> int:
        owners = [roads.get(PATH_IDS[q]) for q in INTERSECTION_PATHS[node]]
        return sum(1 for c in set(owners) if c and c != color and owners.count(c) >= 2)

    for _round in range(5):
        for color in colors:
            spots = sorted(range(len(INTERSECTION_IDS)), key=lambda n: -breaks(n, color))
            for node in spots:
                try:
                    game.place_settlement(color, INTERSECTION_IDS[node])
                    break
                except RuleViolation:
                    continue
    for color in game.players:
        for node, (owner, piece) in list(game.buildings.items())[:]:
            if owner == color and piece == "settlement" and game.pieces_left(color)["city"]:
                game.place_settlement(color, node, city=True)


def adversarial(client, rounds: int, typical: tuple[float, str] = (0.0, "")) -> None:
    """Every question on the adversarial positions; the worst CPU of one request over them
    and over the typical positions measured before (``typical``: its worst and where)."""
    from engine import referee
    from engine.longest_road import longest_road_length, longest_trail
    from engine.topology import PATH_IDS
    from tutorial.referee import notation

    worst = typical
    for name, game in adversarial_games():
        engine_json = _api_position(game)
        page_q, api_q = questions(game)
        requests = [("api", q, {"position": engine_json, "otazka": q, **api_q[q]})
                    for q in api_q]
        try:
            pos = notation.from_game(game, "z")
            base = notation.params(pos)
            letter = notation.LETTER_OF[game.players[1]]
            requests += [("stránka", q, {**base, "b": letter, **page_q[q]}) for q in page_q]
        except Exception as exc:  # the editor may not hold every position: say so
            print(f"  {name}: the editor cannot show it ({exc!r})")
        spent_max = 0.0
        refused: set[str] = set()
        for _ in range(rounds):
            for route, q, data in requests:
                start = time.thread_time()
                if route == "api":
                    response = client.post("/rozhodci/api", json.dumps(data),
                                           content_type="application/json")
                else:
                    response = client.get("/rozhodci/?" + urlencode(data))
                spent = (time.thread_time() - start) * 1000
                if response.status_code >= 500:
                    raise SystemExit(f"{name} {route} {q}: {response.status_code}")
                if response.status_code != 200:
                    refused.add(f"{route} {q} {response.status_code}")
                spent_max = max(spent_max, spent)
                if spent > worst[0]:
                    worst = (spent, f"{name}, {route} {q}")
        colors = (*game.players, *game.neutrals)
        lengths = ", ".join(f"{c} {15 - game.pieces_left(c)['road']}/{game.road_length(c)}"
                            for c in colors)
        pieces = len(game.buildings)
        print(f"  {name}: {len(requests)} requests, worst CPU {spent_max:.1f} ms (roads/"
              f"longest: {lengths}; {pieces} buildings)"
              + (f"; not 200: {', '.join(sorted(refused))}" if refused else ""))
    print(f"referee worst-case cpu_ms={worst[0]:.1f} (target < 100)  [{worst[1]}]")
    search = 0.0
    for _name, game in adversarial_games():
        for seat in range(game._seat_count):
            start = time.thread_time()
            longest_trail(game._roads[seat], seat, game._node_owner)
            longest_road_length(game._roads[seat], seat, game._node_owner)
            search = max(search, (time.thread_time() - start) * 1000)
    print(f"longest-road search worst_ms={search:.2f} (one colour, length and trail)")
    attack = {"roads": dict.fromkeys(PATH_IDS, "red")}
    times = []
    for _ in range(20):
        start = time.thread_time()
        try:
            referee.position_from_json(attack)
        except Exception as exc:  # InvalidInput: the expected refusal
            refusal = exc
        times.append((time.thread_time() - start) * 1000)
    response = client.post("/rozhodci/api", json.dumps({"position": attack,
                                                         "otazka": "nejdelsi-cesta"}),
                           content_type="application/json")
    print(f"attack refused_ms={max(times):.2f} (target < 5)  [{refusal!r}; API "
          f"{response.status_code}]")


def _api_position(game) -> dict:
    """The engine JSON the API is sent: the whole position but the random generator's state
    (the API fills it in, as every key left out)."""
    data = game.to_json()
    del data["rng"]
    return data


def _p95(values: list[float]) -> float:
    return values[min(len(values) - 1, int(0.95 * len(values)))]

if __name__ == "__main__":
    main()
