"""Routes of class lessons (hodiny): pupils join by code, teachers sign in and run them."""

from django.urls import path, re_path, register_converter

from tutorial.lessons import accounts, admin, projector, pupils, registration, teachers


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
    # The way in: what a lesson is, for teachers and pupils
    path("hodiny/", teachers.lessons_home, name="index"),
    # Teachers
    path("ucitel/registrace/", registration.register, name="register"),
    path("ucitel/registrace/odeslano/", registration.sent, name="register_sent"),
    path("ucitel/registrace/<str:token>/", registration.confirm, name="register_confirm"),
    path("prihlaseni/", teachers.TeacherLoginView.as_view(), name="login"),
    path("odhlaseni/", teachers.TeacherLogoutView.as_view(), name="logout"),
    path("pozvanka/<str:token>/", accounts.accept_invite, name="invite"),
    path("ucitel/heslo/", accounts.PasswordChange.as_view(), name="password_change"),
    path("ucitel/heslo/zmeneno/", accounts.PasswordChangeDone.as_view(),
         name="password_change_done"),
    path("prihlaseni/zapomenute-heslo/", accounts.PasswordReset.as_view(),
         name="password_reset"),
    path("prihlaseni/zapomenute-heslo/odeslano/", accounts.PasswordResetDone.as_view(),
         name="password_reset_done"),
    path("prihlaseni/nove-heslo/<uidb64>/<token>/", accounts.PasswordResetConfirm.as_view(),
         name="password_reset_confirm"),
    path("prihlaseni/nove-heslo/hotovo/", accounts.PasswordResetComplete.as_view(),
         name="password_reset_complete"),
    path("ucitel/", teachers.home, name="teacher"),
    path("ucitel/kviz/novy/", teachers.quiz_new, name="quiz_new"),
    path("ucitel/kviz/<int:pk>/", teachers.quiz, name="quiz"),
    path("ucitel/kviz/<int:pk>/pridat/", teachers.item_add, name="item_add"),
    path("ucitel/kviz/<int:pk>/smazat/<int:item>/", teachers.item_delete,
         name="item_delete"),
    path("ucitel/kviz/<int:pk>/posunout/<int:item>/", teachers.item_move,
         name="item_move"),
    path("ucitel/kviz/<int:pk>/otazka/<int:item>/", teachers.item_preview,
         name="item_preview"),
    path("ucitel/kviz/<int:pk>/obmena/<int:item>/", teachers.item_dress, name="item_dress"),
    path("ucitel/kviz/<int:pk>/priklad/<int:item>/", teachers.item_example,
         name="item_example"),
    path("ucitel/kviz/<int:pk>/ukazka/<int:item>/", teachers.item_pupils, name="item_pupils"),
    path("ucitel/kviz/pozice/", teachers.position_add, name="position_add"),
    path("ucitel/kviz/<int:pk>/prejmenovat/", teachers.quiz_rename, name="quiz_rename"),
    path("ucitel/kviz/<int:pk>/kopie/", teachers.quiz_copy, name="quiz_copy"),
    path("ucitel/kviz/<int:pk>/smazat/", teachers.quiz_delete, name="quiz_delete"),
    path("ucitel/kviz/<int:pk>/spustit/", teachers.lesson_start, name="lesson_start"),
    path("ucitel/hodina/<code:code>/", teachers.lesson, name="lesson"),
    path("ucitel/hodina/<code:code>/ovladani/", teachers.control, name="control"),
    path("ucitel/hodina/<code:code>/ukoncit/", teachers.close, name="close"),
    path("ucitel/hodina/<code:code>/projektor/", projector.projector, name="projector"),
    path("ucitel/hodina/<code:code>/uvolnit/<int:pupil>/", teachers.release,
         name="release"),
    path("ucitel/hodina/<code:code>/odebrat/<int:pupil>/", teachers.remove,
         name="remove"),
    path("ucitel/hodina/<code:code>/vysledky/", teachers.results, name="results"),
    path("ucitel/hodina/<code:code>/qr.svg", teachers.qr, name="qr"),
    path("ucitel/hodina/<code:code>/vysledky.csv", teachers.csv, name="csv"),
    # The admin's pages of lessons before they had an app of their own.
    re_path(r"^sprava/tutorial/(?P<rest>(?:[a-z]+/)*(?:[0-9]+/(?:[a-z]+/)*)?)$", admin.old_address,
            name="old_admin"),
]
