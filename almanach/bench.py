"""Search benchmark: `python -m almanach.bench`.

Sets Django up itself, builds the search index straight from the data files (no database
needed), runs every query of the evaluation set (tests/almanach/search_eval.toml) and prints
the server time per search (mean and 95th percentile), how often the expected entry came
first (top-1) or among the first three (top-3), and how often the first result's snippet
holds the answer ("snippet answers": one of the query's answer fragments, compared without
case, diacritics or extra spaces).
"""

import os
import re
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


def expected(item: dict) -> list[str]:
    """The entries that answer the query (several when they say the same)."""
    slug = item["slug"]
    return [slug] if isinstance(slug, str) else list(slug)


def answers(item: dict) -> list[str]:
    """The fragments of the answering sentence; any one of them in the snippet answers."""
    answer = item.get("answer", [])
    return [answer] if isinstance(answer, str) else list(answer)


def _comparable(text: str) -> str:
    from almanach.czech import fold

    return " ".join(re.sub(r"[^\w:]+", " ", fold(text)).split())


def snippet_answers(item: dict, snippet: str) -> bool:
    shown = _comparable(snippet)
    return any(_comparable(fragment) in shown for fragment in answers(item))


def evaluate(index, queries: list[dict]) -> tuple[float, float, list[tuple[dict, list[str]]]]:
    """(top-1 share, top-3 share, misses: the query and what came instead)."""
    top1, top3, _, misses, _ = evaluate_all(index, queries)
    return top1, top3, misses


def evaluate_all(index, queries: list[dict]):
    """(top-1, top-3, snippet answers, ranking misses, snippet misses with the snippet)."""
    top1 = top3 = answered = 0
    misses, unanswered = [], []
    for item in queries:
        hits = index.search(item["q"], limit=10).hits
        slugs = [hit.slug for hit in hits]
        wanted = expected(item)
        first = bool(slugs) and slugs[0] in wanted
        top1 += first
        top3 += any(slug in wanted for slug in slugs[:3])
        if not first:
            misses.append((item, slugs[:3]))
        if hits and snippet_answers(item, hits[0].snippet):
            answered += 1
        else:
            unanswered.append((item, hits[0].snippet if hits else ""))
    n = len(queries)
    return top1 / n, top3 / n, answered / n, misses, unanswered


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

    top1, top3, answered, misses, unanswered = evaluate_all(index, queries)  # warms caches
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
    print(f"Quality: top-1 {top1:.1%}, top-3 {top3:.1%}, snippet answers {answered:.1%} "
          f"(n = {len(queries)})")
    for item, got in misses:
        print(f"  not first: {item['q']!r} → {got} (expected {item['slug']})")
    for item, snippet in unanswered:
        print(f"  snippet does not answer: {item['q']!r} → {snippet[:90]!r}")
    sys.exit(0)


if __name__ == "__main__":
    main()
