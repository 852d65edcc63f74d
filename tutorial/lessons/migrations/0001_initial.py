"""The lessons' models come from the app ``tutorial`` with their tables and rows.

Django's state learns them here (the app ``tutorial`` forgets them in its 0007); the database
keeps its tables, which the models name with ``db_table``. The content types (and with them
the admin's permissions and history) move to the app ``lessons``.
"""

import django.db.models.deletion
import django.utils.timezone
import secrets
import tutorial.lessons.models
from django.conf import settings
from django.db import migrations, models

MODELS = ("quiz", "quizitem", "classsession", "lessonitem", "pupil", "answer", "attempt",
          "invite")


def move_content_types(apps, schema_editor, source="tutorial", target="lessons"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MODELS:
        if not ContentType.objects.using(db).filter(app_label=target, model=model).exists():
            ContentType.objects.using(db).filter(app_label=source, model=model).update(
                app_label=target)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="lessons", target="tutorial")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("contenttypes", "0002_remove_content_type_name"),
        ("tutorial", "0006_rename_session_to_lesson"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='Attempt',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('scope', models.CharField(max_length=20)),
                    ('key', models.CharField(max_length=200)),
                    ('created', models.DateTimeField(auto_now_add=True, db_index=True)),
                ],
                options={
                    'verbose_name': 'neúspěšný pokus',
                    'verbose_name_plural': 'neúspěšné pokusy',
                    'db_table': 'tutorial_attempt',
                    'indexes': [models.Index(fields=['scope', 'key', 'created'], name='tutorial_at_scope_5f00ba_idx')],
                },
            ),
            migrations.CreateModel(
                name='ClassSession',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('title', models.CharField(default='', max_length=120, verbose_name='název')),
                    ('code', models.CharField(max_length=12, unique=True, verbose_name='kód')),
                    ('pace', models.CharField(choices=[('ucitel', 'Vede učitel'), ('samostatne', 'Každý svým tempem')], default='ucitel', max_length=12, verbose_name='tempo')),
                    ('state', models.CharField(choices=[('ceka', 'Čeká na začátek'), ('bezi', 'Běží'), ('uzavreno', 'Ukončeno')], default='ceka', max_length=10, verbose_name='stav')),
                    ('current', models.PositiveSmallIntegerField(default=0, verbose_name='aktuální otázka')),
                    ('question_started', models.DateTimeField(blank=True, null=True)),
                    ('timer_seconds', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='časový limit (s)')),
                    ('speed_scoring', models.BooleanField(default=False, verbose_name='body i za rychlost')),
                    ('reveal', models.CharField(choices=[('ucitel', 'Správnou odpověď odhalí učitel'), ('samo', 'Odhalí se sama, až vyprší čas nebo odpoví všichni')], default='ucitel', max_length=8, verbose_name='odhalení odpovědi')),
                    ('revealed', models.BooleanField(default=False, verbose_name='aktuální otázka odhalena')),
                    ('show_ranking', models.BooleanField(default=False, verbose_name='ukázat pořadí (prvních 5)')),
                    ('late_join', models.BooleanField(default=True, verbose_name='připojit se smí i po začátku')),
                    ('created', models.DateTimeField(auto_now_add=True)),
                    ('closed', models.DateTimeField(blank=True, null=True)),
                    ('blocked_nicknames', models.JSONField(blank=True, default=list, verbose_name='zakázané přezdívky')),
                    ('last_activity', models.DateTimeField(db_index=True, default=django.utils.timezone.now, verbose_name='poslední činnost')),
                    ('teacher', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='class_sessions', to=settings.AUTH_USER_MODEL, verbose_name='učitel')),
                ],
                options={
                    'verbose_name': 'hodina',
                    'verbose_name_plural': 'hodiny',
                    'db_table': 'tutorial_classsession',
                    'ordering': ['-created'],
                },
            ),
            migrations.CreateModel(
                name='Invite',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('note', models.CharField(blank=True, max_length=120, verbose_name='pro koho')),
                    ('digest', models.CharField(editable=False, max_length=64, unique=True)),
                    ('created', models.DateTimeField(auto_now_add=True, verbose_name='vytvořena')),
                    ('expires', models.DateTimeField(verbose_name='platí do')),
                    ('used', models.DateTimeField(blank=True, editable=False, null=True, verbose_name='použita')),
                    ('user', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL, verbose_name='založený účet')),
                ],
                options={
                    'verbose_name': 'pozvánka pro učitele',
                    'verbose_name_plural': 'pozvánky pro učitele',
                    'db_table': 'tutorial_invite',
                    'ordering': ['-created'],
                },
            ),
            migrations.CreateModel(
                name='LessonItem',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('order', models.PositiveSmallIntegerField(verbose_name='pořadí')),
                    ('kind', models.CharField(max_length=40, verbose_name='druh')),
                    ('variant', models.CharField(blank=True, max_length=20, verbose_name='varianta')),
                    ('position', models.TextField(blank=True, default='', verbose_name='vlastní pozice')),
                    ('lesson', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='items', to='lessons.classsession')),
                ],
                options={
                    'verbose_name': 'otázka hodiny',
                    'verbose_name_plural': 'otázky hodiny',
                    'db_table': 'tutorial_lessonitem',
                    'ordering': ['order'],
                    'abstract': False,
                },
            ),
            migrations.CreateModel(
                name='Pupil',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('nickname', models.CharField(max_length=30, verbose_name='přezdívka')),
                    ('nickname_key', models.CharField(max_length=30)),
                    ('token', models.CharField(default=secrets.token_urlsafe, max_length=64, unique=True)),
                    ('pin', models.CharField(default=tutorial.lessons.models.new_pin, max_length=4, verbose_name='PIN místa')),
                    ('released', models.BooleanField(default=False, verbose_name='místo uvolněno')),
                    ('joined', models.DateTimeField(auto_now_add=True)),
                    ('seen_order', models.PositiveSmallIntegerField(default=0)),
                    ('seen_at', models.DateTimeField(blank=True, null=True)),
                    ('lesson', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pupils', to='lessons.classsession')),
                ],
                options={
                    'verbose_name': 'žák',
                    'verbose_name_plural': 'žáci',
                    'db_table': 'tutorial_pupil',
                    'ordering': ['nickname_key'],
                },
            ),
            migrations.CreateModel(
                name='Answer',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('variant', models.CharField(max_length=20)),
                    ('response', models.JSONField()),
                    ('correct', models.BooleanField()),
                    ('score', models.FloatField()),
                    ('points', models.PositiveIntegerField(default=0)),
                    ('late', models.BooleanField(default=False)),
                    ('answered', models.DateTimeField(auto_now_add=True)),
                    ('item', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='answers', to='lessons.lessonitem')),
                    ('pupil', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='answers', to='lessons.pupil')),
                ],
                options={
                    'verbose_name': 'odpověď',
                    'verbose_name_plural': 'odpovědi',
                    'db_table': 'tutorial_answer',
                    'ordering': ['answered'],
                },
            ),
            migrations.CreateModel(
                name='Quiz',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('title', models.CharField(max_length=120, verbose_name='název')),
                    ('created', models.DateTimeField(auto_now_add=True, verbose_name='vytvořen')),
                    ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='quizzes', to=settings.AUTH_USER_MODEL, verbose_name='učitel')),
                ],
                options={
                    'verbose_name': 'kvíz',
                    'verbose_name_plural': 'kvízy',
                    'db_table': 'tutorial_quiz',
                    'ordering': ['-created'],
                },
            ),
            migrations.AddField(
                model_name='classsession',
                name='quiz',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='sessions', to='lessons.quiz'),
            ),
            migrations.CreateModel(
                name='QuizItem',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('order', models.PositiveSmallIntegerField(verbose_name='pořadí')),
                    ('kind', models.CharField(max_length=40, verbose_name='druh')),
                    ('variant', models.CharField(blank=True, max_length=20, verbose_name='varianta')),
                    ('position', models.TextField(blank=True, default='', verbose_name='vlastní pozice')),
                    ('quiz', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='items', to='lessons.quiz')),
                ],
                options={
                    'verbose_name': 'otázka',
                    'verbose_name_plural': 'otázky',
                    'db_table': 'tutorial_quizitem',
                    'ordering': ['order'],
                    'abstract': False,
                },
            ),
            migrations.AddConstraint(
                model_name='lessonitem',
                constraint=models.UniqueConstraint(fields=('lesson', 'order'), name='lesson_item_order_unique'),
            ),
            migrations.AddConstraint(
                model_name='pupil',
                constraint=models.UniqueConstraint(fields=('lesson', 'nickname_key'), name='pupil_nickname_unique_in_session'),
            ),
            migrations.AddConstraint(
                model_name='answer',
                constraint=models.UniqueConstraint(fields=('pupil', 'item'), name='one_answer_per_question'),
            ),
            migrations.AddConstraint(
                model_name='quizitem',
                constraint=models.UniqueConstraint(fields=('quiz', 'order'), name='quiz_item_order_unique'),
            ),
        ]),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
