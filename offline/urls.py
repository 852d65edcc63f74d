"""At the site's root (config/urls.py): the service worker's scope is the path it is served
from, so /sw.js covers the whole site."""

from django.urls import path

from offline import views

app_name = "offline"

urlpatterns = [
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("bez-pripojeni/", views.offline_page, name="page"),
    path("bez-pripojeni/seznam.json", views.precache, name="precache"),
    path("bez-pripojeni/hledani.json", views.search_index, name="search_index"),
]
