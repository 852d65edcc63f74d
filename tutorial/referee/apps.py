from django.apps import AppConfig


class RefereeConfig(AppConfig):
    name = "tutorial.referee"
    label = "referee"
    verbose_name = "Rozhodčí"
