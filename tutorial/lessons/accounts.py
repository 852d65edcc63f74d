"""Teacher accounts: a one-time invitation from the site's administrator, and Django's own
password change and reset with Czech pages.

An invitation is a link with a random token; only its SHA-256 digest is stored, so the
database alone gives nobody a working link. Mail goes through Django's email backend
(settings: the console unless a deployment configures SMTP).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import timezone

from tutorial import pages
from tutorial.models import Invite, token_digest

INVITE_DAYS = 7


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
        "section": "quiz", "form": form, "invite": invite,
    }, status=400 if request.method == "POST" else 200)


class PasswordChange(auth_views.PasswordChangeView):
    template_name = "lessons/accounts/password_change.html"
    success_url = reverse_lazy("lessons:password_change_done")
    extra_context = {"section": "quiz"}


class PasswordChangeDone(auth_views.PasswordChangeDoneView):
    template_name = "lessons/accounts/message.html"
    extra_context = {"section": "quiz", "heading": "Heslo změněno",
                     "text": "Vaše nové heslo platí od teď."}


class PasswordReset(auth_views.PasswordResetView):
    template_name = "lessons/accounts/password_reset.html"
    email_template_name = "lessons/accounts/reset_email.txt"
    subject_template_name = "lessons/accounts/reset_subject.txt"
    success_url = reverse_lazy("lessons:password_reset_done")
    extra_context = {"section": "quiz"}


class PasswordResetDone(auth_views.PasswordResetDoneView):
    template_name = "lessons/accounts/message.html"
    extra_context = {
        "section": "quiz", "heading": "Zkontrolujte e-mail",
        "text": "Pokud k zadané adrese patří účet učitele, poslali jsme na ni odkaz pro "
                "nastavení nového hesla. Nepřišel-li do pár minut, podívejte se i do spamu.",
    }


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    template_name = "lessons/accounts/password_reset_confirm.html"
    success_url = reverse_lazy("lessons:password_reset_complete")
    extra_context = {"section": "quiz"}


class PasswordResetComplete(auth_views.PasswordResetCompleteView):
    template_name = "lessons/accounts/message.html"
    extra_context = {"section": "quiz", "heading": "Heslo nastaveno",
                     "text": "Nové heslo platí. Můžete se přihlásit."}
