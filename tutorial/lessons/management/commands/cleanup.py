"""Housekeeping to run every hour or so (the README schedules it): expired Django sessions,
old rate-limit records and class sessions left open without activity."""

from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand
from django.utils import timezone

from tutorial.lessons import classroom
from tutorial.models import Attempt


class Command(BaseCommand):
    help = "Smaže prošlé sezení a staré záznamy pokusů a ukončí hodiny bez činnosti."

    def handle(self, *args, **options):
        now = timezone.now()
        sessions, _ = Session.objects.filter(expire_date__lt=now).delete()
        old = now - timedelta(days=settings.ATTEMPTS_KEEP_DAYS)
        attempts, _ = Attempt.objects.filter(created__lt=old).delete()
        closed = classroom.close_idle_sessions()
        self.stdout.write(f"Smazáno prošlých sezení: {sessions}, starých pokusů: {attempts}; "
                          f"ukončeno hodin bez činnosti: {closed}.")
