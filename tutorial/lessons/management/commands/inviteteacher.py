"""Invite a teacher: print a one-time link with which they create their own account.

    python manage.py inviteteacher --note "Nováková, ZŠ Lipová" --base-url https://katan.example.cz
"""

from django.core.management.base import BaseCommand, CommandError

from tutorial.lessons import accounts


class Command(BaseCommand):
    help = "Vytvoří jednorázový odkaz, kterým si učitel založí účet."

    def add_arguments(self, parser):
        parser.add_argument("--note", default="", help="pro koho pozvánka je (poznámka)")
        parser.add_argument("--days", type=int, default=accounts.INVITE_DAYS,
                            help="kolik dní odkaz platí")
        parser.add_argument("--base-url", default="",
                            help="adresa webu, např. https://katan.example.cz")

    def handle(self, *args, note, days, base_url, **options):
        if not 1 <= days <= 60:
            raise CommandError("Platnost pozvánky musí být 1 až 60 dní.")
        invite, token = accounts.create_invite(note, days)
        link = base_url.rstrip("/") + accounts.invite_path(token)
        self.stdout.write(self.style.SUCCESS(
            f"Pozvánka vytvořena (platí do {invite.expires:%d. %m. %Y %H:%M}, jen jednou):"))
        self.stdout.write(link)
