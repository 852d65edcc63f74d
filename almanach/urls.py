from django.urls import path

from almanach import views

app_name = "almanach"

urlpatterns = [
    path("", views.index, name="index"),
    path("hledat/", views.search, name="search"),
    path("<slug:slug>/", views.entry, name="entry"),
]
