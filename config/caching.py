"""The page cache of the reading pages, and which pages are whose.

Every page is one of three kinds:

content   the same for every visitor (home, the Almanach, the example game and its review, the
          quizzes for a visitor without a session): kept whole in Django's cache and served from it,
          with ``public, max-age, stale-while-revalidate``, gzipped once before it is stored.
form      a content page whose form posts, so it carries a CSRF token: kept in the cache with
          the token taken out, served with a fresh token of the visitor's own (and the CSRF
          cookie), ``private, no-cache``, never compressed (BREACH: a secret next to input).
personal  anything that reads a visitor's session or belongs to a teacher or pupil, and every
          route not listed as public: ``private, no-store``, never stored.

The HTTP work is Django's: ETagMiddleware (just outside this one) is its ConditionalGetMiddleware,
ETag and 304, for every page without a CSRF token; ContentGZipMiddleware (inside it) is its
GZipMiddleware, with its BREACH mitigation, for content pages only, so a page is stored
compressed and compressed once; patch_cache_control writes the Cache-Control. A view that
sets Cache-Control itself keeps it. The cache key holds the site's version (a hash of its
code, templates, static files and content files, made at start-up), so a deploy never serves
the previous one's pages; entries also expire after PAGE_CACHE_SECONDS.

Only the request's parts that make a page are in the key, so that made-up requests never
fill the cache: the htmx headers, whether the client takes gzip (not the raw Accept-Encoding),
and the query parameters a view reads: ``request.GET`` notes the names the view (or its
template) looks at, and a content page asked for with any other parameter is not stored but
redirected to its URL without them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.middleware.csrf import get_token
from django.middleware.gzip import GZipMiddleware
from django.middleware.http import ConditionalGetMiddleware
from django.utils.cache import patch_cache_control, patch_vary_headers, set_response_etag
from django.utils.encoding import escape_uri_path
from django.utils.http import urlencode

# Cache-Control of each kind of page (patch_cache_control's arguments).
CONTENT_CACHE_CONTROL = {"public": True, "max_age": 300, "stale_while_revalidate": 86400}
FORM_CACHE_CONTROL = {"private": True, "no_cache": True}
PERSONAL_CACHE_CONTROL = {"private": True, "no_store": True}

# Routes whose pages are the same for everybody who has no session.
PUBLIC_NAMESPACES = frozenset({"almanach", "example", "quizzes", "offline"})
# The example game's review is computed from the example's record and commentary and the
# engine's weights, all files of the site's version: a change to any is a new cache key.
PUBLIC_NAMES = frozenset({"home", "review:example"})
PRIVATE_ROUTES = frozenset({"quizzes:result"})

# Headers that choose between different pages at one URL (htmx fragments).
KEY_HEADERS = ("HTTP_HX_REQUEST", "HTTP_HX_HISTORY_RESTORE_REQUEST")
# Headers of a stored page that belong to one response only.
UNSTORED_HEADERS = frozenset({"content-length", "date", "set-cookie"})

_TOKEN_FIELD = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{32,128})"')
_TOKEN_MARK = b"__csrf_token__"

# What makes up the site: a change to any of these files is a new version.
_VERSIONED_DIRS = ("config", "almanach", "tutorial", "offline", "engine", "templates", "static")
_VERSIONED_SUFFIXES = frozenset(
    {".py", ".html", ".css", ".js", ".md", ".toml", ".json", ".svg", ".png", ".webmanifest"}
)


@cache
def site_version() -> str:
    """A short hash of the site's files, computed once per process."""
    digest = hashlib.blake2b(digest_size=6)
    for name in _VERSIONED_DIRS:
        for path in sorted(Path(settings.BASE_DIR, name).rglob("*")):
            if path.suffix in _VERSIONED_SUFFIXES and path.is_file():
                digest.update(str(path.relative_to(settings.BASE_DIR)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class StoredPage:
    """A page as the cache keeps it (plain data, so Redis and Memcached can hold it)."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes
    has_token: bool
    reads_session: bool

    def response_for(self, request: HttpRequest) -> HttpResponse:
        body = self.body
        if self.has_token:
            body = body.replace(_TOKEN_MARK, get_token(request).encode())
        response = HttpResponse(body, status=self.status)
        for name, value in self.headers:
            response[name] = value
        response["Content-Length"] = str(len(body))
        return response


class PageCacheMiddleware:
    """Serves content pages from Django's cache and gives every page its Cache-Control.

    It sits after CsrfViewMiddleware, so a form page served from the cache still gets its
    CSRF cookie from there, and just before ContentGZipMiddleware, so a page is stored
    compressed and compressed once."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response
        site_version()  # at start-up, not on a visitor's request

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            response = self.get_response(request)
            _set_cache_control(response, PERSONAL_CACHE_CONTROL)
            return response
        # One of two values, as the key: GZipMiddleware reads no q-values ("gzip;q=0").
        request.META["HTTP_ACCEPT_ENCODING"] = "gzip" if _accepts_gzip(request) else ""
        key = _key(request)
        stored = _cache().get(key)
        if stored is not None and not (stored.reads_session and _has_session(request)):
            return stored.response_for(request)
        if request.META.get("QUERY_STRING"):
            request.GET = ReadParams(request.GET.urlencode(), encoding=request.GET.encoding)
        response = self.get_response(request)
        kind = page_kind(request, response)
        if kind == "personal" or response.cookies:
            _set_cache_control(response, PERSONAL_CACHE_CONTROL)
            return response
        if response.status_code != 200 or response.streaming:
            return response
        clean = _clean_url(request)
        if clean is not None:
            redirect = HttpResponseRedirect(clean)
            _set_cache_control(redirect, PERSONAL_CACHE_CONTROL)
            return redirect
        stored = _store(request, response, kind)
        if stored is None:
            _set_cache_control(response, PERSONAL_CACHE_CONTROL)
            return response
        if settings.PAGE_CACHE_SECONDS > 0:
            _cache().set(key, stored, settings.PAGE_CACHE_SECONDS)
        return stored.response_for(request)


class ContentGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware for content pages only: a page that carries a secret (a CSRF
    token, a visitor's own data) stays plain, and one about to be redirected for its made-up
    parameters is not worth the work."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if (response.cookies or page_kind(request, response) != "content"
                or _clean_url(request) is not None):
            return response
        return super().process_response(request, response)


class ETagMiddleware(ConditionalGetMiddleware):
    """Django's ETag and 304, except for a page with a CSRF token: the token is masked anew
    for every response, so no two such bodies are equal and their ETag could never match."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
            return response
        return super().process_response(request, response)


class ReadParams(QueryDict):
    """``request.GET`` that notes which names were read (asking for a name that is absent
    counts: the page depends on its absence). Listing or copying the whole dict counts as
    reading every name."""

    def __init__(self, *args, **kwargs) -> None:
        self.read: set[str] = set()
        self.read_all = False
        super().__init__(*args, **kwargs)
        self.read.clear()
        self.read_all = False

    def _note(self, key) -> None:
        self.read.add(key)

    def _note_all(self) -> None:
        self.read_all = True

    def __getitem__(self, key):
        self._note(key)
        return super().__getitem__(key)

    def __contains__(self, key) -> bool:
        self._note(key)
        return super().__contains__(key)

    def get(self, key, default=None):
        self._note(key)
        return super().get(key, default)

    def getlist(self, key, default=None):
        self._note(key)
        return super().getlist(key, default)

    def __iter__(self):
        self._note_all()
        return super().__iter__()

    def keys(self):
        self._note_all()
        return super().keys()

    def lists(self):
        self._note_all()
        return super().lists()

    def dict(self):
        self._note_all()
        return super().dict()

    def urlencode(self, safe=None) -> str:
        self._note_all()
        return super().urlencode(safe)

    def __deepcopy__(self, memo):
        self._note_all()
        return super().__deepcopy__(memo)

    def unread(self) -> list[str]:
        return [] if self.read_all else [k for k in dict.keys(self) if k not in self.read]


def _clean_url(request: HttpRequest) -> str | None:
    """The URL without the query parameters the view did not read (None: it read them all)."""
    params = request.GET
    if not isinstance(params, ReadParams) or not params.unread():
        return None
    pairs = [(name, value) for name, values in dict.items(params) if name in params.read
             for value in values]
    path = escape_uri_path(request.path)
    return f"{path}?{urlencode(pairs)}" if pairs else path


def page_kind(request: HttpRequest, response: HttpResponse) -> str:
    """'content', 'form' or 'personal' (see the module's docstring)."""
    match = request.resolver_match
    if match is None or match.view_name in PRIVATE_ROUTES:
        return "personal"
    if match.namespace not in PUBLIC_NAMESPACES and match.view_name not in PUBLIC_NAMES:
        return "personal"
    session = getattr(request, "session", None)
    if session is not None and session.modified:
        return "personal"  # this request changed the visitor's own state
    if _has_session(request) and _session_read(request):
        return "personal"
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
        return "form"
    return "content"


def _store(request: HttpRequest, response: HttpResponse, kind: str) -> StoredPage | None:
    body = response.content
    has_token = kind == "form"
    if has_token:
        match = _TOKEN_FIELD.search(body)
        if match is None:
            return None  # a token somewhere we cannot find again: never share that page
        body = body.replace(match.group(1), _TOKEN_MARK)
    reads_session = _session_read(request)
    if reads_session:
        # SessionMiddleware adds this only when the view runs, not on a cache hit.
        patch_vary_headers(response, ["Cookie"])
    _set_cache_control(response, FORM_CACHE_CONTROL if has_token else CONTENT_CACHE_CONTROL)
    if not has_token:
        set_response_etag(response)  # once, here, rather than by ETagMiddleware on every hit
    headers = tuple(
        (name, value) for name, value in response.items()
        if name.lower() not in UNSTORED_HEADERS
    )
    return StoredPage(response.status_code, headers, body, has_token, reads_session)


def _set_cache_control(response: HttpResponse, directives: dict) -> None:
    if not response.has_header("Cache-Control"):
        patch_cache_control(response, **directives)


def _accepts_gzip(request: HttpRequest) -> bool:
    for coding in request.META.get("HTTP_ACCEPT_ENCODING", "").split(","):
        name, _, params = coding.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _has_session(request: HttpRequest) -> bool:
    return settings.SESSION_COOKIE_NAME in request.COOKIES


def _session_read(request: HttpRequest) -> bool:
    session = getattr(request, "session", None)
    return bool(session is not None and session.accessed)


def _key(request: HttpRequest) -> str:
    varying = "|".join(request.META.get(name, "")
                       for name in (*KEY_HEADERS, "HTTP_ACCEPT_ENCODING"))
    raw = f"{request.scheme}://{request.get_host()}{request.get_full_path()}|{varying}".encode()
    return f"page:{site_version()}:{hashlib.blake2b(raw, digest_size=16).hexdigest()}"


def _cache():
    return caches[settings.PAGE_CACHE_ALIAS]
