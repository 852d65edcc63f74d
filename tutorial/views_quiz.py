from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def quizzes(request: HttpRequest) -> HttpResponse:
    return render(request, "tutorial/quizzes.html", {"section": "quiz"})
