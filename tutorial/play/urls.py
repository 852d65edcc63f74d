"""Routes of Hrát at /hrat/."""

from django.urls import path

from tutorial.play import views

app_name = "play"

urlpatterns = [
    path("hrat/", views.index, name="index"),
    path("hrat/z-prikladu/<int:turn>/<int:step>/", views.from_example, name="from_example"),
    path("hrat/<str:game_id>/", views.game_page, name="game"),
    path("hrat/<str:game_id>/tah/", views.move, name="move"),
    path("hrat/<str:game_id>/predat/", views.handoff, name="handoff"),
    path("hrat/<str:game_id>/pocitac/", views.computers, name="computers"),
    path("hrat/<str:game_id>/napoveda/", views.hint, name="hint"),
    path("hrat/<str:game_id>/zapis.json", views.record_json, name="record"),
    path("hrat/<str:game_id>/tah/<int:turn>/", views.turn, name="turn"),
    path("hrat/<str:game_id>/tah/<int:turn>/krok/<int:step>/", views.step, name="step"),
]
