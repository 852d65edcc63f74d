"""The tutorial's families, each with its own routes and namespace.

example  the Almanach's example game replayed (tutorial/example/)
quizzes  practice alone (tutorial/quiz/)
lessons  class lessons: pupils and teachers (tutorial/lessons/)
play     Hrát: a game against computer players or with friends (tutorial/play/)
referee  Rozhodčí: a position from the table, ruled on by the engine (tutorial/referee/)
review   Rozbor hry: a played game reviewed (tutorial/review/)
"""

from django.urls import include, path

urlpatterns = [
    path("", include("tutorial.example.urls")),
    path("", include("tutorial.quiz.urls")),
    path("", include("tutorial.lessons.urls")),
    path("", include("tutorial.play.urls")),
    path("", include("tutorial.referee.urls")),
    path("", include("tutorial.review.urls")),
]
