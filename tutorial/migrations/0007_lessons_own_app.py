"""The lessons' models move to the app ``lessons`` (its 0001): Django's state only.

The tables stay as they are, with their rows; the app ``lessons`` names them with
``db_table``.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tutorial", "0006_rename_session_to_lesson"),
        ("lessons", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.DeleteModel(name=name)
            for name in ("Answer", "Pupil", "LessonItem", "ClassSession", "QuizItem", "Quiz",
                         "Attempt", "Invite")
        ]),
    ]
