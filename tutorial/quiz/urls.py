"""Routes of practice alone at /kvizy/."""

from django.urls import path, register_converter

from tutorial.quiz import views


class VariantConverter:
    """a1 (an Almanach example) or s1234 (a seeded variant)."""

    regex = r"[as][0-9]{1,6}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(VariantConverter, "variant")

app_name = "quizzes"

urlpatterns = [
    path("kvizy/", views.quizzes, name="index"),
    path("kvizy/smichane/", views.mixed, name="mixed"),
    path("kvizy/zkus/", views.try_it, name="try"),
    path("kvizy/<slug:kind>/", views.kind_page, name="kind"),
    path("kvizy/<slug:kind>/nova/", views.kind_new, name="new"),
    path("kvizy/<slug:kind>/<variant:variant>/", views.question, name="question"),
    path("kvizy/<slug:kind>/<variant:variant>/vysledek/", views.result, name="result"),
]
