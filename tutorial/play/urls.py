"""Routes of Hrát at /hrat/."""

from django.urls import path

from tutorial.play import lobby, views

app_name = "play"

urlpatterns = [
    path("hrat/", views.index, name="index"),
    path("hrat/s-prateli/", lobby.new_game, name="friends"),
    path("hrat/pripojit/", lobby.join, name="join"),
    path("hrat/z-prikladu/<int:turn>/<int:step>/", views.from_example, name="from_example"),
    path("hrat/<str:game_id>/", views.game_page, name="game"),
    path("hrat/<str:game_id>/tah/", views.move, name="move"),
    path("hrat/<str:game_id>/predat/", views.handoff, name="handoff"),
    path("hrat/<str:game_id>/pocitac/", views.computers, name="computers"),
    path("hrat/<str:game_id>/napoveda/", views.hint, name="hint"),
    path("hrat/<str:game_id>/stav/", lobby.status, name="status"),
    path("hrat/<str:game_id>/qr.svg", lobby.qr, name="qr"),
    path("hrat/<str:game_id>/zacit/", lobby.start, name="start"),
    path("hrat/<str:game_id>/pustit/", lobby.let_in, name="let_in"),
    path("hrat/<str:game_id>/zpet/", lobby.back, name="back"),
    path("hrat/<str:game_id>/nepritomny/", lobby.absent, name="absent"),
    path("hrat/<str:game_id>/rozhodnout/", views.referee, name="referee"),
    path("hrat/<str:game_id>/zapis.json", views.record_json, name="record"),
    path("hrat/<str:game_id>/tah/<int:turn>/", views.turn, name="turn"),
    path("hrat/<str:game_id>/tah/<int:turn>/krok/<int:step>/", views.step, name="step"),
]
