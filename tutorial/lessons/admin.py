"""Admin for class quizzes (staff only, as Django's admin always is).

Until the lessons had an app of their own, the admin showed them under ``/sprava/tutorial/``;
those addresses lead to the same pages under ``/sprava/lessons/`` (:func:`old_address`).
"""

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponsePermanentRedirect

from tutorial.lessons import accounts
from tutorial.lessons.models import (
    Answer,
    Attempt,
    Invite,
    Lesson,
    LessonItem,
    Pupil,
    Quiz,
    QuizItem,
)


class QuizItemInline(admin.TabularInline):
    model = QuizItem
    extra = 0


@admin.register(Quiz)
class QuizAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "created")
    search_fields = ("title", "owner__username")
    inlines = [QuizItemInline]


class LessonItemInline(admin.TabularInline):
    model = LessonItem
    extra = 0


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin):
    list_display = ("code", "title", "teacher", "pace", "state", "current", "created")
    list_filter = ("state", "pace")
    search_fields = ("code", "title", "teacher__username")
    inlines = [LessonItemInline]


@admin.register(Pupil)
class PupilAdmin(admin.ModelAdmin):
    list_display = ("nickname", "lesson", "joined")
    search_fields = ("nickname", "lesson__code")
    exclude = ("token", "pin")


@admin.register(Answer)
class AnswerAdmin(admin.ModelAdmin):
    list_display = ("pupil", "item", "variant", "correct", "points", "late", "answered")
    list_filter = ("correct", "late")


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("scope", "key", "created")
    list_filter = ("scope",)


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    """Adding an invitation shows its link once; the action gives selected ones new links."""

    list_display = ("__str__", "created", "expires", "used", "user")
    fields = ("note",)
    actions = ["new_links"]

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        self._show(request, obj, accounts.renew_invite(obj))

    @admin.action(description="Vytvořit nový odkaz (starý přestane platit)")
    def new_links(self, request, queryset):
        for invite in queryset.filter(used__isnull=True):
            self._show(request, invite, accounts.renew_invite(invite))

    def _show(self, request, invite, token):
        link = request.build_absolute_uri(accounts.invite_path(token))
        self.message_user(request, f"Odkaz pro „{invite}“ (platí jen jednou, do "
                                   f"{invite.expires:%d. %m. %Y}): {link}", messages.SUCCESS)


# Models whose name changed since (the admin's addresses name the model).
RENAMED = {"classsession": "lesson"}


def old_address(request: HttpRequest, rest: str = "") -> HttpResponsePermanentRedirect:
    """``/sprava/tutorial/<model>/…`` → ``/sprava/lessons/<model>/…``, 308: a form sent to the
    old address is sent again to the new one, and the admin asks for a login as always."""
    model, _, tail = rest.partition("/")
    if model in RENAMED:
        rest = f"{RENAMED[model]}/{tail}"
    target = f"/sprava/lessons/{rest}"
    if request.META.get("QUERY_STRING"):
        target += "?" + request.META["QUERY_STRING"]
    response = HttpResponsePermanentRedirect(target)
    response.status_code = 308
    return response
