from django.apps import AppConfig


class ReviewConfig(AppConfig):
    name = "tutorial.review"
    label = "review"
    verbose_name = "Rozbor hry"
