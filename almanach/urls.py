from django.urls import path

from almanach import views

app_name = "almanach"

urlpatterns = [
    path("", views.index, name="index"),
    path("hledat/", views.search_page, name="search"),
    path("caste-otazky/", views.faq, name="faq"),
    # The API answers with and without the trailing slash (no redirect for a script to follow).
    path("api/hledat", views.api_search, name="api-search"),
    path("api/hledat/", views.api_search),
    path("api/hesla", views.api_headwords, name="api-headwords"),
    path("api/hesla/", views.api_headwords),
    # str, not slug: /almanach/zloděj/ reaches the view, which redirects to /almanach/zlodej/.
    path("<str:slug>/", views.entry, name="entry"),
]
