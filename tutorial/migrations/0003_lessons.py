"""Lessons keep their own copy of the questions; reveal, ranking, late joining; seat PINs;
invitations for teachers.

Existing lessons get a copy of their quiz's questions and their answers point to it; each
existing pupil gets a PIN of their own.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tutorial.lessons.models


def copy_questions(apps, schema_editor):
    ClassSession = apps.get_model("tutorial", "ClassSession")
    LessonItem = apps.get_model("tutorial", "LessonItem")
    Answer = apps.get_model("tutorial", "Answer")
    Pupil = apps.get_model("tutorial", "Pupil")
    for session in ClassSession.objects.select_related("quiz"):
        session.title = session.quiz.title if session.quiz else ""
        session.save(update_fields=["title"])
        if session.quiz is None:
            continue
        for item in session.quiz.items.all():
            copy = LessonItem.objects.create(session=session, order=item.order, kind=item.kind,
                                             variant=item.variant)
            Answer.objects.filter(pupil__session=session, item=item).update(lesson_item=copy)
    for pupil in Pupil.objects.all():
        pupil.pin = tutorial.lessons.models.new_pin()
        pupil.save(update_fields=["pin"])


class Migration(migrations.Migration):

    dependencies = [
        ("tutorial", "0002_hardening"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="classsession",
            name="late_join",
            field=models.BooleanField(default=True, verbose_name="připojit se smí i po začátku"),
        ),
        migrations.AddField(
            model_name="classsession",
            name="reveal",
            field=models.CharField(
                choices=[("ucitel", "Správnou odpověď odhalí učitel"),
                         ("samo", "Odhalí se sama, až vyprší čas nebo odpoví všichni")],
                default="ucitel", max_length=8, verbose_name="odhalení odpovědi"),
        ),
        migrations.AddField(
            model_name="classsession",
            name="revealed",
            field=models.BooleanField(default=False, verbose_name="aktuální otázka odhalena"),
        ),
        migrations.AddField(
            model_name="classsession",
            name="show_ranking",
            field=models.BooleanField(default=False, verbose_name="ukázat pořadí (prvních 5)"),
        ),
        migrations.AddField(
            model_name="classsession",
            name="title",
            field=models.CharField(default="", max_length=120, verbose_name="název"),
        ),
        migrations.AlterField(
            model_name="classsession",
            name="quiz",
            field=models.ForeignKey(blank=True, null=True,
                                    on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="sessions", to="tutorial.quiz"),
        ),
        migrations.AddField(
            model_name="pupil",
            name="pin",
            field=models.CharField(default=tutorial.lessons.models.new_pin, max_length=4,
                                   verbose_name="PIN místa"),
        ),
        migrations.AddField(
            model_name="pupil",
            name="released",
            field=models.BooleanField(default=False, verbose_name="místo uvolněno"),
        ),
        migrations.AddField(
            model_name="pupil",
            name="seen_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="pupil",
            name="seen_order",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.CreateModel(
            name="LessonItem",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("order", models.PositiveSmallIntegerField(verbose_name="pořadí")),
                ("kind", models.CharField(max_length=40, verbose_name="druh")),
                ("variant", models.CharField(blank=True, max_length=20,
                                             verbose_name="varianta")),
                ("session", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                              related_name="items",
                                              to="tutorial.classsession")),
            ],
            options={
                "verbose_name": "otázka hodiny",
                "verbose_name_plural": "otázky hodiny",
                "ordering": ["order"],
                "constraints": [models.UniqueConstraint(fields=("session", "order"),
                                                        name="lesson_item_order_unique")],
            },
        ),
        migrations.AddField(
            model_name="answer",
            name="lesson_item",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE,
                                    related_name="+", to="tutorial.lessonitem"),
        ),
        migrations.RunPython(copy_questions, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="answer", name="one_answer_per_question"),
        migrations.RemoveField(model_name="answer", name="item"),
        migrations.RenameField(model_name="answer", old_name="lesson_item", new_name="item"),
        migrations.AlterField(
            model_name="answer",
            name="item",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                    related_name="answers", to="tutorial.lessonitem"),
        ),
        migrations.AddConstraint(
            model_name="answer",
            constraint=models.UniqueConstraint(fields=("pupil", "item"),
                                               name="one_answer_per_question"),
        ),
        migrations.CreateModel(
            name="Invite",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("note", models.CharField(blank=True, max_length=120, verbose_name="pro koho")),
                ("digest", models.CharField(editable=False, max_length=64, unique=True)),
                ("created", models.DateTimeField(auto_now_add=True, verbose_name="vytvořena")),
                ("expires", models.DateTimeField(verbose_name="platí do")),
                ("used", models.DateTimeField(blank=True, editable=False, null=True,
                                              verbose_name="použita")),
                ("user", models.ForeignKey(blank=True, editable=False, null=True,
                                           on_delete=django.db.models.deletion.SET_NULL,
                                           to=settings.AUTH_USER_MODEL,
                                           verbose_name="založený účet")),
            ],
            options={
                "verbose_name": "pozvánka pro učitele",
                "verbose_name_plural": "pozvánky pro učitele",
                "ordering": ["-created"],
            },
        ),
    ]
