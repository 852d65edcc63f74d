"""A teacher new to the site opens an account alone: an e-mail first, then a link from it.

1. ``/ucitel/registrace/`` asks only for an e-mail. Every request is counted (per browser,
   per address, per e-mail: :func:`limits.register_wait`) and answered the same way, "check
   your e-mail", whether or not the address has an account: the page never says which
   addresses exist. The mail is sent after the answer, on the mail thread
   (:func:`accounts.send_later`), so the answer takes as long either way. An address without
   an account gets a link; one with an account gets a note that it has one, with the way to
   sign in and to a new password.
2. The link carries the e-mail, signed with the site's secret and the time it was made
   (:mod:`django.core.signing`), so no table keeps pending sign-ups. It opens a form for a
   username and a password; the account is created, active, only when that form is sent:
   nobody has an account before the link from the mail is used. A link older than
   ``REGISTER_LINK_AGE`` says it expired; once the e-mail has an account the link says it
   was used.

Invitations from the site's administrator (:mod:`tutorial.lessons.accounts`) stay for schools
that prefer them.
"""

from __future__ import annotations

import functools

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.forms import UserCreationForm
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse

from engine import words
from tutorial import pages
from tutorial.lessons import limits
from tutorial.lessons.accounts import send_later

SALT = "tutorial.lessons.registration"
EMAIL_MAX = 254  # the column User.email


class EmailForm(forms.Form):
    email = forms.EmailField(label="Váš e-mail", max_length=EMAIL_MAX, error_messages={
        "required": "Zadejte svůj e-mail.",
        "invalid": "Zadejte e-mail ve tvaru jmeno@skola.cz.",
        "max_length": f"E-mail smí mít nejvýš {EMAIL_MAX} znaků.",
    })
    email.widget.attrs.update(autocomplete="email", required=True)

    def clean_email(self) -> str:
        return BaseUserManager.normalize_email(self.cleaned_data["email"])  # domain lower-case


class AccountForm(UserCreationForm):
    """A username and a password twice; the e-mail comes from the link."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)

    def __init__(self, email: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.instance.email = email
        self.fields["username"].label = "Přihlašovací jméno"


def link_age() -> str:
    """How long a link is valid, in Czech ("2 dny")."""
    return words.plural_count(settings.REGISTER_LINK_AGE // 86400, "den", "dny", "dní")


def make_link(request: HttpRequest, email: str) -> str:
    token = signing.dumps({"e": email}, salt=SALT)
    return request.build_absolute_uri(reverse("lessons:register_confirm",
                                              kwargs={"token": token}))


def email_of(token: str) -> str:
    """The e-mail a link was made for. Raises signing.SignatureExpired for an old link and
    signing.BadSignature for a changed or made-up one."""
    value = signing.loads(token, salt=SALT, max_age=settings.REGISTER_LINK_AGE)
    if not isinstance(value, dict) or not isinstance(value.get("e"), str):
        raise signing.BadSignature("no e-mail in the link")
    return value["e"]


def has_account(email: str) -> bool:
    return get_user_model()._default_manager.filter(email__iexact=email).exists()


def _mail(email: str, link: str, sign_in: str, reset: str) -> None:
    """The mail of one request, decided here, after the answer was sent."""
    known = has_account(email)
    context = {"link": link, "sign_in": sign_in, "reset": reset, "known": known,
               "days": link_age()}
    subject = ("Účet učitele na webu Almanach Katanu už máte" if known
               else "Potvrďte e-mail pro účet učitele na webu Almanach Katanu")
    send_mail(subject, render_to_string("lessons/accounts/register_email.txt", context),
              None, [email])


def register(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("lessons:teacher")
    form = EmailForm(request.POST or None)
    if request.method != "POST":
        return render(request, "lessons/accounts/register.html", {"form": form})
    wait = limits.register_wait(request)
    if not wait and form.is_valid():
        wait = limits.register_wait(request, form.cleaned_data["email"])
    if wait:
        response = render(request, "lessons/accounts/register.html", {
            "form": EmailForm(), "locked": "Příliš mnoho žádostí o nový účet. "
            + limits.wait_text(wait)}, status=429)
        response["Retry-After"] = str(wait)
        return response
    if not form.is_valid():
        return render(request, "lessons/accounts/register.html", {"form": form}, status=400)
    email = form.cleaned_data["email"]
    response = redirect("lessons:register_sent")
    limits.register_asked(request, response, email)
    send_later(functools.partial(
        _mail, email, make_link(request, email),
        request.build_absolute_uri(reverse("lessons:login")),
        request.build_absolute_uri(reverse("lessons:password_reset"))))
    return response


def sent(request: HttpRequest) -> HttpResponse:
    return pages.message(
        request, "Zkontrolujte e-mail",
        "Poslali jsme vám e-mail. Pokud k adrese účet ještě nepatří, najdete v něm odkaz, "
        f"kterým si účet učitele založíte (platí {link_age()}); pokud už patří, "
        "připomeneme vám, jak se přihlásit. Nepřišel-li do pár minut, podívejte se i do spamu.",
        retry_url=reverse("lessons:login"), retry_label="Přihlásit se", home_url="")


def _link_problem(request: HttpRequest, title: str, text: str) -> HttpResponse:
    return pages.message(request, title, text, status=410,
                         retry_url=reverse("lessons:register"),
                         retry_label="Založit účet znovu", home_url=reverse("lessons:login"),
                         home_label="Přihlásit se")


def confirm(request: HttpRequest, token: str) -> HttpResponse:
    try:
        email = email_of(token)
    except signing.SignatureExpired:
        return _link_problem(
            request, "Odkaz vypršel",
            f"Odkaz pro založení účtu platí {link_age()} a tento je starší. Zadejte svůj "
            "e-mail znovu, pošleme vám nový.")
    except signing.BadSignature:
        return pages.message(
            request, "Odkaz neplatí",
            "Tento odkaz pro založení účtu není celý nebo byl změněn. Zkopírujte z e-mailu "
            "celý odkaz, nebo si nechte poslat nový.", status=404,
            retry_url=reverse("lessons:register"), retry_label="Poslat nový odkaz")
    used = _link_problem(
        request, "Odkaz už byl použit",
        "Účet s tímto e-mailem už existuje. Přihlaste se; zapomenuté heslo si obnovíte "
        "z přihlašovací stránky.")
    if has_account(email):
        return used
    form = AccountForm(email, request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            # Two tabs sent at once: the second finds the e-mail taken.
            if has_account(email):
                return used
            form.save()
        return redirect(f"{reverse('lessons:login')}?zalozeno=1")
    return render(request, "lessons/accounts/register_confirm.html", {
        "form": form, "email": email,
    }, status=400 if request.method == "POST" else 200)
