from django.urls import path

from tutorial import views_game

urlpatterns = [
    path("priklad-hry/", views_game.game, name="game"),
]
