"""Admin for class quizzes (staff only, as Django's admin always is)."""

from django.contrib import admin

from tutorial.models import Answer, Attempt, ClassSession, Pupil, Quiz, QuizItem


class QuizItemInline(admin.TabularInline):
    model = QuizItem
    extra = 0


@admin.register(Quiz)
class QuizAdmin(admin.ModelAdmin):
    list_display = ("title", "owner", "created")
    search_fields = ("title", "owner__username")
    inlines = [QuizItemInline]


@admin.register(ClassSession)
class ClassSessionAdmin(admin.ModelAdmin):
    list_display = ("code", "quiz", "teacher", "pace", "state", "current", "created")
    list_filter = ("state", "pace")
    search_fields = ("code", "quiz__title", "teacher__username")


@admin.register(Pupil)
class PupilAdmin(admin.ModelAdmin):
    list_display = ("nickname", "session", "joined")
    search_fields = ("nickname", "session__code")
    exclude = ("token",)


@admin.register(Answer)
class AnswerAdmin(admin.ModelAdmin):
    list_display = ("pupil", "item", "variant", "correct", "points", "late", "answered")
    list_filter = ("correct", "late")


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("scope", "key", "created")
    list_filter = ("scope",)
