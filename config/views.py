"""Project-wide pages: home, health check and the Czech error pages."""

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader


def home(request: HttpRequest) -> HttpResponse:
    from almanach.models import Entry

    entries = Entry.objects.filter(kind=Entry.Kind.HEADWORD).order_by("sort_key")
    return render(request, "home.html", {"entries": entries})


def health(request: HttpRequest) -> JsonResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def _error(request: HttpRequest, status: int, title: str, message: str) -> HttpResponse:
    body = loader.render_to_string(
        "error.html", {"status": status, "title": title, "message": message}, request
    )
    return HttpResponse(body, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 400, "Chybný požadavek",
                  "Požadavku jsme nerozuměli. Zkuste to prosím znovu.")


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 403, "Přístup odepřen", "Na tuto stránku nemáte přístup.")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(
        request,
        404,
        "Stránka nenalezena",
        "Tato stránka neexistuje. Zkuste vyhledávání v almanachu nebo se vraťte na úvod.",
    )


def server_error(request: HttpRequest) -> HttpResponse:
    body = loader.render_to_string(
        "error.html",
        {"status": 500, "title": "Chyba serveru",
         "message": "Něco se pokazilo na naší straně. Zkuste to prosím za chvíli."},
    )
    return HttpResponse(body, status=500)
