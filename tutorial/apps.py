from django.apps import AppConfig


class TutorialConfig(AppConfig):
    name = "tutorial"
    verbose_name = "Příklad hry a kvízy"
