"""Project-wide pages: home, health check and the Czech error pages."""

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader

from config.context_processors import NO_SECTION


def admin_login(request: HttpRequest) -> HttpResponse:
    """The admin's sign-in with the same limits as the teachers' (tutorial/lessons/limits.py):
    a refused attempt never reaches the password hasher."""
    from django.contrib import admin

    from tutorial.lessons import limits

    if request.method != "POST":
        return admin.site.login(request)
    username = str(request.POST.get("username", ""))[:150]
    wait = limits.login_wait(request, username)
    if not wait:
        response = admin.site.login(request)
        wait = limits.login_checked(request, response, username)
        if not wait:
            return response
    response = _error(request, 429, "Příliš mnoho pokusů",
                      "Příliš mnoho neúspěšných pokusů o přihlášení. " + limits.wait_text(wait))
    response["Retry-After"] = str(wait)
    return response


# Questions the home page offers under its question box, as a player asks them at the table;
# each one's answer is the first result (tests/site/test_pages.py).
EXAMPLE_QUESTIONS = (
    "Kolik karet odhodit, když padne sedmička?",
    "Smím postavit vesnici hned vedle jiné?",
    "Můžu zahrát rytíře před hodem kostkami?",
    "Kolik bodů potřebuji k výhře?",
)


def home(request: HttpRequest) -> HttpResponse:
    from almanach.models import Entry

    entries = Entry.objects.filter(kind=Entry.Kind.HEADWORD).order_by("sort_key")
    return render(request, "home.html",
                  {"entries": entries, "example_questions": EXAMPLE_QUESTIONS})


def health(request: HttpRequest) -> JsonResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def _error(request: HttpRequest, status: int, title: str, message: str) -> HttpResponse:
    body = loader.render_to_string(
        "error.html", {"status": status, "title": title, "message": message, **NO_SECTION},
        request,
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


def method_not_allowed(request: HttpRequest) -> HttpResponse:
    response = _error(request, 405, "Nepovolená metoda",
                      "Tímto způsobem se na stránky webu přistupovat nedá.")
    response["Allow"] = "GET, HEAD, POST"
    return response


def too_large(request: HttpRequest) -> HttpResponse:
    response = _error(request, 413, "Příliš velký požadavek",
                      "Odeslaná data jsou příliš velká. Žádný formulář na tomto webu "
                      "nepřijímá soubory ani dlouhé texty.")
    response["Connection"] = "close"  # the rest of the body is never read
    return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """Django's CSRF check failed: in Czech, in the site's style, and what to do about it."""
    body = loader.render_to_string("csrf_failure.html", {"status": 403, **NO_SECTION},
                            request)
    return HttpResponse(body, status=403)


def server_error(request: HttpRequest) -> HttpResponse:
    body = loader.render_to_string(
        "error.html",
        {"status": 500, "title": "Chyba serveru",
         "message": "Něco se pokazilo na naší straně. Zkuste to prosím za chvíli."},
    )
    return HttpResponse(body, status=500)
