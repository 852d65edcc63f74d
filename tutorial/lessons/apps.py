from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "tutorial.lessons"
    label = "lessons"
    verbose_name = "Hodiny s třídou"
