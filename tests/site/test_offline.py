"""Installable and readable offline: manifest, icons, favicon, the service worker and what it
keeps (offline/views.py, offline/static/sw.js)."""

import gzip
import json

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

from almanach.models import Entry
from config.caching import site_version

pytestmark = pytest.mark.usefixtures("content")


def test_the_service_worker_is_served_from_the_root_with_this_versions_cache(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    source = response.content.decode()
    assert f'var VERSION = "{site_version()}";' in source
    assert "__" not in source.replace("__proto__", ""), "every placeholder is filled in"
    assert 'var STATIC_URL = "/static/";' in source


def test_every_page_links_the_manifest_icons_and_theme_colour(client):
    html = client.get("/almanach/zlodej/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in html
    assert 'name="theme-color"' in html
    assert 'rel="icon"' in html and 'rel="apple-touch-icon"' in html


def test_the_manifest_is_czech_with_icons_that_exist(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Almanach Katanu" and manifest["lang"] == "cs"
    assert manifest["display"] == "standalone" and manifest["theme_color"].startswith("#")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix(settings.STATIC_URL)), icon["src"]


def test_the_favicon_is_no_longer_a_404(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"


def test_the_worker_keeps_every_entry_and_page_of_the_almanach(client):
    kept = json.loads(client.get("/bez-pripojeni/seznam.json").content)
    assert kept["version"] == site_version()
    for entry in Entry.objects.all():
        assert entry.get_absolute_url() in kept["urls"]
    assert {"/", "/almanach/", "/bez-pripojeni/", "/bez-pripojeni/hledani.json"} <= set(
        kept["urls"])
    assert any(url.endswith(".css") for url in kept["urls"])
    assert kept["keep_visited"] == ["/priklad-hry/"]


def test_the_offline_search_index_is_the_servers_and_compact(client):
    # The server's own index (texts, lemma table, synonyms, vocabulary, weights): the offline
    # search ranks it the same way (tests/browser/test_offline_browser.py compares them).
    response = client.get("/bez-pripojeni/hledani.json")
    index = json.loads(response.content)
    assert index["version"] == site_version()
    assert len(index["documents"]) == Entry.objects.count()
    thief = next(item for item in index["documents"] if item["url"] == "/almanach/zlodej/")
    assert thief["headword"] == "Zloděj" and "Černá figurka je zloděj." in thief["text"]
    assert len(index["questions"]) >= 120
    assert index["weights"]["text"] > 0 and "zlodeje" in index["lemmas"]
    # One download per phone, kept by the service worker: about 60 KB for the texts and
    # tables, 30 KB for the players' questions per passage (they lift the held-out share of
    # "the right passage first" from 60 to 66 %).
    assert len(gzip.compress(response.content)) < 100_000


def test_the_offline_page_says_what_works_without_a_connection(client):
    html = client.get("/bez-pripojeni/").content.decode()
    assert "Celý almanach" in html
    assert "stejně jako s připojením" in html
