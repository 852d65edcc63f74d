"""The model ClassSession is called Lesson (next to ``request.session`` in the same views a
lesson called "session" misled): Django's state only, the table ``tutorial_classsession``
keeps its name and rows. The teacher's and the quiz's lessons are ``lessons``. The content
type and the admin's permissions follow the new name.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def rename_content_type(apps, schema_editor, old="classsession", new="lesson"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    db = schema_editor.connection.alias
    types = ContentType.objects.using(db)
    if types.filter(app_label="lessons", model=new).exists():
        return
    kept = types.filter(app_label="lessons", model=old).first()
    if kept is None:
        return
    kept.model = new
    kept.save(update_fields=["model"])
    for permission in Permission.objects.using(db).filter(content_type=kept,
                                                          codename__endswith=f"_{old}"):
        permission.codename = permission.codename.removesuffix(old) + new
        permission.save(update_fields=["codename"])


def rename_content_type_back(apps, schema_editor):
    rename_content_type(apps, schema_editor, old="lesson", new="classsession")


class Migration(migrations.Migration):

    dependencies = [
        ("lessons", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.RenameModel(old_name="ClassSession", new_name="Lesson"),
            migrations.AlterField(
                model_name="lesson",
                name="quiz",
                field=models.ForeignKey(blank=True, null=True,
                                        on_delete=django.db.models.deletion.SET_NULL,
                                        related_name="lessons", to="lessons.quiz"),
            ),
            migrations.AlterField(
                model_name="lesson",
                name="teacher",
                field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                        related_name="lessons", to=settings.AUTH_USER_MODEL,
                                        verbose_name="učitel"),
            ),
        ]),
        migrations.RunPython(rename_content_type, rename_content_type_back),
    ]
