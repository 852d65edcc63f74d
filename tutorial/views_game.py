from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def game(request: HttpRequest) -> HttpResponse:
    return render(request, "tutorial/game.html", {"section": "tutorial"})
