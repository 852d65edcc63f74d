"""Search benchmark: `python -m almanach.bench`.

Sets Django up itself, builds the search index straight from the data files (no database
needed), runs every query of the evaluation set (tests/almanach/search_eval.toml) and prints
the server time per search (mean and 95th percentile) and how often the expected entry came
first (top-1) or among the first three (top-3).
"""

import os
import statistics
import sys
import time
import tomllib
from pathlib import Path

EVAL_PATH = Path(__file__).resolve().parent.parent / "tests" / "almanach" / "search_eval.toml"
ROUNDS = 20


def load_eval(path: Path = EVAL_PATH) -> list[dict]:
    with path.open("rb") as file:
        return tomllib.load(file)["queries"]


def evaluate(index, queries: list[dict]) -> tuple[float, float, list[tuple[dict, list[str]]]]:
    """(top-1 share, top-3 share, misses: the query and what came instead)."""
    top1 = top3 = 0
    misses = []
    for item in queries:
        slugs = [hit.slug for hit in index.search(item["q"], limit=10).hits]
        top1 += slugs[:1] == [item["slug"]]
        top3 += item["slug"] in slugs[:3]
        if slugs[:1] != [item["slug"]]:
            misses.append((item, slugs[:3]))
    return top1 / len(queries), top3 / len(queries), misses


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.urls import reverse

    from almanach.search import index_from_files

    started = time.perf_counter()
    index = index_from_files(lambda slug: reverse("almanach:entry", args=[slug]))
    build = time.perf_counter() - started
    queries = load_eval()

    top1, top3, misses = evaluate(index, queries)  # also warms the caches
    timings = []
    for _ in range(ROUNDS):
        for item in queries:
            started = time.perf_counter()
            index.search(item["q"], limit=10)
            timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    p95 = timings[int(len(timings) * 0.95)]
    print(f"Index: {len(index.documents)} documents, built in {build * 1000:.0f} ms")
    print(f"Search: {len(queries)} queries × {ROUNDS}: mean {statistics.mean(timings):.2f} ms, "
          f"p95 {p95:.2f} ms, max {timings[-1]:.2f} ms")
    print(f"Quality: top-1 {top1:.1%}, top-3 {top3:.1%} (n = {len(queries)})")
    for item, got in misses:
        print(f"  not first: {item['q']!r} → {got} (expected {item['slug']})")
    sys.exit(0)


if __name__ == "__main__":
    main()
