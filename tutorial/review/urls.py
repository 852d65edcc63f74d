"""Routes of Rozbor hry: a finished Hrát game's review, and the example game's."""

from django.urls import path

from tutorial.review import views

app_name = "review"

urlpatterns = [
    path("hrat/<str:game_id>/rozbor/", views.game_review, name="game"),
    path("hrat/<str:game_id>/rozbor/odsud/", views.play_from, name="play_from"),
    path("priklad-hry/rozbor/", views.example, name="example"),
]
