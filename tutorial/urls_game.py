from django.urls import path

from tutorial import views_game

urlpatterns = [
    path("priklad-hry/", views_game.game, name="game"),
    path("priklad-hry/hra.json", views_game.game_json, name="game_json"),
    path("priklad-hry/tah/<int:turn>/", views_game.turn, name="game_turn"),
    path("priklad-hry/tah/<int:turn>/krok/<int:step>/", views_game.step, name="game_step"),
]
