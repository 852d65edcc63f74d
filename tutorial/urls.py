from django.urls import path

from tutorial import views

app_name = "tutorial"

urlpatterns = [
    path("priklad-hry/", views.game, name="game"),
    path("kvizy/", views.quizzes, name="quizzes"),
]
