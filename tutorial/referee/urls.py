"""Routes of Rozhodčí at /rozhodci/."""

from django.urls import path

from tutorial.referee import api_views, views

app_name = "referee"

urlpatterns = [
    path("rozhodci/", views.editor, name="editor"),
    path("rozhodci/api", api_views.api, name="api"),
    path("rozhodci/qr.svg", views.qr, name="qr"),
    path("rozhodci/z-prikladu/<int:turn>/<int:step>/", views.from_example, name="from_example"),
    path("rozhodci/z-hry/<str:game_id>/", views.from_play, name="from_play"),
]
