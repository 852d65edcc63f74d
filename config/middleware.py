"""Project-wide request rules that must run before any view reads the request."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

from config import views


class RequestLimitsMiddleware:
    """TRACE (and its cousin TRACK) are refused; a body larger than MAX_REQUEST_BODY gets 413
    before Django reads a byte of it (no route takes files, so nothing legitimate is lost)."""

    REFUSED_METHODS = {"TRACE", "TRACK"}

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in self.REFUSED_METHODS:
            return views.method_not_allowed(request)
        if _declared_length(request) > settings.MAX_REQUEST_BODY:
            return views.too_large(request)
        return self.get_response(request)


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class PrivatePagesMiddleware:
    """Nothing a signed-in user sees is stored by a browser or a proxy (teachers' pages,
    their results and CSV, the admin): a shared classroom PC keeps no copy.

    Anonymous pages are left to their own caching headers; the session is only looked at
    when the request carries a session cookie, so public pages get no ``Vary: Cookie``.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return response
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            # Instead of the page's own policy (a public page's max-age and
            # stale-while-revalidate), not added to it.
            del response["Cache-Control"]
            add_never_cache_headers(response)  # no-cache, no-store, must-revalidate, private
        return response
