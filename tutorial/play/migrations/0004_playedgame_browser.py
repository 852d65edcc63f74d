from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('play', '0003_move_secret'),
    ]

    operations = [
        migrations.AddField(
            model_name='playedgame',
            name='browser',
            field=models.CharField(blank=True, db_index=True, max_length=64),
        ),
    ]
