"""Create a teacher account: it can build quizzes and run class sessions (no admin access).

    python manage.py createteacher novakova                 # asks for the password twice
    DJANGO_TEACHER_PASSWORD=… python manage.py createteacher novakova --no-input
"""

import getpass
import os

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse


class Command(BaseCommand):
    help = "Založí účet učitele (kvízy a hodiny; bez přístupu do správy webu)."

    def add_arguments(self, parser):
        parser.add_argument("username", help="přihlašovací jméno")
        parser.add_argument("--email", default="", help="e-mail (nepovinný)")
        parser.add_argument(
            "--no-input", action="store_true",
            help="neptat se; heslo vezme z proměnné DJANGO_TEACHER_PASSWORD",
        )

    def handle(self, *args, username, email, no_input, **options):
        User = get_user_model()
        if User.objects.filter(username=username).exists():
            raise CommandError(f"Uživatel „{username}“ už existuje.")
        if email and User.objects.filter(email__iexact=email).exists():
            raise CommandError(f"E-mail „{email}“ už patří jinému účtu (jeden e-mail, jeden účet).")
        password = os.environ.get("DJANGO_TEACHER_PASSWORD", "") if no_input else self._ask()
        if not password:
            raise CommandError("Heslo chybí (při --no-input ho dejte do DJANGO_TEACHER_PASSWORD).")
        user = User(username=username, email=email, is_staff=False, is_superuser=False)
        try:
            password_validation.validate_password(password, user)
        except ValidationError as problem:
            raise CommandError(" ".join(problem.messages)) from None
        user.set_password(password)
        user.save()
        message = f"Učitel „{username}“ založen. Přihlášení: {reverse('lessons:login')}"
        self.stdout.write(self.style.SUCCESS(message))

    def _ask(self) -> str:
        first = getpass.getpass("Heslo: ")
        second = getpass.getpass("Heslo znovu: ")
        if first != second:
            raise CommandError("Hesla se neshodují.")
        return first
