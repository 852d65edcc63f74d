"""Routes of the quizzes: practice alone, class sessions for pupils, teacher pages, sign-in."""

from django.urls import path, register_converter

from tutorial import views_quiz as v


class VariantConverter:
    """a1 (an Almanach example) or s1234 (a seeded variant)."""

    regex = r"[as][0-9]{1,6}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class CodeConverter:
    """A join code as typed: letters and digits (validated by the view, never a 500)."""

    regex = r"[A-Za-z0-9]{1,20}"

    def to_python(self, value: str) -> str:
        return value.upper()

    def to_url(self, value: str) -> str:
        return value


register_converter(VariantConverter, "variant")
register_converter(CodeConverter, "code")

urlpatterns = [
    # Practice alone
    path("kvizy/", v.quizzes, name="quizzes"),
    path("kvizy/smichane/", v.mixed, name="quiz_mixed"),
    path("kvizy/zkus/", v.try_it, name="quiz_try"),
    path("kvizy/<slug:kind>/", v.kind_page, name="quiz_kind"),
    path("kvizy/<slug:kind>/nova/", v.kind_new, name="quiz_new"),
    path("kvizy/<slug:kind>/<variant:variant>/", v.question, name="quiz_question"),
    path("kvizy/<slug:kind>/<variant:variant>/vysledek/", v.result, name="quiz_result"),
    # Pupils in a class session
    path("hra/", v.join, name="join"),
    path("hra/<code:code>/", v.play, name="play"),
    path("hra/<code:code>/stav/", v.play_status, name="play_status"),
    path("hra/<code:code>/<int:number>/", v.play_question, name="play_question"),
    # Teachers
    path("prihlaseni/", v.TeacherLoginView.as_view(), name="login"),
    path("odhlaseni/", v.TeacherLogoutView.as_view(), name="logout"),
    path("ucitel/", v.teacher_home, name="teacher"),
    path("ucitel/kviz/novy/", v.teacher_quiz_new, name="teacher_quiz_new"),
    path("ucitel/kviz/<int:pk>/", v.teacher_quiz, name="teacher_quiz"),
    path("ucitel/kviz/<int:pk>/pridat/", v.teacher_item_add, name="teacher_item_add"),
    path("ucitel/kviz/<int:pk>/smazat/<int:item>/", v.teacher_item_delete,
         name="teacher_item_delete"),
    path("ucitel/kviz/<int:pk>/spustit/", v.teacher_session_start, name="teacher_session_start"),
    path("ucitel/hodina/<code:code>/", v.teacher_session, name="teacher_session"),
    path("ucitel/hodina/<code:code>/ovladani/", v.teacher_control, name="teacher_control"),
    path("ucitel/hodina/<code:code>/vysledky/", v.teacher_results, name="teacher_results"),
    path("ucitel/hodina/<code:code>/qr.svg", v.teacher_qr, name="teacher_qr"),
    path("ucitel/hodina/<code:code>/vysledky.csv", v.teacher_csv, name="teacher_csv"),
]
