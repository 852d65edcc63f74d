"""Resilience: random paths, query strings and form bodies never produce a 500 on any route.

The strategies build only requests a real client can send: a path is percent-encoded UTF-8
and reaches Django the way a WSGI server hands it over (PATH_INFO decoded from the request
target), so "//[" is a path here, as it is for gunicorn, and not a URL with a host. The text
includes what broke PostgreSQL or the validators before: NUL, "ß" and ligatures that grow
when case-folded, stacks of combining marks and over-long input. Examples are derandomized in
CI (the "ci" profile in tests/conftest.py), a few per route; HYPOTHESIS_PROFILE=dev runs
many more.
"""

import json
import re
from urllib.parse import quote, unquote_to_bytes

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import examples
from tutorial.referee import rulings

pytestmark = pytest.mark.django_db

# Admin is Django's own and staff-only; everything else is ours.
SKIPPED_PREFIXES = ("sprava/",)
CONVERTER = re.compile(r"<(?:(?P<kind>\w+):)?(?P<name>\w+)>")

TRICKY = ["\x00", "ß", "ﬃ", "ﬁ", "Ａ", "А", "\u0301", "\u200b", "\u202e", "²", "٣", "\r", "\t"]
text = st.text(st.characters(exclude_categories=("Cs",)) | st.sampled_from(TRICKY), max_size=40)
ugly = st.one_of(
    text,
    st.sampled_from(["", "0", "-1", "99999999999999999999", "%00", "\x00", "'; DROP TABLE x;--",
                     "<script>alert(1)</script>", "ř" * 300, "../../etc/passwd", "a/b", " ",
                     "ß" * 16, "ﬃ" * 11, "a" + "\u0301" * 28, "x\x00y", "²", "9" * 5000,
                     "Ａｄａｍ", "Аdam", "x,=1+1,", "=HYPERLINK(1)", "[", "//["]),
    st.text(st.sampled_from(TRICKY + ["a", "Z", "9"]), min_size=31, max_size=400),
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


def get_raw(client: Client, target: str):
    """GET a request target exactly as a WSGI server hands it to Django."""
    path, _, query = target.partition("?")
    return client.request(REQUEST_METHOD="GET", PATH_INFO=unquote_to_bytes(path).decode("latin-1"),
                          QUERY_STRING=query)


def fill(route: str, draw) -> str:
    def value(match: re.Match) -> str:
        kind = match.group("kind") or "str"
        if kind == "int":
            return str(draw(st.integers(min_value=0, max_value=10**12)))
        if kind == "slug":
            return draw(slugish)
        return draw(slugish | st.sampled_from(["x", "ž", "%C5%BE"]))

    return "/" + CONVERTER.sub(value, route.lstrip("^").rstrip("$"))


def test_a_path_that_looks_like_a_host_is_a_path():
    # "//[" once broke the test client (it read "[" as an IPv6 host); servers answer 404.
    assert get_raw(Client(), "/" + quote("/[", safe="/")).status_code == 404


ROUTES = routes()


def test_every_route_is_covered():
    assert any(r.startswith("almanach/") for r in ROUTES)
    assert "priklad-hry/" in ROUTES
    assert "hrat/<str:game_id>/tah/<int:turn>/krok/<int:step>/" in ROUTES
    assert {"rozhodci/", "rozhodci/api", "rozhodci/qr.svg"} <= set(ROUTES)


@pytest.mark.parametrize("route", ROUTES)
@settings(max_examples=examples(ci=6, dev=25), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), query=params, body=params)
def test_no_route_answers_500(content, route, data, query, body):
    client = Client()
    url = fill(route, data.draw)
    response = client.get(url, query)
    assert response.status_code < 500, (url, query)
    response = client.post(url, body)
    assert response.status_code < 500, (url, body)


@settings(max_examples=examples(ci=30, dev=60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.lists(ugly, min_size=1, max_size=4))
def test_random_paths_never_answer_500(content, path):
    target = "/" + "/".join(quote(segment, safe="") for segment in path)
    response = get_raw(Client(), target)
    assert response.status_code < 500, target


# Rozhodčí: the position and the UI state live in the address; the API takes any JSON.
REFEREE_NAMES = ["plan", "hraci", "pravidla", "f", "zlodej", "ruce", "karty", "rytiri", "tah",
                 "n", "b", "otazka", "akce", "misto", "hod", "surovina", "karta", "klik",
                 "upravit", "na-tahu", "faze", "hraje-red", "ruka-red-ore"]
referee_values = ugly | st.sampled_from(["p", "z", "v7", "cs04", "os04ov00", "nejdelsi-cesta",
                                         "smi", "vesnice", "zlodej", "ptat", "c3", "a1.N",
                                         "a1.W", "8", "ore", "knight", "c", "cs", "r2k"])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | text
    | st.sampled_from(["red", "blue", "a1.N", "c3", "b3|b4", "settlement", "city", "road"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text | st.sampled_from(
        ["buildings", "roads", "hands", "players", "rules", "robber", "current", "phase",
         "type", "player", "node", "path", "hex", "dev_cards", "played", "board"]),
        inner, max_size=4),
    max_leaves=12)


@settings(max_examples=examples(ci=25, dev=200), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.dictionaries(st.sampled_from(REFEREE_NAMES), referee_values, max_size=6),
       htmx=st.booleans())
def test_referee_editor_never_answers_500(content, query, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = Client().get("/rozhodci/", query, headers=headers)
    assert response.status_code < 500, query
    assert Client().get("/rozhodci/qr.svg", query).status_code < 500, query


@settings(max_examples=examples(ci=60, dev=400), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=json_values, question=st.sampled_from([*rulings.QUESTIONS, "x"]),
       extra=st.dictionaries(st.sampled_from(["akce", "barva", "pole", "hod"]), json_values,
                             max_size=3))
def test_referee_api_never_answers_500(content, position, question, extra):
    body = {"position": position, "otazka": question, **extra}
    response = Client().post("/rozhodci/api", json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400), body
