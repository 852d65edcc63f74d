"""Routes of class lessons (hodiny): pupils join by code, teachers sign in and run them."""

from django.urls import path, register_converter

from tutorial.lessons import pupils, teachers


class CodeConverter:
    """A join code as typed: letters and digits (validated by the view, never a 500)."""

    regex = r"[A-Za-z0-9]{1,20}"

    def to_python(self, value: str) -> str:
        return value.upper()

    def to_url(self, value: str) -> str:
        return value


register_converter(CodeConverter, "code")

app_name = "lessons"

urlpatterns = [
    # Pupils
    path("hra/", pupils.join, name="join"),
    path("hra/<code:code>/", pupils.pupil, name="pupil"),
    path("hra/<code:code>/stav/", pupils.pupil_status, name="pupil_status"),
    path("hra/<code:code>/<int:number>/", pupils.pupil_question, name="pupil_question"),
    # Teachers
    path("prihlaseni/", teachers.TeacherLoginView.as_view(), name="login"),
    path("odhlaseni/", teachers.TeacherLogoutView.as_view(), name="logout"),
    path("ucitel/", teachers.teacher_home, name="teacher"),
    path("ucitel/kviz/novy/", teachers.teacher_quiz_new, name="quiz_new"),
    path("ucitel/kviz/<int:pk>/", teachers.teacher_quiz, name="quiz"),
    path("ucitel/kviz/<int:pk>/pridat/", teachers.teacher_item_add, name="item_add"),
    path("ucitel/kviz/<int:pk>/smazat/<int:item>/", teachers.teacher_item_delete,
         name="item_delete"),
    path("ucitel/kviz/<int:pk>/spustit/", teachers.teacher_session_start, name="session_start"),
    path("ucitel/hodina/<code:code>/", teachers.teacher_session, name="session"),
    path("ucitel/hodina/<code:code>/ovladani/", teachers.teacher_control, name="control"),
    path("ucitel/hodina/<code:code>/vysledky/", teachers.teacher_results, name="results"),
    path("ucitel/hodina/<code:code>/qr.svg", teachers.teacher_qr, name="qr"),
    path("ucitel/hodina/<code:code>/vysledky.csv", teachers.teacher_csv, name="csv"),
]
