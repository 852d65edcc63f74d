from django.apps import AppConfig


class AlmanachConfig(AppConfig):
    name = "almanach"
    verbose_name = "Almanach"
