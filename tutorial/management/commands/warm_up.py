"""What the first visitors would otherwise wait for, made at a worker's start: the search
index with its word lists (over a second) and the example game's replay.

Both live in the process's memory, so the command is run inside each gunicorn worker, by
config/gunicorn.py's post_worker_init hook, and not as a process of its own (then it only
checks that both can be built)."""

from django.core.management.base import BaseCommand
from django.db import DatabaseError

from almanach import search_site
from tutorial.example.replay import example_game


class Command(BaseCommand):
    help = "Připraví hledací index almanachu a přehrání příkladu hry (spouští ho gunicorn)."

    def handle(self, *args, **options):
        example_game()
        try:
            search_site.site_index().search("zloděj")
        except DatabaseError:
            pass  # no tables yet (before migrate): the first search builds the index instead
