"""Resilience: random paths, query strings and form bodies never produce a 500 on any route."""

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

# Admin is Django's own and staff-only; everything else is ours.
SKIPPED_PREFIXES = ("sprava/",)
CONVERTER = re.compile(r"<(?:(?P<kind>\w+):)?(?P<name>\w+)>")

text = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
ugly = st.one_of(
    text,
    st.sampled_from(["", "0", "-1", "99999999999999999999", "%00", "\x00", "'; DROP TABLE x;--",
                     "<script>alert(1)</script>", "ř" * 300, "../../etc/passwd", "a/b", " "]),
)
slugish = st.from_regex(r"\A[-a-zA-Z0-9_]{1,40}\Z")
NAMES = ["q", "n", "k", "seed", "id", "kod", "hrac", "druh", "tah", "krok", "x"]
params = st.dictionaries(st.sampled_from(NAMES) | text, ugly, max_size=4)


def routes() -> list[str]:
    found = []

    def walk(patterns, prefix: str) -> None:
        for item in patterns:
            if isinstance(item, URLResolver):
                walk(item.url_patterns, prefix + str(item.pattern))
            elif isinstance(item, URLPattern):
                found.append(prefix + str(item.pattern))

    walk(get_resolver().url_patterns, "")
    return sorted(r for r in set(found) if not r.startswith(SKIPPED_PREFIXES))


def fill(route: str, draw) -> str:
    def value(match: re.Match) -> str:
        kind = match.group("kind") or "str"
        if kind == "int":
            return str(draw(st.integers(min_value=0, max_value=10**12)))
        if kind == "slug":
            return draw(slugish)
        return draw(slugish | st.sampled_from(["x", "ž", "%C5%BE"]))

    return "/" + CONVERTER.sub(value, route.lstrip("^").rstrip("$"))


ROUTES = routes()


def test_every_route_is_covered():
    assert any(r.startswith("almanach/") for r in ROUTES)
    assert "priklad-hry/" in ROUTES
    assert "hrat/<str:game_id>/tah/<int:turn>/krok/<int:step>/" in ROUTES


@pytest.mark.parametrize("route", ROUTES)
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), query=params, body=params)
def test_no_route_answers_500(content, route, data, query, body):
    client = Client()
    url = fill(route, data.draw)
    response = client.get(url, query)
    assert response.status_code < 500, (url, query)
    response = client.post(url, body)
    assert response.status_code < 500, (url, body)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(ugly, min_size=1, max_size=4))
def test_random_paths_never_answer_500(content, path):
    response = Client().get("/" + "/".join(path))
    assert response.status_code < 500
