"""Teacher accounts: a one-time invitation from the site's administrator, and Django's own
password change and reset with Czech pages.

An invitation is a link with a random token; only its SHA-256 digest is stored, so the
database alone gives nobody a working link. Mail goes through Django's email backend
(settings: the console unless a deployment configures SMTP).

A forgotten password: one e-mail belongs to one account. The request itself only checks the
form and the limits (tutorial/lessons/limits.py) and hands the rest, looking the account up
and sending the link, to the process's mail thread (:func:`send_later`); so an e-mail with an
account is answered exactly as fast as one without.
"""

from __future__ import annotations

import functools
import logging
import os
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import timezone

from tutorial import pages
from tutorial.lessons import limits
from tutorial.lessons.models import Invite, token_digest

INVITE_DAYS = 7
logger = logging.getLogger(__name__)


def create_invite(note: str = "", days: int = INVITE_DAYS) -> tuple[Invite, str]:
    """A new invitation and its token (shown once: only the digest is kept)."""
    invite = Invite(note=note[:120])
    return invite, renew_invite(invite, days)


def renew_invite(invite: Invite, days: int = INVITE_DAYS) -> str:
    """A fresh token for an invitation (saved; an older link stops working)."""
    token = secrets.token_urlsafe(24)
    invite.digest = token_digest(token)
    invite.expires = timezone.now() + timedelta(days=days)
    invite.save()
    return token


def invite_path(token: str) -> str:
    return reverse("lessons:invite", kwargs={"token": token})


class TeacherForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data.get("email", "")
        if email and get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("Tento e-mail už patří jinému účtu. Zvolte jiný, "
                                        "nebo si u toho účtu obnovte heslo.")
        return email


def accept_invite(request: HttpRequest, token: str) -> HttpResponse:
    invite = Invite.objects.filter(digest=token_digest(token)).first()
    if invite is None or not invite.usable:
        return pages.message(
            request, "Pozvánka neplatí",
            "Tato pozvánka už byla použita, vypršela, nebo neexistuje. Požádejte správce "
            "webu o novou.", status=410, retry_url=reverse("lessons:login"))
    form = TeacherForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            # Used once: a second form sent at the same moment finds it used.
            if Invite.objects.filter(pk=invite.pk, used__isnull=True).update(
                    used=timezone.now()) != 1:
                return redirect(request.path)
            user = form.save()
            Invite.objects.filter(pk=invite.pk).update(user=user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("lessons:teacher")
    return render(request, "lessons/accounts/invite.html", {
        "form": form, "invite": invite,
    }, status=400 if request.method == "POST" else 200)


class PasswordChange(auth_views.PasswordChangeView):
    template_name = "lessons/accounts/password_change.html"
    success_url = reverse_lazy("lessons:password_change_done")


class AccountMessage:
    """An account page that only says what happened, on the site's message page; the way on
    is the teacher's own page once signed in, the sign-in otherwise."""

    template_name = "tutorial/message.html"
    text = ""

    def get_context_data(self, **kwargs):
        signed_in = self.request.user.is_authenticated
        return {
            **super().get_context_data(**kwargs), "text": self.text, "home_url": "",
            "retry_url": reverse("lessons:teacher" if signed_in else "lessons:login"),
            "retry_label": "Moje kvízy a hodiny" if signed_in else "Přihlásit se",
        }


class PasswordChangeDone(AccountMessage, auth_views.PasswordChangeDoneView):
    title = "Heslo změněno"
    text = "Vaše nové heslo platí od teď."


# --- forgotten passwords ---------------------------------------------------------------------

_mail_thread: tuple[int, ThreadPoolExecutor] | None = None
_mail_lock = threading.Lock()


def send_later(job: Callable[[], object]) -> None:
    """Run ``job`` after the answer, on this process's one mail thread (in order; a failure
    is logged). With MAIL_IN_BACKGROUND off (tests) it runs at once."""
    if not settings.MAIL_IN_BACKGROUND:
        job()
        return
    global _mail_thread
    with _mail_lock:
        if _mail_thread is None or _mail_thread[0] != os.getpid():  # a forked worker
            _mail_thread = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="mail"))
        executor = _mail_thread[1]
    executor.submit(_run, job)


def _run(job: Callable[[], object]) -> None:
    try:
        job()
    except Exception:
        logger.exception("Sending a password reset e-mail failed")
    finally:
        connections.close_all()  # this thread's own database connections


class OneAccountResetForm(PasswordResetForm):
    """One link per request: if several accounts share the e-mail (made before the
    invitation form refused that), only the one used last gets it."""

    def get_users(self, email):
        users = sorted(super().get_users(email), reverse=True,
                       key=lambda user: (user.last_login is not None, user.last_login, user.pk))
        return users[:1]


class PasswordReset(auth_views.PasswordResetView):
    template_name = "lessons/accounts/password_reset.html"
    email_template_name = "lessons/accounts/reset_email.txt"
    subject_template_name = "lessons/accounts/reset_subject.txt"
    success_url = reverse_lazy("lessons:password_reset_done")
    form_class = OneAccountResetForm

    def post(self, request, *args, **kwargs):
        wait = limits.reset_wait(request)
        if wait:
            return self._refused(self.get_form_class()(), wait)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        email = form.cleaned_data["email"]
        wait = limits.reset_wait(self.request, email)
        if wait:
            return self._refused(form, wait)
        limits.reset_asked(self.request, email)
        send_later(functools.partial(
            form.save, domain_override=self.request.get_host(),
            use_https=self.request.is_secure(), token_generator=self.token_generator,
            from_email=self.from_email, email_template_name=self.email_template_name,
            subject_template_name=self.subject_template_name,
            html_email_template_name=self.html_email_template_name,
            extra_email_context=self.extra_email_context))
        return redirect(self.get_success_url())

    def _refused(self, form, wait: int) -> HttpResponse:
        locked = "Příliš mnoho žádostí o nové heslo. " + limits.wait_text(wait)
        response = self.render_to_response(self.get_context_data(form=form, locked=locked),
                                           status=429)
        response["Retry-After"] = str(wait)
        return response


class PasswordResetDone(AccountMessage, auth_views.PasswordResetDoneView):
    title = "Zkontrolujte e-mail"
    text = ("Pokud k zadané adrese patří účet učitele, poslali jsme na ni odkaz pro "
            "nastavení nového hesla. Nepřišel-li do pár minut, podívejte se i do spamu.")


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    template_name = "lessons/accounts/password_reset_confirm.html"
    success_url = reverse_lazy("lessons:password_reset_complete")


class PasswordResetComplete(AccountMessage, auth_views.PasswordResetCompleteView):
    title = "Heslo nastaveno"
    text = "Nové heslo platí. Můžete se přihlásit."
