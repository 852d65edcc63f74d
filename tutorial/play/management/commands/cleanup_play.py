from django.core.management.base import BaseCommand
from django.utils import timezone

from tutorial.play.cleanup import remove_stale


class Command(BaseCommand):
    help = "Smaže rozehrané hry, které nikdo 30 dní neotevřel."

    def handle(self, *args, **options):
        count = remove_stale(timezone.now())
        self.stdout.write(f"Smazáno her: {count}")
