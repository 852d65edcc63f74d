"""Routes of the Almanach's example game at /priklad-hry/."""

from django.urls import path

from tutorial.example import views

app_name = "example"

urlpatterns = [
    path("priklad-hry/", views.game, name="game"),
    path("priklad-hry/hra.json", views.game_json, name="game_json"),
    path("priklad-hry/tah/<int:turn>/", views.turn, name="turn"),
    path("priklad-hry/tah/<int:turn>/krok/<int:step>/", views.step, name="step"),
]
