"""Search quality on what players really type (search_eval.toml): top-1 ≥ 85 %, top-3 ≥ 95 %."""

from collections import Counter

import pytest

from almanach.bench import EVAL_PATH, evaluate, load_eval
from almanach.loader import read_content
from almanach.search import index_from_files


@pytest.fixture(scope="module")
def queries() -> list[dict]:
    return load_eval()


def test_the_evaluation_set_is_big_varied_and_points_at_real_entries(queries):
    assert EVAL_PATH.name == "search_eval.toml"
    assert len(queries) >= 70
    kinds = Counter(item["kind"] for item in queries)
    assert set(kinds) == {"forma", "bez-diakritiky", "preklep", "synonymum", "otazka",
                          "naseptavani"}
    slugs = set(read_content(url_for=str).by_slug())
    assert {item["slug"] for item in queries} <= slugs
    assert len({item["q"] for item in queries}) == len(queries), "no query twice"


def test_top1_and_top3_shares(queries):
    index = index_from_files(lambda slug: f"/almanach/{slug}/")
    top1, top3, misses = evaluate(index, queries)
    print(f"\nsearch eval: top-1 {top1:.1%}, top-3 {top3:.1%} (n = {len(queries)})")
    for item, got in misses:
        print(f"  not first: {item['q']!r} → {got} (expected {item['slug']})")
    assert top3 >= 0.95
    assert top1 >= 0.85
