"""Installable and readable offline: the web app manifest, the favicon, the service worker with
the list of what it keeps, the offline search index and the offline page.

The service worker (offline/static/sw.js) is served from the site's root (offline/urls.py) so
that its scope is the whole site; the site's version is written into it, so every deploy
installs a new worker with a new cache and the old one is deleted.
"""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_safe

from almanach import facts, search_site
from almanach.models import Entry
from config.caching import site_version

THEME_COLOUR = "#a3401b"
BACKGROUND_COLOUR = "#fffdf8"
# The offline search, one script per stage of almanach/search/ (analyse, retrieve, choose,
# snippet, index) and the answer-first drawing of almanach/answers.py, in the order they load
# (the service worker imports them, the offline page links them).
SEARCH_SCRIPTS = ("js/search/analyse.js", "js/search/retrieve.js", "js/search/choose.js",
                  "js/search/snippet.js", "js/search/index.js", "js/search/answers.js")
# Static files every offline page needs (the htmx file is django-htmx's, as {% htmx_script %}).
ASSETS = ("css/site.css", "js/site.js", "js/offline.js", *SEARCH_SCRIPTS,
          "js/offline-facts.js", "django_htmx/htmx-2.min.js", "icons/icon.svg",
          "icons/favicon-32.png", "icons/icon-192.png")


@cache
def _read_static(name: str) -> bytes:
    """A static file's bytes, wherever it lives (static/ or an app's static/)."""
    with open(finders.find(name), "rb") as file:
        return file.read()


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    source = _read_static("sw.js").decode().replace("__VERSION__", site_version())
    source = source.replace("__PRECACHE_URL__", reverse("offline:precache"))
    source = source.replace("__STATIC_URL__", settings.STATIC_URL)
    source = source.replace("__SEARCH_SCRIPTS__",
                            ", ".join(f'"{static(name)}"' for name in SEARCH_SCRIPTS))
    source = source.replace("__SEARCH_INDEX__", reverse("offline:search_index"))
    source = source.replace("__SEARCH_PAGE__", reverse("almanach:search"))
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    # Browsers check for a new worker anyway; no-cache makes every proxy ask too.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    icon = static("icons/icon-512.png")
    payload = {
        "name": "Almanach Katanu",
        "short_name": "Almanach",
        "description": "Český výklad pravidel hry Osadníci z Katanu: almanach, příklad hry"
                       " a kvízy, i bez připojení.",
        "lang": "cs",
        "dir": "ltr",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": icon, "sizes": "512x512", "type": "image/png"},
            {"src": icon, "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    return JsonResponse(payload, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_read_static("favicon.ico"), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_safe
def precache(request: HttpRequest) -> JsonResponse:
    """Everything the service worker keeps on install: the whole Almanach and its assets."""
    entries = [entry.get_absolute_url() for entry in Entry.objects.order_by("sort_key")]
    pages = [reverse("home"), reverse("almanach:index"), *entries, reverse("offline:page"),
             reverse("offline:search_index"), reverse("offline:manifest")]
    return JsonResponse({
        "version": site_version(),
        "offline_page": reverse("offline:page"),
        "search_page": reverse("almanach:search"),
        "keep_visited": [reverse("example:game")],
        "urls": pages + [static(name) for name in ASSETS],
    })


@require_safe
def search_index(request: HttpRequest) -> JsonResponse:
    """The search index for searching offline: the server's own (SearchIndex.export), which
    offline/static/js/search/ ranks the same way."""
    payload = {"version": site_version(), **search_site.site_index().export(),
               "facts": facts.offline_data()}
    return JsonResponse(payload,
                        json_dumps_params={"ensure_ascii": False, "separators": (",", ":")})


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    return render(request, "offline/page.html", {"search_scripts": SEARCH_SCRIPTS})

