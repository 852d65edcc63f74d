from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tutorial.play"
    label = "play"
    verbose_name = "Hrát"
