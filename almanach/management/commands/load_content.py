"""The one command that loads all site content from the data files.

Each app contributes a loader: a callable without arguments that fills its tables from its
data files (idempotently) and returns a short report. The list is settings.CONTENT_LOADERS
(dotted paths); without that setting only the Almanach loads. To add the tutorial's example
game, put its loader after the Almanach's, e.g.

    CONTENT_LOADERS = ["almanach.loader.load", "tutorial.content.load"]
"""

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils.module_loading import import_string

DEFAULT_LOADERS = ["almanach.loader.load"]


class Command(BaseCommand):
    help = "Load all site content (Almanach entries, example game) from the data files."

    def handle(self, *args, **options) -> None:
        for dotted_path in getattr(settings, "CONTENT_LOADERS", DEFAULT_LOADERS):
            report = import_string(dotted_path)()
            if report:
                self.stdout.write(report)
        self.stdout.write("Obsah načten.")
