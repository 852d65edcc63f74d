"""Page helpers shared by the tutorial's families (example game, quizzes, lessons, play)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse


def client_ip(request: HttpRequest) -> str:
    """The address rate limits count by. Behind our own proxy (DJANGO_BEHIND_PROXY) that is
    the last X-Forwarded-For entry, the one the proxy itself added; earlier ones can be forged."""
    if getattr(settings, "USE_X_FORWARDED_HOST", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()[:100]
    return request.META.get("REMOTE_ADDR", "") or "?"


def message(request: HttpRequest, title: str, text: str, status: int = 200, *,
            retry_url: str = "", retry_label: str = "Pokračovat", home_url: str | None = None,
            home_label: str = "Kvízy") -> HttpResponse:
    """A short Czech page: what happened, where to go next (``retry_url``, a button) and the
    way home (a link, the quizzes unless ``home_url`` says otherwise; "" for none)."""
    context = {
        "title": title, "text": text, "retry_url": retry_url, "retry_label": retry_label,
        "home_url": reverse("quizzes:index") if home_url is None else home_url,
        "home_label": home_label,
    }
    return render(request, "tutorial/message.html", context, status=status)

