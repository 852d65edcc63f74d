"""Housekeeping to run every hour or so (docs/provoz.md schedules it): expired Django sessions,
old rate-limit records, class lessons left open without activity and played games nobody
has visited for 30 days."""

from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand
from django.utils import timezone

from tutorial.lessons import classroom
from tutorial.lessons.models import Attempt
from tutorial.play.cleanup import remove_stale


class Command(BaseCommand):
    help = ("Smaže prošlá sezení, staré záznamy pokusů a hry, které 30 dní nikdo neotevřel, "
            "a ukončí hodiny bez činnosti.")

    def handle(self, *args, **options):
        now = timezone.now()
        sessions, _ = Session.objects.filter(expire_date__lt=now).delete()
        old = now - timedelta(days=settings.ATTEMPTS_KEEP_DAYS)
        attempts, _ = Attempt.objects.filter(created__lt=old).delete()
        closed = classroom.close_idle_lessons()
        games = remove_stale(now)
        self.stdout.write(f"Smazáno prošlých sezení: {sessions}, starých pokusů: {attempts}, "
                          f"neotevřených her: {games}; ukončeno hodin bez činnosti: {closed}.")
