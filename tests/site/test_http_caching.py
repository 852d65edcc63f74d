"""HTTP headers of the reading pages: no cookie where none is needed, ETag and 304, a
Cache-Control policy per kind of page, gzip for what is public (config/caching.py)."""

import gzip
import re

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client

from tests.site.settings_probe import read_settings

pytestmark = pytest.mark.usefixtures("content")

READING_PAGES = [
    "/",
    "/almanach/",
    "/almanach/zlodej/",
    "/almanach/hledat/?q=zlodej",
    "/priklad-hry/",
    "/priklad-hry/tah/3/krok/1/",
    "/kvizy/",
    "/kvizy/vesnice/",
]
QUESTION = "/kvizy/vesnice/a1/"


@pytest.mark.parametrize("path", READING_PAGES)
def test_a_reading_page_sets_no_cookie_and_is_public(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert not response.cookies, f"{path} sets {list(response.cookies)}"
    control = response["Cache-Control"]
    assert "public" in control
    assert re.search(r"max-age=\d+", control)
    assert "stale-while-revalidate=" in control
    assert response.has_header("ETag")


@pytest.mark.parametrize("path", ["/", "/almanach/zlodej/", "/priklad-hry/tah/3/krok/1/"])
def test_revalidation_answers_304_without_a_body(client, path):
    first = client.get(path)
    again = client.get(path, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]
    other = client.get(path, headers={"if-none-match": 'W/"something-else"'})
    assert other.status_code == 200


def test_the_cached_page_is_the_page(client):
    first = client.get("/almanach/zlodej/")
    second = client.get("/almanach/zlodej/")
    assert second.content == first.content
    assert "<h1>Zloděj</h1>" in second.content.decode()


@pytest.mark.parametrize("path", ["/almanach/", "/almanach/api/hledat?q=zlodej"])
def test_html_and_json_are_gzipped_for_a_client_that_asks(client, path):
    plain = client.get(path)
    packed = client.get(path, headers={"accept-encoding": "gzip, deflate, br"})
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) / 2
    assert "Accept-Encoding" in packed["Vary"]
    refused = client.get(path, headers={"accept-encoding": "gzip;q=0, identity"})
    assert not refused.has_header("Content-Encoding")


def test_an_htmx_fragment_and_the_full_page_are_cached_apart(client):
    step = "/priklad-hry/tah/3/krok/1/"
    page = client.get(step).content.decode()
    fragment = client.get(step, headers={"hx-request": "true"}).content.decode()
    page_again = client.get(step).content.decode()
    assert "<html" in page and "<html" in page_again
    assert "<html" not in fragment and 'id="krok"' in fragment


def test_a_question_carries_a_working_csrf_token_for_each_visitor():
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    tokens = []
    for visitor in (first, second):
        response = visitor.get(QUESTION)
        assert response.status_code == 200
        assert "csrftoken" in response.cookies, "the answer form posts: it needs the cookie"
        assert response["Cache-Control"] == "private, no-cache"
        assert not response.has_header("Content-Encoding"), "a page with a secret stays plain"
        tokens.append(re.search(r'name="csrfmiddlewaretoken" value="(\w+)"',
                                response.content.decode()).group(1))
    assert tokens[0] != tokens[1]
    answer = second.post(QUESTION, {"csrfmiddlewaretoken": tokens[1], "vyber": "1"})
    assert answer.status_code in (302, 400), "the second visitor's token from the cache works"


def test_practice_progress_starts_a_session_only_with_the_first_answer():
    visitor = Client()
    assert "sessionid" not in visitor.get(QUESTION).cookies
    assert "sessionid" not in visitor.get("/kvizy/").cookies
    # An empty selection is an answer too ("nowhere").
    answer = visitor.post(QUESTION, {"vyber": "1"})
    assert answer.status_code == 302
    assert "sessionid" in visitor.cookies
    index = visitor.get("/kvizy/")
    assert index["Cache-Control"] == "private, no-store"
    assert "Zatím jste odpověděli na 1 otázku" in index.content.decode()
    assert "Zatím jste odpověděli" not in Client().get("/kvizy/").content.decode()


@pytest.mark.parametrize("path", ["/hra/", "/prihlaseni/", "/ucitel/"])
def test_pupil_and_teacher_pages_are_never_stored(client, path):
    response = client.get(path)
    assert "no-store" in response["Cache-Control"] or "private" in response["Cache-Control"]
    assert "public" not in response["Cache-Control"]


@pytest.mark.parametrize(("url", "backend", "location"), [
    ("", "locmem.LocMemCache", None),
    ("redis://cache.internal:6379/1", "redis.RedisCache", "redis://cache.internal:6379/1"),
    ("memcached://cache.internal:11211", "memcached.PyMemcacheCache", "cache.internal:11211"),
])
def test_servers_share_a_cache_when_the_environment_names_one(url, backend, location):
    cache = read_settings({"DJANGO_CACHE_URL": url}).CACHES["default"]
    assert cache["BACKEND"] == f"django.core.cache.backends.{backend}"
    assert cache.get("LOCATION") == location


def test_an_unknown_cache_url_stops_the_start():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_CACHE_URL"):
        read_settings({"DJANGO_CACHE_URL": "mongodb://somewhere"})


def test_a_click_that_marks_a_spot_is_each_visitors_own():
    toggle = QUESTION + "?prepnout=b2.SE"
    for visitor in (Client(), Client()):
        fragment = visitor.get(toggle, headers={"hx-request": "true"})
        assert fragment.status_code == 200
        assert "Označeno 1" in fragment.content.decode()
        assert "sessionid" in fragment.cookies, "the mark lives in this visitor's session"
        assert fragment["Cache-Control"] == "private, no-store"
