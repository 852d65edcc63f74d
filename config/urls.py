from django.contrib import admin
from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("zdravi/", views.health, name="health"),
    path("", include("offline.urls")),
    path("almanach/", include("almanach.urls")),
    path("", include("tutorial.urls")),
    path("sprava/login/", views.admin_login, name="admin_login"),
    path("sprava/", admin.site.urls),
]

handler400 = "config.views.bad_request"
handler403 = "config.views.forbidden"
handler404 = "config.views.not_found"
handler500 = "config.views.server_error"
